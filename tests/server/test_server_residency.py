"""Tables in memory only while in use, loaded when asked for; abandoned ones archived, not listed;
and a server that answers at once when it starts, loading what carries on by itself afterwards.

The eviction and archive tests drive a Hub with a hand-moved time source (no sleeping); the start
test holds the background loading back with a gate it opens itself (no timing)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from serverkit import create_table, hello
from sqlalchemy import select, update

from parlour.server.app import create_app
from parlour.server.live import Connection
from parlour.server.residency import Keeping
from parlour.server.storage import Storage, tables
from parlour.server.tables import Hub

DAY = 86400.0


class HandTime:
    def __init__(self, start: float) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:  # the clocks' timers: never due in these tests
        await asyncio.Event().wait()


def run(db_url: str, test: Callable[[Hub, HandTime], Awaitable[None]], bot_delay: float = 3600) -> None:
    """Run ``test`` with a started Hub on ``db_url`` whose time moves only by hand."""
    async def main() -> None:
        storage = Storage(db_url)
        time = HandTime(storage_now())
        hub = Hub(storage, bot_delay=bot_delay, now=time.now, sleep=time.sleep,
                  keeping=Keeping(idle=600, archive=30 * DAY, sweep=3600))
        await hub.start()
        try:
            await test(hub, time)
        finally:
            await hub.stop()
            storage.close()
    asyncio.run(main())


def storage_now() -> float:
    import time
    return time.time()


async def person_and_bot(hub: Hub) -> str:
    """Shut the Box for Ann and a bot, Ann to throw."""
    code, _ = await hub.create("shut-the-box", {}, [{}, {"bot": "greedy"}], True,
                               [{"seat": 0, "name": "Ann"}])
    return code


def test_an_idle_table_leaves_memory_and_comes_back_as_it_was(db_url: str):
    async def test(hub: Hub, time: HandTime) -> None:
        code = await person_and_bot(hub)
        table = hub.get(code)
        await hub.act(table, frozenset({0}), 0, "roll 2")
        before = (table.seq, table.rows, [item.seat for item in table.log], table.names())
        time.t += 599
        assert hub.residency.evict() == [] and code in hub.tables
        hub.reviews._kept[(table.id, 1)] = {"moves": 1, "mistakes": []}  # a review kept for it
        time.t += 1
        assert hub.residency.evict() == [code] and code not in hub.tables
        assert hub.reviews._kept == {}  # it goes with the table
        again = hub.get(code)  # asked for again (a connection, the state API, the list)
        assert again is not table and code in hub.tables
        assert (again.seq, again.rows, [item.seat for item in again.log], again.names()) == before
        assert again.info() == table.info()
    run(db_url, test)


def test_a_table_in_use_never_leaves_memory(db_url: str):
    async def test(hub: Hub, time: HandTime) -> None:
        watched = await person_and_bot(hub)
        hub.get(watched).conns.add(Connection(frozenset({0})))  # somebody connected
        thinking, _ = await hub.create("shut-the-box", {}, [{"bot": "greedy"}], True, [])  # a bot to move
        assert hub.get(thinking).bot_task is not None
        timed, _ = await hub.create("draughts", {"colours": "first-black"}, [{}, {}], True,
                              [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
                              {"base": 300, "increment": 0})
        assert hub.get(timed).clock is not None and hub.get(timed).clock.running is not None
        idle = await person_and_bot(hub)
        time.t += 10 * DAY
        assert hub.residency.evict() == [idle]
        assert {watched, thinking, timed} <= set(hub.tables)
        hub.tables[watched].conns.clear()  # the connection closes: idle from the last look on
        time.t += 599
        assert hub.residency.evict() == []
        time.t += 1
        assert hub.residency.evict() == [watched]
    run(db_url, test)


def _archived(hub: Hub) -> set[str]:
    with hub.storage.engine.begin() as db:
        return {row[0] for row in db.execute(select(tables.c.code).where(tables.c.archived.is_(True)))}


def test_an_abandoned_table_is_archived_not_listed_and_kept(db_url: str):
    async def test(hub: Hub, time: HandTime) -> None:
        old = await person_and_bot(hub)
        await hub.act(hub.get(old), frozenset({0}), 0, "roll 2")
        recent = await person_and_bot(hub)
        with hub.storage.engine.begin() as db:  # opened long ago, but played at today
            db.execute(update(tables).where(tables.c.code == recent).values(updated=time.t - 40 * DAY))
        await hub.act(hub.get(recent), frozenset({0}), 0, "roll 2")
        assert hub.residency.archive() == []
        time.t += 29 * DAY
        assert hub.residency.archive() == []
        time.t += 1 * DAY + 1
        hub.get(recent).conns.add(Connection(frozenset({0})))  # in use: never archived
        assert hub.residency.archive() == [old]
        assert _archived(hub) == {old}
        assert hub.storage.table_codes() == [recent]  # the lobby's list leaves it out
        assert hub.storage.load(old) is not None  # nothing deleted: its link still opens it
        hub.residency.came_back(hub.get(old))  # somebody connects to it: listed again
        assert _archived(hub) == set() and set(hub.storage.table_codes()) == {old, recent}
    run(db_url, test)


def test_the_server_answers_at_once_and_loads_bots_tables_in_the_background(tmp_path: Path):
    db_url = f"sqlite:///{tmp_path / 'parlour.sqlite3'}"
    with TestClient(create_app(db_url, bot_delay=3600)) as first:  # the bots never move in this life
        waiting_bot = create_table(first, [{"bot": "greedy"}, {"bot": "greedy"}])[0]
        asked_for = create_table(first, [{"bot": "greedy"}, {"bot": "greedy"}])[0]
        people, tokens = create_table(first, [{"bot": None}], join=[{"seat": 0, "name": "Ann"}])
    gate = threading.Event()
    app = create_app(db_url, bot_delay=0, keeping=Keeping(hold=gate))
    hub: Hub = app.state.hub
    with TestClient(app) as client:
        try:
            _answers_at_once(client, hub, gate, waiting_bot, asked_for, people, tokens)
        finally:
            gate.set()  # a failure must not leave the loader waiting


def _answers_at_once(client: TestClient, hub: Hub, gate: threading.Event, waiting_bot: str,
                     asked_for: str, people: str, tokens: dict[str, str]) -> None:
    assert client.get("/api/games").status_code == 200  # answered with loading held back
    assert hub.tables == {} and not hub.residency.resumed.is_set()
    assert client.get(f"/api/tables/{asked_for}").json()["code"] == asked_for  # loaded when asked
    assert set(hub.tables) == {asked_for}
    with client.websocket_connect(f"/ws/{asked_for}") as ws:  # ... and its bots play on
        hello(ws, []).until(lambda m: m["type"] == "state" and m["over"])
    gate.set()
    assert hub.residency.resumed.wait(timeout=60)
    assert waiting_bot in hub.tables and people not in hub.tables  # a person's table waits to be asked
    with client.websocket_connect(f"/ws/{waiting_bot}") as ws:
        hello(ws, []).until(lambda m: m["type"] == "state" and m["over"])
    with client.websocket_connect(f"/ws/{people}") as ws:
        state: dict[str, Any] = hello(ws, [tokens["0"]]).state or {}
        assert state["legal"]["0"]


def test_a_database_from_before_gets_the_new_columns(tmp_path: Path):
    import sqlite3

    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:  # the tables table as Parlour made it before this issue
        old.execute("CREATE TABLE tables (id INTEGER PRIMARY KEY, code VARCHAR(16) NOT NULL UNIQUE, "
                    "game VARCHAR(40) NOT NULL, rules TEXT NOT NULL, hints BOOLEAN NOT NULL, "
                    "game_no INTEGER NOT NULL, over BOOLEAN NOT NULL, created FLOAT NOT NULL, "
                    "updated FLOAT NOT NULL)")
        old.execute("INSERT INTO tables VALUES (1, 'AAAAA', 'shut-the-box', '{}', 1, 1, 0, 0, 0)")
    storage = Storage(f"sqlite:///{path}")
    try:
        assert storage.table_codes() == ["AAAAA"]  # not archived
        with storage.engine.begin() as db:
            assert db.execute(select(tables.c.creator, tables.c.archived)).one() == (None, False)
    finally:
        storage.close()
