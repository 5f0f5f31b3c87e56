"""Randomized audit of games of one's own through grundy's public routes.

Each random game is written to a rules file; its values, outcomes and winning moves are
recomputed by a brute force written here (plain memoised recursion and mex, misère by a search
of the whole sum), independent of grundy: the rules file is run against a stub of the
``grundy`` module (``Sum`` and the decorators only). The routes are the command line:
``solve`` (--json: value, outcome, every winning move; --misere), ``solve --input`` (with
``--winning-moves``, ``--params``), ``table`` (values; a pattern marked proved is checked far
beyond the table, a conjecture must state its range), ``export --main`` (Python, C++ where
offered, with and without --conjecture, --misere).

    python bench/audit_own_games.py --seed 1 --games 30

prints per route: checked / error lines / WRONG, and the first wrong answers in full.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import types
from collections import defaultdict

sys.setrecursionlimit(100000)

GRUNDY = [sys.executable, "-m", "grundy"]


# -- the stub of grundy the brute force runs the rules against ---------------------------------

class Sum:
    def __init__(self, *parts):
        self.parts = parts


REGISTRY: dict = {}


def _decorator(kind):
    def outer(name=None, **options):
        def deco(fn):
            REGISTRY[name] = (kind, fn, options)
            return fn
        return deco
    return outer


def stub_module():
    module = types.ModuleType("grundy")
    module.Sum = Sum
    module.game = _decorator("game")
    module.heap_game = _decorator("heap")
    return module


def load_brute(source: str, name: str):
    saved = sys.modules.get("grundy")
    sys.modules["grundy"] = stub_module()
    try:
        exec(compile(source, "<rules>", "exec"), {})
    finally:
        if saved is None:
            del sys.modules["grundy"]
        else:
            sys.modules["grundy"] = saved
    return REGISTRY[name]


# -- brute force --------------------------------------------------------------------------------

class Brute:
    """Values and misère outcomes of one game (one set of parameters)."""

    def __init__(self, kind, fn, params=None):
        self.kind, self.fn, self.params = kind, fn, dict(params or {})
        self.memo: dict = {}
        self.mis: dict = {}

    def parts(self, option):
        if self.kind == "heap":
            if isinstance(option, int):
                return [option]
            return list(option)
        if isinstance(option, Sum):
            out = []
            for part in option.parts:
                out.extend(self.parts(part))
            return out
        if option == () or option == "":
            return []
        return [option]

    def options(self, p):
        return [self.parts(o) for o in self.fn(p, **self.params)]

    def g(self, p):
        if p in self.memo:
            return self.memo[p]
        seen = set()
        for parts in self.options(p):
            v = 0
            for q in parts:
                v ^= self.g(q)
            seen.add(v)
        m = 0
        while m in seen:
            m += 1
        self.memo[p] = m
        return m

    def sum_value(self, parts):
        v = 0
        for q in parts:
            v ^= self.g(q)
        return v

    def winning(self, parts):
        """{(part index from 1, sorted parts it becomes)} of every winning move."""
        total = self.sum_value(parts)
        out = set()
        if total == 0:
            return out
        for i, p in enumerate(parts):
            target = self.g(p) ^ total
            for opt in self.options(p):
                if self.sum_value(opt) == target:
                    out.add((i + 1, canon(opt)))
        return out

    def misere_wins(self, parts):
        state = canon(parts)
        if state in self.mis:
            return self.mis[state]
        moved = False
        win = False
        for i, p in enumerate(state):
            for opt in self.options(p):
                moved = True
                if not self.misere_wins(list(state[:i]) + opt + list(state[i + 1:])):
                    win = True
                    break
            if win:
                break
        result = win or not moved
        self.mis[state] = result
        return result


def canon(parts):
    return tuple(sorted(parts, key=repr))


# -- random games -------------------------------------------------------------------------------

def gen_arity1(rng, name):
    low = rng.choice([0, 1, 2, 3])
    subs = sorted(rng.sample(range(1, 7), rng.randint(1, 3)))
    split = rng.random() < 0.5
    leave = sorted(rng.sample(range(low, low + 8), rng.randint(0, 2)))
    src = f"""
@grundy.game({name!r}, arity=1, minimum=({low},))
def g_{name.replace('-', '_')}(p):
    (n,) = p
    out = [(n - d,) for d in {subs!r} if n - d >= {low}]
    if {split!r}:
        out += [grundy.Sum((a,), (n - 1 - a,)) for a in range({low}, n) if n - 1 - a >= max(a, {low})]
    if n in {leave!r}:
        out.append(())
    return out
"""
    return dict(kind="arity1", name=name, src=src, low=low)


def gen_pairdom(rng, name):
    lo = (rng.randint(0, 2), rng.randint(0, 2))
    vectors = set()
    while len(vectors) < rng.randint(2, 4):
        v = (rng.randint(0, 3), rng.randint(0, 3))
        if v != (0, 0):
            vectors.add(v)
    vectors = sorted(vectors)
    src = f"""
@grundy.game({name!r}, arity=2, minimum={lo!r})
def g_{name.replace('-', '_')}(p):
    a, b = p
    return [(a - x, b - y) for x, y in {vectors!r} if a - x >= {lo[0]} and b - y >= {lo[1]}]
"""
    return dict(kind="pair", name=name, src=src, low=lo)


def gen_tuple(rng, name):
    takes = sorted(rng.sample(range(1, 5), rng.randint(1, 2)))
    merge = rng.random() < 0.5
    src = f"""
@grundy.game({name!r})
def g_{name.replace('-', '_')}(p):
    out = []
    for i, h in enumerate(p):
        for t in {takes!r}:
            if t <= h:
                q = tuple(x for x in p[:i] + (h - t,) + p[i + 1:] if x)
                out.append(q or ())
    if {merge!r}:
        for i in range(len(p) - 1):
            out.append(p[:i] + (p[i] + p[i + 1] - 1,) + p[i + 2:])
    return out
"""
    return dict(kind="tuple", name=name, src=src)


def gen_string(rng, name):
    alphabet = rng.choice(["ab", "abc", "01"])
    rule = rng.choice(["pair", "drop", "lower"])
    src = f"""
@grundy.game({name!r}, parse=str, format=str)
def g_{name.replace('-', '_')}(s):
    if {rule!r} == "pair":
        return [s[:i] + s[i + 2:] or () for i in range(len(s) - 1) if s[i] != s[i + 1]]
    if {rule!r} == "drop":
        return [s[:i] + s[i + 1:] or ()
                for i in range(len(s)) if s[i] == {alphabet[0]!r} or i == len(s) - 1]
    return [s[:i] + {alphabet!r}[j] + s[i + 1:] for i, c in enumerate(s)
            for j in range({alphabet!r}.index(c))] + [s[:-1] or ()] * (
                len(s) > 0 and s[-1] == {alphabet[0]!r})
"""
    return dict(kind="string", name=name, src=src, alphabet=alphabet)


def gen_start(rng, name):
    shape = rng.choice(["circle", "take", "split"])
    if shape == "circle":
        src = f"""
@grundy.game({name!r}, start=lambda n, k: ("ring", n))
def g_{name.replace('-', '_')}(position, *, n=5, k=1):
    kind, size = position
    if kind == "ring":
        return [("row", size - j) for j in range(1, min(k, size) + 1)]
    return [grundy.Sum(("row", a), ("row", size - j - a))
            for j in range(1, min(k, size) + 1) for a in range(size - j + 1)]
"""
    elif shape == "take":
        src = f"""
@grundy.game({name!r}, start=lambda n, k: (n, 0))
def g_{name.replace('-', '_')}(p, *, n=5, k=1):
    left, last = p
    return [(left - t, t) for t in range(1, min(left, k + last) + 1) if t != last]
"""
    else:
        src = f"""
@grundy.game({name!r}, arity=1, start=lambda n, k: (n,))
def g_{name.replace('-', '_')}(p, *, n=5, k=1):
    (s,) = p
    out = [(s - d,) for d in range(1, min(k, s) + 1)]
    out += [grundy.Sum((a,), (s - a,)) for a in range(1, s) if a < s - a and (s - a) % (k + 1) != 0]
    return out
"""
    return dict(kind="start", name=name, src=src, shape=shape)


def gen_heapkw(rng, name):
    split = rng.random() < 0.4
    src = f"""
@grundy.heap_game({name!r})
def g_{name.replace('-', '_')}(n, *, a=2, b=3):
    out = [n - d for d in (1, a, b) if 0 < d <= n]
    if {split!r} and n >= a + 2:
        out.append((1, n - a - 1))
    return out
"""
    return dict(kind="heapkw", name=name, src=src)


GENERATORS = [gen_arity1, gen_pairdom, gen_tuple, gen_string, gen_start, gen_heapkw]


# -- running grundy -----------------------------------------------------------------------------

class Tally:
    def __init__(self):
        self.checked = defaultdict(int)
        self.errors = defaultdict(int)
        self.wrong = defaultdict(int)
        self.crash = defaultdict(int)
        self.examples: list = []
        self.error_examples: dict = {}

    def ok(self, route):
        self.checked[route] += 1

    def error(self, route, text):
        self.checked[route] += 1
        self.errors[route] += 1
        self.error_examples.setdefault(route, text)

    def bad(self, route, text):
        self.checked[route] += 1
        self.wrong[route] += 1
        self.examples.append(f"WRONG [{route}] {text}")

    def crashed(self, route, text):
        self.crash[route] += 1
        self.examples.append(f"CRASH [{route}] {text}")


def run(args, stdin=None, timeout=120):
    done = subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stdout, done.stderr


def cli(rules, *argv, stdin=None):
    return run([*GRUNDY, "--rules", rules, *argv], stdin=stdin)


def crash_like(err):
    return "Traceback" in err


# -- position text --------------------------------------------------------------------------------

def pos_text(game, p):
    if game["kind"] == "string":
        return p
    if game["kind"] == "heapkw":
        return str(p)
    return " ".join(str(x) for x in p)


def parse_part_text(game, text):
    text = text.strip()
    if text in ("nothing left", ""):
        return ()
    parts = [t.strip() for t in text.split(" + ")]
    out = []
    for t in parts:
        if game["kind"] == "string":
            out.append(t)
        elif game["kind"] == "heapkw":
            out.extend(int(x) for x in t.split())
        else:
            out.append(tuple(int(x) for x in t.split()))
    return canon(out)


def random_position(game, rng, big=False):
    kind = game["kind"]
    if kind == "arity1":
        return (rng.randint(game["low"], game["low"] + (40 if big else 14)),)
    if kind == "pair":
        lo = game["low"]
        top = 30 if big else 9
        return (rng.randint(lo[0], lo[0] + top), rng.randint(lo[1], lo[1] + top))
    if kind == "tuple":
        return tuple(rng.randint(1, 5) for _ in range(rng.randint(1, 3)))
    if kind == "string":
        return "".join(rng.choice(game["alphabet"]) for _ in range(rng.randint(1, 7)))
    if kind == "heapkw":
        return rng.randint(0, 60 if big else 20)
    raise ValueError(kind)


# -- reading answers ------------------------------------------------------------------------------

def read_answers(out, with_moves=False):
    """The lines of `--input` / an exported program: [(value|None, outcome, moves|None) or error]."""
    lines = out.splitlines()
    answers = []
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line.startswith("error"):
            answers.append(("error", line))
            continue
        words = line.split()
        if len(words) < 2 or not (words[0] == "-" or words[0].isdigit()) or words[1] not in "NPD":
            answers.append(("garbled", line, None))  # (not a line VALUE OUTCOME: wrong)
            continue
        value = None if words[0] == "-" else int(words[0])
        moves = None
        if with_moves and len(words) == 3:
            count = int(words[2])
            moves = lines[i:i + count]
            i += count
        answers.append((value, words[1], moves))
    return answers


def compare_lines(route, tally, answers, expected, label):
    """expected: [(value, outcome)]; value None: only the outcome is known (misère)."""
    if len(answers) != len(expected):
        tally.bad(route, f"{label}: {len(answers)} answers for {len(expected)} cases: {answers!r}")
        return
    for got, (value, outcome, what) in zip(answers, expected, strict=True):
        if value == "ERR":
            if got[0] == "error":
                tally.ok(route)
            else:
                tally.bad(route, f"{label}: {what}: got {got[0]} {got[1]} for a position outside the domain")
            continue
        if got[0] == "error":
            tally.error(route, f"{label}: {what}: {got[1]}")
            continue
        if got[0] == "garbled":
            tally.bad(route, f"{label}: {what}: got the line {got[1]!r}, brute force {value} {outcome}")
            continue
        if got[1] != outcome or (got[0] is not None and value is not None and got[0] != value):
            tally.bad(route, f"{label}: {what}: got {got[0]} {got[1]}, brute force {value} {outcome}")
        elif got[0] is None and value is not None and route.find("misere") < 0:
            tally.error(route, f"{label}: {what}: no value given ({got!r})")
        else:
            tally.ok(route)


def outcome_of(value):
    return "N" if value else "P"


# -- routes -----------------------------------------------------------------------------------------

def solve_argv(game, parts):
    name = game["name"]
    if game["kind"] == "heapkw":
        return [name, *[str(p) for p in parts]]
    argv = []
    for i, p in enumerate(parts):
        if i:
            argv += ["+", name]
        else:
            argv.append(name)
        argv += pos_text(game, p).split() if game["kind"] != "string" else [p]
    return argv


def check_solve(game, brute, tally, rng, rules, misere=False):
    route = "solve --misere" if misere else "solve"
    for _ in range(4 if misere else 6):
        count = rng.choice([1, 1, 2, 3]) if not misere else rng.choice([1, 2, 2, 3])
        parts = [random_position(game, rng) for _ in range(count)]
        argv = ["solve", *solve_argv(game, parts), "--json", *(["--misere"] if misere else [])]
        code, out, err = cli(rules, *argv)
        label = " ".join(argv)
        if crash_like(err):
            tally.crashed(route, f"{label}: {err[-500:]}")
            continue
        if code:
            tally.error(route, f"{label}: {err.strip()}")
            continue
        answer = json.loads(out)
        if misere:
            win = brute.misere_wins(list(parts))
            want = set()
            for i, p in enumerate(parts):
                for opt in brute.options(p):
                    after = list(parts[:i]) + opt + list(parts[i + 1:])
                    if not brute.misere_wins(after):
                        want.add((i + 1, canon(opt)))
            value, outcome = None, "N" if win else "P"
        else:
            value = brute.sum_value(parts)
            outcome = outcome_of(value)
            want = brute.winning(parts)
        got = set()
        for move in answer["winning_moves"]:
            if "part" in move:
                got.add((move["part"], parse_part_text(game, move["part_to"])))
            else:
                got.add((1, parse_part_text(game, move["to"])))
        problems = []
        if answer["outcome"] != outcome:
            problems.append(f"outcome {answer['outcome']} != {outcome}")
        if not misere and answer["grundy"] != value:
            problems.append(f"grundy {answer['grundy']} != {value}")
        if answer.get("winning_moves_complete", True) and got != want:
            problems.append(f"winning moves {sorted(got)} != {sorted(want)}")
        if problems:
            tally.bad(route, f"{label}: " + "; ".join(problems))
        else:
            tally.ok(route)


def layout_input(game, brute, rng, layout, where):
    """(text, expected) of a judge's input of several cases in LAYOUT (--params WHERE or None)."""
    kind = game["kind"]
    cases = []
    for _ in range(1 if layout == "counted" else rng.randint(1, 4)):
        if where == "sum" or kind == "arity1":
            least = 0 if where and layout != "repeated" else 1  # (in repeated, a count of 0 ends)
            cases.append([random_position(game, rng) for _ in range(rng.randint(least, 3))])
        else:
            cases.append([random_position(game, rng)])
    words = []
    if layout == "cases":
        words.append(str(len(cases)))
    for parts in cases:
        if where == "sum":
            words.append(str(len(parts)))
            for p in parts:
                words.append(f"{len(p)} {pos_text(game, p)}" if kind == "tuple" else pos_text(game, p))
        elif kind == "arity1":
            words.append(f"{len(parts)} {line_of(game, parts)}")
        elif kind == "tuple":
            words.append(f"{len(parts[0])} {pos_text(game, parts[0])}")
        else:
            words.append(pos_text(game, parts[0]))
    if layout == "repeated":
        words.append("0" if where == "sum" or kind != "pair" else "0 0")
    expected = []
    for parts in cases:
        value = brute.sum_value(parts)
        expected.append((value, outcome_of(value), repr(parts)))
    return "\n".join(words) + "\n", expected


def check_layouts(game, brute, tally, rng, rules):
    combos = [("cases", None), ("counted", None), ("repeated", None)]
    if game["kind"] in ("pair", "tuple"):
        combos += [("counted", "sum"), ("cases", "sum"), ("repeated", "sum")]
    for layout, where in rng.sample(combos, min(3, len(combos))):
        text, expected = layout_input(game, brute, rng, layout, where)
        params = ["--params", where] if where else []
        tag = f"{layout}{' --params ' + where if where else ''}"
        route = f"solve --input {tag}"
        code, out, err = cli(rules, "solve", game["name"], "--input", layout, *params, "-", stdin=text)
        if crash_like(err):
            tally.crashed(route, f"{game['name']} <<{text!r}: {err[-400:]}")
        else:
            compare_lines(route, tally, read_answers(out), expected,
                          f"{game['name']} <<{text!r} {err.strip()[:200]}")
        route = f"export python --input {tag}"
        argv = ["export", game["name"], "--lang", "python", "--main", "--input", layout, *params]
        code, out, err = cli(rules, *argv)
        if crash_like(err):
            tally.crashed(route, f"{game['name']}: {err[-400:]}")
            continue
        if code:
            tally.error(route, f"{' '.join(argv)}: refused: {err.strip()[:300]}")
            continue
        _c, got, perr = run([sys.executable, "-S", "-c", out], stdin=text)
        if "Traceback" in perr:
            tally.crashed(route, f"{' '.join(argv)} <<{text!r}: {perr[-500:]}")
            continue
        compare_lines(route, tally, read_answers(got), expected, f"{' '.join(argv)} <<{text!r}")


def check_outside(game, tally, rules):
    """A position below the declared minimum is refused, never answered."""
    low = game["low"]
    if game["kind"] == "arity1":
        below = (low - 1,)
    else:
        below = (low[0] - 1, low[1]) if low[0] else (low[0], low[1] - 1)
    if min(below) < 0:
        return
    route = "solve (outside the domain)"
    code, out, err = cli(rules, "solve", game["name"], *map(str, below), "--json")
    if crash_like(err):
        tally.crashed(route, f"{game['name']} {below}: {err[-400:]}")
    elif code == 0:
        tally.bad(route, f"{game['name']} {below}: answered {out[:200]}")
    else:
        tally.ok(route)


def line_of(game, parts):
    return " ".join(pos_text(game, p) for p in parts)


def lines_cases(game, brute, rng, misere=False, big=False):
    """Lines of positions (sums where the layout allows) and the expected answers."""
    text, expected = [], []
    for _ in range(12):
        if game["kind"] in ("arity1", "heapkw"):
            parts = [random_position(game, rng, big) for _ in range(rng.randint(1, 3))]
        elif game["kind"] == "pair":
            parts = [random_position(game, rng, big) for _ in range(rng.randint(1, 2))]
        else:
            parts = [random_position(game, rng, big)]
        if game["kind"] in ("arity1", "pair") and rng.random() < 0.25:
            parts[rng.randrange(len(parts))] = edge_position(game, rng)
        text.append(line_of(game, parts))
        if not in_domain(game, parts):
            expected.append(("ERR", "ERR", text[-1]))
            continue
        if rng.random() < 0.1:
            text.append("")  # an empty line: no case
        if misere:
            expected.append((None, "N" if brute.misere_wins(parts) else "P", text[-1]))
        else:
            value = brute.sum_value(parts)
            expected.append((value, outcome_of(value), text[-1]))
    return "\n".join(text) + "\n", expected


def edge_position(game, rng):
    """0, the minimum, or one below the minimum (outside the domain)."""
    low = game["low"]
    if game["kind"] == "arity1":
        return (rng.choice([0, low, max(low - 1, 0)]),)
    return tuple(rng.choice([0, m, max(m - 1, 0)]) for m in low)


def in_domain(game, parts):
    if game["kind"] == "arity1":
        return all(p[0] >= game["low"] for p in parts)
    if game["kind"] == "pair":
        return all(p[0] >= game["low"][0] and p[1] >= game["low"][1] for p in parts)
    return True


def check_input_lines(game, brute, tally, rng, rules):
    route = "solve --input lines --winning-moves"
    text, expected = lines_cases(game, brute, rng)
    _code, out, err = cli(rules, "solve", game["name"], "--input", "lines", "-", "--winning-moves",
                          stdin=text)
    if crash_like(err):
        tally.crashed(route, f"{game['name']}: {err[-500:]}")
        return
    answers = read_answers(out, with_moves=True)
    compare_lines(route, tally, answers, expected, f"{game['name']} <<{text!r}")
    route = "solve --input lines --misere"
    text, expected = lines_cases(game, brute, rng, misere=True)
    _code, out, err = cli(rules, "solve", game["name"], "--input", "lines", "-", "--misere", stdin=text)
    if crash_like(err):
        tally.crashed(route, f"{game['name']}: {err[-500:]}")
        return
    compare_lines(route, tally, read_answers(out), expected, f"{game['name']} --misere <<{text!r}")


def check_export(game, brute, tally, rng, rules, lang="python", extra=(), misere=False, big=False):
    route = f"export {lang}{' ' + ' '.join(extra) if extra else ''}{' --misere' if misere else ''}"
    argv = ["export", game["name"], "--lang", lang, "--main", *extra,
            *(["--misere"] if misere else [])]
    code, out, err = cli(rules, *argv)
    if crash_like(err):
        tally.crashed(route, f"{' '.join(argv)}: {err[-500:]}")
        return
    if code:
        tally.error(route, f"{' '.join(argv)}: refused: {err.strip()[:300]}")
        return
    with tempfile.TemporaryDirectory() as tmp:
        if lang == "cpp":
            src = os.path.join(tmp, "p.cpp")
            with open(src, "w") as handle:
                handle.write(out)
            built = subprocess.run(["g++", "-std=c++17", "-O2", "-o", os.path.join(tmp, "p"), src],
                                   capture_output=True, text=True)
            if built.returncode:
                tally.crashed(route, f"{' '.join(argv)}: g++ failed: {built.stderr[:500]}")
                return
            program = [os.path.join(tmp, "p")]
        else:
            program = [sys.executable, "-S", "-c", out]
        for _ in range(2):
            text, expected = lines_cases(game, brute, rng, misere=misere, big=big)
            _code, got, perr = run(program, stdin=text)
            if "Traceback" in perr:
                tally.crashed(route, f"{' '.join(argv)} <<{text!r}: {perr[-500:]}")
                continue
            compare_lines(route, tally, read_answers(got), expected, f"{' '.join(argv)} <<{text!r}")


def check_table(game, brute, tally, rng, rules):
    route = "table"
    upto = rng.choice([12, 20, 30])
    code, out, err = cli(rules, "table", game["name"], "--upto", str(upto), "--json")
    if crash_like(err):
        tally.crashed(route, f"{game['name']}: {err[-500:]}")
        return
    if code:
        tally.error(route, f"table {game['name']} --upto {upto}: {err.strip()}")
        return
    data = json.loads(out)
    values = data.get("values")
    problems = []
    if game["kind"] in ("arity1", "heapkw"):
        for n, v in enumerate(values):
            if game["kind"] == "heapkw":
                want = brute.g(n)
            else:
                want = brute.g((n,)) if n >= game["low"] else None
            if v != want:
                problems.append(f"G({n}) = {v}, brute force {want}")
    else:
        for a, row in enumerate(values):
            for b, v in enumerate(row):
                ok = a >= game["low"][0] and b >= game["low"][1]
                want = brute.g((a, b)) if ok else None
                if v != want:
                    problems.append(f"G({a}, {b}) = {v}, brute force {want}")
    for pattern in data.get("patterns", []):
        problems += check_pattern(game, brute, pattern, upto)
    if problems:
        tally.bad(route, f"table {game['name']} --upto {upto}: " + "; ".join(problems[:5]))
    else:
        tally.ok(route)


def _popcount(x):
    return bin(x).count("1")


def _ctz(x):
    return (x & -x).bit_length() - 1 if x else 0


FORMULA_NAMES = {"popcount": _popcount, "ctz": _ctz, "abs": abs, "min": min, "max": max}


def pattern_holds(game, brute, pattern, upto):
    """The first position <= upto where the pattern's formula disagrees with the brute force."""
    formula = pattern.get("formula")
    if not formula or "G(" in formula:
        return "unchecked"
    import math
    names = dict(FORMULA_NAMES, isqrt=math.isqrt)
    for pos in domain(game, upto):
        env = dict(names, n=pos[0]) if len(pos) == 1 else dict(names, a=pos[0], b=pos[1])
        try:
            got = eval(formula, {"__builtins__": {}}, env)
        except Exception as exc:
            return f"unchecked ({exc})"
        value = brute.g(pos) if game["kind"] != "heapkw" else brute.g(pos[0])
        want = value if pattern["describes"] == "values" else value == 0
        if got != want:
            return pos
    return None


def domain(game, upto):
    if game["kind"] in ("arity1", "heapkw"):
        low = game.get("low", 0)
        return [(n,) for n in range(low, upto + 1)]
    lo = game["low"]
    return [(a, b) for a in range(lo[0], upto + 1) for b in range(lo[1], upto + 1)]


def check_pattern(game, brute, pattern, upto):
    status = pattern.get("status", "")
    if status == "proved":
        bad = pattern_holds(game, brute, pattern, 6 * upto if game["kind"] != "pair" else 3 * upto)
        if bad is None:
            return []
        return [f"proved pattern {pattern.get('text')}: fails at {bad}"]
    if "checked_upto" not in pattern and "checked" not in pattern.get("text", ""):
        return [f"a conjecture that states no range: {pattern}"]
    bad = pattern_holds(game, brute, pattern, min(upto, pattern.get("checked_upto", upto)))
    if bad is None or bad == "unchecked" or str(bad).startswith("unchecked"):
        return []
    return [f"conjecture {pattern.get('text')}: fails at {bad} inside the range it claims checked"]


# -- families: start positions, heap games with parameters from the input -------------------------

def check_start_family(game, fn_kind, fn, tally, rng, rules):
    name = game["name"]
    k = rng.randint(1, 3)
    cases = [(rng.randint(0, 12), rng.randint(1, 3)) for _ in range(8)]
    brutes: dict = {}

    def start_value(n, kk):
        b = brutes.setdefault(kk, Brute(fn_kind, fn, {"n": n, "k": kk}))
        b.params["n"] = n
        return b.g(start_of(game, n, kk))
    # values do not depend on n beyond the start (the move functions never read n)
    text = f"{len(cases)}\n" + "".join(f"{n} {kk}\n" for n, kk in cases)
    expected = [(start_value(n, kk), None, f"{n} {kk}") for n, kk in cases]
    expected = [(v, outcome_of(v), w) for v, _o, w in expected]
    spec = f"{name}(n,k)"
    code, out, err = cli(rules, "solve", spec, "--input", "cases", "-", stdin=text)
    route = "start: solve --input cases"
    if crash_like(err):
        tally.crashed(route, f"{spec}: {err[-500:]}")
    else:
        compare_lines(route, tally, read_answers(out), expected, f"{spec} <<{text!r}")
    # --params sum: a case is k games, their values XORed
    games = [(rng.randint(0, 10), rng.randint(1, 3)) for _ in range(rng.randint(1, 3))]
    stext = f"{len(games)}\n" + "".join(f"{n} {kk}\n" for n, kk in games)
    total = 0
    for n, kk in games:
        total ^= start_value(n, kk)
    sexp = [(total, outcome_of(total), stext)]
    route = "start: solve --input counted --params sum"
    code, out, err = cli(rules, "solve", spec, "--input", "counted", "--params", "sum", "-", stdin=stext)
    if crash_like(err):
        tally.crashed(route, f"{spec}: {err[-500:]}")
    else:
        compare_lines(route, tally, read_answers(out), sexp, f"{spec} <<{stext!r}")
    for extra, inp, exp, layout in ((["--input", "cases"], text, expected, "cases"),
                                    (["--input", "counted", "--params", "sum"], stext, sexp, "sum")):
        route = f"start: export python {layout}"
        code, out, err = cli(rules, "export", spec, "--lang", "python", "--main", *extra)
        if crash_like(err):
            tally.crashed(route, f"{spec}: {err[-500:]}")
            continue
        if code:
            tally.error(route, f"{spec}: refused: {err.strip()[:300]}")
            continue
        _c, got, perr = run([sys.executable, "-S", "-c", out], stdin=inp)
        if "Traceback" in perr:
            tally.crashed(route, f"{spec} <<{inp!r}: {perr[-500:]}")
            continue
        compare_lines(route, tally, read_answers(got), exp, f"export {spec} {extra} <<{inp!r}")
    # --conjecture: the games past --upto answered by the pattern of the start values
    upto = rng.choice([16, 24])
    cspec = f"{name}(n,k={k})"
    route = "start: export python --conjecture"
    code, out, err = cli(rules, "export", cspec, "--lang", "python", "--main", "--conjecture",
                         "--upto", str(upto))
    if crash_like(err):
        tally.crashed(route, f"{cspec}: {err[-500:]}")
    elif code:
        tally.error(route, f"{cspec} --conjecture --upto {upto}: refused: {err.strip()[:300]}")
    else:
        ns = sorted(rng.sample(range(0, upto + 1), 4) + rng.sample(range(upto + 1, 3 * upto), 4))
        ctext = "".join(f"{n}\n" for n in ns)
        cexp = []
        for n in ns:
            v = start_value(n, k)
            cexp.append((v, outcome_of(v), f"n={n}" + (" (past the checked range)" if n > upto else "")))
        _c, got, perr = run([sys.executable, "-S", "-c", out], stdin=ctext)
        if "Traceback" in perr:
            tally.crashed(route, f"{cspec} <<{ctext!r}: {perr[-500:]}")
        else:
            compare_lines(route, tally, read_answers(got), cexp,
                          f"export {cspec} --conjecture --upto {upto} <<{ctext!r} "
                          f"[{out.splitlines()[2][:200]}]")
    # the table over n
    route = "start: table"
    top = rng.choice([10, 14])
    code, out, err = cli(rules, "table", f"{name}(n=1..{top},k={k})", "--json")
    if crash_like(err):
        tally.crashed(route, f"{name}: {err[-500:]}")
    elif code:
        tally.error(route, f"{name}(n=1..{top},k={k}): {err.strip()[:300]}")
    else:
        data = json.loads(out)
        problems = []
        for member in data["members"]:
            want = start_value(member["n"], k)
            if member.get("grundy") != want:
                problems.append(f"n={member['n']}: {member.get('grundy')} != {want}")
        for pattern in data.get("patterns", []):
            if pattern.get("status") == "proved":
                problems.append(f"a family pattern marked proved: {pattern}")
            elif "checked" not in json.dumps(pattern):
                problems.append(f"a conjecture that states no range: {pattern}")
        if problems:
            tally.bad(route, f"{name}(n=1..{top},k={k}): " + "; ".join(problems[:4]))
        else:
            tally.ok(route)


def start_of(game, n, k):
    return {"circle": ("ring", n), "take": (n, 0), "split": (n,)}[game["shape"]]


def heapkw_input(rng, layout, where, brutes):
    """A judge's input for a heap game with parameters a, b, and the expected lines."""
    def params():
        return (rng.randint(1, 5), rng.randint(1, 6))

    def value(ab, heaps):
        b = brutes.setdefault(ab, None)
        v = 0
        for h in heaps:
            v ^= b.g(h)
        return v
    cases = []
    words = []
    if where == "first":
        shared = params()
        words.append(" ".join(map(str, shared)))
    count = rng.randint(1, 4)
    if where in ("sum", "sum-last"):
        for _ in range(1 if layout == "counted" else count):
            games = [(params(), rng.randint(0, 25)) for _ in range(rng.randint(1, 3))]
            words.append(str(len(games)))
            for ab, h in games:
                words.append(f"{ab[0]} {ab[1]} {h}" if where == "sum" else f"{h} {ab[0]} {ab[1]}")
            cases.append([(ab, [h]) for ab, h in games])
        if layout == "cases":
            words.insert(0, str(len(cases)))
        if layout == "repeated":
            words.append("0")
        return "\n".join(words) + "\n", cases
    ncases = 1 if layout == "counted" else count
    if layout in ("cases", "single"):
        words.append(str(ncases))
    for _ in range(ncases):
        ab = shared if where == "first" else params()
        heaps = [rng.randint(0, 25) for _ in range(1 if layout == "single" else rng.randint(1, 3))]
        body = " ".join(map(str, heaps))
        if layout not in ("single", "lines"):
            body = f"{len(heaps)} {body}"
        pw = f"{ab[0]} {ab[1]}"
        if where == "first":
            words.append(body)
        elif where == "each":
            words.append(f"{pw} {body}")
        else:
            words.append(f"{body} {pw}")
        cases.append([(ab, heaps)])
    return "\n".join(words) + "\n", cases


def check_heapkw(game, fn_kind, fn, tally, rng, rules):
    name = game["name"]
    spec = f"{name}(a,b)"
    combos = [("single", "first"), ("cases", "first"), ("counted", "first"), ("lines", "first"),
              ("single", "each"), ("cases", "each"), ("lines", "each"), ("counted", "each"),
              ("single", "last"), ("cases", "last"), ("lines", "last"),
              ("counted", "sum"), ("repeated", "sum"), ("cases", "sum"),
              ("counted", "sum-last"), ("repeated", "sum-last")]
    for layout, where in rng.sample(combos, 5):
        brutes = _AutoBrutes(fn_kind, fn)
        text, cases = heapkw_input(rng, layout, where, brutes)
        expected = []
        for case in cases:
            v = 0
            for ab, heaps in case:
                for h in heaps:
                    v ^= brutes[ab].g(h)
            expected.append((v, outcome_of(v), repr(case)))
        moves = rng.random() < 0.5 and where not in ("sum", "sum-last")
        wm = ["--winning-moves"] if moves else []
        tag = " --winning-moves" if moves else ""
        route = f"heap(a,b): solve --input {layout} --params {where}{tag}"
        code, out, err = cli(rules, "solve", spec, "--input", layout, "--params", where, *wm, "-",
                             stdin=text)
        if crash_like(err):
            tally.crashed(route, f"{spec}: {err[-500:]}")
        else:
            answers = read_answers(out, with_moves=moves)
            compare_lines(route, tally, answers, expected, f"{spec} <<{text!r} {err.strip()[:200]}")
            if moves:
                compare_heap_moves(route, tally, answers, cases, brutes, f"{spec} <<{text!r}")
        route = f"heap(a,b): export python {layout} {where}"  # (refuses --winning-moves)
        code, out, err = cli(rules, "export", spec, "--lang", "python", "--main", "--input", layout,
                             "--params", where)
        moves = False
        if crash_like(err):
            tally.crashed(route, f"{spec}: {err[-500:]}")
            continue
        if code:
            tally.error(route, f"{spec}: refused: {err.strip()[:300]}")
            continue
        _c, got, perr = run([sys.executable, "-S", "-c", out], stdin=text)
        if "Traceback" in perr:
            tally.crashed(route, f"{spec} <<{text!r}: {perr[-500:]}")
            continue
        answers = read_answers(got, with_moves=moves)
        compare_lines(route, tally, answers, expected, f"export {spec} {layout} {where} <<{text!r}")
        if moves:
            compare_heap_moves(route, tally, answers, cases, brutes, f"export {spec} <<{text!r}")


def compare_heap_moves(route, tally, answers, cases, brutes, label):
    """Every winning move of each case (PART FROM TO...), exactly, against the brute force."""
    route += " (moves)"
    if len(answers) != len(cases):
        return
    for got, case in zip(answers, cases, strict=True):
        if got[0] in ("error", "garbled") or got[2] is None:
            continue
        ((ab, heaps),) = case
        brute = brutes[ab]
        total = 0
        for h in heaps:
            total ^= brute.g(h)
        want = set()
        if total:
            for i, h in enumerate(heaps):
                for opt in brute.fn(h, **brute.params):
                    parts = brute.parts(opt)
                    v = 0
                    for q in parts:
                        v ^= brute.g(q)
                    if v == brute.g(h) ^ total:
                        want.add((i + 1, h, tuple(sorted(parts))))
        have = set()
        for line in got[2] or []:
            words = [int(w) for w in line.split()]
            have.add((words[0], words[1], tuple(sorted(words[2:]))))
        if have != want:
            tally.bad(route, f"{label}: case {case}: moves {sorted(have)} != {sorted(want)}")
        else:
            tally.ok(route)


class _AutoBrutes(dict):
    def __init__(self, kind, fn):
        super().__init__()
        self.kind, self.fn = kind, fn

    def setdefault(self, key, default=None):
        return self[key]

    def __missing__(self, key):
        brute = Brute(self.kind, self.fn, {"a": key[0], "b": key[1]})
        self[key] = brute
        return brute


# -- main -------------------------------------------------------------------------------------------

def audit_game(game, tally, rng, tmp):
    rules = os.path.join(tmp, f"{game['name']}.py")
    with open(rules, "w") as handle:
        handle.write("import grundy\n" + game["src"])
    fn_kind, fn, _options = load_brute("import grundy\n" + game["src"], game["name"])
    kind = game["kind"]
    if kind == "start":
        check_start_family(game, fn_kind, fn, tally, rng, rules)
        return
    if kind == "heapkw":
        check_heapkw(game, fn_kind, fn, tally, rng, rules)
        brute = Brute(fn_kind, fn, {})
        check_solve(game, brute, tally, rng, rules)
        check_table(game, brute, tally, rng, rules)
        return
    brute = Brute(fn_kind, fn, {})
    check_solve(game, brute, tally, rng, rules)
    check_solve(game, brute, tally, rng, rules, misere=True)
    check_input_lines(game, brute, tally, rng, rules)
    if kind != "string":
        check_layouts(game, brute, tally, rng, rules)
    check_export(game, brute, tally, rng, rules)
    check_export(game, brute, tally, rng, rules, misere=True)
    if kind in ("arity1", "pair"):
        check_outside(game, tally, rules)
        check_table(game, brute, tally, rng, rules)
        upto = ["--upto", "10" if kind == "pair" else "12"]
        check_export(game, brute, tally, rng, rules, extra=upto, big=True)
        check_export(game, brute, tally, rng, rules, extra=[*upto, "--conjecture"], big=True)
        check_export(game, brute, tally, rng, rules, lang="cpp", extra=upto, big=True)
        check_export(game, brute, tally, rng, rules, lang="cpp", extra=[*upto, "--conjecture"], big=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--kinds", default="", help="comma-separated: " + ",".join(
        g.__name__[4:] for g in GENERATORS))
    parser.add_argument("--show", type=int, default=20, help="wrong answers shown in full")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    gens = [g for g in GENERATORS if not args.kinds or g.__name__[4:] in args.kinds.split(",")]
    tally = Tally()
    tmp = tempfile.mkdtemp(prefix="audit-own-")
    for i in range(args.games):
        gen = gens[i % len(gens)]
        game = gen(rng, f"au{args.seed}-{i}")
        try:
            audit_game(game, tally, random.Random(rng.random()), tmp)
        except subprocess.TimeoutExpired as exc:
            tally.crashed(gen.__name__, f"{game['name']}: timeout {exc.cmd!r}"[:400])
        print(f"game {i + 1}/{args.games} {game['name']} ({game['kind']}) done", file=sys.stderr,
              flush=True)
    routes = sorted(set(tally.checked) | set(tally.crash))
    print(f"seed {args.seed}, {args.games} games (rules files in {tmp})")
    print(f"{'route':58} {'checked':>8} {'errors':>7} {'WRONG':>6} {'crash':>6}")
    for route in routes:
        print(f"{route:58} {tally.checked[route]:8} {tally.errors[route]:7} {tally.wrong[route]:6} "
              f"{tally.crash[route]:6}")
    for line in tally.examples[:args.show]:
        print(line)
    for route, text in sorted(tally.error_examples.items()):
        print(f"error line [{route}] e.g. {text[:400]}")
    if not tally.examples:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if tally.examples else 0


if __name__ == "__main__":
    sys.exit(main())
