"""HDU 3094 at full size through the exported Green Hackenbush programs: many trees in one input,
each ``n`` then its ``n - 1`` edges, read two ways, C++ and Python, each run its own process,
interleaved, in the same session; all must print the same answers.

- ``ground``: ``green-hackenbush(T,ground=1) --input cases`` on the judge's input as it stands;
- ``rooted``: ``green-hackenbush(T) --input single --params each`` on the same trees, each
  followed by its ground ``1`` (what a user had to write before the ground could be fixed).

With ``--solve``, also ``grundy solve 'green-hackenbush(T,ground=1)' --input cases`` (grundy's
own games and engine, reading the input in pieces too: one tree held at a time) on the first
input, whose answers must agree.

Prints the median wall and CPU time (user + system) and the peak memory (``/usr/bin/time``) of
each program: the Python programs read their input in pieces as they answer, so their peak is
about one tree's, not the whole input's words.

Run: ``prlimit --as=8000000000 python bench/tree_inputs.py [--trees 100] [--n 100000] [--repeat 1]
[--solve]``
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
from pathlib import Path

from grundy.reports.export_policy import export_family

WAYS = {"ground": ("green-hackenbush(T,ground=1)", "cases", "each"),
        "rooted": ("green-hackenbush(T)", "single", "each")}


def inputs(folder: Path, trees: int, n: int) -> dict[str, Path]:
    """The same random trees (a parent among the 50 vertices before), with and without grounds."""
    rng = random.Random(3094)
    plain, rooted = folder / "plain.txt", folder / "rooted.txt"
    with plain.open("w") as a, rooted.open("w") as b:
        a.write(f"{trees}\n")
        b.write(f"{trees}\n")
        for _ in range(trees):
            text = f"{n}\n" + "".join(f"{rng.randint(max(1, v - 50), v - 1)} {v}\n" for v in range(2, n + 1))
            a.write(text)
            b.write(text + "1\n")
    return {"ground": plain, "rooted": rooted}


def programs(folder: Path, solve: bool) -> dict[tuple[str, str], list[str]]:
    out = {}
    if solve:
        spec, layout, where = WAYS["ground"]
        out["ground", "solve"] = [sys.executable, "-m", "grundy", "solve", spec, "--input", layout,
                                  "--params", where, "-"]
    for way, (spec, layout, where) in WAYS.items():
        python = folder / f"{way}.py"
        python.write_text(export_family(spec, lang="python", main=True, input_format=layout, where=where))
        out[way, "python"] = [sys.executable, "-S", str(python)]
        if shutil.which("g++"):
            source = folder / f"{way}.cpp"
            source.write_text(export_family(spec, lang="cpp", main=True, input_format=layout, where=where))
            subprocess.run(["g++", "-std=c++17", "-O2", "-o", str(folder / way), str(source)], check=True)
            out[way, "cpp"] = [str(folder / way)]
    return out


def run(command: list[str], stdin: Path) -> tuple[float, float, int, bytes]:
    """Wall and CPU seconds, peak memory (KB) and output of one run, as /usr/bin/time measures them."""
    with stdin.open("rb") as feed:
        done = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", *command], stdin=feed,
                              capture_output=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} failed on {stdin.name}: {done.stderr.decode()[-500:]}")
    wall, user, system, memory = done.stderr.decode().split()[-4:]
    return float(wall), float(user) + float(system), int(memory), done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=int, default=100)
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--solve", action="store_true", help="also grundy solve --input (slow)")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        files, commands = inputs(folder, args.trees, args.n), programs(folder, args.solve)
        size = files["ground"].stat().st_size / 1e6
        print(f"input: {size:.0f} MB ({args.trees} trees of {args.n} vertices)")
        runs: dict[tuple[str, str], list[tuple[float, float, int]]] = {}
        outputs = set()
        for _ in range(args.repeat):
            for (way, lang), command in commands.items():
                wall, cpu, memory, output = run(command, files[way])
                outputs.add(output)
                runs.setdefault((way, lang), []).append((wall, cpu, memory))
        assert len(outputs) == 1, "the programs disagree"
        for (way, lang), times in runs.items():
            print(f"{way:7} {lang:7} wall {statistics.median(t[0] for t in times):6.2f} s  "
                  f"cpu {statistics.median(t[1] for t in times):6.2f} s  "
                  f"peak {max(t[2] for t in times) / 1024:7.1f} MB")
    print(f"load: {os.getloadavg()}")


if __name__ == "__main__":
    main()
