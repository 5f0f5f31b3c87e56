"""grundy's misère quotients against the reference program, Siegel's MisereSolver (CGSuite).

The facts asserted first (order, size of the P-portion, period, preperiod of quotients proved for
every heap) are MisereSolver's output, the program behind the quotients Plambeck and Siegel
published, run on this project's machine with the driver its bench copy ships
(``java -cp CLASSES org.cgsuite.core.misere.solver.Driver CODE``)::

    0.77 (Kayles)  |Q| = 40; |P| = 9   Solution found: period 12, preperiod 71
    0.15           |Q| = 42; |P| = 12  Solution found: period 10, preperiod 66
    0.44           |Q| = 40; |P| = 9   Solution found: period 24, preperiod 143

Both programs count the period of the heap images (heap ``n`` ↦ its element) and the preperiod
as the least heap from which they repeat; the figures agree as they stand.

The second test runs MisereSolver itself, where a JDK and its source are at hand (the source
directory in ``$MISERESOLVER``, else ``../shared/bench/miseresolver`` beside the repository), and
checks the two quotients isomorphic on a few games; it skips, saying why, otherwise.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from grundy.catalog import load_game
from grundy.theory.quotient import misere_quotient
from tests.theory.test_quotient import brute_p

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("code", "order", "p_size", "period", "preperiod"),
                         [("0.77", 40, 9, 12, 71), ("0.15", 42, 12, 10, 66), ("0.44", 40, 9, 24, 143)])
def test_proved_quotients_have_miseresolvers_facts(code: str, order: int, p_size: int, period: int,
                                                   preperiod: int) -> None:
    q = misere_quotient(load_game(f"octal({code})"))
    assert q.status == "proved"
    assert (q.order, len(q.p_portion), q.period, q.preperiod) == (order, p_size, period, preperiod)
    # the period is that of the heap images, from the preperiod on (and not one heap earlier)
    assert all(q.heap(n + period) == q.heap(n) for n in range(preperiod, preperiod + 3 * period))
    assert q.heap(preperiod - 1 + period) != q.heap(preperiod - 1)
    for n in range(1, 19):  # single heaps, against the independent brute force
        assert q.is_p(q.heap(n)) == brute_p(code, (n,)), n


def _source() -> Path | None:
    env = os.environ.get("MISERESOLVER")
    src = Path(env) if env else ROOT.parent / "shared" / "bench" / "miseresolver"
    return src if (src / "src").is_dir() else None


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = _source()
    if shutil.which("javac") is None or shutil.which("java") is None:
        pytest.skip("no JDK (javac, java): MisereSolver cannot be compiled here")
    if src is None:
        pytest.skip("MisereSolver's source is not at hand (set $MISERESOLVER to its directory)")
    out = tmp_path_factory.mktemp("miseresolver")
    files = [str(f) for f in sorted((src / "src").rglob("*.java"))]
    subprocess.run(["javac", "-nowarn", "-d", str(out), *files], check=True, capture_output=True)
    return out


def _isomorphic(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether heap ``n``'s image in ``a`` ↦ its image in ``b`` extends to an isomorphism that keeps
    products and the P-portion (written here, not taken from the benchmark)."""
    common = min(len(a["prefn"]), len(b["prefn"]))
    pairs = [(a["prefn"][n], b["prefn"][n]) for n in range(common)]
    f, todo = {0: 0}, [0]
    while todo:  # f(x·h) = f(x)·f(h): defined on everything the heap images generate
        x = todo.pop()
        for ga, gb in pairs:
            xa, yb = a["table"][x][ga], b["table"][f[x]][gb]
            if xa not in f:
                f[xa] = yb
                todo.append(xa)
            elif f[xa] != yb:
                return False
    m = a["order"]
    return (len(f) == m == b["order"] == len(set(f.values()))
            and all(f[a["table"][x][y]] == b["table"][f[x]][f[y]] for x in range(m) for y in range(m))
            and sorted(f[x] for x in a["p"]) == sorted(b["p"]))


@pytest.mark.parametrize("game", ["0.75", "0.77", "0.72", "0.15", "0.07:20", "0.137:19", "0.6:12"])
def test_quotients_are_isomorphic_to_miseresolvers(game: str, classes: Path, tmp_path: Path) -> None:
    code, _, top = game.partition(":")
    dump = tmp_path / "ms.json"
    argv = ["java", "-cp", str(classes), "org.cgsuite.core.misere.solver.Driver", code,
            *([top] if top else [])]
    subprocess.run(argv, check=True, capture_output=True, env=dict(os.environ, MS_DUMP=str(dump)),
                   timeout=600)
    ms = json.loads(dump.read_text())
    q = misere_quotient(load_game(f"octal({code})"), upto=int(top) if top else None)
    if top:
        assert len(ms["prefn"]) == len(q.heaps) == int(top) + 1
    ours = {"order": q.order, "p": list(q.p_portion), "prefn": list(q.heaps), "table": q.table}
    assert _isomorphic(ours, ms) and _isomorphic(ms, ours)
    wrong = dict(ms, p=ms["p"][1:])  # the check can fail: a P-portion short of one element
    assert not _isomorphic(ours, wrong)
