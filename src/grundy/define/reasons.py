"""The templates of the reasons given for games of one's own (:mod:`grundy.define`): a proved or
conjectured pattern, or the values over the graph of positions explored.

>>> from grundy.model.reason import Reason
>>> str(Reason("mex-explored", {"explored": 1}))
"the mex of the options' values, over every position reachable (1 position explored)"
"""

from __future__ import annotations

from grundy.model.reason import Facts, template


@template("proved-pattern")
def _proved_pattern_text(f: Facts) -> str:
    if "declared_octal" in f:  # what is proved, and what was only checked, said apart
        return (f"by the pattern {f['pattern']}, proved for octal {f['declared_octal']}, the game "
                f"your rules declare ({f['proof'].split(' for octal ')[0]}); your function agrees "
                f"with octal {f['declared_octal']} on heaps ≤ {f['agrees_upto']} (checked), beyond "
                f"that the answer is the declared game's")
    return f"by the proved pattern {f['pattern']} ({f['proof']})"


@template("conjectured-pattern")
def _conjectured_pattern_text(f: Facts) -> str:
    return (f"by the conjectured pattern {f['pattern']}, checked on all positions up to "
            f"{f['checked_upto']} and locally here")


@template("conjectured-pair-pattern")
def _pair_pattern_text(f: Facts) -> str:
    return (f"by the conjectured pattern {f['pattern']}, checked for a, b <= {f['checked_upto']} and "
            f"locally here")


def _explored(count: int) -> str:
    return f"{count:,} position{'s' if count != 1 else ''} explored"


@template("smith-positions")
def _smith_positions_text(f: Facts) -> str:
    return (f"Smith's generalised Sprague-Grundy values on the graph of positions, which has "
            f"cycles ({_explored(f['explored'])}): P iff the value is 0, a draw iff it is infinite "
            f"with no option of value 0")


@template("mex-explored")
def _mex_explored_text(f: Facts) -> str:
    return f"the mex of the options' values, over every position reachable ({_explored(f['explored'])})"


@template("mex-reachable")
def _mex_reachable_text(f: Facts) -> str:
    count = f["heaps"]
    return (f"the mex of the options' values, by a memoised search of the heaps reachable from "
            f"this one ({count:,} heap{'s' if count != 1 else ''}: few, so not a table of every "
            f"heap below)")
