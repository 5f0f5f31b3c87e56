"""Staircase Nim on a rooted tree (HDU 5996 "dingyeye loves stone"): node ``v`` of a tree rooted at
node 0 holds ``a_v`` stones; a move takes a positive number of stones from a non-root node and
puts them on its parent. The player who cannot move loses.

A position is the tuple ``(p_1, …, p_{n−1}, a_0, …, a_{n−1})``: the parent of each node
``1..n−1``, then the stones on each node ``0..n−1`` (``2n − 1`` numbers; written with a ``|``
between the parents and the counts, e.g. ``0 0 1 | 3 1 2 5``; the bar may be left out).

**Theorem.** The Grundy value is ``x = XOR of a_v over the nodes v at odd depth`` (the root has
depth 0). Proof, by the mex rule, writing ``x(P)`` for that XOR:

* *no move keeps x*: a move from an odd-depth node ``v`` changes only ``a_v`` among the odd-depth
  counts (its parent is at even depth); a move from an even-depth node ``v ≠ 0`` changes only its
  parent's count ``a_{p(v)}`` among them (it grows). Either way exactly one term of the XOR
  changes, so ``x`` changes.
* *every smaller value is reached*: for ``t < x``, take the top bit of ``x ⊕ t``; some odd-depth
  node ``v`` has it set in ``a_v``, so ``a_v ⊕ x ⊕ t < a_v`` and moving ``a_v − (a_v ⊕ x ⊕ t)``
  stones from ``v`` to its parent (a Nim move on heap ``a_v``) reaches value ``t``.

So ``G(P) = mex{G(Q)} = x(P)`` by induction on the finite game (every move moves stones one level
closer to the root). In words: the odd-depth nodes are Nim heaps; a move from an even-depth node
adds to one of them, and the opponent can move the same stones on up (the classical "reversible"
argument of staircase Nim, which is the tree of one path). Every move to value ``t`` is therefore

* from an odd-depth node ``v``: ``a_v − (a_v ⊕ x ⊕ t)`` stones, when that is positive;
* from an even-depth node ``v ≠ 0`` with parent ``p``: ``(a_p ⊕ x ⊕ t) − a_p`` stones, when that
  is between 1 and ``a_v``.

>>> from grundy import load_game, solve
>>> answer = solve(load_game("tree-staircase"), "0 0 1 | 3 1 2 5")
>>> answer.grundy, [m.label for m in answer.winning_moves]
(3, ['move 1 from node 2 to node 0', 'move 1 from node 3 to node 1'])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidPositionError, SearchLimitError
from grundy.model.game import Game, Move, Outcome, Position, check_heaps
from grundy.model.laws import ExportRule, Laws
from grundy.model.reason import Facts, Reason, template, xor_text
from grundy.model.textio import int_text

MISERE_BRUTE_FORCE_LIMIT = 200_000
"""Largest estimated number of positions brute-forced in misère play (there is no misère rule)."""


def split(position: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The parents of nodes ``1..n−1`` and the counts of nodes ``0..n−1`` of a position."""
    n = (len(position) + 1) // 2
    return position[:n - 1], position[n - 1:]


def depths(parents: tuple[int, ...]) -> list[int]:
    """The depth of each node ``0..n−1`` of the tree whose node ``i ≥ 1`` has parent
    ``parents[i − 1]`` (refused, in one line, when that is not a tree rooted at 0)."""
    n = len(parents) + 1
    depth = [0] + [-1] * (n - 1)
    for start in range(1, n):
        path, v = [], start
        while depth[v] < 0:
            p = parents[v - 1]
            if p >= n:
                raise InvalidPositionError(f"tree-staircase: node {v}'s parent {p} is not a node "
                                           f"0..{n - 1}")
            if depth[v] == -2 or p == v:
                raise InvalidPositionError(f"tree-staircase: the parents make a cycle through node "
                                           f"{v}, not a tree rooted at 0")
            depth[v] = -2
            path.append(v)
            v = p
        for u in reversed(path):
            depth[u] = depth[parents[u - 1]] + 1
    return depth


def _label(k: int, v: int, p: int) -> str:
    return f"move {k} from node {v} to node {p}"


@dataclass(frozen=True)
class TreeStaircase(Game):
    """Staircase Nim on a rooted tree; a position is the parents of nodes 1..n-1, then the counts
    of nodes 0..n-1."""

    name = "tree-staircase"

    @property
    def spec(self) -> str:
        return "tree-staircase"

    def validate(self, position: Any) -> tuple[int, ...]:
        if isinstance(position, str):
            position = position.replace("|", " ")
        numbers = check_heaps(position, "a parent or a count")
        if not numbers or len(numbers) % 2 == 0:
            raise InvalidPositionError(
                "tree-staircase: give the parents of nodes 1..n-1, then the stones on nodes "
                "0..n-1 (2n-1 numbers), e.g. '0 0 1 | 3 1 2 5'")
        depths(split(numbers)[0])
        return numbers

    def parse_position(self, text: str) -> tuple[int, ...]:
        return self.validate(text)

    def format_position(self, position: Any) -> str:
        parents, counts = split(position)
        return " ".join(map(int_text, parents)) + " | " + " ".join(map(int_text, counts))

    def moves(self, position: Any) -> Iterator[Move]:
        parents, counts = split(position)
        for v in range(1, len(counts)):
            for k in range(1, counts[v] + 1):
                yield Move(_label(k, v, parents[v - 1]), self._move(position, v, k))

    @staticmethod
    def _move(position: tuple[int, ...], v: int, k: int) -> tuple[int, ...]:
        parents, counts = split(position)
        to = list(counts)
        to[v] -= k
        to[parents[v - 1]] += k
        return parents + tuple(to)

    @property
    def laws(self) -> Laws:
        """What TreeStaircase declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(value=self._value, moves_to_value=self._moves_to_value,
                    winning_moves=self._winning_moves, misere_outcome=self._misere_outcome,
                    reason=self._reason, samples=self._samples,
                    export=ExportRule("tree-staircase"))

    def _odd(self, position: Any) -> list[int]:
        """The counts of the odd-depth nodes, in node order."""
        parents, counts = split(position)
        return [c for c, d in zip(counts, depths(parents), strict=True) if d % 2]

    def _value(self, position: Any) -> int:
        total = 0
        for c in self._odd(position):
            total ^= c
        return total

    def _moves_to_value(self, position: Any, target: int) -> list[Move]:
        x = self._value(position) ^ target
        if x == 0:
            return []
        parents, counts = split(position)
        depth = depths(parents)
        found: list[Move] = []
        for v in range(1, len(counts)):
            p = parents[v - 1]
            if depth[v] % 2:
                k = counts[v] - (counts[v] ^ x)
            else:
                k = (counts[p] ^ x) - counts[p]
                if k > counts[v]:
                    continue
            if k > 0:
                found.append(Move(_label(k, v, p), self._move(position, v, k)))
        return found

    def _winning_moves(self, position: Any) -> list[Move]:
        return self._moves_to_value(position, 0)

    def _misere_outcome(self, position: Any) -> Outcome | None:
        total = sum(split(position)[1])
        estimate = 1
        for _ in split(position)[1]:
            estimate *= total + 1
            if estimate > MISERE_BRUTE_FORCE_LIMIT:
                raise SearchLimitError("tree-staircase: no misère rule, and this position is too "
                                       "large to search by brute force")
        return None

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            return None
        odd = self._odd(position)
        return Reason("tree-staircase-nim", {"odd_nodes": tuple(odd[:8]), "count": len(odd),
                                             "total": self._value(position)})

    def _samples(self) -> Iterable[Position]:
        return [(0,), (3,), (0, 2, 1), (0, 1, 1), (0, 0, 1, 2, 2), (0, 1, 1, 0, 2),
                (0, 1, 1, 1, 1, 1, 0), (0, 0, 1, 0, 1, 2, 1), (0, 0, 1, 1, 2, 0, 1)]


@template("tree-staircase-nim")
def _tree_staircase_text(f: Facts) -> str:
    total = f["total"]
    odd = xor_text(f["odd_nodes"], f["count"]) if f["count"] else "0"
    return (f"staircase Nim on a tree = Nim on the nodes at odd depth: "
            f"{odd} = {total}{' ≠ 0' if total else ''}")
