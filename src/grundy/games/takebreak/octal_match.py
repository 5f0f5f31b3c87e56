"""Is a user's heap game an octal game? Its options, heap by heap, against an octal code's.

An octal code ``d0.d1d2…dk`` (:mod:`grundy.games.takebreak.octal`) fixes the options of every heap:
removing ``i`` counters may leave nothing (bit 1 of ``di``), one non-empty heap (bit 2) or two
(bit 4). :func:`infer_octal` reads the code off a move function's options on heaps ``0..N`` and
checks that the function's options (heaps of 0 dropped, splits unordered) are exactly the code's on
every one of those heaps.

That check says nothing about heaps above ``N``, and the periodicity theorems (Guy-Smith) need
the rules to be the octal game on every heap. So the octal game's proved period carries over only
when the game **declares** its code (``@grundy.heap_game(NAME, octal="4.3303")``): then
:func:`declared_rule` checks the declaration on heaps ``0..N`` (a wrong one is an error) and
gives the octal game's theorem. Otherwise :func:`octal_note` says what was found and that it is
a conjecture beyond ``N``.

>>> splits = lambda n: [n - k for k in (1, 2, 4) if k <= n] + [(a, n - a) for a in range(1, n // 2 + 1)]
>>> infer_octal(lambda n: [o if isinstance(o, tuple) else (o,) for o in splits(n)], 60)
OctalMatch(code='4.3303', checked_upto=60)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidGameError
from grundy.model.bounded import kept
from grundy.model.period_rules import PeriodRule

MATCH_HEAPS = 1000
"""Heaps on which a move function is compared with an octal code (at most)."""

MATCH_STEPS = 100_000
"""Options compared at most (a heap of ``n`` with splits has about ``n/2``); the check stops at the
last heap within this count, and says how far it went."""

OCTAL_PROOF_HEAPS = 1 << 16
"""Heaps of the octal game tabulated (at most) to find its proved period for the note."""

MAX_DIGITS = 32
"""Longest octal code recognised (a longer one is not what the rules look like)."""


@dataclass(frozen=True)
class OctalMatch:
    """The rules agree with octal ``code`` on heaps ``0..checked_upto``."""

    code: str
    checked_upto: int


def octal_options(digits: tuple[int, ...], n: int) -> set[tuple[int, ...]]:
    """The options of a heap of ``n`` under the octal code ``digits`` (each a sorted tuple of
    non-empty heaps).

    >>> sorted(octal_options((4, 3, 3, 0, 3), 4))
    [(), (1, 3), (2,), (2, 2), (3,)]
    """
    out: set[tuple[int, ...]] = set()
    for i, d in enumerate(digits):
        r = n - i
        if r < 0:
            break
        if d & 1 and r == 0 and i > 0:
            out.add(())
        if d & 2 and r > 0 and i > 0:
            out.add((r,))
        if d & 4 and r >= 2:
            out.update((a, r - a) for a in range(1, r // 2 + 1))
    return out


def _normal(option: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(h for h in option if h > 0))


def code_text(digits: list[int]) -> str:
    """``d0.d1d2…`` without trailing zeros (``"4.3303"``)."""
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    return f"{digits[0]}." + "".join(map(str, digits[1:])) if len(digits) > 1 else f"{digits[0]}"


def infer_octal(options: Callable[[int], Iterable[tuple[int, ...]]], upto: int) -> OctalMatch | None:
    """The octal code whose options are exactly ``options(n)`` for every heap ``n <= N`` (``N`` at
    most ``upto``, :data:`MATCH_HEAPS` and within :data:`MATCH_STEPS` options), or ``None``."""
    top = min(upto, MATCH_HEAPS)
    seen: list[set[tuple[int, ...]]] = []
    digits = [0] * (MAX_DIGITS + 1)
    steps = 0
    for n in range(top + 1):
        found = {_normal(o) for o in options(n)}
        steps += len(found) + 1
        for o in found:
            i = n - sum(o)
            if len(o) > 2 or i > MAX_DIGITS or (i == 0 and len(o) != 2):
                return None
            digits[i] |= (1, 2, 4)[len(o)]
        seen.append(found)
        if steps > MATCH_STEPS and n >= 2 * MAX_DIGITS:
            break
    last = len(seen) - 1
    length = max((i for i, d in enumerate(digits) if d), default=0)
    if 2 * length > last or length == 0:
        return None  # too few heaps beyond the code's length to call it that code
    if digits[0] not in (0, 4):
        return None
    code = tuple(digits)
    if any(octal_options(code, n) != found for n, found in enumerate(seen)):
        return None
    return OctalMatch(code_text(list(digits)), last)


def _options_of(game: Any) -> Callable[[int], Iterable[tuple[int, ...]]]:
    return lambda n: game.heap_options(n)


def octal_note(game: Any, upto: int) -> str | None:
    """For a user heap game that does not declare an octal code: one line saying which octal game
    its rules agree with on the heaps checked, and what that game's proved period is; ``None`` when
    the rules are no octal game (or the game declares its code).

    >>> import grundy
    >>> @grundy.heap_game("doc-octal-note")
    ... def moves(n):
    ...     return [n - k for k in (1, 2, 4) if k <= n] + [(a, n - a) for a in range(1, n // 2 + 1)]
    >>> print(octal_note(grundy.load_game("doc-octal-note"), 100))
    these rules agree with octal 4.3303 on heaps ≤ 100, whose period 6 from heap 1 is proved \
(Guy-Smith periodicity theorem (octal code of length 4)); for these rules it is a conjecture beyond \
heap 100 (heap_game(..., octal="4.3303") declares them that game)
    """
    if getattr(game, "octal_code", None) is not None or not hasattr(game, "move_function"):
        return None
    match = infer_octal(_options_of(game), upto)
    if match is None:
        return None
    from grundy.games.takebreak.octal import Octal, parse_code
    from grundy.tables.analysis import analyze

    octal = Octal(parse_code(match.code))
    found = analyze(octal, min(max(upto, 4096), OCTAL_PROOF_HEAPS)).periodicity
    period = (f", whose period {found.period} from heap {found.preperiod} is proved ({found.reason})"
              if found is not None and found.proved else "")
    return (f"these rules agree with octal {match.code} on heaps ≤ {match.checked_upto}{period}; for "
            f"these rules it is a conjecture beyond heap {match.checked_upto} "
            f"(heap_game(..., octal=\"{match.code}\") declares them that game)")


def declared_rule(game: Any) -> PeriodRule | None:
    """The periodicity theorem of the octal game that ``game`` declares itself to be (its
    ``octal_code``), after checking the declaration on heaps ``0..N``; ``None`` without one.

    Raises :class:`InvalidGameError` when the rules and the declared code differ on some heap.
    """
    if getattr(game, "octal_code", None) is None:
        return None
    return _declared_rule(game)[0]


def declared_agreement(game: Any) -> tuple[str, int] | None:
    """The octal code ``game`` declares itself to be and the heaps ``0..N`` on which its rules
    were checked to agree with it: ``(code, N)``; ``None`` without a declaration. What is proved
    is the period of the declared game; that the rules are that game is checked to ``N`` only."""
    if getattr(game, "octal_code", None) is None:
        return None
    return game.octal_code, _declared_rule(game)[1]


@functools.partial(kept, __name__ + "._declared_rule")
@functools.lru_cache(maxsize=64)
def _declared_rule(game: Any) -> tuple[PeriodRule, int]:
    code = game.octal_code
    from grundy.games.takebreak.octal import Octal, parse_code

    digits = parse_code(code)
    steps = 0
    n = 0
    while n <= MATCH_HEAPS:
        want = octal_options(digits, n)
        got = {_normal(o) for o in game.heap_options(n)}
        if got != want:
            extra, missing = sorted(got - want)[:3], sorted(want - got)[:3]
            raise InvalidGameError(
                f"{game.spec}: declared to be octal {code}, but the options of heap {n} differ"
                + (f"; not in the octal game: {extra}" if extra else "")
                + (f"; missing: {missing}" if missing else ""))
        steps += len(want) + 1
        if steps > MATCH_STEPS and n >= 2 * len(digits):
            break
        n += 1
    rule = Octal(digits).period_rule()
    assert rule is not None  # every octal game has one
    checked = min(n, MATCH_HEAPS)
    found = PeriodRule(rule.preperiod_factor, rule.period_factor, rule.extra,
                       f"{rule.theorem} for octal {code}, the game the rules declare; the move "
                       f"function agrees with it on heaps ≤ {checked}, checked")
    return found, checked


__all__ = ["OctalMatch", "declared_agreement", "declared_rule", "infer_octal", "octal_note", "octal_options"]
