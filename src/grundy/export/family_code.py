"""The program of a game family whose parameters the input gives, in either language
(:mod:`grundy.export.family`, :mod:`grundy.export.family_cpp`)."""

from __future__ import annotations

from grundy.errors import InvalidInputError
from grundy.export.family import check_layout, python_family
from grundy.export.geography import board_code
from grundy.model.laws import Family


def family_code(title: str, family: Family, *, lang: str = "cpp", main: bool = False,
                input_format: str = "lines", where: str = "each", winning_moves: bool = False,
                misere: bool = False) -> str:
    """The program of ``family`` (named ``title``, e.g. ``bash(m)``) in C++17 (``lang="cpp"``)
    or Python; ``main=True`` adds a main reading the parameters (``where``: ``first``, ``each``
    or ``last``) and the positions (``input_format``) and printing ``VALUE OUTCOME`` per
    position. A layout the main cannot read is refused in one line; ``misere``: who wins in
    misère play, where the family has a rule for it (:mod:`grundy.export.family_misere`), else
    refused in one line."""
    if misere:
        from grundy.export.family_misere import check_misere

        check_misere(title, family, where, winning_moves)
    if family.kind == "geography-grid":  # (a board of '.' and '#' cells: a main of its own)
        return board_code(title, lang, main, input_format, where)
    check_layout(family, input_format, where, main)
    if winning_moves:
        _check_moves(title, family, where)
    if lang == "python":
        return python_family(title, family, main, input_format, where, moves=winning_moves,
                             misere=misere)
    if lang == "cpp":
        from grundy.export.family_cpp import cpp_family

        return cpp_family(title, family, main, input_format, where, moves=winning_moves, misere=misere)
    raise InvalidInputError(f"lang must be cpp or python, got {lang!r}")


def _check_moves(title: str, family: Family, where: str) -> None:
    """Refuse, in one line, the winning moves a family's program cannot list: those of a family
    other than subtraction(S) and vertex geography on a graph read E, G or T, or of a case of
    several games (--params sum)."""
    if family.kind not in ("subtraction", "geography"):
        raise InvalidInputError(f"--winning-moves lists the first moves of vertex geography "
                                f"('vertex-geography(E)', (G) or (T)) and the moves of a sum of heaps "
                                f"of one game (of a family: subtraction(S)), not of {title}")
    if where in ("sum", "sum-last"):
        raise InvalidInputError(f"--winning-moves lists the moves of one game's heaps, not of a case "
                                f"of several games (--params {where})")
