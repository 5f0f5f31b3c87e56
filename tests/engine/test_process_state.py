"""The library leaves process-wide state as it found it: no environment variable set by an import,
no SIGALRM handler or interval timer left behind by a call, calls that work from any thread, and
no module flag of the table kernels left set by a table."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
from typing import Any

import pytest

import grundy
from grundy.catalog import parse_sum

IMPORTS = ("grundy", "grundy.tables.kernels", "grundy.tables.kernels.subtraction",
           "grundy.theory.quotient.walk", "grundy.cli.app", "grundy.define")

_PROBE = """
import json, os, sys
os.access = lambda *args, **kwargs: False  # as if grundy were installed in a read-only directory
before = dict(os.environ)
import importlib
for name in sys.argv[1:]:
    importlib.import_module(name)
after = dict(os.environ)
print(json.dumps({k: [before.get(k), after.get(k)] for k in set(before) | set(after)
                  if before.get(k) != after.get(k)}))
"""


@pytest.mark.slow
def test_importing_grundy_changes_no_environment_variable() -> None:
    env = {k: v for k, v in __import__("os").environ.items() if k != "NUMBA_CACHE_DIR"}
    done = subprocess.run([sys.executable, "-c", _PROBE, *IMPORTS], capture_output=True, text=True,
                          env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {}


def _digits(n: int) -> list[int]:
    return [n - int(d) for d in str(n) if d != "0"]


HANDLERS: list[Any] = []


def _watched_digits(n: int) -> list[int]:
    HANDLERS.append(signal.getsignal(signal.SIGALRM))
    return _digits(n)


@pytest.fixture(autouse=True, scope="module")
def _own_games() -> None:
    grundy.heap_game("t-state-digits")(_watched_digits)
    grundy.heap_game("t-state-plain")(_digits)  # (unregistered by tests/conftest.py after the module)


def _calls() -> list[Any]:
    """Library calls about a user's game (whose safety net is the SIGALRM watchdog) and others."""
    from grundy.reports.answers import solve_answer

    own = grundy.load_game("t-state-digits")
    out: list[Any] = []
    questions = ["t-state-digits", "3456"], ["kayles", "40", "17"], ["t-state-digits", "77", "+", "nim", "3"]
    for tokens in questions:
        game, position = parse_sum(tokens)
        answer = grundy.solve(game, position)
        out.append((answer.outcome, answer.grundy, [m.label for m in answer.winning_moves]))
    out.append(solve_answer(own, (4567,))[0].grundy)
    out.append(grundy.heap_table(own, 200).analysis.values.tolist())
    kayles = grundy.heap_table(grundy.load_game("kayles"), 100).to_json()
    out.append({k: v for k, v in kayles.items() if k != "seconds"})
    return out


def _sigalrm_state() -> tuple[Any, tuple[float, float]]:
    return signal.getsignal(signal.SIGALRM), signal.getitimer(signal.ITIMER_REAL)


@pytest.mark.slow
def test_no_sigalrm_handler_is_left_behind() -> None:
    grundy.clear_caches()
    before = _sigalrm_state()
    HANDLERS.clear()
    _calls()
    assert _sigalrm_state() == before
    assert any(h is not before[0] for h in HANDLERS), "the watchdog was never armed: the test tests nothing"


@pytest.mark.slow
def test_a_handler_of_the_caller_is_kept_and_not_replaced() -> None:
    def mine(signum: int, frame: Any) -> None:
        raise AssertionError("no alarm is expected")

    grundy.clear_caches()
    old = signal.signal(signal.SIGALRM, mine)
    try:
        HANDLERS.clear()
        _calls()
        assert _sigalrm_state() == (mine, (0.0, 0.0))
        assert HANDLERS and all(h is mine for h in HANDLERS)
    finally:
        signal.signal(signal.SIGALRM, old)


@pytest.mark.slow
def test_calls_work_from_a_thread_that_is_not_the_main_one() -> None:
    grundy.clear_caches()
    expected = _calls()
    grundy.clear_caches()
    found: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            found.append(_calls())
        except BaseException as exc:  # (re-raised below, in the test's thread)
            errors.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=120)
    assert not errors, errors
    assert found == [expected]


@pytest.mark.slow
def test_a_lean_start_table_leaves_no_flag_set() -> None:
    from grundy.tables import kernels

    table = grundy.heap_table(grundy.load_game("subtraction(1,3,4)"), 50, lean_start=True)
    assert table.analysis.period == 7
    assert kernels._lean == [False]


def test_a_query_is_opened_for_games_that_declare_their_own_rules() -> None:
    """Whether a question needs a query of grundy.define is declared by the game (``own_rules``),
    never read from which modules the process happens to have imported."""
    from grundy.errors import InvalidInputError
    from grundy.reports.answers import solve_answer

    nim, own = grundy.load_game("nim"), grundy.load_game("t-state-plain")
    mixed, position = parse_sum(["t-state-plain", "77", "+", "nim", "3"])
    assert "grundy.define" in sys.modules
    assert (nim.own_rules, own.own_rules, mixed.own_rules) == (False, True, True)
    assert not parse_sum(["nim", "3", "+", "kayles", "4"])[0].own_rules
    with pytest.raises(InvalidInputError, match="your own games"):
        solve_answer(nim, (3, 4), conjecture=True)  # (grundy.define imported or not)
    answer, conjectures = solve_answer(mixed, position, conjecture=True)
    assert (answer.grundy, conjectures) == (grundy.solve(mixed, position).grundy, [])


_ROOM = """
import gc, json, resource, sys
from grundy.catalog import load_game
from grundy.engine.address_space import room_for
from grundy.tables.store import build_stored

soft, hard = resource.getrlimit(resource.RLIMIT_AS)
resource.setrlimit(resource.RLIMIT_AS, (8 * 2**30, hard))  # a finite limit, as the command sets
found = resource.getrlimit(resource.RLIMIT_AS)[0]
seen = {"found": found}
try:
    with room_for(2**30):
        seen["inside"] = resource.getrlimit(resource.RLIMIT_AS)[0]
        raise KeyError("a block that fails")
except KeyError:
    pass
seen["after a failed block"] = resource.getrlimit(resource.RLIMIT_AS)[0]
built = build_stored(load_game("octal(0.6)"), 200_000, sys.argv[1])
seen["values"] = [int(v) for v in built.values[:12]]
seen["while the table lives"] = resource.getrlimit(resource.RLIMIT_AS)[0]
del built
gc.collect()
seen["after the table"] = resource.getrlimit(resource.RLIMIT_AS)[0]
print(json.dumps(seen))
"""


@pytest.mark.slow
def test_a_stored_table_leaves_the_address_space_limit_as_found(tmp_path: Any) -> None:
    """A stored table raises a finite ``RLIMIT_AS`` for its mappings while it builds them and
    for the table it returns while that lives, and gives it all back (a process of its own: the
    limit is the whole process's)."""
    done = subprocess.run([sys.executable, "-c", _ROOM, str(tmp_path / "t.bin")], capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    found = seen["found"]
    assert seen["inside"] == found + 2**30 and seen["after a failed block"] == found
    assert seen["while the table lives"] > found  # (room for the mapping returned) ...
    assert seen["after the table"] == found       # ... given back when it is freed
    brute: list[int] = []  # octal 0.6: take one stone, leaving one non-empty row or two
    for n in range(12):
        options = {brute[a] ^ brute[n - 1 - a] for a in range(1, n - 1)}
        options |= {brute[n - 1]} if n >= 2 else set()
        brute.append(min(set(range(len(options) + 1)) - options))
    assert seen["values"] == brute
