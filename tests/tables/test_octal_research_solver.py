"""grundy's octal tables agree with a research solver's (Rust, sparse space) at small N, when its
binary is built (``../shared/bench/octal-rust/README.md``; the path in ``GRUNDY_OCTAL_RUST``, or
``bench/octal_rust.py``'s default). Skipped otherwise: the solver is not part of grundy."""

from __future__ import annotations

import importlib.util
import os
import tempfile
from pathlib import Path
from types import ModuleType

import pytest

from grundy import load_game
from grundy.tables.builders import build
from grundy.tables.store import value_frequencies

ROOT = Path(__file__).resolve().parents[2]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("octal_rust_bench", ROOT / "bench" / "octal_rust.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _binary(bench: ModuleType) -> Path:
    path = Path(os.environ.get("GRUNDY_OCTAL_RUST", str(bench.DEFAULT_BINARY)))
    if not path.exists():
        pytest.skip(f"no research octal solver at {path} (set GRUNDY_OCTAL_RUST)")
    return path


@pytest.mark.parametrize("code", ["0.161", "0.014", "0.167"])
def test_tables_agree_with_the_research_solver(code: str) -> None:
    bench = _bench()
    binary = _binary(bench)
    n = 1 << 14
    with tempfile.TemporaryDirectory() as scratch:
        _, dumps, g_last, _, _ = bench.run_rust(binary, code, n, Path(scratch))
    values = build(load_game(f"octal({code})"), n - 1, "sparse").values
    ours = {"freqs": {str(k): v for k, v in value_frequencies(values).items()},
            "at": {str(k): int(values[k]) for k in (1 << j for j in range(14))},
            "last": int(values[-1])}
    assert bench.agree(n, ours, dumps, g_last) == []
    assert bench.checksum(dumps[n]) == int(values.sum(dtype="uint64"))
