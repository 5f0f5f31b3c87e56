"""The pattern search of a short table without numpy gives what it gave with numpy: the
families' first looks in plain Python (:data:`grundy.patterns.families.LISTED`), the simple sets'
members computed exactly, the atoms :func:`~grundy.patterns.families.p_union` skips on a first
glance, and the whole :func:`~grundy.patterns.search.find_patterns` with the formula search
replayed from its kept space (:mod:`grundy.patterns.space`)."""

from __future__ import annotations

import random

import pytest

from grundy.patterns import families, space
from grundy.patterns.search import find_patterns
from tests.helpers import brute_octal


def tables() -> list[list[int]]:
    """Real octal tables of many lengths, and tables made to have each family's pattern."""
    rng = random.Random(7)
    out = [brute_octal((0, 6), 100), brute_octal((0, 7, 7), 200), brute_octal((0, 1, 6), 300),
           brute_octal((0, 1, 3, 7), 64), brute_octal((0, 4), 40)]
    for _ in range(25):
        digits = (0, *(rng.randrange(8) for _ in range(rng.randint(1, 4))))
        out.append(brute_octal(digits, rng.choice([31, 32, 50, 101, 256, 300, 511])))
    half = [0]
    for n in range(1, 200):  # take at most half: G(2k) = k, G(2k + 1) = G(k)
        half.append(n // 2 if n % 2 == 0 else half[n // 2])
    out.append(half)
    out.append([0] + [sum(families._omega_list(k)) for k in range(1, 150)])  # Ω(n)
    out.append([int(not (n == 0 or n % 2 == 1 or (n & (n - 1)) == 0)) for n in range(120)])
    out.append([rng.randrange(3) for _ in range(90)])
    return out


@pytest.mark.parametrize("upto", [64, 512])
def test_the_atoms_members_exactly_as_in_int64(upto: int) -> None:
    for atom in families.ATOMS:
        vector = families._vector_members(atom, upto)
        assert vector is None or vector == families._exact_members(atom, upto), atom


def test_the_families_first_looks_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    want = []
    for table in tables():
        want.append((families.self_similar(table, steps=2000), families.arithmetic_values(table, steps=2000)))
    monkeypatch.setattr(families, "LISTED", 0)  # (numpy from the start, as before)
    got = [(families.self_similar(t, steps=2000), families.arithmetic_values(t, steps=2000))
           for t in tables()]
    assert got == want
    assert any(a is not None for a, _ in want) and any(b is not None for _, b in want)  # (some are found)


def test_the_first_glance_skips_no_atom_that_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    want = [families.p_union(t) for t in tables()]
    monkeypatch.setattr(families, "_may_fit", lambda atom, goals, head: True)
    assert [families.p_union(t) for t in tables()] == want
    assert sum(w is not None for w in want) >= 2


def test_find_patterns_replayed_as_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table's patterns, with each formula search replayed from a space kept by another
    table's search, equal those of searches run for it (and those of the families before)."""
    monkeypatch.setattr(space, "_SPACES", space.BoundedCache(64))
    first = [[p.text for p in find_patterns(t, steps=3000)] for t in tables()]  # (keeps the spaces)
    assert space.cached(space.space_key(64, False, (), 9, 3000)) is not None  # (101 heaps: fitted on 64)
    assert space.cached(space.space_key(64, True, (), 9, 1500)) is not None
    replayed = [[p.text for p in find_patterns(t, steps=3000)] for t in tables()]
    assert replayed == first
    monkeypatch.setattr(space, "cached", lambda key: None)
    monkeypatch.setattr(families, "LISTED", 0)
    searched = [[p.text for p in find_patterns(t, steps=3000)] for t in tables()]
    assert replayed == searched
    assert sum(bool(r) for r in replayed) > 10
