"""A seat's token opens that seat at that table and nothing else.

(Also in ``test_server_api.py``: a token that opens nothing, another table's token, a spectator's
move, a move naming a seat not held while it is not that seat's turn.)
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create_table, hello
from starlette.websockets import WebSocketDisconnect

TWO = [{"bot": None}, {"bot": None}]


def hub(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


def test_a_token_cannot_move_another_seat_even_on_that_seats_turn(client: TestClient) -> None:
    code, tokens = create_table(client, TWO, [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
                                rules={"rounds": 2})
    with client.websocket_connect(f"/ws/{code}") as w0, client.websocket_connect(f"/ws/{code}") as w1:
        ann, bob = hello(w0, [tokens["0"]]), hello(w1, [tokens["1"]])
        state = ann.settled()
        while state["to_act"] == [0]:  # Ann plays her turn to its end
            ann.send({"type": "move", "move": state["legal"]["0"][0], "seq": state["seq"]})
            state = ann.settled(state["seq"] + 1)
        assert state["to_act"] == [1] and not state["over"]
        mine = bob.settled(state["seq"])
        assert ann.state is not None and ann.state["legal"] == {}  # Ann is not told Bob's moves
        move = mine["legal"]["1"][0]
        for seat in (1, True, "1", 1.0, [1]):  # Bob's seat, however it is written
            ann.send({"type": "move", "move": move, "seat": seat, "seq": state["seq"]})
            error = ann.error()
            assert error["code"] == "seat" and ("not sitting in seat" in error["message"]
                                                or "there is no seat" in error["message"]), error
            assert ann.sync()["seq"] == state["seq"]
        ann.send({"type": "hint", "seat": 1})
        assert ann.error() == {"type": "error", "code": "seat", "message": "hints are only for your own seat"}
        assert hub(client).get(code).seq == state["seq"]
        for seat in (True, "1", 1.0):  # not how a seat is written, even one Bob holds
            bob.send({"type": "hint", "seat": seat})
            reply = bob.until(lambda m: m["type"] in ("error", "hint"))
            assert reply == {"type": "error", "code": "seat", "message": "hints are only for your own seat"}
        bob.send({"type": "move", "move": move, "seq": state["seq"]})  # Bob may, of course
        assert bob.settled(state["seq"] + 1)["log"][state["seq"]]["seat"] == 1


def test_a_device_holding_two_seats_cannot_act_for_a_third(client: TestClient) -> None:
    code, tokens = create_table(client, [{"bot": None}] * 3, [{"seat": 0, "name": "Ann"},
                                                              {"seat": 1, "name": "Bob"},
                                                              {"seat": 2, "name": "Cat"}])
    with client.websocket_connect(f"/ws/{code}") as ws:
        device = hello(ws, [tokens["1"], tokens["2"]])
        assert device.state is not None and device.state["you"] == [1, 2]
        device.send({"type": "move", "move": "roll 2", "seat": 0, "seq": 0})  # seat 0 is to act
        assert device.error()["code"] == "seat"
        device.send({"type": "move", "move": "roll 2", "seq": 0})  # which seat? it must say
        assert device.error() == {"type": "error", "code": "seat", "message": "say which of your seats moves",
                                  "refused": {"move": "roll 2", "seq": 0}}
        device.send({"type": "move", "move": "roll 2", "seat": 1, "seq": 0})  # its own, out of turn
        assert device.error()["code"] == "turn"
    assert hub(client).get(code).seq == 0


@pytest.mark.parametrize("order", ["good-first", "bad-first"])
def test_one_foreign_token_refuses_the_whole_hello(client: TestClient, order: str) -> None:
    """A hello with a good token and another table's token for the same seat opens nothing."""
    code_a, tokens_a = create_table(client, TWO, [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}])
    code_b, tokens_b = create_table(client, TWO, [{"seat": 0, "name": "Cat"}, {"seat": 1, "name": "Dan"}])
    pair = [tokens_b["0"], tokens_a["1"]] if order == "good-first" else [tokens_a["1"], tokens_b["0"]]
    with client.websocket_connect(f"/ws/{code_b}") as ws:
        ws.send_json({"type": "hello", "tokens": pair})
        assert ws.receive_json()["code"] == "auth"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401
    info = client.get(f"/api/tables/{code_b}").json()
    assert [s["connected"] for s in info["seats"]] == [False, False]
    # each table's tokens still open their own seats, and only those
    for code, tokens in ((code_a, tokens_a), (code_b, tokens_b)):
        with client.websocket_connect(f"/ws/{code}") as ws:
            assert hello(ws, [tokens["1"]]).state["you"] == [1]  # type: ignore[index]


def test_a_token_that_is_not_unicode_text_is_an_auth_error(client: TestClient) -> None:
    """A lone surrogate (valid JSON, not encodable text) is a token like any other that opens nothing,
    and a move made of one is refused with the move named (the connection carries on)."""
    code, tokens = create_table(client, TWO, [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}])
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_text('{"type": "hello", "tokens": ["\\ud800"]}')
        error = ws.receive_json()
        assert error["code"] == "auth" and "not for a seat" in error["message"], error
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401
    with client.websocket_connect(f"/ws/{code}") as ws:
        ann = hello(ws, [tokens["0"]])
        ws.send_text('{"type": "move", "move": "\\ud800", "seq": 0}')
        error = ann.error()
        assert error["code"] in ("invalid", "illegal") and error["refused"]["move"] == "\ud800", error
        assert ann.sync()["seq"] == 0


def test_codes_are_case_insensitive_but_tokens_are_not(client: TestClient) -> None:
    code, tokens = create_table(client, TWO, [{"seat": 0, "name": "Ann"}])
    with client.websocket_connect(f"/ws/{code.lower()}") as ws:
        assert hello(ws, [tokens["0"]]).state["you"] == [0]  # type: ignore[index]
    token = tokens["0"]
    assert token.swapcase() != token  # (24 random bytes in base64: some letters)
    for wrong in (token.swapcase(), token[:-1], token + "x", " " + token):
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.send_json({"type": "hello", "tokens": [wrong]})
            assert ws.receive_json()["code"] == "auth"


def test_a_claimed_seats_token_opens_that_seat_alone(client: TestClient) -> None:
    code, tokens = create_table(client, TWO, [{"seat": 0, "name": "Ann"}])
    claimed = client.post(f"/api/tables/{code}/seats/1", json={"name": "Bob"}).json()
    assert claimed["seat"] == 1 and claimed["token"] != tokens["0"]
    assert client.post(f"/api/tables/{code}/seats/1", json={"name": "Eve"}).status_code == 409
    with client.websocket_connect(f"/ws/{code}") as ws:
        bob = hello(ws, [claimed["token"]])
        assert bob.state is not None and bob.state["you"] == [1] and list(bob.state["views"]) == ["1"]
        bob.send({"type": "move", "move": "roll 2", "seat": 0, "seq": 0})
        assert bob.error()["code"] == "seat"
    assert hub(client).get(code).seq == 0


def test_tokens_are_kept_only_as_hashes(client: TestClient, db_url: str) -> None:
    code, tokens = create_table(client, TWO, [{"seat": 0, "name": "Ann"}])
    claimed = client.post(f"/api/tables/{code}/seats/1", json={"name": "Bob"}).json()["token"]
    path = Path(db_url.removeprefix("sqlite:///"))
    with contextlib.closing(sqlite3.connect(path)) as db:
        rows = [tuple(str(v) for v in row) for name in ("tables", "seats")
                for row in db.execute(f"SELECT * FROM {name}")]
    stored = " ".join(" ".join(row) for row in rows)
    assert rows and tokens["0"] not in stored and claimed not in stored
    assert stored.count("Ann") == 1 and "Bob" in stored
