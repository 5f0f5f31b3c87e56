"""The published JSON Schemas (``src/grundy/schemas``) and a check of JSON output against them.

:func:`check_cli_json` is called by :func:`tests.helpers.run` on every command line the suite runs
with ``--json``, and :func:`check_api_json` by the web tests on every API answer, so each JSON object
the suite prints is validated, not a sample of them.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

NAMES = ("common", "solve", "table", "play", "games", "matrix", "survey")
"""Every schema file, ``NAME.schema.json``."""


def load(name: str) -> dict[str, Any]:
    """One schema as published in the package."""
    text = (resources.files("grundy") / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    schema = json.loads(text)
    assert isinstance(schema, dict)
    return schema


@cache
def validator(name: str) -> Draft202012Validator:
    """A validator for schema ``name`` that resolves references to the others."""
    registry: Registry = Registry()
    for other in NAMES:
        schema = load(other)
        registry = registry.with_resource(schema["$id"], Resource.from_contents(schema))
    return Draft202012Validator(load(name), registry=registry)


def check(name: str, data: Any, where: str) -> None:
    """Fail with every violation of schema ``name`` by ``data`` (``where`` says what printed it)."""
    errors = sorted(validator(name).iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        lines = [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:300]}" for e in errors[:5]]
        raise AssertionError(f"{where}: not valid against {name}.schema.json:\n  " + "\n  ".join(lines))


_GLOBAL_OPTIONS_WITH_VALUE = {"--rules", "--lang"}


def _command(argv: tuple[str, ...]) -> tuple[str, ...]:
    """The command words of a grundy command line (global options and their values skipped)."""
    words = list(argv)
    while words and words[0].startswith("-"):
        option = words.pop(0)
        if option in _GLOBAL_OPTIONS_WITH_VALUE and "=" not in option and words:
            words.pop(0)
    return tuple(words[:2])


SCHEMA_OF_COMMAND = {"solve": "solve", "table": "table", "play": "play", "list": "games", "matrix": "matrix"}


def check_cli_json(argv: tuple[str, ...], code: int, out: str) -> None:
    """Validate what ``grundy ARGV --json`` printed: one object (``solve``, ``table``, ``matrix``,
    ``list``, ``survey report``), or one a line (``solve --batch``, ``play``)."""
    if "--json" not in argv or not out.strip():
        return
    command = _command(argv)
    first = command[0] if command else ""
    name = "survey" if command == ("survey", "report") else SCHEMA_OF_COMMAND.get(first)
    if name is None:
        return
    where = "grundy " + " ".join(a if len(a) < 80 else a[:60] + "…" for a in argv)
    one_a_line = name == "play" or "--batch" in argv
    documents = out.splitlines() if one_a_line else [out]
    for document in documents:
        if document.strip():
            check(name, json.loads(document), where)


API_SCHEMAS = {"/api/solve": "solve", "/api/table": "table", "/api/play": "play", "/api/games": "games"}


def check_api_json(path: str, data: Any) -> None:
    """Validate one answer of the web API (``path`` without its query): an error object for any
    refusal, otherwise the schema of the command line's own object."""
    if isinstance(data, dict) and set(data) == {"error"}:
        assert isinstance(data["error"], str) and data["error"], path
        return
    base = "/api/play" if path.startswith("/api/play") else path
    name = API_SCHEMAS.get(base)
    assert name is not None, f"{path}: no schema names this API path"
    check(name, data, path)


def checked_client(app: Any) -> Any:
    """A Flask test client of ``app`` that validates every JSON answer of ``/api/...``."""
    from flask.testing import FlaskClient

    class SchemaCheckedClient(FlaskClient):
        def open(self, *args: Any, **kwargs: Any) -> Any:
            response = super().open(*args, **kwargs)
            path = args[0] if args and isinstance(args[0], str) else str(kwargs.get("path", ""))
            path = path.partition("?")[0]
            if path.startswith("/api/") and response.is_json:
                check_api_json(path, response.get_json())
            return response

    app.test_client_class = SchemaCheckedClient
    return app.test_client()
