"""Where the bots think: a bounded pool of worker threads of their own.

A bot's decision is ordinary Python that may take up to its budget (``docs/benchmarks.md``,
"Bots' budgets": at most about 2 s and 256 MB a decision).  Run on the event loop it would stop
every table; run in asyncio's default executor (``asyncio.to_thread``) a dozen slow decisions
would fill that executor and queue everything else that uses it (hints, reviews, a game's
``prepare``).  So the bots have a pool of their own, ``workers`` threads (``parlour serve
--bot-workers``): a decision waits its turn there, and at most ``workers`` decisions (and their
memory) are under way at once, whatever the number of tables.  Decisions at tables with a
person's seat go first (``PEOPLE``), those at tables of bots alone after (``BOTS_ONLY``): fifty
tables of bots playing each other would otherwise make every person's opponent wait its turn
behind them.

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
import itertools
import os
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")

DEFAULT_WORKERS = max(1, min(4, (os.cpu_count() or 1)))
"""Bots thinking at once by default: one a core, at most four (more would only share the cores
and the GIL, and hold more memory at once)."""

PEOPLE, BOTS_ONLY = 0, 1
"""The two ranks of a decision: at a table with a person's seat (somebody waits for it), or at a
table of bots alone (watched, or nobody's).  A free worker takes the oldest decision of the first
rank before any of the second, so a table of bots alone never holds up one with people."""

_Job = tuple[int, int, "Future[Any] | None", Callable[[], Any]]


class Thinking:
    """The bots' worker pool (see the module)."""

    def __init__(self, workers: int = DEFAULT_WORKERS) -> None:
        if workers < 1:
            raise ValueError("the bots need at least one worker")
        self.workers = workers
        self._queue: queue.PriorityQueue[_Job] | None = None
        self._order = itertools.count()

    def _start(self) -> queue.PriorityQueue[_Job]:
        if self._queue is None:
            self._queue = queue.PriorityQueue()
            for n in range(self.workers):
                threading.Thread(target=self._work, args=(self._queue,), name=f"parlour-bot-{n}",
                                 daemon=True).start()
        return self._queue

    @staticmethod
    def _work(jobs: queue.PriorityQueue[_Job]) -> None:
        while True:
            _, _, future, decide = jobs.get()
            if future is None:  # closed
                return
            if not future.set_running_or_notify_cancel():
                continue  # cancelled while it waited
            try:
                future.set_result(decide())
            except BaseException as exc:
                future.set_exception(exc)

    async def think(self, decide: Callable[[], T], wanted: Callable[[], bool] = lambda: True,
                    rank: int = PEOPLE) -> T:
        """``decide()`` in the pool, in its ``rank``'s turn (``PEOPLE`` first), awaited.  When its
        turn comes, it is skipped if no longer ``wanted()`` (the table is gone: asked from the
        worker thread, so it need only read a flag); cancelling the awaiting task drops it too
        (its result is thrown away if it has started)."""
        def turn() -> T:
            if not wanted():
                raise asyncio.CancelledError("the table is gone")
            return decide()

        future: Future[T] = Future()
        self._start().put((rank, next(self._order), future, turn))
        return await asyncio.wrap_future(future)

    def waiting(self) -> int:
        """Decisions queued, not yet begun (about: for tests and the curious)."""
        return 0 if self._queue is None else self._queue.qsize()

    def close(self) -> None:
        """Drop the queued decisions and let the running ones end without waiting for them (a
        later ``think`` starts the workers again)."""
        jobs, self._queue = self._queue, None
        if jobs is None:
            return
        while True:
            try:
                _, _, future, _ = jobs.get_nowait()
            except queue.Empty:
                break
            if future is not None:
                future.cancel()
        for _ in range(self.workers):
            jobs.put((-1, next(self._order), None, lambda: None))  # each worker ends after its decision


__all__ = ["BOTS_ONLY", "DEFAULT_WORKERS", "PEOPLE", "Thinking"]
