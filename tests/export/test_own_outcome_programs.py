"""``grundy export GAME --outcome`` of a game of one's own on tuples of numbers: a Python program
that carries the move function and answers who wins alone (``0 P`` or ``- N``, the line of every
``--outcome`` program and of ``solve --input --outcome``), by a search that stops at a position's
first option that is a P-position; a sum by its parts' Grundy values. Checked against brute forces
written here from the statements (AtCoder ABC 354 E "Remove Pairs" in the judge's layout, reshaped
as tests/contest/test_pool_b_problems.py does it), against plain recursions of random games with
splits, and line by line against ``solve --input --outcome``; then the refusals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from grundy.errors import GrundyError
from tests.contest.test_pool_b_problems import pair_delete, remove_pairs, takahashi_wins
from tests.engine.test_outcome_search import pair_wins, takes
from tests.helpers import cli_output as cli
from tests.helpers import exported as export
from tests.helpers import python_lines, registered_rules


def split_row(row: tuple[int, ...]) -> list[object]:
    """a row of counters: take one from a counter (an empty one leaves the row), or cut the row in
    two rows between two counters (a sum); nothing left: ()"""
    out: list[object] = []
    for i, x in enumerate(row):
        left = row[:i] + ((x - 1,) if x > 1 else ()) + row[i + 1:]
        out.append(left or ())
    out += [grundy.Sum(row[:i], row[i:]) for i in range(1, len(row))]
    return out


def swap(p: tuple[int, int]) -> list[object]:
    """swap the two numbers while they differ (a loopy game)"""
    return [(p[1], p[0])] if p[0] != p[1] else []


NAMES = ("oo-cards", "oo-row", "oo-swap", "oo-words")


@pytest.fixture(scope="module", autouse=True)
def own_games() -> Iterator[None]:
    grundy.game("oo-cards")(remove_pairs)
    grundy.game("oo-row")(split_row)
    grundy.game("oo-swap", arity=2)(swap)
    grundy.game("oo-words", parse=str, format=str)(pair_delete)
    yield
    for name in NAMES:
        catalog.unregister(name)


def judge_to_rows(judge: str) -> str:
    """The user's part: each judge's input (N, then N lines A_i B_i) as one row a1 b1 a2 b2 ..."""
    numbers = judge.split()
    return " ".join(numbers[1:1 + 2 * int(numbers[0])]) + "\n"


def line(wins: bool) -> str:
    return "- N" if wins else "0 P"


def solve_outcome(game: str, text: str, tmp_path: Path) -> list[str]:
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, err = cli("solve", game, "--input", "lines", str(path), "--outcome")
    assert code == 0, err
    return out.split("\n")[:-1]


def test_abc354e_remove_pairs_in_the_judges_layout(tmp_path: Path) -> None:
    """The samples and random decks (few values: many equal fronts and backs), each judge's input
    reshaped into one row (a line a deck, ``--input lines``): the program's lines are the brute
    force's, and solve --input --outcome prints the same lines."""
    rng = random.Random(35)
    decks = [[(1, 9), (2, 5), (4, 9), (1, 4), (2, 5)],  # (sample 1: Aoki)
             [(3, 2), (1, 7), (4, 1), (1, 8), (5, 2), (9, 8), (2, 1), (6, 8), (5, 2)]]  # (sample 2)
    for _ in range(60):
        k = rng.randint(1, 4)
        decks.append([(rng.randint(1, k), rng.randint(1, k)) for _ in range(rng.randint(1, 11))])
    want = [line(takahashi_wins(deck)) for deck in decks]
    assert want[:2] == ["0 P", "- N"] and "0 P" in want[2:] and "- N" in want[2:]
    judges = [f"{len(deck)}\n" + "".join(f"{a} {b}\n" for a, b in deck) for deck in decks]
    rows = "".join(judge_to_rows(judge) for judge in judges)
    program = export("oo-cards", "--outcome", "--lang", "python", "--main")
    assert program.startswith("# oo-cards: who wins a position of a tuple of numbers")
    assert "the outcome alone: '0 P' (a P-position's value is 0) or '- N'" in program.splitlines()[0]
    assert python_lines(program, rows) == want
    assert solve_outcome("oo-cards", rows, tmp_path) == want
    for judge, expected in zip(judges[:2], want[:2], strict=True):  # (one judge's file, one deck)
        assert python_lines(program, judge_to_rows(judge)) == [expected]


@pytest.mark.slow
def test_abc354e_full_size_decks() -> None:
    """N = 18 cards from two or three values (the hardest decks a scan of random ones found: the
    values program lists more than 2,000,000 options on the first), against the brute force."""
    rows = ["3 1 3 3 3 2 1 3 3 1 2 3 3 2 3 3 2 1 3 2 1 1 1 2 1 1 2 2 3 1 2 3 2 1 1 3",
            "1 3 3 2 3 3 2 3 3 1 3 1 2 1 1 1 1 3 2 1 1 1 2 1 3 1 1 3 1 2 3 3 1 3 3 2",
            "1 3 1 3 2 1 1 4 2 4 2 2 2 1 1 3 2 2 1 3 2 1 1 4 2 4 2 4 1 2 2 3 1 1 1 4"]
    decks = [[(int(a), int(b)) for a, b in zip(r.split()[::2], r.split()[1::2], strict=True)] for r in rows]
    program = export("oo-cards", "--outcome", "--lang", "python", "--main")
    assert python_lines(program, "".join(r + "\n" for r in rows)) == [
        line(takahashi_wins(deck)) for deck in decks]


def row_value(row: tuple[int, ...]) -> int:
    """The plain recursion of :func:`split_row`: a cut leaves a sum, valued by the XOR."""
    @cache
    def value(r: tuple[int, ...]) -> int:
        seen = set()
        for i, x in enumerate(r):
            seen.add(value(r[:i] + ((x - 1,) if x > 1 else ()) + r[i + 1:]))
        seen |= {value(r[:i]) ^ value(r[i:]) for i in range(1, len(r))}
        return min(set(range(len(seen) + 1)) - seen)
    return value(row)


GAMES = [(tuple(sorted(random.Random(number).sample(range(1, 7), 1 + number % 3))), number % 2 == 0)
         for number in range(6)]
"""The random games on pairs: (the steps, whether a move may split), seeded."""

RULES = "import grundy\n" + "".join(f'''

@grundy.game("oo-take{number}", arity=2)
def take{number}(p):
    """take a step of {steps} from a or from b{'; or split (a, b): (a - 2, 0) + (0, b)' if split else ''}"""
    a, b = p
    out = [(a - s, b) for s in {steps} if s <= a] + [(a, b - s) for s in {steps} if s <= b]
    if {split} and a >= 2:
        out.append(grundy.Sum((a - 2, 0), (0, b)))
    return out
''' for number, (steps, split) in enumerate(GAMES))
"""The random games as a user writes them (the move function carried into the program reads
nothing from outside it): those of tests/engine/test_outcome_search.py's generator ``takes``."""


@pytest.fixture(scope="module")
def random_games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield from registered_rules(tmp_path_factory, "oo", RULES, tuple(f"oo-take{n}" for n in range(6)))


def test_random_games_of_ones_own_with_splits(random_games: Path, tmp_path: Path) -> None:
    """Games on pairs (arity 2, some moves split into a sum) of the generator of
    tests/engine/test_outcome_search.py: lines of one, two and three pairs (a line of several: their
    sum, by the parts' values), against its plain recursion; a game on rows of any length whose
    moves cut a row in two (grundy.Sum), against its own; the same lines as solve --outcome."""
    rng = random.Random(2027)
    for number, (steps, split) in enumerate(GAMES):
        name, value = f"oo-take{number}", pair_wins(steps, split)
        assert takes(steps, split)((7, 3)) == grundy.load_game(name).move_function((7, 3))
        cases = [[(rng.randint(0, 25), rng.randint(0, 25)) for _ in range(rng.randint(1, 3))]
                 for _ in range(30)]
        total = [0] * len(cases)
        for i, case in enumerate(cases):
            for a, b in case:
                total[i] ^= value(a, b)  # type: ignore[operator]
        text = "".join(" ".join(f"{a} {b}" for a, b in case) + "\n" for case in cases)
        program = export(name, "--outcome", "--lang", "python", "--main")
        assert python_lines(program, text) == [line(t != 0) for t in total], (steps, split)
        assert solve_outcome(name, text, tmp_path) == [line(t != 0) for t in total]
    rows = [tuple(rng.randint(1, 3) for _ in range(rng.randint(1, 6))) for _ in range(30)]
    program = export("oo-row", "--outcome", "--lang", "python", "--main", "--input", "cases")
    text = f"{len(rows)}\n" + "".join(f"{len(r)} {' '.join(map(str, r))}\n" for r in rows)
    want = [line(row_value(r) != 0) for r in rows]
    assert "0 P" in want and "- N" in want
    assert python_lines(program, text) == want


def test_the_search_settles_fewer_positions_and_the_memo_is_bounded() -> None:
    """An N-position stops at its first P-option: fewer positions are settled than the values
    program values; past MEMO_KEPT, the outcomes of the inputs before are let go, the answers the
    same."""
    deck = [1, 1, 2, 2, 1, 3, 3, 3, 2, 1, 4, 4, 1, 2, 3, 1, 4, 2, 2, 4]
    alone: dict[str, object] = {"__name__": "not-main"}
    exec(export("oo-cards", "--outcome", "--lang", "python"), alone)
    values: dict[str, object] = {"__name__": "not-main"}
    exec(export("oo-cards", "--lang", "python"), values)
    answer, settled = alone["answer"], alone["_WINS"]
    assert callable(answer) and isinstance(settled, dict)
    value = values["answer"](deck)  # type: ignore[operator]
    assert answer(deck) == line_answer(value[1])
    assert 0 < len(settled) < len(values["_MEMO"])  # type: ignore[arg-type]
    alone["MEMO_KEPT"] = 10
    rng = random.Random(5)
    decks = [[rng.randint(1, 3) for _ in range(2 * rng.randint(3, 7))] for _ in range(20)]
    let_go = 0
    for d in decks:
        settled[("kept",)] = True  # (a mark: gone after the next input iff more than 10 were kept)
        many = len(settled) > 10
        assert answer(d) == line_answer(takahashi_wins(list(zip(d[::2], d[1::2], strict=True))))
        assert (("kept",) in settled) != many
        let_go += many
    assert 0 < let_go < len(decks)


def line_answer(wins: bool) -> tuple[int | None, bool]:
    return (None, True) if wins else (0, False)


def misere_wins(pairs: list[tuple[int, int]], steps: tuple[int, ...], split: bool) -> bool:
    """The plain misère recursion of a sum of pairs of :func:`takes`' game (sorted: a multiset; a
    split leaves two pairs), from the rules: no move is a win (whoever moves last loses), else a
    win iff some move reaches a loss."""
    moves = takes(steps, split)

    @cache
    def wins(state: tuple[tuple[int, int], ...]) -> bool:
        options = []
        for k, pair in enumerate(state):
            rest = state[:k] + state[k + 1:]
            for option in moves(pair):  # type: ignore[operator]
                options.append(rest + (tuple(option.parts) if isinstance(option, grundy.Sum) else (option,)))
        return not options or any(not wins(tuple(sorted(o))) for o in options)
    return wins(tuple(sorted(pairs)))


def test_misere_outcome_programs_stop_at_a_first_losing_option(random_games: Path, tmp_path: Path) -> None:
    """With --misere, the program searches each sum as a whole and stops at its first option that
    is a loss: lines of one to three pairs of a game whose moves may split a pair in two, against
    the plain misère recursion, and the lines of the misère program that searches everything and
    of solve --input --misere."""
    steps, split = GAMES[0]
    assert split
    rng = random.Random(7)
    cases = [[(rng.randint(0, 9), rng.randint(0, 9)) for _ in range(rng.randint(1, 3))] for _ in range(40)]
    want = ["- N" if misere_wins(case, steps, split) else "- P" for case in cases]
    assert "- N" in want and "- P" in want
    text = "".join(" ".join(f"{a} {b}" for a, b in case) + "\n" for case in cases)
    program = export("oo-take0", "--outcome", "--misere", "--lang", "python", "--main")
    assert "stops at a position's first option that is a loss" in program.splitlines()[1]
    assert python_lines(program, text) == want
    full = export("oo-take0", "--misere", "--lang", "python", "--main")
    assert python_lines(full, text) == want
    path = tmp_path / "pairs.in"
    path.write_text(text)
    code, out, err = cli("solve", "oo-take0", "--input", "lines", str(path), "--misere")
    assert code == 0 and out.split("\n")[:-1] == want, err
    alone: dict[str, object] = {"__name__": "not-main"}
    exec(program, alone)
    every: dict[str, object] = {"__name__": "not-main"}
    exec(full, every)
    position = (9, 8, 7, 9)
    assert alone["first_player_wins"](*position) == every["first_player_wins"](*position)  # type: ignore[operator]
    assert 0 < len(alone["_WINS"]) < len(every["_WINS"])  # type: ignore[arg-type]


def test_words_cf1104b_game_with_string(tmp_path: Path) -> None:
    """A game on words (parse=str): CF 1104B's strings, a line a string, "Yes" iff the first player
    wins; the program's lines against the plain recursion written here, and solve --input --outcome's;
    in misère play too (whoever deletes last loses)."""
    @cache
    def wins(text: str, misere: bool) -> bool:
        options = [text[:i] + text[i + 2:] for i in range(len(text) - 1) if text[i] == text[i + 1]]
        if not options:  # (no move: a loss, in misère play a win)
            return misere
        return any(not wins(o, misere) for o in options)

    rng = random.Random(1104)
    texts = ["abacaba", "iiq", "abba"] + ["".join(rng.choice("ab") for _ in range(rng.randint(1, 14)))
                                          for _ in range(40)]
    text = "".join(t + "\n" for t in texts)
    program = export("oo-words", "--outcome", "--lang", "python", "--main")
    want = [line(wins(t, False)) for t in texts]
    assert want[:3] == ["0 P", "- N", "0 P"]  # (the samples: No, Yes, No)
    assert python_lines(program, text) == want == solve_outcome("oo-words", text, tmp_path)
    program = export("oo-words", "--outcome", "--misere", "--lang", "python", "--main")
    assert python_lines(program, text) == ["- N" if wins(t, True) else "- P" for t in texts]


@pytest.mark.parametrize("right, wrong", [
    # (a P-option read as no win)
    ("            if not found:\n", "            if found:\n"),
    # (a P-position found deeper: its parent's frame not won by it)
    ("                x, won = stack[-1][0], True\n", "                won = None\n"),
    # (misère play: a position with no move read as a loss)
    ("        won = MISERE if not moves else False", "        won = False"),
])
def test_the_check_before_printing_can_fail(monkeypatch: pytest.MonkeyPatch, random_games: Path, right: str,
                                           wrong: str) -> None:
    """A wrong search is caught by the check against the engine (the second only on positions
    larger than the values program's check takes: the outcome program's check adds them)."""
    import grundy.export.positions as positions
    from grundy.reports.export_policy import export_game

    assert positions.PY_OUTCOME.count(right) == 1
    monkeypatch.setattr(positions, "PY_OUTCOME", positions.PY_OUTCOME.replace(right, wrong))
    for name, misere in (("oo-cards", False), ("oo-row", False), ("oo-take0", True)):
        if "MISERE" in right and not misere:
            continue  # (in normal play, the line changed reads the same)
        with pytest.raises(GrundyError, match="internal error"):
            export_game(grundy.load_game(name), lang="python", outcome=True, misere=misere)


def test_error_lines_of_a_loopy_game_and_of_the_bound(tmp_path: Path) -> None:
    program = export("oo-swap", "--outcome", "--lang", "python", "--main")
    assert python_lines(program, "1 2\n3 3\n", error_lines=True) == [
        "error: position '1 2' can be reached from itself: the game is loopy (grundy solve answers it; "
        "this program does not)", "0 P"]
    program = export("oo-cards", "--outcome", "--lang", "python", "--main", "--limit", "40")
    got = python_lines(program, "1 1 1 1 1 1 1 1 1 1 1 1 2 3 3 2 2 3\n1 1\n", error_lines=True)
    assert got[0].startswith("error: position '1 1 1") and "within 40 options listed" in got[0]
    assert got[1:] == ["0 P"]


@pytest.mark.parametrize("argv, words", [
    (("oo-cards", "--outcome", "--main", "--winning-moves"), "does not go with --winning-moves"),
    (("oo-cards", "--outcome", "--conjecture"), "does not go with --conjecture"),
    (("oo-row", "--outcome", "--main", "--input", "cases", "--params", "sum"), "does not go with --params"),
    (("oo-cards", "--outcome", "--upto", "5"), "--upto has no use"),
    (("oo-cards", "--outcome", "--lang", "cpp"), "use --lang python"),
    (("wythoff", "--outcome", "--lang", "python"), "heap game"),
])
def test_refusals_are_one_line(argv: tuple[str, ...], words: str) -> None:
    code, out, err = cli("export", *argv)
    assert code == 2 and out == "" and words in err and err.count("\n") == 1, err
