"""Numbers, domains, labels and hints, as a new user meets them.

``10**N`` is read wherever a number is; a ``@grundy.game`` refuses a negative coordinate unless it
declares one; ``heap_game(octal=...)`` says what is proved and what was only checked; a survey
database asked to be extended must exist; a hint never repeats a flag already given nor suggests
an unrelated command; library messages name parameters, the command line its flags.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from tests.helpers import run

pytestmark = pytest.mark.slow  # (subprocesses, searches of seconds: not in the fast subset)

RULES = textwrap.dedent('''
    import grundy

    @grundy.game("nd-grid-token")
    def grid_token(p):
        x, y = p
        return [(x - 1, y), (x, y - 1)] if x > 0 and y > 0 else []

    @grundy.game("nd-two-piles")
    def two_piles(p):
        a, b = p
        return [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]

    @grundy.game("nd-signed", minimum=(-3, 0))
    def signed(p):
        a, b = p
        return [(a - 1, b)] if a > -3 else []

    @grundy.heap_game("nd-take-k")
    def take_k(n, *, k=3):
        return [n - i for i in range(1, min(k, n) + 1)]

    @grundy.heap_game("nd-chaos")
    def chaos(n):
        return [n - d for d in range(1, 9) if d <= n and (n * n * 2654435761 + d * 40503) % 97 < 60]

    @grundy.heap_game("nd-kayles-but-700", octal="0.77")
    def kayles_but_700(n):
        out = []
        for take in (1, 2):
            r = n - take
            if r >= 0:
                out.append(r)
                out.extend((a, r - a) for a in range(1, r // 2 + 1))
        return out + [()] if n == 700 else out
''')


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("nd") / "rules.py"
    path.write_text(RULES)
    return str(path)


def test_powers_in_a_game_position(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    code, out, err = run(capsys, "--rules", rules, "solve", "nd-two-piles", "10**2", "3", "--json")
    data = json.loads(out)
    # two piles of Nim: the value is the XOR (an independent fact: Bouton)
    assert code == 0 and data["position"] == "100 3" and data["grundy"] == 100 ^ 3, err
    code, _, err = run(capsys, "--rules", rules, "solve", "nd-grid-token", "10**18", "10**18")
    assert "2 integers" not in err and "is not a position" not in err  # read as numbers


def test_powers_in_parameters(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    code, out, err = run(capsys, "solve", "bash(m=10**2)", "5", "--json")
    assert code == 0 and json.loads(out)["grundy"] == 5, err  # Bash with m = 100: G(5) = 5
    code, out, err = run(capsys, "--rules", rules, "solve", "nd-take-k(k=10**2)", "150", "--json")
    assert code == 0 and json.loads(out)["grundy"] == 150 % 101, err
    code, _, err = run(capsys, "solve", "bash(m=10**99999999)", "5")
    assert code == 2 and err.count("\n") == 1 and "four million bits" in err


def test_negative_coordinates_are_refused_by_default(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    code, out, err = run(capsys, "--rules", rules, "solve", "nd-two-piles", "-1", "4")
    assert code == 2 and out == "" and err.count("\n") == 1 and "at least 0" in err
    code, out, err = run(capsys, "--rules", rules, "solve", "nd-signed", "-2", "4", "--json")
    assert code == 0 and json.loads(out)["grundy"] == 1, err  # declared: -2 → -3, then no move


def test_declared_octal_says_what_is_proved_and_what_was_checked(capsys: pytest.CaptureFixture[str],
                                                                 rules: str) -> None:
    code, out, err = run(capsys, "--rules", rules, "solve", "nd-kayles-but-700", "5000", "--json")
    assert code == 0, err
    data = json.loads(out)
    facts = data["why"]["facts"]
    assert facts["declared_octal"] == "0.77" and isinstance(facts["agrees_upto"], int)
    assert facts["agrees_upto"] < 700  # (the difference at 700 lies beyond what was checked)
    assert "proved for octal 0.77" in data["reason"] and "agrees with octal 0.77 on heaps ≤" in data["reason"]
    assert "the declared game's" in data["reason"]
    code, out, err = run(capsys, "--rules", rules, "solve", "nd-kayles-but-700", "700", "--json")
    assert code == 0 and "700 → nothing" in [m["move"] for m in json.loads(out)["winning_moves"]], err


def test_extending_a_missing_survey_database_is_refused(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    pytest.importorskip("dask", reason="grundy survey needs dask")
    db = tmp_path / "typo.sqlite"
    code, _, err = run(capsys, "survey", "--extend", "100", "--db", str(db))
    assert code == 2 and "no survey database" in err and err.count("\n") == 1
    assert not db.exists()


def test_survey_messages_name_flags_on_the_command_line(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    pytest.importorskip("dask", reason="grundy survey needs dask")
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database")
    code, _, err = run(capsys, "survey", "kayles", "--upto", "100", "--db", str(junk))
    assert code == 2 and "give another --db" in err and "db=" not in err
    code, _, err = run(capsys, "survey", "kayles", "--upto", "10**9", "--db", str(tmp_path / "x.sqlite"))
    assert code == 2 and "--upto must be" in err and "upto=" not in err


def test_library_messages_name_parameters() -> None:
    from grundy.errors import GrundyError
    from grundy.survey.run import run_survey

    with pytest.raises(GrundyError) as info:
        run_survey([], db="unused.sqlite")
    assert "upto=N" in str(info.value) and "--" not in str(info.value)
    from grundy.catalog import load_game
    from grundy.play.session import Match

    with pytest.raises(GrundyError) as info:
        Match(load_game("nim"), (3,), first="me")
    assert "first=" in str(info.value) and "--first" not in str(info.value)


def test_a_hint_never_repeats_a_given_flag(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    code, _, err = run(capsys, "--rules", rules, "solve", "nd-chaos", "10**7", "--limit", "1000",
                       "--conjecture")
    assert code == 2 and err.count("\n") == 1
    assert "--conjecture" not in err and "conjectured" in err  # (no pattern, proved or conjectured)


def test_every_sg_does_not_suggest_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "--every", "subtraction(1,2)", "10**6", "+", "kayles", "100",
                       "--limit", "20000")
    assert code == 2 and err.count("\n") == 1 and "--limit" in err
    assert "grundy table" not in err
