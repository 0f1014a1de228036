"""A real ``parlour serve`` on SQLite, SIGKILLed again and again while many tables are played.

Sixteen tables of six games (hidden hands, dice, people against bots, pass-and-play) are played at
once by scripted WebSocket clients, as fast as the server answers, starting the next game whenever one
ends.  The server is killed (SIGKILL) five times at random moments, each time once every table has been
played on since the last start, and started again on the same database; the clients reconnect with
their tokens.  Then every table's game is played to its end.

What is checked:

- every move the server acknowledged (the client saw a state in which its move was at its place in
  the log) is in the database, at that place, by that seat, as sent;
- what each connection was told of the log (for its own eyes) is never taken back: after each
  restart the log it is sent starts with every line it had, word for word, and never skips a line;
- each game's log in the database is numbered 1, 2, 3, ... with no gap and no place twice;
- every table is played on after every restart, and ends its last game; no client's message is
  refused; the server logs no traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import signal
import sqlite3
import sys
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

KILLS = 5
BOT_DELAY = 0.03
"""Bots answer quickly, so kills land while a bot is thinking too."""
TIMEOUT = 30.0
"""How long a client waits for any message (generous: a loaded machine; a hang fails the test)."""
SEED = 20261121

Spec = tuple[str, dict[str, Any], list[str | None], bool]
TABLES: list[Spec] = [  # game, house rules, seats (None: a person; else a bot level), pass-and-play
    *[("shut-the-box", {}, [None, None], False)] * 3,
    ("shut-the-box", {"rounds": 2}, [None, None], True),  # one device holds both seats
    *[("shut-the-box", {}, [None, "greedy"], False)] * 2,
    *[("go-fish", {}, [None, None, "random"], False)] * 2,  # hidden hands, a bot among people
    *[("dominoes", {"target": 1}, [None, None], False)] * 2,  # hidden tiles, a boneyard
    *[("blackjack", {"rounds": 2}, [None], False)] * 2,  # a hole card
    ("gin-rummy", {"target": 1}, [None, "simple"], False),
    *[("draughts", {}, [None, "random"], False)] * 2,
    ("blackjack", {"rounds": 3}, [None, None], False),
]
"""(Not Yahtzee: a server solves its strategy table when a table opens, half a minute of a core on
a fresh machine, started afresh by every restart.)"""


class Server:
    """``parlour serve`` on one database, killed and started again; ``up`` while it serves."""

    def __init__(self, db: str, folder: Path) -> None:
        self.db, self.folder = db, folder
        self.proc: asyncio.subprocess.Process | None = None
        self.up = asyncio.Event()
        self.generation = 0
        self.port = 0

    async def start(self) -> None:
        self.generation += 1
        with (self.folder / f"stderr-{self.generation}.txt").open("w") as stderr:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "parlour.cli.main", "serve", "--port", "0", "--db", self.db,
                "--bot-delay", str(BOT_DELAY), "--table-rate", "0",  # 16 tables from one address at once
                stdout=asyncio.subprocess.PIPE, stderr=stderr)
        assert self.proc.stdout is not None
        line = (await asyncio.wait_for(self.proc.stdout.readline(), 60)).decode()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, f"the server did not start: {line!r} {self.stderr()[-2000:]}"
        self.port = int(match.group(1))
        self.up.set()

    async def kill(self) -> None:
        self.up.clear()
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        assert await asyncio.wait_for(self.proc.wait(), 30) == -signal.SIGKILL

    async def stop(self) -> None:
        self.up.clear()
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()

    def api(self, path: str, body: Any = None) -> Any:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}",
                                         data=None if body is None else json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def stderr(self) -> str:
        return "".join(p.read_text(errors="replace") for p in sorted(self.folder.glob("stderr-*.txt")))


@dataclass
class Table:
    code: str
    spec: Spec
    people: list[int]
    tokens: dict[int, str]
    final_game: int | None = None
    """The game played to its end once the kills are over (set by the table's first client)."""
    acked_in: set[int] = field(default_factory=set)
    """The server generations in which a move of this table was acknowledged."""


@dataclass
class Client:
    """One connection (one person's seat, or several for pass-and-play) and what it was told."""

    table: Table
    seats: list[int]
    starter: bool
    """Starts the next game when one is over (the table's first client)."""
    rng: random.Random
    logs: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    """The log as this connection was told it, by game number."""
    acked: list[tuple[int, int, int, str]] = field(default_factory=list)
    """(game number, place in the log, seat, move) of each acknowledged move."""
    errors: list[dict[str, Any]] = field(default_factory=list)
    connections: int = 0


class Play:
    """The clients, the kills, and the counts between them."""

    def __init__(self, server: Server, tables: list[Table]) -> None:
        self.server, self.tables = server, tables
        self.finishing = asyncio.Event()
        self.acks = 0
        self.rng = random.Random(SEED)
        self.clients: list[Client] = []
        for n, table in enumerate(tables):
            groups = [table.people] if table.spec[3] else [[s] for s in table.people]
            for g, seats in enumerate(groups):
                self.clients.append(Client(table, seats, g == 0, random.Random(SEED * 100 + n * 10 + g)))

    # ---- one client ----------------------------------------------------------------------------
    async def client(self, me: Client) -> None:
        while True:
            await self.server.up.wait()
            generation = self.server.generation
            try:
                async with connect(f"ws://127.0.0.1:{self.server.port}/ws/{me.table.code}", max_size=None,
                                   open_timeout=TIMEOUT, ping_interval=None, close_timeout=1) as ws:
                    me.connections += 1
                    await ws.send(json.dumps({"type": "hello",
                                              "tokens": [me.table.tokens[s] for s in me.seats]}))
                    if await self.session(me, ws, generation):
                        return
            except (ConnectionClosed, OSError, InvalidHandshake):
                if self.server.up.is_set() and self.server.generation == generation:
                    await asyncio.sleep(0.05)  # not the kill: try again (a refused handshake, say)

    async def session(self, me: Client, ws: ClientConnection, generation: int) -> bool:
        """Play on one connection; True once the table's last game is over."""
        table = me.table
        pending: tuple[int, int, int, str] | None = None
        state: dict[str, Any] | None = None
        again_for = 0
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), 0.5 if self.finishing.is_set() else TIMEOUT)
            except TimeoutError:
                if not self.finishing.is_set():
                    raise AssertionError(f"{table.code}: nothing from the server in {TIMEOUT} s") from None
                if state is not None and state["over"] and table.final_game == state["game_no"]:
                    return True
                continue
            message = json.loads(raw)
            if message["type"] == "error":
                me.errors.append(message)
                pending = None
            elif message["type"] == "state":
                state = message
                self.told(me, state)
                if pending is not None and self.acknowledged(me, state, pending, generation):
                    pending = None
            else:
                continue
            if state is None or pending is not None:
                continue
            if state["over"]:
                if me.starter and again_for < state["game_no"]:
                    if self.finishing.is_set():
                        table.final_game = state["game_no"]
                        return True
                    again_for = state["game_no"]
                    await ws.send(json.dumps({"type": "again"}))
                elif table.final_game == state["game_no"]:
                    return True
                continue
            mine = [s for s in me.seats if str(s) in state["legal"]]
            if mine:
                seat = mine[0]
                move = choose(state["legal"][str(seat)], me.rng)
                pending = (state["game_no"], state["seq"], seat, move)
                await ws.send(json.dumps({"type": "move", "seat": seat, "move": move, "seq": state["seq"],
                                          "game_no": state["game_no"]}))

    @staticmethod
    def told(me: Client, state: dict[str, Any]) -> None:
        """A state's log, joined to what this connection had: nothing taken back, no gap."""
        game_no, had = state["game_no"], me.logs.get(state["game_no"], [])
        assert game_no >= max(me.logs, default=1), f"{me.table.code}: back to game {game_no}"
        if state["log_from"] == 0:
            now = state["log"]
            assert now[:len(had)] == had, (f"{me.table.code} seats {me.seats}: game {game_no}'s log lost or "
                                           f"changed lines it had told:\n{had}\nnow:\n{now}")
        else:
            assert len(had) == state["log_from"], f"{me.table.code}: a gap in the log"
            now = had + state["log"]
        assert len(now) == state["seq"] and [line["n"] for line in now] == list(range(1, len(now) + 1))
        me.logs[game_no] = now

    def acknowledged(self, me: Client, state: dict[str, Any], pending: tuple[int, int, int, str],
                     generation: int) -> bool:
        """Whether the move sent (``pending``: game number, the log's length then, seat, move) is in
        the log now: the seat's first line after that length (another seat may act at the same time,
        as players bet together at blackjack).  If so it is counted, with its place."""
        game_no, after, seat, move = pending
        if state["game_no"] != game_no:
            return state["game_no"] > game_no  # (a later game: it was taken, and acknowledged before)
        for n, line in enumerate(me.logs[game_no][after:], start=after + 1):
            if line["seat"] == seat:
                me.acked.append((game_no, n, seat, move))
                me.table.acked_in.add(generation)
                self.acks += 1
                return True
        return False

    # ---- the kills -----------------------------------------------------------------------------
    async def killer(self) -> list[int]:
        """Kill the server ``KILLS`` times, each once every table has been played on since it started
        (and a random number of moves more, and a random pause); start it again each time."""
        kills = []
        for _ in range(KILLS):
            generation = self.server.generation
            while any(generation not in t.acked_in for t in self.tables):
                await asyncio.sleep(0.01)
            more = self.acks + self.rng.randrange(40)
            while self.acks < more:
                await asyncio.sleep(0.005)
            await asyncio.sleep(self.rng.uniform(0, 0.2))
            kills.append(self.acks)
            await self.server.kill()
            await self.server.start()
        generation = self.server.generation
        while any(generation not in t.acked_in for t in self.tables):  # every table plays on ...
            await asyncio.sleep(0.01)
        self.finishing.set()  # ... and ends its game
        return kills


def choose(legal: list[str], rng: random.Random) -> str:
    """A random move, leaving out resigning and offering draws; gin and knocking when they are there."""
    ending = [m for m in legal if m.split()[0] in ("gin", "knock")]
    plain = [m for m in legal if not m.startswith(("resign", "offer"))]
    return rng.choice(ending or plain or legal)


def database_log(path: Path) -> dict[str, dict[int, list[tuple[int, int, str]]]]:
    """Every table's log in the database: code -> game number -> (place, seat, action) in order."""
    out: dict[str, dict[int, list[tuple[int, int, str]]]] = {}
    with contextlib.closing(sqlite3.connect(path)) as db:
        for code, game_no, n, seat, action in db.execute(
                "SELECT t.code, a.game_no, a.n, a.seat, a.action FROM actions a"
                " JOIN tables t ON t.id = a.table_id ORDER BY t.code, a.game_no, a.n"):
            out.setdefault(code, {}).setdefault(game_no, []).append((n, seat, action))
    return out


async def crash_and_play(tmp_path: Path) -> tuple[Play, list[int], list[dict[str, Any]]]:
    server = Server(f"sqlite:///{tmp_path / 'parlour.sqlite3'}", tmp_path)
    await server.start()
    try:
        tables = []
        for spec in TABLES:
            game, rules, seats, _ = spec
            people = [s for s, bot in enumerate(seats) if bot is None]
            created = await asyncio.to_thread(server.api, "/api/tables", {
                "game": game, "rules": rules, "seats": [{"bot": bot} for bot in seats],
                "join": [{"seat": s, "name": f"P{s}"} for s in people]})
            tokens = {s: created["tokens"][str(s)] for s in people}
            tables.append(Table(created["code"], spec, people, tokens))
        play = Play(server, tables)
        clients = [asyncio.create_task(play.client(c)) for c in play.clients]
        killer = asyncio.create_task(play.killer())
        try:  # the first failure of a client (or of the killer) ends the test at once
            done, _ = await asyncio.wait([*clients, killer], timeout=300,
                                         return_when=asyncio.FIRST_EXCEPTION)
            for task in done:
                task.result()
            assert len(done) == len(clients) + 1, "the tables were not played to their end in 300 s"
            kills = killer.result()
        finally:
            for task in [*clients, killer]:
                task.cancel()
            await asyncio.gather(*clients, killer, return_exceptions=True)
        infos = [await asyncio.to_thread(server.api, f"/api/tables/{t.code}") for t in tables]
        return play, kills, infos
    finally:
        await server.stop()


def test_no_acknowledged_move_is_lost_when_the_server_is_killed_again_and_again(tmp_path: Path) -> None:
    play, kills, infos = asyncio.run(crash_and_play(tmp_path))
    assert len(kills) == KILLS and play.server.generation == KILLS + 1
    assert "Traceback" not in (stderr := play.server.stderr()), stderr[-5000:]
    logged = database_log(tmp_path / "parlour.sqlite3")
    for client in play.clients:
        table = client.table
        assert not client.errors, (table.code, client.errors)
        games = logged[table.code]
        for game_no, n, seat, move in client.acked:  # every acknowledged move is there, as sent
            assert games[game_no][n - 1] == (n, seat, move), (table.code, game_no, n, seat, move)
        for game_no, lines in client.logs.items():  # and all the log it was told
            assert len(lines) <= len(games[game_no])
            assert [line["seat"] for line in lines] == [seat for _, seat, _ in games[game_no][:len(lines)]]
        assert client.connections >= KILLS + 1  # it came back after every kill
    for table, info in zip(play.tables, infos, strict=True):
        games = logged[table.code]
        assert table.final_game is not None and sorted(games) == list(range(1, table.final_game + 1))
        for actions in games.values():  # numbered from 1, no gap, no place twice
            assert [n for n, _, _ in actions] == list(range(1, len(actions) + 1))
        # played on after every start of the server, and its last game played to the end
        assert table.acked_in == set(range(1, KILLS + 2)), (table.code, table.acked_in)
        assert info["over"] and info["game_no"] == table.final_game
        assert info["seq"] == len(games[table.final_game])
        assert all(len(c.logs[table.final_game]) == info["seq"] for c in play.clients if c.table is table)
    actions = sum(len(g) for t in logged.values() for g in t.values())
    print(f"\n{len(play.tables)} tables, {len(play.clients)} clients; killed after {kills} acknowledged "
          f"moves; {play.acks} moves acknowledged, {actions} actions logged in "
          f"{sum(len(t) for t in logged.values())} games")
