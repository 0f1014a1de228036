"""Limits on what one client may send: the size of an HTTP request's body, how many
WebSocket messages a connection may send that change nothing, and how many tables it may open
(:mod:`parlour.server.admission`).

A WebSocket message is also limited in length (``app.MAX_MESSAGE``, and the transport's frame
limit set by ``parlour serve``); see ``docs/server.md``.
"""

from __future__ import annotations

import enum
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from parlour.server.admission import TableLimits

MAX_BODY = 64 * 1024
"""The longest HTTP request body, in bytes.  The API's bodies are a few hundred bytes (a table's
rules, a name); anything near this is not a request the API could use."""

WS_RATE = 50.0
"""How many WebSocket messages a second a connection may send, on average, that change nothing
(pings, hints, refused moves).  A move the table takes, or a next game started, costs nothing: a
client playing flat out is never slowed."""
WS_BURST = 200
"""... and how many of them at once (the bucket's size)."""
WS_ABUSE = 200
"""A connection that has had more than this many messages dropped for going too fast (the count
falls by one a second) is closed, with the WebSocket code 1008 (policy violation)."""


@dataclass(frozen=True)
class Limits:
    """What one client may send (``create_app(limits=...)``); the defaults are this module's constants."""

    max_body: int = MAX_BODY
    ws_rate: float | None = WS_RATE
    """None: no limit on the rate of WebSocket messages."""
    ws_burst: int = WS_BURST
    ws_abuse: int = WS_ABUSE
    clock: Callable[[], float] = time.monotonic
    """Seconds, for the rate (tests stop it)."""
    tables: TableLimits = TableLimits()  # noqa: RUF009  # frozen: one shared default is safe
    """How fast one address may open tables, and how many may be open (:mod:`.admission`)."""

    def budget(self) -> MessageBudget | None:
        """A fresh budget for one connection (None without a rate limit)."""
        if self.ws_rate is None:
            return None
        return MessageBudget(self.ws_rate, self.ws_burst, self.ws_abuse, self.clock)


class BodyLimit:
    """ASGI middleware: an HTTP request with a body longer than ``limit`` bytes is answered 413
    with a JSON error, and the app never sees it.

    A declared ``Content-Length`` over the limit is refused before any of the body is read; a body
    without one (chunked) is read only until it passes the limit, never whole.  What was read is
    then handed to the app as it came.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.strip().isdigit() and int(value) > self.limit:
                await self._refuse(send)
                return
        read: list[Message] = []
        size = 0
        while True:
            message = await receive()
            read.append(message)
            if message["type"] != "http.request":
                break  # the client went away: let the app hear of it
            size += len(message.get("body", b""))
            if size > self.limit:
                await self._refuse(send)
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return read.pop(0) if read else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"detail": f"that request is too large: a request's body can have at most "
                                     f"{self.limit} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


class Verdict(enum.Enum):
    """What to do with a message (:meth:`MessageBudget.take`)."""

    TAKE = "take"
    DROP = "drop"
    CLOSE = "close"


class MessageBudget:
    """One connection's token bucket for WebSocket messages.

    Each message takes a token (:meth:`take`); the bucket holds ``burst`` and fills again at
    ``rate`` a second.  A message that changed the table gives its token back (:meth:`refund`).
    With the bucket empty, a message is dropped; each drop counts against the connection, the
    count falling by one a second, and once it passes ``abuse`` the connection is to be closed.
    """

    def __init__(self, rate: float = WS_RATE, burst: int = WS_BURST, abuse: int = WS_ABUSE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if rate < 0 or burst < 1 or abuse < 0:
            raise ValueError("the rate cannot be negative; the burst must be at least 1")
        self.rate, self.burst, self.abuse = rate, burst, abuse
        self.clock = clock
        self.tokens = float(burst)
        self.dropped = 0.0
        self.last = clock()

    def take(self) -> Verdict:
        now = self.clock()
        elapsed, self.last = max(0.0, now - self.last), now
        self.tokens = min(float(self.burst), self.tokens + elapsed * self.rate)
        self.dropped = max(0.0, self.dropped - elapsed)
        if self.tokens >= 1:
            self.tokens -= 1
            return Verdict.TAKE
        self.dropped += 1
        return Verdict.CLOSE if self.dropped > self.abuse else Verdict.DROP

    def refund(self) -> None:
        self.tokens = min(float(self.burst), self.tokens + 1)

    def describe(self) -> str:
        return (f"at most {self.rate:g} messages a second ({self.burst} at once) that change nothing; "
                "moves the table takes do not count")


def rate_error(budget: MessageBudget, closing: bool) -> dict[str, Any]:
    """The error told to a connection whose message was dropped (or that is being closed)."""
    then = "this connection is closed" if closing else "that message was dropped"
    return {"type": "error", "code": "rate",
            "message": f"too many messages: {budget.describe()}; {then}"}
