"""Judge problems whose answer is every winning move of Nim, at their full constraints: HDU 2176
(cases of up to 2·10⁵ heaps, ended by 0; here 5 cases of 2·10⁵ heaps below 10⁹) and Luogu P1247
(one case of 5·10⁵ heaps below 10⁹). Each input answered four ways, each its own process,
interleaved, in the same session:

- ``solve``: ``grundy solve nim --input LAYOUT --winning-moves IN``;
- ``python``: the program ``grundy export nim --lang python --main --input LAYOUT --winning-moves``;
- ``cpp``: the same in C++ (g++ -O2);
- ``hand``: the few lines a contestant writes (XOR, then every heap with ``h ^ x < h``).

Every way prints the same lines (checked); the benchmark prints the median wall and CPU time
(user + system of the child) and the peak memory of each (GNU ``/usr/bin/time``, needed).

Run: ``prlimit --as=8000000000 python bench/judge_moves.py [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HAND = '''
import sys
def main():
    words = sys.stdin.buffer.read().split()
    at, out = 0, []
    layout = sys.argv[1]
    while at < len(words):
        m = int(words[at]); at += 1
        if m == 0 and layout == "repeated":
            break
        heaps = list(map(int, words[at:at + m])); at += m
        x = 0
        for h in heaps:
            x ^= h
        moves = [(i, h, h ^ x) for i, h in enumerate(heaps, 1) if (h ^ x) < h] if x else []
        out.append(f"{x} {'N' if x else 'P'} {len(moves)}")
        out.extend(f"{i} {h} {t}" for i, h, t in moves)
        if layout == "counted":
            break
    sys.stdout.write("\\n".join(out) + "\\n")
main()
'''


def run(argv: list[str], stdin: Path) -> tuple[float, float, int, bytes]:
    """Wall seconds, CPU seconds of the child, its peak memory (KB: GNU time's maximum resident set,
    which counts the command alone) and its output."""
    start = time.perf_counter()
    with stdin.open("rb") as given, tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(["/usr/bin/time", "-f", "%M", *argv], stdin=given, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0, argv
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        peak = int(err.read().split()[-1])
        return wall, usage.ru_utime + usage.ru_stime, peak, out.read()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="judge-moves-"))
    rng = random.Random(2176)

    def case(m: int) -> str:
        return f"{m}\n{' '.join(str(rng.randint(1, 10**9)) for _ in range(m))}\n"

    (folder / "hdu2176.in").write_text("".join(case(200000) for _ in range(5)) + "0\n")
    (folder / "p1247.in").write_text(case(500000))  # (no text kept: a child's peak counts its parent's)
    grundy = [sys.executable, "-m", "grundy"]
    for name, layout in {"hdu2176": "repeated", "p1247": "counted"}.items():
        path = folder / f"{name}.in"
        export = [*grundy, "export", "nim", "--main", "--input", layout, "--winning-moves"]
        python_source = folder / f"{name}.py"
        python_source.write_bytes(subprocess.run([*export, "--lang", "python"], capture_output=True,
                                                 check=True).stdout)
        (folder / "hand.py").write_text(HAND)
        ways = {"solve": [*grundy, "solve", "nim", "--input", layout, "--winning-moves", str(path)],
                "python": [sys.executable, "-S", str(python_source)],
                "hand": [sys.executable, "-S", str(folder / "hand.py"), layout]}
        if shutil.which("g++"):
            cpp = folder / f"{name}.cpp"
            made = subprocess.run([*export, "--lang", "cpp"], capture_output=True, check=True)
            cpp.write_bytes(made.stdout)
            subprocess.run(["g++", "-std=c++17", "-O2", "-o", str(folder / name), str(cpp)], check=True)
            ways["cpp"] = [str(folder / name)]
        times: dict[str, list[tuple[float, float, int]]] = {way: [] for way in ways}
        outputs = set()
        for _ in range(options.repeat):
            for way, argv in ways.items():
                wall, cpu, peak, out = run(argv, path)
                times[way].append((wall, cpu, peak))
                outputs.add(out)
        assert len(outputs) == 1, f"{name}: the ways disagree"
        for way, runs in times.items():
            wall, cpu = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
            print(f"{name:8} {way:7} wall {wall:6.2f} s  cpu {cpu:6.2f} s  "
                  f"peak {max(r[2] for r in runs) // 1024} MB")


if __name__ == "__main__":
    main()
