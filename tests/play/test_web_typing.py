"""The web API's inputs are typed and its messages speak its own language.

``{"misere": "false"}`` is a 400 (it used to start a misère match: any non-empty string is true in
Python); a query flag is true or false, nothing else; an unknown field or parameter (a typo such as
``misère``) is refused, not ignored; a message never names a Python parameter (``limit=``).
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("flask", reason="grundy serve needs Flask: pip install 'grundy[web]'")

from grundy.web.app import create_app


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app().test_client()


@pytest.mark.parametrize("body", [
    {"game": "nim", "position": "3", "misere": "false"},
    {"game": "nim", "position": "3", "misere": "true"},
    {"game": "nim", "position": "3", "misere": 0},
    {"game": "nim", "position": 3},
    {"game": ["nim"], "position": "3"},
    {"game": "nim", "position": "3", "first": True},
    {"game": "nim", "position": "3", "misère": True},
    {"game": "nim", "position": "3", "first": "me"},
])
def test_play_fields_are_typed(client: Any, body: dict[str, Any]) -> None:
    answer = client.post("/api/play", json=body)
    data = answer.get_json()
    assert answer.status_code == 400 and list(data) == ["error"], data
    assert "\n" not in data["error"] and "--" not in data["error"]


@pytest.mark.parametrize(("misere", "expected"), [(False, False), (True, True), (None, False)])
def test_play_misere_is_a_boolean(client: Any, misere: bool | None, expected: bool) -> None:
    body: dict[str, Any] = {"game": "nim", "position": "3 4"}
    if misere is not None:
        body["misere"] = misere
    data = client.post("/api/play", json=body).get_json()
    assert data["misere"] is expected


def test_play_command_is_a_string(client: Any) -> None:
    key = client.post("/api/play", json={"game": "nim", "position": "3 4"}).get_json()["id"]
    for body in ({"command": 5}, {"command": None}, {"move": "hint"}):
        answer = client.post(f"/api/play/{key}", json=body)
        assert answer.status_code == 400, body
    assert client.post(f"/api/play/{key}", json={"command": "hint"}).status_code == 200


@pytest.mark.parametrize("query", [
    "game=nim&position=3&misere=false", "game=nim&position=3&misere=0", "game=nim&position=3"])
def test_solve_false_flags_mean_normal_play(client: Any, query: str) -> None:
    assert client.get(f"/api/solve?{query}").get_json()["misere"] is False


@pytest.mark.parametrize("query", [
    "game=nim&position=3&misere=maybe", "game=nim&position=3&explain=2", "game=nim&position=3&limit=5",
    "game=nim&position=3&misère=1"])
def test_solve_refuses_bad_query_strings(client: Any, query: str) -> None:
    answer = client.get(f"/api/solve?{query}")
    assert answer.status_code == 400 and "\n" not in answer.get_json()["error"]


@pytest.mark.slow
def test_messages_never_name_python_parameters(client: Any) -> None:
    """A message that tells how to get further names the command line's flag or command, said to
    be the command line's, never ``limit=`` or ``quotient_table(game, upto=N)``."""
    answer = client.get("/api/solve", query_string={"game": "dawson-kayles", "position": "10**18",
                                                    "misere": "1"})
    error = answer.get_json()["error"]
    assert answer.status_code == 422
    assert "quotient_table(" not in error and "upto=" not in error and "command line" in error
    first = client.post("/api/play", json={"game": "nim", "position": "3", "first": "me"})
    assert "first=" not in first.get_json()["error"]
