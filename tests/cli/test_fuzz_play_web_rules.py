"""Fuzz tests beyond ``solve``/``table``: ``grundy play`` scripts, the web API's query strings and
JSON bodies, and rules files whose move functions loop, raise, allocate or return garbage at a
random heap. Every case ends in an answer or in one line (exit 2 on the command line, a 4xx with
``{"error": one line}`` on the web), within its budget — never a traceback, never a 500.

Seeded and derandomized (the same examples on every run, in CI too), without a deadline.
"""

from __future__ import annotations

import io
import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import run

pytestmark = pytest.mark.slow  # (subprocesses, searches of seconds: not in the fast subset)

FUZZ = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

GAMES = ["nim", "kayles", "subtraction(1,3,4)", "wythoff", "octal(0.07)", "grundy-game", "coin-slide",
         "digraph(example=1)", "bash(3)", "nim(3)", "kayle", "octal(0.9)", ""]
POSITIONS = st.sampled_from(["3 4", "7", "10**18", "3000000", "0", "-1", "x", "1,2", "5 + nim 3",
                             "2 2 2", "##.#", "", "10**30 1", "a b"])
WORDS = st.sampled_from(["hint", "why", "undo", "quit", "h", "?", "take 1", "heap 1: take 1",
                         "0", "1", "2 2", "garbage", "", "   ", "heap 9: take 99", "10**18", "-3",
                         "take", "heap", "\t", "x" * 300])


@st.composite
def play_runs(draw: st.DrawFn) -> tuple[list[str], str]:
    argv = ["play", draw(st.sampled_from(GAMES)), *draw(POSITIONS).split()]
    for option in draw(st.lists(st.sampled_from(["--first", "--misere", "--json", "--limit"]),
                                max_size=3, unique=True)):
        argv.append(option)
        if option == "--first":
            argv.append(draw(st.sampled_from(["computer", "you", "me"])))
        elif option == "--limit":
            argv.append(draw(st.sampled_from(["2000", "0", "x"])))
    if "--limit" not in argv:
        argv += ["--limit", "20000"]
    script = "\n".join(draw(st.lists(WORDS, max_size=8))) + "\n"
    return argv, script


@FUZZ
@given(case=play_runs())
def test_every_play_script_answers_or_fails_in_one_line(case: tuple[list[str], str],
                                                        capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    argv, script = case
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    code, out, err = run(capsys, *argv)
    assert "Traceback" not in out + err, (argv, script)
    if code == 0:
        assert out.strip(), argv
        if "--json" in argv:
            for line in out.splitlines():
                json.loads(line)
    else:
        assert code == 2 and err.count("\n") == 1 and err.startswith("grundy: error: "), (argv, err)


# ---- the web API -----------------------------------------------------------------------------

JSON_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**20), st.floats(allow_nan=False),
                        st.sampled_from(["nim", "kayles", "3 4", "false", "true", "computer", "you",
                                         "10**18", "", "x" * 3000]),
                        st.lists(st.integers(0, 5), max_size=3), st.dictionaries(st.text(max_size=3),
                                                                                 st.integers(), max_size=2))
PLAY_BODIES = st.one_of(
    st.fixed_dictionaries({"game": st.sampled_from(GAMES), "position": POSITIONS},
                          optional={"misere": JSON_VALUES, "first": JSON_VALUES, "extra": JSON_VALUES}),
    st.dictionaries(st.sampled_from(["game", "position", "misere", "first", "command"]), JSON_VALUES,
                    max_size=4),
    JSON_VALUES,
)
QUERY = st.dictionaries(st.sampled_from(["game", "position", "misere", "explain", "upto", "limit"]),
                        st.one_of(st.sampled_from(GAMES), POSITIONS,
                                  st.sampled_from(["1", "0", "true", "maybe", "50", "-1", "10**9",
                                                   "x" * 3000])),
                        max_size=5)


@pytest.fixture(scope="module")
def client() -> Any:
    pytest.importorskip("flask", reason="grundy serve needs Flask: pip install 'grundy[web]'")
    from grundy.web.app import create_app

    return create_app().test_client()


def _check(answer: Any) -> dict[str, Any]:
    assert answer.status_code in (200, 400, 404, 422), (answer.status_code, answer.data[:300])
    data = answer.get_json()
    assert isinstance(data, dict)
    if answer.status_code != 200:
        assert list(data) == ["error"] and "\n" not in data["error"], data
        assert "limit=" not in data["error"] and "upto=N)" not in data["error"], data
    return data


@FUZZ
@given(path=st.sampled_from(["/api/solve", "/api/table"]), query=QUERY)
def test_every_web_query_answers_or_fails_in_one_line(client: Any, path: str,
                                                      query: dict[str, str]) -> None:
    if path == "/api/solve" and "limit" not in query:
        query = {**query}
    _check(client.get(path, query_string=query))


@FUZZ
@given(body=PLAY_BODIES, commands=st.lists(st.one_of(st.fixed_dictionaries({"command": WORDS}),
                                                     JSON_VALUES), max_size=4))
def test_every_web_match_answers_or_fails_in_one_line(client: Any, body: Any, commands: list[Any]) -> None:
    data = _check(client.post("/api/play", json=body))
    key = data.get("id", "nope")
    for command in commands:
        _check(client.post(f"/api/play/{key}", json=command))


# ---- rules files whose functions misbehave -------------------------------------------------

MISCHIEF = {
    "raise": "raise ZeroDivisionError('boom')",
    "garbage-none": "return None",
    "garbage-text": "return 'abc'",
    "garbage-float": "return [n - 0.5]",
    "garbage-negative": "return [-1]",
    "garbage-larger": "return [n + 1]",
    "garbage-nested": "return [[1, [2]]]",
    "garbage-object": "return [object()]",
    "allocate": "return [bytearray(10**13)]",
    "recursion": "raise RecursionError('deep')",
}


def _rules(tmp_path: Path, kind: str, at: int) -> Path:
    body = MISCHIEF[kind]
    text = textwrap.dedent(f'''
        import grundy

        @grundy.heap_game("fz-heap")
        def fz_heap(n):
            if n == {at}:
                {body}
            return [n - k for k in (1, 2) if k <= n]

        @grundy.game("fz-pair")
        def fz_pair(p):
            a, b = p
            if a + b == {at}:
                n = a + b
                {body}
            return [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0)
    ''')
    path = tmp_path / f"fz_{kind}_{at}.py"
    path.write_text(text)
    return path


@FUZZ
@given(kind=st.sampled_from(sorted(MISCHIEF)), at=st.integers(0, 40),
       command=st.sampled_from([["solve", "fz-heap", "30"], ["solve", "fz-heap", "30", "12", "--misere"],
                                ["table", "fz-heap", "--upto", "40"], ["solve", "fz-pair", "20", "25"],
                                ["table", "fz-pair", "--upto", "12"], ["export", "fz-heap", "--upto", "40"],
                                ["play", "fz-heap", "30", "--first", "computer"]]))
def test_misbehaving_rules_answer_or_fail_in_one_line(kind: str, at: int, command: list[str],
                                                      capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path_factory: pytest.TempPathFactory) -> None:
    path = _rules(tmp_path_factory.mktemp("fz"), kind, at)
    monkeypatch.setattr("sys.stdin", io.StringIO("hint\nquit\n"))
    code, out, err = run(capsys, "--rules", str(path), *command, "--limit", "20000")
    assert "Traceback" not in out + err, (kind, at, command, err)
    if code != 0:
        assert code == 2 and err.count("\n") == 1 and err.startswith("grundy: error: "), (command, err)
    else:
        assert out.strip()


def test_a_function_that_loops_is_stopped_within_its_budget(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    """A move function that never returns at a heap the query reaches (beyond the small heaps a
    game is probed on when it is loaded): the query's watchdog stops it, in one line."""
    path = tmp_path / "loop.py"
    path.write_text(textwrap.dedent('''
        import grundy

        @grundy.heap_game("fz-loop")
        def fz_loop(n):
            while n == 300:
                pass
            return [n - k for k in (1, 2) if k <= n]
    '''))
    code, _, err = run(capsys, "--rules", str(path), "solve", "fz-loop", "400")
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
