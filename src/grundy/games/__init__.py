"""The catalogue's game families, one module each; see :mod:`grundy.registry` for the names."""
