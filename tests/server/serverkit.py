"""Helpers for the server tests: a socket reader that never waits forever, and table set-up."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient


class Reader:
    """A table socket that reads messages until one is wanted (never forever)."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_json(message)

    def next(self) -> dict[str, Any]:
        message: dict[str, Any] = self.ws.receive_json()
        self.seen.append(message)
        if message["type"] == "state":
            if message["log_from"]:  # only the new lines: join them to those already had, as the client does
                assert self.state is not None and self.state["game_no"] == message["game_no"]
                assert len(self.state["log"]) == message["log_from"], "a gap in the log"
                message["log"] = self.state["log"] + message["log"]
            self.state = message
        return message

    def until(self, wanted: Callable[[dict[str, Any]], bool], limit: int = 500) -> dict[str, Any]:
        for _ in range(limit):
            message = self.next()
            if wanted(message):
                return message
        raise AssertionError(f"no wanted message in {limit}; last: {self.seen[-1]}")

    def error(self) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "error")

    def settled(self, seq: int | None = None) -> dict[str, Any]:
        """The next state in which a person (not chance, not a bot) is to act, or the game is over."""
        def ready(m: dict[str, Any]) -> bool:
            if m["type"] != "state" or (seq is not None and m["seq"] < seq):
                return False
            if m["over"]:
                return True
            return any(m["seats"][s]["bot"] is None for s in m["to_act"] if s >= 0)
        if self.state is not None and ready(self.state) and self.state is self.seen[-1]:
            return self.state
        return self.until(ready)

    def sync(self) -> dict[str, Any]:
        """Everything sent before now has arrived (a ping is answered in order)."""
        self.send({"type": "ping"})
        self.until(lambda m: m["type"] == "pong")
        assert self.state is not None
        return self.state


def create_table(client: TestClient, seats: list[dict[str, Any]], join: list[dict[str, Any]] | None = None,
                 game: str = "shut-the-box", rules: dict[str, Any] | None = None,
                 hints: bool = True) -> tuple[str, dict[str, str]]:
    response = client.post("/api/tables", json={"game": game, "seats": seats, "rules": rules or {},
                                                "join": join or [], "hints": hints})
    assert response.status_code == 201, response.text
    body = response.json()
    return body["code"], body["tokens"]


def hello(ws: Any, tokens: list[str]) -> Reader:
    reader = Reader(ws)
    reader.send({"type": "hello", "tokens": tokens})
    welcome = reader.next()
    assert welcome["type"] == "welcome", welcome
    reader.until(lambda m: m["type"] == "state")
    return reader


NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
Chooser = Callable[[dict[str, Any], list[str], random.Random], str]


def play_watched(client: TestClient, game: str, seats: list[str | None], rules: dict[str, Any], seed: int,
                 choose: Chooser | None = None, limit: int = 5000) -> tuple[Any, dict[int | None, list[Any]]]:
    """A whole game with a spectator watching: each seat a person (``None``: named from ``NAMES``,
    on a connection of their own, moving by ``choose(view, legal, rng)``, at random by default) or
    a bot (its name).  The server's chance is seeded, so each game is the same every run.
    Returns the table and every message each connection (by seat; ``None``: the spectator) saw."""
    client.app.state.hub.rng = random.Random(seed)  # type: ignore[attr-defined]
    rng = random.Random(1000 + seed)
    pick = choose or (lambda view, legal, r: r.choice(legal))
    people = [s for s, bot in enumerate(seats) if bot is None]
    join = [{"seat": s, "name": NAMES[s]} for s in people]
    code, tokens = create_table(client, [{"bot": bot} for bot in seats], join, game=game, rules=rules)
    with contextlib.ExitStack() as stack:
        def connect(held: list[str]) -> Reader:
            return hello(stack.enter_context(client.websocket_connect(f"/ws/{code}")), held)

        readers: dict[int | None, Reader] = {s: connect([tokens[str(s)]]) for s in people}
        readers[None] = connect([])
        first = readers[people[0]]
        for _ in range(limit):
            state = first.settled()
            if state["over"]:
                break
            seat = state["to_act"][0]
            mine = readers[seat].settled(state["seq"])
            assert mine["seq"] == state["seq"]
            move = pick(mine["views"][str(seat)], mine["legal"][str(seat)], rng)
            readers[seat].send({"type": "move", "move": move, "seq": mine["seq"]})
            for reader in readers.values():  # everyone reads as the game goes (no backlog)
                reader.until(lambda m, n=state["seq"]: m["type"] == "state" and m["seq"] > n)
        else:
            raise AssertionError("the game did not end")
        for reader in readers.values():
            reader.sync()
        table = client.app.state.hub.get(code)  # type: ignore[attr-defined]
        return table, {seat: r.seen for seat, r in readers.items()}
