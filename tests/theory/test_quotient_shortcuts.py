"""The misère-quotient short cuts of issue #30's last round, each against the plain way written here.

Each short cut must give the same candidates, numbering and steps as the plain computation it
replaces (budgets count steps): Moore's rounds in C, the least words that stop at a power finding
no element, the walks that leave out the moves the letters commuting makes idle, and the
collector paused while a quotient is built. The plain ways below are the code as it was.
"""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from grundy.catalog import load_game
from grundy.theory.quotient import misere_quotient
from grundy.theory.quotient.candidate import LazyMul, State, Steps


def _settled(game: Any, upto: int) -> tuple[Any, ...]:
    """The quotient of heaps 0..upto heap by heap, its numbering, pairs and the steps spent."""
    from grundy.theory.quotient import finish_quotient
    from grundy.theory.quotient.settling import settle

    steps, st, checked = Steps(10**9, game.spec), State([[0]], [False], [()]), 0
    while len(st.heap) <= upto:
        st, checked = settle(st, game, steps)
    q = finish_quotient(game, st, checked, steps)
    return q.table, q.p, q.heaps, q.names, q.verified_states, steps.spent


def _plain_moore(cls: list[int], trans: list[list[int]]) -> tuple[list[int], int]:
    """Moore's rounds with a dictionary of signatures, a row at a time: classes, rounds."""
    count, rounds = len(set(cls)), 0
    while True:
        rounds += 1
        sig: dict[tuple[int, ...], int] = {}
        new = [sig.setdefault((c, *(cls[y] for y in row)), len(sig))
               for c, row in zip(cls, trans, strict=True)]
        if len(sig) == count:
            return cls, rounds
        cls, count = new, len(sig)


def test_moores_rounds_in_c_match_the_plain_rounds() -> None:
    # random automata (a few transitions a state, a few classes to start): the same classes,
    # numbered alike, and the same number of rounds (the steps spent)
    from grundy.theory.quotient.moore import moore_classes, moore_columns

    game, rnd = load_game("kayles"), random.Random(30)
    for trial in range(300):
        size, width = rnd.randint(1, 60), rnd.randint(0, 4)
        trans = [[rnd.randrange(size) for _ in range(width)] for _ in range(size)]
        cls = [rnd.randrange(rnd.randint(1, 3)) for _ in range(size)]
        want, rounds = _plain_moore(list(cls), trans)
        for way in ("rows", "columns"):
            steps = Steps(10**9, "t")
            got = (moore_classes(list(cls), trans, steps, 7, "t", game, 0) if way == "rows" else
                   moore_columns(list(cls), [list(c) for c in zip(*trans, strict=True)] if width else [],
                                 steps, 7, "t", game, 0))
            assert got == want and steps.spent == 7 * rounds, (trial, way)


@pytest.mark.parametrize("few", [1, 2, 8])
def test_moores_rounds_class_by_class_match_the_plain_rounds(few: int,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # the rounds that refine only the classes that can split, from the first round that adds at
    # most one class for `few` it has (forced on small automata; half of them with a long chain,
    # whose rounds split a class or two each): the same classes, numbering and rounds
    from grundy.theory.quotient import moore

    monkeypatch.setattr(moore, "FEW_SPLIT", few)
    monkeypatch.setattr(moore, "FEW_SPLIT_FROM", 1)
    game, rnd = load_game("kayles"), random.Random(few)
    went_on = {"rounds": 0}
    real = moore._few_split_rounds

    def counted(*args: Any) -> tuple[list[int], int]:
        went_on["rounds"] += 1
        return real(*args)

    monkeypatch.setattr(moore, "_few_split_rounds", counted)
    for trial in range(300):
        size, width = rnd.randint(1, 80), rnd.randint(0, 4)
        trans = [[rnd.randrange(size) for _ in range(width)] for _ in range(size)]
        if width and trial % 2:
            trans = [[min(size - 1, x + 1), *row[1:]] for x, row in enumerate(trans)]
        cls = [rnd.randrange(rnd.randint(1, 3)) for _ in range(size)]
        want, rounds = _plain_moore(list(cls), trans)
        steps = Steps(10**9, "t")
        columns = [list(c) for c in zip(*trans, strict=True)] if width else []
        assert moore.moore_columns(list(cls), columns, steps, 7, "t", game, 0) == want, trial
        assert steps.spent == 7 * rounds, trial
    assert went_on["rounds"] > 50


def _plain_least_words(mul: Any, heap: list[int], m: int) -> list[tuple[int, ...]]:
    """Every power of every heap scanned (the rows of all read), as it was."""
    word: dict[int, tuple[int, ...]] = {0: ()}
    for j in range(1, len(heap)):
        if len(word) == m:
            break
        h = heap[j]
        before = sorted(word, key=lambda y: word[y])
        power, k, seen_powers = [0], 0, {0}
        while True:
            k += 1
            nxt = mul[h][power[-1]]
            for y in [y for y in before if mul[nxt][y] not in word]:
                z = mul[nxt][y]
                if z not in word:
                    word[z] = (j,) * k + word[y]
            if nxt in seen_powers:
                break
            seen_powers.add(nxt)
            power.append(nxt)
    return [word[x] for x in range(m)]


def _plain_listed_least_words(hcols: list[list[int]], size: int, steps: Steps) -> tuple[list[int], list[Any]]:
    """A product's least words with every power of every heap scanned, as it was."""
    found, order, split = [False] * size, [0], [(0, 0, 0)] * size
    found[0] = True
    for j, h in enumerate(hcols, start=1):
        if len(order) == size:
            break
        before = order[:]
        cur, power, seen_powers, k = before, 0, {0}, 0
        while True:
            k += 1
            power = h[power]
            cur = [h[c] for c in cur]
            steps.spend(len(before), "least words")
            for z, y in zip(cur, before, strict=True):
                if not found[z]:
                    found[z] = True
                    order.append(z)
                    split[z] = (j, k, y)
            if power in seen_powers:
                break
            seen_powers.add(power)
    return order, split


@pytest.mark.parametrize(("code", "upto"), [("0.26", 16), ("0.07", 18), ("0.57", 20)])
def test_least_words_that_stop_at_a_power_finding_nothing_match_the_full_scan(
        code: str, upto: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # a power of a heap that finds no element: none later does (the steps of those rows paid for,
    # or of those powers counted); the candidates' words and the products' least words with their
    # steps, each against the full scan; and the whole quotient with its steps
    from grundy.theory.quotient import candidate, recalibration

    game = load_game(f"octal({code})")
    fast = _settled(game, upto)
    checked = {"tables": 0, "products": 0}
    real_words, real_listed = candidate.least_words, recalibration._listed_least_words

    def both_words(mul: Any, heap: list[int], m: int) -> list[tuple[int, ...]]:
        if isinstance(mul, LazyMul):
            copies = [LazyMul(mul.step, mul.parent, mul.letter, Steps(10**9, "t"), "t") for _ in range(2)]
            want = _plain_least_words(copies[0], heap, m)
            assert real_words(copies[1], heap, m) == want
            assert copies[0].steps.spent == copies[1].steps.spent
            checked["tables"] += 1
        return real_words(mul, heap, m)

    def both_listed(hcols: Any, size: int, steps: Steps) -> tuple[list[int], list[Any]]:
        hcols = list(hcols)
        plain_steps, short_steps = Steps(10**9, "t"), Steps(10**9, "t")
        want = _plain_listed_least_words(hcols, size, plain_steps)
        assert real_listed(hcols, size, short_steps) == want
        assert plain_steps.spent == short_steps.spent
        checked["products"] += 1
        return real_listed(hcols, size, steps)

    monkeypatch.setattr(recalibration, "least_words", both_words)
    monkeypatch.setattr(recalibration, "_listed_least_words", both_listed)
    assert _settled(game, upto) == fast
    assert checked["tables"] and checked["products"]
    monkeypatch.setattr(recalibration, "least_words", _plain_least_words)
    monkeypatch.setattr(recalibration, "_listed_least_words", _plain_listed_least_words)
    assert _settled(game, upto) == fast


def _plain_first_failure(st: Any, steps: Any, letters: Any, heap_of: Any, start: Any, more: Any, most: int,
                         walked: Any, cap: int) -> Any:
    """The look for a failing sum taking every pair by every letter, as it was."""
    from grundy.theory.quotient.verification import MAX_PAIRS, SwitchToCompiled, _mask, mask_moves

    n, p = len(st.heap) - 1, st.p
    p_mask = _mask(x for x, isp in enumerate(p) if isp)
    heap_images, moves = mask_moves(st, letters)
    index, states, parent, found = {start: 0}, [start], [(-1, -1)], None
    i = 0
    while i < len(states):
        x, o = states[i]
        out = o != 0 and not o & p_mask
        if p[x] != out:
            word, back = [n], i
            while back:
                back, li = parent[back]
                word.append(heap_of[li])
            sorted_word = tuple(sorted(word, reverse=True))
            if found is None:
                found = sorted_word, out
            elif more is not None:
                more.append(sorted_word)
            if more is None or len(more) + 1 >= most:
                return found
            i += 1
            continue
        steps.spend(len(letters) * (o.bit_count() + 1), "looking for a failing sum")
        if steps.spent > cap:
            raise SwitchToCompiled
        ohs = heap_images(o)
        for li, (rh, g, by_x) in enumerate(moves):
            nxt = (rh[x], ohs[g] | by_x[x])
            if nxt not in index:
                index[nxt] = len(states)
                states.append(nxt)
                parent.append((i, li))
        i += 1
        if len(states) > MAX_PAIRS:
            return found
    if found is None and walked is not None:
        walked.append(set(states))
    return found


def _plain_grow(st: Any, seen: Any, old: Any, steps: Any, images: Any = None) -> Any:
    """The verified pairs extended by the new letter, every pair taken by every letter, as it was."""
    from grundy.theory.quotient.candidate import Images
    from grundy.theory.quotient.verification import _mask, mask_moves

    n = len(st.heap) - 1
    letter = (st.heap[n], st.opts[n])
    if letter in old:
        return seen
    st.images = images if images is not None else Images()
    p = st.p
    p_mask = _mask(x for x, isp in enumerate(p) if isp)
    heap_images, moves = mask_moves(st, [*old, letter])
    out, todo = set(seen), []
    row, g, by_x = moves[-1]
    for x, o in seen:
        nxt = (row[x], heap_images(o)[g] | by_x[x])
        if nxt not in out:
            out.add(nxt)
            todo.append(nxt)
    steps.spend(len(seen), "verification")
    while todo:
        x, o = todo.pop()
        if p[x] != (o != 0 and not o & p_mask):
            return None
        steps.spend(len(moves) * (o.bit_count() + 1), "verification")
        ohs = heap_images(o)
        for row, g, by_x in moves:
            nxt = (row[x], ohs[g] | by_x[x])
            if nxt not in out:
                out.add(nxt)
                todo.append(nxt)
    return out


@pytest.mark.parametrize(("code", "upto"), [("0.26", 18), ("0.07", 20), ("0.77", 60), ("0.764", 40)])
def test_walks_that_leave_out_idle_moves_match_the_plain_walks(
        code: str, upto: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # the letters' maps commute on a commutative monoid: the look for a failing sum leaves out a
    # pair's letters before the one it was reached by, and the grown verification a verified
    # pair's old letters; against every pair taken by every letter: the same quotient, numbering,
    # verified pairs and steps
    from grundy.theory.quotient import settling, verification

    game = load_game(f"octal({code})")
    monkeypatch.setattr(verification, "COMPILED_FROM_M", 10**9)
    fast = _settled(game, upto)
    monkeypatch.setattr(settling, "_first_failure_python", _plain_first_failure)
    monkeypatch.setattr(settling, "grow_verified", _plain_grow)
    assert _settled(game, upto) == fast


def test_a_verified_table_must_be_associative() -> None:
    # Light's test on the generators (which must generate the table): a commutative table that is
    # not associative, or not generated, is refused; a quotient's table passes
    from grundy.theory.quotient.settling import _associative

    q = misere_quotient(load_game("octal(0.07)"), upto=14)
    table = [list(row) for row in q.table]
    assert _associative(table, list(q.generators))
    assert not _associative(table, list(q.generators)[:-1])
    bad = [[0, 1, 2], [1, 2, 2], [2, 2, 0]]  # commutative, identity 0, generated by 1, but
    assert not _associative(bad, [1])        # (1·1)·2 = 2·2 = 0 while 1·(1·2) = 1·2 = 2
    assert _associative([[0, 1], [1, 0]], [1])


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_paused_while_building_and_left_as_it_was(enabled: bool,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.theory.quotient import build

    seen: list[bool] = []
    real = build.settle
    monkeypatch.setattr(build, "settle", lambda *a: (seen.append(gc.isenabled()), real(*a))[1])
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        misere_quotient(load_game("kayles"), upto=6)
        assert gc.isenabled() == enabled and seen and not any(seen)
    finally:
        (gc.enable if was else gc.disable)()


def _refused_at(game: Any, upto: int, limit: int) -> tuple[Any, ...]:
    """The steps spent and the message where a budget of ``limit`` steps runs out (or the quotient)."""
    from grundy.errors import SearchLimitError
    from grundy.theory.quotient.settling import settle

    steps, st = Steps(limit, game.spec), State([[0]], [False], [()])
    try:
        while len(st.heap) <= upto:
            st, _ = settle(st, game, steps)
    except SearchLimitError as exc:
        return steps.spent, str(exc)
    return steps.spent, st.m, st.p, st.heap


@pytest.mark.parametrize(("code", "upto"), [("0.26", 16), ("4.7", 12)])
def test_a_word_checked_by_closure_matches_the_depth_first_search(
        code: str, upto: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # a recalibrated product's failing word checked level by level (its sets built in another
    # order) against the depth-first search: the same quotient, numbering and steps; and where a
    # budget runs out during a check, the search is done again depth first, refused at the same
    # step (budgets chosen so that some run out during a check)
    from grundy.theory.quotient import recalibration

    game = load_game(f"octal({code})")
    fast = _settled(game, upto)
    real_dfs = recalibration._word_comes_out
    limits = range(20_000, 120_000, 1_777)
    with_closure = [_refused_at(game, upto, limit) for limit in limits]
    redone = {"checks": 0}

    def counted(*args: Any) -> bool:
        redone["checks"] += 1
        return real_dfs(*args)

    monkeypatch.setattr(recalibration, "_word_comes_out", counted)
    assert [_refused_at(game, upto, limit) for limit in limits] == with_closure
    assert redone["checks"]  # (some budget ran out during a check: the search was done again)
    monkeypatch.setattr(recalibration, "_word_checked",
                        lambda check, heap, order, product, options, known:
                        real_dfs(check, heap, product.times, options, known))
    assert _settled(game, upto) == fast
    assert [_refused_at(game, upto, limit) for limit in limits] == with_closure
