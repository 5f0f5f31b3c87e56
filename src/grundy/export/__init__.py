"""Code a user can submit: the policy (what answers which input) and the Python and C++
writers."""
