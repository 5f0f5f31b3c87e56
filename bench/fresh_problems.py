"""Fresh judge problems (tests/contest/test_fresh_problems.py) at their full constraints, each by the
route its test takes, one process per route: wall and CPU seconds (user + system of the child) and
peak memory (GNU ``/usr/bin/time``, needed). The inputs are made here, seeded:

- HDU 1404 "Digital Deletions": ``999999`` and 1,000 random strings of 1..6 digits, one a line:
  ``grundy --rules R solve NAME --input lines IN --limit 200000000`` (a game on strings);
- HDU 5724 "Chess": 10 cases of 1,000 random rows of the 1 x 20 board, each a bit mask (the
  user's part): ``solve --input cases`` of a heap game of one's own;
- POJ 3537 "Crosses and Crosses": n = 1..2000, one a line: the C++ program of
  ``export 'octal(0.11337)' --main --input lines``;
- HDU 4664 "Triangulation": 100 cases of 1,000 planes of up to 10^9 points: the C++ program of
  ``export dawson-kayles --main --input cases``;
- CF 850C "Arpa and a game with Mojtaba": 100 numbers 2^e·3^f <= 10^9 as their primes' exponent
  masks: ``solve --input counted`` of a game on one number (``arity=1``);
- CF 305E "Playing with String": random strings of 5,000 letters a/b, as their runs: the C++ and
  Python programs of ``export dawsons-chess --main --input lines --winning-moves``.

Run: ``prlimit --as=8000000000 python bench/fresh_problems.py``.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RULES = '''
import grundy

@grundy.game("bench-deletions", parse=str, format=str)
def deletions(s):
    out = [s[:i] + str(d) + s[i + 1:] for i, c in enumerate(s) for d in range(int(c))]
    out += [s[:i] or () for i, c in enumerate(s) if c == "0"]
    return out

@grundy.heap_game("bench-chess")
def chess(mask):
    out = []
    for b in range(1, 20):
        if mask >> b & 1:
            e = b - 1
            while e >= 0 and mask >> e & 1:
                e -= 1
            if e >= 0:
                out.append(mask ^ (1 << b) ^ (1 << e))
    return out

@grundy.game("bench-arpa", arity=1)
def arpa(position):
    (mask,) = position
    return [(((mask >> k) | (mask & ((1 << k) - 1))) & ~1,) for k in range(1, mask.bit_length())]
'''


def run(argv: list[str], stdin: Path) -> tuple[float, float, int, int]:
    """Wall seconds, CPU seconds of the child, its peak memory (KB) and its exit status."""
    start = time.perf_counter()
    with stdin.open("rb") as given, tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(["/usr/bin/time", "-f", "%M", *argv], stdin=given, stdout=out,
                                 stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        err.seek(0)
        peak = int(err.read().decode().split()[-1])
    return wall, usage.ru_utime + usage.ru_stime, peak, os.waitstatus_to_exitcode(status)


def inputs(rng: random.Random) -> dict[str, str]:
    strings = ["999999"] + ["".join(rng.choice("0123456789") for _ in range(rng.randint(1, 6)))
                            for _ in range(1000)]
    chess = "10\n" + "".join("1000\n" + " ".join(str(rng.getrandbits(20)) for _ in range(1000)) + "\n"
                             for _ in range(10))
    crosses = "".join(f"{n}\n" for n in range(1, 2001))
    planes = "100\n" + "".join("1000\n" + " ".join(str(rng.randint(1, 10**9)) for _ in range(1000))
                               + "\n" for _ in range(100))
    masks: dict[int, int] = {2: 0, 3: 0}
    for _ in range(100):
        e, f = rng.randint(0, 29), rng.randint(0, 18)
        if 2**e * 3**f <= 10**9:
            masks[2] |= (1 << e) & ~1
            masks[3] |= (1 << f) & ~1
    arpa = f"2\n{masks[2]} {masks[3]}\n"
    lines = []
    for _ in range(20):
        s = "".join(rng.choice("ab") for _ in range(5000))
        runs: list[list[int]] = []
        for i in range(2, len(s)):
            if s[i - 2] == s[i]:
                if runs and runs[-1][0] + runs[-1][1] == i:
                    runs[-1][1] += 1
                else:
                    runs.append([i, 1])
        lines.append(" ".join(str(length) for _, length in runs) or "0")
    return {"1404": "\n".join(strings) + "\n", "5724": chess, "3537": crosses, "4664": planes,
            "850c": arpa, "305e": "\n".join([*lines, "4998"]) + "\n"}


def main() -> None:
    if shutil.which("g++") is None or not Path("/usr/bin/time").exists():
        sys.exit("needs g++ and GNU /usr/bin/time")
    work = Path(tempfile.mkdtemp())
    (work / "rules.py").write_text(RULES)
    for name, text in inputs(random.Random(2026)).items():
        (work / f"{name}.in").write_text(text)
    grundy = [sys.executable, "-m", "grundy", "--rules", str(work / "rules.py")]

    def export(path: str, *argv: str) -> list[str]:
        source = subprocess.run([*grundy, "export", *argv], capture_output=True, text=True, check=True)
        if path.endswith(".py"):
            (work / path).write_text(source.stdout)
            return [sys.executable, str(work / path)]
        (work / f"{path}.cpp").write_text(source.stdout)
        subprocess.run(["g++", "-O2", "-o", str(work / path), str(work / f"{path}.cpp")], check=True)
        return [str(work / path)]

    routes = [
        ("HDU 1404 solve --input lines", "1404",
         [*grundy, "solve", "bench-deletions", "--input", "lines", "-", "--limit", "200000000"]),
        ("HDU 5724 solve --input cases", "5724",
         [*grundy, "solve", "bench-chess", "--input", "cases", "-", "--limit", "100000000"]),
        ("POJ 3537 C++ program", "3537", export("crosses", "octal(0.11337)", "--main", "--input", "lines")),
        ("HDU 4664 C++ program", "4664", export("planes", "dawson-kayles", "--main", "--input", "cases")),
        ("CF 850C solve --input counted", "850c",
         [*grundy, "solve", "bench-arpa", "--input", "counted", "-"]),
        ("CF 305E C++ program", "305e",
         export("cuts", "dawsons-chess", "--main", "--input", "lines", "--winning-moves")),
        ("CF 305E Python program", "305e",
         export("cuts.py", "dawsons-chess", "--main", "--input", "lines", "--winning-moves",
                "--lang", "python")),
    ]
    print(f"load: {os.getloadavg()[0]:.2f}")
    for title, name, argv in routes:
        wall, cpu, peak, status = run(argv, work / f"{name}.in")
        print(f"{title:34} wall {wall:7.2f} s  cpu {cpu:7.2f} s  peak {peak / 1024:6.0f} MB  exit {status}")


if __name__ == "__main__":
    main()
