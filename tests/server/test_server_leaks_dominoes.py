"""Dominoes through the in-process server: no message to a connection holds a tile it may not know.

Whole games of several hands are played by scripted people (two alone, four in partnerships) with a
spectator watching; the server's chance is seeded.  Every state message each connection receives is
checked:

* the hand being played (the message but for the score sheet, older hands' log lines and the
  move help, whose examples name tiles) against the tiles hidden from that connection at that
  moment: the other players' hands (but the double that must be led next: its holder leads it at
  once) and the sleeping tiles;
* every finished hand (its log lines and its line of the score sheet) against its sleeping tiles,
  which the end of a hand never turns up.

The same harness must find the leak in a game whose log tells everyone the draw.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import play_watched
from test_server_leaks import state_at

from parlour.games.dominoes import GAME, Phase
from parlour.games.dominoes.engine import highest_double
from parlour.games.dominoes.state import State
from parlour.games.dominoes.tileset import tiles_of


def tiles_text(mask: int) -> set[str]:
    return {str(tile) for tile in tiles_of(mask)}


def hidden_now(state: State, viewer: int | None) -> set[str]:
    """The tiles of the hand being played that ``viewer`` may not know now."""
    if state.phase is not Phase.PLAY:
        return set()
    hidden = tiles_text(state.sleeping)
    for seat in range(state.players):
        if seat != viewer:
            hidden |= tiles_text(state.hands[seat])
    if state.lead is None:  # who holds the highest double, and must lead it at once, is no secret
        hidden.discard(str(highest_double(state.hands[state.current])))
    return hidden


def sleeping_by_hand(table: Any) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {}
    for item in table.log:
        if item.before.phase is Phase.PLAY:
            out[item.before.hand_no] = tiles_text(item.before.sleeping)
    return out


def found(hidden: set[str], text: str) -> list[str]:
    return sorted({tile for tile in hidden if re.search(rf"(?<![0-9|]){re.escape(tile)}(?![0-9|])", text)})


def leaks_in(table: Any, viewer: int | None, messages: list[dict[str, Any]]) -> list[str]:
    hand_of = [item.before.hand_no for item in table.log]  # log line n is hand_of[n - 1]
    sleeping = sleeping_by_hand(table)
    leaks: list[str] = []
    for message in messages:
        if message["type"] != "state":
            continue
        now = state_at(table, message["seq"])
        current = now.hand_no if now.phase is Phase.PLAY else None
        hidden = hidden_now(now, viewer)
        where = f"seq {message['seq']} to {viewer}"
        views = [message["view"]] if message["view"] else list(message["views"].values())
        sheets = [view.pop("sheet") for view in views]
        lines = message.pop("log")
        message.pop("move_help")  # examples of moves ("6|4 left"), the same for everyone
        leaks += [f"{tile} in {where}" for tile in found(hidden, json.dumps(message))]
        for line in lines:
            hand = hand_of[line["n"] - 1]
            if hand == current:
                leaks += [f"{tile} in line {line['n']}, {where}" for tile in found(hidden, line["text"])]
            leaks += [f"sleeping {tile} of hand {hand} in line {line['n']}, {where}"
                      for tile in found(sleeping.get(hand, set()), line["text"])]
        for sheet in sheets:
            for entry in sheet:
                leaks += [f"sleeping {tile} of hand {entry['number']} in the sheet, {where}"
                          for tile in found(sleeping.get(entry["number"], set()), json.dumps(entry))]
        for view, sheet in zip(views, sheets, strict=True):
            view["sheet"] = sheet
        message["log"] = lines
        message["move_help"] = GAME.move_help()
    return leaks


def play_game(client: TestClient, players: int, rules: dict[str, Any],
              seed: int) -> tuple[Any, dict[Any, Any]]:
    return play_watched(client, "dominoes", [None] * players, rules, seed)


def test_no_message_holds_a_tile_its_reader_may_not_know(client: TestClient) -> None:
    for players, rules, seed in [(2, {"target": 40}, 3), (4, {"target": 40}, 4)]:
        table, seen = play_game(client, players, rules, seed)
        assert table.over and len(table.state.sheet) >= 2
        for viewer, messages in seen.items():
            assert leaks_in(table, viewer, messages) == [], (players, viewer)
        # ... while each player sees their own tiles and is told their own draw
        last = [m for m in seen[0] if m["type"] == "state"][-1]
        assert any("You draw " in line["text"] for line in last["log"])
        spectator = [m for m in seen[None] if m["type"] == "state"][-1]
        assert not any("You draw " in line["text"] for line in spectator["log"])
        first = next(m for m in seen[0] if m["type"] == "state" and m["views"]["0"]["hand"])
        assert len(first["views"]["0"]["hand"]) == 6
        assert all(m["views"].keys() == {"0"} for m in seen[0] if m["type"] == "state")


def test_the_leak_check_finds_a_log_that_tells_the_draw(client: TestClient,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def tell_everything(state: Any, seat: int, action: Any, viewer: int | None, names: Any = None) -> str:
        return GAME.describe(state, seat, action, names)

    monkeypatch.setattr(GAME, "describe_for", tell_everything)
    table, seen = play_game(client, 2, {"target": 5}, 1)
    for viewer in (0, 1, None):
        leaks = leaks_in(table, viewer, seen[viewer])
        assert any(" in line " in leak and not leak.startswith("sleeping") for leak in leaks), leaks
        assert any(leak.startswith("sleeping ") for leak in leaks), leaks
