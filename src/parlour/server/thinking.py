"""Where the bots think: a bounded pool of worker threads of their own.

A bot's decision is ordinary Python that may take up to its budget (``docs/benchmarks.md``,
"Bots' budgets": at most about 2 s and 256 MB a decision).  Run on the event loop it would stop
every table; run in asyncio's default executor (``asyncio.to_thread``) a dozen slow decisions
would fill that executor and queue everything else that uses it (hints, reviews, a game's
``prepare``).  So the bots have a pool of their own, ``workers`` threads (``parlour serve
--bot-workers``): a decision waits its turn there, and at most ``workers`` decisions (and their
memory) are under way at once, whatever the number of tables.

Threads, not processes: a bot keeps what it learns between decisions (a search's tables, an
endgame database, a solved strategy) and a decision's view is not always cheap to send to
another process; a thread shares them.  The price is the GIL: a thinking bot takes turns with
the event loop, so the fewer workers, the less a person's move waits (measured in
``docs/benchmarks.md``, "The server under heavy bots").

A table that is gone (the server stopping, a table closed) cancels its bot's task: a decision
still queued is dropped and never run (the worker asks whether it is still wanted before it
starts); one already running finishes within its budget and its move is thrown away (a thread
cannot be stopped from outside).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

DEFAULT_WORKERS = max(1, min(4, (os.cpu_count() or 1)))
"""Bots thinking at once by default: one a core, at most four (more would only share the cores
and the GIL, and hold more memory at once)."""


class Thinking:
    """The bots' worker pool (see the module)."""

    def __init__(self, workers: int = DEFAULT_WORKERS) -> None:
        if workers < 1:
            raise ValueError("the bots need at least one worker")
        self.workers = workers
        self._pool: ThreadPoolExecutor | None = None

    async def think(self, decide: Callable[[], T], wanted: Callable[[], bool] = lambda: True) -> T:
        """``decide()`` in the pool, awaited.  When its turn in the pool comes, it is skipped if
        no longer ``wanted()`` (the table is gone: asked from the worker thread, so it need only
        read a flag); cancelling the awaiting task drops it too (its result is thrown away if it
        has started)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="parlour-bot")

        def turn() -> T:
            if not wanted():
                raise asyncio.CancelledError("the table is gone")
            return decide()

        return await asyncio.get_running_loop().run_in_executor(self._pool, turn)

    def close(self) -> None:
        """Drop the queued decisions and let the running ones end without waiting for them (a
        later ``think`` starts a new pool)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


__all__ = ["DEFAULT_WORKERS", "Thinking"]
