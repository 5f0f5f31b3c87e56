"""Exported programs of games of one's own in misère play and on tuples of any length
(tests/export/test_export_own_tuples_misere.py) at the judges' full constraints, one process per
route: wall and CPU seconds (user + system of the child) and peak memory (GNU ``/usr/bin/time``,
needed). The inputs are made here, seeded:

- POJ 2068 "Nim" (lines ``n S M1..M2n``; misère): 20 lines with n = 10, S = 8192 (2^13) and each
  ``Mi`` random in 1..16, by the program of ``export OWN --misere --main --limit 4000000``, and by
  ``solve --input lines --misere --limit 10000000`` on the first 3 of them; the line whose 20
  rotations of the maxima all differ (``16`` nineteen times, then ``15``: 2.6 million options),
  by that program and by the program of the default bound (2,000,000 options: an error line);
- HDU 5724 "Chess" (rows ``m p1..pm`` of a 1 x 20 board, ``--params sum``): 10 cases of 1,000
  random rows, by the program of ``export OWN --main --input cases --params sum --limit 10^8``
  (classic_problems.py measures ``solve --input`` on the same input).

Run: ``prlimit --as=8000000000 python bench/own_misere_export.py``.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from fresh_problems import run

RULES = '''
import grundy


@grundy.game("bench-team")
def team(position):
    n, s, first, *rest = position
    return [(n, s - k, *rest, first) for k in range(1, min(first, s) + 1)]


@grundy.game("bench-chess-row")
def row(cells):
    occupied = set(cells)
    out = []
    for c in cells:
        to = c + 1
        while to in occupied:
            to += 1
        if to <= 20:
            out.append(tuple(sorted((occupied - {c}) | {to})))
    return out
'''


def inputs(rng: random.Random) -> dict[str, str]:
    team = "".join("10 8192 " + " ".join(str(rng.randint(1, 16)) for _ in range(20)) + "\n"
                   for _ in range(20))
    rows = "10\n" + "".join(
        "1000\n" + "".join(f"{len(r)} {' '.join(map(str, r))}\n"
                           for r in (rng.sample(range(1, 21), rng.randint(1, 20)) for _ in range(1000)))
        for _ in range(10))
    return {"2068": team, "2068-3": "".join(team.splitlines(keepends=True)[:3]),
            "2068-worst": "10 8192 " + "16 " * 19 + "15\n", "5724": rows}


def main() -> None:
    if not Path("/usr/bin/time").exists():
        sys.exit("needs GNU /usr/bin/time")
    work = Path(tempfile.mkdtemp())
    (work / "rules.py").write_text(RULES)
    for name, text in inputs(random.Random(2068)).items():
        (work / f"{name}.in").write_text(text)
    grundy = [sys.executable, "-m", "grundy", "--rules", str(work / "rules.py")]

    def export(path: str, *argv: str) -> list[str]:
        source = subprocess.run([*grundy, "export", *argv, "--lang", "python"], capture_output=True,
                                text=True, check=True)
        (work / path).write_text(source.stdout)
        return [sys.executable, "-S", str(work / path)]

    team = export("team.py", "bench-team", "--main", "--misere", "--limit", "4000000")
    routes = [
        ("POJ 2068 program, 20 lines", "2068", team),
        ("POJ 2068 solve --input, 3 lines", "2068-3",
         [*grundy, "solve", "bench-team", "--input", "lines", "--misere", "-", "--limit", "10000000"]),
        ("POJ 2068 program, 3 lines", "2068-3", team),
        ("POJ 2068 program, worst line", "2068-worst", team),
        ("POJ 2068 default bound, worst line", "2068-worst",
         export("team-default.py", "bench-team", "--main", "--misere")),
        ("HDU 5724 program (rows)", "5724",
         export("rows.py", "bench-chess-row", "--main", "--input", "cases", "--params", "sum",
                "--limit", "100000000")),
    ]
    print(f"load: {os.getloadavg()[0]:.2f}")
    for title, name, argv in routes:
        wall, cpu, peak, status = run(argv, work / f"{name}.in")
        print(f"{title:36} wall {wall:7.2f} s  cpu {cpu:7.2f} s  peak {peak / 1024:6.0f} MB  exit {status}")


if __name__ == "__main__":
    main()
