"""Two-player zero-sum matrix games: value and optimal mixed strategies, exact where possible.

:mod:`grundy.matrix.lp` parses payoffs, removes saddle points and dominated lines and solves the
linear programme (scipy's HiGHS); :mod:`grundy.matrix.exact` turns the float solution into exact
fractions and verifies it (python-flint).

>>> from grundy.matrix import solve_matrix_game
>>> str(solve_matrix_game([[1, -1], [-1, 1]]).value)
'0'
"""

from grundy.matrix.lp import Certificate, MatrixSolution, parse_matrix_text, solve_matrix_game

__all__ = ["Certificate", "MatrixSolution", "parse_matrix_text", "solve_matrix_game"]
