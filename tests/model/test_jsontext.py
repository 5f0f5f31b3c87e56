"""``grundy.model.jsontext.dumps`` writes exactly what ``json.dumps(value, ensure_ascii=False)``
writes (the oracle here is json itself), for the data an answer holds and for data it hands on."""

from __future__ import annotations

import json
import math
from enum import IntEnum, StrEnum

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.model.jsontext import dumps

SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-(10**60), max_value=10**60)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text())
DATA = st.recursive(
    SCALARS,
    lambda inner: (st.lists(inner, max_size=4) | st.lists(inner, max_size=4).map(tuple)
                   | st.dictionaries(st.text(max_size=5), inner, max_size=4)
                   | st.dictionaries(st.integers() | st.booleans() | st.none(), inner, max_size=3)),
    max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(DATA)
def test_dumps_is_json_dumps(value: object) -> None:
    assert dumps(value) == json.dumps(value, ensure_ascii=False)


class Colour(StrEnum):
    RED = "red"


class Level(IntEnum):
    HIGH = 3


@pytest.mark.parametrize("value", [
    "", "⊕ → ⇒ \u0000 \"quoted\" \\ \n\t\u2028 \U0001F600", Colour.RED, Level.HIGH, True, 2**70,
    {"a": [Colour.RED, Level.HIGH, (1, (2, [3]))], "b": {"c": None}}, math.nan, [math.inf, -0.0],
    {1.5: "x", True: "y", None: "z"}, [], {}, ((),),
])
def test_dumps_edge_values(value: object) -> None:
    assert dumps(value) == json.dumps(value, ensure_ascii=False)


def test_what_json_refuses_is_refused_alike() -> None:
    for value in ({"a": {1, 2}}, [object()], {(1, 2): 3}):
        with pytest.raises(TypeError):
            json.dumps(value, ensure_ascii=False)
        with pytest.raises(TypeError):
            dumps(value)
