"""The database: tables, seats and each table's append-only log of actions.

SQLAlchemy Core, so SQLite (the default) and PostgreSQL (by URL) take the same
code.  A move is committed here before anyone is told of it; the primary key of
``actions`` (table, game number, position) makes two writers racing for the
same position impossible: one insert wins, the other raises :class:`Conflict`.

On PostgreSQL, every write that changes what players see (a move, a seat claimed,
a new game) also sends ``NOTIFY parlour, '<table code>'`` in its own transaction,
so it reaches the other servers on the database exactly when the write commits
(see :mod:`parlour.server.fanout`).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    false,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.schema import CreateColumn

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("game", String(40), nullable=False),
    Column("rules", Text, nullable=False),
    Column("hints", Boolean, nullable=False),
    Column("game_no", Integer, nullable=False),
    Column("over", Boolean, nullable=False, default=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("creator", String(64)),
    Column("archived", Boolean, nullable=False, server_default=false()),
)
"""``creator``: the address the table was opened from (:mod:`parlour.server.admission`);
``archived``: abandoned, kept but no longer listed (:mod:`parlour.server.residency`)."""

seats = Table(
    "seats", metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(40)),
    Column("bot", String(40)),
    Column("token_hash", String(64)),
)

actions = Table(
    "actions", metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("game_no", Integer, primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
)

clocks = Table(
    "clocks", metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("base", Float, nullable=False),
    Column("increment", Float, nullable=False),
    Column("game_no", Integer, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("time_left", Text, nullable=False),
    Column("running", Integer),
    Column("since", Float),
)
"""A table played on a clock (:mod:`parlour.server.clock`): each seat's time left (a JSON list)
when the running time last started, whose time runs and since when."""


# The hot path's statements, built once with bound parameters (building and cache-keying a fresh
# statement per move cost ten times what SQLite takes to run it).
_APPEND = actions.insert()
_FINISH = update(tables).where(tables.c.id == bindparam("table")).values(
    over=bindparam("over"), updated=bindparam("now"))

CHANNEL = "parlour"
"""The PostgreSQL notification channel; each notification's payload is a table code."""
_NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :code)")


TAKEBACK = -2
"""The seat of a takeback row in a game's log: its action text, ``takeback <k> seat <s>``, withdraws
the ``k`` actions before it (seat ``s`` asked, the others agreed).  The rows stay, so the log is
honest; readers of a game's actions get them with the takebacks applied (:func:`effective`)."""


def takeback_count(text: str) -> int:
    """How many actions a takeback row withdraws."""
    return int(text.split()[1])


def effective(rows: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """A game's stored rows, each ``(seat, action, ...)``, with their takebacks applied: the actions
    that stand, in order."""
    kept: list[tuple[Any, ...]] = []
    for row in rows:
        if row[0] == TAKEBACK:
            del kept[len(kept) - takeback_count(row[1]):]
        else:
            kept.append(row)
    return kept


class Conflict(Exception):
    """Another write took this place first (a seat, a code or a log position)."""


def hash_token(token: str) -> str:
    """Tokens are stored only as their SHA-256."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()  # any str: "\ud800" too


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str | None
    bot: str | None
    token_hash: str | None


@dataclass(frozen=True)
class TableRow:
    id: int
    code: str
    game: str
    rules: dict[str, Any]
    hints: bool
    game_no: int
    over: bool
    seats: tuple[SeatRow, ...]
    logs: dict[int, tuple[tuple[int, str], ...]]
    """Each game's actions, by game number: (seat, action text) in order, takebacks applied."""
    rows: int = 0
    """How many rows the current game's log holds (takebacks and what they withdrew included):
    the next row's position is one more."""


@dataclass(frozen=True)
class ClockRow:
    """A table's clock as kept (see :class:`parlour.server.clock.Clock`)."""

    base: float
    increment: float
    game_no: int
    seq: int
    """:attr:`parlour.server.clock.Clock.rows` (the column keeps its first name)."""
    left: tuple[float, ...]
    """Each seat's time left when the running time last started (or was paused)."""
    running: int | None
    """The seat whose time runs."""
    since: float | None
    """When it started running (``None``: paused, as when the server stopped)."""


@dataclass(frozen=True)
class Progress:
    """What a table's database holds beyond a known position (see :meth:`Storage.since`)."""

    game_no: int
    seats: tuple[SeatRow, ...]
    actions: tuple[tuple[int, int, int, str], ...]
    """(game number, position, seat, action text) after the known position, in order."""


TIMEOUT = 5.0
"""How long a write waits for SQLite's lock held by another program (or to connect to PostgreSQL)
before it fails (the request is then refused as ``unavailable``)."""


def default_url(folder: str) -> str:
    return f"sqlite:///{folder}/parlour.sqlite3"


class Storage:
    """The server's database."""

    def __init__(self, url: str, timeout: float = TIMEOUT) -> None:
        self.url = url
        sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False}} if sqlite else {}
        if url.startswith("postgresql"):  # a server restarted: the pool's connections are dead
            kwargs = {"pool_pre_ping": True, "connect_args": {"connect_timeout": max(1, round(timeout))}}
        # Every use below is a ``begin()`` block, which commits or rolls back itself, so the pool
        # need not roll back again when a connection comes back (a third of a move's commit time).
        self.engine: Engine = create_engine(url, pool_reset_on_return=None, **kwargs)
        self.notifies = self.engine.dialect.name == "postgresql"
        """Whether writes tell the other servers on this database (PostgreSQL's NOTIFY)."""
        self.backend_pids: set[int] = set()
        """The PostgreSQL server processes of this storage's own connections: a notification sent
        by one of them is this server's own, already applied in memory."""
        if sqlite:
            event.listen(self.engine, "connect", functools.partial(_sqlite_pragmas, timeout))
        if self.notifies:
            event.listen(self.engine, "connect", self._connected)
            event.listen(self.engine, "close", self._closed)
            event.listen(self.engine, "close_detached", self._closed)
        metadata.create_all(self.engine)
        _add_new_columns(self.engine)

    def _connected(self, dbapi_connection: Any, record: Any) -> None:
        pid = dbapi_connection.info.backend_pid
        record.info["backend_pid"] = pid
        self.backend_pids.add(pid)

    def _closed(self, dbapi_connection: Any, record: Any = None) -> None:
        with contextlib.suppress(Exception):
            self.backend_pids.discard(dbapi_connection.info.backend_pid)

    def _notify(self, db: Connection, code: str | None) -> None:
        if code is not None and self.notifies:
            db.execute(_NOTIFY, {"code": code})

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        """Ask the database a trivial question (``GET /api/health``); raises if it cannot answer."""
        with self.engine.connect() as db:
            db.execute(text("SELECT 1"))

    # ---- writing ------------------------------------------------------------
    def create_table(self, code: str, game: str, rules: dict[str, Any], hints: bool,
                     seat_rows: Sequence[SeatRow], creator: str | None = None) -> int:
        now = time.time()
        try:
            with self.engine.begin() as db:
                table_id = db.execute(tables.insert().values(
                    code=code, game=game, rules=json.dumps(rules, sort_keys=True), hints=hints,
                    game_no=1, over=False, created=now, updated=now, creator=creator,
                )).inserted_primary_key[0]  # type: ignore[index]  # SQLAlchemy types the key as optional
                if seat_rows:
                    db.execute(seats.insert(), [
                        {"table_id": table_id, "seat": s.seat, "name": s.name, "bot": s.bot,
                         "token_hash": s.token_hash} for s in seat_rows
                    ])
        except IntegrityError:
            raise Conflict(f"table code {code} is taken") from None
        return int(table_id)

    def claim_seat(self, table_id: int, seat: int, name: str, token_hash: str,
                   code: str | None = None) -> None:
        """Give a free person's seat a name and a token; ``Conflict`` if it was taken first.

        ``code``: the table's code, to notify the other servers with (PostgreSQL only), here and below.
        """
        with self.engine.begin() as db:
            done = db.execute(update(seats).where(
                seats.c.table_id == table_id, seats.c.seat == seat,
                seats.c.token_hash.is_(None), seats.c.bot.is_(None),
            ).values(name=name, token_hash=token_hash))
            if done.rowcount != 1:
                raise Conflict("that seat was taken a moment ago")
            self._notify(db, code)

    def append(self, table_id: int, game_no: int, n: int, seat: int, action: str,
               over: bool, code: str | None = None) -> None:
        """Add action number ``n`` of a game to the log and commit it; ``Conflict`` if ``n`` is taken.

        ``over``: this action ends the game (the table is then marked finished, in the same commit).
        """
        self.append_all(table_id, game_no, n, [(seat, action)], over, code)

    def append_all(self, table_id: int, game_no: int, n: int, actions: Sequence[tuple[int, str]],
                   over: bool, code: str | None = None) -> None:
        """Add ``actions`` (seat, action text) to the log at ``n``, ``n + 1``, ... in one commit (a
        move and the chance events it makes due); ``Conflict``, and nothing written, if ``n`` is taken.

        ``over``: the last action ends the game (the table is then marked finished, in the same commit).
        """
        now = time.time()
        try:
            with self.engine.begin() as db:
                # One statement a row: psycopg's executemany (a pipeline) prints a conflict on stderr.
                for i, (seat, action) in enumerate(actions):
                    db.execute(_APPEND, {"table_id": table_id, "game_no": game_no, "n": n + i,
                                         "seat": seat, "action": action, "at": now})
                if over:
                    db.execute(_FINISH, {"table": table_id, "over": True, "now": now})
                self._notify(db, code)
        except IntegrityError:
            raise Conflict("another move took that turn first") from None

    def new_game(self, table_id: int, game_no: int, code: str | None = None) -> None:
        """Move the table on to game ``game_no`` (only from the game before it)."""
        with self.engine.begin() as db:
            done = db.execute(update(tables).where(
                tables.c.id == table_id, tables.c.game_no == game_no - 1,
            ).values(game_no=game_no, over=False, updated=time.time()))
            if done.rowcount != 1:
                raise Conflict("the next game has already started")
            self._notify(db, code)

    # ---- reading ------------------------------------------------------------
    def table_codes(self, playing_only: bool = False, limit: int | None = None) -> list[str]:
        """Table codes, the most recently opened, started or finished first; archived ones left out."""
        query = select(tables.c.code).where(tables.c.archived.is_(False)).order_by(tables.c.updated.desc())
        if playing_only:
            query = query.where(tables.c.over.is_(False))
        if limit is not None:
            query = query.limit(limit)
        with self.engine.begin() as db:
            return [row[0] for row in db.execute(query)]

    def game_log(self, table_id: int, game_no: int) -> list[tuple[int, str, float]]:
        """One game's actions in order, takebacks applied: (seat, action text, when it was made)."""
        query = (select(actions.c.seat, actions.c.action, actions.c.at)
                 .where(actions.c.table_id == table_id, actions.c.game_no == game_no)
                 .order_by(actions.c.n))
        with self.engine.begin() as db:
            rows = [(r.seat, r.action, r.at) for r in db.execute(query)]
        return [(seat, action, at) for seat, action, at in effective(rows)]

    def since(self, table_id: int, game_no: int, n: int) -> Progress:
        """The table's current game number, its seats, and every action after position ``n`` of
        game ``game_no`` (those of later games included): what a server that knows the log up to
        there lacks.  Takeback rows are among them, as stored."""
        query = (select(actions.c.game_no, actions.c.n, actions.c.seat, actions.c.action)
                 .where(actions.c.table_id == table_id,
                        ((actions.c.game_no == game_no) & (actions.c.n > n)) | (actions.c.game_no > game_no))
                 .order_by(actions.c.game_no, actions.c.n))
        with self.engine.begin() as db:
            current = db.execute(select(tables.c.game_no).where(tables.c.id == table_id)).scalar_one()
            seat_rows = tuple(
                SeatRow(r.seat, r.name, r.bot, r.token_hash)
                for r in db.execute(select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat))
            )
            found = tuple((a.game_no, a.n, a.seat, a.action) for a in db.execute(query))
        return Progress(int(current), seat_rows, found)

    def load(self, code: str) -> TableRow | None:
        with self.engine.begin() as db:
            row = db.execute(select(tables).where(tables.c.code == code)).mappings().first()
            if row is None:
                return None
            seat_rows = tuple(
                SeatRow(r.seat, r.name, r.bot, r.token_hash)
                for r in db.execute(select(seats).where(seats.c.table_id == row["id"])
                                    .order_by(seats.c.seat))
            )
            logs: dict[int, list[tuple[int, str]]] = {g: [] for g in range(1, row["game_no"] + 1)}
            for a in db.execute(select(actions.c.game_no, actions.c.n, actions.c.seat, actions.c.action)
                                .where(actions.c.table_id == row["id"])
                                .order_by(actions.c.game_no, actions.c.n)):
                logs.setdefault(a.game_no, []).append((a.seat, a.action))
        return TableRow(
            id=row["id"], code=row["code"], game=row["game"], rules=json.loads(row["rules"]),
            hints=bool(row["hints"]), game_no=row["game_no"], over=bool(row["over"]), seats=seat_rows,
            logs={g: tuple((seat, action) for seat, action in effective(v)) for g, v in logs.items()},
            rows=len(logs.get(row["game_no"], ())),
        )

    # ---- a table's clock -------------------------------------------------------
    def save_clock(self, table_id: int, clock: ClockRow) -> None:
        """Keep a table's clock (the row written anew)."""
        values = {"base": clock.base, "increment": clock.increment, "game_no": clock.game_no,
                  "seq": clock.seq, "time_left": json.dumps(list(clock.left)), "running": clock.running,
                  "since": clock.since}
        with self.engine.begin() as db:
            done = db.execute(update(clocks).where(clocks.c.table_id == table_id).values(**values))
            if done.rowcount != 1:
                db.execute(clocks.insert().values(table_id=table_id, **values))

    def load_clock(self, table_id: int) -> ClockRow | None:
        """A table's clock, or ``None`` if it is not played on one."""
        with self.engine.begin() as db:
            row = db.execute(select(clocks).where(clocks.c.table_id == table_id)).mappings().first()
        if row is None:
            return None
        return ClockRow(row["base"], row["increment"], row["game_no"], row["seq"],
                        tuple(float(x) for x in json.loads(row["time_left"])), row["running"], row["since"])


def _add_new_columns(engine: Engine) -> None:
    """Add the columns a database made by an earlier Parlour lacks (``creator``, ``archived``)."""
    have = {c["name"] for c in inspect(engine).get_columns("tables")}
    for column in [c for c in tables.columns if c.name not in have]:
        ddl = CreateColumn(column).compile(dialect=engine.dialect)
        try:
            with engine.begin() as db:
                db.execute(text(f"ALTER TABLE tables ADD COLUMN {ddl}"))
        except DBAPIError:  # another server starting on the database added it first
            if column.name not in {c["name"] for c in inspect(engine).get_columns("tables")}:
                raise


def _sqlite_pragmas(timeout: float, dbapi_connection: Any, _record: Any) -> None:
    # WAL: readers never block the writer; synchronous=NORMAL keeps every commit
    # safe from a killed process (only a power cut could lose the last commits).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={round(timeout * 1000)}")  # a write waits this long for a lock
    cursor.close()
