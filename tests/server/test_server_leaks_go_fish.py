"""Go Fish through the in-process server: no message to a connection holds a card it may not know.

Whole games are played by scripted people (two, and four) with a spectator watching; the server's
chance is seeded.  Every state message each connection receives is checked against the cards
hidden from it at that moment: the stock, and the cards in other hands that were not handed over
in an ask or shown on a lucky draw (a card drawn and kept is seen only by its drawer).  Public
cards never become secret again (they stay in the receiver's hand until handed over or booked,
both in the open), so the whole message is checked, history included.

The same harness must find the leak in a game whose log tells everyone every draw.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import play_watched
from test_server_leaks import state_at

from parlour.games.go_fish import GAME, Phase
from parlour.games.go_fish.deck import CARDS
from parlour.games.go_fish.state import State
from parlour.games.go_fish.view import known_cards


def hidden_now(state: State, viewer: int | None) -> set[str]:
    if state.phase is not Phase.PLAY:
        return set()
    known = known_cards(state)
    hidden = {str(CARDS[c]) for c in state.stock}
    for seat in range(state.players):
        if seat != viewer:
            secret = state.hands[seat] & ~known[seat]
            hidden |= {str(CARDS[i]) for i in range(52) if secret >> i & 1}
    return hidden


def leaks_in(table: Any, viewer: int | None, messages: list[dict[str, Any]]) -> list[str]:
    leaks = []
    for message in messages:
        if message["type"] != "state":
            continue
        hidden = hidden_now(state_at(table, message["seq"]), viewer)
        text = json.dumps(message)
        leaks += [f"{card} in seq {message['seq']} to {viewer}" for card in sorted(hidden)
                  if re.search(rf"\b{card}\b", text)]
    return leaks


def play_game(client: TestClient, players: int, rules: dict[str, Any],
              seed: int) -> tuple[Any, dict[Any, Any]]:
    return play_watched(client, "go-fish", [None] * players, rules, seed)


def test_no_message_holds_a_card_its_reader_may_not_know(client: TestClient) -> None:
    for players, seed in [(2, 1), (4, 2)]:
        table, seen = play_game(client, players, {}, seed)
        assert table.over
        for viewer, messages in seen.items():
            assert leaks_in(table, viewer, messages) == [], (players, viewer)
        last = [m for m in seen[0] if m["type"] == "state"][-1]
        assert any("You are dealt " in line["text"] for line in last["log"])
        spectator = [m for m in seen[None] if m["type"] == "state"][-1]
        assert not any("You are dealt" in line["text"] for line in spectator["log"])
        assert all(m["views"].keys() == {"0"} for m in seen[0] if m["type"] == "state")


def test_the_leak_check_finds_a_log_that_tells_every_draw(client: TestClient,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def tell_everything(state: Any, seat: int, action: Any, viewer: int | None, names: Any = None) -> str:
        return GAME.describe(state, seat, action, names)

    monkeypatch.setattr(GAME, "describe_for", tell_everything)
    table, seen = play_game(client, 2, {}, 1)
    for viewer in (0, 1, None):
        assert leaks_in(table, viewer, seen[viewer]), viewer
