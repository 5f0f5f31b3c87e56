"""``grundy table`` flags (--summary, --json, --method, --plot, Ctrl-C) and solving huge octal heaps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import grundy.tables.analysis
from tests.helpers import run
from tests.tables.test_kernels import reference_octal


@pytest.mark.slow
def test_text_table_shows_values_period_and_rare_values(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "kayles", "--upto", "200")
    assert code == 0
    assert "  0: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2" in out
    assert "period 12 from heap 71 (proved: Guy-Smith" in out
    assert "largest value 8" in out and "rare values" in out


def test_summary_prints_no_values(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "dawson-kayles", "--upto", "100000", "--summary")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0].startswith("dawson-kayles  G(0..100,000)")
    assert "period 34 from heap 53 (proved" in lines[1]
    assert not any(line.strip().startswith("0:") for line in lines)
    assert "computed in" in lines[-1]


@pytest.mark.slow
def test_json_has_period_keys_and_values(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "octal(0.137)", "--upto", "300", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["period"], data["preperiod"], data["saltus"], data["proved"]) == (34, 52, 0, True)
    assert data["values"] == reference_octal((0, 1, 3, 7), 300)


@pytest.mark.slow
def test_json_nulls_when_no_period(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "octal(0.16)", "--upto", "2000", "--json", "--summary")
    data = json.loads(out)
    assert code == 0 and "values" not in data
    assert data["period"] is None and data["preperiod"] is None
    assert data["saltus"] is None and data["proved"] is None
    assert data["rare"]["count"] > 0 and data["max"] > 0


def test_observed_period_is_not_proved(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "octal(0.44)", "--upto", "300", "--json", "--no-patterns")
    assert code == 0
    data = json.loads(out)  # too short a table for the Guy-Smith theorem: only observed
    assert (data["period"], data["preperiod"], data["proved"]) == (24, 143, False)
    code, out, _ = run(capsys, "table", "nim", "--upto", "40", "--json")
    data = json.loads(out)  # G(n) = n is a theorem
    assert (data["period"], data["preperiod"], data["saltus"], data["proved"]) == (1, 0, 1, True)
    assert data["values"] == list(range(41))


def test_nim_is_proved_by_bouton(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "nim", "--upto", "40", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["period"], data["preperiod"], data["saltus"], data["proved"]) == (1, 0, 1, True)
    assert "Bouton" in data["reason"] and data["values"] == list(range(41))


@pytest.mark.slow
@pytest.mark.parametrize("method", ["plain", "sparse", "auto"])
def test_methods_give_identical_tables(capsys: pytest.CaptureFixture[str], method: str) -> None:
    code, out, _ = run(capsys, "table", "octal(4.007)", "-n", "1500", "--json", "--method", method)
    assert code == 0
    assert json.loads(out)["values"] == reference_octal((4, 0, 0, 7), 1500)


@pytest.mark.parametrize("argv", [
    ["table", "kayles", "--method", "fast"],
    ["table", "subtraction(1,3,4)", "--method", "sparse"],
    ["table", "octal(0.33)", "--method", "sparse"],
    ["table", "octal(0.8)"],
    ["table", "octal(1.07)"],
    ["table", "kayles(3)"],
    ["table", "kayles", "--upto", "10000000000"],
    ["solve", "octal(0.07)", "-5"],
])
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("grundy: error: "), err


@pytest.mark.slow
def test_plot_writes_a_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "kayles.png"
    code, _, _ = run(capsys, "table", "kayles", "-n", "300", "--summary", "--plot", str(target))
    assert code == 0 and target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_ctrl_c_exits_130_without_traceback(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(grundy.tables.analysis, "analyze", interrupted)
    code, _, err = run(capsys, "table", "octal(0.16)", "--upto", "1000000")
    assert code == 130
    assert "interrupted" in err and "Traceback" not in err


def test_solve_huge_octal_heap_answers_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "octal(0.07)", "1000000000000000000", "--json")
    data = json.loads(out)
    values = reference_octal((0, 0, 7), 200)
    assert code == 0 and data["grundy"] == values[53 + (10**18 - 53) % 34]
    assert data["outcome"] == ("N" if data["grundy"] else "P")
    assert "not all listed" in data["note"] and data["winning_moves"]
    code, out, _ = run(capsys, "solve", "octal(0.07)", "1000000000000000000", "1000000000000000000")
    assert code == 0 and "P-position" in out and "winning moves: none" in out


def test_solve_large_heap_lists_every_winning_move(capsys: pytest.CaptureFixture[str]) -> None:
    values = reference_octal((0, 7, 7), 400)
    n = 400
    expected = {(a, n - i - a) for i in (1, 2) for a in range(0, (n - i) // 2 + 1)
                if values[a] ^ values[n - i - a] == 0}
    code, out, _ = run(capsys, "solve", "kayles", str(n), "--json")
    data = json.loads(out)
    got = {tuple(sorted(int(h) for h in m["to"].split())) for m in data["winning_moves"]}
    assert code == 0 and data["grundy"] == values[n]
    assert got == {tuple(sorted(t)) for t in expected}


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a running process (Linux /proc)."""
    import os

    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.slow
def test_real_sigint_interrupts_a_long_table() -> None:
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "grundy", "table", "octal(0.6)", "--upto", "400000", "--method", "plain",
         "--summary"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # a Ctrl-C as a terminal sends it, even when the test run itself was started in the
        # background (which leaves SIGINT ignored in every child)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # interrupt once the command has run a second of CPU (past start-up, whatever the machine's
    # load), not after a fixed sleep that a loaded machine can spend still importing
    deadline = time.monotonic() + 60
    while _cpu_seconds(proc.pid) < 1.0 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err == "grundy: error: interrupted\n" and out == ""


def test_huge_heaps_of_quickly_proved_games_need_no_numpy() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from grundy.cli.app import main\n"
        "for argv in (['solve', 'dawson-kayles', '1000000000000000000', '5'],\n"
        "             ['table', 'kayles', '--upto', '100000000', '--summary']):\n"
        "    try:\n        main(argv)\n    except SystemExit:\n        pass\n"
        "print('HEAVY=' + ','.join(m for m in ('numpy', 'numba') if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "period 12 from heap 71 (proved" in result.stdout
    assert result.stdout.strip().splitlines()[-1] == "HEAVY=", result.stdout


def grundy_game_truth(upto: int) -> list[int]:
    """Grundy's game by plain mex: split a heap into two unequal non-empty heaps."""
    g: list[int] = []
    for n in range(upto + 1):
        seen = {g[a] ^ g[n - a] for a in range(1, (n + 1) // 2)}
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


@pytest.mark.parametrize("upto", [None, "0", "1", "2", "300", "1500", "1501"])
def test_grundy_game_table_on_both_sides_of_the_python_limit(capsys: pytest.CaptureFixture[str],
                                                             upto: str | None) -> None:
    argv = ["table", "grundy-game", *(["--upto", upto] if upto else []), "--no-patterns"]
    n = int(upto or 50)
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == "", err
    assert f"largest value {max(grundy_game_truth(n))}" in out
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0 and json.loads(out)["values"] == grundy_game_truth(n)
