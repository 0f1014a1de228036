"""Limits on what one client may send: an HTTP request's body (413 past 64 KiB, read no further),
and a WebSocket's messages that change nothing (a token bucket; a flood is closed with 1008).

In-process with a stopped clock where the rate matters (so nothing depends on the machine's
speed), and on a real ``parlour serve`` with the default limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import Reader, create_table, hello
from starlette.websockets import WebSocketDisconnect
from test_server_process import Served, servers  # noqa: F401  (fixture)
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from parlour.server.app import create_app
from parlour.server.limits import MAX_BODY, WS_ABUSE, WS_BURST, BodyLimit, Limits, MessageBudget, Verdict

STOPPED = Limits(clock=lambda: 0.0)
"""The default limits with time standing still: the bucket never fills again by itself."""


def limited(db_url: str, limits: Limits) -> TestClient:
    return TestClient(create_app(db_url, bot_delay=0, limits=limits))


def hub(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


# ---- the token bucket itself ------------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_bucket_fills_at_its_rate_up_to_its_size_and_drops_count_down() -> None:
    clock = Clock()
    budget = MessageBudget(rate=10, burst=4, abuse=3, clock=clock)
    assert [budget.take() for _ in range(5)] == [Verdict.TAKE] * 4 + [Verdict.DROP]
    clock.now += 0.25  # 2.5 tokens come back
    assert [budget.take() for _ in range(3)] == [Verdict.TAKE, Verdict.TAKE, Verdict.DROP]
    assert budget.dropped == 1.75  # two drops, less one a second for the quarter second between
    budget.refund()  # a message the table took gives its token back
    assert budget.take() is Verdict.TAKE
    assert budget.take() is Verdict.DROP  # 2.75 dropped: at most 3, still open
    assert budget.take() is Verdict.CLOSE  # 3.75: past it
    clock.now += 1000  # a long pause: full again (never more than the burst), the drops forgotten
    assert budget.tokens < 1 and budget.dropped == 3.75
    assert [budget.take() for _ in range(5)] == [Verdict.TAKE] * 4 + [Verdict.DROP]
    assert budget.dropped == 1
    for _ in range(10):
        budget.refund()
    assert budget.tokens == 4


def test_a_budget_refuses_nonsense_settings() -> None:
    with pytest.raises(ValueError, match="burst"):
        MessageBudget(rate=1, burst=0, abuse=1)
    with pytest.raises(ValueError, match="rate"):
        MessageBudget(rate=-1, burst=1, abuse=1)
    assert Limits(ws_rate=None).budget() is None


# ---- WebSocket messages, in-process ------------------------------------------------------------------
def _pings(me: Reader, count: int) -> list[str]:
    """Send ``count`` pings at once; what came back for them (pongs and error codes), in order."""
    for _ in range(count):
        me.send({"type": "ping"})
    out = []
    for _ in range(count):
        message = me.until(lambda m: m["type"] in ("pong", "error"))
        out.append("pong" if message["type"] == "pong" else message["code"])
    return out


def test_messages_past_the_burst_are_dropped_with_a_reason(db_url: str) -> None:
    with limited(db_url, Limits(ws_burst=5, ws_abuse=10, clock=lambda: 0.0)) as client:
        code, tokens = create_table(client, [{"bot": None}], [{"seat": 0, "name": "Ann"}])
        with client.websocket_connect(f"/ws/{code}") as ws:
            me = hello(ws, [tokens["0"]])
            assert _pings(me, 8) == ["pong"] * 5 + ["rate"] * 3
            error = next(m for m in me.seen if m["type"] == "error")
            assert "too many messages" in error["message"] and "dropped" in error["message"]
            me.send({"type": "move", "move": "roll 2", "seq": 0})  # dropped too: nothing happens
            assert me.error()["code"] == "rate"
            assert hub(client).get(code).seq == 0


def test_moves_the_table_takes_cost_nothing(db_url: str) -> None:
    """A client playing flat out is never slowed: only messages that change nothing count."""
    with limited(db_url, Limits(ws_burst=3, ws_abuse=10, clock=lambda: 0.0)) as client:
        code, tokens = create_table(client, [{"bot": None}], [{"seat": 0, "name": "Ann"}],
                                    rules={"rounds": 3})
        with client.websocket_connect(f"/ws/{code}") as ws:
            me = hello(ws, [tokens["0"]])
            moves = 0
            state = me.settled()
            while not state["over"]:
                me.send({"type": "move", "move": state["legal"]["0"][0], "seq": state["seq"]})
                moves += 1
                state = me.settled(state["seq"] + 1)
            me.send({"type": "again"})
            state = me.until(lambda m: m["type"] == "state" and m["game_no"] == 2)
            assert moves > 3 and not [m for m in me.seen if m["type"] == "error"]
            # the whole bucket is still there for messages that change nothing ...
            assert _pings(me, 4) == ["pong", "pong", "pong", "rate"]
            # ... and a refused move spends it like any other
            assert hub(client).get(code).seq == state["seq"]


def test_a_flood_closes_only_its_own_connection(db_url: str) -> None:
    with limited(db_url, Limits(ws_burst=5, ws_abuse=10, clock=lambda: 0.0)) as client:
        code, tokens = create_table(client, [{"bot": None}, {"bot": None}],
                                    [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}])
        with client.websocket_connect(f"/ws/{code}") as w0, client.websocket_connect(f"/ws/{code}") as w1:
            ann, bob = hello(w0, [tokens["0"]]), hello(w1, [tokens["1"]])
            for _ in range(30):
                ann.send({"type": "move", "move": "9"})  # refused moves, as fast as it can
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(30):
                    ann.next()
            assert closed.value.code == 1008
            codes = [m["code"] for m in ann.seen if m["type"] == "error"]
            assert codes == ["illegal"] * 5 + ["rate"] * 11, codes
            assert "closed" in ann.seen[-1]["message"]
            # Bob, at the same table, is not affected: his budget is his own
            assert _pings(bob, 5) == ["pong"] * 5
            def ann_gone(m: dict[str, Any]) -> bool:
                return m["type"] == "state" and not m["seats"][0]["connected"]
            state = bob.state if bob.state and ann_gone(bob.state) else bob.until(ann_gone)
            assert state["seq"] == 0
        with client.websocket_connect(f"/ws/{code}") as ws:  # and Ann may come back, afresh
            ann = hello(ws, [tokens["0"]])
            ann.send({"type": "move", "move": "roll 2", "seq": 0})
            assert ann.until(lambda m: m["type"] == "state" and m["seq"] >= 2)["seq"] >= 2


def test_without_a_rate_limit_nothing_is_dropped(db_url: str) -> None:
    with limited(db_url, Limits(ws_rate=None)) as client:
        code, tokens = create_table(client, [{"bot": None}], [{"seat": 0, "name": "Ann"}])
        with client.websocket_connect(f"/ws/{code}") as ws:
            me = hello(ws, [tokens["0"]])
            assert _pings(me, WS_BURST + WS_ABUSE + 10) == ["pong"] * (WS_BURST + WS_ABUSE + 10)


def test_the_default_limits_let_a_fast_client_play_and_ping(db_url: str) -> None:
    """What the browser and ``bench/bench_server.py`` do (a move, then wait for the state; a ping
    now and then) never meets the default limits, however fast: here with time standing still."""
    with limited(db_url, STOPPED) as client:
        code, tokens = create_table(client, [{"bot": None}], [{"seat": 0, "name": "Ann"}],
                                    rules={"rounds": 40})
        with client.websocket_connect(f"/ws/{code}") as ws:
            me = hello(ws, [tokens["0"]])
            state = me.settled()
            moves = 0
            for n in range(300):
                if state["over"]:
                    me.send({"type": "again"})
                    state = me.until(lambda m, g=state["game_no"]: m["type"] == "state" and m["game_no"] > g)
                    state = me.settled()
                    continue
                me.send({"type": "move", "move": state["legal"]["0"][-1], "seq": state["seq"],
                         "game_no": state["game_no"]})
                moves += 1
                state = me.settled(state["seq"] + 1)
                if n % 10 == 0:
                    assert me.sync() is state  # a ping now and then: answered, nothing else came
            assert not [m for m in me.seen if m["type"] == "error"]
            assert moves > 250 and hub(client).get(code).game_no == state["game_no"]


# ---- HTTP bodies ----------------------------------------------------------------------------------
def _table_body(size: int) -> bytes:
    """A good table request padded with spaces to exactly ``size`` bytes."""
    body = json.dumps({"game": "shut-the-box", "seats": [{"bot": None}]}).encode()
    assert len(body) <= size
    return body + b" " * (size - len(body))


def test_a_body_past_the_limit_is_refused_with_413(db_url: str) -> None:
    with limited(db_url, Limits(max_body=1000)) as client:
        headers = {"Content-Type": "application/json"}
        assert client.post("/api/tables", content=_table_body(1000), headers=headers).status_code == 201
        refused = client.post("/api/tables", content=_table_body(1001), headers=headers)
        assert refused.status_code == 413
        assert refused.json() == {"detail": "that request is too large: a request's body can have at "
                                            "most 1000 bytes"}

        def chunks() -> Iterator[bytes]:  # no Content-Length: sent chunked
            body = _table_body(1500)
            yield from (body[i:i + 100] for i in range(0, len(body), 100))

        chunked = client.post("/api/tables", content=chunks(), headers=headers)
        assert chunked.status_code == 413 and "at most 1000 bytes" in chunked.json()["detail"]
        assert len(client.get("/api/tables").json()) == 1  # only the first table was made


def test_the_default_limit_is_64_kib(client: TestClient) -> None:
    headers = {"Content-Type": "application/json"}
    assert MAX_BODY == 65536
    assert client.post("/api/tables", content=_table_body(MAX_BODY), headers=headers).status_code == 201
    assert client.post("/api/tables", content=_table_body(MAX_BODY + 1), headers=headers).status_code == 413


def test_a_long_body_is_read_only_up_to_the_limit() -> None:
    """An endless chunked body: the middleware stops reading just past the limit and answers."""
    reached: list[bool] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached.append(True)

    pulled = 0

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": b"x" * 1024, "more_body": True}

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/tables", "headers": []}
    asyncio.run(BodyLimit(app, limit=10 * 1024)(scope, receive, send))
    assert pulled == 11 and not reached
    assert sent[0]["status"] == 413 and b"at most 10240 bytes" in sent[1]["body"]
    # a declared length past the limit: not one byte is read
    pulled, sent[:] = 0, []
    scope["headers"] = [(b"content-length", b"1000000000")]
    asyncio.run(BodyLimit(app, limit=10 * 1024)(scope, receive, send))
    assert pulled == 0 and not reached and sent[0]["status"] == 413


def test_bodies_within_the_limit_reach_the_app_whole_and_in_order() -> None:
    got: list[bytes] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        while True:
            message = await receive()
            got.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        got.append((await receive())["type"].encode())  # then the app hears the client leave

    parts = [{"type": "http.request", "body": b"ab", "more_body": True},
             {"type": "http.request", "body": b"cd", "more_body": False},
             {"type": "http.disconnect"}]

    async def receive() -> dict[str, Any]:
        return parts.pop(0)

    async def send(message: dict[str, Any]) -> None:
        raise AssertionError("nothing is sent by the middleware")

    asyncio.run(BodyLimit(app, limit=4)({"type": "http", "headers": []}, receive, send))
    assert got == [b"ab", b"cd", b"http.disconnect"]


# ---- a real server with the default limits ----------------------------------------------------------
def _raw_request(port: int, head: bytes, body: bytes = b"") -> tuple[int, dict[str, Any]]:
    """Send a request by hand; the status and JSON body of the answer, read until the server closes
    the connection (a request refused for its size is the connection's last)."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(head + body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    status = int(answer.split(b" ", 2)[1])
    return status, json.loads(answer.split(b"\r\n\r\n", 1)[1])


def test_a_real_server_refuses_long_bodies_and_closes_floods(tmp_path: Path,
                                                             servers: list[Served]) -> None:  # noqa: F811
    servers.append(server := Served(f"sqlite:///{tmp_path / 'parlour.sqlite3'}", bot_delay=0))
    port = int(server.base.rsplit(":", 1)[1])
    # a gigabyte announced, none of it sent: refused at once
    post = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    status, body = _raw_request(port, post + b"Content-Length: 1000000000\r\n\r\n")
    assert status == 413 and "at most 65536 bytes" in body["detail"]
    # chunked, no length: refused once one byte past the limit has come (the rest never sent)
    chunks = b"".join(b"%x\r\n%s\r\n" % (4096, b" " * 4096) for _ in range(16)) + b"1\r\n \r\n"
    status, body = _raw_request(port, post + b"Transfer-Encoding: chunked\r\n\r\n", chunks)
    assert status == 413 and "too large" in body["detail"]
    created = server.api("/api/tables", {"game": "shut-the-box", "seats": [{"bot": None}, {"bot": None}],
                                         "join": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}]})
    code, tokens = created["code"], created["tokens"]
    with connect(f"{server.ws}/ws/{code}", open_timeout=10) as flood, \
            connect(f"{server.ws}/ws/{code}", open_timeout=10) as calm:
        for ws, token in ((flood, tokens["0"]), (calm, tokens["1"])):
            ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        answers: list[dict[str, Any]] = []
        with contextlib.suppress(ConnectionClosed):  # (it may be closed before all are sent)
            for _ in range(1000):
                flood.send('{"type": "ping"}')
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                answers.append(json.loads(flood.recv(timeout=30)))
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        pongs = sum(m["type"] == "pong" for m in answers)
        rated = [m for m in answers if m["type"] == "error"]
        assert WS_BURST <= pongs < 1000 and len(rated) > WS_ABUSE
        assert {m["code"] for m in rated} == {"rate"} and "closed" in rated[-1]["message"]
        calm.send(json.dumps({"type": "ping"}))  # the other connection carries on
        while json.loads(calm.recv(timeout=10))["type"] != "pong":
            pass
    assert server.api(f"/api/tables/{code}")["seq"] == 0
    assert server.proc.poll() is None
