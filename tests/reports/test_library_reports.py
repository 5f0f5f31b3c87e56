"""What the command line prints, reached from the library: misère tables with genus and period,
quotient tables, families over a parameter and Every-SG answers are library functions whose
``to_json()`` is the CLI's ``--json`` object, and whose values agree with brute forces written
here. Library errors name parameters (``limit=``); the command line writes its flags."""

from __future__ import annotations

import json
from functools import cache

import pytest

import grundy
from grundy.solving.writers import answer_json, text_lines
from tests.helpers import mex_table_subtraction, run


def mex(values: set[int]) -> int:
    return next(v for v in range(len(values) + 1) if v not in values)


def kayles_options(rows: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every position one Kayles move (knock 1 or 2 adjacent pins) reaches, as sorted rows."""
    found = set()
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for take in (1, 2):
            for left in range(n - take + 1):
                parts = tuple(p for p in (left, n - take - left) if p)
                found.add(tuple(sorted(rest + parts)))
    return found


@cache
def kayles_misere(rows: tuple[int, ...]) -> int:
    """The misère Grundy value of a Kayles position (1 with no move), by brute force."""
    options = kayles_options(rows)
    return mex({kayles_misere(o) for o in options}) if options else 1


@cache
def kayles_normal(rows: tuple[int, ...]) -> int:
    return mex({kayles_normal(o) for o in kayles_options(rows)})


def test_misere_table_agrees_with_brute_force_and_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    table = grundy.analyze_misere(grundy.load_game("kayles"), 16)
    assert table.values == [kayles_misere((n,) if n else ()) for n in range(17)]
    # the genus: (v, m, m(+*2), m(+*2+*2), …); a Kayles row of 2 is *2 (its options are *1 and 0)
    for n, gammas in enumerate(table.genera[:12]):
        rows = (n,) if n else ()
        assert gammas[0] == kayles_normal(rows)
        for k, g in enumerate(gammas[1:]):
            assert g == kayles_misere(tuple(sorted(rows + (2,) * k)))
    assert table.periodicity is None  # no law, and no period in 17 values
    code, out, err = run(capsys, "table", "kayles", "--misere", "--upto", "16", "--json")
    assert code == 0, err
    assert json.loads(out) == table.to_json()
    code, out, _ = run(capsys, "table", "kayles", "--misere", "--upto", "16", "--summary")
    assert code == 0 and out.splitlines() == table.text_lines(summary=True)


def test_misere_period_is_proved_by_the_law(capsys: pytest.CaptureFixture[str]) -> None:
    game = grundy.load_game("subtraction(2,5)")
    table = grundy.analyze_misere(game, 40)
    m: list[int] = []  # misère values of a take-away game by brute force
    for n in range(41):
        options = {m[n - s] for s in (2, 5) if s <= n}
        m.append(mex(options) if options else 1)
    assert table.values == m
    found = table.periodicity
    assert found is not None and found.proved and (found.period, found.preperiod) == (7, 0)
    assert all(m[n + 7] == m[n] for n in range(41 - 7))
    code, out, _ = run(capsys, "table", "subtraction(2,5)", "--misere", "--upto", "40", "--json")
    assert code == 0 and json.loads(out) == table.to_json()


def test_misere_limit_error_names_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(grundy.SearchLimitError) as info:
        grundy.analyze_misere(grundy.load_game("kayles"), 25, limit=3000)
    error = info.value
    assert error.parameters == ("upto", "limit") and "lower upto= or raise limit=" in str(error)
    code, _, err = run(capsys, "table", "kayles", "--misere", "--upto", "25", "--limit", "3000")
    assert code == 2 and "lower --upto or raise --limit" in err and "limit=" not in err
    with pytest.raises(grundy.InvalidInputError, match="not one"):
        grundy.analyze_misere(grundy.load_game("wythoff"), 3)


def test_quotient_table_is_the_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    table = grundy.quotient_table(grundy.load_game("octal(0.75)"), 24)
    code, out, _ = run(capsys, "table", "octal(0.75)", "--misere", "--quotient", "--upto", "24", "--json")
    assert code == 0 and json.loads(out) == table.to_json()
    assert table.quotient.order == 8
    code, out, _ = run(capsys, "table", "octal(0.75)", "--misere", "--quotient", "--upto", "24")
    assert code == 0 and out.splitlines() == table.text_lines(upto_hint="--upto")


def test_family_fit_agrees_with_brute_force_and_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    family = grundy.analyze_family("bash(m=2..6)", 80)
    assert isinstance(family, grundy.FamilyTable)
    for member in family.members:
        values = mex_table_subtraction(list(range(1, member.value + 1)), 80)
        period = next(p for p in range(1, 80) if all(values[n + p] == values[n] for n in range(81 - p)))
        assert member.periodicity is not None and member.periodicity.period == period
    fits = {d.describes: d.formula for d in family.dependence}
    assert fits["period"] == "m + 1" and all(d.status == "conjecture" for d in family.dependence)
    code, out, _ = run(capsys, "table", "bash(m=2..6)", "--upto", "80", "--json")
    assert code == 0 and json.loads(out) == family.to_json()
    code, out, _ = run(capsys, "table", "bash(m=2..6)", "--upto", "80")
    assert code == 0 and out.splitlines() == family.text_lines()


def test_every_sg_agrees_with_brute_force_and_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    @cache
    def suspense(n: int) -> int:  # a Nim heap: options are the heaps 0..n-1
        if n == 0:
            return 0
        even = [suspense(k) for k in range(n) if suspense(k) % 2 == 0]
        return 1 + max(even) if even else 1 + min(suspense(k) for k in range(n))

    game, position = grundy.parse_sum("nim 3 4 6")
    answer = grundy.solve_every(game, position)
    assert answer.suspense == (suspense(3), suspense(4), suspense(6))
    assert (answer.outcome.value == "N") == (max(answer.suspense) % 2 == 1)
    code, out, _ = run(capsys, "solve", "--every", "nim", "3", "4", "6", "--json")
    assert code == 0 and json.loads(out) == answer_json(answer)
    code, out, _ = run(capsys, "solve", "--every", "nim", "3", "4", "6")
    assert code == 0 and out.splitlines() == text_lines(answer)


def test_budget_is_a_public_parameter() -> None:
    game = grundy.load_game("subtraction(1,3,4)")
    budget = grundy.Budget(100_000)
    expected = mex_table_subtraction([1, 3, 4], 30)[30]
    assert grundy.grundy_value(game, 30, budget=budget, use_rules=False) == expected
    spent = budget.spent
    assert spent > 0
    grundy.moves_to_value(game, (40,), 0, budget=budget, use_rules=False)
    assert budget.spent > spent  # one budget shared by both searches
    with pytest.raises(grundy.SearchLimitError) as info:
        grundy.grundy_value(game, 10**4, budget=grundy.Budget(50), use_rules=False)
    assert "--" not in str(info.value) and "limit=" in str(info.value)


def test_user_table_agrees_with_brute_force_and_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from grundy.reports.user_tables import user_table

    @grundy.game("t-lib-dom", minimum=(1, 1))
    def piles(position: tuple[int, int]) -> list[tuple[int, int]]:
        a, b = position
        return [(a - k, b) for k in (1, 2) if a - k >= 1] + [(a, b - k) for k in (1, 2) if b - k >= 1]

    table = user_table(grundy.load_game("t-lib-dom"), 6)
    assert table is not None and table.grid is not None and table.blank
    g: dict[tuple[int, int], int] = {}  # brute force on the domain a, b >= 1
    for a in range(1, 7):
        for b in range(1, 7):
            g[(a, b)] = mex({g[o] for o in piles((a, b))})
    assert all(table.grid[a][b] == (g.get((a, b)) if a and b else None) for a in range(7) for b in range(7))
    assert table.patterns and all(p.status == "conjecture" for p in table.patterns)
    code, out, _ = run(capsys, "table", "t-lib-dom", "--upto", "6", "--json")
    assert code == 0 and json.loads(out) == table.to_json()
    code, out, _ = run(capsys, "table", "t-lib-dom", "--upto", "6")
    assert code == 0 and out.splitlines() == table.text_lines()
    assert user_table(grundy.load_game("kayles"), 6) is None  # the catalogue's games: analyze()


def test_play_writes_library_errors_as_the_command_line_does() -> None:
    from grundy.cli.common import flag_message
    from grundy.play.session import Match

    game = grundy.load_game("subtraction(1,3,4)")
    library = Match(game, (200,), limit=50).explanation()[0]
    cli = Match(game, (200,), limit=50, describe=flag_message).explanation()[0]
    assert "raise the limit (limit=)" in library and "analyze(game, upto=N)" in library
    assert "raise the limit (--limit)" in cli and "grundy table 'subtraction(1,3,4)' --upto N" in cli


def test_a_note_quoting_a_budget_error_is_written_with_flags(capsys: pytest.CaptureFixture[str]) -> None:
    game = grundy.load_game("vertex-geography(example=1)")
    answer = grundy.solve(game, game.parse_position("a"), limit=3)
    assert answer.grundy is None and answer.note is not None and "(limit=)" in answer.note
    assert answer.quoted and answer.quoted[0].parameters == ("limit",)
    code, out, _ = run(capsys, "solve", "vertex-geography(example=1)", "a", "--limit", "3", "--json")
    note = json.loads(out)["note"]
    assert code == 0 and "raise the limit (--limit)" in note and "limit=" not in note


def test_heap_table_agrees_with_brute_force_and_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    table = grundy.heap_table(grundy.load_game("subtraction(1,3,4)"), 100)
    assert table.analysis.values.tolist() == mex_table_subtraction([1, 3, 4], 100)
    found = table.analysis.periodicity
    assert found is not None and found.proved and found.period == 7 and table.patterns
    code, out, _ = run(capsys, "table", "subtraction(1,3,4)", "--upto", "100", "--json")
    data = json.loads(out)
    assert code == 0 and {**data, "seconds": 0} == {**table.to_json(), "seconds": 0}
    lean = grundy.heap_table(grundy.load_game("kayles"), 10**6, summary=True)
    assert lean.lean and lean.patterns == [] and "frequencies" not in lean.to_json(summary=True)
