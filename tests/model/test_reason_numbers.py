"""Every number a reason states is recomputed here, independently of the game's own code.

A reason is :class:`grundy.model.reason.Reason`: a rule and the facts it used, the text rendered
from them. For every registered game (each catalogue example, at each of its sample positions, in
normal and misère play) the reason of :func:`grundy.solve`, and the reason of every part of a
sum, is checked fact by fact: :data:`CHECKS` holds, for each rule, a function that recomputes the
rule's facts from the position with a brute force of its own (``G(k)`` a mex over the game's
moves, misère outcomes by retrograde analysis, ``φ`` a 60-digit decimal, matchings by exhaustive
search) and says which facts it found wrong. Then the text is compared with the rule's template
rendered from the facts. A rule without a check fails the test, so a new kind of reason is never
skipped silently.

The oracle uses only ``game.moves`` (the rules), never the engine or a game's closed forms.
"""

from __future__ import annotations

import json
import re
from collections import Counter, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import ROUND_FLOOR, Decimal, getcontext
from typing import Any

import pytest

import grundy
from grundy import solve
from grundy.catalog import load_game, parse_sum, registered_games, unregister
from grundy.errors import GrundyError
from grundy.model.game import Game, HeapGame
from grundy.model.reason import TEMPLATES, Reason
from tests.marks import slow_params

getcontext().prec = 60
PHI = (1 + Decimal(5).sqrt()) / 2


# ---- the independent oracle -----------------------------------------------------------------
def mex(values: set[int]) -> int:
    return next(v for v in range(len(values) + 1) if v not in values)


def xor(values: Iterable[int]) -> int:
    total = 0
    for v in values:
        total ^= v
    return total


class Loopy(Exception):
    """The position can reach itself: no ordinary Grundy value."""


@dataclass
class Oracle:
    """Brute force over ``game.moves``: mex for values, "some move to a lost position" for misère."""

    game: Game
    values: dict[Any, int] = field(default_factory=dict)
    misere: dict[Any, bool] = field(default_factory=dict)
    heaps: list[int] = field(default_factory=list)

    def key(self, position: Any) -> Any:
        return tuple(sorted(position)) if isinstance(self.game, HeapGame) else position

    def _children(self, position: Any) -> list[Any]:
        return [m.to for m in self.game.moves(position)]

    def value(self, position: Any) -> int:
        if isinstance(self.game, HeapGame) and len(position) == 1:
            return self.heap(position[0])
        if isinstance(self.game, HeapGame) and self.game.components(position) is not None:
            return xor(self.heap(h) for h in position)  # a sum of heaps (Sprague-Grundy theorem)
        return self._solve(position, self.values, lambda vs: mex(set(vs)))

    def misere_wins(self, position: Any) -> bool:
        return self._solve(position, self.misere, lambda ws: not ws or not all(ws))

    def _solve(self, root: Any, memo: dict[Any, Any], combine: Callable[[list[Any]], Any]) -> Any:
        stack: list[tuple[Any, list[Any] | None]] = [(root, None)]
        active: set[Any] = set()
        while stack:
            position, children = stack.pop()
            key = self.key(position)
            if key in memo:
                continue
            if children is None:
                if key in active:
                    raise Loopy(position)
                children = self._children(position)
                active.add(key)
                stack.append((position, children))
                for child in children:
                    ck = self.key(child)
                    if ck in active:
                        raise Loopy(position)
                    if ck not in memo:
                        stack.append((child, None))
                continue
            memo[key] = combine([memo[self.key(c)] for c in children])
            active.discard(key)
        return memo[self.key(root)]

    def heap(self, n: int) -> int:
        """A single heap, bottom-up: the mex of the XORs of what each move leaves (a heap game's
        moves leave smaller heaps, whose sum has the XOR of their values)."""
        table = self.heaps
        for m in range(len(table), n + 1):
            table.append(mex({xor(table[h] for h in result) for _, result in self.game.heap_moves(m)}))
        return table[n]

    def p_position(self, position: Any, misere: bool) -> bool:
        return not self.misere_wins(position) if misere else self.value(position) == 0

    def outcome(self, position: Any, misere: bool) -> str:
        """"P", "N" or "D" by retrograde analysis (works for loopy games too)."""
        try:
            return "P" if self.p_position(position, misere) else "N"
        except Loopy:
            pass
        graph: dict[Any, list[Any]] = {}
        queue = deque([position])
        while queue:
            p = queue.popleft()
            if p in graph:
                continue
            graph[p] = self._children(p)
            queue.extend(c for c in graph[p] if c not in graph)
        label: dict[Any, str] = {p: ("N" if misere else "P") for p, cs in graph.items() if not cs}
        changed = True
        while changed:
            changed = False
            for p, cs in graph.items():
                if p in label:
                    continue
                if any(label.get(c) == "P" for c in cs):
                    label[p], changed = "N", True
                elif all(label.get(c) == "N" for c in cs):
                    label[p], changed = "P", True
        return label.get(position, "D")


def misere_value(oracle: Oracle, position: Any) -> int:
    """The misère Grundy value: 1 at a position without moves, else the mex of the options'."""
    memo: dict[Any, int] = oracle.__dict__.setdefault("misere_values", {})
    key = oracle.key(position)
    if key not in memo:
        options = [m.to for m in oracle.game.moves(position)]
        memo[key] = 1 if not options else mex({misere_value(oracle, o) for o in options})
    return memo[key]


def nim_times(a: int, b: int) -> int:
    """Nim multiplication by its definition: mex of a'⊗b ⊕ a⊗b' ⊕ a'⊗b' (a' < a, b' < b)."""
    return mex({nim_times(x, b) ^ nim_times(a, y) ^ nim_times(x, y) for x in range(a) for y in range(b)})


def fibonacci_numbers(limit: int) -> list[int]:
    fib = [1, 2]
    while fib[-1] <= limit:
        fib.append(fib[-1] + fib[-2])
    return fib


def zeckendorf_terms(n: int) -> list[int]:
    """Greedy: the largest Fibonacci number that fits, repeatedly (largest first)."""
    terms = []
    while n:
        terms.append(max(f for f in fibonacci_numbers(n) if f <= n))
        n -= terms[-1]
    return terms


def golden_floor(d: int) -> int:
    return int((d * PHI).to_integral_value(ROUND_FLOOR))


HEAP_ORACLE_LIMIT = 1_000
"""Heaps up to this size are valued by the oracle (bottom-up over every smaller heap)."""


# ---- one reason, checked -----------------------------------------------------------------------
MISSING = object()


@dataclass
class Case:
    """A reason to check: the game and position it is about, the oracle, what was found."""

    spec: str
    game: Game
    position: Any
    misere: bool
    top: bool
    """The reason of the whole answer: its verdict is checked against the oracle's outcome."""
    oracles: dict[int, Oracle]
    expected: dict[str, Any] = field(default_factory=dict)
    checked: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)

    def oracle(self, game: Game | None = None) -> Oracle:
        game = game or self.game
        return self.oracles.setdefault(id(game), Oracle(game))

    def part(self, game: Game, position: Any) -> Case:
        return Case(self.spec, game, position, self.misere, False, self.oracles)

    def want(self, facts: Any, key: str, value: Any) -> None:
        self.expected[key] = value
        got = facts.get(key, MISSING)
        (self.checked if got == value else self.wrong).append(f"{key} = {value!r} (stated {got!r})"
                                                             if got != value else key)

    def claim(self, ok: bool, text: str) -> None:
        (self.checked if ok else self.wrong).append(text)

    def verdict(self, implied: str) -> None:
        """The outcome the facts imply, against the oracle's (for the whole answer only)."""
        if self.top and not too_big(self.game, self.position):
            true = self.oracle().outcome(self.position, self.misere)
            self.claim(true == implied, f"the facts imply {implied}, the outcome is {true}")

    def heap(self) -> int:
        assert isinstance(self.game, HeapGame) and len(self.position) == 1, self.position
        return int(self.position[0])

    def heap_value(self, n: int) -> int | None:
        return self.oracle().heap(n) if n <= HEAP_ORACLE_LIMIT else None

    def value(self, position: Any = None, game: Game | None = None) -> int:
        game = game or self.game
        position = self.position if position is None else position
        if isinstance(game, HeapGame) and max(position, default=0) > HEAP_ORACLE_LIMIT:
            raise Loopy("too large for the oracle")
        return self.oracle(game).value(position)

    def where(self) -> str:
        return f"{self.spec} {self.position!r}{' misère' if self.misere else ''}"


Facts = Any
CHECKS: dict[str, Callable[[Facts, Case], None]] = {}


def check(*rules: str) -> Callable[[Callable[[Facts, Case], None]], Callable[[Facts, Case], None]]:
    def register(fn: Callable[[Facts, Case], None]) -> Callable[[Facts, Case], None]:
        for rule in rules:
            CHECKS[rule] = fn
        return fn
    return register


def check_reason(reason: Reason, case: Case) -> Case:
    """Check ``reason``'s facts (and its parts' reasons) and that its text is its template
    rendered from the recomputed facts; the findings are in ``case``."""
    fn = CHECKS.get(reason.rule)
    if fn is None:
        case.wrong.append(f"no check for the rule {reason.rule!r} (teach CHECKS)")
        return case
    fn(reason.facts, case)
    rendered = Reason(reason.rule, {**reason.facts, **case.expected}).text
    case.claim(rendered == reason.text, f"text {reason.text!r} == template of the recomputed facts "
                                        f"{rendered!r}")
    return case


def sub_check(reason: Reason, case: Case, game: Game, position: Any) -> None:
    sub = check_reason(reason, case.part(game, position))
    case.checked += sub.checked
    case.wrong += [f"part {game.spec} {position!r}: {w}" for w in sub.wrong]


def xor_facts(f: Facts, c: Case, key: str, values: list[int], total_key: str = "total") -> None:
    c.want(f, key, tuple(values[:8]))
    if len(values) > 8 or "count" in f:
        c.want(f, "count", len(values))
    c.want(f, total_key, xor(values))


# ---- normal-play rules of one position ---------------------------------------------------------
@check("bouton")
def _bouton(f: Facts, c: Case) -> None:
    xor_facts(f, c, "heaps", list(c.position))
    c.verdict("N" if xor(c.position) else "P")


@check("anti-nim-ones")
def _anti_nim_ones(f: Facts, c: Case) -> None:
    c.claim(all(h <= 1 for h in c.position), "every heap is 0 or 1")
    c.want(f, "ones", sum(1 for h in c.position if h == 1))
    c.verdict("P" if f["ones"] % 2 else "N")


@check("anti-nim")
def _anti_nim(f: Facts, c: Case) -> None:
    c.claim(any(h > 1 for h in c.position), "some heap exceeds 1")
    xor_facts(f, c, "heaps", list(c.position))
    c.verdict("N" if xor(c.position) else "P")


@check("bash", "misere-bash")
def _bash(f: Facts, c: Case) -> None:
    n = c.heap()
    a, b = f["a"], f["b"]
    takes = sorted({n - r[0] if r else n for _, r in c.game.heap_moves(n)} - {0}) if n else []
    c.claim(all(a <= t <= b for t in takes) or f["rest_all"], f"every take of {n} is in [{a}, {b}]")
    c.want(f, "n", n)
    c.want(f, "period", a + b)
    if c.misere:
        r = (n - (0 if f["rest_all"] else a)) % (a + b)
        c.want(f, "remainder", r)
        c.verdict("P" if (1 <= r <= a if f["rest_all"] else r < a) else "N")
        return
    c.want(f, "remainder", n % (a + b))
    value = c.heap_value(n)
    if value is not None:
        c.want(f, "value", value)
    c.verdict("N" if f["value"] else "P")


@check("bounded-nim")
def _bounded_nim(f: Facts, c: Case) -> None:
    values = [c.oracle().heap(h) for h in c.position]
    c.want(f, "residues", tuple(h % f["period"] for h in c.position[:8]))
    c.claim(list(f["residues"]) == values[:8], f"heap mod {f['period']} is G(heap): {values[:8]}")
    c.want(f, "count", len(c.position))
    c.want(f, "value", xor(values))
    c.verdict("N" if f["value"] else "P")


def _heap_value_rule(f: Facts, c: Case) -> None:
    n = c.heap()
    c.want(f, "n", n)
    value = c.heap_value(n)
    if value is not None:
        c.want(f, "value", value)
    c.verdict("N" if f["value"] else "P")


check("moore-heap", "grundy-game-table")(_heap_value_rule)


@check("lasker-nim")
def _lasker(f: Facts, c: Case) -> None:
    _heap_value_rule(f, c)
    c.want(f, "residue", c.heap() % 4)


@check("infinite-subtraction")
def _infinite(f: Facts, c: Case) -> None:
    _heap_value_rule(f, c)
    modulus = {"odd": 2, "powers-of-2": 3}.get(f["set"])
    if modulus is not None:
        c.claim(f["value"] == c.heap() % modulus, f"G(n) = n mod {modulus}")


@check("infinite-subtraction-misere")
def _infinite_misere(f: Facts, c: Case) -> None:
    n, modulus = c.heap(), {"odd": 2, "powers-of-2": 3}[f["set"]]
    c.want(f, "n", n)
    c.claim(c.misere, "a misère rule")
    c.verdict("P" if n % modulus == 1 else "N")  # the rule the text states: loses iff n mod m = 1


@check("all-but")
def _all_but(f: Facts, c: Case) -> None:
    _heap_value_rule(f, c)
    G, p, s, start = c.oracle().heap, f["period"], f["saltus"], f["preperiod"]
    c.claim(all(G(n + p) == G(n) + s for n in range(start, start + 40)),
            f"G(n + {p}) = G(n) + {s} for n ≥ {start} (checked to {start + 40})")


@check("forbidden-nim")
def _forbidden_nim(f: Facts, c: Case) -> None:
    _heap_value_rule(f, c)
    G, n = c.oracle().heap, c.heap()
    values = [G(m) for m in range(n + 1)]
    lowered = sum(1 for m in range(n + 1) if values[m] <= max(values[:m], default=-1))
    c.want(f, "lowered", lowered)
    c.want(f, "cut", values[n] <= max(values[:n], default=-1))
    c.want(f, "forbidden", n - sum(1 for _ in c.game.moves((n,))))
    c.claim(f["cut"] or f["value"] == n - lowered, f"G({n}) = {n} - {lowered}")


@check("grundy-game-table")
def _grundy_game(f: Facts, c: Case) -> None:
    _heap_value_rule(f, c)
    n = c.heap()
    c.want(f, "splits", sum(1 for i in range(1, n) if i < n - i))
    c.claim(f["table_upto"] >= n, f"the table G(0..{f['table_upto']}) covers {n}")


@check("periodic")
def _periodic(f: Facts, c: Case) -> None:
    n, p, e = c.heap(), f["period"], f["preperiod"]
    c.want(f, "game", c.game.spec)
    c.want(f, "n", n)
    c.want(f, "same_as", e + (n - e) % p)
    G = c.oracle().heap
    c.claim(all(G(m + p) == G(m) for m in range(e, e + 60)), f"period {p} from {e} (60 heaps)")
    value = c.heap_value(n)
    if value is not None:
        c.claim(value == G(f["same_as"]), f"G({n}) = G({f['same_as']})")
    c.verdict("N" if G(f["same_as"]) else "P")


@check("moore-misere-heap")
def _moore_misere_heap(f: Facts, c: Case) -> None:
    live = [h for h in c.position if h]
    c.claim(c.misere and len(live) <= 1, f"misère, at most one live heap: {live}")
    c.want(f, "n", live[0] if live else 0)
    c.verdict("P" if f["n"] == 1 else "N")


@check("moore")
def _moore(f: Facts, c: Case) -> None:
    heaps, k1 = list(c.position), f["k"] + 1
    width = max(heaps, default=0).bit_length()
    sums = [sum((h >> bit) & 1 for h in heaps) % k1 for bit in reversed(range(width))]
    c.want(f, "k", int(c.spec[6:-1]))
    c.want(f, "heaps", tuple(heaps[:8]))
    c.want(f, "count", len(heaps))
    c.want(f, "column_sums", tuple(sums[:16]))
    c.want(f, "columns", len(sums))
    c.want(f, "all_zero", not any(sums))
    c.verdict("N" if any(sums) else "P")


@check("staircase-nim")
def _staircase(f: Facts, c: Case) -> None:
    xor_facts(f, c, "odd_steps", list(c.position[::2]))
    c.claim(f["total"] == c.value(), "the XOR is the value")
    c.verdict("N" if f["total"] else "P")


@check("tree-staircase-nim")
def _tree_staircase(f: Facts, c: Case) -> None:
    n = (len(c.position) + 1) // 2
    parents, counts = c.position[:n - 1], c.position[n - 1:]
    depth = {0: 0}
    while len(depth) < n:  # (the depths by passes over the parents: trees here are small)
        depth.update({v: depth[parents[v - 1]] + 1 for v in range(1, n) if parents[v - 1] in depth})
    xor_facts(f, c, "odd_nodes", [counts[v] for v in range(n) if depth[v] % 2])
    c.claim(f["total"] == c.value(), "the XOR is the value")
    c.verdict("N" if f["total"] else "P")


@check("treblecross-three")
def _treblecross_three(f: Facts, c: Case) -> None:
    b = c.position
    cells = [i + 1 for i, ch in enumerate(b) if ch == "." and "XXX" in b[:i] + "X" + b[i + 1:]]
    c.want(f, "cells", tuple(cells[:8]))
    c.want(f, "count", len(cells))
    c.verdict("N")


def _octal_0007(upto: int) -> list[int]:
    g = [0, 0, 0]
    while len(g) <= upto:
        g.append(mex({g[a] ^ g[len(g) - 3 - a] for a in range(len(g) - 2)}))
    return g


@check("treblecross-0.007")
def _treblecross_octal(f: Facts, c: Case) -> None:
    b = c.position
    safe = "".join("s" if ch == "." and "X" not in b[max(0, i - 2):i + 3] else "-" for i, ch in enumerate(b))
    runs = [(i + 1, len(run)) for i, run in ((m.start(), m.group()) for m in re.finditer("s+", safe))]
    g = _octal_0007(len(b) + 2)
    c.want(f, "starts", tuple(s for s, _ in runs[:8]))
    c.want(f, "lengths", tuple(n for _, n in runs[:8]))
    xor_facts(f, c, "values", [g[n + 2] for _, n in runs])
    c.verdict("N" if f["total"] else "P")


@check("split-stones")
def _split(f: Facts, c: Case) -> None:
    n = len(c.position)
    odd = [n - 1 - i for i, k in enumerate(c.position) if k % 2]
    values = [c.value((1,) + (0,) * d) for d in odd]
    c.want(f, "distances", tuple(odd[:6]))
    c.want(f, "count", len(odd))
    c.want(f, "values", tuple(values[:6]))
    c.want(f, "total", c.value())
    c.claim(xor(values) == f["total"], "the XOR of the stones' values is the value")
    c.verdict("N" if f["total"] else "P")


@check("coins")
def _coins(f: Facts, c: Case) -> None:
    heads = [p for p, ch in enumerate(c.position, start=1) if ch == "H"]
    values = [c.value("T" * (p - 1) + "H") for p in heads]
    c.want(f, "game", c.game.spec)
    c.want(f, "heads", tuple(heads[:8]))
    c.want(f, "count", len(heads))
    c.want(f, "values", tuple(values[:8]))
    c.want(f, "total", c.value())
    c.claim(xor(values) == f["total"], "the XOR of the heads' values is the value")
    c.verdict("N" if f["total"] else "P")


@check("tartan")
def _tartan(f: Facts, c: Case) -> None:
    heads = list(c.position)
    values = [c.value(((x, y),)) for x, y in heads]
    c.want(f, "heads", tuple(heads[:8]))
    c.want(f, "count", len(heads))
    c.want(f, "values", tuple(values[:8]))
    c.want(f, "total", c.value())
    c.claim(xor(values) == f["total"], "the XOR of the heads' values is the value")
    c.claim(all(nim_times(u, v) == w for (u, v), w in zip(f["factor_values"], f["values"], strict=True)),
            f"v1(x) ⊗ v2(y) = value: {f['factor_values']} → {f['values']}")
    c.verdict("N" if f["total"] else "P")


@check("wythoff", "misere-wythoff")
def _wythoff(f: Facts, c: Case) -> None:
    a, b = sorted(c.position)
    c.want(f, "a", a)
    c.want(f, "b", b)
    c.want(f, "difference", b - a)
    if "lower" in f:
        lost = [x for x in range(30) if c.oracle().p_position((x, x + b - a), True)]
        c.claim(c.misere and lost == [f["lower"]], f"misère P-positions of difference {b - a}: {lost}")
        c.verdict("P" if a == f["lower"] else "N")
        return
    c.want(f, "floor", golden_floor(b - a))
    c.verdict("P" if f["floor"] == a else "N")


@check("fibonacci-nim")
def _fibonacci(f: Facts, c: Case) -> None:
    n, limit = c.position
    terms = zeckendorf_terms(n)
    c.want(f, "n", n)
    c.want(f, "limit", limit)
    c.want(f, "terms", tuple(terms if len(terms) <= 6 else terms[:3] + terms[-2:]))
    c.want(f, "term_count", len(terms))
    winning = [k for k in range(1, limit + 1) if c.value((n - k, min(2 * k, n - k))) == 0]
    if "takes" in f:
        c.want(f, "takes", tuple(winning[:8]))
        c.want(f, "take_count", len(winning))
        c.claim(terms[-1] in winning, f"take the smallest term {terms[-1]}: {winning}")
    c.verdict("N" if winning else "P")


def kfold_numbers(k: int, limit: int) -> list[int]:
    """H(1) = 1, H(j+1) = H(j) + the least earlier term x with k·x ≥ H(j), up to past ``limit``."""
    h = [1]
    while h[-1] <= limit:
        h.append(h[-1] + min(x for x in h if k * x >= h[-1]))
    return h


@check("dynamic-subtraction")
def _dynamic_subtraction(f: Facts, c: Case) -> None:
    n, limit = c.position
    k = c.game.k  # type: ignore[attr-defined]
    c.want(f, "k", k)
    c.want(f, "n", n)
    c.want(f, "limit", limit)
    if n == 0:
        c.verdict("P")
        return
    h, rest, terms = kfold_numbers(k, max(n, 128)), n, []
    while rest:
        terms.append(max(x for x in h if x <= rest))
        rest -= terms[-1]
    c.want(f, "start", tuple(h[:8]))
    c.want(f, "terms", tuple(terms if len(terms) <= 6 else terms[:3] + terms[-2:]))
    c.want(f, "term_count", len(terms))
    c.want(f, "smallest", terms[-1])
    winning = [t for t in range(1, limit + 1) if c.value((n - t, min(k * t, n - t))) == 0]
    if "takes" in f:
        c.want(f, "takes", tuple(winning[:8]))
        c.want(f, "take_count", len(winning))
        c.claim(terms[-1] in winning, f"take the smallest term {terms[-1]}: {winning}")
    c.verdict("N" if winning else "P")


@check("hackenbush-misere")
def _hackenbush_misere(f: Facts, c: Case) -> None:
    """Misère play on a forest: the branches at the ground valued here by the colon principle (the
    SJ theorem over them decides; the verdict is checked against the oracle's search)."""
    game: Any = c.game
    edges = [game.edges[i] for i in c.position]
    adjacent: dict[int, list[int]] = {}
    for u, v in edges:
        adjacent.setdefault(u, []).append(v)
        adjacent.setdefault(v, []).append(u)

    def value(v: int, parent: int) -> int:
        total = 0
        for u in adjacent.get(v, []):
            if u != parent:
                total ^= value(u, v) + 1
        return total

    c.claim(len({v for e in edges for v in e} | {game.ground}) == len(edges) + 1, "a tree (no cycle)")
    branches = [value(u, game.ground) + 1 for u in adjacent.get(game.ground, [])]
    c.want(f, "branches", len(branches))
    c.claim(sorted(f["values"]) == sorted(branches)[:8] or len(branches) > 8, f"values {branches}")
    c.want(f, "total", xor(branches))
    big = sum(1 for v in branches if v > 1)
    c.want(f, "big", big)
    wins = (f["total"] != 0 and big > 0) or (f["total"] == 0 and big == 0)
    c.want(f, "wins", wins)
    c.verdict("N" if wins else "P")


@check("hackenbush", "hackenbush-empty", "hackenbush-floating")
def _hackenbush(f: Facts, c: Case) -> None:
    game: Any = c.game
    edges = [game.edges[i] for i in c.position]
    if "value" not in f:
        c.claim(not edges, "no edge")
        c.claim("ground" not in f or not any(game.ground in e for e in game.edges),
                "the ground touches no edge")
        c.verdict("P")
        return

    def connected(es: list[tuple[int, int]], u: int, v: int) -> bool:
        seen, todo = {u}, [u]
        while todo:
            x = todo.pop()
            for p, q in es:
                for y in ((q,) if p == x else ()) + ((p,) if q == x else ()):
                    if y not in seen:
                        seen.add(y)
                        todo.append(y)
        return v in seen

    bridges = [e for i, e in enumerate(edges) if e[0] != e[1]
               and not connected(edges[:i] + edges[i + 1:], *e)]
    rest = [e for e in edges if e not in bridges]
    blocks = 0
    left = list(rest)
    while left:
        group = [e for e in left if connected(left, left[0][0], e[0])]
        left = [e for e in left if e not in group]
        blocks += 1
    c.want(f, "edges", len(edges))
    c.want(f, "cycle_edges", len(rest))
    c.want(f, "blocks", blocks)
    c.want(f, "value", c.value())
    c.verdict("N" if f["value"] else "P")


@check("vertex-geography")
def _geography(f: Facts, c: Case) -> None:
    start, visited = c.position

    def neighbours(u: int) -> list[int]:
        return [mv.to[0] for mv in c.game.moves((u, frozenset({u})))]

    component, todo = {start}, [start]
    while todo:
        for w in neighbours(todo.pop()):
            if w not in component and w not in visited:
                component.add(w)
                todo.append(w)
    edges = sorted({(min(u, w), max(u, w)) for u in component for w in neighbours(u) if w in component})

    def nu(es: list[tuple[int, int]], used: frozenset[int] = frozenset()) -> int:
        if not es:
            return 0
        (u, w), rest = es[0], es[1:]
        best = nu(rest, used)
        if u not in used and w not in used:
            best = max(best, 1 + nu(rest, used | {u, w}))
        return best

    whole, without = nu(edges), nu([e for e in edges if start not in e])
    c.want(f, "size", len(component))
    c.want(f, "visited", len(visited))
    c.want(f, "matching", whole)
    c.want(f, "matching_without", without)
    c.want(f, "wins", without < whole)
    c.verdict("N" if without < whole else "P")


def _token_values(f: Facts, c: Case) -> list[int | None]:
    """Each listed token's value by the oracle (``None`` in a region with cycles)."""
    out: list[int | None] = []
    for name, stated in zip(f["tokens"], f["values"], strict=True):
        try:
            true = c.value(c.game.parse_position(name))
        except Loopy:
            out.append(stated if isinstance(stated, int) else None)
            continue
        c.claim(stated == true, f"vertex {name}: {stated} (brute force {true})")
        out.append(true)
    return out


@check("digraph-vertex", "digraph-sum")
def _digraph(f: Facts, c: Case) -> None:
    values = _token_values(f, c)
    c.want(f, "count", len(c.position))
    if len(c.position) <= 8:
        c.want(f, "total", xor(v or 0 for v in values))
    c.verdict("N" if f["total"] else "P")


@check("smith-graph")
def _smith_graph(f: Facts, c: Case) -> None:
    values = _token_values(f, c)
    c.want(f, "count", len(c.position))
    infinite = f["infinite"]
    c.claim(infinite == sum(1 for v in f["values"] if not isinstance(v, int)) or len(c.position) > 8,
            f"{infinite} infinite token(s)")
    if infinite == 0 and len(c.position) <= 8:
        c.want(f, "total", xor(v or 0 for v in values))
    if infinite == 1 and len(c.position) <= 8:
        c.want(f, "rest", xor(v for v in f["values"] if isinstance(v, int)))
    outcome = ("N" if f["total"] else "P") if infinite == 0 else "D" if infinite > 1 else (
        "N" if (0 in f["options"] if len(c.position) == 1 else f["rest"] in f["options"]) else "D")
    c.verdict(outcome)


# ---- rules without numbers of their own: the verdict ---------------------------------------
@check("misere-retrograde-token", "misere-brute-force", "brute-force", "smith", "mex")
def _verdict_only(f: Facts, c: Case) -> None:
    c.claim(not f, "no facts")


@check("mex-explored", "smith-positions")
def _explored(f: Facts, c: Case) -> None:
    seen, todo = {c.position}, [c.position]
    while todo:
        for m in c.game.moves(todo.pop()):
            if m.to not in seen:
                seen.add(m.to)
                todo.append(m.to)
    c.want(f, "explored", len(seen))


@check("mex-reachable")
def _reachable(f: Facts, c: Case) -> None:
    seen, todo = {c.position[0]}, [c.position[0]]
    while todo:
        for option in c.game.heap_options(todo.pop()):
            for h in option:
                if h not in seen:
                    seen.add(h)
                    todo.append(h)
    c.claim(0 < f["heaps"] <= len(seen), f"{f['heaps']} heaps searched of {len(seen)} reachable")


@check("proved-pattern", "conjectured-pattern", "conjectured-pair-pattern")
def _pattern(f: Facts, c: Case) -> None:
    c.claim(isinstance(f["pattern"], str) and f["pattern"], "a pattern is named")


@check("p-rule-move")
def _p_rule_move(f: Facts, c: Case) -> None:
    c.claim(isinstance(f["rule"], str) and f["rule"], "a rule of the P-positions is named")
    c.claim(type(f["checked"]) is int and f["checked"] >= 0, "the rule was checked up to a number")
    c.claim(isinstance(f["target"], str) and f["target"], "the move's target is named")


# ---- sums ----------------------------------------------------------------------------------
def part_rule(game: Game, position: Any) -> Reason:
    """How the definition values a part of a sum: its own rule, the XOR of its heaps, or the mex."""
    own = game.explain(position)
    if own is not None:
        return own
    sub = game.components(position)
    if sub is None:
        return Reason("mex", {})
    rules = distinct([game.explain(p) or Reason("mex", {}) for game, p in sub[:3]])
    return Reason("xor-of-heaps", {"count": len(sub), "part_rules": tuple(rules)})


def distinct(reasons: Iterable[Reason]) -> list[Reason]:
    out: list[Reason] = []
    for r in reasons:
        if r.text not in [o.text for o in out]:
            out.append(r)
    return out


def _parts_rules(f: Facts, c: Case, parts: list[tuple[Game, Any]], rules: list[Reason]) -> None:
    c.want(f, "part_rules", tuple(rules))
    for rule in rules:  # each distinct rule, checked at the first part it comes from
        game, position = next((g, p) for g, p in parts if part_rule(g, p).text == rule.text)
        sub_check(rule, c, game, position)


@check("sprague-grundy-sum")
def _sum(f: Facts, c: Case) -> None:
    parts = c.game.components(c.position)
    assert parts is not None
    if "total" in f:
        xor_facts(f, c, "values", [c.value(p, g) for g, p in parts])
        c.verdict("N" if f["total"] else "P")
    _parts_rules(f, c, parts[:8], distinct(part_rule(g, p) for g, p in parts[:8])[:3])


@check("sprague-grundy-large-sum")
def _large_sum(f: Facts, c: Case) -> None:
    parts = c.game.components(c.position)
    assert parts is not None
    values = [c.value(p, g) for g, p in parts]
    c.want(f, "values", tuple(values[:8]))
    c.want(f, "count", len(parts))
    c.want(f, "total", xor(values))
    c.verdict("N" if f["total"] else "P")
    rules = distinct(g.explain(p) or Reason("mex", {}) for g, p in parts[:3])
    _parts_rules(f, c, parts[:3], rules)


@check("xor-of-heaps")
def _heaps(f: Facts, c: Case) -> None:
    sub = c.game.components(c.position)
    assert sub is not None
    c.want(f, "count", len(sub))
    _parts_rules(f, c, sub[:3], distinct(sub_game.explain(p) or Reason("mex", {}) for sub_game, p in sub[:3]))


def too_big(game: Game, position: Any) -> bool:
    """Whether some heap of the position is beyond the oracle's reach."""
    return any(isinstance(g, HeapGame) and max(p, default=0) > HEAP_ORACLE_LIMIT
               for g, p in atoms(game, position))


def atoms(game: Game, position: Any) -> list[tuple[Game, Any]]:
    parts = game.components(position)
    if parts is None:
        return [(game, position)]
    return [a for g, p in parts for a in atoms(g, p)]


@check("sj-theorem", "genus-theory")
def _misere_sum(f: Facts, c: Case) -> None:
    found = atoms(c.game, c.position)
    c.want(f, "count", len(found))
    c.claim(0 <= f["brute_force"] <= len(found) and len(f["laws"]) <= 2, "laws and brute force")
    for law in f["laws"]:  # each heap law used, checked for the game it names
        sub_check(law, c, next(g for g, _ in found if g.spec == law.facts["game"]), None)
    if too_big(c.game, c.position):
        return
    values = [c.value(p, g) for g, p in found]
    xor_facts(f, c, "values", values)
    total = xor(values)
    if "big" in f:
        big = sum(1 for v in values if v > 1)
        c.want(f, "big", big)
        wins = (total != 0 and big > 0) or (total == 0 and big == 0)
    else:
        firm = sum(1 for g, p in found if misere_value(c.oracle(g), p) == c.value(p, g))
        c.want(f, "firm", firm)
        wins = (firm > 0 and total != 0) or (firm == 0 and total == 0)
    c.verdict("N" if wins else "P")


def heap_takes(game: Game, n: int) -> set[int]:
    """What the moves of a heap of ``n`` take (the heap game's moves leave one smaller heap)."""
    return {n - sum(result) for _, result in game.heap_moves(n)}


@check("misere-heap-period", "misere-nim-heaps", "misere-all-but")
def _heap_law(f: Facts, c: Case) -> None:
    c.want(f, "game", c.game.spec)
    G, oracle = c.oracle().heap, c.oracle()

    def m(n: int) -> int:
        return misere_value(oracle, (n,))

    if "period" in f:
        p, e = f["period"], f["preperiod"]
        c.want(f, "window", max(heap_takes(c.game, 60)))
        c.claim(all((G(n + p), m(n + p)) == (G(n), m(n)) for n in range(e, e + 60)),
                f"normal and misère values repeat with period {p} from {e} (60 heaps)")
    elif "largest_excluded" in f:
        t = f["largest_excluded"]
        c.claim(t not in heap_takes(c.game, t) and all(n in heap_takes(c.game, n)
                                                      for n in range(t + 1, t + 30)),
                f"a heap above {t} can be emptied, {t} cannot")
    else:
        c.claim(all((G(n) == 0) == (n == 0) and m(n) == (n if n >= 2 else 1 - n) for n in range(30)),
                "only the empty heap has value 0; misère value n (1, 0 for 0, 1)")


@check("bash-sj")
def _bash_sj(f: Facts, c: Case) -> None:
    """The declared SJ law of a Bash game: its takes are a..b, and every heap checked here (up to
    3(a + b)) of value 0 that has a move reaches a heap of value 1 (the SJ condition)."""
    c.want(f, "game", c.game.spec)
    a, b, G = f["a"], f["b"], c.oracle().heap
    top = min(3 * (a + b), 3000)
    c.claim(all(heap_takes(c.game, n) == set(range(a, min(b, n) + 1)) for n in range(top)),
            f"every take is in [{a}, {b}]")
    c.claim(all(G(n) != 0 or n < a or any(G(n - t) == 1 for t in range(a, min(b, n) + 1))
                for n in range(top)), f"the SJ condition at every heap up to {top}")


@check("misere-quotient")
def _quotient(f: Facts, c: Case) -> None:
    heaps = list(c.position)
    c.want(f, "game", c.game.spec)
    c.want(f, "heaps", tuple(heaps[:8]))
    c.want(f, "count", len(heaps))
    c.claim(len(f["images"]) == min(len(heaps), 8), "one image per listed heap")
    if f["status"] == "proved":
        p, e, top = f["period"], f["preperiod"], f["checked_upto"]
        c.claim(top >= 2 * e + 2 * p, f"checked to {top} ≥ 2·{e} + 2·{p}")
    else:
        c.claim(max(heaps) <= f["checked_upto"], f"every heap ≤ {f['checked_upto']}")
    if "then" in f:
        stuck = all(not list(c.game.moves((h,))) for h in heaps)
        c.want(f, "then", "none" if stuck else "loses" if f["p_portion"] else "wins")
    c.verdict("P" if f["p_portion"] else "N")


def suspense_number(game: Game, position: Any) -> int:
    """Smith's suspense number by its definition: 0 without a move; else 1 + the largest even
    one among the options if there is one (the winner delays), else 1 + the smallest (odd) one."""
    found = [suspense_number(game, m.to) for m in game.moves(position)]
    if not found:
        return 0
    even = [s for s in found if s % 2 == 0]
    return 1 + (max(even) if even else min(found))


@check("every-sg")
def _every_sg(f: Facts, c: Case) -> None:
    numbers = [suspense_number(g, p) for g, p in c.position]
    c.want(f, "suspense", tuple(numbers[:12]))
    c.want(f, "count", len(numbers))
    c.want(f, "largest", max(numbers))


@check("text")
def _text(f: Facts, c: Case) -> None:
    c.claim(False, f"a catalogue game gave a reason that is only text: {f['text']!r}")


# ---- the tests -----------------------------------------------------------------------------
def cases() -> Iterable[str]:
    for entry in registered_games():
        yield from entry.examples


CHECKED: dict[str, int] = {}
RULES_SEEN: Counter[str] = Counter()


def check_answer(spec: str, game: Game, position: Any, misere: bool, oracles: dict[int, Oracle]
                 ) -> Case | None:
    try:
        answer = solve(game, position, misere=misere, limit=200_000)
    except GrundyError:
        return None  # no answer, so no reason to check (tested elsewhere)
    why = answer.why
    case = Case(spec, game, answer.position, misere, True, oracles)
    case.claim(answer.reason == why.text, "the answer's reason is the text of its why")
    data = answer.to_json()
    case.claim(data["why"] == why.to_json() and json.loads(json.dumps(data))["why"] == data["why"],
               "the JSON why is the reason's rule and facts")
    RULES_SEEN.update(r.rule for r in why.walk())
    return check_reason(why, case)


@pytest.mark.parametrize("spec", slow_params(cases(), {"product(ruler,mock-turtles)"}))
def test_every_fact_of_every_reason_is_right(spec: str) -> None:
    game = load_game(spec)
    oracles: dict[int, Oracle] = {}
    checked = 0
    wrong: list[str] = []
    for position in game.sample_positions():
        for misere in (False, True):
            case = check_answer(spec, game, position, misere, oracles)
            if case is not None:
                wrong += [f"{case.where()}: {w}" for w in case.wrong]
                checked += len(case.checked)
    assert not wrong, "wrong facts:\n" + "\n".join(wrong[:20])
    CHECKED[spec] = checked


EXTRA = [  # positions the catalogue samples do not reach: large sums, sums of several rules
    ("subtraction(1,3,4)", tuple(range(1, 71)), False),
    ("kayles", tuple(range(1, 12)), False),
    ("kayles", (1, 2, 3), False),
    ("nim", tuple(range(1, 20)), False),
    ("nim", (1, 1, 0, 1), True),
    ("nim", (1, 5, 1), True),
    ("bash(3)", tuple(range(1, 12)), False),
    ("kayles", (3, 4, 5), True),
    ("kayles", (10**18,), False),
]


SUMS = [("kayles 4 5 + nim 3", False), ("allbut(1,2) 5000 + nim 3", True),
        ("lasker-nim 4 + nim 1", True), ("kayles 3 + kayles 4 5", True),
        ("subtraction(1,2) 4 + wythoff 1 2", False), ("bash(3) 5 + lasker-nim 3", False),
        ("bash(300) 1000 37 + nim 2", True)]


@pytest.mark.parametrize("spec, position, misere", [
    *EXTRA, *((text, None, misere) for text, misere in SUMS)])
def test_every_fact_of_sums_is_right(spec: str, position: Any, misere: bool) -> None:
    if position is None:
        game, position = parse_sum(spec)
    else:
        game = load_game(spec)
    case = check_answer(spec, game, game.validate(position), misere, {})
    assert case is not None and case.checked
    assert not case.wrong, case.wrong


def _path(position: Any) -> list[Any]:
    return [position - k for k in (1, 2) if k <= position]


def _loop(p: Any) -> list[Any]:
    return {"a": ["b"], "b": ["a", "c"], "c": []}[p]


@pytest.mark.parametrize("spec, position", [("reason-test-path", 7), ("reason-test-loop", "a"),
                                            ("reason-test-loop", "b")])
def test_facts_of_games_of_ones_own(spec: str, position: Any) -> None:
    grundy.game(spec)(_path if spec.endswith("path") else _loop)
    try:
        game = load_game(spec)
        case = check_answer(spec, game, game.validate(position), False, {})
    finally:
        unregister(spec)  # the catalogue is shared by the other tests
    assert case is not None and case.checked and not case.wrong, case


@pytest.mark.parametrize("parts", [[("subtraction(1,3,4)", 6), ("kayles", 4)], [("nim", 0)],
                                   [("nim", 3), ("kayles", 2), ("bash(2)", 5)]])
def test_every_sg_reason(parts: list[tuple[str, int]]) -> None:
    from grundy.solving.writers import answer_json
    from grundy.theory.every import every_sg

    components = [(load_game(spec), load_game(spec).validate(n)) for spec, n in parts]
    answer = every_sg(components)
    case = check_reason(answer.why, Case("every", components[0][0], components, False, False, {}))
    assert case.checked and not case.wrong, case.wrong
    data = answer_json(answer)
    assert data["why"] == answer.why.to_json() and data["reason"] == answer.reason
    RULES_SEEN["every-sg"] += 1


def test_moore_heap_reason() -> None:
    game = load_game("moore(2)")
    for n in (0, 1, 6):
        case = check_reason(game.heap_explain(n), Case("moore(2)", game, (n,), False, True, {}))
        assert case.checked and not case.wrong, case.wrong


def test_every_rule_has_a_check() -> None:
    for spec in cases():
        load_game(spec)  # every game module is loaded, so every template is registered
    assert set(TEMPLATES) - {"doc-example"} <= set(CHECKS), set(TEMPLATES) - set(CHECKS)


def test_wrong_facts_are_caught() -> None:
    """Reasons with a wrong number (the three old Wythoff bugs among them) fail the check."""
    wythoff, nim, kayles = load_game("wythoff"), load_game("nim"), load_game("kayles")
    bad = [
        (wythoff, (2, 1), True, Reason("misere-wythoff", {"a": 1, "b": 2, "difference": 1, "lower": 1})),
        (wythoff, (2, 2), True, Reason("misere-wythoff", {"a": 2, "b": 2, "difference": 0, "floor": 2})),
        (wythoff, (0, 0), False, Reason("wythoff", {"a": 0, "b": 0, "difference": 0, "floor": 2})),
        (nim, (3, 4, 5), False, Reason("bouton", {"heaps": (3, 4, 5), "total": 3})),
        (nim, (3, 4, 5), False, Reason("bouton", {"heaps": (3, 4, 6), "total": 2})),
        (kayles, (5, 6), False, Reason("sprague-grundy-sum", {
            "values": (4, 2), "total": 6, "part_rules": (Reason("mex", {}),)})),
        (kayles, (5, 6), True, Reason("misere-quotient", {**solve(kayles, (5, 6), misere=True).why.facts,
                                                          "p_portion": True})),
    ]
    for game, position, misere, reason in bad:
        case = check_reason(reason, Case(game.spec, game, position, misere, True, {}))
        assert case.wrong, reason


def test_facts_stay_small_for_huge_sums() -> None:
    """A sum of 20,000 heaps states 8 of them and the count, as its text does."""
    answer = solve(load_game("nim"), tuple(range(1, 20_001)))
    facts = answer.why.to_json()["facts"]
    assert facts["heaps"] == list(range(1, 9)) and facts["count"] == 20_000
    assert len(json.dumps(answer.why.to_json())) < 200
    large = solve(load_game("subtraction(1,3,4)"), (5,) * 2_000)
    assert len(json.dumps(large.why.to_json())) < 1_000


def test_claims_were_checked_in_bulk() -> None:
    """Run last (same module): the checks found facts, and every rule was produced by some case."""
    if len(CHECKED) < len(list(cases())):
        pytest.skip("run the whole module to count the facts")
    total = sum(CHECKED.values())
    quiet = sorted(spec for spec, n in CHECKED.items() if n == 0)
    assert total > 2000, CHECKED
    assert not quiet, f"games whose reasons stated nothing checkable: {quiet}"
    unseen = set(CHECKS) - set(RULES_SEEN) - {
        "text", "proved-pattern", "conjectured-pattern", "conjectured-pair-pattern", "smith",
        "p-rule-move",  # users' games only (tests/define/test_p_rule_moves.py)
        "mex-reachable",  # a user's heap game (tests/define/test_reachable_heaps.py)
        "hackenbush-floating",  # a graph whose ground touches no edge: no catalogue example
        "moore-heap"}  # Moore's heap_explain: checked directly below
    assert not unseen, f"rules no test case produced: {sorted(unseen)}"
