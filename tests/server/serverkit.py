"""Helpers for the server tests: a socket reader that never waits forever, and table set-up."""

from __future__ import annotations

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
