"""The bots think in a bounded pool of their own (``parlour.server.thinking``): many bots thinking
at once hold up nobody else, tables with people go first, a table that is gone never hears from
its bot again; in worker processes (``parlour serve``'s way), which end with their server and are
started again if one dies.

The bots of the pool tests are held by a gate the test opens (no timing): a held bot is one whose
decision is under way and has not returned.  The watchdog only opens the gate if the test would
otherwise wait forever (which is then a failure)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create_table, hello
from test_server_process import Served

from parlour.core import registry
from parlour.core.options import rules_to_json
from parlour.games.shut_the_box import bots as stb_bots
from parlour.server import thinking
from parlour.server.app import create_app

WATCHDOG = 60.0
"""Seconds after which the gate opens anyway, so that a failing test ends."""


class Gate:
    """Held bots: each decision waits at the gate until it opens, counting those that entered."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.changed = threading.Condition()
        self.entered = 0
        self.returned = 0
        self.players: list[int] = []
        """The number of seats at the table of each decision, in the order they began."""
        self.forced = False
        self.watchdog = threading.Timer(WATCHDOG, self._force)
        self.watchdog.daemon = True

    def _force(self) -> None:
        self.forced = True
        self.open.set()

    def wait_for_entered(self, n: int) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: self.entered >= n or self.forced, WATCHDOG)
        assert not self.forced, f"only {self.entered} bots began to think"

    def bot(self) -> Any:
        gate = self

        class HeldBot:
            name = "greedy"

            def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
                with gate.changed:
                    gate.entered += 1
                    gate.players.append(view.state.players)
                    gate.changed.notify_all()
                gate.open.wait()
                with gate.changed:
                    gate.returned += 1
                return legal[0]

        return HeldBot()


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    found = Gate()
    monkeypatch.setattr(stb_bots, "BOTS", {**stb_bots.BOTS, "greedy": lambda rules: found.bot()})
    found.watchdog.start()
    try:
        yield found
    finally:
        found.open.set()  # never leave a worker thread waiting
        found.watchdog.cancel()


def served(tmp_path: Path, workers: int) -> TestClient:
    url = f"sqlite:///{tmp_path / 'parlour.sqlite3'}"
    return TestClient(create_app(url, bot_delay=0, bot_workers=workers))


def test_a_dozen_bots_thinking_hold_up_no_person_at_another_table(tmp_path: Path, gate: Gate) -> None:
    with served(tmp_path, workers=2) as client:
        busy = [create_table(client, [{"bot": "greedy"}, {"bot": None}], [{"seat": 1, "name": "Bea"}])[0]
                for _ in range(12)]
        gate.wait_for_entered(2)
        code, tokens = create_table(client, [{"bot": None}, {"bot": "greedy"}], [{"seat": 0, "name": "Ann"}])
        with client.websocket_connect(f"/ws/{code}") as ws:
            ann = hello(ws, [tokens["0"]])
            assert ann.state is not None and ann.state["to_act"] == [0]
            ann.send({"type": "hint", "seat": 0})
            hint = ann.until(lambda m: m["type"] in ("hint", "error"))
            assert hint["type"] == "hint", hint
            move = ann.state["legal"]["0"][0]
            ann.send({"type": "move", "move": move, "seq": ann.state["seq"]})
            moved = ann.until(lambda m: m["type"] == "state" and m["seq"] > 0)
            assert moved["log"][0]["seat"] == 0
            assert not gate.open.is_set(), "the person was answered only once the bots were let go"
            assert gate.entered == 2, f"{gate.entered} bots thought at once with a pool of 2"
        gate.open.set()
        with client.websocket_connect(f"/ws/{busy[-1]}") as ws:  # the last queued bot moves in its turn
            watcher = hello(ws, [])
            watcher.until(lambda m: m["type"] == "state" and m["seq"] > 0)


def test_a_closed_tables_bot_never_moves_afterwards(tmp_path: Path, gate: Gate) -> None:
    with served(tmp_path, workers=1) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        thinking = create_table(client, [{"bot": "greedy"}, {"bot": None}], [{"seat": 1, "name": "Bea"}])[0]
        gate.wait_for_entered(1)
        queued = create_table(client, [{"bot": "greedy"}, {"bot": None}], [{"seat": 1, "name": "Cal"}])[0]
        assert client.portal is not None
        for code in (thinking, queued):
            table = hub.tables[code]
            assert table.bot_task is not None and not table.bot_task.done()
            client.portal.call(hub.let_go, table)
        gate.open.set()
        client.portal.call(hub.thinking.think, lambda: None)  # after the held decision has returned
        assert gate.returned == 1 and gate.entered == 1, "the queued table's bot thought after all"
        for code in (thinking, queued):
            row = hub.storage.load(code)
            assert row is not None and not row.logs.get(1), f"table {code}'s bot moved after it was closed"
            assert code not in hub.tables


def test_a_tables_bot_with_people_waiting_thinks_before_the_tables_of_bots_alone(tmp_path: Path,
                                                                                gate: Gate) -> None:
    """One worker, held by a table of three bots; three more such tables queue, then a table of a
    person and a bot: once the gate opens, the bot the person waits for thinks next."""
    with served(tmp_path, workers=1) as client:
        bots_alone = [{"bot": "greedy"}] * 3
        create_table(client, bots_alone)
        gate.wait_for_entered(1)
        for _ in range(3):
            create_table(client, bots_alone)
        create_table(client, [{"bot": "greedy"}, {"bot": None}], [{"seat": 1, "name": "Ann"}])
        hub = client.app.state.hub  # type: ignore[attr-defined]
        for _ in range(100_000):  # until every table's bot has asked for its turn
            if hub.thinking.waiting() >= 4:
                break
            client.portal.call(asyncio.sleep, 0)
        assert hub.thinking.waiting() == 4
        gate.open.set()
        gate.wait_for_entered(3)
        assert gate.players[:2] == [3, 2], f"the decisions began in the order of {gate.players}"


def test_bots_think_in_worker_processes_as_parlour_serve_has_them(tmp_path: Path) -> None:
    """With ``bot_processes`` (``parlour serve``'s way) a bot's decision is made in a worker
    process, by a bot made there from the game, level and rules, and played at the table."""
    url = f"sqlite:///{tmp_path / 'parlour.sqlite3'}"
    with TestClient(create_app(url, bot_delay=0, bot_workers=1, bot_processes=True)) as client:
        code, _ = create_table(client, [{"bot": "optimal"}, {"bot": None}], [{"seat": 1, "name": "Ann"}],
                               rules={"tiles": 10})
        with client.websocket_connect(f"/ws/{code}") as ws:
            watcher = hello(ws, [])
            moved = watcher.until(lambda m: m["type"] == "state" and any(
                line["seat"] == 0 for line in m["log"]) and 1 in m["to_act"])
        assert moved["log"][0]["seat"] == 0
        pool = client.app.state.hub.thinking  # type: ignore[attr-defined]
        assert pool.processes and pool._elsewhere is not None
        own = os.getpriority(os.PRIO_PROCESS, 0)
        for pid in pool._elsewhere._processes:  # below the server's priority: people's moves first
            assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, own + thinking.NICENESS)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, ended but not reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
def test_a_killed_servers_bot_worker_processes_end_too(tmp_path: Path) -> None:
    """``parlour serve`` killed (SIGKILL) while its bots' worker processes run: they end by
    themselves rather than stay behind, one more each time the server is started again."""
    server = Served(f"sqlite:///{tmp_path / 'parlour.sqlite3'}", bot_delay=0)
    try:
        code = server.api("/api/tables", {"game": "shut-the-box", "seats": [{"bot": "greedy"}]})["code"]
        deadline = time.monotonic() + 60
        while not server.api(f"/api/tables/{code}")["over"] and time.monotonic() < deadline:
            time.sleep(0.1)  # (the bot plays the whole game: a worker process has been started)
        workers = [int(p) for task in Path(f"/proc/{server.proc.pid}/task").iterdir()
                   for p in (task / "children").read_text().split()]
        assert workers, "the server started no worker process"
        server.kill()
        deadline = time.monotonic() + 30  # (a worker looks for its server once a second)
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [pid for pid in workers if _alive(pid)]
        for pid in left:  # (a failing run leaves nothing behind either)
            os.kill(pid, signal.SIGKILL)
        assert not left, f"worker processes {left} outlived their server"
    finally:
        server.stop()


def test_a_worker_process_keeps_a_bounded_number_of_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker process makes a bot once for each game, level and rules, and keeps at most
    ``KEEP_BOTS`` of them (house rules make many kinds), the least recently used going first."""
    monkeypatch.setattr(thinking, "_BOTS", {})
    monkeypatch.setattr(thinking, "KEEP_BOTS", 3)
    game = registry.get("shut-the-box")
    state = game.initial_state(game.default_rules(), 1)
    view, legal = game.view(state, 0), game.legal_moves(state, 0)
    for tiles in (9, 10, 12, 9, 10, 9, 10):
        rules = json.dumps({**rules_to_json(game.default_rules()), "tiles": tiles}, sort_keys=True)
        assert thinking.choose_here("shut-the-box", "greedy", rules, view, legal, 1) in legal
    assert [key[2] for key in thinking._BOTS].count(rules) == 1 and len(thinking._BOTS) == 3
    assert {json.loads(key[2])["tiles"] for key in thinking._BOTS} == {9, 10, 12}
    rules = json.dumps({**rules_to_json(game.default_rules()), "tiles": 9}, sort_keys=True)
    thinking.choose_here("shut-the-box", "optimal", rules, view, legal, 1)
    kept = {(key[1], json.loads(key[2])["tiles"]) for key in thinking._BOTS}
    assert kept == {("greedy", 9), ("greedy", 10), ("optimal", 9)}  # (greedy, 12): the least recent


def test_bots_play_on_after_a_worker_process_dies(tmp_path: Path) -> None:
    """A bot worker process killed (as for its memory) breaks the process pool: the next
    decision starts the workers again, and the bots play on."""
    url = f"sqlite:///{tmp_path / 'parlour.sqlite3'}"
    with TestClient(create_app(url, bot_delay=0, bot_workers=1, bot_processes=True)) as client:
        def play_a_game() -> None:
            code, _ = create_table(client, [{"bot": "greedy"}])
            deadline = time.monotonic() + 60  # (only a failing run waits that long)
            while not (found := client.get(f"/api/tables/{code}").json())["over"] \
                    and time.monotonic() < deadline:
                client.portal.call(asyncio.sleep, 0.05)  # type: ignore[union-attr]
            assert found["over"], "the bot stopped playing"

        play_a_game()
        pool = client.app.state.hub.thinking._elsewhere  # type: ignore[attr-defined]
        workers = list(pool._processes)
        assert workers
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        play_a_game()
        assert client.app.state.hub.thinking._elsewhere is not pool  # type: ignore[attr-defined]
