"""Tables ``G(0..N)``: one builder dispatcher reading what a game declares, the compiled
kernels, periodicity, and verified stored tables (numpy and numba only when needed)."""
