"""Every rule's reason renders in English and in Chinese from the same facts, with the same numbers.

The reasons are collected the way users meet them: :func:`grundy.solve` on every catalogue
example's sample positions (normal and misère play), a few sums, and hand-made facts for the rules
no catalogue position produces. For each reason (and each reason nested in it) both texts are
rendered and every number among its facts (ints, and ints inside tuples) that the English text
states must appear in the Chinese text, and the other way round; the Chinese text must contain
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
        "bash(3) 5 + lasker-nim 3", "kayles 3 + kayles 4 5", "allbut(1,2) 5000 + nim 3"]


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


def numbers(facts: Any) -> Iterable[int]:
    """The ints among ``facts`` (not booleans, not inside nested reasons)."""
    values: Iterable[Any] = facts.values() if isinstance(facts, dict) else facts
    for value in values:
        if isinstance(value, bool) or isinstance(value, Reason):
            continue
        if isinstance(value, int):
            yield value
        elif isinstance(value, (tuple, list)):
            yield from numbers(list(value))


def states(text: str, n: int) -> bool:
    """Whether ``text`` writes the number ``n`` (as digits, or grouped by commas), not as part of
    a longer number."""
    return any(re.search(rf"(?<![\d.]){re.escape(form)}(?!\d)", text) for form in {str(n), f"{n:,}"})


@pytest.mark.parametrize("rule", sorted(REASONS))
def test_both_languages_state_the_same_numbers(rule: str) -> None:
    for reason in REASONS[rule]:
        en, zh = reason.render("en"), reason.render("zh")
        assert en == reason.text
        assert re.search(r"[\u4e00-\u9fff]", zh) or rule == "text", zh
        for n in set(numbers(dict(reason.facts))):
            assert states(en, n) == states(zh, n), (rule, n, en, zh)


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
