"""Every rule's reason renders in English and in Chinese from the same facts, with the same numbers.

The reasons are collected the way users meet them: :func:`grundy.solve` on every catalogue
example's sample positions (normal and misère play), a few sums, and hand-made facts for the rules
no catalogue position produces. For each reason (and each reason nested in it) both texts are
rendered and every number among its facts (ints, and ints inside tuples) must appear in both texts
(:data:`UNSTATED` lists the few bookkeeping facts an English template does not write as a number;
for those, one text states the number exactly when the other does); the Chinese text must contain
Chinese. A rule without a Chinese template fails.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

import grundy.define.reasons
import grundy.theory.every  # noqa: F401  (the Every-SG template)
from grundy import solve
from grundy.catalog import load_game, parse_sum, registered_games
from grundy.errors import GrundyError
from grundy.model.reason import TEMPLATES, TRANSLATED, Reason

HAND_MADE = [  # rules no catalogue sample reaches
    Reason("text", {"text": "my own reason 7"}),
    Reason("proved-pattern", {"pattern": "G(n) = n mod 3", "proof": "Bouton's theorem: G(n) = n"}),
    Reason("conjectured-pattern", {"pattern": "G(n) = n mod 3", "checked_upto": 400}),
    Reason("conjectured-pair-pattern", {"pattern": "a = b", "checked_upto": 30}),
    Reason("smith", {}),
    Reason("mex-reachable", {"heaps": 37}),
    Reason("p-rule-move", {"rule": "n % 2 == 1 or n == 2", "checked": 300, "target": "5"}),
    Reason("hackenbush-floating", {"ground": "g", "close": " (did you mean 'G'?)"}),
    Reason("moore-heap", {"n": 6, "value": 6}),
    Reason("smith-positions", {"explored": 1234}),
    Reason("mex-explored", {"explored": 17}),
    Reason("every-sg", {"suspense": (3, 4, 11), "count": 3, "largest": 11}),
    Reason("every-sg", {"suspense": (2, 4), "count": 2, "largest": 4}),
    Reason("every-sg", {"suspense": (0,), "count": 1, "largest": 0}),
    Reason("digraph-sum", {"tokens": ("a", "b"), "values": (1, 2), "count": 2, "total": 3}),
    Reason("periodic", {"game": "octal(0.07)", "period": 34, "preperiod": 53,
                        "proof": "Guy-Smith periodicity theorem (octal code of length 3)",
                        "n": 1000, "same_as": 71}),
]

SUMS = ["kayles 4 5 + nim 3", "lasker-nim 4 + nim 1", "subtraction(1,2) 4 + wythoff 1 2",
        "bash(3) 5 + lasker-nim 3", "kayles 3 + kayles 4 5", "allbut(1,2) 5000 + nim 3",
        "bash(300) 1000 37 + nim 2"]


def _solved() -> Iterator[Reason]:
    for entry in registered_games():
        for spec in entry.examples:
            try:
                game = load_game(spec)
            except GrundyError:
                continue
            for position in list(game.sample_positions())[:4]:
                for misere in (False, True):
                    try:
                        yield solve(game, position, misere=misere, limit=20_000).why
                    except GrundyError:
                        continue
    for text in SUMS:
        game, position = parse_sum(text)
        for misere in (False, True):
            yield solve(game, position, misere=misere, limit=200_000).why
    yield solve(load_game("nim"), tuple(range(1, 30))).why
    yield solve(load_game("subtraction(1,3,4)"), tuple(range(1, 71))).why


def collected() -> dict[str, list[Reason]]:
    """Up to 6 reasons of each rule (nested ones included), distinct by their English text."""
    found: dict[str, list[Reason]] = {}
    for why in [*_solved(), *HAND_MADE]:
        for reason in why.walk():
            kept = found.setdefault(reason.rule, [])
            if len(kept) < 6 and reason.text not in [r.text for r in kept]:
                kept.append(reason)
    return found


REASONS = collected()


UNSTATED = {
    "bash": {"a", "b"}, "misere-bash": {"b"},  # bash(m) is written by its period m + 1
    "moore": {"k", "columns", "count"},  # k shown as the modulus k + 1
    "hackenbush": {"edges", "cycle_edges", "blocks"},  # a tree states its value only
    "fibonacci-nim": {"limit", "term_count"},  # the limit is stated only when it decides
    "dynamic-subtraction": {"n", "limit", "term_count"},  # n written as its greedy form over H
    "vertex-geography": {"visited"}, "smith-graph": {"count", "infinite"},
    "bounded-nim": {"count"}, "digraph-vertex": {"count"}, "every-sg": {"count"},
    "misere-quotient": {"count"}, "xor-of-heaps": {"count"},  # how many items, shown as "…"
}
"""Facts a rule's English text does not always state as a number (bookkeeping, or written in a
derived form); every other number of the facts must appear in both texts."""


def numbers(value: Any) -> Iterable[int]:
    """The ints of a fact's value (not booleans, not inside nested reasons)."""
    if isinstance(value, bool) or isinstance(value, Reason):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from numbers(item)


def states(text: str, n: int) -> bool:
    """Whether ``text`` writes the number ``n`` (as digits, or grouped by commas), not as part of
    a longer number."""
    return any(re.search(rf"(?<!\d)(?<!\d\.){re.escape(form)}(?!\d)", text) for form in {str(n), f"{n:,}"})


@pytest.mark.parametrize("rule", sorted(REASONS))
def test_both_languages_state_the_same_numbers(rule: str) -> None:
    for reason in REASONS[rule]:
        en, zh = reason.render("en"), reason.render("zh")
        assert en == reason.text
        assert re.search(r"[\u4e00-\u9fff]", zh) or rule == "text", zh
        for key, value in reason.facts.items():
            for n in set(numbers(value)):
                if key in UNSTATED.get(rule, ()):
                    assert states(en, n) == states(zh, n), (rule, key, n, en, zh)
                else:
                    assert states(en, n) and states(zh, n), (rule, key, n, en, zh)


def test_every_rule_has_a_chinese_template_and_was_rendered() -> None:
    rules = set(TEMPLATES) - {"doc-example"}
    Reason("text", {"text": ""}).render("zh")  # (loads the Chinese templates)
    assert rules - set(TRANSLATED["zh"]) == set()
    assert rules - set(REASONS) == set(), "rules no case produced"
    assert len(rules) >= 47


def test_numbers_shown_at_all_are_shown_in_both() -> None:
    """The check can fail: a template that drops a number is caught."""
    reason = Reason("bouton", {"heaps": (3, 4, 5), "total": 2})
    assert states(reason.render("en"), 4) and states(reason.render("zh"), 4)
    assert not states("异或和 3 ⊕ 5 = 2", 4) and not states("14", 4) and states("1,234 个", 1234)
    assert set(UNSTATED) <= set(REASONS)
