"""Gin Rummy through the in-process server: no message to a connection holds a card it may not know.

Whole games of several hands (knocks, lay-offs, gin, hands cancelled at the wall) are played by two
scripted people, or a person and the ``simple`` bot, with a spectator watching.  The server's chance
is seeded, so each game is the same every run.  Every state message each connection receives is
checked, part by part:

* what belongs to the hand being played (the views but for the score sheet, and the log lines of
  this hand) against the cards hidden from that connection at the message's moment: the other hand
  (less the cards known to be held, until the showdown), the stock, and the knocker's face-down
  discard (but to the knocker, or if everyone saw it taken from the pile);
* what belongs to a finished hand (its log lines and its line of the score sheet) against what that
  hand never showed: the stock left, the face-down discard, and, when the wall cancelled it, the other
  hand.  (A card of a past hand may be in anyone's hand now: it is checked only against its own hand.)

The same harness must find the leak in a game whose log tells everyone the deal, and in one whose
view shows everyone the face-down discard.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import play_watched
from test_server_leaks import state_at

from parlour.games.gin_rummy import GAME
from parlour.games.gin_rummy.deck import CARDS, INDEX, bits
from parlour.games.gin_rummy.moves import Discard, Gin, Knock
from parlour.games.gin_rummy.rules import Outcome
from parlour.games.gin_rummy.state import Phase, State

PLAYING = (Phase.OFFER, Phase.DRAW, Phase.DISCARD, Phase.WALL, Phase.LAYOFF)


# ---- what is hidden from whom --------------------------------------------------------------------
def names(cards: Any) -> set[str]:
    return {str(CARDS[c]) for c in cards}


def face_down_hidden(state: State, knocker: int, card: int, viewer: int | None) -> bool:
    """The face-down discard is the knocker's secret, unless everyone saw it taken from the pile."""
    return viewer != knocker and not state.known[knocker] >> card & 1


def hidden_now(state: State, viewer: int | None) -> set[str]:
    """The cards of the hand being played that ``viewer`` (``None``: a spectator) may not know now."""
    if state.phase not in PLAYING:
        return set()
    hidden = names(state.stock)
    if state.phase is not Phase.LAYOFF:  # before the showdown the other hand is face down
        for seat in (0, 1):
            if seat != viewer:
                hidden |= names(bits(state.hands[seat] & ~state.known[seat]))
    if state.face_down >= 0 and face_down_hidden(state, state.knocker, state.face_down, viewer):
        hidden.add(str(CARDS[state.face_down]))
    return hidden


def never_shown(table: Any, viewer: int | None) -> dict[int, set[str]]:
    """For each finished hand: the cards it never showed ``viewer``."""
    out: dict[int, set[str]] = {}
    for i, item in enumerate(table.log):
        before = item.before
        after = table.log[i + 1].before if i + 1 < len(table.log) else table.state
        if before.phase not in PLAYING or len(after.sheet) == len(before.sheet):
            continue  # not the action that ended a hand
        result = after.sheet[-1]
        hidden = names(before.stock)
        if result.outcome is Outcome.CANCELLED:  # the wall: the hands were never shown
            for seat in (0, 1):
                if seat != viewer:
                    hidden |= names(bits(before.hands[seat] & ~before.known[seat]))
            if isinstance(item.action, Discard):
                hidden.discard(str(item.action.card))  # the last discard is face up
        else:
            knocker, card = before.knocker, before.face_down
            if isinstance(item.action, Knock | Gin):  # knocked (or gin) with nothing to lay off
                knocker, card = item.seat, INDEX[item.action.card]
            if face_down_hidden(before, knocker, card, viewer):
                hidden.add(str(CARDS[card]))
        out[before.hand_number] = hidden
    return out


def found(hidden: set[str], text: str) -> list[str]:
    if not hidden:
        return []
    return sorted(set(re.findall(rf"\b(?:{'|'.join(sorted(hidden))})\b", text)))


def leaks_in(table: Any, viewer: int | None, messages: list[dict[str, Any]]) -> list[str]:
    """Every card a message to ``viewer`` shows that it may not know, with where."""
    hand_of = [item.before.hand_number for item in table.log]  # log line n is hand_of[n - 1]
    past = never_shown(table, viewer)
    leaks: list[str] = []
    checked_lines: set[int] = set()
    for message in messages:
        if message["type"] != "state":
            continue
        assert message["game_no"] == 1
        now = state_at(table, message["seq"])
        current = now.hand_number if now.phase in PLAYING else None
        hidden = hidden_now(now, viewer)
        where = f"seq {message['seq']} to {viewer}"
        # the hand being played: the message but for the score sheet and the older hands' lines
        views = [message["view"]] if message["view"] else list(message["views"].values())
        sheets = [view.pop("sheet") for view in views]
        settlements = [view.pop("settlement") for view in views]
        lines = message.pop("log")
        leaks += [f"{card} in {where}" for card in found(hidden, json.dumps(message, ensure_ascii=False))]
        for line in lines:
            hand = hand_of[line["n"] - 1]
            if hand == current:
                leaks += [f"{card} in line {line['n']}, {where}" for card in found(hidden, line["text"])]
            if line["n"] not in checked_lines and hand in past:
                checked_lines.add(line["n"])
                leaks += [f"{card} of hand {hand} in line {line['n']} to {viewer}"
                          for card in found(past[hand], line["text"])]
        # the finished hands, each against what it never showed
        for sheet in sheets:
            for entry in sheet:
                leaks += [f"{card} of hand {entry['number']} in the sheet, {where}"
                          for card in found(past[entry["number"]], json.dumps(entry))]
        for view, sheet, settlement in zip(views, sheets, settlements, strict=True):
            view["sheet"], view["settlement"] = sheet, settlement
        message["log"] = lines
    return leaks


# ---- playing -------------------------------------------------------------------------------------------
def choose(view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    """A player who goes gin when it can, mostly knocks when it can, lays off at random, and discards
    the card that leaves the least deadwood more often than not."""
    gins = [m for m in legal if m.startswith("gin ")]
    if gins:
        return rng.choice(gins)
    knocks = [m for m in legal if m.startswith("knock ")]
    if knocks and rng.random() < 0.8:
        return rng.choice(knocks)
    if "done" in legal:
        lays = [m for m in legal if m.startswith("lay off ") and m != "lay off best"]
        roll = rng.random()
        if lays and roll < 0.6:
            return rng.choice(lays)
        return "lay off best" if roll < 0.8 else "done"
    discards = [m for m in legal if m.startswith("discard ")]
    if discards:
        left = {d["card"]: d["deadwood"] for d in view["discards"]}
        if rng.random() < 0.7:
            return min(discards, key=lambda m: left[m.split()[1]])
        return rng.choice(discards)
    return rng.choice(legal)


def play_game(client: TestClient, rules: dict[str, Any], seed: int,
              bot: str | None = None) -> tuple[Any, dict[int | None, list[dict[str, Any]]]]:
    """Ann (and Bob, or a bot) play a whole game with a spectator watching; the deals are seeded."""
    return play_watched(client, "gin-rummy", [None, bot], rules, seed, choose)


GAMES = [
    # (seed, rules, bot), seeds chosen so that between them the games have every ending of a hand
    (5, {"knock_limit": 10, "target": 25}, None),  # knocks, and hands cancelled at the wall
    (1, {"knock_limit": 5, "target": 25, "wall_take": True}, None),  # undercuts; passes at the wall
    (4, {"knock_limit": 10, "target": 30}, "simple"),  # against the bot, with lay-offs
    (4, {"knock_limit": 0, "target": 1}, "simple"),  # gin only: the wall, then gin
]


def test_no_message_holds_a_card_its_reader_may_not_know(client: TestClient) -> None:
    outcomes: Counter[str] = Counter()
    laid_off = 0
    for seed, rules, bot in GAMES:
        table, seen = play_game(client, rules, seed, bot)
        assert table.over
        sheet = table.state.sheet
        outcomes.update(r.outcome.value for r in sheet)
        laid_off += sum(len(r.laid_off) for r in sheet)
        for viewer, messages in seen.items():
            assert leaks_in(table, viewer, messages) == [], f"seed {seed}"
        # ... while each player sees their own cards, and the log tells them their own deal
        last = {viewer: [m for m in got if m["type"] == "state"][-1] for viewer, got in seen.items()}
        deal = next(line["text"] for line in last[0]["log"] if line["text"].startswith("Hand 1:"))
        assert " You are dealt " in deal
        assert "You are dealt" not in json.dumps(last[None]["log"])
        first_turn = next(m for m in seen[0] if m["type"] == "state" and m["views"]["0"]["hand"])
        assert len(first_turn["views"]["0"]["hand"]) == 10
        assert all(m["views"].keys() == {"0"} for m in seen[0] if m["type"] == "state")
    # between them the games ended hands in every way, and cards were laid off
    assert all(outcomes[o.value] for o in Outcome), outcomes
    assert laid_off > 0


def test_the_leak_check_finds_a_log_that_tells_the_deal(client: TestClient,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def tell_everything(state: Any, seat: int, action: Any, viewer: int | None, names: Any = None) -> str:
        return GAME.describe(state, seat, action, names)

    monkeypatch.setattr(GAME, "describe_for", tell_everything)
    table, seen = play_game(client, {"knock_limit": 30, "target": 1}, 1)
    for viewer in (0, 1, None):
        leaks = leaks_in(table, viewer, seen[viewer])
        assert any("in line 2," in leak for leak in leaks), leaks  # the deal
        assert any(" of hand 1 in line " in leak for leak in leaks), leaks  # the stock, after the hand


def test_the_leak_check_finds_a_face_down_discard_shown_to_all(client: TestClient,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    honest = GAME.view

    def show_face_down(state: Any, seat: int | None) -> Any:
        view = honest(state, seat)
        if state.face_down >= 0:
            view = dataclasses.replace(view, face_down=CARDS[state.face_down])
        return view

    monkeypatch.setattr(GAME, "view", show_face_down)
    table, seen = play_game(client, {"knock_limit": 30, "target": 60}, 1)
    knockers = {item.before.knocker for item in table.log if item.before.phase is Phase.LAYOFF}
    assert knockers, "no lay-off step: no view ever held a face-down discard"
    for viewer in (0, 1, None):
        leaks = leaks_in(table, viewer, seen[viewer])
        if viewer in knockers and len(knockers) == 1:
            continue  # the knocker may see it
        assert leaks, viewer
