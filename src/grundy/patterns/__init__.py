"""Patterns in tables: value formulas, P-position descriptions, pair families, and the one
source of truth for what is proved."""
