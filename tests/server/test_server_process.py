"""A real ``parlour serve`` process: killed mid-game (SIGKILL) and started again on the same database,
and sent frames too large to read.

No acknowledged move is lost, the players rejoin their seats with their tokens,
and bots carry on by themselves.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect


class Served:
    def __init__(self, db: str, bot_delay: float) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "parlour.cli.main", "serve", "--port", "0", "--db", db,
             "--bot-delay", str(bot_delay)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, line + (self.proc.stderr.read() if self.proc.stderr else "")
        self.base = f"http://127.0.0.1:{match.group(1)}"
        self.ws = f"ws://127.0.0.1:{match.group(1)}"

    def api(self, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream:
                stream.close()


@pytest.fixture
def servers() -> Iterator[list[Served]]:
    started: list[Served] = []
    yield started
    for s in started:
        s.stop()


LOGS: dict[int, list[Any]] = {}
"""The log each connection has been sent so far (state messages carry only new lines)."""


def receive(ws: ClientConnection, wanted: Any) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        message: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if message["type"] == "state":
            log = LOGS.setdefault(id(ws), [])
            assert len(log) == message["log_from"] or message["log_from"] == 0
            log[message["log_from"]:] = message["log"]
            message["log"] = list(log)
        if wanted(message):
            return message
    raise AssertionError("nothing wanted arrived")


@contextlib.contextmanager
def join(server: Served, code: str, tokens: list[str]) -> Iterator[tuple[ClientConnection, dict[str, Any]]]:
    with connect(f"{server.ws}/ws/{code}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": tokens}))
        yield ws, receive(ws, lambda m: m["type"] == "state")


def play(ws: ClientConnection, state: dict[str, Any], moves: int) -> dict[str, Any]:
    """Make ``moves`` moves (or play to the end); each is acknowledged by the state after it."""
    for _ in range(moves):
        if state["over"]:
            break
        seat = state["to_act"][0]
        ws.send(json.dumps({"type": "move", "seat": seat, "move": state["legal"][str(seat)][-1],
                            "seq": state["seq"]}))
        state = receive(ws, lambda m, n=state["seq"] + 1: m["type"] == "state" and m["seq"] >= n
                        and m["to_act"] != [-1])
    return state


def test_no_acknowledged_move_is_lost_when_the_server_is_killed(tmp_path: Path,
                                                                 servers: list[Served]) -> None:
    db = f"sqlite:///{tmp_path / 'parlour.sqlite3'}"
    servers.append(first := Served(db, bot_delay=0))
    created = first.api("/api/tables", {
        "game": "shut-the-box", "rules": {"rounds": 3},
        "seats": [{"bot": None}, {"bot": None}],
        "join": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}]})
    code, tokens = created["code"], [created["tokens"]["0"], created["tokens"]["1"]]
    with join(first, code, tokens) as (ws, state):  # Ann and Bob share a device
        state = play(ws, state, 12)
        acknowledged = state["log"]
        first.kill()

    servers.append(second := Served(db, bot_delay=0))
    with join(second, code, tokens[:1]) as (ws, resumed):
        assert resumed["log"] == acknowledged and resumed["you"] == [0]
        assert resumed["seats"][1]["name"] == "Bob"
        assert second.api(f"/api/tables/{code}")["seq"] == resumed["seq"] > 12
    with join(second, code, tokens) as (ws, state):  # ... and the game carries on to its end
        state = play(ws, state, 500)
        assert state["over"] and state["result"] and len(state["log"]) > len(acknowledged)


def test_bots_carry_on_by_themselves_after_a_restart(tmp_path: Path, servers: list[Served]) -> None:
    db = f"sqlite:///{tmp_path / 'parlour.sqlite3'}"
    servers.append(first := Served(db, bot_delay=30))  # the bot is thinking when the server dies
    created = first.api("/api/tables", {"game": "shut-the-box", "seats": [{"bot": "greedy"}]})
    code = created["code"]
    assert first.api(f"/api/tables/{code}")["seq"] == 0
    first.kill()
    servers.append(second := Served(db, bot_delay=0))
    deadline = time.monotonic() + 30
    while not (info := second.api(f"/api/tables/{code}"))["over"] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert info["over"] and info["seq"] > 2
    assert os.path.exists(tmp_path / "parlour.sqlite3")


def test_huge_frames_close_only_that_connection_and_the_server_stays_up(tmp_path: Path,
                                                                        servers: list[Served]) -> None:
    servers.append(server := Served(f"sqlite:///{tmp_path / 'parlour.sqlite3'}", bot_delay=0))
    created = server.api("/api/tables", {"game": "shut-the-box", "seats": [{"bot": None}],
                                         "join": [{"seat": 0, "name": "Ann"}]})
    code, token = created["code"], created["tokens"]["0"]
    with join(server, code, [token]) as (ws, _):
        ws.send("x" * 10_000)  # over the protocol's limit, under the transport's: an error message
        assert "too long" in receive(ws, lambda m: m["type"] == "error")["message"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.send("x" * 200_000)  # over the transport's limit: the connection is closed
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    with join(server, code, [token]) as (ws, state):
        assert state["seq"] == 0 and state["you"] == [0]
        assert play(ws, state, 1)["seq"] == 2
