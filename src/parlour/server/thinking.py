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

In threads (``processes=False``: the tests' way, and an embedding's) a bot shares the server's
GIL: a thinking bot takes turns with the event loop, and under heavy bots a person's move waited
over a second (``docs/benchmarks.md``, "The server under heavy bots").  So ``parlour serve``
has each worker thread hand its decision to a worker process of its own (``processes=True``):
the view and the legal moves go there (a few kB), the move comes back, and the event loop keeps
the server's GIL to itself; the worker processes run at a lower priority (``NICENESS``), so the
cores go to the event loop first.  Each worker process makes the bots it is asked for once, by game,
level and rules (a bot keeps nothing of a table between decisions: a draughts search clears its
tables after each move) and keeps what they have worked out (an endgame database, a solved
strategy) for the next decision.

A table that is gone (the server stopping, a table closed) cancels its bot's task: a decision
still queued is dropped and never run (the worker asks whether it is still wanted before it
starts); one already running finishes within its budget and its move is thrown away (a thread
cannot be stopped from outside).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import multiprocessing
import os
import queue
import random
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from parlour.core.protocol import AnyBot, AnyGame

T = TypeVar("T")

log = logging.getLogger("parlour.server")

DEFAULT_WORKERS = max(1, min(4, (os.cpu_count() or 1)))
"""Bots thinking at once by default: one a core, at most four (more would only share the cores
and the GIL, and hold more memory at once)."""

PEOPLE, BOTS_ONLY = 0, 1
"""The two ranks of a decision: at a table with a person's seat (somebody waits for it), or at a
table of bots alone (watched, or nobody's).  A free worker takes the oldest decision of the first
rank before any of the second, so a table of bots alone never holds up one with people."""

_Job = tuple[int, int, "Future[Any] | None", Callable[[], Any]]


_BOTS: dict[tuple[str, str, str], AnyBot] = {}
"""In a worker process: the bots made so far, by game, level and rules (a bot keeps nothing of
one table between decisions, so tables of one game, level and rules share one), the most
recently used last."""
KEEP_BOTS = 64
"""The most bots a worker process keeps (house rules make many kinds): the least recently used
goes first."""


NICENESS = 10
"""How much lower the worker processes' scheduling priority is than the server's (Unix ``nice``):
the cores go to the event loop first when a person's move arrives, and to the bots the rest of
the time."""


def _worker_start(parent: int) -> None:
    """In a worker process, first: a lower priority than the server's (``NICENESS``), and an
    end once the server is gone (killed, say), rather than be left behind: a thread that looks at
    the parent's id once a second."""
    with contextlib.suppress(AttributeError, OSError):  # (no ``nice`` on Windows)
        os.nice(NICENESS)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parlour-orphan-watch", daemon=True).start()


def choose_here(game_name: str, level: str, rules: str, view: Any, legal: Sequence[Any], seed: int) -> Any:
    """A bot's decision in a worker process (``Thinking(processes=True)``)."""
    from parlour.agents import make_bot
    from parlour.core import registry
    from parlour.core.options import rules_from_json

    game = registry.get(game_name)
    key = (game_name, level, rules)
    bot = _BOTS.pop(key, None)
    if bot is None:
        bot = make_bot(game, level, rules_from_json(game.rules_type, json.loads(rules)))
        if len(_BOTS) >= KEEP_BOTS:
            del _BOTS[next(iter(_BOTS))]
    _BOTS[key] = bot
    return bot.choose(game, view, legal, random.Random(seed))


class Thinking:
    """The bots' worker pool (see the module).  ``processes``: the decisions themselves run in
    as many worker processes (each with the bots it has made), the pool's threads only waiting
    for them, so a thinking bot never holds the server's GIL."""

    def __init__(self, workers: int = DEFAULT_WORKERS, processes: bool = False) -> None:
        if workers < 1:
            raise ValueError("the bots need at least one worker")
        self.workers = workers
        self.processes = processes
        self._queue: queue.PriorityQueue[_Job] | None = None
        self._order = itertools.count()
        self._elsewhere: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def decision(self, game: AnyGame, rules_json: dict[str, Any], level: str, bot: AnyBot, view: Any,
                 legal: Sequence[Any], rng: random.Random) -> Callable[[], Any]:
        """The work of ``bot`` (of ``level``) choosing among ``legal`` for ``think``: in this
        process, or in a worker process (a fresh generator seeded from ``rng``)."""
        if not self.processes:
            return lambda: bot.choose(game, view, legal, rng)
        rules = json.dumps(rules_json, sort_keys=True)
        work = (game.spec.name, level, rules, view, legal, rng.getrandbits(64))
        return lambda: self._elsewhere_do(work)

    def _elsewhere_do(self, work: tuple[str, str, str, Any, Sequence[Any], int]) -> Any:
        """A decision in a worker process (from a worker thread).  A worker process that died
        (killed for its memory, say) breaks the process pool: a new one is started and the
        decision tried once more."""
        for attempt in (1, 2):
            with self._lock:
                if self._elsewhere is None:
                    self._elsewhere = ProcessPoolExecutor(
                        self.workers, multiprocessing.get_context("spawn"),
                        initializer=_worker_start, initargs=(os.getpid(),))
                pool = self._elsewhere
            try:
                return pool.submit(choose_here, *work).result()
            except BrokenProcessPool:
                log.warning("a bot worker process died: starting them again")
                with self._lock:
                    if self._elsewhere is pool:
                        self._elsewhere = None
                pool.shutdown(wait=False, cancel_futures=True)
                if attempt == 2:
                    raise
        raise AssertionError("not reached")

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
        with self._lock:
            pool, self._elsewhere = self._elsewhere, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["BOTS_ONLY", "DEFAULT_WORKERS", "PEOPLE", "Thinking"]
