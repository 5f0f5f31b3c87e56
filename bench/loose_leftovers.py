"""Last round's leftovers, one process per route: wall and CPU seconds (user + system of the child)
and peak memory (GNU ``/usr/bin/time``, needed). The inputs are made here, seeded:

- HDU 5754's knight (a loopy game of one's own): 1,000 ``--batch`` lines at 1000 x 1000, text and
  ``--json`` (each JSON line's reason counts the positions its position reaches:
  tests/engine/test_loopy_reach_arrays.py);
- POJ 2068 "Nim" (misère, a game of one's own): ``solve --input lines --misere --limit 10000000``
  on 3 lines with n = 10, S = 8192 and random maxima (bench/own_misere_export.py's first three;
  tests/define/test_own_misere_search_work.py);
- ``solve nim --input cases`` on 400,000 cases (12.7 MB), read in pieces as it is answered
  (tests/cli/test_input_stream_plain.py): its peak memory.

Run: ``prlimit --as=8000000000 python bench/loose_leftovers.py``.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

from fresh_problems import run

RULES = '''
import grundy


@grundy.game("bench-knight", arity=2)
def knight(p):
    a, b = p
    out = [(a - i, b - j) for i, j in ((2, 1), (1, 2)) if i <= a and j <= b]
    return out or ([p] if p != (0, 0) else [])


@grundy.game("bench-team")
def team(position):
    n, s, first, *rest = position
    return [(n, s - k, *rest, first) for k in range(1, min(first, s) + 1)]
'''


def inputs() -> dict[str, str]:
    rng = random.Random(57540)
    knight = "".join(f"{rng.randint(1, 1000)} {rng.randint(1, 1000)}\n" for _ in range(1000))
    rng = random.Random(2068)  # (as bench/own_misere_export.py makes them)
    team = "".join("10 8192 " + " ".join(str(rng.randint(1, 16)) for _ in range(20)) + "\n"
                   for _ in range(20))
    rng = random.Random(3)
    cases = ["400000\n"]
    for _ in range(400_000):
        k = rng.randrange(1, 6)
        cases.append(f"{k} " + " ".join(str(rng.randrange(10**9)) for _ in range(k)) + "\n")
    return {"knight": knight, "2068-3": "".join(team.splitlines(keepends=True)[:3]),
            "nim": "".join(cases)}


def main() -> None:
    if not Path("/usr/bin/time").exists():
        sys.exit("needs GNU /usr/bin/time")
    work = Path(tempfile.mkdtemp())
    (work / "rules.py").write_text(RULES)
    for name, text in inputs().items():
        (work / f"{name}.in").write_text(text)
    grundy = [sys.executable, "-m", "grundy", "--rules", str(work / "rules.py"), "solve"]
    routes = [
        ("knight, 1,000 batch lines (text)", "knight", [*grundy, "bench-knight", "--batch", "-"]),
        ("knight, 1,000 batch lines (--json)", "knight", [*grundy, "bench-knight", "--batch", "-", "--json"]),
        ("POJ 2068 solve --input, 3 lines", "2068-3",
         [*grundy, "bench-team", "--input", "lines", "--misere", "-", "--limit", "10000000"]),
        ("nim --input cases, 400,000 cases", "nim", [*grundy, "nim", "--input", "cases", "-"]),
    ]
    print(f"load: {os.getloadavg()[0]:.2f}")
    for title, name, argv in routes:
        wall, cpu, peak, status = run(argv, work / f"{name}.in")
        print(f"{title:38} wall {wall:7.2f} s  cpu {cpu:7.2f} s  peak {peak / 1024:6.0f} MB  exit {status}")


if __name__ == "__main__":
    main()
