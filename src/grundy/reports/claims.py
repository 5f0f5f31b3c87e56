"""A claim of one's own about a heap game (``G(n) = FORMULA`` or ``P iff CONDITION``: from an
editorial, a tutorial or one's own proof), checked against the engine's exact table.

The table is computed up to ``upto`` heaps, then 4 times longer each round while the heaps times
the options of the largest heap stay within ``steps`` (at most :data:`CLAIM_HEAPS` heaps), as the
export re-checks a pattern it found (:func:`grundy.reports.export_policy.export_game`). The claim
is then "your claim, checked for n <= N": never proved, unless a proved period of the game and a
period of the formula itself (``n`` only in ``n % m``) imply it from the heaps checked. A game
on pairs takes ``G(a, b) = FORMULA`` (or ``P iff`` over ``a`` and ``b``), checked on its grid
``a, b <= upto`` (default :data:`PAIR_UPTO`).

>>> from grundy.catalog import load_game
>>> check = check_claim(load_game("subtraction(1,2)"), "G(n) = n % 3", upto=30, limit=1000)
>>> check.holds, check.checked, check.pattern.status.value
(True, 256, 'proved')
>>> check_claim(load_game("subtraction(1,2)"), "G(n) = n % 3 + (n > 500)", upto=30, limit=1000).pattern.text
'G(n) = n % 3 + (n > 500) (your claim, checked for n <= 256)'
>>> check = check_claim(load_game("subtraction(1,2,3)"), "G(n) = n % 3", upto=30, limit=1000)
>>> check.holds, check.counterexample
(False, (3, 0, 3))
>>> print(check.lines()[-1])
false at heap 3: the claim gives 0, grundy computes G(3) = 3
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidInputError, NotSupportedError, ResourceLimitError
from grundy.model.game import Game, HeapGame
from grundy.model.laws import Describes, Status
from grundy.patterns.claims import Claim, first_disagreement, parse_claim, residue_period
from grundy.patterns.record import Pattern

__all__ = ["CLAIM_HEAPS", "CLAIM_STEPS", "CLAIM_UPTO", "PAIR_UPTO", "ClaimCheck", "ClaimError", "check_claim"]

CLAIM_UPTO = 1000
"""The heaps a claim is checked on at least, by default (as an export's table)."""
CLAIM_STEPS = 4_000_000
"""Steps (heaps times the options of the largest heap) the table may be extended by to check a
claim (``limit=`` / ``--limit`` sets it); the export's re-check of a pattern has the same default."""
CLAIM_HEAPS = 1_000_000
"""The most heaps a claim is checked on (the table stays in memory)."""


class ClaimError(InvalidInputError):
    """A claim that is false on the table: the first counterexample."""


@dataclass(frozen=True)
class ClaimCheck:
    """The verdict on a claim: checked on heaps ``0..checked``; ``counterexample`` the first heap
    where it is false, ``(n, claimed, computed)`` (of a claim of the P-positions, ``claimed`` is 1
    where it says P, 0 where N; ``None`` where the formula is undefined; ``computed`` the Grundy
    value), else ``None``; ``proof`` the
    theorems that imply it (``None``: not proved); ``values`` the table checked."""

    game: str
    claim: Claim
    checked: int
    counterexample: tuple[int | tuple[int, int], int | None, int] | None
    proof: str | None
    values: tuple[Any, ...]
    """``G(0..checked)``, or of a game on pairs the rows of the grid ``G(a, b)``, ``a, b <= checked``."""

    @property
    def where(self) -> str:
        """The positions checked, in words: ``n <= N`` or ``a, b <= N``."""
        return f"{', '.join(self.claim.variables)} <= {self.checked}"

    @property
    def holds(self) -> bool:
        """Whether the claim agrees with every computed value."""
        return self.counterexample is None

    @property
    def pattern(self) -> Pattern:
        """The claim as a pattern: proved (by the theorems of :attr:`proof`), or "your claim,
        checked for n <= N" (a conjecture)."""
        if self.proof is not None:
            return Pattern.stated(self.claim.describes, self.claim.law, f"proved: {self.proof}",
                                  self.claim.formula, Status.PROVED, self.checked, self.proof)
        return Pattern.stated(self.claim.describes, self.claim.law,
                              f"your claim, checked for {self.where}", self.claim.formula,
                              Status.CONJECTURE, self.checked)

    def refusal(self) -> str:
        """One line: where the claim is false (for a claim that is)."""
        assert self.counterexample is not None
        n, claimed, computed = self.counterexample
        if claimed is None:
            said = "the claim's formula is undefined there"
        elif self.claim.describes == Describes.VALUES:
            said = f"the claim gives {claimed}"
        else:
            said = f"the claim says {'P' if claimed else 'N'}"
        at = f"heap {n}" if isinstance(n, int) else f"({n[0]}, {n[1]})"
        shown = n if isinstance(n, int) else f"{n[0]}, {n[1]}"
        return f"false at {at}: {said}, grundy computes G({shown}) = {computed}"

    def lines(self) -> list[str]:
        """The verdict, for ``grundy table --claim``."""
        head = f"{self.game}  your claim: {self.claim.law}"
        if not self.holds:
            return [head, self.refusal()]
        if self.proof is not None:
            return [head, f"holds on heaps 0..{self.checked:,}, and proved: {self.proof}"]
        every = (f"every heap 0..{self.checked:,}" if self.claim.variables == ("n",)
                 else f"every position a, b <= {self.checked:,}")
        return [head, f"your claim, checked for {', '.join(self.claim.variables)} <= {self.checked:,} "
                      f"({every} agrees with the computed values); not proved"]

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON."""
        wrong = self.counterexample
        return {"game": self.game, "claim": self.claim.law, "formula": self.claim.formula,
                "describes": str(self.claim.describes), "holds": self.holds,
                "checked_upto": self.checked, "status": "proved" if self.proof else "claim",
                "proof": self.proof,
                "counterexample": None if wrong is None else
                {"position": wrong[0] if isinstance(wrong[0], int) else list(wrong[0]), "computed": wrong[2],
                 "claimed": wrong[1] if wrong[1] is None or self.claim.describes == Describes.VALUES
                 else "P" if wrong[1] else "N"}}


def check_claim(game: Game, claim: str | Claim, *, upto: int | None = None,
                limit: int | None = None) -> ClaimCheck:
    """Check ``claim`` (``G(n) = FORMULA`` or ``P iff CONDITION``) on the table of the heap game
    ``game``: heaps ``0..upto`` (default :data:`CLAIM_UPTO`), then a table 4 times longer each
    round while its heaps times the options of its largest heap are within ``limit`` steps
    (default :data:`CLAIM_STEPS`), up to the first counterexample; of a game on pairs, on its grid
    ``a, b <= upto`` (default :data:`PAIR_UPTO`, computed within ``limit`` steps).

    >>> import grundy
    >>> check = grundy.check_claim(grundy.load_game("subtraction(1,3,4)"), "P iff n % 7 in {0, 2}",
    ...                            limit=10**5)
    >>> check.checked, check.proof.startswith("implied by the proved period 7 from heap 0")
    (16000, True)
    """
    stated = claim if isinstance(claim, Claim) else parse_claim(claim)
    if stated.variables != ("n",) or not isinstance(game, HeapGame):
        return _pair_check(game, stated, upto, limit)
    if not _sum_of_heaps(game):
        raise NotSupportedError(f"{game.spec}: a claim G(n) = ... or P iff ... is checked on a heap game "
                                f"whose positions of several heaps are sums of their heaps")
    upto = CLAIM_UPTO if upto is None else upto
    steps = CLAIM_STEPS if limit is None else limit
    if upto < 0 or steps < 1:
        raise InvalidInputError(f"upto must be >= 0 and limit >= 1, got upto={upto}, limit={steps}")
    values, periodicity, wrong = _checked_table(game, stated, upto, steps)
    found = None
    if wrong is not None:
        claimed = _claimed(stated, wrong)
        found = (wrong, claimed if claimed is None or stated.describes == Describes.VALUES
                 else int(bool(claimed)), values[wrong])
    checked = len(values) - 1 if wrong is None else wrong
    proof = None if wrong is not None else _implied(stated, periodicity, checked)
    return ClaimCheck(game.spec, stated, checked, found, proof, tuple(values))


def _checked_table(game: HeapGame, claim: Claim, upto: int,
                   steps: int) -> tuple[list[int], Any, int | None]:
    """The table the claim was checked on, the game's periodicity, and the first counterexample."""
    from grundy.define import answering
    from grundy.engine.search import DEFAULT_LIMIT
    from grundy.tables.analysis import analyze

    size, last_cost = upto, 0
    try:
        with answering(limit=max(steps, DEFAULT_LIMIT)):
            result = analyze(game, upto)
            values = result.first(upto + 1)
            wrong = first_disagreement(claim, values)
            while wrong is None and size < CLAIM_HEAPS:
                size = min(4 * max(size, 64), CLAIM_HEAPS)
                cost = size * (1 + sum(1 for _ in game.heap_options(size)))
                if cost > steps:
                    break
                longer = analyze(game, size)
                result, last_cost = longer, cost
                start, values = len(values), longer.first(size + 1)
                wrong = first_disagreement(claim, values, start)
    except ResourceLimitError as exc:
        hint = f" (limit={last_cost} checks it up to heap {len(values) - 1:,})" if last_cost else ""
        raise ResourceLimitError(f"{game.spec}: the check of the claim {claim.law} stopped: {exc}; "
                                 f"a smaller limit= checks it on fewer heaps{hint}") from None
    return [int(v) for v in values], result.periodicity, wrong


PAIR_UPTO = 30
"""The pairs a claim about a game on pairs is checked on by default: ``a, b <= 30``."""


def _pair_check(game: Game, claim: Claim, upto: int | None, limit: int | None) -> ClaimCheck:
    """A claim ``G(a, b) = ...`` (or ``P iff`` over ``a`` and ``b``) checked on the grid of a game on
    pairs, ``a, b <= upto`` (computed within ``limit`` steps; no longer table: a grid grows as
    its square)."""
    from grundy.define import answering
    from grundy.engine.search import DEFAULT_LIMIT
    from grundy.patterns.claims import PAIR, first_pair_disagreement

    side = PAIR_UPTO if upto is None else upto
    if isinstance(game, HeapGame) or claim.variables != PAIR:
        raise NotSupportedError(f"{game.spec}: a claim over {', '.join(claim.variables)} is checked on "
                                f"{'a heap game' if claim.variables == ('n',) else 'a game on pairs'}")
    if side < 0:
        raise InvalidInputError(f"upto must be >= 0, got {side}")
    try:
        with answering(limit=DEFAULT_LIMIT if limit is None else limit):
            grid = game.table_2d(side)
    except ResourceLimitError as exc:
        raise ResourceLimitError(f"{game.spec}: the check of the claim {claim.law} stopped: {exc}; a "
                                 f"smaller upto checks it on fewer pairs") from None
    if grid is None:
        raise NotSupportedError(f"{game.spec}: a claim G(a, b) = ... is checked on a game on pairs of "
                                f"numbers, which this game is not")
    wrong = first_pair_disagreement(claim, grid)
    found = None
    if wrong is not None:
        value = grid[wrong[0]][wrong[1]]
        claimed = _claimed(claim, *wrong)
        found = (wrong, claimed if claimed is None or claim.describes == Describes.VALUES
                 else int(bool(claimed)), value)
    checked = side if wrong is None else max(wrong)
    return ClaimCheck(game.spec, claim, checked, found, None, tuple(tuple(row) for row in grid))


def _sum_of_heaps(game: HeapGame) -> bool:
    """Whether a position of several heaps is the sum of its heaps, as the game says."""
    parts = game.components((1, 2))
    return parts is not None and [p for _, p in parts] == [(1,), (2,)] and all(g == game for g, _ in parts)


def _claimed(claim: Claim, *position: int) -> int | None:
    """The claim's value at a position, or ``None`` where its formula is undefined."""
    try:
        return claim.claimed(*position)
    except (InvalidInputError, ArithmeticError, ValueError, RecursionError):
        return None


def _implied(claim: Claim, periodicity: Any, checked: int) -> str | None:
    """The theorems that make the claim true at every heap, from the heaps ``0..checked`` it
    agrees on: a proved period ``p`` from heap ``e`` (no saltus), a claim whose formula reads ``n``
    only as ``n % m`` (period ``L``), and ``e + lcm(p, L) - 1 <= checked``; else ``None``."""
    if periodicity is None or not periodicity.proved or periodicity.saltus:
        return None
    own = residue_period(claim.formula)
    if own is None:
        return None
    e, p = periodicity.preperiod, periodicity.period
    if e + math.lcm(p, own) - 1 > checked:
        return None
    return (f"implied by the proved period {p} from heap {e} ({periodicity.reason}) and the claim's "
            f"own period {own}, "
            f"checked on heaps 0..{checked}")
