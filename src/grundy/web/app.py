"""``grundy serve``: a local web page over the library, on Flask.

The page (``static/``) picks a game, solves a position, shows a table with its heat map and
patterns, and plays against the perfect opponent. It talks to a JSON API whose answers are the
command line's own objects:

* ``GET /api/games`` — the catalogue (``grundy list --json``), rules files' games included;
* ``GET /api/solve?game=G&position=P[&misere=1][&explain=1]`` — ``grundy solve G P --json``;
* ``GET /api/table?game=G&upto=N`` — ``grundy table G --upto N --json`` (a heap game, a game on
  pairs, a game of your own, a family ``GAME(k=A..B)``);
* ``POST /api/play`` ``{"game", "position", "misere", "first"}`` — a new match: its id and first
  turn object; ``POST /api/play/ID`` ``{"command": "..."}`` — one line of ``grundy play --json``.

Nothing the browser sends is ever run as code (games come from the catalogue and the rules files
given at start); bad input is a 4xx answer ``{"error": "one line"}``; every computation is bounded
by the usual budget, tables by :data:`MAX_UPTO` / :data:`MAX_GRID`.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from importlib import resources
from typing import Any, TypeVar

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from grundy.errors import GrundyError

T = TypeVar("T")

MAX_UPTO = 100_000
"""Largest heap table the page computes."""

MAX_GRID = 200
"""Largest ``upto`` of a table of pairs (``(N+1)²`` values)."""

MAX_MATCHES = 32
"""Matches kept in memory (each with its analysed positions); the least recently used is dropped beyond."""

MAX_TEXT = 2_000
"""Longest game or position text accepted."""


class BadRequest(ValueError):
    """Input the page cannot use: answered 400 with the message."""


class _Matches:
    """The matches being played, each with its own lock (clients may be concurrent)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[str, tuple[threading.Lock, Any]] = OrderedDict()

    def add(self, match: Any) -> str:
        key = secrets.token_hex(8)
        with self._lock:
            self._items[key] = (threading.Lock(), match)
            while len(self._items) > MAX_MATCHES:
                self._items.popitem(last=False)
        return key

    def get(self, key: str) -> tuple[threading.Lock, Any] | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found


def create_app(docs: str | None = None) -> Flask:
    """The Flask application (the games of rules files loaded before are in its catalogue);
    ``docs``: the folder of the built docs site (``mkdocs build``), served under ``/docs/``."""
    app = Flask(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = 64 * 1024
    _error_handlers(app)
    _page_routes(app, docs)
    _answer_routes(app)
    _play_routes(app, _Matches())
    return app


def _error_handlers(app: Flask) -> None:
    """Every refusal is ``{"error": "one line"}``: 400 for bad input, 422 for a question the
    library cannot answer, the HTTP error's own code otherwise."""

    @app.errorhandler(BadRequest)
    @app.errorhandler(GrundyError)
    def bad_input(exc: Exception) -> tuple[Response, int]:
        from grundy.reports.messages import web_message

        code = 400 if isinstance(exc, ValueError | BadRequest) else 422
        return jsonify(error=web_message(exc)), code

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> tuple[Response, int]:
        return jsonify(error=f"{exc.name}: {exc.description}".split("\n")[0]), exc.code or 500

    @app.errorhandler(Exception)
    def internal(exc: Exception) -> tuple[Response, int]:  # pragma: no cover - a bug if reached
        app.logger.exception("internal error")
        return jsonify(error=f"internal error ({type(exc).__name__}); the server goes on"), 500


def _page_routes(app: Flask, docs: str | None) -> None:
    """The page itself (``static/``) and the built docs site under ``/docs/``."""

    @app.get("/")
    def index() -> Response:
        return _static("index.html")

    @app.get("/static/<name>")
    def static_file(name: str) -> Response:
        return _static(name)

    @app.get("/docs/")
    @app.get("/docs/<path:path>")
    def docs_page(path: str = "") -> Response:
        return _docs(docs, path)


def _answer_routes(app: Flask) -> None:
    """``/api/games``, ``/api/solve`` and ``/api/table``: the command line's own objects."""

    @app.get("/api/games")
    def games() -> Response:
        from grundy.catalog import registered_games

        return jsonify([e.as_json() for e in registered_games() if not e.load_class().takes_graph])

    @app.get("/api/solve")
    def solve() -> Response:
        from grundy.reports.answers import solution_json

        _known_args(("game", "position", "misere", "explain"))
        game, position = _position(_arg("game"), _arg("position"))
        return jsonify(solution_json(game, position, misere=_flag("misere"), explain=_flag("explain")))

    @app.get("/api/table")
    def table() -> Response:
        _known_args(("game", "upto"))
        return jsonify(table_json(_arg("game"), _int(_arg("upto", "100"), "upto")))


def _play_routes(app: Flask, matches: _Matches) -> None:
    """``POST /api/play`` starts a match, ``POST /api/play/ID`` plays one command line in it."""

    @app.post("/api/play")
    def new_match() -> Response:
        from grundy.play.session import Match
        from grundy.reports.messages import web_message

        body = _body(PLAY_FIELDS)
        game, position = _position(_field(body, "game", str, ""), _field(body, "position", str, ""))
        first = _field(body, "first", str, "you")
        match = Match(game, position, misere=_field(body, "misere", bool, False), first=first,
                      describe=web_message)
        if match.to_move == "computer" and not match.over:
            match.computer_turn()
        key = matches.add(match)
        return jsonify({"id": key, **match.turn_json()})

    @app.post("/api/play/<key>")
    def command(key: str) -> Response | tuple[Response, int]:
        from grundy.play.session import respond

        found = matches.get(key)
        if found is None:
            return jsonify(error=f"no match {key[:40]!r} (finished long ago, or never started)"), 404
        text = _field(_body(COMMAND_FIELDS), "command", str, "")[:MAX_TEXT]
        lock, match = found
        with lock:
            answer = respond(match, text)
        return (jsonify(answer), 400) if "error" in answer else jsonify(answer)


TABLE_CAPS = {"heaps": (MAX_UPTO, ""), "pairs": (MAX_GRID, " (a table of pairs)"),
              "positions": (MAX_GRID, " (a table of a game of your own)"),
              "family": (MAX_GRID, " (a family)")}
"""The largest ``upto`` the page computes for each kind of table, and how the refusal names it."""


def table_json(spec: str, upto: int) -> dict[str, Any]:
    """``grundy table SPEC --upto UPTO --json`` (:func:`grundy.reports.table_query.build_table`),
    within the page's bounds (:data:`TABLE_CAPS`)."""
    from grundy.reports.table_query import TableRequest, plan_table

    plan = plan_table(TableRequest(spec, upto))
    most, what = TABLE_CAPS.get(plan.kind.value, (MAX_GRID, ""))
    if not 0 <= upto <= most:
        raise BadRequest(f"upto must be 0..{most:,} here{what}, got {upto:,}; 'grundy table' on the "
                         f"command line goes further")
    return plan.build().to_json()


def _static(name: str) -> Response:
    kinds = {"html": "text/html", "js": "text/javascript", "css": "text/css", "png": "image/png"}
    kind = kinds.get(name.rpartition(".")[2])
    folder = resources.files("grundy.web") / "static"
    if kind is None or "/" in name or name.startswith(".") or not (folder / name).is_file():
        return Response("not found", status=404, mimetype="text/plain")
    return Response((folder / name).read_bytes(), mimetype=kind)


def _arg(name: str, default: str | None = None) -> str:
    value = request.args.get(name, default)
    if value is None or not value.strip():
        raise BadRequest(f"missing parameter {name!r}")
    if len(value) > MAX_TEXT:
        raise BadRequest(f"parameter {name!r} is too long ({len(value):,} characters; at most {MAX_TEXT:,})")
    return value


def _flag(name: str) -> bool:
    """A yes/no query parameter: ``1 true yes on`` or ``0 false no off`` (absent: no); anything
    else is a 400, never read as either."""
    text = request.args.get(name, "0").strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off", ""):
        return False
    raise BadRequest(f"parameter {name!r} is true or false (1 or 0), got {text[:40]!r}")


def _known_args(names: tuple[str, ...]) -> None:
    """Refuse a query parameter the endpoint does not take (a typo would otherwise be ignored)."""
    for name in request.args:
        if name not in names:
            raise BadRequest(f"unknown parameter {name[:40]!r}; this endpoint takes "
                             f"{', '.join(names)}")


def _int(text: str, name: str) -> int:
    try:
        return int(text.strip().replace("_", ""))
    except ValueError:
        raise BadRequest(f"{name} must be a whole number, got {text[:40]!r}") from None


PLAY_FIELDS = {"game": "a string", "position": "a string", "misere": "true or false",
               "first": "\"you\" or \"computer\""}
"""The fields of ``POST /api/play`` and their JSON types."""

COMMAND_FIELDS = {"command": "a string"}
"""The field of ``POST /api/play/ID``."""


def _body(fields: dict[str, str]) -> dict[str, Any]:
    """The request's JSON object, with no field but ``fields``."""
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise BadRequest(f"send a JSON object with the fields {', '.join(fields)}")
    for name in data:
        if name not in fields:
            raise BadRequest(f"unknown field {str(name)[:40]!r}; the fields are {', '.join(fields)}")
    return data


def _field(body: dict[str, Any], name: str, kind: type[T], default: T) -> T:
    """The field ``name`` of a JSON body, of the JSON type ``kind`` (a string where a boolean is
    expected is a 400, never read as true)."""
    value = body.get(name, default)
    if type(value) is not kind:  # (bool is an int: compared exactly)
        shown = json.dumps(value)[:40]
        raise BadRequest(f"field {name!r} must be {PLAY_FIELDS.get(name) or COMMAND_FIELDS.get(name)}, "
                         f"got {shown}")
    return value


def _position(game: str, position: str) -> tuple[Any, Any]:
    """Game and position of the page's two boxes: ``nim`` and ``3 4 5``, or a sum
    ``nim`` and ``3 + kayles 5``."""
    from grundy.catalog import parse_sum

    if len(game) > MAX_TEXT or len(position) > MAX_TEXT:
        raise BadRequest(f"the game and the position are at most {MAX_TEXT:,} characters each")
    if not game.strip() or not position.strip():
        raise BadRequest("give a game and a position")
    return parse_sum(f"{game.strip()} {position.strip()}")


DOCS_MISSING = """<!doctype html><html lang="en"><meta charset="utf-8"><title>grundy docs</title>
<h1>grundy docs</h1>
<p>The docs site is not built here. Build it from a checkout of grundy and serve it with the page:</p>
<pre>pip install '.[docs]'
mkdocs build             # writes site/
grundy serve --docs site</pre>
<p>Or read the pages as Markdown in <code>docs/</code> (Chinese: <code>docs/*.zh.md</code>).</p>
<p lang="zh">文档网站尚未构建：在 grundy 源码目录中运行 <code>mkdocs build</code>，再用
<code>grundy serve --docs site</code>；或直接阅读 <code>docs/*.zh.md</code>。</p>
<p><a href="/">back to grundy</a></p>
"""


def _docs(folder: str | None, path: str) -> Response:
    """A file of the built docs site (a folder's ``index.html``), or how to build it."""
    from pathlib import Path

    from flask import send_from_directory

    if folder is None or not (Path(folder) / "index.html").is_file():
        return Response(DOCS_MISSING, mimetype="text/html")
    if not path or path.endswith("/"):
        path += "index.html"
    return send_from_directory(Path(folder).resolve(), path)


def serve(host: str = "127.0.0.1", port: int = 8000, docs: str | None = None) -> Any:
    """A threaded server of :func:`create_app` on ``host:port`` (port 0: a free one), not yet
    started: call ``serve_forever()`` (and ``shutdown()`` from another thread); ``docs``: the
    built docs site to serve under ``/docs/``."""
    from werkzeug.serving import make_server

    return make_server(host, port, create_app(docs), threaded=True)
