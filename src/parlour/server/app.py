"""The ASGI app: pages, the HTTP API (described by OpenAPI) and the table WebSocket.

See ``docs/server.md`` for the API and the WebSocket protocol.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import DBAPIError

from parlour.core import registry
from parlour.core.errors import ParlourError, UnknownGameError
from parlour.core.options import options
from parlour.server import takebacks
from parlour.server.admission import Admission, TooMany
from parlour.server.catalogue import game_catalogue
from parlour.server.dbwork import UNAVAILABLE, unavailable
from parlour.server.limits import BodyLimit, Limits, Verdict, rate_error
from parlour.server.live import Connection, LiveTable, RequestError
from parlour.server.markdown import to_html
from parlour.server.records import export
from parlour.server.replay import game_steps
from parlour.server.residency import Keeping
from parlour.server.storage import TIMEOUT, Storage
from parlour.server.tables import Hub
from parlour.server.thinking import DEFAULT_WORKERS, Thinking

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_MESSAGE = 4096
"""The longest WebSocket message a client may send, in characters."""
HELLO_TIMEOUT = 30.0
CLOSE = ""
"""Put in a connection's queue: its writer stops there (no message is empty)."""
CLOSE_FLUSH = 2.0
"""How long a connection being closed for abuse is given to read what it was sent first."""


# ---- the HTTP API's shapes (they make the OpenAPI document) --------------------------
STRICT = ConfigDict(strict=True)
"""A request's values must have their field's JSON type: ``"hints": "yes"`` is not true, nor
``"seat": true`` seat 1 (a whole number is still a number of seconds)."""

class OptionOut(BaseModel):
    name: str
    label: str = Field(description="a few plain words naming the option, for forms")
    kind: str = Field(description="int, bool, choice or text")
    default: Any
    help: str
    choices: list[Any]
    min: int | None = Field(None, description="an int option's smallest value")
    max: int | None = Field(None, description="an int option's largest value")


class BotOut(BaseModel):
    name: str
    description: str


class GameOut(BaseModel):
    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    hidden_information: bool
    options: list[OptionOut]
    presets: dict[str, dict[str, Any]] = Field(
        default_factory=dict, description="named sets of house rules to start from (every option)")
    bots: list[str] = Field(description="bot levels, weakest first")
    bot_levels: list[BotOut] = Field(description="the bot levels with a line on each, weakest first")
    default_bot: str = Field(description="the level to offer first: one a newcomer can beat")
    timed: bool = Field(False, description="whether a table may play this game on a clock")


class RulesOut(BaseModel):
    name: str
    title: str
    options: list[OptionOut]
    html: str = Field(description="the rules as implemented (docs/rules/<game>.md) as HTML, the "
                                  "title left out and ## a <h3>; every character of the text escaped")


class SeatIn(BaseModel):
    model_config = STRICT
    bot: str | None = Field(None, description="a bot level, or null for a person")
    name: str | None = Field(None, description="a name for the seat (optional)")


class JoinIn(BaseModel):
    model_config = STRICT
    seat: int
    name: str | None = None


class ClockIn(BaseModel):
    model_config = STRICT
    base: float = Field(description="each player's time, in seconds", examples=[300])
    increment: float = Field(0, description="seconds added after each of a player's turns", examples=[3])


class TableIn(BaseModel):
    model_config = STRICT
    game: str = Field(examples=["shut-the-box"])
    rules: dict[str, Any] = Field(default_factory=dict,
                                  description="house-rule options; missing ones take defaults")
    seats: list[SeatIn] = Field(min_length=1)
    hints: bool = True
    join: list[JoinIn] = Field(default_factory=list,
                               description="person seats the creator sits in at once")
    clock: ClockIn | None = Field(None, description="play on a clock (games that allow one: "
                                                    "draughts); none by default")


class TableCreated(BaseModel):
    code: str
    url: str
    tokens: dict[str, str] = Field(description="seat number -> the seat's secret token")


class SeatOut(BaseModel):
    seat: int
    name: str | None
    bot: str | None
    taken: bool
    connected: bool


class TableOut(BaseModel):
    code: str
    game: str
    title: str
    rules: dict[str, Any]
    hints: bool
    game_no: int
    seq: int = Field(description="actions so far in the current game")
    over: bool
    status: str = Field(description="waiting (a person's seat is free), playing, or finished (the "
                                    "current game is over)")
    seats: list[SeatOut]
    clock: ClockIn | None = Field(None, description="the table's clock, if it is played on one")


class ClaimIn(BaseModel):
    model_config = STRICT
    name: str


class ClaimOut(BaseModel):
    seat: int
    token: str


class ErrorOut(BaseModel):
    detail: str


class HealthOut(BaseModel):
    ok: bool = Field(description="whether the database answers")
    database: str = Field(description="the database's kind: sqlite or postgresql")
    detail: str = Field(description="a sentence: that the database answers, or why not")


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut}, 404: {"model": ErrorOut}, 409: {"model": ErrorOut},
}
JSON_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"description": description, "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}}
    for status, description in ((400, "Bad Request"), (404, "Not Found"), (409, "Conflict"))
}
"""``ERRORS`` for a route whose own answer is not JSON (its errors still are)."""


def create_app(db_url: str, bot_delay: float = 0.8, limits: Limits = Limits(),  # noqa: B008
               db_timeout: float = TIMEOUT, keeping: Keeping = Keeping(),  # noqa: B008
               bot_workers: int | None = None, bot_processes: bool = False) -> FastAPI:
    """The Parlour web app on the database at ``db_url`` (any SQLAlchemy URL); ``limits``: what one
    client may send (:mod:`parlour.server.limits`); ``db_timeout``: how long a write waits for
    SQLite's lock held by another program before it is refused (``unavailable``); ``keeping``: how
    long tables stay in memory and listed (:mod:`parlour.server.residency`); ``bot_workers``: bots
    thinking at once (None: the default), in worker processes with ``bot_processes``
    (:mod:`parlour.server.thinking`)."""
    storage = Storage(db_url, timeout=db_timeout)
    hub = Hub(storage, bot_delay=bot_delay, keeping=keeping,
              thinking=Thinking(bot_workers or DEFAULT_WORKERS, bot_processes))
    admission = Admission(storage, limits.tables)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            storage.close()

    app = FastAPI(title="Parlour", summary="Traditional games at one table, on every device in the house.",
                  version="0.1", lifespan=lifespan)
    app.state.hub = hub
    app.add_middleware(BodyLimit, limit=limits.max_body)

    @app.exception_handler(RequestError)
    async def request_error(request: Request, exc: RequestError) -> JSONResponse:
        headers = exc.headers if isinstance(exc, TooMany) else None
        return JSONResponse({"detail": exc.message}, status_code=exc.status, headers=headers)

    @app.exception_handler(DBAPIError)
    async def database_error(request: Request, exc: DBAPIError) -> JSONResponse:
        """A read on the event loop (a table not in memory, an export) the database failed."""
        return JSONResponse({"detail": unavailable(exc).message}, status_code=503)

    @app.exception_handler(ParlourError)
    async def parlour_error(request: Request, exc: ParlourError) -> JSONResponse:
        status = 404 if isinstance(exc, UnknownGameError) else 400
        return JSONResponse({"detail": str(exc)}, status_code=status)

    # ---- pages ------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(WEB / "lobby.html")

    @app.get("/t/{code}", include_in_schema=False)
    async def table_page(code: str, replay: str | None = None) -> FileResponse:
        return FileResponse(WEB / ("replay.html" if replay is not None else "table.html"))

    @app.get("/t/{code}/replay", include_in_schema=False)
    @app.get("/t/{code}/replay/{game_no}", include_in_schema=False)
    async def replay_page(code: str, game_no: str = "") -> FileResponse:
        return FileResponse(WEB / "replay.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # ---- API --------------------------------------------------------------------
    @app.get("/api/games", response_model=list[GameOut], tags=["games"])
    async def list_games() -> list[dict[str, Any]]:
        """Every game, with its house-rule options and bot levels."""
        return game_catalogue()

    @app.get("/api/games/{name}/rules", response_model=RulesOut, responses=ERRORS, tags=["games"])
    async def game_rules(name: str) -> dict[str, Any]:
        """A game's rules as implemented, for people: its house-rule options and its rules
        document as HTML."""
        game = registry.get(name)
        document = game.rules_document().lstrip()
        if document.startswith("# "):
            document = document.partition("\n")[2]
        return {"name": game.spec.name, "title": game.spec.title,
                "options": [o.to_json() for o in options(game.rules_type)],
                "html": to_html(document, shift=1)}

    @app.get("/api/health", response_model=HealthOut, responses={503: {"model": HealthOut}},
             tags=["server"])
    async def health() -> JSONResponse:
        """Whether the database answers (200) or not (503), for a proxy or a supervisor."""
        why = await hub.db.health()
        body = {"ok": why is None, "database": storage.engine.dialect.name,
                "detail": why or "the database answers"}
        return JSONResponse(body, status_code=200 if why is None else 503)

    @app.post("/api/tables", response_model=TableCreated, status_code=201, tags=["tables"],
              responses={**ERRORS, 429: {"model": ErrorOut, "description": "Too many tables: from this "
                                         "address lately (with Retry-After), or open at once"}})
    async def create_table(body: TableIn, request: Request) -> dict[str, Any]:
        """Open a table: the game, its house rules, who sits where (people or bots).  Limited per
        client address and in all (a 429 with the reason)."""
        address = request.client.host if request.client else "unknown"
        await admission.admit(hub.db, address)
        try:
            code, tokens = await hub.create(body.game, body.rules, [s.model_dump() for s in body.seats],
                                            body.hints, [j.model_dump() for j in body.join],
                                            body.clock.model_dump() if body.clock else None,
                                            creator=address)
        except Exception:
            admission.refund(address)  # nothing was created: it cost nothing
            raise
        return {"code": code, "url": f"/t/{code}", "tokens": {str(k): v for k, v in tokens.items()}}

    @app.get("/api/tables", response_model=list[TableOut], tags=["tables"])
    async def list_tables() -> list[dict[str, Any]]:
        """The tables still being played (up to 50), then the finished ones (up to 20), each
        most recently active first."""
        playing = await hub.db.read(hub.storage.table_codes, playing_only=True, limit=50)
        finished = [c for c in await hub.db.read(hub.storage.table_codes, limit=70) if c not in playing][:20]
        out = []
        for code in playing + finished:
            with contextlib.suppress(RequestError, ParlourError):
                out.append(table_out((await hub.fetch(code)).info()))
        return out

    @app.get("/api/tables/{code}", response_model=TableOut, responses=ERRORS, tags=["tables"])
    async def table_info(code: str) -> dict[str, Any]:
        """One table: its game, rules and seats."""
        return table_out((await hub.fetch(code)).info())

    @app.get("/api/tables/{code}/export", response_class=PlainTextResponse, responses=JSON_ERRORS,
             tags=["tables"])
    async def export_game(code: str, game_no: int | None = None) -> PlainTextResponse:
        """A game at the table in its game's file format (PDN for draughts): the current game,
        or ``game_no``.  A game with hidden cards only once it is over."""
        exported, filename = await export(hub, code, game_no)
        return PlainTextResponse(exported.text, media_type=exported.media_type,
                                 headers={"Content-Disposition": f'attachment; filename="{filename}"'})

    @app.get("/api/tables/{code}/review", responses=ERRORS, tags=["tables"])
    async def review_game(code: str, game_no: int | None = None) -> dict[str, Any]:
        """The engine's review of a finished game at the table (the current one, or ``game_no``):
        ``{"code", "game_no", "moves", "mistakes": [...]}`` for draughts, each mistake with its
        ``ply``, PDN ``move`` number, ``colour``, ``played``, ``better``, ``loss`` and ``why``.
        It takes about half a second a move the first time."""
        return await hub.reviews.review(code, game_no)

    @app.get("/api/tables/{code}/replay", responses=ERRORS, tags=["tables"])
    async def replay_game(code: str, game_no: int | None = None, live: bool = False) -> dict[str, Any]:
        """A finished game at the table (the current one, or ``game_no``) step by step, each position
        as a spectator sees it (``parlour.server.replay``).  ``live``: a game without hidden cards
        while it is played too."""
        return await game_steps(hub, code, game_no, live)

    @app.post("/api/tables/{code}/seats/{seat}", response_model=ClaimOut, responses=ERRORS,
              tags=["tables"])
    async def claim_seat(code: str, seat: int, body: ClaimIn) -> dict[str, Any]:
        """Sit in a free person's seat; the token returned is the seat's secret."""
        return {"seat": seat, "token": await hub.claim(code, seat, body.name)}

    # ---- the table socket ----------------------------------------------------------
    @app.websocket("/ws/{code}")
    async def table_socket(ws: WebSocket, code: str) -> None:
        await ws.accept()
        try:
            table = await hub.fetch(code)
            held = await _hello(ws, hub, table)
            table = await hub.fetch(code)  # the same table, unless it was let go of meanwhile
            await hub.db.write(hub.residency.came_back, table)
        except RequestError as exc:
            await _refuse(ws, exc)
            return
        except DBAPIError as exc:  # reading the table failed
            await _refuse(ws, unavailable(exc))
            return
        except (WebSocketDisconnect, TimeoutError):
            return
        conn = Connection(held)
        writer = asyncio.create_task(_write(ws, conn))
        table.conns.add(conn)
        names = table.names()
        conn.send({"type": "welcome", "seats": sorted(held), "names": {str(s): names[s] for s in held}})
        table.broadcast()
        budget = limits.budget()
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                verdict = budget.take() if budget else Verdict.TAKE
                if verdict is Verdict.TAKE:
                    if await _handle(hub, table, conn, message.get("text")) and budget:
                        budget.refund()  # the table took it: moves made never count
                    continue
                assert budget is not None
                if verdict is Verdict.DROP:
                    conn.send(rate_error(budget, closing=False))
                    continue
                conn.send(rate_error(budget, closing=True))  # sustained abuse: closed, 1008
                conn.queue.put_nowait(CLOSE)  # once what came before is sent ...
                with contextlib.suppress(Exception):  # ... within a moment (if the client reads)
                    await asyncio.wait_for(writer, timeout=CLOSE_FLUSH)
                with contextlib.suppress(Exception):
                    await ws.close(code=1008)
                break
        except WebSocketDisconnect:
            pass
        finally:
            table.conns.discard(conn)
            table.broadcast()
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    return app


def table_out(info: dict[str, Any]) -> dict[str, Any]:
    """A table's ``info`` with its ``status``: waiting for a person to sit down, playing, or
    finished."""
    if info["over"]:
        status = "finished"
    elif any(not s["bot"] and not s["taken"] for s in info["seats"]):
        status = "waiting"
    else:
        status = "playing"
    return {**info, "status": status}


async def _hello(ws: WebSocket, hub: Hub, table: LiveTable) -> frozenset[int]:
    first = await asyncio.wait_for(ws.receive(), timeout=HELLO_TIMEOUT)
    if first["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(first.get("code", 1000))
    message = _decode(first.get("text"))  # a binary frame has no text: refused, not a KeyError
    if message.get("type") != "hello":
        raise RequestError("bad-request", "the first message must be a hello")
    tokens = message.get("tokens", [])
    if not isinstance(tokens, list) or len(tokens) > 16:
        raise RequestError("bad-request", "tokens must be a list of at most 16 seat tokens")
    return await hub.held_by(table, tokens)


async def _refuse(ws: WebSocket, exc: RequestError) -> None:
    with contextlib.suppress(Exception):
        await ws.send_json({"type": "error", "code": exc.code, "message": exc.message})
        await ws.close(code=4404 if exc.status == 404 else 4401 if exc.code == "auth"
                       else 1013 if exc.code == UNAVAILABLE else 4400)  # 1013: try again later


def _decode(raw: str | None) -> dict[str, Any]:
    if raw is None:
        raise RequestError("bad-request", "send JSON text messages, not binary ones")
    if len(raw) > MAX_MESSAGE:
        raise RequestError("bad-request", f"that message is too long (at most {MAX_MESSAGE} characters)")
    try:
        message = json.loads(raw)
    except json.JSONDecodeError:
        raise RequestError("bad-request", "that message is not JSON") from None
    except RecursionError:  # a few thousand brackets deep fit in a short message
        raise RequestError("bad-request", "that message's JSON is nested too deeply") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise RequestError("bad-request", "a message is a JSON object with a \"type\"")
    return message


async def _handle(hub: Hub, table: LiveTable, conn: Connection, raw: str | None) -> bool:
    """Answer one message; True if it changed the table (a move made, the next game started).
    A refused move's error names the move and the seq it was sent with, so that a page that sent
    several (one chosen offline, say) knows which was refused."""
    message: dict[str, Any] = {}
    try:
        message = _decode(raw)
        kind = message["type"]
        if kind == "move":
            await hub.act(table, conn.seats, message.get("seat"), message.get("move"), message.get("seq"),
                    message.get("game_no"), message.get("rows"))
            return True
        elif kind == "hint":
            conn.send(await hub.hint(table, conn.seats, message.get("seat")))
        elif kind == "again":
            await hub.again(table, conn.seats)
            return True
        elif kind == "takeback":
            return await takebacks.handle(hub, table, conn.seats, message)
        elif kind == "ping":
            conn.send({"type": "pong"})
        elif kind == "hello":
            raise RequestError("bad-request", "this connection has already said hello")
        else:
            raise RequestError("bad-request", f"unknown message type {kind[:40]!r}")
    except (RequestError, DBAPIError) as failed:
        exc = failed if isinstance(failed, RequestError) else unavailable(failed)
        answer: dict[str, Any] = {"type": "error", "code": exc.code, "message": exc.message}
        if message.get("type") == "move":
            answer["refused"] = {"move": str(message.get("move"))[:200], "seq": message.get("seq")}
        conn.send(answer)
    return False


async def _write(ws: WebSocket, conn: Connection) -> None:
    while (text := await conn.queue.get()) != CLOSE:
        await ws.send_text(text)
