"""Every page of docs/ that teaches a game has a Chinese twin (``X.zh.md``), and the twins are in step.

In step means: the same runnable examples (the doctest examples of both pages, source without
comments and expected output, are equal, and both pages are doctested by the suite's
``--doctest-glob='*.md'``), the same ``grundy …`` commands (inline and in shell blocks), the same
output blocks, and each page links to the other. A page whose twin has fallen behind fails here.

The one difference allowed: an example of the Chinese page may run the same command line in
Chinese (``cli("--lang", "zh", …)``, a command of the page's own ``cli`` helper); its output is
then the Chinese one, checked by the doctest, and only its source is compared.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"

TUTORIALS = ["bash", "nim", "moore", "staircase", "wythoff", "fibonacci-nim", "subtraction",
             "take-away", "octal", "splitting", "coins", "nim-products", "graphs", "geography",
             "every-sg", "tables", "matrix", "survey", "glossary", "reading-output"]
"""The pages that teach a game (or how to read grundy), each of which must have a twin."""

BEHIND = {
}
"""Older twins not (yet) in step, and why: checked for existence and links only."""

_PARSER = doctest.DocTestParser()


def text(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


ZH_SWITCH = 'cli("--lang", "zh", '


def examples(page: str) -> list[tuple[str, str]]:
    """The doctest examples: (source without comments, expected output); an example run in
    Chinese (:data:`ZH_SWITCH`) as the same source with the output ``"(in Chinese)"``."""
    found = []
    for e in _PARSER.get_examples(page):
        source = re.sub(r"[ \t]+#.*$", "", e.source.strip(), flags=re.M)
        want = e.want.strip()
        if ZH_SWITCH in source:
            source, want = source.replace(ZH_SWITCH, "cli("), "(in Chinese)"
        found.append((source, want))
    return found


def in_step(en: list[tuple[str, str]], zh: list[tuple[str, str]]) -> bool:
    """The same examples, an output in Chinese standing for the English one."""
    return len(en) == len(zh) and all(a == c and (b == d or d == "(in Chinese)")
                                      for (a, b), (c, d) in zip(en, zh, strict=True))


def commands(page: str) -> list[str]:
    """The ``grundy …`` commands: inline code, and each line of a shell block (comments off)."""
    found = [c.replace("\\|", "|") for c in re.findall(r"`(grundy [^`]+)`", page)]
    for lang, body in re.findall(r"```(\w*)\n(.*?)```", page, re.S):
        if lang in ("sh", "bash", "console"):
            found += [line for line in (re.sub(r"\s+#.*$", "", raw).strip() for raw in body.splitlines())
                      if line]
    return sorted(found)


def output_blocks(page: str) -> list[str]:
    return [body for lang, body in re.findall(r"```(\w*)\n(.*?)```", page, re.S) if lang == "text"]


def twins() -> list[str]:
    return sorted(p.name[:-len(".zh.md")] for p in DOCS.glob("*.zh.md"))


@pytest.mark.parametrize("name", TUTORIALS)
def test_every_tutorial_has_a_twin(name: str) -> None:
    assert (DOCS / f"{name}.md").is_file() and (DOCS / f"{name}.zh.md").is_file(), name


@pytest.mark.parametrize("name", twins())
def test_twins_link_to_each_other(name: str) -> None:
    assert f"({name}.md)" in text(f"{name}.zh.md"), f"{name}.zh.md does not link to {name}.md"
    assert f"({name}.zh.md)" in text(f"{name}.md"), f"{name}.md does not link to {name}.zh.md"


@pytest.mark.parametrize("name", [n for n in twins() if n not in BEHIND])
def test_twins_are_in_step(name: str) -> None:
    en, zh = text(f"{name}.md"), text(f"{name}.zh.md")
    assert in_step(examples(en), examples(zh)), "the runnable examples differ"
    assert commands(en) == commands(zh), "the grundy commands differ"
    assert output_blocks(en) == output_blocks(zh), "the output blocks differ"


def test_the_check_can_fail() -> None:
    page = "```python\n>>> 1 + 1  # two\n2\n\n```\n\n```sh\ngrundy solve nim 3  # a heap\n```\n"
    assert examples(page) == [("1 + 1", "2")] and commands(page) == ["grundy solve nim 3"]
    assert examples(page.replace("2\n", "3\n")) != examples(page)
    chinese = '```python\n>>> cli("--lang", "zh", "solve", "nim", "3")\n结果\n\n```\n'
    assert in_step(examples(chinese.replace('"--lang", "zh", ', "").replace("结果", "outcome")),
                   examples(chinese))
    assert not in_step(examples(page), examples(page.replace("1 + 1", "1 + 2")))
    assert commands(page + "`grundy table nim --upto 5`") != commands(page)


def test_behind_names_existing_twins() -> None:
    assert set(BEHIND) <= set(twins())
