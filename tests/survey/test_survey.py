"""``grundy survey``: code patterns and equivalences, the SQLite store, Dask runs (a worker killed,
an interrupted run resumed, ``--extend``), and the reports.

Every equivalence rule is checked by computing both games with a brute force written here; the
survey's periods are checked against :func:`grundy.tables.analysis.analyze` run directly.
"""

from __future__ import annotations

import argparse
import collections
import io
import json
import os
import signal
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grundy import load_game
from grundy.errors import GrundyError, InvalidInputError, NotSupportedError
from grundy.games.takebreak.octal import parse_code
from grundy.survey.codes import expand, expand_pattern, reduce_code
from grundy.survey.database import Store
from grundy.survey.run import LOCAL_HTTP, run_survey
from grundy.survey.work import compute_game, unpack_table
from grundy.tables.analysis import analyze
from tests.helpers import run

distributed = pytest.importorskip("distributed")

SMALL = ["0.0?", "0.1?", "0.4?"]
"""24 codes (3 equivalent to shorter codes: 24 games to compute) whose tables to heap 1000 need numpy only."""


def brute(digits: tuple[int, ...], count: int) -> list[int]:
    """G(0..count-1) of the octal game ``digits``: the mex over every option, nothing else."""
    g: list[int] = []
    for n in range(count):
        options = set()
        for i, d in enumerate(digits):
            r = n - i
            if r < 0:
                break
            if i > 0 and d & 1 and r == 0:
                options.add(0)
            if i > 0 and d & 2 and r > 0:
                options.add(g[r])
            if d & 4:
                options.update(g[a] ^ g[r - a] for a in range(1, r // 2 + 1))
        m = 0
        while m in options:
            m += 1
        g.append(m)
    return g


def digits_of(spec: str) -> tuple[int, ...]:
    game: Any = load_game(spec)
    return tuple(game.digits)


def cli(args: list[str]) -> int:
    from grundy.cli.survey import add_parser

    parser = argparse.ArgumentParser(prog="grundy")
    add_parser(parser.add_subparsers())
    parsed = parser.parse_args(["survey", *args])
    code: int = parsed.run(parsed)
    return code


def rows(db: Path, drop: tuple[str, ...] = ("seconds", "stored_at", "sha256")) -> dict[str, dict[str, Any]]:
    with sqlite3.connect(db) as conn:
        conn.row_factory = sqlite3.Row
        found = [dict(r) for r in conn.execute("SELECT * FROM games")]
    return {r["spec"]: {k: v for k, v in r.items() if k not in drop} for r in found}


def blobs(db: Path) -> dict[str, Any]:
    with sqlite3.connect(db) as conn:
        found = conn.execute("SELECT spec, data, dtype FROM tables")
        return {s: unpack_table(d, t, s).tolist() for s, d, t in found}


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A Dask client on an in-process cluster of two single-threaded workers (no network at all)."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None,
                                  scheduler_kwargs=LOCAL_HTTP) as cluster, distributed.Client(cluster) as c:
        yield c


# ---- patterns and equivalences -----------------------------------------------------------------

def test_pattern_syntax() -> None:
    assert len(expand_pattern("0.???")) == len(expand_pattern("0.ddd")) == 512
    assert expand_pattern("octal(4.[1-2]7)") == ["4.17", "4.27"]
    assert expand_pattern("?.[07]") == ["0.0", "0.7", "4.0", "4.7"]
    assert expand_pattern(".1[37]") == ["0.13", "0.17"]
    for bad in ("0.8?", "1.??", "0.[9]", "0.?x"):
        with pytest.raises(InvalidInputError, match="bad"):
            expand([bad])
    with pytest.raises(InvalidInputError, match="nonsense"):
        expand(["nonsense"])
    with pytest.raises(InvalidInputError, match="at most"):
        expand(["0.????????"])
    assert [e.spec for e in expand(["0.07", "octal(.07)", "0.0[7]"])] == ["octal(0.07)"]


def test_trailing_zeros_and_named_games_are_the_same_tables() -> None:
    for spec, rep in (("0.370", "octal(0.37)"), ("4.000", "octal(4.0)"), ("0.000", "octal(0.0)")):
        (entry,) = expand([spec])
        assert entry.representative == rep and entry.rule == "trailing zeros"
    for name in ("kayles", "dawson-kayles", "dawsons-chess"):
        (entry,) = expand([name])
        assert entry.representative == f"octal({load_game(name).code})"  # type: ignore[attr-defined]
        assert brute(digits_of(name), 120) == brute(digits_of(entry.representative), 120)


def test_every_equivalence_of_three_digit_codes_holds_by_brute_force() -> None:
    entries = expand(["0.???", "4.??"])
    equivalent = [e for e in entries if e.representative]
    assert len(equivalent) > 250
    for e in equivalent:
        written = tuple(int(c) for c in e.spec[6:-1].replace(".", ""))  # trailing zeros kept
        assert brute(written, 60) == brute(parse_code(e.representative[6:-1]), 60), e  # type: ignore[index]


def test_the_take_all_rule_is_tight() -> None:
    """A take-all bit the rule keeps does act: clearing it changes the table."""
    for code in expand_pattern("0.???") + expand_pattern("4.??"):
        digits = tuple(int(c) for c in code.replace(".", ""))
        reduced, _ = reduce_code(digits)
        for i in range(1, len(reduced)):
            if reduced[i] & 1:
                cleared = (*reduced[:i], reduced[i] & ~1, *reduced[i + 1:])
                assert brute(reduced, 8) != brute(cleared, 8), (code, i)


@pytest.mark.parametrize(("spec", "rep"), [("octal(0.771)", "octal(0.77)"), ("octal(0.1241)", "octal(0.124)"),
                                           ("octal(0.1271)", "octal(0.127)")])
def test_published_identical_sequences_are_found(spec: str, rep: str) -> None:
    """OEIS A002186 (.77 and .771), A071461 (.124 and .1241), A071464 (.127 and .1271)."""
    (entry,) = expand([spec])
    assert entry.representative == rep
    a, b = analyze(load_game(spec), 1000), analyze(load_game(rep), 1000)
    assert a.values.tolist() == b.values.tolist()
    assert (a.period, a.preperiod, a.proved) == (b.period, b.preperiod, b.proved)


# ---- the worker's computation --------------------------------------------------------------------

@pytest.mark.slow
def test_compute_matches_analyze_and_continues_a_table() -> None:
    for spec in ("octal(0.07)", "octal(0.16)", "octal(0.45)"):
        direct = analyze(load_game(spec), 3000)
        result = compute_game(spec, 3000)
        assert (result.period, result.preperiod, result.proved) == (direct.period, direct.preperiod,
                                                                    direct.proved)
        assert result.max_value == int(direct.values.max())
        assert sum(result.frequencies.values()) == 3001  # type: ignore[union-attr]
        assert result.rare_count == direct.rare.count  # type: ignore[union-attr]
    first = compute_game("octal(0.16)", 1500)
    assert not first.proved and first.table is not None
    more = compute_game("octal(0.16)", 6000, first.table, first.table_dtype)
    assert (more.resumed_from, more.computed) == (1501, 4500)
    assert unpack_table(more.table, more.table_dtype, "octal(0.16)").tolist() == brute((0, 1, 6), 6001)  # type: ignore[arg-type]


def test_a_stored_table_that_does_not_verify_is_computed_again_never_continued() -> None:
    """--extend continues a stored table only if it verifies: one edited value (recompressed, so
    the data still reads), another game's table, a flipped byte, a table of an older grundy
    without a checksum — each is computed again from heap 0, and the result equals the truth."""
    import zlib

    import numpy as np

    from grundy.survey.work import TABLE_MAGIC, pack_table

    truth = brute((0, 1, 6), 2001)
    first = compute_game("octal(0.16)", 1000)
    assert not first.proved and first.table is not None and first.table_dtype is not None
    values = unpack_table(first.table, first.table_dtype, "octal(0.16)")
    edited = values.copy()
    edited[700] = (int(edited[700]) + 1) % 4
    forged = first.table[:len(TABLE_MAGIC) + 32] + zlib.compress(edited.tobytes())
    other = compute_game("octal(0.14)", 1000)
    assert other.table is not None
    flipped = bytearray(first.table)
    flipped[len(flipped) // 2] ^= 0x20
    damaged = {"edited value": forged, "another game's table": other.table, "flipped byte": bytes(flipped),
               "older grundy": zlib.compress(values.tobytes()),
               "relabelled": pack_table(edited, "octal(0.16)")[0][:40] + first.table[40:]}
    for what, blob in damaged.items():
        more = compute_game("octal(0.16)", 2000, blob, first.table_dtype)
        assert more.resumed_from == 0 and "computed again from heap 0" in more.method, what
        assert more.table is not None and more.table_dtype is not None
        assert unpack_table(more.table, more.table_dtype, "octal(0.16)").tolist() == truth, what
        assert more.max_value == max(truth) and more.frequencies == dict(collections.Counter(truth)), what
    good = compute_game("octal(0.16)", 2000, first.table, first.table_dtype)  # (the intact one continues)
    assert good.resumed_from == 1001 and good.table is not None and good.table_dtype is not None
    assert unpack_table(good.table, good.table_dtype, "octal(0.16)").tolist() == truth
    assert np.asarray(values).tolist() == truth[:1001]


# ---- surveys on Dask -----------------------------------------------------------------------------

@pytest.mark.slow
def test_a_killed_worker_loses_nothing_and_stores_nothing_twice(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.sqlite"
    saved: collections.Counter[str] = collections.Counter()
    real_save = Store.save

    def counting_save(self: Store, result: Any, previous: int | None) -> bool:
        saved[result.spec] += 1
        return real_save(self, result, previous)

    monkeypatch.setattr(Store, "save", counting_save)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, scheduler_kwargs=LOCAL_HTTP) as cluster, \
            distributed.Client(cluster) as c:
        pids = c.run(os.getpid)
        killed: list[int] = []

        def kill_one(count: int) -> None:
            if count == 2 and not killed:
                killed.append(next(iter(pids.values())))
                os.kill(killed[0], signal.SIGKILL)

        summary = run_survey(SMALL[:1], db=db, upto=1000, scheduler=cluster.scheduler_address,
                             on_stored=kill_one, delay=0.3, stream=open(os.devnull, "w"))
    assert killed and not summary.failed and not summary.interrupted
    stored = rows(db)
    assert len(stored) == 9  # 8 codes and the representative 0.0 of 0.00
    computed = {s for s, r in stored.items() if r["equivalent_to"] is None}
    assert set(saved) == computed and set(saved.values()) == {1}
    for spec in computed:
        direct = analyze(load_game(spec), 1000)
        row = stored[spec]
        assert (row["period"], row["preperiod"], bool(row["proved"]), row["upto"]) == \
            (direct.period, direct.preperiod, direct.proved, 1000), spec


@pytest.mark.slow
def test_an_interrupted_survey_resumes_to_the_same_rows(tmp_path: Path, client: Any) -> None:
    once, twice = tmp_path / "once.sqlite", tmp_path / "twice.sqlite"
    full = run_survey(SMALL, db=once, upto=1000, client=client)
    assert full.stored == 24 and full.equivalent == 3 and not full.interrupted

    def stop(count: int) -> None:
        if count == 5:
            raise KeyboardInterrupt

    said = io.StringIO()
    first = run_survey(SMALL, db=twice, upto=1000, workers=1, on_stored=stop, delay=0.1, stream=said)
    assert first.interrupted and first.stored == 5
    assert "interrupted: 5 games stored are kept" in said.getvalue()  # said at once, before teardown
    assert sum(1 for r in rows(twice).values() if r["upto"] is not None) == 5
    second = run_survey(SMALL, db=twice, upto=1000, client=client)
    assert second.stored == 19 and second.skipped == 5
    assert rows(once) == rows(twice)
    again = run_survey(SMALL, db=twice, upto=1000, client=client)
    assert again.stored == 0 and again.skipped == 24


@pytest.mark.slow
def test_extend_continues_unproved_games_from_their_tables(tmp_path: Path, client: Any) -> None:
    short, long = tmp_path / "short.sqlite", tmp_path / "long.sqlite"
    specs = ["0.04", "0.14", "0.16", "0.07"]
    run_survey(specs, db=short, upto=1000, client=client)
    before = rows(short)
    unproved = {s for s, r in before.items() if not r["proved"]}
    assert unproved == {"octal(0.04)", "octal(0.14)", "octal(0.16)"}
    larger = run_survey(specs, db=short, upto=2000, client=client)  # --upto alone does not continue them
    assert (larger.stored, larger.skipped, larger.shorter) == (0, 4, 3)
    assert "extend=N continues them" in larger.text() and "--extend N continues" in larger.text("--extend N")
    summary = run_survey([], db=short, extend=5000, client=client)
    assert summary.stored == 3 and summary.skipped == 1  # 0.07 is proved: nothing to continue
    after = rows(short)
    for spec in unproved:
        assert after[spec]["resumed_from"] == 1001, spec  # continued, not recomputed from 0
        assert after[spec]["upto"] == 5000
        assert after[spec]["computed"] <= 4000
    assert after["octal(0.07)"] == before["octal(0.07)"]
    run_survey(specs, db=long, upto=5000, client=client)
    ignore = ("seconds", "stored_at", "computed", "resumed_from", "method", "sha256")
    assert {s: r for s, r in rows(short, ignore).items() if s in unproved} == \
        {s: r for s, r in rows(long, ignore).items() if s in unproved}
    assert blobs(short) == blobs(long)
    for spec, values in blobs(short).items():
        assert values == brute(digits_of(spec), 5001), spec


# ---- the command line and reports ----------------------------------------------------------------

def test_report_formats(tmp_path: Path, client: Any, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "r.sqlite"
    run_survey(["0.07", "0.070", "kayles", "0.16"], db=db, upto=1000, client=client)
    capsys.readouterr()
    assert cli(["report", "--db", str(db), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    by_game = {r["game"]: r for r in data}
    assert set(by_game) == {"octal(0.07)", "octal(0.070)", "kayles", "octal(0.77)", "octal(0.16)"}
    for r in data:
        assert {"game", "upto", "period", "preperiod", "saltus", "proved", "max_value"} <= set(r)
        load_game(r["game"])  # the spec as `grundy table` accepts it
    same = by_game["octal(0.070)"]
    assert (same["period"], same["equivalent_to"]) == (34, "octal(0.07)")
    assert (by_game["kayles"]["period"], by_game["kayles"]["preperiod"], by_game["kayles"]["proved"]) == \
        (12, 71, True)
    assert by_game["octal(0.16)"]["proved"] is False and by_game["octal(0.16)"]["period"] is None
    assert cli(["report", "--db", str(db)]) == 0
    text = capsys.readouterr().out
    assert "conjecture, checked up to 1,000" in text and "= octal(0.77)" in text
    assert cli(["report", "--db", str(db), "--markdown"]) == 0
    assert capsys.readouterr().out.startswith("| game | period | preperiod |")
    pytest.importorskip("matplotlib")
    png = tmp_path / "p.png"
    assert cli(["report", "--db", str(db), "--plot", str(png)]) == 0
    assert capsys.readouterr() == ("", f"grundy survey: 2 games drawn into {png}\n")  # 0.16 has no period
    assert png.stat().st_size > 1000


def test_plot_without_matplotlib_is_one_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.survey.report import plot

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(NotSupportedError, match="the plot needs matplotlib"):
        plot([], tmp_path / "x.png")


def test_cli_errors_and_dry_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "none.sqlite"
    for args, message in ((["0.8?", "--upto", "10", "--db", str(db)], "bad code pattern '0.8\\?'"),
                          (["0.??", "--db", str(db)], "upto=N"),  # (mapped to --upto by the command line)
                          (["0.??", "--upto", "10", "--json"], "belong to 'grundy survey report'"),
                          (["report", "--db", str(db)], "no survey database"),
                          (["--db", str(db)], "give the games")):
        with pytest.raises(GrundyError, match=message):
            cli(args)
    assert not db.exists()
    (tmp_path / "junk.sqlite").write_text("not a database")
    with pytest.raises(InvalidInputError, match="not a survey database"):
        cli(["report", "--db", str(tmp_path / "junk.sqlite")])
    assert cli(["0.7?", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "octal(0.70)  = octal(0.7)  (trailing zeros)" in out
    assert out.endswith("8 games, 8 to compute\n")  # 0.71 ... 0.77 and 0.7


def test_progress_bar_on_a_terminal_and_in_a_log() -> None:
    import io

    from grundy.survey.run import ProgressBar

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty, log = Terminal(), io.StringIO()
    for stream in (tty, log):
        bar = ProgressBar(4, stream, every=3600)
        for done in range(5):
            bar.update(done=done, proved=done // 2, failed=0)
        bar.update(done=4, proved=2, failed=0, force=True)  # nothing new: not repeated
        bar.close()
    assert tty.getvalue().count("\r") == 5 and "[" + "#" * 30 + "] 4/4 games, 2 proved" in tty.getvalue()
    lines = log.getvalue().splitlines()  # the first, then the last: not every game
    assert len(lines) == 2 and lines[0].startswith("survey: 0/4 games, 0 proved")
    assert lines[1].startswith("survey: 4/4 games, 2 proved")


def test_an_unreachable_scheduler_fails_fast_in_one_line(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    from grundy.survey.run import SCHEDULER_TIMEOUT

    assert SCHEDULER_TIMEOUT <= 5  # seconds a --scheduler may take to answer
    code, out, err = run(capsys, "survey", "0.1", "--upto", "10", "--db", str(tmp_path / "s.sqlite"),
                         "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2 and not out and err.count("\n") == 1
    assert "cannot reach the Dask scheduler 'tcp://127.0.0.1:9'" in err
