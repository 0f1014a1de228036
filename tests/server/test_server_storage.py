"""Storage that is slow or failing stalls nothing: SQLite's write lock held by another program, a
read-only database, and a PostgreSQL server stopped and started again in the middle of a game.

The database is written in worker threads (``parlour.server.dbwork``), so a write waiting on a lock
holds up only its own table; a write the database refuses is an ``unavailable`` error (HTTP 503)
that changes nothing, and bots and chance try again until their write goes through.
"""

from __future__ import annotations

import logging
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import Reader, create_table, hello
from test_server_postgres import Cluster, cluster, pg_url  # noqa: F401  (fixtures)

from parlour.server.app import create_app
from parlour.server.live import LiveTable

LOCKER = r"""
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
for line in sys.stdin:
    db.execute("BEGIN IMMEDIATE" if line.strip() == "lock" else "ROLLBACK")
    print(line.strip() + "ed", flush=True)
"""
"""Another program: holds SQLite's write lock (``BEGIN IMMEDIATE``) from ``lock`` to ``unlock``."""


class Locker:
    """A process of its own holding the database's write lock when told to."""

    def __init__(self, path: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", LOCKER, str(path)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def _say(self, word: str) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(word + "\n")
        self.process.stdin.flush()
        assert self.process.stdout.readline().strip() == word + "ed"

    def lock(self) -> None:
        self._say("lock")

    def unlock(self) -> None:
        self._say("unlock")

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


@pytest.fixture
def locker(tmp_path: Path) -> Iterator[Locker]:
    holder = Locker(tmp_path / "parlour.sqlite3")
    yield holder
    holder.close()


def wait_for(condition: Callable[[], bool], what: str, limit: float = 60.0) -> None:
    """Wait until ``condition()`` holds (a bound only for a failing test, never a timing claim)."""
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.01)


def hub_of(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


def alone(client: TestClient, name: str = "Ann", game: str = "shut-the-box") -> tuple[str, str]:
    """A table for one person (no bots): its code and the person's token."""
    code, tokens = create_table(client, [{"bot": None}], [{"seat": 0, "name": name}], game=game)
    return code, tokens["0"]


def stored(client: TestClient, table: LiveTable) -> list[tuple[int, str]]:
    """The table's current game as the database has it."""
    return [(seat, text) for seat, text, _ in hub_of(client).storage.game_log(table.id, table.game_no)]


def test_a_write_waiting_for_the_lock_holds_up_only_its_own_table(db_url: str, locker: Locker) -> None:
    with TestClient(create_app(db_url, bot_delay=0, db_timeout=60)) as client:
        hub = hub_of(client)
        mine, token = alone(client, "Ann")
        other, other_token = alone(client, "Bob")
        with client.websocket_connect(f"/ws/{mine}") as wa, client.websocket_connect(f"/ws/{other}") as wb:
            ann, bob = hello(wa, [token]), hello(wb, [other_token])
            assert ann.state is not None
            move = ann.state["legal"]["0"][0]
            locker.lock()
            ann.send({"type": "move", "move": move, "seq": 0})
            wait_for(lambda: hub.db.pending == 1, "Ann's move waits for the lock")
            # Everything else answers while it waits:
            assert client.get("/api/games").status_code == 200
            assert client.get("/api/tables").status_code == 200
            assert client.get(f"/api/tables/{other}").json()["seq"] == 0
            assert client.get(f"/api/tables/{mine}").json()["seq"] == 0  # not applied before it is written
            assert client.get("/api/health").json()["ok"] is True  # reads go on beside the lock
            assert bob.sync()["seq"] == 0  # another table's socket
            with client.websocket_connect(f"/ws/{other}") as watching:
                assert hello(watching, []).state is not None  # a new spectator gets the state
            assert hub.db.pending == 1 and hub.get(mine).seq == 0, "the lock was let go too soon"
            locker.unlock()
            after = ann.until(lambda m: m["type"] == "state" and m["seq"] >= 1)
            assert after["log"][0]["seat"] == 0
            assert not [m for m in ann.seen if m["type"] == "error"]
            assert stored(client, hub.get(mine))[0] == (0, move)  # written once, at its place


def test_a_write_the_lock_keeps_out_is_refused_as_unavailable_and_changes_nothing(
        db_url: str, locker: Locker) -> None:
    with TestClient(create_app(db_url, bot_delay=0, db_timeout=0.2)) as client:
        hub = hub_of(client)
        code, token = alone(client)
        with client.websocket_connect(f"/ws/{code}") as ws:
            ann = hello(ws, [token])
            assert ann.state is not None
            before = ann.state
            move = before["legal"]["0"][0]
            locker.lock()
            ann.send({"type": "move", "move": move, "seq": 0})
            error = ann.error()
            assert error["code"] == "unavailable" and "locked" in error["message"], error
            assert error["refused"] == {"move": move, "seq": 0}
            assert ann.sync()["seq"] == 0  # the connection is kept
            table = hub.get(code)
            assert table.seq == 0 and table.rows == 0 and stored(client, table) == []
            created = client.post("/api/tables", json={"game": "shut-the-box", "seats": [{"bot": None}]})
            assert created.status_code == 503 and "locked" in created.json()["detail"]
            locker.unlock()
            ann.send({"type": "move", "move": move, "seq": 0})  # the same move, sent again
            ann.until(lambda m: m["type"] == "state" and m["seq"] >= 1)
            assert [text for seat, text in stored(client, table) if seat == 0] == [move]  # once


def test_bots_and_chance_try_again_until_the_lock_goes(db_url: str, locker: Locker,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="parlour.server")
    with TestClient(create_app(db_url, bot_delay=0.1, db_timeout=0.2)) as client:
        hub = hub_of(client)
        code, _ = create_table(client, [{"bot": "random"}, {"bot": "random"}])
        table = hub.get(code)
        with client.websocket_connect(f"/ws/{code}") as ws:
            watcher = hello(ws, [])
            watcher.until(lambda m: m["type"] == "state" and m["seq"] >= 1)
            locker.lock()
            task = table.bot_task
            assert task is not None and not table.over
            wait_for(lambda: task.done() or "failed" in caplog.text, "a bot's or chance's write fails")
            assert not task.done(), "the bots stopped when a write failed"
            seq = table.seq
            locker.unlock()
            wait_for(lambda: table.over or task.done(), "the game ends or the bots stop")
            assert table.over, "the bots stopped"
            assert table.seq > seq
            watcher.until(lambda m: m["type"] == "state" and m["over"])
        assert len(stored(client, table)) == table.seq  # every action once, none lost


def test_a_read_only_database_refuses_writes_with_a_json_503(tmp_path: Path) -> None:
    path = tmp_path / "parlour.sqlite3"
    with TestClient(create_app(f"sqlite:///{path}", bot_delay=0)) as client:
        code, _ = create_table(client, [{"bot": None}, {"bot": None}], [{"seat": 0, "name": "Ann"}])
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"
    with TestClient(create_app(read_only, bot_delay=0), raise_server_exceptions=False) as client:
        created = client.post("/api/tables", json={"game": "shut-the-box", "seats": [{"bot": None}]})
        assert created.status_code == 503, created.text
        assert created.json() == {"detail": "the database is read-only: nothing was changed; try again "
                                            "in a moment"}
        claimed = client.post(f"/api/tables/{code}/seats/1", json={"name": "Bob"})
        assert claimed.status_code == 503 and "read-only" in claimed.json()["detail"]
        info = client.get(f"/api/tables/{code}").json()  # reading goes on
        assert [s["taken"] for s in info["seats"]] == [True, False]
        assert client.get("/api/health").json() == {"ok": True, "database": "sqlite",
                                                    "detail": "the database answers"}


def test_a_postgres_server_stopped_and_started_mid_game_loses_and_doubles_nothing(
        cluster: Cluster, pg_url: str) -> None:  # noqa: F811
    with TestClient(create_app(pg_url, bot_delay=0.1, db_timeout=2)) as client:
        hub = hub_of(client)
        code, tokens = create_table(client, [{"bot": None}, {"bot": None}],
                                    [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
                                    game="draughts", rules={"colours": "first-black"})
        bots, _ = create_table(client, [{"bot": "random"}, {"bot": "random"}], game="draughts")
        table, bot_table = hub.get(code), hub.get(bots)
        with client.websocket_connect(f"/ws/{code}") as wa, client.websocket_connect(f"/ws/{code}") as wb:
            players = {0: hello(wa, [tokens["0"]]), 1: hello(wb, [tokens["1"]])}
            made: list[str] = []

            def play(reader_of: dict[int, Reader], times: int) -> None:
                for _ in range(times):
                    seat = table.to_act()[0]
                    reader = reader_of[seat]
                    state = reader.sync()
                    move = state["legal"][str(seat)][0]
                    reader.send({"type": "move", "move": move, "seq": state["seq"]})
                    after = state["seq"] + 1
                    reader.until(lambda m: m["type"] == "state" and m["seq"] == after)  # noqa: B023
                    made.append(move)

            def refused_while_down() -> str:
                """A move while the server is down: refused, changing nothing; returns it."""
                seat = table.to_act()[0]
                state = players[seat].sync()
                move = state["legal"][str(seat)][0]
                players[seat].send({"type": "move", "move": move, "seq": state["seq"]})
                error = players[seat].error()
                assert error["code"] == "unavailable" and "cannot be reached" in error["message"], error
                assert players[seat].sync()["seq"] == state["seq"] == table.seq  # kept, and nothing changed
                assert client.get("/api/games").status_code == 200
                assert client.get(f"/api/tables/{code}").json()["seq"] == state["seq"]
                health = client.get("/api/health")
                assert health.status_code == 503 and health.json()["ok"] is False
                return move

            play(players, 4)
            cluster.stop("fast")  # (an immediate stop may lose the last commits: synchronous_commit=off)
            try:
                move = refused_while_down()
                bot_seq = bot_table.seq
            finally:
                cluster.serve()
            assert client.get("/api/health").status_code == 200
            play(players, 6)  # the refused move first (the first legal move, as before)
            assert made[4] == move
            wait_for(lambda: bot_table.seq > bot_seq + 2 or bot_table.over
                     or (bot_table.bot_task is not None and bot_table.bot_task.done()),
                     "the bots play on")
            assert bot_table.seq > bot_seq + 2 or bot_table.over, "the bots stopped"
        assert [text for _, text in stored(client, table)] == made  # each move once, in order
        for live in (table, bot_table):
            rows = hub.storage.since(live.id, live.game_no, 0).actions
            assert [n for _, n, _, _ in rows] == list(range(1, live.rows + 1))  # no gap, no place twice


def test_a_table_read_back_slowly_holds_up_nothing_else(db_url: str) -> None:
    """A table not in memory is read from the database off the event loop: while its read is held
    up (a slow disk, a PostgreSQL server far away), the lobby answers."""
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        hub = hub_of(client)
        code, _ = alone(client)
        hub.let_go(hub.tables[code])  # idle: it left memory
        entered, gate, events = threading.Event(), threading.Event(), []
        load = hub.storage.load

        def slow_load(key: str) -> Any:
            entered.set()
            gate.wait(timeout=15)  # (a bound only for the failing case, where nothing else answers)
            events.append("table read")
            return load(key)

        hub.storage.load = slow_load
        answers: list[Any] = []
        asking = threading.Thread(target=lambda: answers.append(client.get(f"/api/tables/{code}")))
        asking.start()
        assert entered.wait(timeout=30)
        assert client.get("/api/games").status_code == 200
        events.append("lobby answered")
        gate.set()
        asking.join(timeout=60)
        assert events == ["lobby answered", "table read"]
        assert answers[0].status_code == 200 and answers[0].json()["code"] == code
        assert code in hub.tables


def test_a_throw_and_its_dice_are_written_in_one_commit(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """One trip to a worker thread for a move and the chance events it makes due (docs/benchmarks.md,
    "The latency goal at people's pace")."""
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        hub = hub_of(client)
        code, token = alone(client)
        writes: list[list[tuple[int, str]]] = []
        append_all = hub.storage.append_all

        def counted(table_id: int, game_no: int, n: int, actions: list[tuple[int, str]], *rest: Any,
                    **named: Any) -> None:
            writes.append(list(actions))
            append_all(table_id, game_no, n, actions, *rest, **named)

        monkeypatch.setattr(hub.storage, "append_all", counted)
        with client.websocket_connect(f"/ws/{code}") as ws:
            ann = hello(ws, [token])
            assert ann.state is not None
            throw = next(m for m in ann.state["legal"]["0"] if m.startswith("roll"))
            ann.send({"type": "move", "move": throw, "seq": 0})
            after = ann.until(lambda m: m["type"] == "state" and m["seq"] >= 2)
            assert [line["seat"] for line in after["log"]] == [0, -1]  # the throw, then the dice
        assert len(writes) == 1 and [seat for seat, _ in writes[0]] == [0, -1], writes
        assert stored(client, hub.get(code)) == writes[0]
