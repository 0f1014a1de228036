"""The table WebSocket fuzzed: Hypothesis-made frames into real tables of several games.

Frames: binary ones, text that is not JSON, JSON that is not an object or has no ``type``, unknown
types, a second ``hello``, over-long text, deep nesting, huge and odd numbers, unicode; and messages
of the right shape with wrong values: moves in bad notation and near misses of legal moves, moves
for other seats (a bot's, one out of range, any as a spectator), old ``seq`` and ``game_no``, wrong types
in every field, extra fields; hints and ``again`` at the wrong moment; now and then a legal move,
so the fuzzing goes on in other positions.  The games: Shut the Box (dice), draughts (notation),
gin rummy (hidden hands), Go Fish with one device holding two seats (hidden hands; which seat
moves must be said) and a spectator at Shut the Box.

Each frame is followed by a ``ping``, so its answers are known to be complete when the ``pong``
comes.  For every frame:

* a frame the protocol does not allow is answered by one ``error`` with a documented code and a
  message saying why (``bad-request`` for malformed ones) and the connection stays open;
* a refused request changes nothing: the table's state, log, game number and seats are as before;
* a request answered without an error did what it says (a move was played, a hint given, a pong);
* nothing escapes the app (Starlette's test client re-raises it) and nothing is logged as an error.

After the fuzzing, a fresh connection plays a normal move.  A real ``parlour serve`` is fuzzed the
same way over real WebSockets (binary frames, frames cut off), and its stderr must hold no
traceback.

CI runs a bounded, derandomized number of frames; ``PARLOUR_LONG=1`` runs many more, and a
different search on every run.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from serverkit import Reader, create_table, hello
from starlette.websockets import WebSocketDisconnect

from parlour.server.app import MAX_MESSAGE, create_app
from parlour.server.limits import Limits

LONG = os.environ.get("PARLOUR_LONG", "") not in ("", "0")

SETTINGS = settings(max_examples=600 if LONG else 80, deadline=None, derandomize=not LONG,
                    database=None, print_blob=True, suppress_health_check=list(HealthCheck))

CODES = {"bad-request", "auth", "seat", "invalid", "illegal", "turn", "waiting", "stale", "time", "hints-off",
         "not-over", "takeback"}
"""The error codes of ``docs/server.md``."""
RATE = re.compile(r"rate|slow|fast|many", re.IGNORECASE)
"""A refusal for sending too fast (a rate limit): a valid answer to any frame."""
KINDS = {"move", "hint", "again", "ping"}


# ---- the tables fuzzed ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Setup:
    game: str
    seats: list[dict[str, Any]]
    held: list[int]
    hints: bool = False


SETUPS = {
    "shut-the-box": Setup("shut-the-box", [{"bot": None}, {"bot": "greedy"}], [0], hints=True),
    "draughts": Setup("draughts", [{"bot": None}, {"bot": "random"}], [0]),
    "gin-rummy": Setup("gin-rummy", [{"bot": None}, {"bot": "random"}], [0]),
    "go-fish-two-seats": Setup("go-fish", [{"bot": None}, {"bot": None}, {"bot": "random"}], [0, 1]),
    "spectator": Setup("shut-the-box", [{"bot": None}, {"bot": "greedy"}], []),
}


@dataclass
class Table:
    client: TestClient
    code: str
    tokens: list[str]
    """The fuzzing connection's tokens (none: a spectator)."""
    players: list[str]
    """Every person's token (the player who plays on afterwards)."""
    setup: Setup

    @property
    def live(self) -> Any:
        return self.client.app.state.hub.get(self.code)  # type: ignore[attr-defined]

    def snapshot(self) -> tuple[Any, ...]:
        t = self.live
        return (t.game_no, t.seq, t.state, tuple(t.log),
                tuple((s.name, s.bot_level, s.token_hash) for s in t.seats), len(t.history))


@pytest.fixture
def unlimited(db_url: str) -> Iterator[TestClient]:
    """The app in-process without its WebSocket rate limit: the fuzzing sends a frame and a ping as
    fast as they are answered, far over what a connection may send that changes nothing.  The real
    server's test keeps under the limit instead."""
    with TestClient(create_app(db_url, bot_delay=0, limits=Limits(ws_rate=None))) as c:
        yield c


@pytest.fixture(params=sorted(SETUPS))
def table(request: pytest.FixtureRequest, unlimited: TestClient) -> Table:
    client = unlimited
    setup = SETUPS[request.param]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub._prepare = lambda table: None  # no strategy tables or endgame databases: not fuzzed here
    people = [n for n, seat in enumerate(setup.seats) if seat["bot"] is None]
    join = [{"seat": s, "name": f"P{s}"} for s in people]
    code, tokens = create_table(client, setup.seats, join, game=setup.game, hints=setup.hints)
    return Table(client, code, [tokens[str(s)] for s in setup.held], list(tokens.values()), setup)


# ---- frames -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Frame:
    """One frame to send: text, or bytes for a binary frame."""

    data: str | bytes

    def __repr__(self) -> str:
        return f"Frame({self.data[:300]!r}{'...' if len(self.data) > 300 else ''})"


TEXT = st.text(max_size=30) | st.sampled_from(
    ["", " ", "\x00", "\ud7ff", "\u202e7", "٣", "²", "½", "\uff17", "\U0001d7d5", "e4", "draw", "roll",
     "🂡", "10♥", "null", "undefined", "NaN", "-0", "1e999", "0x10", "٣+٤", "\t\n"])
NUMBER = (st.integers(-3, 40) | st.integers() | st.sampled_from([2**53 + 1, 2**64, -(2**63), 10**300])
          | st.floats())
JSON = st.recursive(st.none() | st.booleans() | NUMBER | TEXT,
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
                    max_leaves=8)


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=True)


Resolve = Any
"""A frame still to be made from the table's state as the connection last saw it: what is drawn
must not depend on that state (the table moves on between Hypothesis' runs), so choices among the
legal moves or positions are drawn as numbers and resolved against the state when sent."""

NEAR_MISSES = [str.upper, str.lower, lambda m: f" {m} ", lambda m: m[:-1], lambda m: m[1:], lambda m: m * 2,
               lambda m: m.replace(" ", ""), lambda m: m.replace("-", "x"), lambda m: m + "+1",
               lambda m: "-" + m, lambda m: m + "\u0301", lambda m: m.replace("1", "\u0661"),
               lambda m: m + "\x00"]


PLAUSIBLE = st.one_of(
    st.from_regex(r"\A[1-9][0-9]?[-x][1-9][0-9]?(x[1-9][0-9]?)?\Z"),  # draughts
    st.from_regex(r"\A(10|[2-9TJQKA])[CDHS♣♦♥♠]( (10|[2-9TJQKA])[CDHS])?\Z"),  # cards
    st.from_regex(r"\A(roll [0-9]|[0-9]{1,2}(\+[0-9]{1,2})*)\Z"),  # dice and tiles
    st.sampled_from(["draw", "draw stock", "take", "knock", "gin", "pass", "stand", "hit", "ask 7",
                     "ask P1 7", "discard AS", "take discard", "roll", "score chance", "0", "-1", "99"]))
"""Texts that look like some game's moves: most are not legal where they are sent."""


def _legal(state: dict[str, Any]) -> list[str]:
    return sorted({m for moves in state["legal"].values() for m in moves})


@st.composite
def move_texts(draw: st.DrawFn) -> Resolve:
    """A move's text: a legal one (now and then), a near miss of one, or anything at all."""
    pick = draw(st.integers(0, 10**6))
    how = draw(st.sampled_from(["near", "legal", "plausible", "near", "any", "json"]))
    miss = draw(st.sampled_from(NEAR_MISSES))
    other = draw({"any": TEXT, "json": JSON}.get(how, PLAUSIBLE))

    def resolve(state: dict[str, Any]) -> Any:
        legal = _legal(state)
        if how in ("any", "json", "plausible") or not legal:
            return other
        real = legal[pick % len(legal)]
        return real if how == "legal" else miss(real)
    return resolve


def _seq_choice(now: str) -> st.SearchStrategy[Any]:
    """A ``seq`` or ``game_no``: the current one, one next to it, an old one, or anything."""
    return st.sampled_from([(now, 0), (now, 0), (now, -1), (now, 1)]) | st.integers(0, 10**6).map(
        lambda k: ("old", k, now)) | NUMBER.map(lambda v: ("value", v)) | JSON.map(lambda v: ("value", v))


def _resolve_seq(choice: tuple[Any, ...], state: dict[str, Any]) -> Any:
    if choice[0] == "value":
        return choice[1]
    if choice[0] == "old":
        return choice[1] % (state[choice[2]] + 1)
    return max(0, state[choice[0]] + choice[1])


def _seats(held: list[int], seats: int) -> st.SearchStrategy[Any]:
    """A ``seat``: one held (half the time, if any), another, or not a seat at all."""
    other = st.integers(-2, seats + 1) | JSON
    return st.sampled_from(held) | other if held else other


@st.composite
def frames(draw: st.DrawFn, held: list[int], seats: int) -> Resolve:
    """A frame for a table whose seats ``held`` this connection holds (``seats`` in all)."""
    kind = draw(st.sampled_from(["move", "move", "move", "junk", "other", "move", "junk", "object"]))
    if kind == "junk":
        frame: Frame = draw(st.one_of(
            st.binary(max_size=40).map(Frame),
            st.tuples(TEXT, st.booleans()).map(lambda t: Frame(dumps(t[0]) if t[1] else t[0])),
            JSON.map(lambda v: Frame(dumps(v))),
            (st.sampled_from([900, 1000, 2040]) | st.integers(1, 2040)).map(
                lambda n: Frame("[" * n + "]" * n)),
            (st.sampled_from([1000, 800]) | st.integers(1, 800)).map(
                lambda n: Frame('{"type": "move", "move": ' + '{"a":' * n + "1" + "}" * n + "}")),
            st.integers(MAX_MESSAGE - 30, MAX_MESSAGE + 30).map(
                lambda n: Frame(dumps({"type": "ping", "pad": "x" * n}))),
            st.sampled_from([Frame('{"type": "move"'), Frame('{"type": "ping"} {}'), Frame("\ufeff{}"),
                             Frame('{"type": "ping", "type": "move"}'), Frame('{"type": NaN}'),
                             Frame(b"\xff\xfe"), Frame(b'{"type": "ping"}'), Frame("1" * 4000),
                             Frame('{"type": "move", "move": "x", "seq": ' + "9" * 4000 + "}")]),
        ))
        return lambda state: frame
    if kind == "object":  # any object, a type or not
        body = draw(st.dictionaries(TEXT, JSON, max_size=4))
        if draw(st.booleans()):
            body["type"] = draw(st.sampled_from(["hello", "Move", "move ", "state", "error", "pong",
                                                 "welcome", ""]) | TEXT | JSON)
        return lambda state: Frame(dumps(body))
    if kind == "other":
        message: dict[str, Any] = {"type": draw(st.sampled_from(["hint", "again", "ping", "hello"]))}
        if draw(st.booleans()):
            message["seat"] = draw(_seats(held, seats))
        if message["type"] == "hello":
            message["tokens"] = draw(st.lists(TEXT, max_size=3) | JSON)
        return lambda state: Frame(dumps(message))
    # a move: the right shape, wrong values (and a right one now and then)
    text = draw(move_texts())
    fields: dict[str, Any] = {}
    if draw(st.booleans()) or len(held) > 1:
        fields["seat"] = draw(_seats(held, seats))
    if draw(st.booleans()):
        fields["seq"] = ("seq", draw(_seq_choice("seq")))
    if draw(st.booleans()):
        fields["game_no"] = ("seq", draw(_seq_choice("game_no")))
    if draw(st.integers(0, 4)) == 0:
        fields[draw(TEXT)] = draw(JSON)
    keep = draw(st.integers(0, 9)) > 0

    def resolve(state: dict[str, Any]) -> Frame:
        message: dict[str, Any] = {"type": "move", "move": text(state)} if keep else {"type": "move"}
        for key, value in fields.items():
            is_choice = key in ("seq", "game_no") and isinstance(value, tuple) and value[:1] == ("seq",)
            message[key] = _resolve_seq(value[1], state) if is_choice else value
        return Frame(dumps(message))
    return resolve


CORPUS = [
    Frame(b""), Frame(b"\xff\xfe\x00"), Frame(b'{"type": "ping"}'), Frame(""), Frame("null"), Frame("[]"),
    Frame('"move"'), Frame("{}"), Frame('{"type": null}'), Frame('{"type": 7}'), Frame('{"type": "move"'),
    Frame('{"type": "ping"} {}'), Frame("\ufeff{}"), Frame('{"type": NaN}'), Frame('{"type": "hello"}'),
    Frame('{"type": "ping", "type": "move"}'), Frame("[" * 2040 + "]" * 2040), Frame("[" * 999 + "]" * 999),
    Frame('{"type": "move", "move": ' + '{"a":' * 800 + "1" + "}" * 800 + "}"), Frame("1" * 4000),
    Frame('{"type": "move", "move": "x", "seq": ' + "9" * 4000 + "}"),
    Frame('{"type": "move", "move": "x", "seq": 1e999}'),
    Frame('{"type": "move", "move": "x", "seat": -1e999}'),
    Frame('{"type": "move", "move": "x", "seat": NaN}'), Frame('{"type": "move", "move": "x", "seat": true}'),
    Frame('{"type": "move", "move": "x", "seat": 18446744073709551616}'),
    Frame('{"type": "move", "move": "x", "game_no": -9223372036854775809}'),
    Frame('{"type": "move", "move": ["7"]}'), Frame('{"type": "move", "move": "\\ud800"}'),
    Frame(dumps({"type": "move", "move": "7" * 4090})),
    Frame(dumps({"type": "ping", "pad": "x" * MAX_MESSAGE})),
    Frame(dumps({"type": "hint", "seat": 1})), Frame(dumps({"type": "hint", "seat": True})),
    Frame(dumps({"type": "again"})), Frame(dumps({"type": "x" * 3000})), Frame(dumps({"type": "\u0000"})),
]
"""Frames every game's fuzzing sends first: malformed JSON, deep nesting, huge and odd numbers,
the length limit, binary frames."""


# ---- sending a frame and judging the answers ---------------------------------------------------------
def _expected_kind(frame: Frame) -> str | None:
    """The request a frame makes, if the protocol allows it (None: a malformed frame)."""
    if isinstance(frame.data, bytes) or len(frame.data) > MAX_MESSAGE:
        return None
    try:
        message = json.loads(frame.data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return None
    return message["type"] if message["type"] in KINDS else None


class Fuzzer:
    """One connection to a table, kept open across examples (a frame that closed it would fail
    the test: no frame here should)."""

    def __init__(self, table: Table, stack: contextlib.ExitStack) -> None:
        self.table = table
        self.stack = stack
        self.reader: Reader | None = None
        self.frames = 0
        self.outcomes: dict[str, int] = {}

    def connect(self) -> Reader:
        if self.reader is None:
            ws = self.stack.enter_context(self.table.client.websocket_connect(f"/ws/{self.table.code}"))
            self.reader = hello(ws, self.table.tokens)
        return self.reader

    def settle(self) -> dict[str, Any]:
        """Wait until a person is to act (bots and chance have had their turns) or the game is over."""
        reader = self.connect()
        state = reader.sync()
        for _ in range(200):
            live = self.table.live
            actors = live.game.to_act(live.state)
            if not actors or any(a >= 0 and live.seats[a].bot is None for a in actors):
                return reader.sync()
            time.sleep(0.01)
            state = reader.sync()
        raise AssertionError(f"the table did not settle: {state['to_act']}")

    def send(self, frame: Frame) -> None:
        reader = self.connect()
        before = self.table.snapshot()
        kind = _expected_kind(frame)
        if isinstance(frame.data, bytes):
            reader.ws.send_bytes(frame.data)
        else:
            reader.ws.send_text(frame.data)
        reader.send({"type": "ping"})
        self.frames += 1
        pongs = 2 if kind == "ping" else 1
        answers: list[dict[str, Any]] = []
        while pongs:
            message = reader.next()
            if message["type"] == "pong":
                pongs -= 1
            elif message["type"] in ("error", "hint"):
                answers.append(message)
        errors = [m for m in answers if m["type"] == "error"]
        outcome = errors[0]["code"] if errors else kind or "?"
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1
        for error in errors:
            assert error["code"] in CODES or RATE.search(error["code"]), error
            assert isinstance(error["message"], str) and error["message"].strip(), error
        assert len(errors) <= 1, answers
        if errors:  # refused: nothing changed
            assert self.table.snapshot() == before, (frame, errors)
            if kind is None and not RATE.search(errors[0]["code"]):
                assert errors[0]["code"] == "bad-request", (frame, errors)
            return
        assert kind is not None, f"a malformed frame was not refused: {frame}"
        if kind == "move":  # a move played (and acknowledged before the pong)
            after = self.table.snapshot()
            assert after[:2] != before[:2] and reader.state is not None
            assert (reader.state["game_no"], reader.state["seq"]) > before[:2]  # acknowledged
            self.settle()
        elif kind == "hint":
            assert [m["type"] for m in answers] == ["hint"] and answers[0]["options"], answers
        elif kind == "again":
            assert self.table.snapshot()[0] == before[0] + 1
            self.settle()
        else:
            assert self.table.snapshot() == before


def _no_errors_logged(caplog: pytest.LogCaptureFixture) -> None:
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [(r.name, r.getMessage(), r.exc_text) for r in errors]


def test_fuzzed_frames_are_refused_with_a_reason_and_change_nothing(
        table: Table, caplog: pytest.LogCaptureFixture) -> None:
    setup = table.setup
    with contextlib.ExitStack() as stack, caplog.at_level(logging.WARNING):
        fuzzer = Fuzzer(table, stack)
        fuzzer.settle()
        for frame in CORPUS:  # the nastiest, every time; then Hypothesis' own
            fuzzer.send(frame)

        @SETTINGS
        @given(data=st.data())
        def fuzz(data: st.DataObject) -> None:
            for _ in range(data.draw(st.integers(1, 4))):
                state = fuzzer.connect().state
                assert state is not None
                fuzzer.send(data.draw(frames(setup.held, len(setup.seats)))(state))

        fuzz()
        assert fuzzer.frames >= 60
        # frames of every sort were judged: malformed ones, refused moves, played ones
        assert fuzzer.outcomes.get("bad-request", 0) >= 10, fuzzer.outcomes
        assert sum(fuzzer.outcomes.get(c, 0) for c in ("invalid", "illegal", "seat", "stale", "turn")) >= 5, \
            fuzzer.outcomes
    _no_errors_logged(caplog)
    # a fresh connection plays on
    with table.client.websocket_connect(f"/ws/{table.code}") as ws:
        reader = hello(ws, table.players)
        for _ in range(200):
            state = reader.sync()
            if state["over"] or state["legal"]:
                break
            time.sleep(0.01)
        if state["over"]:
            reader.send({"type": "again"})
            state = reader.until(lambda m: m["type"] == "state" and m["game_no"] > state["game_no"])
            state = reader.settled()
        seat = next(int(s) for s in state["legal"])
        reader.send({"type": "move", "seat": seat, "move": state["legal"][str(seat)][0], "seq": state["seq"]})
        moved = reader.until(lambda m: m["type"] in ("state", "error") and (
            m["type"] == "error" or m["seq"] > state["seq"]))
        assert moved["type"] == "state", moved


def test_a_deeply_nested_message_is_refused_not_a_crash(client: TestClient,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    """Found by the fuzzing: JSON nested a few thousand deep (well under the length limit) made
    Python's decoder raise ``RecursionError``, which escaped the socket's loop and closed it."""
    code, tokens = create_table(client, [{"bot": None}], [{"seat": 0, "name": "Ann"}])
    with caplog.at_level(logging.WARNING), client.websocket_connect(f"/ws/{code}") as ws:
        reader = hello(ws, [tokens["0"]])
        for text in ("[" * 2000 + "]" * 2000, '{"type": "move", "move": ' + "[" * 2000 + "]" * 2000 + "}"):
            ws.send_text(text)
            error = reader.error()
            assert error["code"] == "bad-request" and "JSON" in error["message"], error
        assert reader.sync()["seq"] == 0
    with client.websocket_connect(f"/ws/{code}") as ws:  # ... and as the first message too
        ws.send_text("[" * 2000 + "]" * 2000)
        assert ws.receive_json()["code"] == "bad-request"
    _no_errors_logged(caplog)


def test_a_binary_first_message_is_refused_not_a_crash(client: TestClient,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    """Found by the fuzzing: a binary frame in place of the ``hello`` raised ``KeyError`` out of
    the socket's handler (the connection was dropped without a close frame)."""
    code, tokens = create_table(client, [{"bot": None}], [{"seat": 0, "name": "Ann"}])
    with caplog.at_level(logging.WARNING), client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_bytes(json.dumps({"type": "hello", "tokens": [tokens["0"]]}).encode())
        error = ws.receive_json()
        assert error["code"] == "bad-request" and "binary" in error["message"], error
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400
    _no_errors_logged(caplog)
    with client.websocket_connect(f"/ws/{code}") as ws:  # the table is there for a proper hello
        assert hello(ws, [tokens["0"]]).sync()["you"] == [0]


# ---- a real server process ---------------------------------------------------------------------------
class Served:
    def __init__(self, db: str, log: Path) -> None:
        self.log = log
        self.stderr = log.open("w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "parlour.cli.main", "serve", "--port", "0", "--db", db,
             "--bot-delay", "0"],
            stdout=subprocess.PIPE, stderr=self.stderr, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, line + log.read_text()
        self.port = int(match.group(1))

    def api(self, path: str, body: Any = None) -> Any:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}",
                                         data=None if body is None else json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def stop(self) -> str:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        assert self.proc.stdout is not None
        self.proc.stdout.close()
        self.stderr.close()
        return self.log.read_text()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    server = Served(f"sqlite:///{tmp_path / 'parlour.sqlite3'}", tmp_path / "stderr.txt")
    try:
        yield server
    finally:
        server.stop()


def test_text_that_is_not_unicode_is_refused_by_a_real_server_without_a_traceback(served: Served) -> None:
    """A lone surrogate (valid JSON, but no UTF-8 can carry it): as a token, an ``auth`` error and
    the connection closed with 4401; as a move, refused and named back (escaped), the connection kept."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    created = served.api("/api/tables", {"game": "draughts", "seats": [{"bot": None}, {"bot": "random"}],
                                         "join": [{"seat": 0, "name": "Ann"}]})
    url = f"ws://127.0.0.1:{served.port}/ws/{created['code']}"
    with connect(url, open_timeout=10) as ws:
        ws.send('{"type": "hello", "tokens": ["\\ud800"]}')
        assert json.loads(ws.recv(timeout=10))["code"] == "auth"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    with connect(url, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [created["tokens"]["0"]]}))
        ws.send('{"type": "move", "move": "\\ud800"}')
        ws.send(json.dumps({"type": "ping"}))
        answers = []
        while not answers or answers[-1]["type"] != "pong":
            answers.append(json.loads(ws.recv(timeout=10)))
        errors = [m for m in answers if m["type"] == "error"]
        assert len(errors) == 1 and errors[0]["refused"]["move"] == "\ud800", answers
    log = served.stop()
    assert "Traceback" not in log, log


PACE_BURST, PACE_RATE = 30, 10.0
"""Messages a fuzzing connection to the real server sends at once, then a second."""


def test_a_real_server_answers_fuzzed_frames_and_logs_no_traceback(served: Served) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    created = served.api("/api/tables", {"game": "gin-rummy", "seats": [{"bot": None}, {"bot": "random"}],
                                         "join": [{"seat": 0, "name": "Ann"}], "hints": False})
    code, token = created["code"], created["tokens"]["0"]
    url = f"ws://127.0.0.1:{served.port}/ws/{code}"
    seen = {"bad-request": 0, "closed": 0}

    sent = [0, time.monotonic()]

    def pace() -> None:
        """Keep under the server's rate limit for messages that change nothing (if it has one):
        a burst, then ten a second."""
        sent[0] += 1
        if sent[0] > PACE_BURST:
            time.sleep(max(0.0, sent[1] + (sent[0] - PACE_BURST) / PACE_RATE - time.monotonic()))

    def answers(ws: Any, pongs: int = 1) -> list[dict[str, Any]]:
        """Everything up to the pong of a ping sent now (``pongs``: counting those already due)."""
        pace()
        ws.send(json.dumps({"type": "ping"}))
        out = []
        while pongs:
            message = json.loads(ws.recv(timeout=10))
            if message["type"] == "pong":
                pongs -= 1
            else:
                out.append(message)
        return out

    with connect(url, open_timeout=10, max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        state = next(m for m in answers(ws) if m["type"] == "state")

        @settings(SETTINGS, max_examples=300 if LONG else 50)
        @given(resolve=frames([0], 2))
        def fuzz(resolve: Resolve) -> None:
            frame = resolve(state)
            kind = _expected_kind(frame)
            pace()
            ws.send(frame.data)
            errors = [m for m in answers(ws, 2 if kind == "ping" else 1) if m["type"] == "error"]
            if kind is None:
                codes = [e["code"] for e in errors]
                assert codes == ["bad-request"] or (len(codes) == 1 and RATE.search(codes[0])), errors
                seen["bad-request"] += 1

        fuzz()
        assert seen["bad-request"] >= 5
    # a hello that is not one, a frame cut off, a token of another table: answered or closed, never a crash
    for first in (b"\x00\x01", "[" * 3000, json.dumps({"type": "hello", "tokens": ["x" * 100]}),
                  json.dumps({"type": "hello", "tokens": list(range(20))})):
        with connect(url, open_timeout=10) as ws:
            ws.send(first)
            message = json.loads(ws.recv(timeout=10))
            assert message["type"] == "error" and message["code"] in ("bad-request", "auth"), message
            with pytest.raises(ConnectionClosed):  # closed after a refused hello
                ws.recv(timeout=10)
            assert ws.close_code in (4400, 4401), ws.close_code
    # the server still serves: the table plays on
    with connect(url, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        state = next(m for m in answers(ws) if m["type"] == "state")
        deadline = time.monotonic() + 20
        while not state["legal"] and time.monotonic() < deadline:
            state = next((m for m in reversed(answers(ws)) if m["type"] == "state"), state)
        move = state["legal"]["0"][0]
        ws.send(json.dumps({"type": "move", "move": move, "seq": state["seq"]}))
        assert any(m["type"] == "state" and m["seq"] > state["seq"] for m in answers(ws))
    assert served.api(f"/api/tables/{code}")["seq"] > 0
    stderr = served.stop()
    assert "Traceback" not in stderr and "ERROR" not in stderr, stderr[-3000:]
