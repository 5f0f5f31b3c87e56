"""Moore's Nim_k winning moves on heaps of many binary digits, against an oracle of its own."""

from __future__ import annotations

import random
import sys
from itertools import combinations, product

from grundy.games.takeaway.moore import Moore


def _p_position(heaps: tuple[int, ...], k: int) -> bool:
    """Moore's rule, read off the binary text: every column sum ≡ 0 mod k + 1."""
    width = max(h.bit_length() for h in heaps)
    rows = [bin(h)[2:].zfill(width) for h in heaps]
    return all(sum(int(row[c]) for row in rows) % (k + 1) == 0 for c in range(width))


def _all_winning_targets(heaps: tuple[int, ...], k: int) -> set[tuple[int, ...]]:
    """Every move (reduce 1..k heaps), kept when it reaches a P-position."""
    found = set()
    for size in range(1, k + 1):
        for chosen in combinations(range(len(heaps)), size):
            for new in product(*(range(heaps[i]) for i in chosen)):
                to = list(heaps)
                for i, v in zip(chosen, new, strict=True):
                    to[i] = v
                if _p_position(tuple(to), k):
                    found.add(tuple(to))
    return found


def test_every_winning_move_over_several_columns_against_all_moves() -> None:
    rng = random.Random(11)
    positions = [(37, 22, 15), (45, 45, 9), (63, 40, 31)] + [
        tuple(rng.randrange(1, 48) for _ in range(3)) for _ in range(3)]
    for heaps in positions:
        listed = {m.to for m in Moore(2)._winning_moves(heaps)}  # (the digit DP, no Grundy values)
        assert listed == _all_winning_targets(heaps, 2), heaps


def test_wide_heaps_every_listed_move_is_legal_and_wins() -> None:
    sys.set_int_max_str_digits(0)
    rng = random.Random(5)
    for _ in range(6):
        a, b = rng.getrandbits(700), rng.getrandbits(700)
        heaps = (a, b, a ^ b ^ rng.getrandbits(4), rng.getrandbits(12))
        moves = Moore(2)._winning_moves(heaps)
        assert moves, heaps  # these positions have winning moves: the listing found some
        targets = [m.to for m in moves]
        assert len(set(targets)) == len(targets)
        for move in moves:
            changed = [i for i in range(len(heaps)) if move.to[i] != heaps[i]]
            assert 1 <= len(changed) <= 2 and all(move.to[i] < heaps[i] for i in changed)
            assert _p_position(move.to, 2)
            assert all(f"{heaps[i]} → {move.to[i]}" in move.label for i in changed)
