"""Which tables the server keeps in memory, and which the lobby lists.

The database holds every table; memory holds only those in use.  A table is loaded when first
asked for (a connection, the state API, the tables list: :meth:`Hub.get`), and so the server
answers at once when it starts: the tables waiting on a bot or a clock are loaded afterwards, in
the background (:meth:`Residency.resume`).  A table nobody has asked for or played at for a while
(``idle``) leaves memory again (:meth:`Residency.evict`), unless it is busy: a connection open, a
bot thinking or a clock running.  A table with no move for much longer (``archive``) is abandoned:
it is archived (a flag in the database, nothing deleted), the lobby no longer lists it and it
counts against no limit; its link still opens it, and a connection to it lists it again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import exists, func, select, update

from parlour.server.live import LiveTable
from parlour.server.storage import actions, clocks, seats, tables

if TYPE_CHECKING:
    from parlour.server.tables import Hub

log = logging.getLogger("parlour.server")

IDLE = 15 * 60.0
"""Seconds a table stays in memory after it was last asked for or busy."""
ARCHIVE = 30 * 86400.0
"""Seconds without a move after which a table is archived."""
SWEEP = 60.0
"""Seconds between two looks for tables to let go or archive."""
ARCHIVE_BATCH = 500
"""The most tables looked at for archiving in one sweep (the next sweep goes on)."""


@dataclass(frozen=True)
class Keeping:
    """How long tables are kept (``create_app(keeping=...)``, ``parlour serve --idle-minutes``,
    ``--archive-days``)."""

    idle: float = IDLE
    archive: float = ARCHIVE
    sweep: float = SWEEP
    hold: threading.Event | None = None
    """Tests: the background loading at start waits until this is set."""


class Residency:
    """A :class:`Hub`'s tables in memory: loading them back at start, letting idle ones go,
    archiving abandoned ones."""

    def __init__(self, hub: Hub, keeping: Keeping) -> None:
        self.hub = hub
        self.keeping = keeping
        self.resumed = threading.Event()
        """Set once the tables waiting on a bot or a clock have been loaded after the start."""
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        """Begin loading the tables that carry on by themselves, and sweeping (nothing is waited for)."""
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self.resume()), loop.create_task(self._sweeping())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []

    # ---- loading back ---------------------------------------------------------------
    async def resume(self) -> None:
        """Load, one at a time and giving way to requests between them, the tables still being
        played with a bot or a clock: their bots and clocks carry on by themselves.  One that
        turns out to wait for a person leaves memory again at once."""
        if self.keeping.hold is not None:
            await asyncio.to_thread(self.keeping.hold.wait)
        try:
            for code in await asyncio.to_thread(self.resumable):
                await asyncio.sleep(0)  # requests first
                if code in self.hub.tables or not self.hub.running:
                    continue
                try:
                    table = await self.hub.load(code)
                except Exception:  # one broken table must not stop the others
                    log.exception("table %s could not be resumed", code)
                    continue
                if table is None:  # asked for meanwhile: it carries on already
                    continue
                loaded = table.touched
                await self.hub.carry_on(table)
                if not self.busy(table) and table.touched == loaded:  # (and nobody asked for it since)
                    self.hub.let_go(table)
        finally:
            self.resumed.set()

    def resumable(self) -> list[str]:
        """The codes of the tables being played (not archived) with a bot seat or a clock."""
        query = select(tables.c.code).where(
            tables.c.over.is_(False), tables.c.archived.is_(False),
            exists().where(seats.c.table_id == tables.c.id, seats.c.bot.is_not(None))
            | exists().where(clocks.c.table_id == tables.c.id),
        ).order_by(tables.c.updated.desc())
        with self.hub.storage.engine.begin() as db:
            return [row[0] for row in db.execute(query)]

    # ---- letting go -------------------------------------------------------------------
    @staticmethod
    def busy(table: LiveTable) -> bool:
        """A connection open, a bot about to move or thinking, or a clock running."""
        clock = table.clock
        return bool(table.conns) or (table.bot_task is not None and not table.bot_task.done()) or (
            clock is not None and (clock.running is not None
                                   or (clock.task is not None and not clock.task.done())))

    def evict(self) -> list[str]:
        """Let the tables go that nobody has asked for or played at for ``idle`` seconds; the busy
        ones count as used now.  Returns their codes."""
        now = self.hub.clocks.now()
        gone = []
        for code, table in list(self.hub.tables.items()):
            if self.busy(table):
                table.touched = now
            elif now - table.touched >= self.keeping.idle:
                self.hub.let_go(table)
                gone.append(code)
        return gone

    def archive(self) -> list[str]:
        """Archive the tables with no move (and not opened, started or finished) for ``archive``
        seconds, unless in memory and busy; returns their codes.  A table found to have moved since
        gets its last move's time as its ``updated``, so it is not looked at again until then."""
        cutoff = self.hub.clocks.now() - self.keeping.archive
        last_move = (select(func.max(actions.c.at)).where(actions.c.table_id == tables.c.id)
                     .scalar_subquery())
        query = (select(tables.c.id, tables.c.code, last_move.label("moved"))
                 .where(tables.c.archived.is_(False), tables.c.updated < cutoff).limit(ARCHIVE_BATCH))
        archived = []
        with self.hub.storage.engine.begin() as db:
            for table_id, code, moved in db.execute(query).all():
                live = self.hub.tables.get(code)
                if moved is not None and moved >= cutoff:
                    db.execute(update(tables).where(tables.c.id == table_id).values(updated=moved))
                elif live is None or not self.busy(live):
                    db.execute(update(tables).where(tables.c.id == table_id).values(archived=True))
                    archived.append(code)
        return archived

    def came_back(self, table: LiveTable) -> None:
        """Somebody connected to the table: if it was archived, the lobby lists it again (a nicety:
        if the database cannot say, the connection goes on all the same)."""
        try:
            with self.hub.storage.engine.begin() as db:
                if db.execute(select(tables.c.archived).where(tables.c.id == table.id)).scalar():
                    db.execute(update(tables).where(tables.c.id == table.id)
                               .values(archived=False, updated=self.hub.clocks.now()))
        except Exception as exc:
            log.warning("table %s: could not tell whether it was archived: %s", table.code, exc)

    def sweep(self) -> tuple[list[str], list[str]]:
        """One look: the tables let go of, and those archived."""
        return self.evict(), self.archive()

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(self.keeping.sweep)
            try:
                self.evict()
                await asyncio.to_thread(self.archive)
            except Exception:
                log.exception("the sweep for idle and abandoned tables failed")


__all__ = ["Keeping", "Residency"]
