"""Database work away from the event loop, and what a failing database means to a request.

Every write (and the reads the :class:`~parlour.server.tables.Hub` waits on while it changes a
table) runs in a worker thread of its own pool, so a database that is slow -- another program
holding SQLite's write lock, a PostgreSQL server far away -- delays only the table whose write
waits; the event loop, and with it every other table and request, carries on.  Writes and reads
have pools of their own, so reads (the lobby, a health check) never queue behind writes stuck on
a lock.  The Hub keeps each table's writes in order (one at a time, under the table's lock) and
changes a table in memory only after its write has committed.

A write or read the database refuses (locked past its timeout, read-only, a server that is down
or went away) raises :class:`~parlour.server.live.RequestError` with the code ``unavailable``
(HTTP 503) and a reason people can read; the request changed nothing, and the full reason goes to
the log as one line, without a traceback.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from sqlalchemy.exc import DBAPIError

from parlour.server.live import RequestError
from parlour.server.storage import Storage

log = logging.getLogger("parlour.server")

P = ParamSpec("P")
T = TypeVar("T")

UNAVAILABLE = "unavailable"
"""The error code (and :class:`RequestError` code) of a request the database could not serve."""
WRITERS = 4
"""Worker threads for writes: tables whose writes wait on a lock wait here, each in its own."""
READERS = 4
"""Worker threads for reads, apart from the writes so that they never wait behind them."""
HEALTH_TIMEOUT = 5.0
"""How long ``GET /api/health`` waits for the database to answer."""
RETRY_FIRST = 0.25
RETRY_MAX = 5.0
"""Bots, chance and clocks whose write failed try again after these many seconds, doubling."""


def reason(exc: BaseException) -> str:
    """What went wrong with the database, in words for people."""
    text = str(getattr(exc, "orig", None) or exc).lower()
    if "locked" in text or "busy" in text:
        return "the database is locked by another program"
    if "readonly" in text or "read-only" in text or "read only" in text:
        return "the database is read-only"
    if any(word in text for word in ("connect", "closed", "terminat", "shutting down", "refused")):
        return "the database server cannot be reached"
    if "full" in text or "no space" in text:
        return "the database's disk is full"
    if "disk" in text or "i/o" in text:
        return "the database's disk could not be written"
    return "the database refused the request"


def unavailable(exc: BaseException) -> RequestError:
    """The error a request gets when the database failed it (it changed nothing)."""
    return RequestError(UNAVAILABLE, f"{reason(exc)}: nothing was changed; try again in a moment", 503)


def first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class DbWork:
    """The worker threads that talk to one :class:`Storage`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._writes = ThreadPoolExecutor(WRITERS, thread_name_prefix="parlour-db-write")
        self._reads = ThreadPoolExecutor(READERS, thread_name_prefix="parlour-db-read")
        self.pending = 0
        """Calls sent to a worker and not yet answered (tests wait for none)."""
        self.closed = False

    async def write(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``call(*args, **kwargs)`` (a :class:`Storage` write) in a writer thread."""
        return await self._run(self._writes, functools.partial(call, *args, **kwargs))

    async def read(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``call(*args, **kwargs)`` (a :class:`Storage` read) in a reader thread."""
        return await self._run(self._reads, functools.partial(call, *args, **kwargs))

    async def _run(self, pool: ThreadPoolExecutor, call: functools.partial[T]) -> T:
        if self.closed:
            raise RequestError(UNAVAILABLE, "the server is stopping: nothing was changed; try again in "
                                            "a moment", 503)
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, call)
        except DBAPIError as exc:
            log.warning("database %s failed: %s", call.func.__name__, first_line(exc))
            raise unavailable(exc) from None
        finally:
            self.pending -= 1

    async def health(self) -> str | None:
        """``None`` if the database answers a query within :data:`HEALTH_TIMEOUT`, else why not."""
        answer = asyncio.get_running_loop().run_in_executor(self._reads, self.storage.ping)
        try:
            await asyncio.wait_for(answer, HEALTH_TIMEOUT)
        except TimeoutError:
            return f"the database did not answer within {HEALTH_TIMEOUT:g} seconds"
        except DBAPIError as exc:
            return reason(exc)
        return None

    def close(self) -> None:
        self.closed = True
        self._writes.shutdown(wait=False, cancel_futures=True)
        self._reads.shutdown(wait=False, cancel_futures=True)


class Backoff:
    """Waiting before trying a failed write again: :data:`RETRY_FIRST` seconds, doubling up to
    :data:`RETRY_MAX`, and back to the start once a write succeeds (:meth:`reset`)."""

    def __init__(self) -> None:
        self.delay = RETRY_FIRST

    async def wait(self) -> None:
        await asyncio.sleep(self.delay)
        self.delay = min(self.delay * 2, RETRY_MAX)

    def reset(self) -> None:
        self.delay = RETRY_FIRST


__all__ = ["UNAVAILABLE", "Backoff", "DbWork", "reason", "unavailable"]
