"""Run a survey on Dask: plan the games, compute them on the workers, store each result in SQLite.

The client process plans (which games are new, which unproved ones to continue), groups the games
into tasks (:func:`plan_tasks`: each task is worth at least :data:`MIN_TASK_WORK` heaps, so the
scheduler's overhead per task is small beside it, and the largest are submitted first, so the
last tasks to finish are short ones), submits them
(:func:`grundy.survey.work.compute_batch`; a few per worker at a time, so that a survey of
100,000 codes holds few tables in memory), and writes each game's result to the database as its
task returns, in a transaction per game, then releases it. Workers never touch the database, so a worker that
dies loses only its running task, which the scheduler runs again elsewhere; the client stores
the result of each game once. On Ctrl-C the remaining tasks are cancelled, the cluster (if the
survey started it) is closed, and every game already stored stays.

Large tables are computed in two passes (:class:`Job`, :func:`grundy.survey.work.first_stage`):
every game first to a quarter of its table, as one stage computes it; then the unproved ones
continue their stored tables, the largest expected cost first (each first stage estimates its
second from its own kernel's times), and :func:`merge_stages` makes each row the one a single
stage stores. So a survey of tables of unknown, unequal costs does not end with one worker on
a large table that came last while the others are idle.

The cluster: a ``distributed.LocalCluster`` with one single-threaded worker process per core
(``workers`` overrides), each pinned to one thread (:data:`WORKER_ENV`: numba, OpenMP and BLAS
thread pools of one thread, so that K workers use K cores and never fight over them) and warmed
up once (:func:`grundy.survey.work.warm_up`: the compiled kernels loaded, by every worker at the
same time, before the first task); or any running cluster given by its scheduler address (its
workers need grundy installed; they are warmed up on their first task).

>>> plan_jobs([], {}, upto=100, extend=None)
[]
>>> [len(t.jobs) for t in plan_tasks([Job(f"octal(0.{d})", 999) for d in range(1, 8)], threads=1)]
[2, 2, 2, 1]
"""

from __future__ import annotations

import contextlib
import importlib.util
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from grundy.errors import InvalidInputError, NotSupportedError
from grundy.survey.codes import Entry, expand
from grundy.survey.database import Store
from grundy.survey.work import CONTINUED, STAGE_MARK, GameResult, stage_pause, stage_target


@dataclass(frozen=True)
class Job:
    """One game to compute: fresh (``previous_upto is None``) or continued from its stored table."""

    spec: str
    upto: int
    previous_upto: int | None = None
    pause: int | None = None
    """A staged survey's first stage: the table is computed to ``pause`` heaps first
    (:func:`grundy.survey.work.first_stage`), unless a period is proved there."""
    estimate: float | None = None
    """A second stage: the CPU seconds its first stage expects it to cost (orders the tasks)."""
    first: FirstStage | None = None
    """A second stage: what its first stage stored (merged into the row, as one stage stores it)."""


@dataclass(frozen=True)
class FirstStage:
    """The columns of a first stage's row that its second stage adds to (:func:`merge_stages`)."""

    method: str
    computed: int
    resumed_from: int
    seconds: float


def merge_stages(first: FirstStage, result: GameResult) -> GameResult:
    """The second stage's ``result`` as the row of the whole table: the values computed and the
    seconds of both stages, the first heap of the first, and the kernels of both (the name one
    stage gives: ``rare-value scan``, ``+ plain kernel`` if either stage used it, ``+ proved
    period`` if a checkpoint proved it).

    >>> from grundy.survey.work import compute_game
    >>> later = compute_game("octal(0.16)", 5000)
    >>> later.method = "continued with the rare-value scan + plain kernel + proved period"
    >>> merge_stages(FirstStage("rare-value scan", 4096, 0, 1.5), later).method
    'rare-value scan + plain kernel + proved period'
    """
    from dataclasses import replace

    parts = [p for p in first.method.split(" + ") if p != PROVED]
    later = result.method.removeprefix(CONTINUED).split(" + ")
    parts += [p for p in later if p not in parts and p != PROVED]
    if PROVED in later:
        parts.append(PROVED)
    return replace(result, computed=first.computed + result.computed, resumed_from=first.resumed_from,
                   method=" + ".join(parts), seconds=first.seconds + result.seconds)


PROVED = "proved period"


@dataclass
class Summary:
    """What a survey run did."""

    games: int = 0
    """Entries asked for (after expanding patterns)."""
    equivalent: int = 0
    """Entries recorded as equivalent to another game (not computed)."""
    skipped: int = 0
    """Games already stored (finished, or not to be continued)."""
    shorter: int = 0
    """Skipped unproved games whose stored table is shorter than asked (``--extend`` continues them)."""
    submitted: int = 0
    stored: int = 0
    proved: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)
    interrupted: bool = False
    unfinished: int = 0
    """Submitted games neither stored nor failed (after an interruption)."""
    seconds: float = 0.0
    tasks: int = 0
    """Dask tasks the games were grouped into (:func:`plan_tasks`)."""
    cpu_seconds: float = 0.0
    """CPU seconds the workers spent on the games stored (for measurements)."""
    task_cpu: list[float] = field(default_factory=list)
    """CPU seconds of each task that returned, in the order they returned (for measurements)."""
    task_stage: list[int] = field(default_factory=list)
    """The pass of each task of :attr:`task_cpu`: 1 (every game, a large one to its first stage)
    or 2 (the second stages, after all of pass 1)."""
    task_order: list[int] = field(default_factory=list)
    """When each task of :attr:`task_cpu` was submitted: 0 for the survey's first, 1 for the next..."""

    def text(self, extend_hint: str = "extend=N") -> str:
        """One line for the user (``extend_hint``: how the caller writes the extension: the
        command line, ``--extend N``)."""
        parts = [f"{self.games:,} games", f"{self.equivalent:,} equivalent to another",
                 f"{self.skipped:,} already stored", f"{self.stored:,} computed now ({self.proved:,} proved)"]
        if self.failed:
            parts.append(f"{len(self.failed):,} failed")
        if self.shorter:
            parts.append(f"{self.shorter:,} unproved with a shorter table ({extend_hint} continues them)")
        line = ", ".join(parts) + f" in {self.seconds:.1f} s"
        if self.interrupted:
            line += f"; interrupted: {self.unfinished:,} not computed (run the same command to continue)"
        return line


def plan_jobs(entries: list[Entry], stored: dict[str, dict[str, Any]], *, upto: int,
              extend: int | None, staged: bool = True) -> list[Job]:
    """The games to compute: representatives not stored yet (to ``upto``; with ``staged``, in two
    stages when the table is large: :func:`grundy.survey.work.stage_pause`), first stages stored
    by a staged survey that did not finish (continued to that survey's ``upto``, or ``extend``)
    and, with ``extend``, stored unproved games whose table is shorter than ``extend`` (continued
    to ``extend``)."""
    jobs: dict[str, Job] = {}
    for entry in entries:
        spec = entry.computed_spec
        if spec in jobs:
            continue
        row = stored.get(spec)
        if row is None or row["upto"] is None:
            jobs[spec] = Job(spec, upto, pause=stage_pause(upto) if staged else None)
            continue
        target = None if row["proved"] else stage_target(row.get("method") or "")
        goal = extend if extend is not None else target
        if target is not None and goal is not None and row["upto"] < goal:
            first = FirstStage(row["method"].rpartition(STAGE_MARK)[0], int(row["computed"]),
                               int(row["resumed_from"]), float(row["seconds"]))
            jobs[spec] = Job(spec, goal, int(row["upto"]), first=first)
        elif extend is not None and not row["proved"] and row["upto"] < extend:
            jobs[spec] = Job(spec, extend, int(row["upto"]))
    return list(jobs.values())


MIN_TASK_WORK = 1 << 16
"""Estimated work (heaps to compute) a task should have at least: a task of fewer heaps costs
milliseconds, and the scheduler's round trip (a few ms) and the result's transfer would be a good
part of it. Games are batched up to this much (fewer when the whole survey is small, see
:func:`plan_tasks`)."""

TASKS_PER_THREAD = 4
"""A survey is cut into at least this many tasks per worker thread (when it has that many games),
so that the workers finish together."""


def estimated_work(job: Job) -> int:
    """Heaps that ``job`` computes at most: ``upto + 1`` from scratch, or from its stored table on.
    (A game whose period is proved early costs less; an unproved one costs all of it.)

    >>> estimated_work(Job("kayles", 999)), estimated_work(Job("kayles", 999, 499))
    (1000, 500)
    """
    start = 0 if job.previous_upto is None else job.previous_upto + 1
    stop = job.upto + 1 if job.pause is None else job.pause
    return max(1, stop - start)


def job_cost(job: Job) -> tuple[float, int]:
    """The order of the tasks, largest first: a second stage by the CPU seconds its first stage
    expects (:attr:`Job.estimate`; unknown: before all others), before every other game, which
    go by :func:`estimated_work`.

    >>> first = FirstStage("rare-value scan", 10, 0, 0.1)
    >>> later = [Job(s, 99, 9, estimate=e, first=first) for s, e in (("b", 2.0), ("c", 5.0), ("d", None))]
    >>> [j.spec for j in sorted(later, key=job_cost, reverse=True)]
    ['d', 'c', 'b']
    """
    if job.first is None:
        return (-math.inf, estimated_work(job))
    return (math.inf if job.estimate is None else job.estimate, estimated_work(job))


@dataclass(frozen=True)
class Task:
    """One Dask task: games computed one after another on a worker."""

    jobs: tuple[Job, ...]

    @property
    def work(self) -> int:
        """The estimated work of the task (:func:`estimated_work` of its games, summed)."""
        return sum(estimated_work(job) for job in self.jobs)


def task_target(jobs: list[Job], threads: int, min_work: int = MIN_TASK_WORK) -> int:
    """The estimated work each task gets at least: ``min_work``, or less when the survey is too
    small to give every thread :data:`TASKS_PER_THREAD` tasks of that size.

    >>> task_target([Job("kayles", 999)] * 80, threads=2)  # 80,000 heaps: 8 tasks of 10,000
    10000
    >>> task_target([Job("kayles", 2**16)] * 80, threads=2)
    65536
    """
    total = sum(estimated_work(job) for job in jobs)
    return max(1, min(min_work, total // (TASKS_PER_THREAD * max(1, threads))))


def plan_tasks(jobs: list[Job], threads: int, min_work: int = MIN_TASK_WORK) -> list[Task]:
    """``jobs`` grouped into tasks, largest first: taken by decreasing cost (:func:`job_cost`;
    ties in their given order), each game joins the current task until the task reaches
    :func:`task_target` of estimated work (a game at least that large is a task by itself);
    only the last task may be smaller. Submitting the largest first keeps the end of a survey
    short: the last tasks to finish are the small ones, on whichever worker is free."""
    target = task_target(jobs, threads, min_work)
    tasks: list[Task] = []
    batch: list[Job] = []
    work = 0
    for job in sorted(jobs, key=job_cost, reverse=True):
        batch.append(job)
        work += estimated_work(job)
        if work >= target:
            tasks.append(Task(tuple(batch)))
            batch, work = [], 0
    if batch:
        tasks.append(Task(tuple(batch)))
    return tasks


class ProgressBar:
    """Progress over games on ``stream``: a bar redrawn in place on a terminal, else plain lines."""

    def __init__(self, total: int, stream: IO[str] | None = None, every: float = 10.0) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.every = every
        self.start = time.monotonic()
        self.last = -math.inf
        self.shown: tuple[int, int, int] | None = None

    def update(self, *, done: int, proved: int, failed: int, force: bool = False) -> None:
        """Show ``done`` of the games finished (``proved`` of them proved, ``failed`` failed)."""
        state = (done, proved, failed)
        if force and state == self.shown:
            return
        now = time.monotonic()
        if not self.tty and not force and now - self.last < self.every and done < self.total:
            return
        self.last, self.shown = now, state
        elapsed = time.strftime("%H:%M:%S", time.gmtime(now - self.start))
        tail = f"{done:,}/{self.total:,} games, {proved:,} proved"
        if failed:
            tail += f", {failed:,} failed"
        if self.tty:
            width = 30
            filled = width * done // max(1, self.total)
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {tail}  {elapsed}\x1b[K")
        else:
            self.stream.write(f"survey: {tail} ({elapsed})\n")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ignore Ctrl-C while worker processes start, so that they inherit it ignored: on a terminal
    Ctrl-C reaches the whole process group, and only the client must handle it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


DASK_MISSING = ("grundy survey needs Dask: pip install 'dask[distributed]' (or pip install "
                "'grundy[survey]'; from a checkout of grundy: pip install '.[survey]')")
"""The one-line hint when the optional ``survey`` extra (``dask[distributed]``) is not installed."""


def require_dask() -> None:
    """Raise :class:`NotSupportedError` with the install hint unless ``distributed`` can be imported."""
    if importlib.util.find_spec("distributed") is None:
        raise NotSupportedError(DASK_MISSING)


SCHEDULER_TIMEOUT = 3
"""Seconds to wait for a ``--scheduler`` to answer before giving up (a reachable one answers at
once; an unreachable address should fail fast)."""

WORKER_ENV = {name: "1" for name in ("NUMBA_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS",
                                      "OPENBLAS_NUM_THREADS")}
"""The environment of a local cluster's worker processes: every thread pool a kernel may use
(numba's ``prange``, OpenMP, BLAS) has one thread, as each worker has one task thread, so that
K workers use K cores (Dask sets the last three itself; numba's is not among them)."""

LOCAL_HTTP = {"dashboard": False, "dashboard_address": "127.0.0.1:0"}
"""The local scheduler's HTTP endpoints (health checks; no dashboard): 127.0.0.1, any free port."""


LOCAL_SCHEDULING = {"distributed.scheduler.worker-saturation": 1.0}
"""The local scheduler sends a worker a task only when its thread is free (Dask's default, 1.1,
sends a worker of one thread a second task, which waits there behind the first even when another
worker is idle): with tasks of seconds the round trip between tasks costs nothing, and each task
starts on the first worker to become free."""


@contextlib.contextmanager
def dask_client(workers: int | None = None, scheduler: str | None = None) -> Iterator[Any]:
    """A ``distributed.Client``: on ``scheduler``, or on a new local cluster of ``workers`` processes."""
    import logging

    require_dask()
    import dask
    from distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=f"{SCHEDULER_TIMEOUT}s")
        except OSError as exc:
            raise InvalidInputError(f"cannot reach the Dask scheduler {scheduler!r}: {exc}") from None
        except Exception as exc:  # something answered, but not as a Dask scheduler (garbage sizes)
            raise InvalidInputError(f"cannot use {scheduler!r} as a Dask scheduler: it answered "
                                    f"but not as one ({type(exc).__name__})") from None
        try:
            yield client
        finally:
            client.close()
        return
    n = workers or os.cpu_count() or 1
    with _sigint_ignored(), dask.config.set(LOCAL_SCHEDULING):
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address=None, scheduler_kwargs=LOCAL_HTTP,
                               silence_logs=logging.ERROR, env=WORKER_ENV)
    try:
        client = Client(cluster)
        try:
            from grundy.survey.work import warm_up

            client.run(warm_up)  # every worker at once, before the first task
            yield client
        finally:
            client.close()
    finally:
        cluster.close()


def run_survey(specs: list[str], *, db: str | Path, upto: int | None = None, extend: int | None = None,
               workers: int | None = None, scheduler: str | None = None, client: Any = None,
               stream: IO[str] | None = None, on_stored: Callable[[int], None] | None = None,
               delay: float = 0.0, staged: bool = True) -> Summary:
    """Survey ``specs`` into the database ``db`` (see the module docstring).

    ``client``: an existing ``distributed.Client`` to use (else one is made from ``workers`` /
    ``scheduler``). ``stream``: where progress goes (default stderr). ``on_stored(count)`` is called
    after each stored game and ``delay`` slows each task down (both for tests). ``staged=False``
    computes every table in one stage (:func:`plan_jobs`; the rows are the same but for the
    times and the ``method``'s kernels).
    """
    if upto is None:
        upto = extend
    if upto is None:
        raise InvalidInputError("give upto=N (or extend=N)", parameters=("upto", "extend"))
    from grundy.tables.analysis import MAX_TABLE

    for name, n in (("upto", upto), ("extend", extend)):
        if n is not None and not 0 <= n <= MAX_TABLE:
            raise InvalidInputError(f"{name}= must be between 0 and {MAX_TABLE:,}, got {n:,}",
                                    parameters=(name,))
    t0 = time.perf_counter()
    entries = expand(specs)  # bad specs fail before the database or a cluster is touched
    store = Store(db, create=bool(specs) or extend is None)  # a database to extend must exist
    try:
        if not specs and extend is not None:  # continue every unproved game of the database
            entries = expand([s for s, r in store.rows().items()
                              if r["equivalent_to"] is None and r["upto"] is not None])
        summary = Summary(games=len(entries))
        equivalences = [(e.spec, e.representative, e.rule or "") for e in entries if e.representative]
        summary.equivalent = len(equivalences)
        store.add_equivalences(equivalences)
        stored = store.rows()
        jobs = plan_jobs(entries, stored, upto=upto, extend=extend, staged=staged)
        representatives = {e.computed_spec for e in entries}
        planned = {j.spec for j in jobs}
        summary.shorter = sum(1 for s in representatives - planned
                              if not stored[s]["proved"] and stored[s]["upto"] < upto)
        summary.skipped = len(representatives) - len(jobs)
        summary.submitted = len(jobs)
        if jobs:
            if client is not None:
                _compute(client, jobs, store, summary, stream, on_stored, delay)
            else:
                with dask_client(workers, scheduler) as made:
                    _compute(made, jobs, store, summary, stream, on_stored, delay)
    finally:
        store.close()
    summary.seconds = time.perf_counter() - t0
    return summary


IN_FLIGHT_PER_WORKER = 4
"""Tasks submitted ahead per worker thread: the client holds few tables at a time, and a survey of
100,000 games does not flood the scheduler."""


def _compute(client: Any, jobs: list[Job], store: Store, summary: Summary, stream: IO[str] | None,
             on_stored: Callable[[int], None] | None, delay: float) -> None:
    """Submit ``jobs`` in tasks (a bounded number at a time), store each game of a task as the
    task returns, release it; on Ctrl-C cancel what is in flight and return.

    In two passes: every game (a large new one only to its first stage, see :class:`Job`), then
    the second stages, largest expected cost first (those of first stages stored by a survey that
    did not finish go in the first pass' place: their cost is unknown)."""
    run = _Run(client, store, summary, on_stored, delay, ProgressBar(len(jobs), stream))
    try:
        later = [job for job in jobs if job.first is not None]
        run.run_pass([job for job in jobs if job.first is None], 1)
        run.run_pass(later + run.second, 2)
    except KeyboardInterrupt:
        summary.interrupted = True
        (stream if stream is not None else sys.stderr).write(
            f"\nsurvey: interrupted: {summary.stored:,} games stored are kept; stopping the workers "
            f"(run the same command to continue)\n")
        client.cancel(list(run.in_flight))
    finally:
        summary.unfinished = len(jobs) - run.done
        run.show(force=True)
        run.bar.close()


class _Run:
    """The state of a survey's computation on Dask: tasks in flight, games done, second stages."""

    def __init__(self, client: Any, store: Store, summary: Summary, on_stored: Callable[[int], None] | None,
                 delay: float, bar: ProgressBar) -> None:
        self.client, self.store, self.summary = client, store, summary
        self.on_stored, self.delay, self.bar = on_stored, delay, bar
        self.threads = sum(client.nthreads().values()) or 1
        self.in_flight: dict[Any, Task] = {}
        self.order: dict[Any, int] = {}
        self.done = 0
        self.second: list[Job] = []
        """The second stages of the first stages stored in this run."""

    def run_pass(self, jobs: list[Job], stage: int) -> None:
        """Compute ``jobs`` (:func:`plan_tasks`), a few tasks per worker thread in flight at a time."""
        from distributed import as_completed

        from grundy.survey.work import GameFailure

        if not jobs:
            return
        tasks = plan_tasks(jobs, self.threads)
        self.summary.tasks += len(tasks)
        waiting = iter(tasks)
        # on this client's event loop: as_completed() alone takes the process's default client's,
        # and with two clients (a script's and the survey's) a task lost with its worker then
        # failed in the survey's client: "Event ... is bound to a different event loop"
        queue = as_completed(loop=self.client.loop)
        for _ in range(IN_FLIGHT_PER_WORKER * self.threads):
            self.submit(next(waiting, None), queue)
        self.show(force=True)
        for future in queue:
            task = self.in_flight.pop(future)
            try:
                results = future.result()
            except Exception as exc:  # a task that fails (or kills its workers) does not stop the survey
                self.summary.failed.extend((job.spec, f"{type(exc).__name__}: {exc}") for job in task.jobs)
                self.done += len(task.jobs)
            else:
                cpu = sum(r.cpu_seconds for r in results if not isinstance(r, GameFailure))
                self.summary.task_cpu.append(cpu)
                self.summary.task_stage.append(stage)
                self.summary.task_order.append(self.order[future])
                for job, result in zip(task.jobs, results, strict=True):
                    self.store_one(job, result)
            future.release()
            self.submit(next(waiting, None), queue)
            self.show()

    def show(self, force: bool = False) -> None:
        """Update the progress bar."""
        summary = self.summary
        self.bar.update(done=self.done, proved=summary.proved, failed=len(summary.failed), force=force)

    def submit(self, task: Task | None, queue: Any) -> None:
        """Submit ``task`` (with the stored tables it continues) and add it to ``queue``."""
        from grundy.survey.work import BatchItem, compute_batch

        if task is None:
            return
        items: list[BatchItem] = []
        for job in task.jobs:
            table = self.store.table(job.spec) if job.previous_upto is not None else None
            data, dtype = (table[0], table[1]) if table else (None, None)
            items.append((job.spec, job.upto, data, dtype, job.pause))
        future = self.client.submit(compute_batch, items, self.delay, pure=False,
                                    key=f"survey-{task.jobs[0].spec}-{len(items)}-{time.time_ns()}")
        self.in_flight[future] = task
        self.order[future] = len(self.order)
        queue.add(future)

    def store_one(self, job: Job, result: Any) -> None:
        """Store one game's result (a first stage: its row, and its second stage is planned)."""
        from grundy.survey.work import GameFailure

        summary = self.summary
        if isinstance(result, GameFailure):
            summary.failed.append((result.spec, result.error))
            self.done += 1
            return
        summary.cpu_seconds += result.cpu_seconds
        first = job.pause is not None and result.first_stage_of == job.upto
        if job.first is not None and result.resumed_from == (job.previous_upto or 0) + 1:
            result = merge_stages(job.first, result)  # continued from the first stage's table
        if not self.store.save(result, job.previous_upto):
            self.done += 1  # stored already (by another survey sharing the file)
        elif first:
            self.second.append(Job(job.spec, job.upto, result.upto, estimate=result.estimate,
                                   first=FirstStage(result.method.rpartition(STAGE_MARK)[0], result.computed,
                                                    result.resumed_from, result.seconds)))
        else:
            self.done += 1
            summary.stored += 1
            summary.proved += int(result.proved)
            if self.on_stored is not None:
                self.on_stored(summary.stored)
