"""The HTTP API and the table WebSocket, in-process: tables, seats, moves, refusals, races."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import Reader, create_table, hello
from starlette.websockets import WebSocketDisconnect

from parlour.core.options import options
from parlour.games.shut_the_box.rules import Rules
from parlour.server.app import create_app
from parlour.server.storage import Conflict, Storage

ALONE = [{"bot": None}]
VS_BOT = [{"bot": None}, {"bot": "optimal"}]


def hub(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


# ---- games and tables over HTTP ---------------------------------------------------------
def test_games_list_every_house_rule_and_bot_level(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    stb = games["shut-the-box"]
    assert [o["name"] for o in stb["options"]] == [o.name for o in options(Rules)]
    mode = next(o for o in stb["options"] if o["name"] == "mode")
    assert mode["kind"] == "choice" and "long" in mode["choices"] and mode["default"] == "round"
    assert stb["bots"] == ["random", "greedy", "optimal"]
    assert (stb["min_players"], stb["max_players"]) == (1, 8)


def test_a_table_gets_a_short_code_seats_and_tokens(client: TestClient) -> None:
    response = client.post("/api/tables", json={
        "game": "Shut the Box", "rules": {"tiles": 12, "scoring": "digits"},
        "seats": [{"bot": None}, {"bot": "greedy"}, {"bot": None, "name": "Bob"}],
        "join": [{"seat": 0, "name": "  Ann  "}]})
    assert response.status_code == 201
    body = response.json()
    code = body["code"]
    assert len(code) == 5 and code.isalnum() and code == code.upper()  # all digits can happen
    assert body["url"] == f"/t/{code}" and set(body["tokens"]) == {"0"}
    info = client.get(f"/api/tables/{code.lower()}").json()  # codes are read case-insensitively
    assert info["game"] == "shut-the-box" and info["rules"]["tiles"] == 12
    assert info["rules"]["scoring"] == "digits" and info["rules"]["mode"] == "round"
    assert [(s["name"], s["bot"], s["taken"]) for s in info["seats"]] == [
        ("Ann", None, True), ("Greedy bot", "greedy", True), ("Bob", None, False)]
    assert code in [t["code"] for t in client.get("/api/tables").json()]


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"game": "chess", "seats": ALONE}, 404, "unknown game"),
    ({"game": "shut-the-box", "seats": ALONE, "rules": {"tiles": 11}}, 400, "one of 9, 10, 12, not 11"),
    ({"game": "shut-the-box", "seats": ALONE, "rules": {"colour": "red"}}, 400, "unknown rule"),
    ({"game": "shut-the-box", "seats": ALONE * 3, "rules": {"mode": "long"}}, 400, "takes 2 players"),
    ({"game": "shut-the-box", "seats": [{"bot": "genius"}]}, 400, "has no bot 'genius'"),
    ({"game": "shut-the-box", "seats": VS_BOT, "join": [{"seat": 1}]}, 409, "bot's"),
    ({"game": "shut-the-box", "seats": VS_BOT, "join": [{"seat": 5}]}, 400, "no seat 5"),
    ({"game": "shut-the-box", "seats": ALONE, "join": [{"seat": 0, "name": "x" * 40}]}, 400, "at most"),
    ({"game": "shut-the-box", "seats": []}, 422, ""),
    ({"seats": ALONE}, 422, ""),
])
def test_bad_tables_are_refused_with_the_reason(client: TestClient, body: dict[str, Any], status: int,
                                                words: str) -> None:
    before = client.get("/api/tables").json()
    response = client.post("/api/tables", json=body)
    assert response.status_code == status, response.text
    assert words in json.dumps(response.json()["detail"])
    assert client.get("/api/tables").json() == before


def test_claiming_seats(client: TestClient) -> None:
    code, _ = create_table(client, [{"bot": None}, {"bot": "random"}, {"bot": None}])
    claim = client.post(f"/api/tables/{code}/seats/0", json={"name": "Ann"})
    assert claim.status_code == 200 and claim.json()["seat"] == 0 and len(claim.json()["token"]) > 20
    assert client.post(f"/api/tables/{code}/seats/0", json={"name": "Eve"}).json()["detail"] == \
        "seat 1 is taken"
    assert client.post(f"/api/tables/{code}/seats/1", json={"name": "Eve"}).status_code == 409
    assert client.post(f"/api/tables/{code}/seats/7", json={"name": "Eve"}).status_code == 404
    assert client.post(f"/api/tables/{code}/seats/2", json={"name": " "}).status_code == 400
    assert client.post(f"/api/tables/{code}/seats/2", json={"name": "a\x07b"}).status_code == 400
    assert client.post("/api/tables/NOPE1/seats/2", json={"name": "Eve"}).status_code == 404
    seats = client.get(f"/api/tables/{code}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Random bot", None]


def test_a_table_waits_until_every_persons_seat_is_taken(client: TestClient) -> None:
    """No deal, no bot move, nobody's turn while a seat is free; the game starts when it is taken,
    and the log calls the player by the name given when sitting down."""
    code, tokens = create_table(client, [{"bot": None}, {"bot": None}, {"bot": "random"}],
                                [{"seat": 0, "name": "Ann"}], game="go-fish")
    with client.websocket_connect(f"/ws/{code}") as ws:
        ann = hello(ws, [tokens["0"]])
        state = ann.state
        assert state is not None
        assert state["waiting_for"] == [1] and state["to_act"] == [] and state["legal"] == {}
        assert state["log"] == [] and not state["over"] and hub(client).get(code).seq == 0
        ann.send({"type": "move", "move": "ask 1 for 2s"})
        error = ann.error()
        assert error["code"] == "waiting" and "seat 2 is still free" in error["message"], error
        assert hub(client).get(code).seq == 0
        claim = client.post(f"/api/tables/{code}/seats/1", json={"name": "Bob"})
        assert claim.status_code == 200
        started = ann.until(lambda m: m["type"] == "state" and m["seq"] > 0)
        assert started["waiting_for"] == [] and started["to_act"]
        assert started["seats"][1]["name"] == "Bob"
        assert not any("Player 2" in line["text"] for line in started["log"]), started["log"]


def test_the_api_is_described_by_openapi(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert {"/api/games", "/api/tables", "/api/tables/{code}", "/api/tables/{code}/seats/{seat}"} <= \
        set(spec["paths"])
    assert "TableIn" in spec["components"]["schemas"]


def test_pages_and_static_files_are_served(client: TestClient) -> None:
    assert "<html" in client.get("/").text.lower()
    assert "<html" in client.get("/t/ABCDE").text.lower()
    assert client.get("/static/js/table.js").status_code == 200
    assert client.get("/static/../server/app.py").status_code == 404


# ---- the table socket ---------------------------------------------------------------------------
def test_a_whole_game_against_a_bot_and_the_next_one(client: TestClient) -> None:
    code, tokens = create_table(client, VS_BOT, [{"seat": 0, "name": "Ann"}])
    with client.websocket_connect(f"/ws/{code}") as ws:
        me = hello(ws, [tokens["0"]])
        state = me.settled()
        assert state["you"] == [0] and set(state["views"]) == {"0"} and state["view"] is None
        assert state["legal"] == {"0": ["roll 2"]}
        while not state["over"]:
            move = state["legal"]["0"][0]
            me.send({"type": "move", "move": move, "seq": state["seq"]})
            state = me.settled(state["seq"] + 1)
        score = r"(\d+|did not throw)"
        ending = rf"(wins|share the win|Nobody won)\. Scores: Ann: {score}, .*: {score}\.$"
        assert re.match(".*" + ending, state["result"]), state["result"]
        texts = [line["text"] for line in state["log"]]
        shut_by = state["views"]["0"]["history"][-1]["shut_by"]
        assert texts[0] == "Ann throws two dice"
        assert any("Optimal bot" in t for t in texts) or shut_by == 0  # Ann may shut the box first
        assert [line["n"] for line in state["log"]] == list(range(1, state["seq"] + 1))
        assert any(m["type"] == "state" and m["log_from"] > 0 for m in me.seen)  # later ones: new lines only
        assert len(state["history"]) == 1 and state["history"][0]["result"] == state["result"]
        wins = {s["seat"]: s["wins"] for s in state["standings"]}
        assert sorted(wins[s] for s in state["winners"]) == [1] * len(state["winners"])
        me.send({"type": "again"})
        fresh = me.until(lambda m: m["type"] == "state" and m["game_no"] == 2)
        assert fresh["seq"] == 0 and not fresh["over"] and fresh["legal"] == {"0": ["roll 2"]}
        assert fresh["history"] == state["history"]


def test_spectators_see_the_public_view_and_cannot_act(client: TestClient) -> None:
    code, _ = create_table(client, ALONE, [{"seat": 0, "name": "Ann"}])
    with client.websocket_connect(f"/ws/{code}") as ws:
        watcher = hello(ws, [])
        state = watcher.state
        assert state is not None and state["you"] == [] and state["views"] == {} and state["legal"] == {}
        assert state["view"]["seat"] is None and state["view"]["game"] == "shut-the-box"
        watcher.send({"type": "move", "move": "roll 2"})
        assert watcher.error() == {"type": "error", "code": "seat", "message": "spectators cannot move",
                                   "refused": {"move": "roll 2", "seq": None}}
        watcher.send({"type": "again"})
        assert watcher.error()["code"] == "seat"
        assert hub(client).get(code).seq == 0


@pytest.mark.parametrize(("message", "code", "words"), [
    ("not json", "bad-request", "not JSON"),
    ("[1, 2]", "bad-request", "JSON object"),
    ('{"type": "dance"}', "bad-request", "unknown message type"),
    ('{"type": "hello", "tokens": []}', "bad-request", "already said hello"),
    ('{"type": "move"}', "bad-request", "move as text"),
    ('{"type": "move", "move": "roll 2", "seat": 1}', "seat", "not sitting in seat 2"),
    ('{"type": "move", "move": "roll 2", "seat": "0"}', "seat", 'there is no seat "0"'),
    ('{"type": "move", "move": "roll 2", "seat": -1}', "seat", "there is no seat -1"),
    ('{"type": "move", "move": "roll 2", "seat": true}', "seat", "there is no seat true"),
    ('{"type": "move", "move": "roll 2", "seat": 7}', "seat", "there is no seat 7"),
    ('{"type": "move", "move": "roll 2", "seq": "x"}', "bad-request", "seq"),
    ('{"type": "move", "move": "roll 3"}', "invalid", "throw one die or two, not 3"),
    ('{"type": "move", "move": "roll 1"}', "illegal", "one die"),
    ('{"type": "move", "move": "9"}', "illegal", ""),
    ('{"type": "move", "move": "roll 2", "seq": 7}', "stale", "changed"),
    ('{"type": "move", "move": "' + "9" * 5000 + '"}', "bad-request", "too long"),
    ('{"type": "again"}', "not-over", "still being played"),
], ids=lambda v: v[:30] if isinstance(v, str) else v)
def test_bad_messages_get_a_clear_error_and_change_nothing(client: TestClient, message: str, code: str,
                                                           words: str) -> None:
    table_code, tokens = create_table(client, [{"bot": None}, {"bot": None}],
                                      [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}])
    with client.websocket_connect(f"/ws/{table_code}") as ws:
        me = hello(ws, [tokens["0"]])
        before = hub(client).get(table_code).state
        me.ws.send_text(message)
        error = me.error()
        assert error["code"] == code and words in error["message"], error
        sent = json.loads(message) if message.startswith("{") else None
        if words == "too long":  # refused unread, before it is decoded: it names nothing
            assert "refused" not in error
        elif sent is not None and sent.get("type") == "move":  # a refused move is named
            assert error["refused"] == {"move": str(sent.get("move"))[:200], "seq": sent.get("seq")}
        else:
            assert "refused" not in error
        assert hub(client).get(table_code).state is before
        me.send({"type": "move", "move": "roll 2"})  # the connection still works
        after = me.until(lambda m: m["type"] == "state" and m["seq"] == 2)
        assert after["log"][0]["text"] == "Ann throws two dice" and list(after["legal"]) == ["0"]


def test_binary_messages_are_refused(client: TestClient) -> None:
    code, tokens = create_table(client, ALONE, [{"seat": 0, "name": "Ann"}])
    with client.websocket_connect(f"/ws/{code}") as ws:
        me = hello(ws, [tokens["0"]])
        me.ws.send_bytes(b"\x00\x01")
        assert "not binary" in me.error()["message"]
        assert me.sync()["seq"] == 0


def test_moves_out_of_turn_are_refused_with_whose_turn_it_is(client: TestClient) -> None:
    code, tokens = create_table(client, [{"bot": None}, {"bot": None}],
                                [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}])
    with client.websocket_connect(f"/ws/{code}") as ws:
        bob = hello(ws, [tokens["1"]])
        bob.send({"type": "move", "move": "roll 2"})
        error = bob.error()
        assert error == {"type": "error", "code": "turn", "message": "it is not your turn: Ann to play",
                         "refused": {"move": "roll 2", "seq": None}}
        assert hub(client).get(code).seq == 0


@pytest.mark.parametrize("tokens", [["not-a-token"], [None], "abc"])
def test_a_wrong_token_is_refused_and_the_connection_closed(client: TestClient, tokens: Any) -> None:
    code, _ = create_table(client, ALONE, [{"seat": 0, "name": "Ann"}])
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "tokens": tokens})
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] in ("auth", "bad-request")
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_another_tables_token_opens_nothing(client: TestClient) -> None:
    code_a, tokens_a = create_table(client, ALONE, [{"seat": 0, "name": "Ann"}])
    code_b, _ = create_table(client, ALONE, [{"seat": 0, "name": "Bob"}])
    with client.websocket_connect(f"/ws/{code_b}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens_a["0"]]})
        assert ws.receive_json()["code"] == "auth"
    assert hub(client).get(code_b).seq == 0 and hub(client).get(code_a).seq == 0


def test_the_first_message_must_be_hello_and_tables_must_exist(client: TestClient) -> None:
    code, _ = create_table(client, ALONE, [{"seat": 0, "name": "Ann"}])
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "move", "move": "roll 2"})
        assert "hello" in ws.receive_json()["message"]
    with client.websocket_connect("/ws/ZZZZZ") as ws:
        error = ws.receive_json()
        assert error["code"] == "not-found" and "no table" in error["message"]


def test_two_moves_racing_for_one_turn_exactly_one_wins(client: TestClient) -> None:
    code, tokens = create_table(client, [{"bot": None}, {"bot": None}],
                                [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}])
    with client.websocket_connect(f"/ws/{code}") as ws1, client.websocket_connect(f"/ws/{code}") as ws2:
        tab1, tab2 = hello(ws1, [tokens["0"]]), hello(ws2, [tokens["0"]])  # Ann, in two tabs
        tab1.send({"type": "move", "move": "roll 2", "seq": 0})
        tab2.send({"type": "move", "move": "roll 2", "seq": 0})
        tab1.sync()
        tab2.sync()
        errors = [m for m in tab1.seen + tab2.seen if m["type"] == "error"]
        assert len(errors) == 1 and errors[0]["code"] == "stale"
        table = hub(client).get(code)
        assert [(i.seat, str(i.action)) for i in table.log][:1] == [(0, "Throw(2)")]
        assert table.seq == 2  # one throw, one roll of the dice


def test_the_log_refuses_a_second_write_to_the_same_place(tmp_path: Any) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    table_id = storage.create_table("ABCDE", "shut-the-box", {}, True, [])
    storage.append(table_id, 1, 1, 0, "roll 2", False)
    with pytest.raises(Conflict):
        storage.append(table_id, 1, 1, 0, "roll 1", False)
    with pytest.raises(Conflict):
        storage.create_table("ABCDE", "shut-the-box", {}, True, [])
    row = storage.load("ABCDE")
    assert row is not None and row.logs == {1: ((0, "roll 2"),)}


def test_hints_when_the_table_allows_them(client: TestClient) -> None:
    code, tokens = create_table(client, ALONE, [{"seat": 0, "name": "Ann"}], rules={"one_die": "low-total"})
    with client.websocket_connect(f"/ws/{code}") as ws:
        me = hello(ws, [tokens["0"]])
        me.send({"type": "move", "move": "roll 2"})
        state = me.until(lambda m: m["type"] == "state" and m["seq"] == 2)
        me.send({"type": "hint"})
        hint = me.until(lambda m: m["type"] == "hint")
        assert sorted(o["move"] for o in hint["options"]) == sorted(state["legal"]["0"])
        assert hint["summary"].startswith("Aim: shut the box")
        values = [o["value"] for o in hint["options"]]
        assert values == sorted(values, reverse=True)
    code, tokens = create_table(client, ALONE, [{"seat": 0, "name": "Ann"}], hints=False)
    with client.websocket_connect(f"/ws/{code}") as ws:
        me = hello(ws, [tokens["0"]])
        me.send({"type": "hint"})
        assert me.error()["code"] == "hints-off"


def test_pass_and_play_one_device_holds_several_seats(client: TestClient) -> None:
    code, tokens = create_table(client, [{"bot": None}, {"bot": None}],
                                [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}])
    with client.websocket_connect(f"/ws/{code}") as ws:
        device = hello(ws, [tokens["0"], tokens["1"]])
        state = device.state
        assert state is not None and state["you"] == [0, 1] and set(state["views"]) == {"0", "1"}
        device.send({"type": "move", "move": "roll 2"})
        assert device.error()["message"] == "say which of your seats moves"
        device.send({"type": "move", "move": "roll 2", "seat": 0})
        state = device.until(lambda m: m["type"] == "state" and m["seq"] == 2)
        assert list(state["legal"]) == ["0"]


def test_connected_seats_are_shown(client: TestClient) -> None:
    code, tokens = create_table(client, [{"bot": None}, {"bot": "greedy"}], [{"seat": 0, "name": "Ann"}])
    assert [s["connected"] for s in client.get(f"/api/tables/{code}").json()["seats"]] == [False, True]
    with client.websocket_connect(f"/ws/{code}") as ws:
        hello(ws, [tokens["0"]])
        assert [s["connected"] for s in client.get(f"/api/tables/{code}").json()["seats"]] == [True, True]


def test_a_new_app_on_the_same_database_resumes_the_table(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as first:
        code, tokens = create_table(first, VS_BOT, [{"seat": 0, "name": "Ann"}])
        with first.websocket_connect(f"/ws/{code}") as ws:
            me = hello(ws, [tokens["0"]])
            me.send({"type": "move", "move": "roll 2"})
            me.until(lambda m: m["type"] == "state" and m["seq"] == 2)
            me.send({"type": "move", "move": me.state["legal"]["0"][0]})  # type: ignore[index]
            before = me.until(lambda m: m["type"] == "state" and m["seq"] == 3)
    with TestClient(create_app(db_url, bot_delay=0)) as second, \
            second.websocket_connect(f"/ws/{code}") as ws:
        again = hello(ws, [tokens["0"]])
        state = again.state
        assert state is not None and state["seq"] == 3
        assert state["log"] == before["log"] and state["views"] == before["views"]


def test_reader_helpers_fail_when_nothing_wanted_arrives(client: TestClient) -> None:
    code, tokens = create_table(client, ALONE, [{"seat": 0, "name": "Ann"}])
    with client.websocket_connect(f"/ws/{code}") as ws:
        me: Reader = hello(ws, [tokens["0"]])
        me.send({"type": "ping"})
        with pytest.raises(AssertionError):
            me.until(lambda m: m["type"] == "never", limit=1)


def test_a_move_chosen_before_another_players_move_stands_if_its_choices_are_unchanged(
        client: TestClient) -> None:
    code, tokens = create_table(client, [{"bot": None}, {"bot": None}],
                                [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
                                rules={"mode": "simultaneous"})
    with client.websocket_connect(f"/ws/{code}") as w0, client.websocket_connect(f"/ws/{code}") as w1:
        ann, bob = hello(w0, [tokens["0"]]), hello(w1, [tokens["1"]])
        assert ann.state is not None and ann.state["to_act"] == [0, 1]
        ann.send({"type": "move", "move": "roll 2", "seq": 0, "game_no": 1})
        ann.until(lambda m: m["type"] == "state" and m["seq"] == 2)
        bob.send({"type": "move", "move": "roll 2", "seq": 0, "game_no": 1})  # chosen at seq 0
        assert bob.until(lambda m: m["type"] == "state" and m["seq"] == 4)["legal"]["1"]
        ann.send({"type": "move", "move": "roll 2", "seq": 0})  # Ann's own choices have changed since
        assert ann.error()["code"] == "stale"
        ann.send({"type": "move", "move": "roll 2", "seq": 4, "game_no": 2})
        assert ann.error()["code"] == "stale"
        assert hub(client).get(code).seq == 4
