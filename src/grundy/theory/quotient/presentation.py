"""A presentation of a misère quotient: each element's normal form (its least word in the
generators, degree first), the relations that rewrite any word to it, and their text
(``"ab²"``).

>>> word_text((1, 2), element_names(2))
'ab²'
"""

from __future__ import annotations

from collections.abc import Sequence

from grundy.errors import NotSupportedError
from grundy.theory.quotient.candidate import State, Steps


def element_names(gens: int) -> list[str]:
    """The generators' names: ``a``, ``b``, … then ``g27``, ``g28``, …"""
    return [chr(ord("a") + i) if i < 26 else f"g{i + 1}" for i in range(gens)]


_SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def word_text(exps: Sequence[int], names: Sequence[str]) -> str:
    """A word (exponents of the generators) as text, ``"1"`` for the empty word."""
    text = "".join(name + (str(e).translate(_SUP) if e > 1 else "")
                   for name, e in zip(names, exps, strict=True) if e)
    return text or "1"



Word = tuple[int, ...]


def presentation(st: State, steps: Steps) -> tuple[list[Word], list[tuple[Word, int]]]:
    """Normal forms (least words, degree first) and the minimal non-normal words with their
    elements: rewriting each such word to its element's normal form is a complete presentation."""
    r, m, mul = len(st.gens), st.m, st.mul
    nf: list[tuple[int, ...] | None] = [None] * m
    nf[0] = (0,) * r
    layer = [0]
    while layer:
        cand: dict[int, tuple[int, ...]] = {}
        for x in layer:
            w = nf[x]
            assert w is not None
            for i, g in enumerate(st.gens):
                y = mul[x][g]
                if nf[y] is None:
                    v = tuple(e + (k == i) for k, e in enumerate(w))
                    if y not in cand or tuple(-e for e in v) < tuple(-e for e in cand[y]):
                        cand[y] = v
        steps.spend(len(layer) * r + 1, "presentation")
        for y, v in cand.items():
            nf[y] = v
        layer = sorted(cand, key=lambda y: tuple(-e for e in cand[y]))
    if any(w is None for w in nf):
        raise NotSupportedError("the generators do not generate the quotient (internal error)")
    normal = {w: x for x, w in enumerate(nf)}
    rel: dict[tuple[int, ...], int] = {}
    for x, w in enumerate(nf):
        assert w is not None
        for i, g in enumerate(st.gens):
            v = tuple(e + (k == i) for k, e in enumerate(w))
            if v in normal or v in rel:
                continue
            if all(tuple(e - (k == j) for k, e in enumerate(v)) in normal for j in range(r) if v[j]):
                rel[v] = mul[x][g]
    rules = sorted(rel.items(), key=lambda kv: (sum(kv[0]), [-e for e in kv[0]]))
    return [w for w in nf if w is not None], rules


