"""A family's program (``grundy export 'bash(m)' --main``, its parameters read from the input) is
run before it is printed on a fixed sample of inputs in the layout it was asked for, and each line
compared with grundy's own answer (:mod:`grundy.reports.family_check`): a program whose formula,
period, rule or reader is wrong is refused with one line naming the first input that disagrees,
in Python and in C++ (whose Python twin of the same input is run), and nothing is printed.

The sample is written as the judge's input: ``solve --input``'s reader
(:func:`grundy.cli.judge_family.family_cases`) reads every sample input back as the cases it was
written from, in every layout and place of the parameters.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from grundy.catalog import load_family
from grundy.cli.judge_family import family_cases
from grundy.errors import GrundyError, InvalidInputError
from grundy.export import family_code as family_code_module
from grundy.export.family import LAYOUTS, WHERE, check_layout
from grundy.reports import family_check
from grundy.reports.export_policy import export_family
from grundy.reports.family_check import CHECK_POSITIONS, check_family_program, sample_inputs
from tests.helpers import cli_output as cli

FAMILIES = ("bash(m)", "bash(a,b)", "bounded-nim(m)", "bash(a,b,rest=all)", "subtraction(S)", "moore(k)",
            "stripes(c,z,n)", "stripes(S)", "dynamic-subtraction(k)", "forbidden-nim(P)")
"""The families whose programs the check runs (:data:`~grundy.reports.family_check.CHECKED_KINDS`)."""


def layouts(spec: str) -> Iterator[tuple[str, str]]:
    """Every layout and place of the parameters the family's main reads (sums aside: checked by
    :mod:`grundy.reports.family_sums`)."""
    family = load_family(spec)[1]  # type: ignore[index]
    for layout in LAYOUTS:
        for where in WHERE:
            if where in ("sum", "sum-last"):
                continue
            try:
                check_layout(family, layout, where, True)
            except InvalidInputError:
                continue
            yield layout, where


GRAPHS = ("digraph(E)", "digraph(G)", "digraph(T)", "digraph(L)", "green-hackenbush(E)",
          "green-hackenbush(G)", "green-hackenbush(T)", "green-hackenbush(T,ground=1)", "vertex-geography(E)",
          "vertex-geography(T)")
"""The graph families whose programs the check runs (read by ``solve --input``'s graph reader)."""

ALL = [(spec, layout, where) for spec in FAMILIES for layout, where in layouts(spec)]
ALL_GRAPHS = [(spec, layout, where) for spec in GRAPHS for layout, where in layouts(spec)]


@pytest.mark.parametrize("spec, layout, where", ALL)
def test_the_sample_is_read_back_as_written(spec: str, layout: str, where: str) -> None:
    family = load_family(spec)[1]  # type: ignore[index]
    inputs = list(sample_inputs(family, layout, where))
    assert inputs
    heaps = 0
    for text, cases in inputs:
        read = list(family_cases(family, layout, where, text))
        assert read == [(params, list(position)) for params, position in cases], text
        heaps += sum(len(position) for _, position in cases)
    assert heaps <= CHECK_POSITIONS  # (the check's work is bounded by the heaps it values)
    assert heaps >= min(CHECK_POSITIONS, 40)


def test_the_sample_has_edge_parameters_sums_and_big_heaps() -> None:
    family = load_family("bash(a,b)")[1]  # type: ignore[index]
    cases = [case for _, found in sample_inputs(family, "lines", "each") for case in found]
    params = {p for p, _ in cases}
    assert {(1, 1), (1, 2), (2, 2), (3, 3), (0, 1), (2, 1), (1000, 1000)} <= params
    assert any(len(position) >= 3 for _, position in cases)
    assert ((1, 2), (10**18 + 7,)) in cases


@pytest.mark.parametrize("spec, layout, where", ALL_GRAPHS)
def test_a_graph_sample_is_answered_as_solve_answers_it(tmp_path: Path, spec: str, layout: str,
                                                       where: str) -> None:
    """The check's engine on graphs is ``solve --input``'s: each sample input, read by solve, gets
    the lines the check expects (its text written as the judge's input, its answers the engine's)."""
    title, family = load_family(spec)  # type: ignore[misc]
    engine = family_check._Engine(title, family)
    inputs = list(sample_inputs(family, layout, where))
    assert inputs
    for number, (text, cases) in enumerate(inputs):
        path = tmp_path / f"in{number}.txt"
        path.write_text(text)
        _, out, _ = cli("solve", spec, "--input", layout, "--params", where, str(path))
        want = []
        for params, position in cases:
            try:
                want.append(engine.line(params, list(position)))
            except GrundyError:
                want.append("error")
        got = out.splitlines()
        assert len(got) == len(want), text
        for line, expected in zip(got, want, strict=True):
            assert line == expected or (expected == "error" and line.startswith("error")), (text, line)


@pytest.mark.parametrize("spec, layout, where", ALL + ALL_GRAPHS)
@pytest.mark.parametrize("lang", ["python", "cpp"])
def test_every_program_agrees_with_the_engine(spec: str, layout: str, where: str, lang: str) -> None:
    code = export_family(spec, lang=lang, main=True, input_format=layout, where=where)
    assert code  # (exported: its check passed)


def broken(monkeypatch: pytest.MonkeyPatch, old: str, new: str) -> None:
    """Make every Python family program grundy writes replace ``old`` by ``new`` (which it must
    contain)."""
    original = family_code_module.family_code

    def family_code(*args: object, **kwargs: object) -> str:
        code = original(*args, **kwargs)  # type: ignore[arg-type]
        if kwargs.get("lang") == "python":
            assert old in code
            code = code.replace(old, new)
        return code

    monkeypatch.setattr(family_code_module, "family_code", family_code)


MUTATIONS = [
    # (the family, the text of its program, a wrong one, the input where they part)
    ("bash(m)", "return int(n % (m + 1))", "return int(n % (m + 1 + (n > 40)))", "position 64"),
    ("bash(a,b)", "return int(n % (a + b) // a)", "return int(n % (a + b) // a if a < b else 0)",
     "a = 1, b = 1"),
    ("bounded-nim(m)", "return int(n % (m + 1))", "return int(n % (m + 1) if n < 10**6 else 0)",
     "position 1000003"),
    ("moore(k)", "% (k + 1) for b in range(width))", "% (k + 1) for b in range(width)) or len(heaps) == 3",
     "position 1 2 3"),
    ("bash(a,b,rest=all)", "def first_player_wins(n, a, b):\n",
     "def first_player_wins(n, a, b):\n    if n == 0:\n        return False\n", "position 0"),
]


@pytest.mark.parametrize("spec, old, new, where_seen", MUTATIONS)
@pytest.mark.parametrize("lang", ["python", "cpp"])
def test_a_wrong_program_is_refused(monkeypatch: pytest.MonkeyPatch, spec: str, old: str, new: str,
                                    where_seen: str, lang: str) -> None:
    broken(monkeypatch, old, new)
    with pytest.raises(GrundyError) as raised:
        export_family(spec, lang=lang, main=True, input_format="lines",
                      where="last" if "rest=all" in spec else "each")
    message = str(raised.value)
    assert "\n" not in message and "not printed" in message and where_seen in message, message


def python_program(spec: str, layout: str, where: str) -> tuple[str, object, object]:
    title, family = load_family(spec)  # type: ignore[misc]
    return family_code_module.family_code(title, family, lang="python", main=True, input_format=layout,
                                          where=where), title, family


def refused(code: str, title: object, family: object, layout: str, where: str) -> str:
    with pytest.raises(GrundyError) as raised:
        check_family_program(title, family, code, layout, where)  # type: ignore[arg-type]
    return str(raised.value)


def test_a_wrong_period_of_subtraction_past_the_table_is_refused() -> None:
    code, title, family = python_program("subtraction(S)", "cases", "each")
    check_family_program(title, family, code, "cases", "each")  # type: ignore[arg-type]
    wrong = code.replace("return self.g[e + (n - e) % p]", "return self.g[e + (n - e + 1) % p]")
    assert wrong != code  # (a period read one heap off: wrong from the first heap past the table)
    assert "S = {1}, position 4 " in refused(wrong, title, family, "cases", "each")
    wrong = code.replace("return self.g[e + (n - e) % p]",
                         "return self.g[e + (n - e) % p] if n < 10**6 else 0")
    assert "S = {1}, position 1000003 " in refused(wrong, title, family, "cases", "each")


def test_a_wrong_smallest_take_is_refused() -> None:
    code, title, family = python_program("dynamic-subtraction(k)", "single", "last")
    wrong = code.replace("    check(k)\n    if n == 0 or limit == 0:",
                         "    check(k)\n    if n == 12:\n        return 2\n    if n == 0 or limit == 0:")
    assert wrong != code
    assert "k = 1, position 12" in refused(wrong, title, family, "single", "last")


def test_a_wrong_reader_is_refused() -> None:
    """A main that reads a case's parameters wrong (the last of them dropped) disagrees with the
    engine on the sample, not only its formula."""
    code, title, family = python_program("stripes(c,z,n)", "cases", "last")
    wrong = code.replace("words = words[len(words) - len(PARAMS):]", "words = words[len(words) - 2:]")
    wrong = wrong.replace("yield heaps, (reader.params() if WHERE == \"last\" else params)",
                          "yield heaps, (reader.params()[:2] + [1] if WHERE == \"last\" else params)")
    assert wrong != code
    assert "internal error" in refused(wrong, title, family, "cases", "last")


def test_an_error_line_where_the_engine_answers_is_refused() -> None:
    code, title, family = python_program("forbidden-nim(P)", "cases", "counts-first")
    wrong = code.replace("def answer(heaps, params):\n",
                         "def answer(heaps, params):\n    if len(heaps) == 3:\n"
                         "        raise ValueError('no')\n")
    assert wrong != code
    assert "'error: no'" in refused(wrong, title, family, "cases", "counts-first")


def test_a_value_where_the_engine_refuses_is_refused() -> None:
    """Parameters outside the family (m = 0) must be an error line, never a value."""
    code, title, family = python_program("bash(m)", "lines", "first")
    wrong = code.replace("    if not (m >= 1):\n", "    if not (m >= 0):\n")
    assert wrong != code
    message = refused(wrong.replace("int(n % (m + 1))", "int(n % (m + 1)) if m else 0"), title, family,
                      "lines", "first")
    assert "m = 0, position 0 " in message and "grundy 'error'" in message


def test_the_command_refuses_a_wrong_program_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    broken(monkeypatch, "return int(n % (m + 1))", "return int(n % (m + 2))")
    code, out, err = cli("export", "bash(m)", "--lang", "cpp", "--main", "--params", "each")
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and "internal error" in err and "bash(m)" in err


def test_the_check_counts_heaps_not_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A smaller bound checks fewer heaps (the first parameters' games first), the same ones
    every time."""
    family = load_family("subtraction(S)")[1]  # type: ignore[index]
    monkeypatch.setattr(family_check, "CHECK_POSITIONS", 30)
    first = list(sample_inputs(family, "lines", "each"))
    assert first == list(sample_inputs(family, "lines", "each"))
    assert sum(len(p) for _, cases in first for _, p in cases) <= 30
    assert {params for _, cases in first for params, _ in cases} == {((1,),), ((2,),)}


# ---- the generated code's recursion G: the function it calls is written in, not looked up ------

def half_moves(n: int) -> list[int]:
    """take one, or halve an even heap (its values: a formula over G(n // 2), a conjecture)"""
    return [n - 1] * (n >= 1) + [n // 2] * (n >= 2 and n % 2 == 0)


def test_the_recursion_calls_the_function_the_generator_knows() -> None:
    """A conjecture's formula that recurses (``G(n // 2)``): its ``G`` calls ``_by_pattern`` (the
    formula itself), written in the program (no look-up of ``globals()`` when it runs); its answers
    are the mex's, within the checked range and, with ``conjecture``, beyond it."""
    import grundy
    from grundy import catalog
    from grundy.export.python import _py_helpers
    from grundy.reports.export_policy import export_game

    assert "grundy_value(x)" in _py_helpers({"G"})[0]
    assert "_by_pattern(x)" in _py_helpers({"G"}, "_by_pattern")[0]
    grundy.heap_game("fc-half")(half_moves)
    try:
        values: list[int] = []
        for n in range(40_001):
            values.append(min(set(range(3)) - {values[m] for m in half_moves(n)}))
        for conjecture in (False, True):
            result = export_game(grundy.load_game("fc-half"), lang="python", upto=2000, main=True,
                                 limit=100_000, conjecture=conjecture)
            assert "G(n // 2)" in result.status and "conjecture" in result.status, result.status
            assert "_G_MEMO[x] = _by_pattern(x)" in result.source
            assert "globals()" not in result.source
            space: dict[str, object] = {"__name__": "not-main"}
            exec(result.source, space)
            value = space["grundy_value"]
            assert callable(value)
            heaps = [*range(0, 3000, 7), 2048, 31_999, 32_000]
            assert [value(n) for n in heaps] == [values[n] for n in heaps]
            if conjecture:  # (past the checked range: after a local check)
                assert [value(n) for n in (32_768, 40_000)] == [values[32_768], values[40_000]]
    finally:
        catalog.unregister("fc-half")


# ---- a program of positions states its memo bound once: the header's words from its constant ----

def take_one_or_two(position: tuple[int, ...]) -> list[object]:
    """three heaps; take 1 or 2 from one of them"""
    return [(*position[:i], x - k, *position[i + 1:])
            for i, x in enumerate(position) for k in (1, 2) if x >= k]


@pytest.mark.parametrize("misere", [False, True])
def test_the_memo_bound_is_written_once(monkeypatch: pytest.MonkeyPatch, misere: bool) -> None:
    import grundy
    from grundy import catalog
    from grundy.export import model, positions
    from grundy.reports.export_policy import export_game

    grundy.game("fc-three", arity=3)(take_one_or_two)
    try:
        source = export_game(grundy.load_game("fc-three"), lang="python", main=True, misere=misere).source
        assert "past 500,000 kept" in source and "MEMO_KEPT = 500000 " in source
        monkeypatch.setattr(positions, "MEMO_KEPT", 1234)
        monkeypatch.setattr(model, "MEMO_KEPT", 1234)
        source = export_game(grundy.load_game("fc-three"), lang="python", main=True, misere=misere).source
        assert "500,000" not in source and "500000" not in source
        assert "past 1,234 kept" in source.splitlines()[1] and "MEMO_KEPT = 1234 " in source
        space: dict[str, object] = {"__name__": "not-main"}
        exec(source, space)
        assert space["MEMO_KEPT"] == 1234
    finally:
        catalog.unregister("fc-three")


# ---- a memo over the move function is let go past MEMO_KEPT values (between inputs) -------------

def take_squares(n: int) -> list[int]:
    """take a square number of counters (values with no pattern: the table, then the moves)"""
    return [n - k * k for k in range(1, n + 1) if k * k <= n]


def take_squares_at(position: tuple[int, ...], *, n: int = 1) -> list[tuple[int, ...]]:
    """one heap, its start n; take a square number of counters (the moves do not read n)"""
    return [(position[0] - k * k,) for k in range(1, position[0] + 1) if k * k <= position[0]]


def squares_values(upto: int) -> list[int]:
    values: list[int] = []
    for h in range(upto + 1):
        seen = {values[m] for m in take_squares(h)}
        values.append(min(set(range(len(seen) + 1)) - seen))
    return values


def bounded_memo(space: dict[str, object], memo: str, asked: list[int], value: object) -> None:
    """Ask ``asked`` in turn (``value(n)``: the program's answer) with MEMO_KEPT = 40: each answer
    is the mex's, and past 40 values kept the memo is let go before the next input (then it holds
    only what that input's search reached: heaps up to it); below, it is kept."""
    space["MEMO_KEPT"] = 40
    want = squares_values(max(asked))
    kept_before: set[int] = set()
    for n in asked:
        assert value(n) == want[n], n  # type: ignore[operator]
        found = space[memo]
        assert isinstance(found, dict)
        memos = [found] if memo == "_MEMO" else list(found.values())
        kept = {k[0] if isinstance(k, tuple) else k for one in memos for k in one}
        assert len(kept) > 40  # (an input's own search is not cut)
        if len(kept_before) > 40:  # (let go before this input: only what its search reached)
            assert max(kept) <= n < max(kept_before), (n, max(kept))
        kept_before = kept


ASKED = [200, 150, 120, 90, 70, 60]
"""Heaps past the table (0..50), each below the one before: what the memo keeps shows it let go."""


@pytest.mark.parametrize("kind", ["heap", "number"])
def test_a_heap_program_past_its_table_lets_its_memo_go(kind: str) -> None:
    import grundy
    from grundy import catalog
    from grundy.reports.export_policy import export_game

    if kind == "heap":
        grundy.heap_game("fc-squares")(take_squares)
    else:
        grundy.game("fc-squares", arity=1)(take_squares_at)
    try:
        result = export_game(grundy.load_game("fc-squares"), lang="python", upto=50, main=True)
        assert "exact values computed by grundy" in result.status, result.status
        assert "past 500,000 values kept, the memo is let go" in result.source.splitlines()[1]
        space: dict[str, object] = {"__name__": "not-main"}
        exec(result.source, space)
        assert space["MEMO_KEPT"] == 500_000
        value = space["grundy_value"]
        bounded_memo(space, "_MEMO", ASKED, value)
    finally:
        catalog.unregister("fc-squares")


def test_a_family_of_ones_own_lets_its_memo_go() -> None:
    """One parameter that the moves do not read: every game shares one memo, let go past
    MEMO_KEPT positions before the next game (before, it grew without bound)."""
    import grundy
    from grundy import catalog
    from grundy.reports.export_policy import export_own_family

    grundy.game("fc-start", arity=1, start=lambda n: (n,))(take_squares_at)
    try:
        code = export_own_family(grundy.load_game("fc-start"), ("n",), lang="python", main=True)
        assert "past 500,000 positions kept, the memos are let go" in code.splitlines()[1]
        space: dict[str, object] = {"__name__": "not-main"}
        exec(code, space)
        assert space["MOVES_READ"] == ()
        answer = space["answer"]
        bounded_memo(space, "_MEMOS", ASKED, lambda n: answer([n])[0])  # type: ignore[operator]
    finally:
        catalog.unregister("fc-start")


def test_a_wrong_value_of_the_runs_of_a_large_set_is_refused() -> None:
    """A set with a member past 4096 is answered by runs of values (the program's other path): a
    run read wrong near the large member is refused, found against the plain mex."""
    code, title, family = python_program("subtraction(S)", "lines", "each")
    wrong = code.replace("        return self.runs.at(n)\n",
                         "        return self.runs.at(n) ^ (n == 5000)\n")
    assert wrong != code
    assert "S = {1, 5000}, position 5000 " in refused(wrong, title, family, "lines", "each")


@pytest.mark.parametrize("spec, layout, old, new, seen", [
    ("green-hackenbush(E)", "cases", "    value = _LAST[1].get(heaps[0], 0)\n",
     "    value = _LAST[1].get(heaps[0], 0)\n    value ^= len(params[0]) == 8\n", "E = {1:2, 2:3, 3:1, 3:4}"),
    ("green-hackenbush(T,ground=1)", "counted", "    value = _LAST[1].get(heaps[0], 0)\n",
     "    value = _LAST[1].get(heaps[0], 0) ^ (len(params[0]) == 8)\n", "T = {1:2, 1:3, 3:4, 3:5}"),
    ("digraph(E)", "single", "        value, options = _LAST[1].of(token)\n",
     "        value, options = _LAST[1].of(token)\n        value += token == 4\n", "position 4"),
    ("vertex-geography(E)", "cases", "    return None, _LAST[1].get(heaps[0], False)",
     "    return None, _LAST[1].get(heaps[0], heaps[0] == 99)", "position 99"),
])
def test_a_wrong_graph_program_is_refused(spec: str, layout: str, old: str, new: str, seen: str) -> None:
    code, title, family = python_program(spec, layout, "each")
    wrong = code.replace(old, new)
    assert wrong != code
    assert seen in refused(wrong, title, family, layout, "each")
