"""The walks' images in bounded memory: past a size the images side by side are taken apart, and
the remembered images are forgotten; the quotients and the steps spent are the same either way."""

from __future__ import annotations

import json

import pytest

import grundy
from grundy.catalog import load_game
from grundy.theory.quotient import misere_quotient, verification


def as_json(code: str, upto: int) -> str:
    q = misere_quotient(load_game(f"octal({code})"), upto=upto, limit=10**12)
    return json.dumps({"order": q.order, "p": list(q.p_portion), "heaps": list(q.heaps),
                       "table": [list(r) for r in q.table], "status": str(q.status)})


@pytest.mark.parametrize(("code", "upto"), [("0.07", 20), ("0.07", 26), ("0.137", 19), ("0.6", 12)])
def test_images_apart_and_forgotten_give_the_same_quotient(code: str, upto: int,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    grundy.clear_caches()
    plain = as_json(code, upto)
    grundy.clear_caches()
    monkeypatch.setattr(verification, "SIDE_BITS", 0)  # every walk takes the images apart
    monkeypatch.setattr(verification, "MET_BITS", 64 * 40)  # and forgets them after a few sets
    calls: list[bool] = []
    real = verification.HeapImages.__call__

    def counted(self: verification.HeapImages, o: int) -> list[int]:
        calls.append(self.side is None)
        return real(self, o)

    monkeypatch.setattr(verification.HeapImages, "__call__", counted)
    assert as_json(code, upto) == plain
    assert calls and all(calls)  # (the walks ran, every one apart)
    grundy.clear_caches()


def test_heap_images_both_ways() -> None:
    mul = [[(x * 7 + h * 3) % 11 for x in range(11)] for h in range(11)]
    together = verification.HeapImages(mul, (2, 5, 9), 11)
    assert together.side is not None
    apart = verification.HeapImages.__new__(verification.HeapImages)
    apart.__init__(mul, (2, 5, 9), 11)
    apart.side = None
    apart.room = 2
    for o in range(1, 1 << 11, 37):
        expected = [verification._mask(mul[h][y] for y in range(11) if o >> y & 1) for h in (2, 5, 9)]
        assert together(o) == apart(o) == expected
    assert len(apart.met) <= 2
