"""A table's games step by step (``/api/tables/{code}/replay``): every position as a spectator saw
it, rebuilt from the stored log; refused for games still played (but for draughts' look back) and
for tables and games that do not exist."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create_table, hello, play_watched

PEOPLE = [{"bot": None, "name": "Ann"}, {"bot": None, "name": "Bob"}]
BOTH = [{"seat": 0}, {"seat": 1}]


def play(reader: Any, moves: list[str]) -> dict[str, Any]:
    for move in moves:
        state = reader.settled()
        reader.send({"type": "move", "seat": state["to_act"][0], "move": move, "seq": state["seq"]})
        reader.until(lambda m, n=state["seq"] + 1: m["type"] == "state" and m["seq"] >= n)
    return reader.settled()


@pytest.mark.parametrize(("game", "seats"), [
    ("gin-rummy", [None, None]), ("go-fish", [None, "memory", None]), ("blackjack", [None, None]),
    ("dominoes", [None, "heuristic"]), ("yahtzee", [None]), ("shut-the-box", [None, None]),
])
def test_each_step_is_what_a_spectator_saw_then(client: TestClient, game: str, seats: list[Any]) -> None:
    table, seen = play_watched(client, game, seats, {}, seed=7)
    watched = {m["seq"]: m for m in seen[None] if m["type"] == "state"}
    replay = client.get(f"/api/tables/{table.code}/replay").json()
    steps = replay["steps"]
    assert [s["n"] for s in steps] == list(range(table.seq + 1))
    assert replay["over"] and replay["result"] == watched[table.seq]["result"]
    for step in steps:
        if step["n"] in watched:  # every position the spectator was sent (chance runs on unseen)
            assert step["view"] == watched[step["n"]]["view"], f"step {step['n']}"
            assert step["to_act"] == watched[step["n"]]["to_act"]
    lines = watched[table.seq]["log"]
    assert [s["text"] for s in steps[1:]] == [line["text"] for line in lines]
    assert [s["seat"] for s in steps[1:]] == [line["seat"] for line in lines]
    hidden = table.game.spec.hidden_information
    for step in steps[1:]:
        assert (step["move"] is None) == (hidden and step["seat"] == -1)  # no deck order, ever
        assert step["who"] == ("Chance" if step["seat"] == -1 else replay["names"][step["seat"]])


def test_a_draughts_replay_and_its_look_back_while_played(client: TestClient) -> None:
    code, tokens = create_table(client, PEOPLE, BOTH, game="draughts", rules={"colours": "first-black"})
    with client.websocket_connect(f"/ws/{code}") as ws:
        me = hello(ws, list(tokens.values()))
        play(me, ["11-15", "23-19"])
        refused = client.get(f"/api/tables/{code}/replay")
        assert refused.status_code == 409 and "still being played" in refused.json()["detail"]
        look = client.get(f"/api/tables/{code}/replay?live=true").json()
        assert [s["move"] for s in look["steps"]] == [None, "11-15", "23-19"] and not look["over"]
        assert [s["who"] for s in look["steps"]] == ["", "Ann", "Bob"]
        assert look["steps"][2]["view"] == me.state["views"]["0"] | {"seat": None, "colour": None}
        play(me, ["resign"])
    done = client.get(f"/api/tables/{code}/replay?game_no=1").json()
    assert done["over"] and done["winners"] == [1] and len(done["steps"]) == 4
    assert done["steps"][0]["view"]["fen"] != done["steps"][1]["view"]["fen"]


def test_replay_refuses_what_does_not_exist_and_hidden_cards_in_play(client: TestClient) -> None:
    code, _ = create_table(client, PEOPLE, game="draughts")
    for bad in ("?game_no=0", "?game_no=2", "?game_no=-1"):
        response = client.get(f"/api/tables/{code}/replay{bad}")
        assert response.status_code == 404 and "has no game" in response.json()["detail"]
    assert client.get(f"/api/tables/{code}/replay?game_no=one").status_code == 422
    missing = client.get("/api/tables/NOSUCH/replay")
    assert missing.status_code == 404 and "no table" in missing.json()["detail"]
    gin, _ = create_table(client, [{"bot": None}, {"bot": "simple"}], game="gin-rummy")
    for query in ("", "?live=true", "?game_no=1&live=true"):
        refused = client.get(f"/api/tables/{gin}/replay{query}")
        assert refused.status_code == 409, query
        assert "hidden cards" in refused.json()["detail"] or "still being played" in refused.json()["detail"]
    assert "steps" not in client.get(f"/api/tables/{gin}/replay?live=true").text


def test_the_replay_pages_are_served_for_a_link_opened_fresh(client: TestClient) -> None:
    for path in ("/t/ABCDE/replay/1", "/t/ABCDE?replay=2", "/t/ABCDE/replay", "/t/ABCDE?replay"):
        page = client.get(path)
        assert page.status_code == 200 and "/static/js/replay.js" in page.text
    assert "/static/js/table.js" in client.get("/t/ABCDE").text
