"""Survey specs: catalogue specs and patterns over octal codes, and the equivalences between codes.

**Patterns.** A SPEC of ``grundy survey`` is either a catalogue spec (``kayles``,
``octal(0.137)``, ``subtraction(1,3,4)``, a bare code ``0.137``) or a *pattern*: an octal code
in which a digit may be

- ``?`` or ``d``: any digit 0-7 (``0.???`` = ``0.ddd`` = the 512 codes ``0.d1d2d3``);
- ``[…]``: one of the listed digits or ranges (``0.[1-3]7``, ``4.[04]?``);
- for ``d0`` only, ``?`` means 0 or 4 (``?.?`` = ``0.0`` … ``0.7``, ``4.0`` … ``4.7``).

``octal(…)`` around a pattern is accepted too. A pattern expands to every code it matches, each
with its literal text as its spec (``0.370`` is stored as ``octal(0.370)``).

**Equivalences.** Codes that are the same game are recorded as equivalent to one
*representative* (``octal(<reduced code>)``), which alone is computed:

1. *trailing zeros*: ``d0.d1…dk 0`` is the game ``d0.d1…dk`` (a zero digit allows no move);
2. *a take-all bit that never acts*: bit 1 of ``d_i`` (remove ``i`` counters, leaving nothing)
   moves only from a heap of exactly ``i``, to value 0. If that heap already has another move to
   a position of value 0, the bit changes no value, so the code with the bit cleared has the same
   sequence. Whether heap ``i`` has such a move depends on ``G(1..i-1)`` only, which the bit
   does not change either, so every redundant bit is cleared at once. This is why ``.771`` is
   Kayles (``.77``), and ``.1241`` and ``.1271`` are ``.124`` and ``.127`` (published as identical
   sequences: OEIS A002186, A071461, A071464);
3. *named games*: a catalogue name of an octal game (``kayles``) is its code (``octal(0.77)``).

Every other bit acts: bit 2 of ``d_i`` moves from every heap above ``i`` and bit 4 from every
heap from ``i + 2`` on, so no other rule applies to every table.

>>> [e.spec for e in expand(["0.?"])][:3]
['octal(0.0)', 'octal(0.1)', 'octal(0.2)']
>>> e = expand(["octal(0.771)"])[0]
>>> e.spec, e.representative
('octal(0.771)', 'octal(0.77)')
>>> e.rule
'the take-all bit of d3 never acts (heap 3 already has a move to 0); trailing zeros'
>>> [(e.spec, e.representative) for e in expand(["kayles", "0.770"])]
[('kayles', 'octal(0.77)'), ('octal(0.770)', 'octal(0.77)')]
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from grundy.errors import GrundyError, InvalidInputError
from grundy.tables.proved_period import octal_head, octal_options

MAX_CODES = 100_000
"""Largest number of codes a survey's patterns may expand to."""

_DIGIT = r"(?:[0-7?d]|\[[0-7,\-]+\])"
_PATTERN = re.compile(rf"^(?:octal\()?([04?]?)\.((?:{_DIGIT})+)\)?$")
_BARE_CODE = re.compile(r"^[04]?\.[0-7]+$")
_LOOKS_LIKE_CODE = re.compile(r"^(?:octal\()?[0-9?]?\.|.*[?\[]")


@dataclass(frozen=True)
class Entry:
    """One game of a survey: its spec, and the representative computed in its place (if any)."""

    spec: str
    """The spec as ``grundy table`` accepts it (the survey database's key)."""
    representative: str | None = None
    """The spec of the equivalent game that is computed instead, or ``None`` if computed itself."""
    rule: str | None = None
    """Why the two are the same game."""

    @property
    def computed_spec(self) -> str:
        """The spec whose table is computed for this entry."""
        return self.representative or self.spec


def is_pattern(text: str) -> bool:
    """Whether ``text`` is an octal-code pattern (with ``?``, ``d`` or ``[…]``).

    >>> is_pattern("0.??"), is_pattern("0.07"), is_pattern("kayles")
    (True, False, False)
    """
    return bool(_PATTERN.match(text.strip())) and any(c in text for c in "?d[")


def _digit_choices(token: str, first: bool) -> list[int]:
    if token in ("?", "d"):
        return [0, 4] if first else list(range(8))
    if token.startswith("["):
        chosen: set[int] = set()
        for item in re.findall(r"\d-\d|\d", token[1:-1]):
            lo, hi = (int(item[0]), int(item[-1]))
            if lo > hi:
                raise InvalidInputError(f"bad digit range {item!r} in {token!r}")
            chosen.update(range(lo, hi + 1))
        return sorted(chosen)
    return [int(token)]


def expand_pattern(text: str) -> list[str]:
    """Every code (as written: ``"0.370"``) that the pattern ``text`` matches.

    >>> expand_pattern("0.[1-2]?")[:3], len(expand_pattern("0.ddd")), expand_pattern("?.[07]")
    (['0.10', '0.11', '0.12'], 512, ['0.0', '0.7', '4.0', '4.7'])
    """
    match = _PATTERN.match(text.strip())
    if not match:
        raise InvalidInputError(
            f"bad code pattern {text!r}: expected d0.d1d2... where each digit is 0-7, '?' or 'd' "
            f"(any digit) or a class such as [0-3], e.g. 0.??? or 4.d7")
    first = match.group(1) or "0"
    tokens = re.findall(_DIGIT, match.group(2))
    choices = [_digit_choices(first, True), *(_digit_choices(t, False) for t in tokens)]
    count = 1
    for c in choices:
        count *= len(c)
    if count > MAX_CODES:
        raise InvalidInputError(f"pattern {text!r} matches {count:,} codes (at most {MAX_CODES:,})")
    return [f"{combo[0]}." + "".join(map(str, combo[1:])) for combo in itertools.product(*choices)]


def small_values(digits: tuple[int, ...], count: int) -> list[int]:
    """``G(0..count-1)`` of the octal game ``digits`` by a direct mex (for small ``count``).

    >>> small_values((0, 7, 7), 8)
    [0, 1, 2, 3, 1, 4, 3, 2]
    """
    return octal_head(digits, count, [])


def reduce_code(digits: tuple[int, ...]) -> tuple[tuple[int, ...], list[str]]:
    """The representative's digits of the octal code ``digits``, and the rules that applied.

    >>> reduce_code((0, 1, 2, 7, 1, 0))
    ((0, 1, 2, 7), ['the take-all bit of d4 never acts (heap 4 already has a move to 0)', 'trailing zeros'])
    >>> reduce_code((0, 1))  # heap 1 has no other move
    ((0, 1), [])
    """
    k = len(digits) - 1
    values = small_values(digits, k + 1)
    reduced = list(digits)
    rules = []
    for i in range(1, k + 1):
        if digits[i] & 1 and 0 in octal_options(digits, values[:i], i, take_all=False):
            reduced[i] &= ~1
            rules.append(f"the take-all bit of d{i} never acts (heap {i} already has a move to 0)")
    if len(reduced) > 1 and reduced[-1] == 0:
        while len(reduced) > 1 and reduced[-1] == 0:
            reduced.pop()
        rules.append("trailing zeros")
    return tuple(reduced), rules


def _octal_entry(written: str) -> Entry:
    """The entry of the octal code ``written`` (e.g. ``"0.370"``)."""
    from grundy.games.takebreak.octal import format_code

    d0, _, rest = written.partition(".")
    digits = (int(d0 or 0), *map(int, rest))
    spec = f"octal({digits[0]}.{rest or '0'})"
    reduced, rules = reduce_code(digits)
    representative = f"octal({format_code(reduced)})"
    if representative == spec:
        return Entry(spec)
    return Entry(spec, representative, "; ".join(rules))


def _catalogue_entry(text: str) -> Entry:
    from grundy.catalog import load_game
    from grundy.games.takebreak.octal import Octal, format_code
    from grundy.model.game import HeapGame

    try:
        game = load_game(text)
    except GrundyError as exc:
        raise InvalidInputError(f"bad survey spec {text!r}: {exc}") from None
    if not isinstance(game, HeapGame):
        raise InvalidInputError(f"{game.spec} is not played on heaps: a survey needs a table of heap values")
    digits = game.octal_digits
    if digits is None:
        return Entry(game.spec)
    code = format_code(digits)
    if game == Octal(digits):  # the octal game of a code as written by the user, e.g. octal(.137)
        return _octal_entry(code)
    reduced, rules = reduce_code(digits)
    return Entry(game.spec, f"octal({format_code(reduced)})", "; ".join([f"{game.spec} is {code}", *rules]))


def expand(specs: list[str]) -> list[Entry]:
    """The survey's entries for ``specs`` (patterns expanded; duplicates dropped; order kept).

    >>> [(e.spec, e.representative) for e in expand(["0.1[0-3]"])]  # doctest: +NORMALIZE_WHITESPACE
    [('octal(0.10)', 'octal(0.1)'), ('octal(0.11)', None), ('octal(0.12)', None), ('octal(0.13)', None)]
    """
    entries: dict[str, Entry] = {}
    total = 0
    for text in specs:
        text = text.strip()
        inner = text[6:-1] if text.startswith("octal(") and text.endswith(")") else text
        if _BARE_CODE.match(inner):
            new = [_octal_entry(inner)]
        elif _LOOKS_LIKE_CODE.match(text):  # a pattern (or a malformed code: expand_pattern says why)
            new = [_octal_entry(code) for code in expand_pattern(text)]
        else:
            new = [_catalogue_entry(text)]
        total += len(new)
        if total > MAX_CODES:
            raise InvalidInputError(f"the specs expand to more than {MAX_CODES:,} games")
        for entry in new:
            entries.setdefault(entry.spec, entry)
    return list(entries.values())


def sort_key(spec: str) -> tuple[int, int, str]:
    """Order of a report: octal codes by ``d0`` then digits, other games after, by spec.

    >>> sorted(["kayles", "octal(4.1)", "octal(0.2)", "octal(0.17)"], key=sort_key)
    ['octal(0.17)', 'octal(0.2)', 'octal(4.1)', 'kayles']
    """
    match = re.match(r"^octal\(([04])\.([0-7]+)\)$", spec)
    if match:
        return 0, int(match.group(1)), match.group(2)
    return 1, 0, spec
