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

Run: ``prlimit --as=6000000000 nice -n 5 python bench/own_outcome_export.py``.
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


@grundy.game("bench-remove-pairs")
def remove_pairs(cards):
    """ABC 354 E: the cards as one row a1 b1 a2 b2 ...; remove two cards whose fronts or backs are equal"""
    out = []
    for i in range(0, len(cards), 2):
        for j in range(i + 2, len(cards), 2):
            if cards[i] == cards[j] or cards[i + 1] == cards[j + 1]:
                out.append(cards[:i] + cards[i + 2:j] + cards[j + 2:])
    return out
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


def judge_input(row: list[int]) -> str:
    """The judge's layout of a deck: N, then N lines A_i B_i (what the user reshapes)."""
    return f"{len(row) // 2}\n" + "".join(f"{a} {b}\n" for a, b in zip(row[::2], row[1::2], strict=True))


def main() -> None:
    if not Path("/usr/bin/time").exists():
        sys.exit("needs GNU /usr/bin/time")
    work = Path(tempfile.mkdtemp())
    (work / "rules.py").write_text(RULES)
    grundy = [sys.executable, "-m", "grundy", "--rules", str(work / "rules.py")]

    def export(path: str, *argv: str) -> list[str]:
        source = subprocess.run([*grundy, "export", "bench-remove-pairs", *argv, "--lang", "python",
                                 "--main"], capture_output=True, text=True, check=True)
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
                _, cpu, peak, status = run(argv, work / f"{name}.in")
                said = subprocess.run(argv, stdin=(work / f"{name}.in").open(), capture_output=True,
                                      text=True).stdout.strip() if round_ == 1 else ""
                answers.append(said)
                cpu_max, peak_max = worst.get(title, (0.0, 0))
                worst[title] = (max(cpu_max, cpu), max(peak_max, peak))
                print(f"round {round_} {name:16} {title:19} cpu {cpu:6.2f} s  peak {peak / 1024:5.0f} MB  "
                      f"exit {status}  {said[:40]}")
            if round_ == 1:
                wins = {a.split()[-1] for a in answers if not a.startswith("error")}
                assert len(wins) == 1, (name, answers)
    print(f"load: {os.getloadavg()[0]:.2f}")
    for title, (cpu, peak) in worst.items():
        print(f"worst {title:19} cpu {cpu:6.2f} s  peak {peak / 1024:5.0f} MB")


if __name__ == "__main__":
    main()
