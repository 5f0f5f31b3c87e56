"""``grundy export GAME --outcome --lang python --main`` of a game of one's own (who wins alone, by
a search that stops at a position's first P-option) against the values program (``export GAME
--lang python --main``: the mex over every position reachable), on AtCoder ABC 354 E "Remove
Pairs" at the judge's full size: one deck of N = 18 cards a judge's input (``N``, then ``N`` lines
``A_i B_i``), reshaped by the user into one row ``a1 b1 a2 b2 ...`` (a line, ``--input lines``), as
tests/export/test_own_outcome_programs.py does. One process per deck and route: CPU seconds (user
+ system of the child) and peak memory (GNU ``/usr/bin/time``, needed), two rounds, the routes
interleaved; the answers of the routes compared.

The decks (hardest first: many equal fronts or backs): three found by scanning 460 random decks of
two to four values for the slowest (for either program), five built (fronts all different and backs
from two values; fronts from three values and backs all different; fronts from two values and
backs from three, every pair of values three times; ...), and four seeded random decks of two or
three values. The values program's default bound (2,000,000 options listed for one input) refuses
some of them (an error line): it is run as exported, and with ``--limit 100000000``.

With ``--misere`` the outcome program stops at a sum's first losing option, where the misère
program searches every option: POJ 2068 "Nim" (lines ``n S M1..M2n``; whoever takes the last stone
loses; as bench/own_misere_export.py), five random lines of n = 10, S = 8192, Mi <= 16 and the
line whose 20 rotations of the maxima all differ, both programs with ``--limit 4000000``, one run
each.

Run: ``prlimit --as=6000000000 nice -n 5 python bench/own_outcome_export.py``.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

RULES = '''
import grundy


@grundy.game("bench-remove-pairs")
def remove_pairs(cards):
    """ABC 354 E: the cards as one row a1 b1 a2 b2 ...; remove two cards whose fronts or backs are equal"""
    out = []
    for i in range(0, len(cards), 2):
        for j in range(i + 2, len(cards), 2):
            if cards[i] == cards[j] or cards[i + 1] == cards[j + 1]:
                out.append(cards[:i] + cards[i + 2:j] + cards[j + 2:])
    return out


@grundy.game("bench-team")
def team(position):
    """POJ 2068: the player to move takes 1..M1 of S; then M2 is to move"""
    n, s, first, *rest = position
    return [(n, s - k, *rest, first) for k in range(1, min(first, s) + 1)]
'''

FOUND = {"scan-1": "3 1 3 3 3 2 1 3 3 1 2 3 3 2 3 3 2 1 3 2 1 1 1 2 1 1 2 2 3 1 2 3 2 1 1 3",
         "scan-2": "1 3 3 2 3 3 2 3 3 1 3 1 2 1 1 1 1 3 2 1 1 1 2 1 3 1 1 3 1 2 3 3 1 3 3 2",
         "scan-3": "1 3 1 3 2 1 1 4 2 4 2 2 2 1 1 3 2 2 1 3 2 1 1 4 2 4 2 4 1 2 2 3 1 1 1 4"}
"""Decks of 18 cards a seeded scan of random ones found slowest (for the values program, for the
outcome program)."""


def decks(rng: random.Random) -> dict[str, list[int]]:
    """The decks, each as the row the user writes (fronts and backs alternating)."""
    out = {name: [int(w) for w in row.split()] for name, row in FOUND.items()}
    built = {"distinct-fronts": lambda i: (i + 1, i % 2 + 1),
             "distinct-backs": lambda i: (i % 3 + 1, i + 1),
             "2x3-values": lambda i: (i % 2 + 1, i // 2 % 3 + 1),
             "3x3-values": lambda i: (i % 3 + 1, i // 3 % 3 + 1),
             "2x5-values": lambda i: (i % 2 + 1, i * 7 % 5 + 1)}
    for name, card in built.items():
        out[name] = [x for i in range(18) for x in card(i)]
    for number in range(4):
        k = 2 + number % 2
        out[f"random-{k}-{number}"] = [rng.randint(1, k) for _ in range(36)]
    return out


def timed(argv: list[str], stdin: Path) -> tuple[float, int, int, str]:
    """CPU seconds of the child (user + system), its peak memory (KB, GNU time), its exit status
    and what it printed."""
    with stdin.open("rb") as given, tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(["/usr/bin/time", "-f", "%M", *argv], stdin=given, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        err.seek(0)
        out.seek(0)
        peak = int(err.read().decode().split()[-1])
        return usage.ru_utime + usage.ru_stime, peak, os.waitstatus_to_exitcode(status), out.read().decode()


def judge_input(row: list[int]) -> str:
    """The judge's layout of a deck: N, then N lines A_i B_i (what the user reshapes)."""
    return f"{len(row) // 2}\n" + "".join(f"{a} {b}\n" for a, b in zip(row[::2], row[1::2], strict=True))


def main() -> None:
    if not Path("/usr/bin/time").exists():
        sys.exit("needs GNU /usr/bin/time")
    work = Path(tempfile.mkdtemp())
    (work / "rules.py").write_text(RULES)
    grundy = [sys.executable, "-m", "grundy", "--rules", str(work / "rules.py")]

    def export(path: str, *argv: str, game: str = "bench-remove-pairs") -> list[str]:
        source = subprocess.run([*grundy, "export", game, *argv, "--lang", "python", "--main"],
                                capture_output=True, text=True, check=True)
        (work / path).write_text(source.stdout)
        return [sys.executable, "-S", str(work / path)]

    routes = [("outcome", export("outcome.py", "--outcome")), ("values", export("values.py")),
              ("values --limit 1e8", export("values-big.py", "--limit", "100000000"))]
    inputs = decks(random.Random(354))
    for name, row in inputs.items():
        numbers = judge_input(row).split()  # (the user's part: the judge's input as one row)
        (work / f"{name}.in").write_text(" ".join(numbers[1:]) + "\n")
    print(f"load: {os.getloadavg()[0]:.2f}")
    worst: dict[str, tuple[float, int]] = {}
    for round_ in (1, 2):
        for name in inputs:
            answers = []
            for title, argv in routes:
                cpu, peak, status, said = timed(argv, work / f"{name}.in")
                said = said.strip()
                answers.append(said)
                cpu_max, peak_max = worst.get(title, (0.0, 0))
                worst[title] = (max(cpu_max, cpu), max(peak_max, peak))
                print(f"round {round_} {name:16} {title:19} cpu {cpu:6.2f} s  peak {peak / 1024:5.0f} MB  "
                      f"exit {status}  {said[:40]}")
            wins = {a.split()[-1] for a in answers if not a.startswith("error")}
            assert len(wins) == 1, (name, answers)
    print(f"load: {os.getloadavg()[0]:.2f}")
    for title, (cpu, peak) in worst.items():
        print(f"worst {title:19} cpu {cpu:6.2f} s  peak {peak / 1024:5.0f} MB")
    misere(work, export)


def misere(work: Path, export: Any) -> None:
    """POJ 2068 in misère play: the outcome program against the misère program, one run each."""
    rng = random.Random(2068)
    lines = ["10 8192 " + " ".join(str(rng.randint(1, 16)) for _ in range(20)) + "\n" for _ in range(5)]
    (work / "team.in").write_text("".join(lines))
    (work / "team-worst.in").write_text("10 8192 " + "16 " * 19 + "15\n")
    routes = [("misère --outcome", export("team-outcome.py", "--misere", "--outcome", "--limit", "4000000",
                                          game="bench-team")),
              ("misère", export("team.py", "--misere", "--limit", "4000000", game="bench-team"))]
    print(f"load: {os.getloadavg()[0]:.2f}")
    for name in ("team", "team-worst"):
        answers = []
        for title, argv in routes:
            cpu, peak, status, said = timed(argv, work / f"{name}.in")
            answers.append(said)
            print(f"POJ 2068 {name:10} {title:17} cpu {cpu:6.2f} s  peak {peak / 1024:5.0f} MB  "
                  f"exit {status}  {' '.join(said.split())}")
        assert answers[0] == answers[1], answers


if __name__ == "__main__":
    main()
