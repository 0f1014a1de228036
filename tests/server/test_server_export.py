"""Exporting a table's games in their own file format (PDN for draughts), draughts tables set up
from a position (the ``start`` rule), and draughts tables of two bots, which end by their draw
agreement under the manual's rules: over HTTP and the table socket, in-process."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from serverkit import create_table, hello

from parlour.games.draughts.pdn import read_game

PEOPLE = [{"bot": None, "name": "Ann"}, {"bot": None, "name": "Bob"}]
BOTH = [{"seat": 0}, {"seat": 1}]
SETUP = "W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"


def play(reader: Any, moves: list[str]) -> dict[str, Any]:
    for move in moves:
        state = reader.settled()
        seat = state["to_act"][0]
        reader.send({"type": "move", "seat": seat, "move": move, "seq": state["seq"]})
        reader.until(lambda m, n=state["seq"] + 1: m["type"] == "state" and m["seq"] >= n)
    return reader.settled()


def test_a_draughts_game_exports_as_pdn_while_played_and_after(client: TestClient) -> None:
    code, tokens = create_table(client, PEOPLE, BOTH, game="draughts", rules={"colours": "first-black"})
    empty = client.get(f"/api/tables/{code}/export")
    assert empty.status_code == 200
    assert empty.headers["content-disposition"] == f'attachment; filename="draughts-{code}-game-1.pdn"'
    assert read_game(empty.text).moves == () and '[Result "*"]' in empty.text
    with client.websocket_connect(f"/ws/{code}") as ws:
        me = hello(ws, list(tokens.values()))
        play(me, ["11-15", "23-19"])
        during = read_game(client.get(f"/api/tables/{code}/export").text)
        assert [m.text for m in during.moves] == ["11-15", "23-19"] and during.result == "*"
        state = play(me, ["resign"])
        assert state["over"]
        me.send({"type": "again"})
        me.until(lambda m: m["type"] == "state" and m["game_no"] == 2)
        play(me, ["9-13"])
    first = client.get(f"/api/tables/{code}/export?game_no=1").text
    game = read_game(first)
    assert [m.text for m in game.moves] == ["11-15", "23-19"]
    assert game.tag("Black") == "Ann" and game.tag("White") == "Bob" and game.tag("Round") == "1"
    assert game.tag("Event") == f"Parlour table {code}" and game.result == "0-1"  # Ann (Black) resigned
    assert "1. 11-15 23-19 {Black resigns} 0-1" in " ".join(first.split())
    assert game.tag("Date") and "?" not in game.tag("Date")  # the day the game began
    second = read_game(client.get(f"/api/tables/{code}/export").text)
    assert [m.text for m in second.moves] == ["9-13"] and second.tag("Round") == "2"


def test_export_refuses_games_that_do_not_exist_and_hidden_cards_in_play(client: TestClient) -> None:
    code, _ = create_table(client, PEOPLE, game="draughts")
    for bad in ("?game_no=0", "?game_no=2"):
        response = client.get(f"/api/tables/{code}/export{bad}")
        assert response.status_code == 404 and "has no game" in response.json()["detail"]
    assert client.get(f"/api/tables/{code}/export?game_no=one").status_code == 422
    assert client.get("/api/tables/NOSUCH/export").status_code == 404
    gin, _ = create_table(client, [{"bot": None}, {"bot": "simple"}], game="gin-rummy")
    refused = client.get(f"/api/tables/{gin}/export")
    assert refused.status_code == 409 and "hidden cards" in refused.json()["detail"]
    stb, _ = create_table(client, [{"bot": None}])
    none = client.get(f"/api/tables/{stb}/export")
    assert none.status_code == 404 and "no file format" in none.json()["detail"]


def test_a_draughts_table_starts_from_a_set_up_position(client: TestClient) -> None:
    code, tokens = create_table(client, PEOPLE, BOTH, game="draughts",
                                rules={"start": f"  {SETUP} ", "colours": "first-black"})
    info = client.get(f"/api/tables/{code}").json()
    assert info["rules"]["start"] == SETUP
    with client.websocket_connect(f"/ws/{code}") as ws:
        me = hello(ws, list(tokens.values()))
        view = me.settled()["views"]["0"]
        assert view["fen"] == SETUP and view["turn"] == "white" and view["black_started"] is False
        assert view["rules"]["start"] == SETUP and view["move_number"] == 1
        assert me.state is not None and me.state["to_act"] == [1]  # White (Bob) moves first here
        view = play(me, ["10-6"])["views"]["0"]
        assert view["move_number"] == 2 and view["turn"] == "black"
    exported = client.get(f"/api/tables/{code}/export").text
    assert f'[FEN "{SETUP}"]' in exported and '[SetUp "1"]' in exported and "1... 10-6" in exported
    assert read_game(exported).start.fen() == SETUP


def test_a_bad_set_up_position_is_refused_with_the_reason(client: TestClient) -> None:
    for start, why in (("B:W1:B5", "would have been crowned"), ("W:W:B1,2", "has no pieces"),
                       ("Q:W1", "starts with the side to move"), ("W:W29:B22,25", "has no move")):
        response = client.post("/api/tables", json={"game": "draughts", "seats": PEOPLE,
                                                     "rules": {"start": start}})
        assert response.status_code == 400 and why in response.json()["detail"], (start, response.text)
    too_long = client.post("/api/tables", json={"game": "draughts", "seats": PEOPLE,
                                                "rules": {"start": "B:W" + "1," * 400 + "2"}})
    assert too_long.status_code == 400 and "too long" in too_long.json()["detail"]
    wrong = client.post("/api/tables", json={"game": "draughts", "seats": PEOPLE, "rules": {"start": 12}})
    assert wrong.status_code == 400 and "must be text" in wrong.json()["detail"]
    assert client.get("/api/tables").json() == []  # nothing was made


# ---- the engine's review of a finished game -------------------------------------------------------


def test_a_finished_draughts_game_is_reviewed_once_and_kept(client: TestClient, monkeypatch: Any) -> None:
    from parlour.games.draughts.game import Draughts

    calls = []
    real = Draughts.review

    def counted(self: Draughts, record: Any) -> Any:
        calls.append(record)
        return real(self, record)

    monkeypatch.setattr(Draughts, "review", counted)
    code, tokens = create_table(client, PEOPLE, BOTH, game="draughts",
                                rules={"start": "B:W23,32:B14,1", "colours": "first-black"})
    with client.websocket_connect(f"/ws/{code}") as ws:
        me = hello(ws, list(tokens.values()))
        play(me, ["14-18", "23x14"])  # Black's 14-18 loses the man (14-17 was safe)
        early = client.get(f"/api/tables/{code}/review")
        assert early.status_code == 409 and "still being played" in early.json()["detail"]
        assert calls == []
        assert play(me, ["resign"])["over"]
    review = client.get(f"/api/tables/{code}/review")
    assert review.status_code == 200, review.text
    body = review.json()
    assert body["code"] == code and body["game_no"] == 1 and body["moves"] == 2
    assert [(m["ply"], m["move"], m["colour"], m["played"], m["better"]) for m in body["mistakes"]] == [
        (0, "1.", "black", "14-18", "14-17")]
    assert "23x14" in body["mistakes"][0]["why"]
    assert client.get(f"/api/tables/{code}/review?game_no=1").json() == body
    assert len(calls) == 1  # a finished game never changes: reviewed once
    assert client.get(f"/api/tables/{code}/review?game_no=3").status_code == 404


def test_a_game_without_a_reviewer_says_so(client: TestClient) -> None:
    code, _ = create_table(client, [{"bot": "optimal"}])  # Shut the Box, played by the bot alone
    for _ in range(2000):
        if client.get(f"/api/tables/{code}").json()["over"]:
            break
    else:
        raise AssertionError("the bot's game did not end")
    refused = client.get(f"/api/tables/{code}/review")
    assert refused.status_code == 404 and "has no reviewer" in refused.json()["detail"]


# ---- a table of two bots ----------------------------------------------------------------------------


def finished(client: TestClient, code: str) -> str:
    """The PDN of the table's first game, once the bots have finished it."""
    for _ in range(5000):
        if client.get(f"/api/tables/{code}").json()["over"]:
            return client.get(f"/api/tables/{code}/export").text
    raise AssertionError("the bots' game did not end")


def test_a_draughts_table_of_two_bots_ends_by_their_draw_agreement(client: TestClient) -> None:
    # level kings under the manual's rules (no repetition draw, no move limit): only an agreed draw ends it
    code, _ = create_table(client, [{"bot": "beginner"}, {"bot": "random"}], game="draughts",
                           rules={"start": "B:WK32,K28:BK1,K5", "colours": "first-black"})
    assert client.get(f"/api/tables/{code}").json()["rules"]["repetition_draw"] is False
    pdn = finished(client, code)
    assert "{Black offers a draw}" in pdn and "{White accepts the draw}" in pdn
    assert read_game(pdn).result == "1/2-1/2"
    for seed in range(3):  # and from the start, two random bots
        client.app.state.hub.rng = random.Random(seed)  # type: ignore[attr-defined]
        code, _ = create_table(client, [{"bot": "random"}, {"bot": "random"}], game="draughts")
        assert read_game(finished(client, code)).result in ("1-0", "0-1", "1/2-1/2")
