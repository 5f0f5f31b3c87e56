"""Small octal tables are computed without the compiler: ``grundy table 'octal(0.6)' --upto 300``
loads neither numba nor LLVM (numpy alone, or plain Python where a period is proved), and its
values equal a brute force written here."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.helpers import brute_octal

CHILD = r"""
import json, sys
from grundy.cli.app import main
try:
    main(['table', sys.argv[1], '--upto', sys.argv[2], '--json'])
except SystemExit:
    pass
print()
print(json.dumps(sorted(m for m in ('numba', 'llvmlite') if m in sys.modules)))
"""


@pytest.mark.parametrize(("spec", "digits", "upto"), [
    ("octal(0.6)", (0, 6), 100),
    ("octal(0.6)", (0, 6), 300),
    ("octal(0.16)", (0, 1, 6), 400),
    ("kayles", (0, 7, 7), 500),
])
def test_a_small_table_loads_no_compiler(spec: str, digits: tuple[int, ...], upto: int) -> None:
    import json

    out = subprocess.run([sys.executable, "-c", CHILD, spec, str(upto)], capture_output=True, text=True,
                         check=True).stdout
    table, loaded = out.strip().rsplit("\n", 1)
    assert json.loads(loaded) == [], f"{spec} to {upto} loaded {loaded}"
    assert json.loads(table)["values"] == brute_octal(digits, upto)


LEAN = r"""
import json, sys
from grundy.catalog import load_game
from grundy.reports.heap_tables import heap_table
table = heap_table(load_game(sys.argv[1]), int(sys.argv[2]), method="sparse", patterns=False,
                   lean_start=True)
from numba.core.caching import Cache
print(json.dumps({"values": table.analysis.values.tolist(),
                  "registries": "numba.np.random.generator_methods" in sys.modules,
                  "loader": Cache.load_overload.__qualname__}))
"""


@pytest.mark.slow  # (compiles the kernels into an empty cache: ~15 s)
def test_a_kernel_from_the_cache_loads_lean(tmp_path: object) -> None:
    """The command line's lean start (``lean_start=True``): the first run compiles the kernel into
    an empty numba cache, the second loads it from there without numba's full registries (its
    random-number implementations stay unloaded); both give the brute force's values, and
    numba's own loader is back after the table."""
    import json
    import os

    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    want = brute_octal((0, 1, 6), 700)
    runs = [json.loads(subprocess.run([sys.executable, "-c", LEAN, "octal(0.16)", "700"], capture_output=True,
                                      text=True, env=env, check=True, timeout=600).stdout)
            for _ in range(2)]
    for run in runs:
        assert run["values"] == want
        assert run["loader"] == "Cache.load_overload"
    assert not runs[1]["registries"]


OWN = r"""
import atexit, os, sys
atexit.register(lambda: print(os.environ.get("OPENBLAS_NUM_THREADS")))
args = ["table", "octal(0.6)", "--upto", "40", "--json"]
from grundy.cli.app import main
if sys.argv[1] == "own":
    sys.argv = ["grundy", *args]
    main()  # (the console script: its own process)
main(args)  # (called as a function)
"""


def test_the_table_command_starts_one_blas_thread() -> None:
    """In its own process (the console script), ``grundy table`` asks numpy's BLAS for one
    thread, unless the caller chose a number; called as a function, it changes no variable."""
    import json
    import os

    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}

    def run(how: str, **extra: str) -> tuple[list[int], str]:
        out = subprocess.run([sys.executable, "-c", OWN, how], capture_output=True, text=True,
                             env={**env, **extra}, check=True, timeout=120).stdout
        table, threads = out.strip().rsplit("\n", 1)
        return json.loads(table)["values"], threads

    assert run("own") == (brute_octal((0, 6), 40), "1")
    assert run("own", OPENBLAS_NUM_THREADS="2")[1] == "2"
    assert run("function") == (brute_octal((0, 6), 40), "None")


def _numpy_route(monkeypatch: pytest.MonkeyPatch) -> None:
    """``analyze`` as before the plain-Python route for a whole short table: numpy's."""
    from grundy.tables import analysis

    plain = analysis._proved_period_analysis

    def proved_only(game: object, upto: int, t0: float, saltus_allowed: bool = True) -> object:
        found = plain(game, upto, t0, saltus_allowed)  # type: ignore[arg-type]
        return found if found is not None and not found.whole else None

    monkeypatch.setattr(analysis, "_proved_period_analysis", proved_only)


def _seen(table: object) -> dict[str, object]:
    data = table.to_json()  # type: ignore[attr-defined]
    data.pop("seconds")
    data.pop("method")
    return {**data, "text": [line for line in table.text_lines() if "computed in" not in line]}  # type: ignore[attr-defined]


def _summary(table: object) -> dict[str, object]:
    data = table.to_json(summary=True)  # type: ignore[attr-defined]
    data.pop("seconds")
    data.pop("method")
    return data


def test_a_short_table_in_plain_python_reads_as_with_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Up to 512 values, an octal or subtraction table whose period is not proved within them is
    computed and analysed as a list (no numpy): its values, period (proved or observed), rare
    values, frequencies, patterns and text are those of the numpy route, and its values those
    of a brute force."""
    import random

    from grundy.catalog import load_game
    from grundy.reports.heap_tables import heap_table

    rng = random.Random(3)
    cases = [("octal(0.6)", (0, 6), 100), ("octal(0.6)", (0, 6), 511), ("kayles", (0, 7, 7), 100),
             ("octal(0.16)", (0, 1, 6), 300), ("octal(0.6)", (0, 6), 0), ("octal(0.6)", (0, 6), 1),
             ("octal(0.007)", (0, 0, 0, 7), 60), ("octal(0.3)", (0, 3), 100)]
    for _ in range(20):
        digits = (0, *(rng.randrange(8) for _ in range(rng.randint(1, 3))))
        if any(digits):
            code = "".join(map(str, digits[1:]))
            cases.append((f"octal(0.{code})", digits, rng.choice([2, 33, 100, 257, 511])))
    listed = []
    for spec, digits, upto in cases:
        table = heap_table(load_game(spec), upto)
        assert table.analysis.first(upto + 1) == brute_octal(digits, upto), spec
        summary = heap_table(load_game(spec), upto, summary=True)
        listed.append((table.analysis.method, _seen(table), _summary(summary)))
    assert sum(method == "python" for method, _, _ in listed) >= 10
    _numpy_route(monkeypatch)
    for (spec, _, upto), (_, seen, summary) in zip(cases, listed, strict=True):
        table = heap_table(load_game(spec), upto)
        assert table.analysis.method != "python"
        assert _seen(table) == seen, spec
        assert _summary(heap_table(load_game(spec), upto, summary=True)) == summary, spec
    assert "frequencies" not in listed[7][2]  # (0.3: its period proved in the head, a lean summary)
