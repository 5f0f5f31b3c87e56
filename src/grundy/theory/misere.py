"""Misère sums without brute force over the whole sum: the SJ theorem and Conway's genus theory.

In misère play the player who makes the last move **loses**. Grundy values no longer add, but two
theorems decide many sums from each component's normal value ``v`` alone, or from ``v`` and its
misère value ``m`` (see :mod:`grundy.theory.misere_laws` for how these are found):

**SJ theorem** (Jia Zhihao, 2009, "Anti-SG"). Suppose every component satisfies the *SJ condition*
at every position it can reach: *a position of value 0 that has a move has a move to a position
of value 1*. Then the player to move wins the misère sum exactly when

  (a) the nim-sum ``s`` of the values is not 0 and some component has value > 1, or
  (b) ``s = 0`` and no component has value > 1.

(Proof sketch, by induction: with all values ≤ 1 the sum is misère Nim on heaps of 0 and 1, except
that a component of value 0 may still have moves — the condition gives the move to value 1 that
this case needs. The condition is also necessary: if it fails at ``x``, the rule is wrong at
``x`` alone or at one of its options.)

**Genus theory** (Conway, ONAG ch. 12; Winning Ways ch. 13). A component is *tame* when every
position it reaches has ``m = v`` (*firm*), or ``(v, m) = (0, 1)`` or ``(1, 0)`` (*fickle*, the genera
0^{120} and 1^{031}). A sum of tame components is played like misère Nim: the player to move wins
exactly when

  (a) some component is firm and ``s ≠ 0``, or
  (b) every component is fickle and ``s = 0``.

(Checked case by case like the SJ theorem; equivalently the sum behaves as the misère value
``s`` if some part is firm, ``s ⊕ 1`` if all are fickle.)

The SJ condition implies tameness (by induction, ``m = 1, 0, v`` for ``v = 0, 1, ≥ 2``), with
fickle meaning value ≤ 1, so the SJ theorem is the special case of genus theory that needs normal
values only; it is tried first because a law may prove it for every heap where misère values are
unknown (all-but games).

Both rules are verified against brute force in the tests. Heap positions are split into single
heaps (each a component); components that a law covers (:func:`~grundy.theory.misere_laws.heap_law`)
may be arbitrarily large.

>>> from grundy.catalog import load_game
>>> bash3, nim = load_game("bash(3)"), load_game("nim")
>>> answer = misere_outcome([(bash3, (10**18,)), (nim, (5,))])
>>> answer.outcome, answer.rule
(<Outcome.N: 'N'>, 'SJ theorem')
>>> [(i, m.label) for i, m in answer.winning_moves]
[(1, 'take 4: 5 → 1')]
>>> genus(nim, (0,)), genus(nim, (2, 2))
((0, 1, 2, 0), (0, 0, 2))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.engine.search import Budget, moves_to_value, xor_all
from grundy.errors import InvalidInputError, NotSupportedError, ResourceLimitError, SearchLimitError
from grundy.model.game import Game, HeapGame, Move, Outcome, Position
from grundy.model.reason import Facts, Reason, template
from grundy.theory.misere_laws import HeapLaw, LawKind, MisereMemo, genus_entry, heap_law, profile

MISERE_NOTE = "Grundy values do not decide misère play"
"""The note of every misère answer (its text leaves it out: the answer's first line says misère)."""

__all__ = ["MisereAnswer", "MisereMemo", "genus", "misere_outcome", "misere_table", "misere_value"]

DEFAULT_MISERE_LIMIT = 200_000
"""Default budget (positions and options) of one misère-rule query: well under a second."""

GENUS_DEPTH = 8
"""How many misère entries ``γ1 … γ8`` :func:`genus` computes before truncating."""

SJ, GENUS = "SJ theorem", "genus theory"


@dataclass(frozen=True)
class MisereAnswer:
    """The misère outcome of a sum decided by a theorem, with every winning move the rule gives."""

    outcome: Outcome
    rule: str
    """``"SJ theorem"`` or ``"genus theory"``."""
    why: Reason
    """The theorem with the computed numbers (:class:`~grundy.model.reason.Reason`)."""
    winning_moves: tuple[tuple[int, Move], ...]
    """``(component index, move of that component)`` for each winning move."""
    winning_moves_complete: bool = True
    """False when some component's moves could not be listed (its winning moves are missing)."""

    @property
    def reason(self) -> str:
        """One line with the computed numbers (the text of :attr:`why`)."""
        return self.why.text


@dataclass(frozen=True)
class _Atom:
    """One indivisible component, where it sits in the caller's sum, and its facts."""

    game: Game
    position: Position
    index: int
    path: tuple[tuple[Game, Position, int], ...]
    value: int
    misere: int | None
    sj: bool
    tame: bool
    law: HeapLaw | None


def _flatten(game: Game, position: Position, index: int,
             path: tuple[tuple[Game, Position, int], ...] = ()) -> list[tuple[Game, Position, int, Any]]:
    parts = game.components(position)
    if parts is None:
        return [(game, position, index, path)]
    found = []
    for i, (g, p) in enumerate(parts):
        found += _flatten(g, p, index, (*path, (game, position, i)))
    return found


def _single_heap(game: Game, position: Position) -> int | None:
    if isinstance(position, tuple) and len(position) == 1 and isinstance(position[0], int):
        return position[0]
    return None


def _facts(game: Game, position: Position, memo: MisereMemo,
           budget: Budget) -> tuple[int, int | None, bool, bool, HeapLaw | None]:
    """``(v, m, sj, tame, law used)``; raises SearchLimitError when nothing answers in budget."""
    n = _single_heap(game, position)
    law = heap_law(game, memo=memo, budget=budget) if n is not None else None
    if law is not None and n is not None:
        v, m = law.pair(n)
        sj, tame = law.holds(law.sj_fail, n), m is not None and law.holds(law.tame_fail, n)
        if (sj and tame) or n > 4096:
            return v, m, sj, tame, law
    v, m, sj, tame = profile(game, position, memo, budget)
    return v, m, sj, tame, None


def misere_outcome(components: Sequence[tuple[Game, Any]], *, limit: int = DEFAULT_MISERE_LIMIT,
                   memo: MisereMemo | None = None, rules: Sequence[str] = (SJ, GENUS),
                   budget: Budget | None = None) -> MisereAnswer | None:
    """The misère outcome of the sum of ``components`` by the SJ theorem or genus theory.

    The ``rules`` are tried in order (both by default). ``None`` when none applies, or when
    deciding whether one applies needs more than ``limit`` units of work (the caller then falls
    back to brute force, or refuses). ``budget``: a :class:`~grundy.engine.limits.Budget` to
    spend instead of a new one of ``limit`` steps.

    >>> from grundy.catalog import load_game
    >>> answer = misere_outcome([(load_game("lasker-nim"), (4,)), (load_game("nim"), (1,))])
    >>> answer.outcome, answer.rule, [m.label for _, m in answer.winning_moves]
    (<Outcome.N: 'N'>, 'genus theory', ['take 4: 4 → 0'])
    >>> misere_outcome([(load_game("kayles"), (5,)), (load_game("nim"), (1,))]) is None
    True
    """
    memo = memo or MisereMemo()
    budget = Budget(limit) if budget is None else budget
    limit = budget.limit
    atoms: list[_Atom] = []
    try:
        for index, (game, position) in enumerate(components):
            position = game.validate(position)
            for g, p, i, path in _flatten(game, position, index):
                v, m, sj, tame, law = _facts(g, p, memo, budget)
                atoms.append(_Atom(g, p, i, path, v, m, sj, tame, law))
    except ResourceLimitError:  # (a safety net: a refusal, never a fallback)
        raise
    except (SearchLimitError, NotSupportedError):
        return None
    if not atoms:
        raise InvalidInputError("a misère sum needs at least one component, got none")
    values = [a.value for a in atoms]
    total = xor_all(values)
    if SJ in rules and all(a.sj for a in atoms):
        big = sum(1 for v in values if v > 1)
        wins = (total != 0 and big > 0) or (total == 0 and big == 0)
        reason = Reason("sj-theorem", {**_sum_facts(atoms, values, total), "big": big})
        moves, complete = _winning_moves(atoms, wins, SJ, memo, budget, limit)
        return MisereAnswer(Outcome.N if wins else Outcome.P, SJ, reason, moves, complete)
    if GENUS in rules and all(a.tame for a in atoms):
        firm = sum(1 for a in atoms if a.misere == a.value)
        wins = (firm > 0 and total != 0) or (firm == 0 and total == 0)
        reason = Reason("genus-theory", {**_sum_facts(atoms, values, total), "firm": firm})
        moves, complete = _winning_moves(atoms, wins, GENUS, memo, budget, limit)
        return MisereAnswer(Outcome.N if wins else Outcome.P, GENUS, reason, moves, complete)
    return None


def _sum_facts(atoms: list[_Atom], values: list[int], total: int) -> dict[str, Any]:
    """The facts both laws of misère sums state: the values (the first 8 and the count), their
    XOR, the heap laws used (at most 2) and how many components were checked by brute force."""
    laws: list[Reason] = []
    for a in atoms:
        if a.law is not None and a.law.why not in laws:
            laws.append(a.law.why)
    return {"values": tuple(values[:8]), "count": len(values), "total": total,
            "laws": tuple(laws[:2]), "brute_force": sum(1 for a in atoms if a.law is None)}


def _expr(f: Facts) -> str:
    shown = " ⊕ ".join(str(v) for v in f["values"]) + (" ⊕ …" if f["count"] > 8 else "")
    return f"{shown} = {f['total']}"


def _how(f: Facts) -> str:
    brute = f["brute_force"]
    parts = [law.text for law in f["laws"]] + ([f"{brute} component(s) checked by brute force"]
                                               if brute else [])
    return f" ({'; '.join(parts)})"


@template("sj-theorem")
def _sj_text(f: Facts) -> str:
    big, total = f["big"], f["total"]
    wins = (total != 0 and big > 0) or (total == 0 and big == 0)
    why = (f"{big} component(s) have value > 1 and s ≠ 0" if wins and big else
           "no component has value > 1 and s = 0" if wins else
           f"{big} component(s) have value > 1 and s = 0" if big else
           "no component has value > 1 and s ≠ 0")
    return (f"SJ theorem (Anti-SG): every component meets the SJ condition (a position of "
            f"value 0 with a move can move to value 1){_how(f)}; s = {_expr(f)}: "
            f"{why}, so the {'first' if wins else 'second'} player wins")


@template("genus-theory")
def _genus_text(f: Facts) -> str:
    firm, total = f["firm"], f["total"]
    wins = (firm > 0 and total != 0) or (firm == 0 and total == 0)
    why = (f"{firm} component(s) firm and s {'≠' if total else '='} 0" if firm else
           f"every component fickle and s {'≠' if total else '='} 0")
    return (f"genus theory (Conway): every component is tame (each position's misère value "
            f"equals its value, or is 1/0 at value 0/1){_how(f)}; "
            f"s = {_expr(f)}: {why}, so the "
            f"{'first' if wins else 'second'} player wins")


def _winning_moves(atoms: list[_Atom], wins: bool, rule: str, memo: MisereMemo, budget: Budget,
                   limit: int) -> tuple[tuple[tuple[int, Move], ...], bool]:
    if not wins:
        return (), True
    values = [a.value for a in atoms]
    total = xor_all(values)
    found: list[tuple[int, Move]] = []
    complete = True
    for i, atom in enumerate(atoms):
        rest = total ^ atom.value
        others = [a for j, a in enumerate(atoms) if j != i]
        want: Callable[[int, int | None], bool]
        if rule == SJ:
            target = rest if any(a.value > 1 for a in others) else rest ^ 1
            want = _value_is(target)
        elif any(a.misere == a.value for a in others):  # another firm component
            target = rest
            want = _value_is(target)
        else:  # all others fickle: move to misère value ``rest`` (0 or 1)
            target = -1
            want = _misere_is(rest)
        try:
            for move in _atom_moves(atom, want, target, memo, budget, limit):
                for game, position, index in reversed(atom.path):
                    move = game.lift_move(position, index, move)
                found.append((atom.index, move))
        except ResourceLimitError:  # (a safety net: a refusal, never a fallback)
            raise
        except (SearchLimitError, NotSupportedError):
            complete = False
    return tuple(found), complete


def _value_is(target: int) -> Callable[[int, int | None], bool]:
    return lambda v, m: v == target


def _misere_is(target: int) -> Callable[[int, int | None], bool]:
    return lambda v, m: m == target


def _atom_moves(atom: _Atom, want: Callable[[int, int | None], bool], target: int,
                memo: MisereMemo, budget: Budget, limit: int) -> list[Move]:
    """The moves of one component to positions whose ``(v, m)`` satisfies ``want``."""
    game, law = atom.game, atom.law
    if law is not None and law.kind is not LawKind.PERIODIC:  # all-but: the game's own rule lists the moves
        if target < 0:  # Nim-like misère target: m = 0 at heap 1, m = 1 at heap 0, else m = v
            target = next(v for v in range(3) if want(v, v if v >= 2 else 1 - v)) \
                if law.kind in (LawKind.NIM, LawKind.SJ) else -1  # (their heaps: m = 1, 0, v)
            if target < 0:
                raise NotSupportedError(f"{game.spec}: no misère values known")
        return moves_to_value(game, atom.position, target, cache=memo.cache, limit=limit)
    found = []
    for move in budget.take(game.moves(atom.position), game):
        if law is not None:
            n = _single_heap(game, move.to)
            v, m = law.pair(n if n is not None else 0)
        else:
            v, m, _, _ = profile(game, move.to, memo, budget)
        if want(v, m):
            found.append(move)
    return found


# ---- single positions ------------------------------------------------------------------------

def misere_value(game: Game, position: Any, *, limit: int = DEFAULT_MISERE_LIMIT,
                 memo: MisereMemo | None = None) -> int:
    """The misère Grundy value ``γ1`` of ``position``: ``mex`` of the options' values, 1 with no
    option; 0 exactly when the player to move loses in misère play. Brute force with a memo,
    or the game's heap law (:func:`~grundy.theory.misere_laws.heap_law`) for a single heap.

    >>> from grundy.catalog import load_game
    >>> [misere_value(load_game("kayles"), n) for n in range(8)]
    [1, 0, 2, 3, 0, 1, 3, 2]
    >>> misere_value(load_game("bash(3)"), 10**18 + 1)  # 4 | 10**18, and m(1) = 0
    0
    """
    memo = memo or MisereMemo()
    position = game.validate(position)
    budget = Budget(limit)
    n = _single_heap(game, position)
    law = heap_law(game, memo=memo, budget=budget) if n is not None else None
    if law is not None and n is not None:
        m = law.pair(n)[1]
        if m is not None:
            return m
    return profile(game, position, memo, budget)[1]


def misere_table(game: HeapGame, upto: int, *, limit: int = DEFAULT_MISERE_LIMIT,
                 memo: MisereMemo | None = None, budget: Budget | None = None) -> list[int]:
    """Misère Grundy values of single heaps ``0 .. upto`` of a heap game: from the game's law
    where it has one (every heap), else by brute force within ``limit`` steps in all (refused
    beyond it with a :class:`~grundy.errors.SearchLimitError` naming ``upto=`` and ``limit=``).
    The period and genera of the table: :func:`grundy.tables.misere_table.analyze_misere`.
    ``budget``: a :class:`~grundy.engine.limits.Budget` to spend instead of a new one of
    ``limit`` steps.

    >>> from grundy.catalog import load_game
    >>> misere_table(load_game("subtraction(2,5)"), 12)
    [1, 1, 0, 0, 1, 2, 0, 1, 1, 0, 0, 1, 2]
    """
    if upto < 0:
        raise InvalidInputError(f"misère table: upto must be non-negative, got {upto!r}")
    memo = memo or MisereMemo()
    law = heap_law(game, memo=memo)  # bounded on its own (MAX_LAW_STEPS)
    if law is not None and law.pair(0)[1] is not None:
        return [int(law.pair(n)[1]) for n in range(upto + 1)]  # type: ignore[arg-type]
    budget = Budget(limit) if budget is None else budget
    limit = budget.limit
    values: list[int] = []
    try:
        for n in range(upto + 1):
            values.append(profile(game, (n,), memo, budget)[1])
    except SearchLimitError:
        raise SearchLimitError(
            f"{game.spec}: the misère values of heaps 0..{upto:,} need more than {limit:,} "
            f"brute-force steps (heaps 0..{len(values) - 1} fit): lower upto= or raise limit=",
            parameters=("upto", "limit")) from None
    return values


def genus(game: Game, position: Any, *, limit: int = DEFAULT_MISERE_LIMIT, depth: int = GENUS_DEPTH,
          memo: MisereMemo | None = None) -> tuple[int, ...]:
    """Conway's genus ``(γ0, γ1, γ2, …)`` of ``position``: ``γ0`` its normal value, ``γ1`` its
    misère value, ``γ(k+1)`` the misère value of ``position + *2 + … + *2`` (``k`` heaps of 2).

    Computed by brute force up to ``γ(depth)`` and truncated after the first two entries of the
    alternating tail (``γi = γ(i+2)`` for every computed ``i`` from there on), as Conway writes
    it: 0^{120} is ``(0, 1, 2, 0)``, meaning ``0, 1, 2, 0, 2, 0, …``. Conway proved that every
    genus alternates eventually; that it already does from the point shown is observed up to
    ``γ(depth)``.

    >>> from grundy.catalog import load_game
    >>> nim = load_game("nim")
    >>> genus(nim, (0,)), genus(nim, (1,)), genus(nim, (3,)), genus(nim, (2, 3))
    ((0, 1, 2, 0), (1, 0, 3, 1), (3, 3, 1), (1, 1, 3))
    """
    if depth < 3:
        raise InvalidInputError(f"genus: depth must be at least 3, got {depth!r}")
    memo = memo or MisereMemo()
    position = game.validate(position)
    budget = Budget(limit)
    gammas = [profile(game, position, memo, budget)[0]]
    gammas += [genus_entry(game, position, k, memo, budget) for k in range(depth)]
    last = len(gammas) - 3
    start = last + 1
    while start > 1 and gammas[start - 1] == gammas[start + 1]:
        start -= 1
    return tuple(gammas[:start + 2])
