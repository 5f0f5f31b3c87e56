"""Heap-value sequences: tables ``G(0..N)``, periodicity and its proofs, and the compiled kernels
that build large tables (numpy and numba are imported only when a table needs them)."""
