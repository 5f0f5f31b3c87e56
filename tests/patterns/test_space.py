"""The kept space of the formula search (:mod:`grundy.patterns.space`): replayed for a target,
it yields what the search yields for that target (the same formulas, in the same order, with
the same ``(None, s)`` marks), for targets other than the one whose search built it; it is kept
only by a search that ran to its end, read back from disk, and refused where it cannot say."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from grundy.patterns import formulas, record, search, space, synthesis
from tests.helpers import brute_octal
from tests.patterns.test_synthesis_batches import octal_table


def searched(target: list[int], *, boolean: bool = False, steps: int = 30_000,
             constants: tuple[int, ...] = (), max_size: int = 9) -> list[tuple[str | None, int]]:
    """What the search itself yields (no space read or kept)."""
    n = np.arange(len(target), dtype=np.int64)
    search = synthesis._Search(np.array(target, dtype=np.int64), boolean, steps)
    return list(synthesis.run(search, {"n": n}, boolean=boolean, constants=constants, max_size=max_size))


def built(length: int, *, boolean: bool = False, steps: int = 30_000, constants: tuple[int, ...] = (),
          max_size: int = 9, seed: int = 0) -> space.Space:
    """The space of a search over ``n = 0..length-1``, built from a random target's search."""
    rng = random.Random(seed)
    target = np.array([rng.randrange(50, 90) for _ in range(length)], dtype=np.int64)
    search = synthesis._Search(target, boolean, steps, log=[])
    n = np.arange(length, dtype=np.int64)
    for _ in synthesis.run(search, {"n": n}, boolean=boolean, constants=constants, max_size=max_size):
        pass
    return space.Space(space.build(search, boolean))


def replayed(kept: space.Space, target: list[int]) -> list[tuple[str | None, int]]:
    stream = kept.candidates(target)
    assert stream is not None, "the space refused a target it should answer"
    return list(stream)


@pytest.mark.parametrize("code, upto", [("0.6", 100), ("0.16", 255), ("0.07", 60), ("0.77", 40),
                                        ("0.137", 255), ("0.4", 31)])
def test_real_tables(code: str, upto: int) -> None:
    values = octal_table(code, upto)
    length = len(values)
    truth = [int(v == 0) for v in values]
    assert replayed(built(length), values) == searched(values)
    want = searched(truth, boolean=True, steps=15_000)
    assert replayed(built(length, boolean=True, steps=15_000), truth) == want


def test_formulas_are_found_from_another_tables_space() -> None:
    n = list(range(64))
    kept = built(64, steps=20_000)
    for target in ([(k % 5) ^ (k // 3) for k in n], [k * k + 3 for k in n], [k % 7 + 2 for k in n],
                   [(k >> 1) ^ (k % 3) for k in n], [4] * 64, n, [k // 2 for k in n]):
        got = replayed(kept, target)
        assert got == searched(target, steps=20_000)
    assert ("(n % 5) ^ (n // 3)", 7) in replayed(kept, [(k % 5) ^ (k // 3) for k in n])
    truth = built(64, boolean=True, steps=2000)
    for target in ([int(k % 3 == 1) for k in n], [1] * 64, [0] * 64, [int(k == 0) for k in n]):
        assert replayed(truth, target) == searched(target, boolean=True, steps=2000)


@pytest.mark.parametrize("steps", [1, 2, 7, 40, 333, 2501, 12_000])
def test_every_budget_ends_where_it_did(steps: int) -> None:
    n = list(range(48))
    target = [(k // 2) ^ (k % 3) for k in n]
    assert replayed(built(48, steps=steps), target) == searched(target, steps=steps)
    truth = [int(k % 3 == 1) for k in n]
    assert replayed(built(48, boolean=True, steps=steps), truth) == searched(truth, boolean=True, steps=steps)


@pytest.mark.parametrize("seed", range(10))
def test_random_targets(seed: int) -> None:
    rng = random.Random(seed)
    length = rng.choice([2, 3, 5, 17, 64, 101])
    constants = rng.choice([(), (7,), (12, 4, 3, 2), (2**35,)])
    steps = rng.randrange(1, 6000)
    max_size = rng.randrange(2, 10)
    kept = built(length, steps=steps, constants=constants, max_size=max_size, seed=seed)
    truth_kept = built(length, boolean=True, steps=steps, max_size=max_size, seed=seed)
    for _ in range(4):
        kind = rng.randrange(3)
        if kind == 0:
            target = [rng.randrange(4) for _ in range(length)]
        elif kind == 1:
            m, c = rng.randrange(2, 7), rng.randrange(0, 3)
            target = [k % m + c for k in range(length)]
        else:
            target = [(k >> 1) ^ (k % 3) for k in range(length)]
        want = searched(target, steps=steps, constants=constants, max_size=max_size)
        assert replayed(kept, target) == want
        truth = [int(v == 0) for v in target]
        assert replayed(truth_kept, truth) == searched(truth, boolean=True, steps=steps, max_size=max_size)


def test_what_the_space_cannot_say_is_refused() -> None:
    kept = built(20, steps=3000)
    assert kept.candidates([-1] + [0] * 19) is None  # a negative value
    assert kept.candidates([2**31] + [0] * 19) is None  # out of the values kept
    assert kept.candidates([0] * 19) is None  # another length
    assert built(1, steps=300).candidates([0]) is None  # one point: every row is a constant


def test_a_shared_hash_is_ambiguous() -> None:
    kept = built(20, steps=3000)
    index = kept._index({2: [5, 7, 5], 3: [9]})
    assert index[5] is None and index[7] == (2, 1) and index[9] == (3, 0)


def test_candidates_keep_a_space_only_after_a_whole_search(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """``synthesis.candidates`` keeps the space of a search that ran to its end (in memory and,
    with ``GRUNDY_SEARCH_CACHE`` set, on disk), replays it after, also from the disk alone, and
    ignores a damaged file."""
    monkeypatch.setenv(space.CACHE_VARIABLE, str(tmp_path))
    monkeypatch.setattr(space, "_SPACES", space.BoundedCache(4))
    n = np.arange(57, dtype=np.int64)
    key = space.space_key(57, False, (), 9, 4000)
    early = synthesis.shortest_formula({"n": n}, lambda i, v: v == i % 3, n % 3, total=57, steps=4000)
    assert early == "n % 3"
    assert space.cached(key) is None and not list(tmp_path.iterdir())  # (it stopped at its formula)
    other = np.array(octal_table("0.6", 56), dtype=np.int64)
    first = list(synthesis.candidates({"n": n}, other, steps=4000))
    assert space.cached(key) is not None and len(list(tmp_path.iterdir())) == 1
    monkeypatch.setattr(space, "_SPACES", space.BoundedCache(4))  # (a new process: the disk only)
    again = list(synthesis.candidates({"n": n}, other, steps=4000))
    assert again == first == searched(other.tolist(), steps=4000)
    assert space.cached(key) is not None
    target = (n % 5) ^ (n // 3)
    found = synthesis.shortest_formula({"n": n}, lambda i, v: v == int(target[i]), target, total=57,
                                       steps=4000)
    assert found in ("(n % 5) ^ (n // 3)", "(n // 3) ^ (n % 5)")
    assert list(synthesis.candidates({"n": n}, target, steps=4000)) == searched(target.tolist(), steps=4000)
    (file,) = tmp_path.iterdir()
    blob = bytearray(file.read_bytes())
    blob[len(blob) // 2] ^= 0x10  # (one flipped bit: a file that would still load)
    file.write_bytes(bytes(blob))
    monkeypatch.setattr(space, "_SPACES", space.BoundedCache(4))
    assert space.cached(key) is None
    file.write_bytes(b"not a space")
    monkeypatch.setattr(space, "_SPACES", space.BoundedCache(4))
    assert space.cached(key) is None
    assert list(synthesis.candidates({"n": n}, other, steps=4000)) == first  # (searched again, kept again)


def test_the_disk_keeps_at_most_max_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(space.CACHE_VARIABLE, str(tmp_path))
    monkeypatch.setattr(space, "MAX_FILES", 2)
    for length in (10, 11, 12):
        n = np.arange(length, dtype=np.int64)
        list(synthesis.candidates({"n": n}, np.array(octal_table("0.6", length - 1)), steps=500))
    assert len(list(tmp_path.iterdir())) == 2


def test_another_variable_is_searched_as_before() -> None:
    """A search over other points than ``0..L-1`` (the families') keeps no space."""
    n = np.arange(3, 40, dtype=np.int64)
    target = n % 4
    assert synthesis._counting({"n": n}) is None
    alone = synthesis.run(synthesis._Search(target, False, 800), {"n": n}, boolean=False, constants=(),
                          max_size=9)
    assert list(synthesis.candidates({"n": n}, target, steps=800)) == list(alone)


def test_without_the_search_sources_no_space_is_kept_on_disk(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """An install whose sources cannot be read cannot tell a changed search: nothing on disk."""
    monkeypatch.setenv(space.CACHE_VARIABLE, str(tmp_path))
    monkeypatch.setattr(space, "_SPACES", space.BoundedCache(4))
    monkeypatch.setattr(space, "_FINGERPRINT", space.BoundedCache(1))
    monkeypatch.setattr(space, "SOURCES", str(tmp_path / "missing"))
    assert space._fingerprint() == -1
    n = np.arange(40, dtype=np.int64)
    other = np.array(octal_table("0.6", 39), dtype=np.int64)
    assert list(synthesis.candidates({"n": n}, other, steps=800)) == searched(other.tolist(), steps=800)
    assert not list(tmp_path.iterdir())


# ---- the spaces shipped with the package, and the prefix lengths they serve -----------------------

def test_the_shipped_spaces_are_the_searchs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every shipped space is there, for this code (its fingerprint), and is the space the search
    builds now (else: ``PYTHONPATH=src python scripts/ship_spaces.py``); ``cached`` reads it
    with no disk cache at all; no two of its expressions share a hash (32 bits), so it never
    refuses a target for that."""
    monkeypatch.delenv(space.CACHE_VARIABLE, raising=False)
    monkeypatch.setattr(space, "_SPACES", space.BoundedCache(4))
    keys = space.shipped_keys()
    assert {k[2] for k in keys} == set(record.PREFIX_LENGTHS) and len(keys) == 2 * len(record.PREFIX_LENGTHS)
    for key in keys:
        data = space._read(str(Path(space.SHIPPED) / space._shipped_name(key)), key, packed=True)
        assert data is not None, f"{key}: stale or missing; run scripts/ship_spaces.py"
        assert {k: v for k, v in data.items() if k != "key"} == synthesis.built_space(key), key
        kept = space.cached(key)
        assert kept is not None
        assert None not in kept.by_hash.values() and None not in kept.by_xor.values(), key


def test_a_shipped_space_of_another_key_or_damaged_is_not_used(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(space.CACHE_VARIABLE, raising=False)
    monkeypatch.setattr(space, "_SPACES", space.BoundedCache(4))
    monkeypatch.setattr(space, "SHIPPED", str(tmp_path))
    key = space.space_key(40, False, (), 9, 700)
    path = Path(space.ship(key, synthesis.built_space(key)))
    target = octal_table("0.6", 39)
    assert replayed(space.cached(key), target) == searched(target, steps=700)
    monkeypatch.setattr(space, "_SPACES", space.BoundedCache(4))
    changed = (key[0], key[1] ^ 1, *key[2:])  # (the search changed: another fingerprint, one file name)
    assert space._shipped_name(changed) == path.name and space.cached(changed) is None
    blob = bytearray(path.read_bytes())
    blob[len(blob) // 2] ^= 0x10
    path.write_bytes(bytes(blob))
    assert space.cached(key) is None


def test_constants_the_leaves_have_ask_for_the_same_space() -> None:
    """``constants=(0, 3)`` (a saltus of 0, a period's divisor 3) searches as ``()`` does: the
    key says so, and the search yields the same."""
    assert space.space_key(64, False, (0, 3, 2**40), 9, 500) == space.space_key(64, False, (), 9, 500)
    assert space.space_key(64, False, (7, 0), 9, 500) == space.space_key(64, False, (7,), 9, 500)
    target = octal_table("0.16", 63)
    assert searched(target, steps=2500, constants=(0, 3, 2**40)) == searched(target, steps=2500)


def test_a_candidate_is_confirmed_exactly_without_numpy() -> None:
    """``search._agrees`` (plain Python, short tables) answers as ``formulas.agrees`` (numpy's
    int64 where exact), undefined points and overflows included."""
    n = np.arange(300, dtype=np.int64)
    table = [k % 3 ^ (k // 7) for k in range(300)]
    for formula in ("n % 3 ^ (n // 7)", "n % 3", "7 // (n - 5)", "n >> (n - 9)", "(n << 50) * n - n",
                    "(n << 40) // ((n << 39) + 1) + n % 3 ^ (n // 7) - 1", "isqrt(n - 1)", "n * n * n * n"):
        for total in (1, 5, 50, 300):
            def expected(i: int, v: int) -> bool:
                return v == table[i]
            want = formulas.agrees(formula, expected, {"n": n}, total)
            assert search._agrees(formula, expected, total) == want, (formula, total)
    assert search._agrees("n % 3 ^ (n // 7)", lambda i, v: v == table[i], 300)


def _fitted_on_the_whole_table(table: list[int], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The patterns with the search fitted on ``min(len, 256)`` values (before the ladder)."""
    with monkeypatch.context() as m:
        m.setattr(search, "search_prefix", lambda total: min(total, record.PREFIX))
        return [p.text for p in search.find_patterns(table)]


@pytest.mark.parametrize("digits, upto", [((0, 6), 100), ((0, 7, 7), 150), ((0, 1, 6), 200),
                                          ((0, 4), 120), ((0, 3, 3), 90), ((0, 1, 5), 254)])
def test_the_ladder_finds_what_the_whole_table_finds(digits: tuple[int, ...], upto: int,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A table of 64..255 heaps fitted on 64 or 128 of them (then confirmed on all): the same
    patterns as fitted on all of them, on real tables (by their own mex)."""
    table = brute_octal(digits, upto)
    assert record.search_prefix(len(table)) < len(table)
    assert [p.text for p in search.find_patterns(table)] == _fitted_on_the_whole_table(table, monkeypatch)


def test_the_ladder_finds_the_formulas_the_whole_table_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables with a formula of the values, fitted on 64 or 128 of their values: the formula is
    found, as fitted on all of them (and checked here on every value)."""
    for rule, total in ((lambda k: (k % 5) ^ (k // 3), 130), (lambda k: k // 2, 100),
                        (lambda k: k * k % 7, 200)):
        table = [rule(k) for k in range(total)]
        got = search.find_patterns(table)
        assert [p.text for p in got] == _fitted_on_the_whole_table(table, monkeypatch)
        formula = got[0].formula
        assert formula is not None and all(formulas.evaluate(formula, n=k) == table[k] for k in range(total))


@pytest.mark.slow
def test_the_ladder_finds_what_the_whole_table_finds_on_many_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(30)
    found = 0
    for _ in range(60):
        digits = (0, *(rng.randrange(8) for _ in range(rng.randint(1, 3))))
        table = brute_octal(digits, rng.randrange(64, 256))
        got = [p.text for p in search.find_patterns(table)]
        assert got == _fitted_on_the_whole_table(table, monkeypatch), digits
        found += any("G(n) =" in t and "G(n + " not in t for t in got)
    assert found >= 5  # (formulas are found, not only nothing)
