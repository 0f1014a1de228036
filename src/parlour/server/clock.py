"""A table's game clock: a time for each player, an increment, and whose time is running.

The clock is the server's, not the game's: the game only says how running out of time ends it
(``Game.time_out``).  A :class:`Clock` counts down for the one seat to act while every person's
seat is taken; when the turn passes, the time used is charged and the player who acted gets the
increment.  Times are seconds of the wall clock (``time.time``, or a source tests advance), so
they mean the same to a server started again; the :class:`~parlour.server.tables.Hub` keeps the
clock in the database after every change (:meth:`Clock.row`), and after a restart the current
turn starts again from the time its player had left when the server last saved it (the time the
server was down is never charged).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.server.dbwork import UNAVAILABLE, Backoff
from parlour.server.live import LiveTable, RequestError
from parlour.server.storage import ClockRow

if TYPE_CHECKING:
    from parlour.server.tables import Hub

log = logging.getLogger("parlour.server")

MAX_BASE = 3 * 60 * 60
"""The most time a clock may give each player, in seconds (three hours)."""
MAX_INCREMENT = 60


def setting(data: Any) -> tuple[float, float] | None:
    """A clock asked for when a table is created -- ``{"base": seconds, "increment": seconds}``
    or ``None`` for none -- checked; ``RequestError`` with the reason if it is not a clock."""
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) - {"base", "increment"} or "base" not in data:
        raise RequestError("bad-request", 'a clock is {"base": seconds, "increment": seconds}')
    base, increment = data["base"], data.get("increment", 0)
    for name, value in (("base", base), ("increment", increment)):
        if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
            raise RequestError("bad-request", f"the clock's {name} must be a number of seconds")
    if not 0 < base <= MAX_BASE:
        raise RequestError("bad-request", f"the clock's base must be more than 0 and at most "
                                          f"{MAX_BASE} seconds")
    if not 0 <= increment <= MAX_INCREMENT:
        raise RequestError("bad-request", f"the clock's increment must be 0 to {MAX_INCREMENT} seconds")
    return float(base), float(increment)


@dataclass
class Clock:
    """Each seat's time left, and whose is running since when."""

    base: float
    increment: float
    now: Callable[[], float]
    left: list[float]
    game_no: int = 1
    rows: int = 0
    """The table's game and stored rows when the clock last changed hands (a new action or game
    passes the turn; rows, unlike the log length, only grow, so a takeback passes it too)."""
    running: int | None = None
    since: float | None = None
    task: Any = field(default=None, repr=False)
    """The asyncio task that watches for the running time to run out (the Hub's)."""

    @classmethod
    def new(cls, base: float, increment: float, seats: int, now: Callable[[], float]) -> Clock:
        return cls(base, increment, now, [base] * seats)

    @classmethod
    def from_row(cls, row: ClockRow, now: Callable[[], float]) -> Clock:
        return cls(row.base, row.increment, now, list(row.left), row.game_no, row.seq, row.running,
                   row.since)

    def row(self) -> ClockRow:
        return ClockRow(self.base, self.increment, self.game_no, self.rows, tuple(self.left),
                        self.running, self.since)

    def time_left(self, seat: int) -> float:
        """``seat``'s time left now (below zero once it has run out)."""
        if seat == self.running and self.since is not None:
            return self.left[seat] - (self.now() - self.since)
        return self.left[seat]

    def run_out(self) -> int | None:
        """The seat whose running time has run out, if any."""
        if self.running is not None and self.time_left(self.running) <= 0:
            return self.running
        return None

    def turn(self, due: int | None, game_no: int, rows: int) -> bool:
        """The table is now at (``game_no``, ``rows``) with ``due`` to act (``None``: nobody's time
        runs: the game is over, or waits for a player to sit down).  Charges the time used, gives
        the increment to a player whose action passed the turn, and starts ``due``'s time; a new
        game starts every time afresh.  True if anything changed."""
        if (due, game_no, rows) == (self.running, self.game_no, self.rows) and (
                due is None or self.since is not None):
            return False
        now = self.now()
        if game_no != self.game_no:
            self.left = [self.base] * len(self.left)
        elif self.running is not None and self.since is not None:
            self.left[self.running] -= now - self.since
            if rows != self.rows and due != self.running and self.left[self.running] > 0:
                self.left[self.running] += self.increment
        self.game_no, self.rows = game_no, rows
        self.running, self.since = due, (now if due is not None else None)
        return True

    def flagged(self, seat: int) -> None:
        """``seat``'s time ran out: it stands at zero and nobody's time runs."""
        self.left[seat] = 0.0
        self.running, self.since = None, None

    def pause(self) -> None:
        """Stop the running time, charging what was used (the server is stopping); the next
        :meth:`turn` starts it again."""
        if self.running is not None and self.since is not None:
            self.left[self.running] -= self.now() - self.since
            self.since = None

    def to_json(self) -> dict[str, Any]:
        """For the players: the setting, each seat's time left at the moment of sending, and whose
        time is running (the page counts it down from there)."""
        return {"base": self.base, "increment": self.increment,
                "left": [round(max(0.0, self.time_left(s)), 3) for s in range(len(self.left))],
                "running": self.running if self.since is not None else None}


class Timekeeper:
    """The clocks of a :class:`~parlour.server.tables.Hub`'s tables: each follows its table after
    every change (:meth:`follow`), is kept in the database, and has a task that notices the
    running time run out even if nobody acts (:meth:`check`).  ``now`` and ``sleep`` are the time
    source and the way to wait for it (tests give ones they advance by hand)."""

    def __init__(self, hub: Hub, now: Callable[[], float],
                 sleep: Callable[[float], Awaitable[None]]) -> None:
        self.hub = hub
        self.now = now
        self.sleep = sleep

    # ---- a table's clock ----------------------------------------------------------
    async def create(self, table: LiveTable, base: float, increment: float) -> None:
        table.clock = Clock.new(base, increment, len(table.seats), self.now)
        table.clock.game_no = table.game_no
        await self.hub.db.write(self.hub.storage.save_clock, table.id, table.clock.row())

    def load(self, table: LiveTable, row: ClockRow | None) -> None:
        """The table's clock as the database keeps it (``row``; ``None``: it has none)."""
        table.clock = None if row is None else Clock.from_row(row, self.now)

    def resume(self, table: LiveTable) -> None:
        """The server has started again: the running time starts again now, from what its player
        had left when it was last saved (the time the server was down is not charged)."""
        clock = table.clock
        if clock is not None:
            clock.since = None if clock.running is None else self.now()

    def pause_all(self) -> None:
        """The server is stopping: charge the time used so far and keep every running clock."""
        for table in self.hub.tables.values():
            clock = table.clock
            if clock is None or clock.running is None:
                continue
            if clock.task is not None:
                clock.task.cancel()
            clock.pause()
            try:
                self.hub.storage.save_clock(table.id, clock.row())
            except Exception:
                log.exception("the clock of table %s could not be saved", table.code)

    @staticmethod
    def due(table: LiveTable) -> int | None:
        """The seat whose time runs: the one person or bot to act, once every seat is taken."""
        actors = table.game.to_act(table.state)
        if len(actors) != 1 or actors[0] < 0 or not all(s.taken for s in table.seats):
            return None
        return actors[0]

    async def follow(self, table: LiveTable) -> None:
        """After a change at the table: pass the turn on the clock, keep it, and watch the
        running time.  Needs the table's lock.  If the database fails to keep the clock, it runs
        on in memory (and is kept at the next change)."""
        clock = table.clock
        if clock is None:
            return
        if clock.turn(self.due(table), table.game_no, table.rows):
            try:
                await self.hub.db.write(self.hub.storage.save_clock, table.id, clock.row())
            except RequestError as exc:
                log.warning("the clock of table %s was not kept: %s", table.code, exc.message)
        watching = clock.task is not None and not clock.task.done()
        if watching and clock.task is not asyncio.current_task():
            clock.task.cancel()
        if clock.running is not None and self.hub.running:
            clock.task = asyncio.get_running_loop().create_task(self._watch(table))

    async def _watch(self, table: LiveTable) -> None:
        clock = table.clock
        assert clock is not None
        retry = Backoff()
        while clock.running is not None:
            left = clock.time_left(clock.running)
            if left <= 0:
                try:
                    async with table.lock:
                        await self.check(table)
                    return
                except RequestError:  # the database failed to record the time-out: again soon
                    await retry.wait()
                    continue
            await self.sleep(left)

    async def check(self, table: LiveTable) -> bool:
        """If the running time has run out, record it (the game's ``time_out``, committed like a
        move) and tell everyone; True if it had.  Needs the table's lock; raises ``RequestError``
        (``unavailable``) if the database failed to record it."""
        clock = table.clock
        seat = None if clock is None else clock.run_out()
        if clock is None or seat is None:
            return False
        action = table.game.time_out(table.state, seat)
        if action is None:
            return False
        try:
            await self.hub._commit(table, seat, action)
        except Exception as exc:  # another server's move came first: the table has caught up
            if isinstance(exc, RequestError) and exc.code == UNAVAILABLE:
                raise
            log.info("table %s: the time-out of seat %d was not recorded", table.code, seat + 1)
            await self.hub.settle(table)
            return False
        clock.flagged(seat)
        await self.hub.settle(table)
        return True

    async def late(self, table: LiveTable) -> str | None:
        """Before a person's move: why it comes too late -- the time ran out, now or before --
        or ``None``.  Needs the table's lock."""
        if table.clock is None:
            return None
        await self.check(table)
        if not table.over or not table.log:
            return None
        last = table.log[-1]
        if last.action != table.game.time_out(last.before, last.seat):
            return None
        return f"too late: the time ran out. {table.game.result_text(table.state, table.names())}"
