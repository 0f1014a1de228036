"""Across whole games, no message to a seat holds what that seat may not know.

Shut the Box hides nothing, so this plays "Secret draw" (``hidden_toy.py``): hands
and the stock order are hidden.  Every message each connection receives is
checked against the cards hidden from it at the moment (the state at the
message's ``seq``).  The same harness run on a game whose log leaks must find it.
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

from fastapi.testclient import TestClient
from hidden_toy import PREPARED, SPIED, DrawRules, hidden_from
from serverkit import Reader, create_table, hello


def state_at(table: Any, seq: int) -> Any:
    return table.log[seq].before if seq < len(table.log) else table.state


def leaks_in(table: Any, seat: int | None, messages: list[dict[str, Any]]) -> list[str]:
    """Every hidden card that appears in a message to ``seat``, with where."""
    found = []
    for message in messages:
        if message["type"] != "state":
            continue
        text = json.dumps(message)
        for card in hidden_from(state_at(table, message["seq"]), seat):
            if re.search(rf"\b{card}\b", text):
                found.append(f"{card} in seq {message['seq']} to seat {seat}")
    return found


def play_whole_game(client: TestClient, game: str, seed: int) -> tuple[Any, dict[int | None, list[Any]]]:
    """Two people and a spectator; both people play random legal moves to the end."""
    rng = random.Random(seed)
    code, tokens = create_table(client, [{"bot": None}, {"bot": None}],
                                [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}], game=game)
    with client.websocket_connect(f"/ws/{code}") as w0, client.websocket_connect(f"/ws/{code}") as w1, \
            client.websocket_connect(f"/ws/{code}") as w2:
        readers: dict[int | None, Reader] = {0: hello(w0, [tokens["0"]]), 1: hello(w1, [tokens["1"]]),
                                             None: hello(w2, [])}
        while True:
            state = readers[0].sync()
            if state["over"]:
                break
            seat = state["to_act"][0]
            mine = readers[seat].sync()
            move = rng.choice(mine["legal"][str(seat)])
            readers[seat].send({"type": "move", "move": move, "seq": mine["seq"]})
            readers[seat].until(lambda m, n=mine["seq"] + 1: m["type"] == "state" and m["seq"] >= n)
        for reader in readers.values():
            reader.sync()
        table = client.app.state.hub.get(code)  # type: ignore[attr-defined]
        return table, {seat: r.seen for seat, r in readers.items()}


def test_no_message_to_a_seat_holds_another_seats_cards(client: TestClient, toy_games: Any) -> None:
    for seed in range(3):
        table, seen = play_whole_game(client, "toy-secret-draw", seed)
        assert table.over and table.seq >= 7
        for seat, messages in seen.items():
            assert leaks_in(table, seat, messages) == []
        # ... while each player does see their own cards, and the log tells them their own draws
        last = {seat: [m for m in messages if m["type"] == "state"][-1] for seat, messages in seen.items()}
        assert last[0]["log"][0]["text"].startswith("You are dealt ")
        assert last[None]["log"][0]["text"] == "The cards are dealt"
        assert len(last[0]["views"]["0"]["hand"]) + len(last[0]["views"]["0"]["played"][0]) >= 3


def test_the_leak_check_finds_a_leaking_log(client: TestClient, toy_games: Any) -> None:
    table, seen = play_whole_game(client, "toy-leaky-draw", 0)
    assert leaks_in(table, 1, seen[1]) != []
    assert leaks_in(table, None, seen[None]) != []


def test_bots_are_shown_only_their_own_seats_view(client: TestClient, toy_games: Any) -> None:
    SPIED.clear()
    code, tokens = create_table(client, [{"bot": "spy"}, {"bot": "spy"}, {"bot": None}],
                                [{"seat": 2, "name": "Cy"}], game="toy-secret-draw")
    with client.websocket_connect(f"/ws/{code}") as ws:
        me = hello(ws, [tokens["2"]])
        while not (state := me.settled())["over"]:
            me.send({"type": "move", "move": state["legal"]["2"][0], "seq": state["seq"]})
            me.until(lambda m, n=state["seq"] + 1: m["type"] == "state" and m["seq"] >= n)
    table = client.app.state.hub.get(code)  # type: ignore[attr-defined]
    deal = table.log[0].action
    assert {seat for seat, _ in SPIED} == {0, 1} and len(SPIED) == 6
    for seat, view in SPIED:
        assert view.seat == seat and view.hand is not None
        assert set(deal[3 * seat:3 * seat + 3]) <= set(view.hand) | set(view.played[seat])
    assert all(m["views"].keys() == {"2"} for m in me.seen if m["type"] == "state")


def test_a_new_table_lets_its_game_prepare_in_the_background(client: TestClient, toy_games: Any) -> None:
    PREPARED.clear()
    create_table(client, [{"bot": None}, {"bot": None}], game="toy-secret-draw", rules={"turns": 2})
    deadline = time.monotonic() + 10  # it runs in a worker thread
    while not PREPARED and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [DrawRules(turns=2)] == PREPARED
