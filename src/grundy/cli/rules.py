"""``--rules FILE.py``: run a file of game definitions once. (The move function of a game as
stand-alone source, for ``grundy export``, is :func:`grundy.define.source.move_source`.)"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from grundy.define.source import move_source
from grundy.errors import InvalidInputError

__all__ = ["load_rules", "move_source"]

_LOADED: dict[Path, Any] = {}


def load_rules(path: str) -> None:
    """Execute a Python file once (``--rules FILE.py``), so that its decorators register games;
    any failure is one :class:`InvalidInputError` naming the file and the exception."""
    resolved = Path(path).expanduser().resolve()
    if resolved in _LOADED:
        return
    if not resolved.is_file():
        raise InvalidInputError(f"rules file {path!r} not found")
    module_name = f"grundy_rules_{abs(hash(str(resolved))):x}"
    spec = importlib.util.spec_from_file_location(module_name, resolved)
    if spec is None or spec.loader is None:
        raise InvalidInputError(f"rules file {path!r} cannot be loaded as Python (name it .py)")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except SystemExit as exc:  # a rules file is not a program: its exit is an error of the file
        sys.modules.pop(module_name, None)
        raise InvalidInputError(f"rules file {path!r} failed: it called sys.exit({exc.code!r}) "
                                "while being loaded") from None
    except Exception as exc:
        sys.modules.pop(module_name, None)
        where = f" (line {exc.lineno})" if isinstance(exc, SyntaxError) and exc.lineno else ""
        text = " ".join(str(exc.msg if isinstance(exc, SyntaxError) else exc).split())
        raise InvalidInputError(f"rules file {path!r} failed{where}: {type(exc).__name__}: {text}") from None
    _LOADED[resolved] = module
