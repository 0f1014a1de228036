"""Two real ``parlour serve`` processes on one PostgreSQL database, serving the same tables.

Each move is committed to the shared log with a ``NOTIFY``; the other process catches the table up
and tells its own players.  A move sent to a process whose table is behind finds its place in the log
taken, and is judged again on the table as it now is; bots driven by both processes never play twice.
The PostgreSQL cluster is the one of ``test_server_postgres.py`` (skipped where PostgreSQL cannot run).
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create_table, hello
from test_server_postgres import Cluster, cluster, pg_url  # noqa: F401  (fixtures)
from test_server_process import Served
from websockets.sync.client import ClientConnection, connect

from parlour.server.app import create_app
from parlour.server.fanout import APPLICATION_NAME
from parlour.server.storage import Storage

TIMEOUT = 20.0
"""Generous: how long a client waits for what another process did to reach it."""

Wanted = Callable[[dict[str, Any]], bool]


class Player:
    """One WebSocket to one server, keeping the latest state (its log joined up from the parts)."""

    def __init__(self, ws: ClientConnection, label: str) -> None:
        self.ws, self.label = ws, label
        self.state: dict[str, Any] = {}
        self.errors: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def until(self, wanted: Wanted) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT
        while (left := deadline - time.monotonic()) > 0:
            message: dict[str, Any] = json.loads(self.ws.recv(timeout=left))
            if message["type"] == "state":
                if message["log_from"]:
                    assert len(self.state["log"]) == message["log_from"], f"{self.label}: a gap in the log"
                    message["log"] = self.state["log"] + message["log"]
                self.state = message
            elif message["type"] == "error":
                self.errors.append(message)
            if wanted(message):
                return message
        raise AssertionError(f"{self.label}: nothing wanted within {TIMEOUT} s; last state {self.state}")

    def at(self, seq: int, game_no: int = 1) -> dict[str, Any]:
        """The latest state if it is at or past ``seq`` with nobody waiting on chance, else the
        first such state to come."""
        def wanted(m: dict[str, Any]) -> bool:
            return m["type"] == "state" and (m["game_no"], m["seq"]) >= (game_no, seq) and m["to_act"] != [-1]
        return self.state if self.state and wanted(self.state) else self.until(wanted)

    def sync(self) -> None:
        """Everything the server meant to send before now has arrived (a ping is answered in order)."""
        self.send({"type": "ping"})
        self.until(lambda m: m["type"] == "pong")

    def error(self) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "error")


@contextlib.contextmanager
def seated(server: Served, code: str, tokens: list[str], label: str) -> Iterator[Player]:
    with connect(f"{server.ws}/ws/{code}", open_timeout=10) as ws:
        player = Player(ws, label)
        player.send({"type": "hello", "tokens": tokens})
        player.until(lambda m: m["type"] == "state")
        yield player


@pytest.fixture
def pair(pg_url: str) -> Iterator[tuple[Served, Served]]:  # noqa: F811
    """Two ``parlour serve`` processes on one fresh database; each must have said nothing amiss."""
    started = [Served(pg_url, bot_delay=0), Served(pg_url, bot_delay=0)]
    try:
        yield started[0], started[1]
    finally:
        complaints = []
        for server in started:
            if server.proc.poll() is None:
                server.proc.terminate()
                server.proc.wait(timeout=10)
            assert server.proc.stderr is not None
            text = server.proc.stderr.read()
            server.stop()
            if "Traceback" in text or "ERROR" in text:
                complaints.append(text)
        assert not complaints, "\n\n".join(complaints)


def board_moves(state: dict[str, Any], seat: int) -> list[str]:
    """A draughts seat's moves, leaving out offering a draw and resigning."""
    return [m for m in state["legal"][str(seat)] if re.match(r"\d", m)]


def logged(url: str, code: str) -> list[tuple[int, str]]:
    """Game 1's log in the database: (seat, action text) in order."""
    store = Storage(url)
    try:
        row = store.load(code)
    finally:
        store.close()
    assert row is not None
    return list(row.logs[1])


def draughts_table(server: Served) -> tuple[str, str]:
    """A draughts table opened on ``server`` with Ann in seat 0 (her token) and seat 1 free."""
    created = server.api("/api/tables", {"game": "draughts", "seats": [{"bot": None}, {"bot": None}],
                                         "join": [{"seat": 0, "name": "Ann"}]})
    return created["code"], created["tokens"]["0"]


# ---- moves fanned out ------------------------------------------------------------------------------
def test_players_on_two_processes_see_each_others_moves(pg_url: str,  # noqa: F811
                                                        pair: tuple[Served, Served]) -> None:
    first, second = pair
    code, ann_token = draughts_table(first)
    rng = random.Random(7)
    with seated(first, code, [ann_token], "Ann@1") as ann:
        bob_token = second.api(f"/api/tables/{code}/seats/1", {"name": "Bob"})["token"]
        # Bob sat down through the other process: Ann's is told (a seat claim is fanned out too).
        ann.until(lambda m: m["type"] == "state" and m["seats"][1]["name"] == "Bob"
                  and m["seats"][1]["taken"])
        with seated(second, code, [bob_token], "Bob@2") as bob:
            players = {0: ann, 1: bob}
            state = ann.at(1)
            assert bob.at(state["seq"])["seq"] == state["seq"]
            made: list[str] = []
            for _ in range(16):
                seat = state["to_act"][0]
                mover, other = players[seat], players[1 - seat]
                seen = mover.at(state["seq"])
                move = rng.choice(board_moves(seen, seat))
                mover.send({"type": "move", "move": move, "seq": seen["seq"], "game_no": seen["game_no"]})
                mine = mover.at(seen["seq"] + 1)  # acknowledged
                made.append(move)
                theirs = other.at(seen["seq"] + 1)  # ... and told to the other process's player
                assert theirs["seq"] == mine["seq"] and theirs["to_act"] == mine["to_act"]
                # (the toss's line may name seat 1 by its colour: it was told before Bob sat down)
                assert [line["text"] for line in theirs["log"][1:]] == \
                    [line["text"] for line in mine["log"][1:]]
                state = theirs
            assert not ann.errors and not bob.errors
            assert first.api(f"/api/tables/{code}")["seq"] == second.api(f"/api/tables/{code}")["seq"] == 17
    log = logged(pg_url, code)
    assert log[0][0] == -1 and [text for _, text in log[1:]] == made  # the toss, then every move once
    assert [seat for seat, _ in log[1:]] == [(log[1][0] + i) % 2 for i in range(16)]


def test_a_move_sent_to_a_process_that_is_behind_is_judged_on_the_table_as_it_is(
        pg_url: str, pair: tuple[Served, Served]) -> None:  # noqa: F811
    first, second = pair
    code, ann_token = draughts_table(first)
    bob_token = first.api(f"/api/tables/{code}/seats/1", {"name": "Bob"})["token"]
    tokens = {0: ann_token, 1: bob_token}
    with contextlib.ExitStack() as stack:
        state = stack.enter_context(seated(first, code, [ann_token], "Ann@1")).at(1)
        mover = state["to_act"][0]
        here = stack.enter_context(seated(first, code, [tokens[mover]], "mover@1"))
        there = stack.enter_context(seated(second, code, [tokens[mover]], "mover@2"))
        other = stack.enter_context(seated(second, code, [tokens[1 - mover]], "other@2"))
        for player in (here, there, other):
            player.at(1)
        legal = board_moves(here.state, mover)
        # The mover's move is written to the log behind both processes' backs (no NOTIFY): both
        # are now behind the database, as a process is until another's notification arrives.
        store = Storage(pg_url)
        try:
            store.append(store.load(code).id, 1, 2, mover, legal[0], False)  # type: ignore[union-attr]
        finally:
            store.close()
        # A different move for the same turn, sent to each process: its place is taken, the
        # process catches up, and the move (chosen at seq 1) is refused as stale.
        for player in (here, there):
            player.send({"type": "move", "move": legal[-1], "seq": 1})
            refused = player.error()
            assert refused["code"] == "stale" and "changed" in refused["message"]
            caught_up = player.at(2)
            assert caught_up["seq"] == 2 and caught_up["to_act"] == [1 - mover]
        # Without a seq, the move is judged on the table as it is: no longer the mover's turn.
        there.send({"type": "move", "move": legal[-1]})
        assert there.error()["code"] == "turn"
        # The other player (on the second process, told by it) now plays on as usual.
        reply = board_moves(other.at(2), 1 - mover)[0]
        other.send({"type": "move", "move": reply, "seq": 2})
        assert other.at(3)["seq"] == 3 and here.at(3)["log"][-1] == other.state["log"][-1]
    assert [text for _, text in logged(pg_url, code)[1:]] == [legal[0], reply]


def test_racing_moves_for_one_turn_on_two_processes_one_lands(pg_url: str,  # noqa: F811
                                                             pair: tuple[Served, Served]) -> None:
    first, second = pair
    code, ann_token = draughts_table(first)
    bob_token = second.api(f"/api/tables/{code}/seats/1", {"name": "Bob"})["token"]
    tokens = {0: ann_token, 1: bob_token}
    made: list[str] = []
    with contextlib.ExitStack() as stack:
        state = stack.enter_context(seated(first, code, [ann_token], "Ann@1")).at(1)
        devices = {seat: (stack.enter_context(seated(first, code, [tokens[seat]], f"{seat}@1")),
                          stack.enter_context(seated(second, code, [tokens[seat]], f"{seat}@2")))
                   for seat in (0, 1)}
        for _ in range(6):  # the seat to act sends a different move on each of its devices at once
            seat, seq = state["to_act"][0], state["seq"]
            one, two = devices[seat]
            one.at(seq), two.at(seq)
            legal = board_moves(one.state, seat)
            choices = (legal[0], legal[-1])
            go = threading.Barrier(2)

            def send(player: Player, move: str, go: threading.Barrier = go, seq: int = seq) -> None:
                go.wait()
                player.send({"type": "move", "move": move, "seq": seq})

            threads = [threading.Thread(target=send, args=(p, m)) for p, m in zip((one, two), choices,
                                                                                  strict=True)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            after = [one.at(seq + 1), two.at(seq + 1)]
            assert after[0]["log"] == after[1]["log"] and after[0]["seq"] == after[1]["seq"] == seq + 1
            one.sync(), two.sync()
            # One device's move landed (acknowledged: no error); the other's was refused, even when
            # it was the same move: the turn it was meant for has gone.
            refused = [p.errors for p in (one, two)]
            assert sorted(len(e) for e in refused) == [0, 1], refused
            assert refused[0][:1] + refused[1][:1] and all(
                e["code"] in ("stale", "turn") for e in refused[0] + refused[1])
            made.append(choices[0] if not refused[0] else choices[1])
            one.errors.clear(), two.errors.clear()
            state = after[0]
    assert [text for _, text in logged(pg_url, code)[1:]] == made


# ---- bots, the listener's connection -----------------------------------------------------------------
def test_a_bot_driven_by_both_processes_plays_each_turn_once(pg_url: str,  # noqa: F811
                                                            pair: tuple[Served, Served]) -> None:
    first, second = pair
    created = first.api("/api/tables", {"game": "shut-the-box", "rules": {"rounds": 3},
                                        "seats": [{"bot": None}, {"bot": "greedy"}],
                                        "join": [{"seat": 0, "name": "Ann"}]})
    code, token = created["code"], created["tokens"]["0"]
    with seated(first, code, [token], "Ann@1") as ann, seated(second, code, [], "watcher@2") as watcher:
        state = ann.at(0)
        while not state["over"]:
            if 0 in state["to_act"]:
                ann.send({"type": "move", "move": state["legal"]["0"][-1], "seq": state["seq"]})
            state = ann.until(lambda m, n=state["seq"]: m["type"] == "state" and m["seq"] > n
                              and m["to_act"] != [-1] and (m["over"] or 0 in m["to_act"]))
        end = watcher.until(lambda m: m["type"] == "state" and m["over"])
        assert end["seq"] == state["seq"] and len(end["log"]) == len(state["log"]) and not ann.errors
        ann.send({"type": "again"})  # the next game, started through one process, reaches the other
        started = watcher.at(0, game_no=2)
        assert started["game_no"] == 2 and started["history"] == end["history"]
        assert ann.at(0, game_no=2)["game_no"] == 2 and not ann.errors
    store = Storage(pg_url)
    try:
        row = store.load(code)
    finally:
        store.close()
    assert row is not None and row.game_no == 2 and len(row.logs[1]) == state["seq"]
    with TestClient(create_app(pg_url, bot_delay=0)) as client:  # the log replays: game 1 finished
        info = client.get(f"/api/tables/{code}").json()
        assert info["game_no"] == 2 and client.app.state.hub.get(code).history[0].game_no == 1  # type: ignore[attr-defined]


def test_a_dropped_listening_connection_is_made_again_and_nothing_is_missed(
        pg_url: str, cluster: Cluster, pair: tuple[Served, Served]) -> None:  # noqa: F811
    first, second = pair
    code, ann_token = draughts_table(first)
    bob_token = first.api(f"/api/tables/{code}/seats/1", {"name": "Bob"})["token"]
    with seated(first, code, [ann_token], "Ann@1") as ann, seated(second, code, [bob_token], "Bob@2") as bob:
        state = ann.at(1)
        bob.at(1)
        cluster.admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      f"WHERE application_name = '{APPLICATION_NAME}'")
        players = {0: ann, 1: bob}
        for _ in range(4):  # the first moves may be made while the listeners are reconnecting
            seat = state["to_act"][0]
            players[seat].send({"type": "move", "move": board_moves(players[seat].at(state["seq"]), seat)[0],
                                "seq": state["seq"]})
            state = players[1 - seat].at(state["seq"] + 1)
        assert ann.at(5)["log"] == bob.at(5)["log"]
    assert len(logged(pg_url, code)) == 5


# ---- in-process -----------------------------------------------------------------------------------
def test_two_apps_in_one_process_share_a_table_and_sqlite_has_no_listener(pg_url: str,  # noqa: F811
                                                                          db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as alone:
        assert alone.app.state.hub.listener is None  # type: ignore[attr-defined]
    with TestClient(create_app(pg_url, bot_delay=0)) as one, \
            TestClient(create_app(pg_url, bot_delay=0)) as two:
        code, tokens = create_table(one, [{"bot": None}], [{"seat": 0, "name": "Ann"}])
        with one.websocket_connect(f"/ws/{code}") as ws1, two.websocket_connect(f"/ws/{code}") as ws2:
            here, there = hello(ws1, [tokens["0"]]), hello(ws2, [])
            here.send({"type": "move", "move": "roll 2"})
            moved = here.until(lambda m: m["type"] == "state" and m["seq"] == 2)
            deadline = time.monotonic() + TIMEOUT  # (the test client's socket cannot wait for a time)
            while two.get(f"/api/tables/{code}").json()["seq"] < 2 and time.monotonic() < deadline:
                time.sleep(0.02)
            assert two.get(f"/api/tables/{code}").json()["seq"] == 2
            seen = there.until(lambda m: m["type"] == "state" and m["seq"] == 2)
            assert seen["log"] == moved["log"] and seen["view"] is not None


def test_a_takeback_made_on_one_process_is_caught_up_by_the_other(
        pg_url: str, pair: tuple[Served, Served]) -> None:  # noqa: F811
    first, second = pair
    code, ann_token = draughts_table(first)
    bob_token = first.api(f"/api/tables/{code}/seats/1", {"name": "Bob"})["token"]
    tokens = {0: ann_token, 1: bob_token}
    with contextlib.ExitStack() as stack:
        people = {s: stack.enter_context(seated(first, code, [tokens[s]], f"seat{s}@1")) for s in (0, 1)}
        both = stack.enter_context(seated(second, code, [ann_token, bob_token], "both@2"))
        mover = people[0].at(1)["to_act"][0]  # after the toss
        start, seen = people[mover].at(1), both.at(1)
        move = board_moves(start, mover)[0]
        people[mover].send({"type": "move", "move": move, "seq": 1})
        assert both.at(2)["seq"] == 2
        people[mover].send({"type": "takeback"})
        people[1 - mover].until(lambda m: m["type"] == "state" and m["takeback"] is not None)
        people[1 - mover].send({"type": "takeback", "answer": "accept"})
        people[mover].until(lambda m: m["type"] == "takeback" and m["event"] == "accepted")
        back = both.until(lambda m: m["type"] == "state" and m["seq"] == 1)
        assert back["to_act"] == [mover] and back["views"] == seen["views"]
        assert [line["text"] for line in back["log"]] == [line["text"] for line in start["log"]]
        # Play goes on through the other process, after the takeback's row.
        again = board_moves(back, mover)[-1]
        both.send({"type": "move", "seat": mover, "move": again, "seq": 1})
        assert people[mover].at(2)["seq"] == 2 and not both.errors
    store = Storage(pg_url)
    try:
        row = store.load(code)
        assert row is not None
        raw = [(seat, text) for _, _, seat, text in store.since(row.id, 1, 0).actions]
    finally:
        store.close()
    assert raw[1:] == [(mover, move), (-2, f"takeback 1 seat {mover}"), (mover, again)]
    assert logged(pg_url, code)[1:] == [(mover, again)]
