"""Several servers on one PostgreSQL database: each listens for the others' changes.

Every write that changes what players see sends ``NOTIFY parlour, '<table code>'``
in the write's own transaction (:class:`parlour.server.storage.Storage`), so the
notification is delivered when, and only if, the write commits.  Each server runs
one :class:`Listener`: a connection of its own doing ``LISTEN parlour`` that hands
every notification to the hub, which catches the table up from the database (if it
has it live) and tells its own connections.  A dropped connection is made again;
notifications sent meanwhile are lost, so on every (re)connection the hub catches
up all its live tables from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import make_url

from parlour.server.storage import CHANNEL

log = logging.getLogger("parlour.server")

APPLICATION_NAME = "parlour-listener"
"""How the listening connection names itself to PostgreSQL (``pg_stat_activity``)."""


def conninfo(url: str) -> dict[str, Any]:
    """psycopg's connection parameters for a SQLAlchemy ``postgresql+psycopg://`` URL."""
    parsed = make_url(url)
    params: dict[str, Any] = {k: v for k, v in parsed.translate_connect_args(
        username="user", database="dbname").items() if v is not None}
    for key, value in parsed.query.items():
        params[key] = value if isinstance(value, str) else value[-1]
    params["application_name"] = APPLICATION_NAME
    return params


class Listener:
    """``LISTEN`` on a connection of its own, for as long as it runs, connecting again when dropped.

    ``on_notify(payload, pid)`` is called for each notification (``pid``: the PostgreSQL process of
    the connection that sent it); ``on_connect()`` after each (re)connection, once listening.  Both
    run on the event loop and must not block for long.
    """

    def __init__(self, url: str, on_notify: Callable[[str, int], None],
                 on_connect: Callable[[], None], *, check_every: float = 15.0,
                 retry_max: float = 5.0) -> None:
        self.params = conninfo(url)
        self.on_notify = on_notify
        self.on_connect = on_connect
        self.check_every = check_every
        self.retry_max = retry_max
        self.connected = asyncio.Event()
        self.backend_pid: int | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self, wait: float = 10.0) -> None:
        """Start listening; wait (at most ``wait`` seconds) until the first ``LISTEN`` is done."""
        self._task = asyncio.get_running_loop().create_task(self._run(), name="parlour-listener")
        try:
            await asyncio.wait_for(self.connected.wait(), wait)
        except TimeoutError:
            log.warning("not listening to the database yet; still trying")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None

    async def _run(self) -> None:
        import psycopg

        delay = 0.1
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(autocommit=True, **self.params)
            except (psycopg.Error, OSError) as exc:
                log.warning("cannot listen to the database (%s); trying again in %.1f s",
                            str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__,
                            delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, self.retry_max)
                continue
            try:
                await conn.execute(f"LISTEN {CHANNEL}")
                self.backend_pid = conn.info.backend_pid
                delay = 0.1
                self.connected.set()
                self._call(self.on_connect)
                while True:
                    async for notify in conn.notifies(timeout=self.check_every):
                        self._call(self.on_notify, notify.payload, notify.pid)
                    # Quiet for a while: make sure the connection is still there.
                    await asyncio.wait_for(conn.execute("SELECT 1"), self.check_every)
            except (psycopg.Error, OSError, TimeoutError) as exc:
                log.warning("the database connection listening for other servers dropped (%s); "
                            "connecting again", type(exc).__name__)
            finally:
                self.connected.clear()
                self.backend_pid = None
                with contextlib.suppress(Exception):
                    await conn.close()
            await asyncio.sleep(delay)

    @staticmethod
    def _call(callback: Callable[..., None], *args: Any) -> None:
        try:
            callback(*args)
        except Exception:  # one table's trouble must not stop the listening
            log.exception("handling a notification from the database failed")
