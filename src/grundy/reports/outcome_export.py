"""``grundy export GAME --outcome``: a program that answers who wins from one heap, from the
P-positions of the engine's table (:mod:`grundy.export.outcomes`), checked before it is returned.

The table of heaps ``0..upto`` is computed once (:func:`grundy.tables.analysis.analyze`); its
P-positions are written into the program, as many as ``max_size`` allows (a longer set is cut:
the program then knows the heaps up to the first P-position it does not hold, less one). Past
the heaps it knows, the program answers only by a period of the game that a theorem proves
(:class:`~grundy.model.periodic.Periodicity` with ``proved``), the P-positions of one period;
otherwise with an error line: a set of P-positions has no local check (a heap's options are
positions of two heaps), so no conjecture answers there. Before the program is returned, its
Python twin is run on a deterministic sample of the heaps it knows (every P-position, each one's
neighbours, the last heap, a stride and a seeded random sample) and on the heaps past the cut that
the table still holds, and compared with the table; a difference refuses the export.

>>> from grundy.catalog import load_game
>>> result = export_outcomes(load_game("grundy-game"), lang="python", upto=2000)
>>> result.pset.count, result.pset.beyond is None
(42, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from grundy.errors import GrundyError, InvalidInputError, NotSupportedError
from grundy.export.main import HEAP_FORMATS
from grundy.export.outcomes import PSet, encode, outcome_source
from grundy.model.game import Game, HeapGame

__all__ = ["OUTCOME_UPTO", "OutcomeExport", "export_outcomes"]

OUTCOME_UPTO = 1000
"""Default ``upto``: the heaps whose outcome the program knows, 0..1000 (as other exports)."""

SAMPLE = 2000
"""Heaps of the stride sample and of the random sample the check runs (each)."""


@dataclass(frozen=True)
class OutcomeExport:
    """An outcome program: its ``source``, what it holds (``pset``), its language and warnings."""

    source: str
    pset: PSet
    lang: str
    warnings: tuple[str, ...] = ()


def export_outcomes(game: Game, *, lang: str = "cpp", main: bool = False, input_format: str = "lines",
                    upto: int | None = None, max_size: int | None = 64 * 1024,
                    limit: int | None = None, misere: bool = False) -> OutcomeExport:
    """The program answering who wins from one heap of ``game`` (a heap game whose positions are
    sums of heaps), from the P-positions of its table ``0..upto``; see the module's text.
    ``limit``: the steps of the table of a game of one's own (the default budget's otherwise).
    ``misere``: in misère play (who moves last loses), from the misère table's P-positions
    (``m(n) = 0``); past them only by a period of the misère values a law proves."""
    from grundy.reports.export_policy import is_sum_of_heaps

    if lang not in ("cpp", "python"):
        raise InvalidInputError(f"lang must be one of cpp, python, got {lang!r}")
    if input_format not in HEAP_FORMATS:
        raise InvalidInputError(f"the input format must be one of {', '.join(HEAP_FORMATS)}, got "
                                f"{input_format!r}")
    if not isinstance(game, HeapGame) or not is_sum_of_heaps(game):
        raise NotSupportedError(f"{game.spec}: an outcome program answers one heap of a heap game whose "
                                f"positions are sums of heaps (from its P-positions); export without "
                                f"--outcome")
    if max_size is not None and max_size < 1:
        raise InvalidInputError(f"max_size must be a positive number of bytes, got {max_size}")
    upto = OUTCOME_UPTO if upto is None else upto
    values, period = (_misere_table if misere else _table)(game, upto, limit)
    positions = [n for n, v in enumerate(values) if v == 0]
    pset, source = _fitted(game.spec, positions, len(values) - 1, period, values, lang, main,
                           input_format, max_size, misere)
    python = source if lang == "python" else outcome_source(pset, "python")
    check(python, pset, values)
    warnings: tuple[str, ...] = ()
    if pset.upto < upto:
        warnings += (f"the {len(positions):,} P-positions of heaps 0..{upto:,} would make the program "
                     f"larger than {max_size:,} bytes: it holds those of heaps 0..{pset.upto:,} "
                     f"({'beyond it, the proved period' if pset.beyond else 'beyond it, an error line'}); "
                     f"max_size raises the bound",)
    return OutcomeExport(source, pset, lang, warnings)


def _table(game: HeapGame, upto: int, limit: int | None) -> tuple[list[int], Any]:
    """``G(0..upto)`` (as the engine computes it for ``grundy table``) and its periodicity."""
    from grundy.define import answering
    from grundy.engine.search import DEFAULT_LIMIT
    from grundy.tables.analysis import analyze

    with answering(limit=DEFAULT_LIMIT if limit is None else limit):
        result = analyze(game, upto)
    return result.first(upto + 1), result.periodicity


def _misere_table(game: HeapGame, upto: int, limit: int | None) -> tuple[list[int], Any]:
    """``m(0..upto)``, the misère values of single heaps (as ``grundy table --misere`` computes
    them; 0 at a misère P-position), and their period where a law proves it (else ``None``)."""
    from grundy.engine.search import DEFAULT_LIMIT
    from grundy.tables.misere_table import misere_periodicity
    from grundy.theory.misere import MisereMemo, misere_table

    memo = MisereMemo()
    values = misere_table(game, upto, limit=DEFAULT_LIMIT if limit is None else limit, memo=memo)
    return values, misere_periodicity(game, memo)


def _rule(period: Any, values: list[int], upto: int) -> tuple[tuple[int, int, tuple[int, ...]] | None, str]:
    """The P-positions past ``upto`` by a proved period (``(e, p, residues)``), and its words;
    ``(None, "")`` when no period is proved, ``(None, WHY)`` when the heaps ``0..upto`` do not
    hold one period."""
    if period is None or not period.proved:
        return None, ""
    e, p, s = period.preperiod, period.period, period.saltus
    if upto < e + p - 1:  # (the words of why not: the header says them)
        return None, (f"its proved period {p} from heap {e} needs the heaps 0..{e + p - 1}: a larger "
                      f"--upto answers past it")
    residues = () if s else tuple(r for r in range(p) if values[e + r] == 0)
    law = (f"G(n + {p}) = G(n){f' + {s}' if s else ''} for every n >= {e}, proved ({period.reason}): "
           + (f"n is a P-position iff (n - {e}) % {p} is one of {list(residues)}" if residues else
              f"no P-position past heap {e + p - 1}"))
    return (e, p, residues), law


def _fitted(title: str, positions: list[int], upto: int, period: Any, values: list[int], lang: str,
            main: bool, input_format: str, max_size: int | None,
            misere: bool = False) -> tuple[PSet, str]:
    """The program holding as many P-positions as ``max_size`` allows (all of them without it)."""
    def write(budget: int | None) -> tuple[PSet, str]:
        numbers, covered = encode(positions, budget)
        last = upto if covered == len(positions) else positions[covered] - 1
        beyond, law = _rule(period, values, last)
        pset = PSet(title, last, tuple(numbers), covered, beyond, law, misere)
        return pset, outcome_source(pset, lang, main, input_format)

    pset, source = write(None)
    if max_size is None or len(source.encode()) <= max_size:
        return pset, source
    empty = PSet(title, upto, (), 0, misere=misere)
    overhead = len(outcome_source(empty, lang, main, input_format).encode())
    budget = (max_size - overhead) * 96 // 103  # (the digits, 96 a line, each line quoted)
    while budget > 0:
        pset, source = write(budget)
        if len(source.encode()) <= max_size:
            return pset, source
        budget = budget * 49 // 50
    raise InvalidInputError(f"{title}: the outcome program is larger than max_size ({max_size:,} bytes) "
                            f"even without P-positions")


def check(python: str, pset: PSet, values: list[int]) -> None:
    """Run the Python program on a deterministic sample of heaps and compare with ``values`` (the
    engine's table): every P-position it holds and their neighbours, heap ``pset.upto``, a stride
    and a seeded random sample, and the heaps past ``pset.upto`` the table holds (by the proved
    rule, or an error); a position of several heaps must be refused. Raises on any difference."""
    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(python, "<export>", "exec"), namespace)
    p_position, answer = namespace["p_position"], namespace["answer"]
    last = pset.upto
    held = sorted(namespace["P_POSITIONS"])
    want = _zeros(values, last)
    if held != want:
        raise GrundyError(f"internal error: the outcome program holds {len(held):,} P-positions of heaps "
                          f"0..{last:,}, the table {len(want):,}; please report it")
    rng = random.Random(2207)
    sample = {0, last, *range(0, last + 1, max(1, last // SAMPLE))}
    sample |= {rng.randint(0, last) for _ in range(SAMPLE)}
    sample |= {m for n in want for m in (n - 1, n, n + 1) if 0 <= m <= last}
    past = range(last + 1, len(values))
    sample |= set(past if len(past) <= SAMPLE else [*rng.sample(past, SAMPLE), len(values) - 1])
    for n in sorted(sample):
        try:
            got: bool | None = p_position(n)
        except ValueError:
            got = None
        expected = values[n] == 0 if n <= last or pset.beyond is not None else None
        if got != expected:
            raise GrundyError(f"internal error: the outcome program says {got} for heap {n:,} (P-position "
                              f"by the table: {values[n] == 0}); please report it")
    if pset.beyond is not None:  # (the rule itself, on the heaps of the table it speaks for)
        start, period = pset.beyond[0], pset.beyond[1]
        for n in sorted(m for m in sample if m >= start + period):
            if namespace["_beyond"](n) != (values[n] == 0):
                raise GrundyError(f"internal error: the outcome program's rule past heap {last:,} is wrong "
                                  f"at heap {n:,}; please report it")
    if answer([]) != (None if pset.misere else 0, pset.misere):  # (no heap: no move)
        raise GrundyError("internal error: the outcome program's answer to no heap is wrong; please "
                          "report it")
    try:
        answer([1, 2])
    except ValueError:
        return
    raise GrundyError("internal error: the outcome program answered a position of two heaps; please "
                      "report it")


def _zeros(values: list[int], last: int) -> list[int]:
    """The heaps ``0..last`` of value 0."""
    return [n for n in range(last + 1) if values[n] == 0]
