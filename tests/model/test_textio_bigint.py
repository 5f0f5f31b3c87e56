"""Decimal text of big ints (python-flint past a threshold) against plain ``str``/``int``/``json``."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator

import pytest

import grundy.games.takeaway.nim  # noqa: F401 (registers the "bouton" template)
from grundy.model import textio
from grundy.model.reason import Reason, period_reason
from grundy.model.textio import BIG_BITS, BIG_DIGITS, int_text, json_text, parse_int


@pytest.fixture(autouse=True)
def _no_digit_limit() -> Iterator[None]:
    """As the command line runs: no limit on int/str conversions (restored afterwards)."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    yield
    sys.set_int_max_str_digits(old)


def _samples() -> list[int]:
    rng = random.Random(2024)
    edge = [0, 1, -1, 9, -10, 1 << BIG_BITS, (1 << BIG_BITS) - 1, -(1 << BIG_BITS), (1 << BIG_BITS) + 1,
            10**BIG_DIGITS, 10**BIG_DIGITS - 1, 10 ** (BIG_DIGITS - 1), -(10**BIG_DIGITS), 10**20000]
    sizes = [rng.randrange(1, 3 * BIG_BITS) for _ in range(40)]
    return edge + [rng.getrandbits(b) * rng.choice((1, -1)) for b in sizes]


def test_int_text_is_str() -> None:
    for value in _samples():
        assert int_text(value) == str(value), value.bit_length()
        assert int_text(value) == str(value)  # (again: the remembered text)
        assert int_text(value, grouped=True) == f"{value:,}", value.bit_length()


def test_parse_int_is_int() -> None:
    for value in _samples():
        text = str(value)
        assert parse_int(text) == value, len(text)
        if value >= 0:
            assert parse_int("+" + text) == value
            assert parse_int("000" + text) == value
    big = "7" * (BIG_DIGITS + 5)
    for text in (" " + big + "\n", big[:100] + "_" + big[100:], "٣" + big):  # int()'s own forms
        assert parse_int(text) == int(text)
    for bad in ("1" * BIG_DIGITS + "x", "-" + "1" * BIG_DIGITS + "-", "+-" + "1" * BIG_DIGITS, ""):
        with pytest.raises(ValueError):
            parse_int(bad)
        with pytest.raises(ValueError):
            int(bad)


def test_the_interpreters_digit_limit_still_applies() -> None:
    sys.set_int_max_str_digits(4300)
    big = 10**5000
    with pytest.raises(ValueError, match="limit"):
        int_text(big)
    with pytest.raises(ValueError, match="limit"):
        parse_int("9" * 5000)
    assert int_text(10**4000) == str(10**4000) and parse_int("9" * 4000) == int("9" * 4000)


def test_json_text_is_json_dumps() -> None:
    values = _samples()
    data = {"a": values, "b": (values[5], {"c": values[-1], "d": [True, None, 1.5, "x\u0000y"]}),
            "é": "ü", "n": values[12]}
    for options in ({}, {"ensure_ascii": False}, {"sort_keys": True, "separators": (",", ":")}):
        assert json_text(data, **options) == json.dumps(data, **options)


def test_reason_text_of_big_facts_is_the_plain_text() -> None:
    class Found:
        preperiod, period, reason = 71, 12, "a proof"

    n = 10**4000 + 12345
    reason = period_reason("kayles", Found(), n)
    assert reason.text == (f"kayles is periodic with period 12 from heap 71 (a proof), so "
                           f"G({n!s}) = G({71 + (n - 71) % 12})")
    assert reason.facts["n"] == n and type(reason.facts["n"]) is int  # the facts are untouched
    nim = Reason("bouton", {"heaps": (n, 3), "total": n ^ 3})
    assert str(n) in nim.text and str(n ^ 3) in nim.text


def test_small_numbers_never_load_flint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "flint", None)  # importing it would now fail
    assert int_text(-(1 << BIG_BITS) + 1) == str(-(1 << BIG_BITS) + 1)
    assert parse_int("9" * BIG_DIGITS) == int("9" * BIG_DIGITS)
    assert textio.json_text([1 << BIG_BITS - 1]) == json.dumps([1 << BIG_BITS - 1])


def test_json_text_never_swaps_a_users_string_for_a_big_int() -> None:
    """A string (value or key) that looks like the marker of a big int, in every form json_text
    ever used or uses, is written as json.dumps writes it; the big ints still are too."""
    big = [10**4000 + 7, -(10**3500)]
    looks = ["\u0000int 0\u0000", "\u0000int#:0\u0000", "\u0000int#:1\u0000", "\u0000int##:0\u0000",
             'x"\u0000int#:0\u0000', "\u0000int" + "#" * 5 + ":1\u0000", "#" * 9, "\u0000moves\u0000"]
    cases = [[*looks, *big], [*big, *looks], {s: s for s in looks} | {"b": big},
             {"b": big, "keys": {s: 1 for s in looks}}, [looks[1], big[0]], [looks[1:3], big, looks]]
    for data in cases:
        for options in ({}, {"ensure_ascii": False}, {"sort_keys": True, "indent": 1}):
            assert json_text(data, **options) == json.dumps(data, **options), (data, options)
    # the text of the default= hook holds a marker too
    assert json_text([big[0], {1}], default=lambda _: "\u0000int#:0\u0000") == \
        json.dumps([big[0], {1}], default=lambda _: "\u0000int#:0\u0000")
