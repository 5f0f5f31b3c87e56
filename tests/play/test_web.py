"""``grundy serve``: the JSON API answers the command line's own objects, bad input is a 4xx with
one line, and a real threaded server survives malformed and concurrent requests."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

flask = pytest.importorskip("flask", reason="grundy serve needs Flask: pip install 'grundy[web]'")

from grundy.web.app import create_app, serve  # noqa: E402
from tests.helpers import run  # noqa: E402
from tests.schemas import checked_client  # noqa: E402


@pytest.fixture(scope="module")
def client() -> Any:
    return checked_client(create_app())


def _cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize(("game", "position", "extra"), [
    ("nim", "3 4 5", []), ("kayles", "7 + nim 3", []), ("subtraction(1,3,4)", "10 7", ["--misere"]),
    ("wythoff", "3 5", ["--explain"]), ("digraph(example=2)", "x y", []),
])
def test_solve_is_the_cli_object(client: Any, capsys: pytest.CaptureFixture[str], game: str, position: str,
                                 extra: list[str]) -> None:
    query = {"game": game, "position": position, "misere": "1" if "--misere" in extra else "0",
             "explain": "1" if "--explain" in extra else "0"}
    answer = client.get("/api/solve", query_string=query)
    assert answer.status_code == 200
    assert answer.get_json() == _cli_json(capsys, "solve", game, *position.split(), *extra, "--json")


@pytest.mark.parametrize(("game", "upto"), [("subtraction(1,3,4)", 40), ("wythoff", 12)])
def test_table_is_the_cli_object(client: Any, capsys: pytest.CaptureFixture[str], game: str,
                                 upto: int) -> None:
    answer = client.get("/api/table", query_string={"game": game, "upto": upto})
    assert answer.status_code == 200
    web, cli = answer.get_json(), _cli_json(capsys, "table", game, "--upto", str(upto), "--json")
    web.pop("seconds", None), cli.pop("seconds", None)  # how long it took differs, nothing else
    assert web == cli
    assert web["patterns"] or game == "wythoff"  # subtraction: proved period and P-positions


def test_play_speaks_the_cli_protocol(client: Any, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    start = client.post("/api/play", json={"game": "nim", "position": "2 3", "first": "you"}).get_json()
    key = start.pop("id")
    lines = ["heap 2: take 1", "bogus", "why", "undo", "heap 1: take 1", "hint"]
    web = [start]
    for line in lines:
        response = client.post(f"/api/play/{key}", json={"command": line})
        assert response.status_code == (400 if line == "bogus" else 200)
        web.append(response.get_json())
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, err = run(capsys, "play", "nim", "2", "3", "--json")
    assert code == 0, err
    assert web == [json.loads(x) for x in out.splitlines()]


@pytest.mark.parametrize(("method", "url", "body", "status", "words"), [
    ("get", "/api/solve?game=nimm&position=3", None, 400, "did you mean 'nim'"),
    ("get", "/api/solve?game=nim", None, 400, "missing parameter 'position'"),
    ("get", "/api/solve?game=nim&position=-3", None, 400, "-3"),
    ("get", "/api/table?game=nim&upto=10**9", None, 400, "whole number"),
    ("get", "/api/table?game=kayles&upto=100000000", None, 400, "upto must be"),
    ("get", "/api/table?game=turning-turtles&upto=10", None, 422, "no table"),
    ("get", "/api/solve?game=" + "x" * 5000 + "&position=1", None, 400, "too long"),
    ("post", "/api/play", "not json", 400, "JSON object"),
    ("post", "/api/play", {"game": "nim", "position": "3", "first": "me"}, 400, "'me'"),
    ("post", "/api/play/ffff", {"command": "hint"}, 404, "no match"),
    ("get", "/api/nothing", None, 404, "Not Found"),
    ("get", "/static/../app.py", None, 404, "not found"),
])
def test_bad_input_is_a_4xx_with_one_line(client: Any, method: str, url: str, body: Any, status: int,
                                          words: str) -> None:
    if method == "get":
        answer = client.get(url)
    elif isinstance(body, str):
        answer = client.post(url, data=body, content_type="application/json")
    else:
        answer = client.post(url, json=body)
    assert answer.status_code == status
    text = answer.get_json()["error"] if answer.is_json else answer.get_data(as_text=True)
    assert words in text and "\n" not in text


def test_the_page_and_its_files_are_package_data(client: Any) -> None:
    page = client.get("/")
    assert page.status_code == 200 and b'id="game-select"' in page.data
    for name, kind in [("app.js", "javascript"), ("style.css", "css")]:
        answer = client.get(f"/static/{name}")
        assert answer.status_code == 200 and kind in answer.content_type
    names = {g["name"] for g in client.get("/api/games").get_json()}
    assert {"nim", "kayles", "wythoff"} <= names and "digraph" not in names  # graph files: not from a browser


@pytest.fixture()
def server() -> Iterator[str]:
    httpd = serve("127.0.0.1", 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


def _get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_a_threaded_server_survives_malformed_and_concurrent_requests(server: str) -> None:
    import socket

    host, port = server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as raw:  # not HTTP at all
        raw.sendall(b"\x00\xffGARBAGE\r\n\r\n")
        raw.recv(1024)
    urls = [f"{server}/api/solve?game=nim&position={n}%20{n + 1}%20{n + 3}" for n in range(12)]
    urls += [f"{server}/api/table?game=kayles&upto={50 + n}" for n in range(4)]
    urls += [f"{server}/api/solve?game=nimm&position=3"] * 4
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(_get, urls))
    for n, (status, data) in enumerate(answers[:12]):
        assert status == 200 and data["position"] == f"{n} {n + 1} {n + 3}"
        assert data["grundy"] == n ^ (n + 1) ^ (n + 3)
    tables = answers[12:16]
    assert all(status == 200 and len(data["values"]) == 51 + i for i, (status, data) in enumerate(tables))
    assert all(status == 400 for status, _ in answers[16:])
    assert _get(f"{server}/api/solve?game=nim&position=1%202")[1]["outcome"] == "N"  # still serving


def test_games_of_rules_files_are_on_the_page(tmp_path: Any) -> None:
    from grundy import catalog
    from grundy.cli.rules import load_rules

    path = tmp_path / "web_rules.py"
    path.write_text('import grundy\n\n\n@grundy.heap_game("web-digit", summary="take a digit")\n'
                    'def take(n):\n    return [n - int(d) for d in str(n) if d != "0"]\n')
    load_rules(str(path))
    try:
        web = checked_client(create_app())
        entry = [g for g in web.get("/api/games").get_json() if g["name"] == "web-digit"]
        assert entry and entry[0]["summary"] == "take a digit"
        # 10 has one move, to 9, which wins by taking all 9: 10 is lost, and 11 → 10 wins
        answer = web.get("/api/solve", query_string={"game": "web-digit", "position": "11"}).get_json()
        assert answer["outcome"] == "N" and [m["to"] for m in answer["winning_moves"]] == ["10"]
    finally:
        catalog.unregister("web-digit")


@pytest.mark.parametrize("spec", ["__import__('os').system('false')", "nim; import os", "exec(1)"])
def test_code_from_the_browser_is_never_run(client: Any, spec: str) -> None:
    answer = client.get("/api/solve", query_string={"game": spec, "position": "1"})
    assert answer.status_code == 400 and "\n" not in answer.get_json()["error"]
