"""How a survey's time scales with Dask workers: the same survey on 1 and on 2 workers, same run.

For each repeat, and for each worker count (in alternating order, so both see the same machine
load), it starts a local cluster the way ``grundy survey --workers K`` does
(:func:`grundy.survey.run.dask_client`), surveys the same codes into a fresh database with
:func:`grundy.survey.run.run_survey`, and reads from every worker process its CPU seconds (user +
system, from start-up on) and its peak resident memory. It prints per run:

- ``start``: seconds to start the cluster (worker processes spawned and warmed up);
- ``survey``: seconds of the survey itself on the running cluster (planning, tasks, storing);
- ``total``: the two together, what a user waits for;
- ``cpu``: the workers' CPU seconds together (start-up and warm-up included), and ``tasks``: the
  CPU seconds of the tasks alone (measured in each task), per task;
- ``busy``: the tasks' CPU seconds ``/ (survey x workers)``: how much of its wall-clock time
  each worker spent computing (1.0 = never idle, never waiting for a core);
- the peak resident memory of the largest worker and of the client.

Then the medians and the ratios ``2 workers / 1 worker`` (below 0.5 impossible, 0.5 = perfect),
the CPU seconds of each task, and a projection for a machine where each worker has a core of its
own: the 1-worker run's tasks, with their measured CPU seconds, laid out on 2 workers pass by
pass (the second stages start when every first stage is done), each task to the first worker
free, in the order the survey submitted them and (for comparison) largest first, times the
growth of the tasks' CPU seconds with 2 workers: what the wall-clock ratio would be without
other load.

The survey is staged as ``grundy survey`` stages it (every game first to a quarter of the table,
then the unproved ones continued, largest expected cost first); ``--one-stage`` computes every
table in one stage, in the order given, as grundy did before.
The databases of the runs are checked to hold the same results (every column but the time and
stamp columns). On a shared machine the wall-clock ratios depend on the load of other processes;
the CPU seconds per task show whether the workers fought each other for the cores (they grow
then) or only waited. On Linux with ``kernel.sched_autogroup_enabled = 1`` each session gets a
fair share of the CPU however many processes it runs: while other sessions keep the cores busy,
a second worker only halves each worker's share, and ``busy`` shows it (two workers at about
half the busy fraction of one).

    python bench/survey_scaling.py                         # 8 codes to 2^18, 3 repeats
    python bench/survey_scaling.py --codes 0.16,0.104 --upto 2**17 --repeat 1
    python bench/survey_scaling.py --one-stage             # every table in one stage
    python bench/survey_scaling.py --estimates             # each first stage's estimate against the truth

``--estimates`` runs no cluster: in this process (one thread, as a worker), each code's first stage
and then its second, printing the first stage's estimate of the second's CPU seconds, the
second's measured CPU seconds, and how many pairs of games the estimates order as the truth does.
"""

from __future__ import annotations

import argparse
import io
import resource
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

DEFAULT_CODES = "0.007,0.014,0.034,0.104,0.16,0.161,0.166,0.006"
"""Eight unproved codes of the three-digit survey (tasks of seconds to 2^18 heaps)."""

VARYING = ("seconds", "stored_at", "sha256", "version")


def _worker_usage() -> tuple[float, int]:
    """On a worker: its CPU seconds so far and its peak resident memory in bytes."""
    import resource as res

    usage = res.getrusage(res.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024


def _rows(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        conn.row_factory = sqlite3.Row
        rows = conn.execute("SELECT * FROM games ORDER BY spec").fetchall()
        return [tuple(r[k] for k in r.keys() if k not in VARYING) for r in rows]


def lpt_makespan(costs: list[float], workers: int) -> float:
    """The finishing time of ``costs`` on ``workers`` machines, each taking the largest one left."""
    loads = [0.0] * workers
    for cost in sorted(costs, reverse=True):
        loads[loads.index(min(loads))] += cost
    return max(loads)


def list_makespan(costs: list[float], workers: int) -> float:
    """The finishing time of ``costs`` on ``workers`` machines, each taking the next one in this order."""
    loads = [0.0] * workers
    for cost in costs:
        loads[loads.index(min(loads))] += cost
    return max(loads)


def pass_makespan(run: dict[str, Any], workers: int, schedule: Any) -> float:
    """``schedule`` (:func:`lpt_makespan` or :func:`list_makespan`) of each pass of ``run``'s
    tasks, in the order they were submitted, one pass after the other."""
    tasks = sorted(zip(run["task_order"], run["task_stage"], run["task_cpu"], strict=True))
    return sum(float(schedule([c for _, s, c in tasks if s == k], workers))
               for k in sorted(set(run["task_stage"])))


def one_run(codes: list[str], upto: int, workers: int, tmp: Path, tag: str, staged: bool) -> dict[str, Any]:
    """Survey ``codes`` to ``upto`` on a new local cluster of ``workers`` processes."""
    from grundy.survey.run import dask_client, run_survey

    db = tmp / f"{tag}.sqlite"
    t0 = time.perf_counter()
    with dask_client(workers) as client:
        t1 = time.perf_counter()
        summary = run_survey(codes, db=db, upto=upto, client=client, stream=io.StringIO(), staged=staged)
        t2 = time.perf_counter()
        usage = client.run(_worker_usage)
    t3 = time.perf_counter()
    assert not summary.failed and summary.stored == summary.submitted, summary.text()
    cpu = sum(u[0] for u in usage.values())
    return {"task_cpu": summary.task_cpu, "task_stage": summary.task_stage, "task_order": summary.task_order,
            "workers": workers,
            "start": t1 - t0, "survey": t2 - t1,
            "total": t3 - t0, "cpu": cpu, "tcpu": sum(summary.task_cpu), "tasks": len(summary.task_cpu),
            "rss": max(u[1] for u in usage.values()),
            "client_rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
            "busy": sum(summary.task_cpu) / ((t2 - t1) * workers), "rows": _rows(db)}


def estimates(codes: list[str], upto: int) -> int:
    """Each code's first stage, its estimate of the second, and the second stage measured."""
    import itertools
    import os

    os.environ["NUMBA_NUM_THREADS"] = "1"  # before numba loads: one thread, as a survey's worker
    from grundy.survey.codes import expand
    from grundy.survey.work import compute_game, stage_pause, warm_up

    warm_up()
    pause = stage_pause(upto)
    print(f"first stages to {pause} heaps, second stages to {upto + 1:,} heaps (CPU seconds, one thread)")
    found = []
    for spec in dict.fromkeys(e.computed_spec for e in expand(codes)):
        first = compute_game(spec, upto, pause=pause)
        if first.first_stage_of is None or first.estimate is None:
            print(f"  {spec}: proved in its first stage ({first.cpu_seconds:.2f} s)")
            continue
        second = compute_game(spec, upto, first.table, first.table_dtype)
        found.append((first.estimate, second.cpu_seconds))
        print(f"  {spec}: first {first.cpu_seconds:.2f} s, estimate {first.estimate:.2f} s, "
              f"second {second.cpu_seconds:.2f} s (estimate / second "
              f"{first.estimate / max(second.cpu_seconds, 1e-9):.2f})",
              flush=True)
    pairs = list(itertools.combinations(found, 2))
    alike = sum(1 for a, b in pairs if (a[0] - b[0]) * (a[1] - b[1]) > 0)
    print(f"{len(found)} second stages: {alike} of {len(pairs)} pairs ordered by the estimates "
          f"as by their cost")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--codes", default=DEFAULT_CODES, help="comma-separated octal codes or patterns")
    parser.add_argument("--upto", default="2**18", help="table size (an integer or 2**k)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--one-stage", action="store_true", help="every table in one stage (not staged)")
    parser.add_argument("--estimates", action="store_true",
                        help="no cluster: each first stage's estimate of its second against the truth")
    args = parser.parse_args(argv)
    codes = [c.strip() for c in args.codes.split(",") if c.strip()]
    base, _, power = args.upto.partition("**")
    upto = int(base) ** int(power) if power else int(base)
    if args.estimates:
        return estimates(codes, upto)
    print(f"survey of {len(codes)} codes to {upto:,} heaps, {'one stage' if args.one_stage else 'staged'}; "
          f"{args.repeat} repeats of 1 and 2 workers")
    runs: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.repeat):
            for workers in ((1, 2) if r % 2 == 0 else (2, 1)):
                run = one_run(codes, upto, workers, Path(tmp), f"r{r}w{workers}", not args.one_stage)
                runs[workers].append(run)
                print(f"  {workers} worker{'s' if workers > 1 else ' '}: start {run['start']:5.1f} s, "
                      f"survey {run['survey']:6.1f} s, total {run['total']:6.1f} s, cpu {run['cpu']:6.1f} s "
                      f"(tasks {run['tcpu']:.1f} s: {run['tcpu'] / max(1, run['tasks']):.2f} s/task, "
                      f"{run['tasks']} tasks), "
                      f"busy {run['busy']:.2f}, worker peak {run['rss'] / 2**20:.0f} MB; tasks' CPU s: "
                      + " ".join(f"{c:.2f}" for c in sorted(run["task_cpu"], reverse=True)), flush=True)
    reference = runs[1][0]["rows"]
    same = all(run["rows"] == reference for both in runs.values() for run in both)
    print(f"databases identical across runs (but times): {'yes' if same else 'NO'}")
    keys = ("start", "survey", "total", "cpu", "tcpu", "busy")
    med = {w: {k: median(run[k] for run in runs[w]) for k in keys} for w in runs}
    for w in (1, 2):
        m = med[w]
        print(f"median, {w} worker{'s' if w > 1 else ' '}: start {m['start']:.1f} s, "
              f"survey {m['survey']:.1f} s, total {m['total']:.1f} s, cpu {m['cpu']:.1f} s, "
              f"busy {m['busy']:.2f}")
    print(f"ratio 2 workers / 1 worker: survey {med[2]['survey'] / med[1]['survey']:.2f}, "
          f"total {med[2]['total'] / med[1]['total']:.2f}, workers' cpu {med[2]['cpu'] / med[1]['cpu']:.2f}, "
          f"tasks' cpu {med[2]['tcpu'] / med[1]['tcpu']:.2f}")
    tasks, stages = runs[1][0]["task_cpu"], runs[1][0]["task_stage"]
    per_task = median(sum(run["task_cpu"]) / len(run["task_cpu"]) for run in runs[1])
    growth = med[2]["tcpu"] / med[1]["tcpu"]
    print(f"tasks: {len(tasks)}, CPU seconds each (1 worker, first run): " + "; ".join(
        f"pass {k}: " + ", ".join(f"{c:.2f}" for c in sorted((c for c, s in zip(tasks, stages, strict=True)
                                                              if s == k), reverse=True))
        for k in sorted(set(stages))) + f"; mean {per_task:.2f} s")
    print(f"projected with a free core for each worker (the 1-worker run's tasks, their measured CPU "
          f"seconds and the 2-worker CPU growth {growth:.2f}; each pass after the one before): "
          f"2 workers / 1 worker = "
          f"{growth * pass_makespan(runs[1][0], 2, list_makespan) / sum(tasks):.2f} in the order submitted, "
          f"{growth * pass_makespan(runs[1][0], 2, lpt_makespan) / sum(tasks):.2f} largest first")
    peak = max(run["rss"] for both in runs.values() for run in both)
    client_peak = max(run["client_rss"] for both in runs.values() for run in both)
    print(f"peak resident memory: {peak / 2**20:.0f} MB a worker, {client_peak / 2**20:.0f} MB the client")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
