"""How a survey is cut into Dask tasks, and what a local cluster's workers are (no timing here).

The planner (:func:`grundy.survey.run.plan_tasks`) is checked on many random surveys: every game
in exactly one task, every task but the last worth the target, none larger than it needs to be,
the largest first, and enough tasks for every worker. A survey on a real local cluster of two
worker processes (as ``grundy survey --workers 2`` starts it) stores the same database as on
one, with each worker pinned to one thread and warmed up before its first task.
"""

from __future__ import annotations

import os
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from grundy.survey.codes import expand
from grundy.survey.run import (
    MIN_TASK_WORK,
    TASKS_PER_THREAD,
    Job,
    dask_client,
    estimated_work,
    plan_jobs,
    plan_tasks,
    run_survey,
    task_target,
)
from grundy.survey.work import GameFailure, GameResult, compute_batch, compute_game


def _check_plan(jobs: list[Job], threads: int, min_work: int) -> None:
    tasks = plan_tasks(jobs, threads, min_work)
    target = task_target(jobs, threads, min_work)
    assert sorted(j.spec for t in tasks for j in t.jobs) == sorted(j.spec for j in jobs)
    total = sum(estimated_work(j) for j in jobs)
    assert target == max(1, min(min_work, total // (TASKS_PER_THREAD * threads)))
    for i, task in enumerate(tasks):
        if i < len(tasks) - 1:
            assert task.work >= target, (i, task)
        if len(task.jobs) > 1:  # closed as soon as it reached the target: without its last game, short
            assert task.work - estimated_work(task.jobs[-1]) < target, (i, task)
    largest = [max(estimated_work(j) for j in t.jobs) for t in tasks]
    assert largest == sorted(largest, reverse=True)  # the largest games are submitted first
    if total >= TASKS_PER_THREAD * threads * min_work:  # a survey that large: only full tasks
        assert all(t.work >= min_work for t in tasks[:-1])
    elif len(jobs) >= TASKS_PER_THREAD * threads and all(estimated_work(j) == estimated_work(jobs[0])
                                                          for j in jobs):
        assert len(tasks) >= TASKS_PER_THREAD * threads  # equal small games: every thread gets several


def test_the_planner_gives_every_task_its_share_of_work() -> None:
    rng = random.Random(30)
    for _ in range(300):
        count = rng.randint(1, 300)
        jobs = []
        for k in range(count):
            upto = rng.choice([10, 1000, 4095, 2**16, 2**18, rng.randint(0, 2**17)])
            previous = rng.choice([None, None, rng.randint(0, upto)]) if upto else None
            jobs.append(Job(f"g{k}", upto, previous))
        _check_plan(jobs, rng.randint(1, 8), rng.choice([1, 1000, MIN_TASK_WORK]))


def test_planned_sizes_of_real_surveys() -> None:
    entries = expand(["0.???"])
    small = plan_jobs(entries, {}, upto=1000, extend=None)
    assert len(small) == 296
    tasks = plan_tasks(small, threads=2)
    # 296,296 heaps for 2 threads: 8 tasks of >= 37,037 heaps, 37 games of 1,001 heaps each
    assert [len(t.jobs) for t in tasks] == [37] * 8
    large = plan_jobs(entries, {}, upto=2**16, extend=None, staged=False)
    assert [len(t.jobs) for t in plan_tasks(large, threads=2)] == [1] * 296  # each game is worth a task
    staged = plan_jobs(entries, {}, upto=2**16, extend=None)  # first stages of 16,384 heaps: 4 a task
    assert [len(t.jobs) for t in plan_tasks(staged, threads=2)] == [4] * 74
    stored = {"octal(0.16)": {"upto": 2**16, "proved": 0}, "octal(0.07)": {"upto": 2**16, "proved": 1}}
    extend = plan_jobs(expand(["0.16", "0.07", "0.14"]), stored, upto=2**15, extend=2**17)
    assert [(j.spec, j.upto, j.previous_upto) for t in plan_tasks(extend, 2) for j in t.jobs] == \
        [("octal(0.16)", 2**17, 2**16), ("octal(0.14)", 2**15, None)]  # 65,536 heaps to continue first


def test_a_batch_reports_each_game_and_keeps_going_past_a_failure() -> None:
    done = compute_batch([("octal(0.16)", 500, None, None, None), ("octal(0.9)", 500, None, None, None),
                          ("octal(0.07)", 500, None, None, None)])
    assert [type(d) for d in done] == [GameResult, GameFailure, GameResult]
    first, failed, last = done
    assert isinstance(failed, GameFailure) and failed.spec == "octal(0.9)" and "0.9" in failed.error
    assert isinstance(first, GameResult) and isinstance(last, GameResult)
    for result in (first, last):
        alone = compute_game(result.spec, 500)
        assert (result.period, result.preperiod, result.proved, result.max_value, result.frequencies) == \
            (alone.period, alone.preperiod, alone.proved, alone.max_value, alone.frequencies)
        assert result.cpu_seconds >= 0


def _rows(db: Path) -> dict[str, Any]:
    drop = ("seconds", "stored_at", "sha256")
    with sqlite3.connect(db) as conn:
        conn.row_factory = sqlite3.Row
        games = {r["spec"]: {k: r[k] for k in r.keys() if k not in drop}
                 for r in conn.execute("SELECT * FROM games")}
        tables = {r["spec"]: (r["length"], r["dtype"], r["data"])
                  for r in conn.execute("SELECT * FROM tables")}
    return {"games": games, "tables": tables}


def _worker_state() -> tuple[str | None, bool]:
    from grundy.survey.work import WARMED

    return os.environ.get("NUMBA_NUM_THREADS"), "seconds" in WARMED


def _saturation(dask_scheduler: Any) -> float:
    return float(dask_scheduler.WORKER_SATURATION)


@pytest.mark.slow
def test_two_worker_processes_store_the_same_database_as_one(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    specs = ["0.0?", "0.1?", "0.4?", "0.104"]  # 25 games to compute, some unproved to 20,000
    found = {}
    for workers in (1, 2):
        db = tmp_path / f"w{workers}.sqlite"
        with dask_client(workers) as client:
            state = client.run(_worker_state)
            assert len(state) == workers
            assert set(state.values()) == {("1", True)}  # one numba thread; warmed up before any task
            assert client.run_on_scheduler(_saturation) == 1.0  # a task waits for a free worker
            summary = run_survey(specs, db=db, upto=20_000, client=client, stream=open(os.devnull, "w"))
        assert not summary.failed and summary.stored == summary.submitted == 25
        assert summary.tasks < summary.submitted  # the games proved early were batched
        assert summary.cpu_seconds > 0
        found[workers] = _rows(db)
    assert found[1] == found[2]
    unproved = {s for s, r in found[1]["games"].items() if r["upto"] is not None and not r["proved"]}
    assert {"octal(0.16)", "octal(0.104)"} <= unproved and set(found[1]["tables"]) == unproved


def test_the_docs_table_shows_only_what_the_database_holds(tmp_path: Path) -> None:
    import importlib.util

    from grundy.survey.database import Store
    from grundy.survey.report import load_rows

    spec = importlib.util.spec_from_file_location(
        "survey_page", Path(__file__).resolve().parents[2] / "scripts" / "survey_page.py")
    assert spec is not None and spec.loader is not None
    page_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(page_module)
    db = tmp_path / "s.sqlite"
    store = Store(db)
    specs = ["0.0[4-7]", "0.70", "0.771"]
    entries = expand(specs)
    store.add_equivalences([(e.spec, e.representative, e.rule or "") for e in entries if e.representative])
    for game in ("octal(0.07)", "octal(0.04)", "octal(0.77)"):
        assert store.save(compute_game(game, 2000), None)
    store.close()
    text = page_module.page(specs, load_rows(db))
    assert text.startswith("6 codes, 6 distinct games: 2 proved, 0 with a period observed but not proved, "
                           "1 with no period found, 3 not computed yet.")
    assert "\nTables of the unproved games: 1 to 2,000 heaps.\n" in text
    assert "| 0.07 | 34 | 53 | " in text  # Dawson's Kayles
    assert "| 0.77 | 12 | 71 | " in text and text.count("| proved | 0.771 |") == 1  # Kayles, and .771 with it
    assert "| 0.04 | - | - | " in text and "no period found up to 2,000" in text
    assert text.rsplit("\n", 1)[-1] == ("Not computed yet (3 distinct games; after each, the codes that are "
                                        "the same game): 0.05; 0.06; 0.7, 0.70.")
    assert "| 0.05 |" not in text and "| 0.7 |" not in text  # nothing printed that was not computed
