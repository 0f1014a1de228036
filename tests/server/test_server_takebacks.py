"""Takebacks over the table socket: asked, accepted or declined, refused with the reason (nothing
changed), answered by bots by their level, and kept across a restart (the log records them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from serverkit import Reader, create_table, hello

from parlour.games.draughts.pdn import read_game
from parlour.server.app import create_app
from parlour.server.storage import TAKEBACK, Storage

PEOPLE = [{"bot": None, "name": "Ann"}, {"bot": None, "name": "Bob"}]
BOTH = [{"seat": 0}, {"seat": 1}]
BLACK_FIRST = {"colours": "first-black"}  # Ann (seat 1) plays Black and moves first


def move(reader: Reader, text: str) -> dict[str, Any]:
    state = reader.sync()
    reader.send({"type": "move", "move": text, "seq": state["seq"], "game_no": state["game_no"]})
    answer = reader.until(lambda m: m["type"] == "error" or
                          (m["type"] == "state" and m["seq"] > state["seq"]))
    assert answer["type"] == "state", answer
    return answer


def event(reader: Reader) -> dict[str, Any]:
    return reader.until(lambda m: m["type"] == "takeback")


def refused(reader: Reader, message: dict[str, Any], words: str) -> None:
    """The message is refused with a reason containing ``words``, and nothing changes."""
    before = reader.sync()
    reader.send(message)
    error = reader.error()
    assert error["code"] in ("takeback", "bad-request"), error
    assert words in error["message"], error["message"]
    after = reader.sync()
    for key in ("seq", "log", "takeback"):
        assert after[key] == before[key]


def draughts_table(client: TestClient, **extra: Any) -> tuple[str, dict[str, str]]:
    return create_table(client, PEOPLE, BOTH, game="draughts", rules=BLACK_FIRST, **extra)


def test_a_takeback_asked_and_accepted_is_seen_by_everyone_and_undone(client: TestClient) -> None:
    code, tokens = draughts_table(client)
    with client.websocket_connect(f"/ws/{code}") as a, client.websocket_connect(f"/ws/{code}") as b, \
            client.websocket_connect(f"/ws/{code}") as w:
        ann, bob, watcher = hello(a, [tokens["0"]]), hello(b, [tokens["1"]]), hello(w, [])
        start = ann.settled()
        assert start["takeback"] is None and start["takeback_seats"] == []
        after = move(ann, "11-15")
        assert after["takeback_seats"] == [0]
        ann.send({"type": "takeback"})
        asked = bob.until(lambda m: m["type"] == "state" and m["takeback"] is not None)
        assert asked["takeback"] == {"seat": 0, "moves": ["11-15"], "waiting": [1],
                                     "text": "Ann asks to take back 11-15"}
        assert asked["takeback_seats"] == []  # one request at a time
        seen = watcher.until(lambda m: m["type"] == "state" and m["takeback"] is not None)
        assert seen["takeback"]["text"] == "Ann asks to take back 11-15"
        refused(watcher, {"type": "takeback", "answer": "accept"}, "spectators cannot answer")
        refused(ann, {"type": "takeback", "answer": "accept"}, "you asked for this takeback")
        refused(ann, {"type": "takeback"}, "already been asked for")
        bob.send({"type": "takeback", "answer": "accept"})
        for reader in (ann, bob, watcher):
            told = event(reader)
            assert told["event"] == "accepted" and told["text"] == "Bob accepted: Ann's 11-15 taken back"
            state = reader.sync()
            assert state["seq"] == 0 and state["log"] == [] and state["takeback"] is None
            assert state["to_act"] == [0]
            if reader is ann:
                assert state["views"] == start["views"]
        assert read_game(client.get(f"/api/tables/{code}/export").text).moves == ()
        move(ann, "9-13")  # Ann plays another move instead
        pdn = read_game(client.get(f"/api/tables/{code}/export").text)
        assert [m.text for m in pdn.moves] == ["9-13"]


def test_a_declined_takeback_leaves_the_game_as_it_was(client: TestClient) -> None:
    code, tokens = draughts_table(client)
    with client.websocket_connect(f"/ws/{code}") as a, client.websocket_connect(f"/ws/{code}") as b:
        ann, bob = hello(a, [tokens["0"]]), hello(b, [tokens["1"]])
        move(ann, "11-15")
        move(bob, "23-19")
        before = ann.sync()
        assert before["takeback_seats"] == [0, 1]  # Ann's move with Bob's reply, or Bob's alone
        ann.send({"type": "takeback"})
        asked = bob.until(lambda m: m["type"] == "state" and m["takeback"] is not None)
        assert asked["takeback"]["text"] == "Ann asks to take back 11-15 and the reply 23-19"
        bob.send({"type": "takeback", "answer": "decline"})
        told = event(ann)
        assert told["event"] == "declined"
        assert told["text"] == "Bob declined: 11-15 and the reply 23-19 stands"
        state = ann.sync()
        assert state["seq"] == before["seq"] == 2 and state["log"] == before["log"]
        assert state["takeback"] is None
        refused(bob, {"type": "takeback", "answer": "accept"}, "there is no takeback to answer")
        # A move by anyone cancels a request: Bob asks, Ann moves.
        bob.send({"type": "takeback"})
        ann.until(lambda m: m["type"] == "state" and m["takeback"] is not None)
        move(ann, "8-11")
        lapsed = event(bob)
        assert lapsed["event"] == "lapsed" and "Bob's request to take back 23-19 lapsed" in lapsed["text"]
        assert bob.sync()["takeback"] is None and bob.state is not None and bob.state["seq"] == 3


def test_takebacks_are_refused_with_the_reason(client: TestClient) -> None:
    code, tokens = draughts_table(client)
    with client.websocket_connect(f"/ws/{code}") as a, client.websocket_connect(f"/ws/{code}") as w, \
            client.websocket_connect(f"/ws/{code}") as b:
        ann, watcher, bob = hello(a, [tokens["0"]]), hello(w, []), hello(b, [tokens["1"]])
        refused(ann, {"type": "takeback"}, "no move in this game to take back")
        move(ann, "11-15")
        refused(watcher, {"type": "takeback"}, "spectators cannot ask")
        refused(ann, {"type": "takeback", "seat": 1}, "your own seat's moves")
        refused(ann, {"type": "takeback", "answer": "maybe"}, '"accept" or "decline"')
        move(bob, "resign")
        refused(ann, {"type": "takeback"}, "the game is over")
    # Hidden cards: never.
    code, tokens = create_table(client, [{"bot": None, "name": "Ann"}, {"bot": None, "name": "Bob"}], BOTH,
                                game="gin-rummy")
    with client.websocket_connect(f"/ws/{code}") as a:
        ann = hello(a, list(tokens.values()))
        state = ann.settled()
        seat = state["to_act"][0]
        ann.send({"type": "move", "seat": seat, "move": state["legal"][str(seat)][0], "seq": state["seq"]})
        ann.until(lambda m: m["type"] == "state" and m["seq"] > state["seq"])
        refused(ann, {"type": "takeback", "seat": seat}, "Gin Rummy has hidden cards")
    # A throw of the dice: Yahtzee's roll and keep are followed by the dice landing.
    code, tokens = create_table(client, PEOPLE, BOTH, game="yahtzee")
    with client.websocket_connect(f"/ws/{code}") as a:
        ann = hello(a, [tokens["0"]])
        move(ann, "roll")
        refused(ann, {"type": "takeback"}, "the dice have been thrown since your last move")


def test_yahtzee_a_box_scored_is_taken_back_until_the_next_throw(client: TestClient) -> None:
    code, tokens = create_table(client, PEOPLE, BOTH, game="yahtzee")
    with client.websocket_connect(f"/ws/{code}") as a, client.websocket_connect(f"/ws/{code}") as b:
        ann, bob = hello(a, [tokens["0"]]), hello(b, [tokens["1"]])
        move(ann, "roll")
        rolled = ann.sync()
        move(ann, "score chance")
        ann.send({"type": "takeback"})
        asked = bob.until(lambda m: m["type"] == "state" and m["takeback"] is not None)
        assert asked["takeback"]["text"] == "Ann asks to take back score chance"
        bob.send({"type": "takeback", "answer": "accept"})
        event(ann)
        state = ann.sync()
        assert state["seq"] == rolled["seq"] and state["views"] == rolled["views"]  # the same dice
        assert "score chance" in state["legal"]["0"]
        move(ann, "score chance")
        move(bob, "roll")
        refused(ann, {"type": "takeback"}, "the dice have been thrown since")


def shut_the_box_against(client: TestClient, level: str) -> tuple[Reader, Any, dict[str, Any]]:
    code, tokens = create_table(client, [{"bot": None, "name": "Ann"}, {"bot": level}], [{"seat": 0}])
    ws = client.websocket_connect(f"/ws/{code}")
    ann = hello(ws.__enter__(), [tokens["0"]])
    move(ann, "roll 2")
    thrown = ann.sync()
    move(ann, thrown["legal"]["0"][0])
    return ann, ws, thrown


def test_bots_at_the_two_lowest_levels_accept_and_the_others_decline(client: TestClient) -> None:
    for level in ("random", "greedy"):
        ann, ws, thrown = shut_the_box_against(client, level)
        ann.send({"type": "takeback"})
        told = event(ann)
        assert told["event"] == "accepted" and told["text"].startswith(f"{level.capitalize()} bot accepted")
        state = ann.sync()
        assert state["seq"] == thrown["seq"] and state["views"] == thrown["views"]
        ws.__exit__(None, None, None)
    ann, ws, thrown = shut_the_box_against(client, "optimal")
    before = ann.sync()
    ann.send({"type": "takeback"})
    told = event(ann)
    assert told["event"] == "declined"
    assert told["text"].endswith("only the easiest bots (random and greedy) allow takebacks")
    assert ann.sync()["seq"] == before["seq"] > thrown["seq"]
    ws.__exit__(None, None, None)
    # Draughts: the bot has replied by the time Ann asks; both moves go back.
    for level, accepted in (("beginner", True), ("casual", False)):
        code, tokens = create_table(client, [{"bot": None, "name": "Ann"}, {"bot": level}], [{"seat": 0}],
                                    game="draughts", rules=BLACK_FIRST)
        with client.websocket_connect(f"/ws/{code}") as a:
            ann = hello(a, [tokens["0"]])
            move(ann, "11-15")
            replied = ann.settled(seq=2)
            ann.send({"type": "takeback"})
            assert event(ann)["event"] == ("accepted" if accepted else "declined")
            assert ann.sync()["seq"] == (0 if accepted else replied["seq"])


def test_a_takeback_is_in_the_log_and_survives_a_restart(db_url: str, tmp_path: Path) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as first:
        code, tokens = draughts_table(first)
        with first.websocket_connect(f"/ws/{code}") as a, first.websocket_connect(f"/ws/{code}") as b:
            ann, bob = hello(a, [tokens["0"]]), hello(b, [tokens["1"]])
            move(ann, "11-15")
            move(bob, "23-19")
            bob.send({"type": "takeback"})
            ann.until(lambda m: m["type"] == "state" and m["takeback"] is not None)
            ann.send({"type": "takeback", "answer": "accept"})
            event(bob)
            kept = bob.sync()
            assert kept["seq"] == 1
    storage = Storage(db_url)
    row = storage.load(code)
    assert row is not None and row.logs[1] == ((0, "11-15"),) and row.rows == 3
    assert [(seat, text) for seat, text, _ in storage.game_log(row.id, 1)] == [(0, "11-15")]
    storage.close()
    with TestClient(create_app(db_url, bot_delay=0)) as second, \
            second.websocket_connect(f"/ws/{code}") as b:
        bob = hello(b, [tokens["1"]])
        state = bob.sync()
        assert (state["seq"], state["log"], state["views"]) == (kept["seq"], kept["log"], kept["views"])
        move(bob, "22-18")  # play goes on after the takeback row
        pdn = read_game(second.get(f"/api/tables/{code}/export").text)
        assert [m.text for m in pdn.moves] == ["11-15", "22-18"]
    with TestClient(create_app(db_url, bot_delay=0)) as third, \
            third.websocket_connect(f"/ws/{code}") as b:
        assert hello(b, [tokens["1"]]).sync()["seq"] == 2
    storage = Storage(db_url)
    raw = storage.since(row.id, 1, 0).actions
    assert [(seat, text) for _, _, seat, text in raw] == [
        (0, "11-15"), (1, "23-19"), (TAKEBACK, "takeback 1 seat 1"), (1, "22-18")]
    storage.close()


def test_playing_alone_a_takeback_is_made_at_once(client: TestClient) -> None:
    code, tokens = create_table(client, [{"bot": None, "name": "Ann"}], [{"seat": 0}])
    with client.websocket_connect(f"/ws/{code}") as a:
        ann = hello(a, [tokens["0"]])
        move(ann, "roll 2")
        thrown = ann.sync()
        tiles = thrown["legal"]["0"][0]
        assert move(ann, tiles)["takeback_seats"] == [0]
        ann.send({"type": "takeback"})
        told = event(ann)
        assert told["event"] == "accepted" and told["text"] == f"Ann took back {tiles}"
        state = ann.sync()
        assert state["seq"] == thrown["seq"] and state["legal"] == thrown["legal"]


def test_a_move_chosen_before_a_takeback_is_stale_even_when_seq_comes_round_again(client: TestClient) -> None:
    """A takeback lowers ``seq``: a move chosen before it (on a second device, or sent once back
    online) names a ``seq`` that play may reach again with another position.  Its ``rows`` tells
    it apart, and it is refused; a move chosen now is played."""
    code, tokens = draughts_table(client)
    with client.websocket_connect(f"/ws/{code}") as a, client.websocket_connect(f"/ws/{code}") as b:
        ann, bob = hello(a, [tokens["0"]]), hello(b, [tokens["1"]])
        move(ann, "11-15")
        move(bob, "23-19")
        chosen = ann.sync()  # Ann picks 9-14 here, but it reaches the server only later
        assert (chosen["seq"], chosen["rows"]) == (2, 2)
        bob.send({"type": "takeback"})
        ann.until(lambda m: m["type"] == "state" and m["takeback"] is not None)
        ann.send({"type": "takeback", "answer": "accept"})
        assert event(bob)["event"] == "accepted"
        after = move(bob, "24-20")  # another position, at the same seq
        assert (after["seq"], after["rows"]) == (2, 4)
        ann.send({"type": "move", "move": "9-14", "seq": chosen["seq"], "game_no": chosen["game_no"],
                  "rows": chosen["rows"]})
        answer = ann.until(lambda m: m["type"] == "error" or (m["type"] == "state" and m["seq"] > 2))
        assert answer["type"] == "error" and answer["code"] == "stale", answer  # not played
        assert ann.sync()["seq"] == 2
        played = move(ann, "9-14")  # chosen in the position as it is now (move() sends no rows)
        assert played["seq"] == 3
        ann.send({"type": "move", "move": "26-23", "seq": 3, "rows": "x"})
        assert ann.error()["code"] == "bad-request"
