"""Codeforces 2004E "Not a Nim Problem" at its full constraints (``t`` cases, ``sum n = 3·10^5``
piles up to 10^7), by the programs ``grundy --rules FILE export coprime --main --input cases
--conjecture --unchecked`` writes (C++ and Python), which answer by the pattern of the least prime
factor past the table: wall and CPU seconds (user + system of the child) and peak memory
(GNU ``/usr/bin/time``, needed). Inputs made here, seeded:

- ``random``: 10,000 cases of 30 piles, each uniform in 1..10^7;
- ``high``: one case of 3·10^5 piles in 9·10^6..10^7 (the sieve grows once or twice);
- ``one``: one pile, 10^7 (the cost of the sieve alone, as a baseline of the same program).

Before this pattern, the exported program listed the options of each pile (memoised mex, or the
local check of ``--conjecture``), millions at 10^7, and printed an error line: there is no
baseline that answers. Run: ``prlimit --as=8000000000 nice -n 5 python bench/cf2004e.py``.

``--check N`` (N = 100000 took 1,633 s at load ~10 on 2 cores): first compare the C++ program's
value of every pile 1..N (past its table of 1,000 heaps, by the pattern) with a plain mex written
here from the statement (``G(x) = mex{G(z) : z < x, gcd(x, z) = 1}``: ``y = x - z`` and
``gcd(x, y) = gcd(x, z)``), in numpy.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from fresh_problems import run

RULES = '''
from math import gcd
import grundy

@grundy.heap_game("coprime")
def coprime(x):
    """take y stones from a pile of x, gcd(x, y) = 1"""
    return [x - y for y in range(1, x + 1) if gcd(x, y) == 1]
'''


def inputs(rng: random.Random) -> dict[str, str]:
    """The judge-sized inputs."""
    cases = [[rng.randint(1, 10**7) for _ in range(30)] for _ in range(10_000)]
    random_text = f"{len(cases)}\n" + "".join(f"30\n{' '.join(map(str, c))}\n" for c in cases)
    high = [rng.randint(9 * 10**6, 10**7) for _ in range(300_000)]
    return {"random": random_text, "high": f"1\n{len(high)}\n{' '.join(map(str, high))}\n",
            "one": "1\n1\n10000000\n"}


def check(program: list[str], upto: int) -> None:
    """The program's value of each pile 1..upto against the plain mex (prints the mismatches)."""
    import numpy as np

    g = np.zeros(upto + 1, dtype=np.int64)
    for x in range(1, upto + 1):
        z = np.arange(x)
        seen = np.zeros(x + 2, dtype=bool)
        seen[g[z[np.gcd(x, z) == 1]]] = True
        g[x] = int(np.argmin(seen))
    text = f"{upto}\n" + "".join(f"1\n{x}\n" for x in range(1, upto + 1))
    lines = subprocess.run(program, input=text, capture_output=True, text=True, check=True).stdout.split("\n")
    bad = [x for x in range(1, upto + 1) if int(lines[x - 1].split()[0]) != g[x]]
    print(f"piles 1..{upto}: {len(bad)} values differ from the plain mex {bad[:5]}", flush=True)


def main() -> None:
    """Export, compile, (--check N) compare, run each input, print one line per program and input."""
    folder = Path(tempfile.mkdtemp())
    (folder / "coprime.py").write_text(RULES)
    programs: dict[str, list[str]] = {}
    for lang in ("cpp", "python"):
        rules = str(folder / "coprime.py")
        argv = ["--rules", rules, "export", "coprime", "--main", "--input", "cases", "--lang", lang,
                "--conjecture", "--unchecked"]
        done = subprocess.run([sys.executable, "-m", "grundy", *argv], capture_output=True, text=True,
                              check=True)
        source = folder / ("p.cpp" if lang == "cpp" else "p.py")
        source.write_text(done.stdout)
        if lang == "cpp":
            subprocess.run([shutil.which("g++") or "g++", "-std=c++17", "-O2", "-o", str(folder / "p"),
                            str(source)], check=True)
            programs[lang] = [str(folder / "p")]
        else:
            programs[lang] = [sys.executable, "-S", str(source)]
    if "--check" in sys.argv:
        check(programs["cpp"], int(sys.argv[sys.argv.index("--check") + 1]))
    outputs: dict[str, bytes] = {}
    for name, text in inputs(random.Random(2004)).items():
        stdin = folder / f"{name}.in"
        stdin.write_text(text)
        for lang, argv in programs.items():
            wall, cpu, peak, status = run(argv, stdin)
            out = subprocess.run(argv, stdin=stdin.open("rb"), capture_output=True).stdout
            same = outputs.setdefault(name, out) == out
            print(f"{name:7} {lang:6} wall {wall:6.2f} s  cpu {cpu:6.2f} s  peak {peak / 1024:6.0f} MB  "
                  f"exit {status}  {'same lines' if same else 'DIFFERENT LINES'}", flush=True)


if __name__ == "__main__":
    main()
