"""Staged surveys: every large table first to a quarter, then the unproved ones continued, largest
expected cost first (no timing here: the order is tested on given costs).

A staged game's row must be the row one stage stores (every column but the times): the proofs
are tried at the same heaps, the second stage continues the first stage's table with the same
kernels, and its counts are added to the first stage's. Checked game by game without Dask (codes
proved before, at and after the pause and at the end of the table, and unproved ones), then on
a cluster, where a survey interrupted between its stages is finished by the same command.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from grundy.survey.codes import expand
from grundy.survey.database import Store
from grundy.survey.run import FirstStage, Job, job_cost, merge_stages, plan_jobs, plan_tasks
from grundy.survey.work import (
    STAGE_MARK,
    GameResult,
    compute_game,
    estimate_seconds,
    stage_pause,
    stage_target,
    unpack_table,
)

UPTO = 2**16 - 1
"""Tables of 65,536 heaps: the smallest staged (first stage to 16,384)."""

CODES = {"0.07": "proved in the head", "0.156": "proved at 8192, in the first stage",
         "0.165": "proved at 16384, the pause", "0.4341": "proved at 32768, in the second stage",
         "0.7566": "proved at the end of the table", "0.015": "unproved", "0.034": "unproved"}


def first_of(result: GameResult) -> FirstStage:
    return FirstStage(result.method.rpartition(STAGE_MARK)[0], result.computed, result.resumed_from,
                      result.seconds)


def staged(spec: str, upto: int) -> tuple[GameResult, GameResult | None]:
    """The row of ``spec`` computed in two stages as a staged survey does, and its first stage."""
    first = compute_game(spec, upto, pause=stage_pause(upto))
    if first.first_stage_of is None:
        return first, None
    assert first.first_stage_of == upto and first.upto == stage_pause(upto) - 1 and not first.proved
    assert first.estimate is not None and first.estimate >= 0 and first.table is not None
    second = compute_game(spec, upto, first.table, first.table_dtype)
    assert second.resumed_from == first.upto + 1
    return merge_stages(first_of(first), second), first


def same_row(a: GameResult, b: GameResult) -> dict[str, Any]:
    """The columns where ``a`` and ``b`` differ (but the times), and whether their tables do."""
    left, right = dataclasses.asdict(a), dataclasses.asdict(b)
    differ = {k: (left[k], right[k]) for k in left
              if k not in ("seconds", "cpu_seconds", "estimate", "table") and left[k] != right[k]}
    tables = [None if r.table is None else unpack_table(r.table, r.table_dtype or "", r.spec).tolist()
              for r in (a, b)]
    if tables[0] != tables[1]:
        differ["table"] = "differs"
    return differ


@pytest.mark.parametrize("code", sorted(CODES))
def test_a_staged_game_stores_the_row_of_one_stage(code: str) -> None:
    spec = f"octal({code})"
    one = compute_game(spec, UPTO)
    two, first = staged(spec, UPTO)
    assert same_row(one, two) == {}, CODES[code]
    pause = stage_pause(UPTO)
    assert pause is not None
    # a second stage unless a period is proved within the first stage
    assert (first is None) == (one.proved and one.computed <= pause), CODES[code]
    if code == "0.165":
        assert one.computed == 16384 and "proved period" in one.method  # the case of the pause itself
    if code == "0.4341":
        assert one.computed == 32768 and "proved period" in one.method
    if code == "0.7566":
        assert one.computed == UPTO + 1 and one.proved and "proved period" not in one.method


def test_where_a_survey_pauses() -> None:
    assert stage_pause(2**18) == 2**16 and stage_pause(2**18 - 1) == 2**16 and stage_pause(2**17) == 2**15
    assert stage_pause(2**16 - 2) is None and stage_pause(1000) is None  # small tables: one stage
    # below the pause a period proved anywhere gives the whole table: no mark, no second stage
    small = compute_game("octal(0.015)", 20_000, pause=stage_pause(UPTO))
    assert small.first_stage_of is None and small.upto == 20_000  # not this table's pause: one stage
    assert stage_target("rare-value scan" + STAGE_MARK + "65535") == 65535
    assert stage_target("rare-value scan") is None and stage_target(STAGE_MARK + "x") is None


def test_the_estimate_grows_with_the_measured_doublings() -> None:
    assert estimate_seconds([1.0, 3.0, 7.0], 1 << 16, 1 << 18) == 8.0 + 16.0  # 2 s then 4 s: x2
    assert estimate_seconds([0.0, 1.0, 5.0], 1 << 16, 1 << 18) == 16.0 + 64.0  # x4 (the most)
    assert estimate_seconds([0.0, 1.0, 10.0], 1 << 16, 1 << 18) == 36.0 + 144.0  # x9 is taken as x4
    assert estimate_seconds([0.0, 1.0, 1.5], 1 << 16, 1 << 18) == 1.0 + 2.0  # x0.5 is taken as x2
    assert estimate_seconds([0.0, 0.0, 1.0], 1 << 16, 1 << 17) == 4.0  # no growth measured: the most
    assert estimate_seconds([0.0, 1.0, 3.0], 1 << 16, 3 << 16) == 4.0 + 4.0  # then half of 8 s
    assert estimate_seconds(None, 1 << 16, 1 << 18) is None
    assert estimate_seconds([0.0, 1.0, 3.0], 1 << 16, 1 << 16) is None


def test_second_stages_go_largest_expected_cost_first() -> None:
    first = FirstStage("rare-value scan", 16384, 0, 0.1)
    estimates = {"a": 0.5, "b": 18.0, "c": None, "d": 2.5, "e": 11.0, "f": 2.5}
    jobs = [Job(s, 2**18, 2**16 - 1, estimate=e, first=first) for s, e in estimates.items()]
    order = [j.spec for t in plan_tasks(jobs, threads=2) for j in t.jobs]
    assert order == ["c", "b", "e", "d", "f", "a"]  # unknown first (a stage resumed), ties as given
    # the bench's survey: the order of the given codes put the second largest last
    costs = {"0.007": 6.4, "0.014": 1.3, "0.034": 0.6, "0.104": 5.6, "0.16": 0.05, "0.161": 0.2,
             "0.166": 0.2, "0.006": 6.6}
    jobs = [Job(f"octal({c})", 2**18, 2**16 - 1, estimate=e, first=first) for c, e in costs.items()]
    order = [j.spec for t in plan_tasks(jobs, threads=2) for j in t.jobs]
    assert order[:3] == ["octal(0.006)", "octal(0.007)", "octal(0.104)"]
    fresh = Job("x", 2**18, pause=2**16)
    assert job_cost(fresh) < job_cost(jobs[0])  # a pass never mixes them; if one did, second stages first


def test_planned_stages_of_a_survey(tmp_path: Path) -> None:
    entries = expand(["0.007", "0.16"])
    jobs = plan_jobs(entries, {}, upto=2**18, extend=None)
    assert [(j.spec, j.pause) for j in jobs] == [("octal(0.007)", 2**16), ("octal(0.16)", 2**16)]
    assert [j.pause for j in plan_jobs(entries, {}, upto=2**18, extend=None, staged=False)] == [None, None]
    assert [j.pause for j in plan_jobs(entries, {}, upto=1000, extend=None)] == [None, None]
    # a first stage stored by a survey that did not finish: the same command continues it
    store = Store(tmp_path / "s.sqlite", create=True)
    try:
        result = compute_game("octal(0.034)", UPTO, pause=stage_pause(UPTO))
        assert store.save(result, None)
        stored = store.rows()
    finally:
        store.close()
    entries = expand(["0.034"])
    (job,) = plan_jobs(entries, stored, upto=UPTO, extend=None)
    assert (job.upto, job.previous_upto, job.pause, job.estimate) == (UPTO, 2**14 - 1, None, None)
    assert job.first == FirstStage("rare-value scan + plain kernel", 2**14, 0, round(result.seconds, 6))
    (job,) = plan_jobs(entries, stored, upto=2**20, extend=None)  # another --upto: its own survey's
    assert job.upto == UPTO
    (job,) = plan_jobs(entries, stored, upto=UPTO, extend=2**17)  # --extend: that far, still merged
    assert (job.upto, job.first is not None) == (2**17, True)


def _rows(db: Path) -> dict[str, dict[str, Any]]:
    with sqlite3.connect(db) as conn:
        conn.row_factory = sqlite3.Row
        found = [dict(r) for r in conn.execute("SELECT * FROM games")]
        stored = conn.execute("SELECT spec, data, dtype FROM tables")
        tables = {s: unpack_table(d, t, s).tolist() for s, d, t in stored}
    return {r["spec"]: {**{k: v for k, v in r.items() if k not in ("seconds", "stored_at", "sha256")},
                        "table": tables.get(r["spec"])} for r in found}


@pytest.mark.slow
def test_a_staged_survey_stores_what_one_stage_stores(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    from grundy.survey.run import LOCAL_HTTP, run_survey

    specs = sorted(CODES)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None, scheduler_kwargs=LOCAL_HTTP) as cluster, \
            distributed.Client(cluster) as client:
        one = run_survey(specs, db=tmp_path / "one.sqlite", upto=UPTO, client=client, staged=False)
        two = run_survey(specs, db=tmp_path / "two.sqlite", upto=UPTO, client=client)
        assert set(two.task_stage) == {1, 2} and set(one.task_stage) == {1}
        assert (two.stored, two.proved, two.unfinished) == (one.stored, one.proved, 0) == (7, 5, 0)
        assert _rows(tmp_path / "one.sqlite") == _rows(tmp_path / "two.sqlite")
        # interrupted between its stages: the first stages are stored, the same command finishes
        store = Store(tmp_path / "cut.sqlite", create=True)
        try:
            for spec in ("octal(0.015)", "octal(0.034)"):
                assert store.save(compute_game(spec, UPTO, pause=stage_pause(UPTO)), None)
        finally:
            store.close()
        again = run_survey(specs, db=tmp_path / "cut.sqlite", upto=UPTO, client=client)
        assert (again.stored, again.skipped, again.shorter) == (7, 0, 0)
        assert _rows(tmp_path / "one.sqlite") == _rows(tmp_path / "cut.sqlite")
