"""A local web page: pick a game, solve a position, see a table with its heat map and patterns,
and play against the perfect opponent.

The page uses a JSON API whose answers are the command line's own objects: /api/solve?game=G&
position=P[&misere=1] is 'grundy solve G P --json', /api/table?game=G&upto=N is 'grundy table G
--upto N --json', and /api/play speaks the 'grundy play --json' protocol. Games of '--rules
FILE.py' (given when the server starts) are on the page too; nothing the browser sends is run.
"""

from __future__ import annotations

import argparse
import sys

from grundy.cli.common import emit, non_negative_int
from grundy.errors import InvalidInputError

EPILOG = """examples:
  grundy serve                        (then open http://127.0.0.1:8000/)
  grundy serve --port 8080 --rules my_games.py
  grundy serve --docs site            (the docs site built by 'mkdocs build', at /docs/)
"""

WEB_MISSING = ("'grundy serve' needs Flask, which is not installed: pip install flask "
               "(or pip install 'grundy[web]'; from a checkout of grundy: pip install '.[web]')")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grundy serve``."""
    parser.add_argument("--port", type=non_negative_int, default=8000,
                        help="port to listen on (default 8000; 0: any free port)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to bind (default 127.0.0.1: this machine only)")
    parser.add_argument("--docs", metavar="DIR",
                        help="the built docs site ('mkdocs build' writes site/; the default when "
                             "it exists), served at /docs/, which the page links to")


def _docs_folder(given: str | None) -> str | None:
    """``--docs DIR`` (which must hold a built site), else ``./site`` when it holds one."""
    from pathlib import Path

    if given is not None:
        if not (Path(given) / "index.html").is_file():
            raise InvalidInputError(f"--docs {given!r}: no index.html there (build the site with "
                                    f"'mkdocs build', which writes site/)")
        return given
    return "site" if Path("site/index.html").is_file() else None


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C."""
    try:
        from grundy.web.app import serve
    except ImportError as exc:
        if "flask" in str(exc).lower() or "werkzeug" in str(exc).lower():
            raise InvalidInputError(WEB_MISSING) from None
        raise
    if args.port > 65535:
        raise InvalidInputError(f"--port must be 0..65535, got {args.port}")
    try:
        server = serve(args.host, args.port, _docs_folder(args.docs))
    except OSError as exc:
        raise InvalidInputError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    emit(f"grundy: serving on http://{args.host}:{server.server_port}/ (Ctrl-C stops; the docs "
         f"at /docs/)")
    sys.stdout.flush()
    try:
        server.serve_forever()
    finally:
        server.server_close()
    return 0
