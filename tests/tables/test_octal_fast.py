"""The rare-value scan, value frequencies and stored tables, against independent brute force."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import load_game
from grundy.errors import InvalidInputError
from grundy.tables import store
from grundy.tables.builders import build
from grundy.tables.kernels.octal import Workspace, octal_arrays, octal_plain_table
from grundy.tables.kernels.octal_rare import fill_rare, octal_rare_table
from grundy.tables.sparse import choose_mask
from grundy.tables.store import build_stored, stored_bytes, stored_dtype, value_frequencies
from grundy.tables.table_file import HEADER, read_head
from tests.helpers import brute_octal

codes = st.tuples(st.sampled_from([0, 4]), st.lists(st.integers(0, 7), min_size=1, max_size=6)).map(
    lambda t: (t[0], *t[1]))

NAMED = [(0, 1, 6, 1), (0, 1, 6, 7), (0, 0, 1, 4), (0, 7, 7), (4, 0, 0, 7), (4, 0, 4), (0, 4, 4),
         (0, 1, 6, 1, 0, 0, 0, 4)]


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(codes, st.integers(0, 250))
def test_rare_scan_matches_brute_force(digits: tuple[int, ...], upto: int) -> None:
    assert octal_rare_table(octal_arrays(digits), upto).tolist() == brute_octal(digits, upto)


@pytest.mark.parametrize("digits", NAMED)
def test_rare_scan_on_named_codes(digits: tuple[int, ...]) -> None:
    assert octal_rare_table(octal_arrays(digits), 1500).tolist() == brute_octal(digits, 1500)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(NAMED), st.lists(st.integers(1, 900), min_size=1, max_size=6))
def test_rare_scan_in_pieces_equals_one_shot(digits: tuple[int, ...], cuts: list[int]) -> None:
    arrays = octal_arrays(digits)
    whole = octal_rare_table(arrays, 1000)
    values = np.zeros(1001, dtype=np.uint8)
    work = Workspace()
    done = 0
    for stop in [*sorted(set(cuts)), 1001]:
        values = fill_rare(values, done, stop, arrays, work, auto=bool(stop & 1))
        done = stop
    assert values.tolist() == whole.tolist()


def test_rare_scan_continues_a_table_it_did_not_start() -> None:
    arrays = octal_arrays((0, 1, 6, 1))
    whole = octal_plain_table(arrays, 3000)
    part = np.zeros(3001, dtype=np.uint8)
    part[:1777] = whole[:1777]
    assert (fill_rare(part, 1777, 3001, arrays, Workspace()) == whole).all()


@pytest.mark.slow
@pytest.mark.parametrize("code", ["0.161", "0.167", "0.014"])
def test_rare_scan_equals_plain_kernel_at_2_16(code: str) -> None:
    arrays = octal_arrays(load_game(f"octal({code})").digits)  # type: ignore[attr-defined]
    plain = octal_plain_table(arrays, 1 << 16)
    assert (octal_rare_table(arrays, 1 << 16) == plain).all()
    game: Any = load_game(f"octal({code})")
    assert (build(game, 1 << 16, "sparse").values == plain).all()


def _common(v: int, mask: int) -> bool:
    return bin(v & mask).count("1") % 2 == 1


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 50), min_size=1, max_size=40))
def test_choose_mask_makes_frequent_values_common(freq: list[int]) -> None:
    mask, rare = choose_mask(freq)
    assert rare == sum(f for v, f in enumerate(freq) if v and not _common(v, mask))
    present = [v for v in range(1, len(freq)) if freq[v]]
    if present:  # the most frequent value (the smallest among ties) is common
        top = min(present, key=lambda v: (-freq[v], v))
        assert _common(top, mask)
    # no mask does better on the two most frequent values' span than making both common
    if len(present) >= 2:
        first, second = sorted(present, key=lambda v: (-freq[v], v))[:2]
        assert _common(second, mask) or second == first


def test_choose_mask_on_0_161_gives_few_rare_heaps() -> None:
    values = octal_rare_table(octal_arrays((0, 1, 6, 1)), 1 << 15)
    _mask, rare = choose_mask(np.bincount(values))
    assert rare < 600  # the research solvers' split: about 490 rare heaps; a poor one has thousands


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=1, max_size=70))
def test_value_frequencies_count_each_prefix(values: list[int]) -> None:
    freqs = value_frequencies(values)
    width = max(values) + 1
    keys = [1 << k for k in range(len(values).bit_length()) if 1 << k <= len(values)]
    assert sorted(freqs) == sorted({*keys, len(values)})
    for k, counts in freqs.items():
        c = Counter(values[:k])
        assert counts == [c[v] for v in range(width)]
    assert value_frequencies(values, powers_of_two=False) == {len(values): freqs[len(values)]}


# ---- stored tables ------------------------------------------------------------------------------

def test_stored_table_equals_one_shot_and_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "CHUNK", 700)
    game = load_game("octal(0.161)")
    path = tmp_path / "t.g"
    one_shot = octal_rare_table(octal_arrays((0, 1, 6, 1)), 5000)

    class Stop(Exception):
        pass

    def interrupt(done: int, total: int) -> None:
        if done >= 2100:
            raise Stop  # as Ctrl-C would, between two chunks

    with pytest.raises(Stop):
        build_stored(game, 3000, path, interrupt)
    meta = read_head(path)
    assert meta["computed"] == 2100 and meta["game"] == "octal(0.161)" and meta["dtype"] == "uint8"
    first = build_stored(game, 3000, path)
    assert first.values.tolist() == one_shot[:3001].tolist()
    second = build_stored(game, 5000, path)  # extends the file
    assert second.values.tolist() == one_shot.tolist()
    assert read_head(path)["computed"] == 5001


def test_stored_table_widens_to_16_bits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "CHUNK", 1000)
    path = tmp_path / "w.g"
    expected = octal_plain_table(octal_arrays((4, 0, 0, 7)), 3000)
    assert expected.max() > 255
    built = build_stored(load_game("octal(4.007)"), 3000, path)
    assert built.values.dtype == np.dtype("<u2") and built.values.tolist() == expected.tolist()
    assert read_head(path)["dtype"] == "uint16"
    assert path.stat().st_size == HEADER + stored_bytes(3000, "uint16")


def test_stored_table_of_a_game_without_splits(tmp_path: Path) -> None:
    built = build_stored(load_game("octal(0.33)"), 200, tmp_path / "s.g")
    assert built.values.tolist() == brute_octal((0, 3, 3), 200)


def test_stored_table_refuses_another_game(tmp_path: Path) -> None:
    path = tmp_path / "k.g"
    build_stored(load_game("kayles"), 100, path)
    with pytest.raises(InvalidInputError, match=r"k\.g.*kayles.*octal\(0\.161\)"):
        build_stored(load_game("octal(0.161)"), 100, path)


def test_stored_table_refuses_a_file_that_is_not_a_table(tmp_path: Path) -> None:
    path = tmp_path / "junk.bin"
    path.write_bytes(b"12345")
    with pytest.raises(InvalidInputError, match=r"junk\.bin"):
        build_stored(load_game("kayles"), 10, path)


def test_stored_sizes_at_2_32_without_allocating() -> None:
    assert stored_dtype(255) == "uint8" and stored_dtype(65535) == "uint16"
    with pytest.raises(InvalidInputError, match="65,536"):
        stored_dtype(65536)
    assert stored_bytes(2**32 - 1, "uint8") == 2**32
    assert stored_bytes(2**32 - 1, "uint16") == 2**33
    assert stored_bytes(2**32, "uint16") == 2**33 + 2


def test_cli_store_resumes_and_reports_frequencies(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers import brute_octal, run

    path = tmp_path / "t.bin"
    code, out, err = run(capsys, "table", "octal(0.161)", "--upto", "3000", "--store", str(path),
                         "--json", "--summary")
    assert code == 0, err
    first = json.loads(out)
    code, out, err = run(capsys, "table", "octal(0.161)", "--upto", "6000", "--store", str(path),
                         "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["values"] == brute_octal((0, 1, 6, 1), 6000)
    counts = np.bincount(data["values"][:4096]).tolist()
    freq = data["frequencies"]["4096"]
    assert freq[:len(counts)] == counts and not any(freq[len(counts):])
    early, late = first["frequencies"]["2048"], data["frequencies"]["2048"]
    assert late[:len(early)] == early and not any(late[len(early):])
    code, _, err = run(capsys, "table", "kayles", "--upto", "10", "--store", str(path))
    assert code == 2 and str(path) in err
