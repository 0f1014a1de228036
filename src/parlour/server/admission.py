"""Who may open a table: how fast one address may create them, and how many may be open at once.

A family opens a few tables an evening; a script could open thousands a minute, each a row in the
database for ever. So creating a table is limited per client address (a token bucket: ``burst`` at
once, then ``per_hour`` an hour on average), and so are the open tables (not finished, not
archived: :mod:`parlour.server.residency`), those created from one address and those in all. A
refusal is an HTTP 429 with the reason, and ``Retry-After`` when waiting is what helps (the rate).

The address is the one the connection comes from (uvicorn puts a trusted proxy's
``X-Forwarded-For`` there: ``parlour serve`` trusts one on this machine).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import func, select

from parlour.server.dbwork import DbWork
from parlour.server.live import RequestError
from parlour.server.storage import Storage, tables

TABLES_PER_HOUR = 60.0
"""How many tables one address may create an hour, on average ..."""
TABLES_BURST = 20
"""... and at once."""
OPEN_PER_ADDRESS = 100
"""How many open tables (not finished, not archived) created from one address there may be."""
OPEN_TABLES = 2000
"""How many open tables there may be in all."""


@dataclass(frozen=True)
class TableLimits:
    """Limits on opening tables (``Limits(tables=...)``); None: no such limit."""

    per_hour: float | None = TABLES_PER_HOUR
    burst: int = TABLES_BURST
    per_address: int | None = OPEN_PER_ADDRESS
    total: int | None = OPEN_TABLES
    clock: Callable[[], float] = time.monotonic
    """Seconds, for the rate (tests stop it)."""


UNLIMITED = TableLimits(per_hour=None, per_address=None, total=None)
"""No limit on opening tables (tests that open hundreds from one address)."""


class TooMany(RequestError):
    """A table refused: too many, too fast.  ``retry_after``: seconds after which the same request
    would be let in (None: waiting alone does not help)."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__("too-many", message, 429)
        self.retry_after = retry_after

    @property
    def headers(self) -> dict[str, str]:
        if self.retry_after is None:
            return {}
        return {"Retry-After": str(max(1, math.ceil(self.retry_after)))}


class Admission:
    """The door for new tables: :meth:`admit` before creating one, for the address asking."""

    def __init__(self, storage: Storage, limits: TableLimits = TableLimits()) -> None:
        self.storage = storage
        self.limits = limits
        self._buckets: dict[str, tuple[float, float]] = {}
        """Each address's tokens and when they were counted (only addresses with a spent token)."""

    async def admit(self, db: DbWork, address: str) -> None:
        """Let ``address`` open a table (a token of its rate is spent), or raise :class:`TooMany`.
        The open tables are counted through ``db``'s readers, away from the event loop."""
        limits = self.limits
        if limits.total is not None and await db.read(self.open_tables) >= limits.total:
            raise TooMany(f"this server keeps at most {limits.total} open tables and has them all; "
                          "a table can be opened once others have finished")
        if limits.per_address is not None and await db.read(self.open_tables, address) >= limits.per_address:
            raise TooMany(f"at most {limits.per_address} open tables can be opened from one address, "
                          "and yours has them all: finish some, or play at the ones you have")
        if limits.per_hour is None:
            return
        rate = limits.per_hour / 3600
        now = limits.clock()
        tokens = self._tokens(address, now)
        if tokens < 1:
            wait = (1 - tokens) / rate if rate > 0 else None
            raise TooMany(f"too many new tables from your address: at most {limits.burst} at once and "
                          f"{limits.per_hour:g} an hour; try again "
                          + ("later" if wait is None else f"in {max(1, math.ceil(wait))} seconds"), wait)
        self._buckets[address] = (tokens - 1, now)
        if len(self._buckets) > 1000:
            self._forget_full(now)

    def refund(self, address: str) -> None:
        """Give back the token of a table that was not created after all (the request was refused)."""
        if address in self._buckets:
            tokens, then = self._buckets[address]
            self._buckets[address] = (min(float(self.limits.burst), tokens + 1), then)

    def _tokens(self, address: str, now: float) -> float:
        limits = self.limits
        assert limits.per_hour is not None
        tokens, then = self._buckets.get(address, (float(limits.burst), now))
        return min(float(limits.burst), tokens + max(0.0, now - then) * limits.per_hour / 3600)

    def _forget_full(self, now: float) -> None:
        """Drop the addresses whose buckets have filled again (they are as new): the map of
        addresses stays as small as the addresses seen lately."""
        for address in [a for a in self._buckets if self._tokens(a, now) >= self.limits.burst]:
            del self._buckets[address]

    def open_tables(self, address: str | None = None) -> int:
        """The open tables (not finished, not archived), in all or created from ``address``."""
        query = select(func.count()).select_from(tables).where(
            tables.c.over.is_(False), tables.c.archived.is_(False))
        if address is not None:
            query = query.where(tables.c.creator == address)
        with self.storage.engine.begin() as db:
            return int(db.execute(query).scalar_one())


__all__ = ["UNLIMITED", "Admission", "TableLimits", "TooMany"]
