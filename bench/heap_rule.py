"""CF 1537D "Deleting Divisors" (tests/contest/test_heaprule_problems.py) at its full constraints:
10^4 cases n <= 10^9, a heap game of one's own answered past its table by the conjectured rule for
its P-positions. One process per route: wall and CPU seconds (user + system of the child) and peak
memory (GNU ``/usr/bin/time``, needed). The input is made here, seeded: a quarter each of uniform
n in 1..10^9, log-uniform n, n in 16,384..1.6·10^7 (where solve used to build the table up to the
heap) and powers of two times 1, 3, 5 or 7.

- ``grundy --rules R solve hr-deleting --input single --conjecture``;
- the program of ``grundy --rules R export hr-deleting --conjecture --main --input single --lang
  python`` (the C++ program cannot check the rule: error lines past heap 16,383).

The two must print the same lines (checked here). Run: ``prlimit --as=8000000000 python
bench/heap_rule.py``.
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
from math import isqrt


@grundy.heap_game("hr-deleting")
def hr_deleting(n):
    """CF 1537D: subtract a divisor d of n, 1 < d < n"""
    divisors = set()
    for d in range(1, isqrt(n) + 1):
        if n % d == 0:
            divisors |= {d, n // d}
    return [n - d for d in divisors if 1 < d < n]
'''


def judge_input(rng: random.Random, cases: int = 10_000) -> str:
    ns = []
    for i in range(cases):
        kind = i % 4
        n = (rng.randint(1, 10**9) if kind == 0 else int(10 ** rng.uniform(0, 9)) if kind == 1
             else rng.randint(16_384, 16 * 10**6) if kind == 2
             else (1 << rng.randint(0, 29)) * rng.choice([1, 1, 3, 5, 7]))
        ns.append(max(1, min(n, 10**9)))
    return f"{len(ns)}\n" + "".join(f"{n}\n" for n in ns)


def main() -> None:
    if not Path("/usr/bin/time").exists():
        sys.exit("needs GNU /usr/bin/time")
    work = Path(tempfile.mkdtemp())
    rules = work / "rules.py"
    rules.write_text(RULES)
    (work / "1537.in").write_text(judge_input(random.Random(15370)))
    grundy = [sys.executable, "-m", "grundy", "--rules", str(rules)]
    source = subprocess.run([*grundy, "export", "hr-deleting", "--conjecture", "--main", "--input",
                             "single", "--lang", "python"], capture_output=True, text=True, check=True)
    (work / "program.py").write_text(source.stdout)
    routes = [("CF 1537D solve --input", [*grundy, "solve", "hr-deleting", "--input", "single",
                                          "--conjecture", "-"]),
              ("CF 1537D Python program", [sys.executable, str(work / "program.py")])]
    print(f"load: {os.getloadavg()[0]:.2f}")
    outputs = []
    for title, argv in routes:
        wall, cpu, peak, status = run(argv, work / "1537.in")
        print(f"{title:28} wall {wall:7.2f} s  cpu {cpu:7.2f} s  peak {peak / 1024:6.0f} MB  exit {status}")
        done = subprocess.run(argv, stdin=(work / "1537.in").open(), capture_output=True, text=True)
        outputs.append(done.stdout)
    differ = [(i, a, b) for i, (a, b) in enumerate(zip(*(o.splitlines() for o in outputs), strict=True))
              if a != b]
    print("same lines" if not differ and outputs[0] == outputs[1] else f"THE LINES DIFFER: {differ[:3]}")


if __name__ == "__main__":
    main()
