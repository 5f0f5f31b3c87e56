"""A pattern keeps its rule apart from the words on its status, so no reader parses the line."""

from __future__ import annotations

import json

from grundy.catalog import load_game
from grundy.model.laws import Describes, Status
from grundy.patterns.record import Pattern
from grundy.patterns.search import find_pair_patterns, find_patterns
from grundy.tables.analysis import analyze


def test_the_rule_is_kept_even_where_the_status_has_parentheses() -> None:
    p = Pattern.stated(Describes.P_POSITIONS, "P iff n % (3) == 0",
                       "proved: period 3, by a theorem (of length 4)", "n % 3 == 0", Status.PROVED, 99,
                       "a theorem (of length 4)")
    assert p.rule == "P iff n % (3) == 0"
    assert p.text == "P iff n % (3) == 0 (proved: period 3, by a theorem (of length 4))"
    assert p.text.rsplit(" (", 1)[0] != p.rule  # (what parsing the line gave)


def test_every_pattern_found_states_its_rule_and_writes_the_same_json() -> None:
    kayles = analyze(load_game("kayles"), 400)
    found = [*find_patterns(kayles.first(401), periodicity=kayles.periodicity, steps=2_000),
             *find_patterns([n % 5 for n in range(200)], steps=2_000),
             *find_pair_patterns([[a ^ b for b in range(12)] for a in range(12)], steps=2_000)]
    assert found
    for p in found:
        assert p.law is not None and p.text.startswith(p.law + " ("), p
        assert isinstance(p.describes, Describes) and isinstance(p.status, Status)
        data = json.loads(json.dumps(p.to_json()))
        assert data["describes"] in ("values", "p-positions") and data["status"] in ("proved", "conjecture")
        assert data["text"] == p.text
