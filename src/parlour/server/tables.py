"""Live tables: each game's state rebuilt from the log, the connections, bots and chance.

The :class:`Hub` is the only thing that changes a table.  Every action goes
through :meth:`Hub._commit`: verified by the game, appended to the database and
committed, and only then applied in memory and told to the connections, each
receiving only what its seats may see.  The database is written in worker threads
(:mod:`parlour.server.dbwork`), so a slow write holds up only its own table: each
table's changes happen one at a time, under the table's ``lock``, which every
method that changes a table holds (those named as needing it are called with it).

Several servers may share one PostgreSQL database: each write notifies the others
(:mod:`parlour.server.fanout`), which catch the table up from the database
(:meth:`Hub.catch_up`).  A server whose table was behind when it wrote finds the
place taken (:class:`Conflict`), catches up, and judges the move again on the
table as it now is.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from typing import Any

from parlour.agents import make_bot
from parlour.core import registry
from parlour.core.errors import (
    InvalidMoveError,
    NotYourTurnError,
    ParlourError,
)
from parlour.core.options import rules_from_json, rules_to_json
from parlour.core.protocol import CHANCE
from parlour.server.clock import Timekeeper, setting
from parlour.server.dbwork import UNAVAILABLE, Backoff, DbWork
from parlour.server.fanout import Listener
from parlour.server.live import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_SEATS,
    LiveTable,
    RequestError,
    bot_labels,
    clean_name,
    normalise_code,
)
from parlour.server.rebuild import apply_progress, rebuild
from parlour.server.records import Reviews
from parlour.server.residency import Keeping, Residency
from parlour.server.storage import ClockRow, Conflict, SeatRow, Storage, TableRow, hash_token
from parlour.server.thinking import BOTS_ONLY, PEOPLE, Thinking

log = logging.getLogger("parlour.server")

CATCH_UP_TRIES = 20
"""How many times a move is judged again after finding its place in the log taken by another
server's write (each time the table has caught up with at least one more action)."""


class _Behind(Exception):
    """Internal: a write found its place taken; the table has caught up from the database."""



class Hub:
    """Every live table, and the one way to change them."""

    def __init__(self, storage: Storage, bot_delay: float = 0.8,
                 rng: random.Random | None = None, now: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 keeping: Keeping = Keeping(),  # noqa: B008  # frozen
                 thinking: Thinking | None = None) -> None:
        self.storage = storage
        self.db = DbWork(storage)
        """The worker threads that read and write the database."""
        self.thinking = thinking or Thinking()
        """The bots' own worker pool."""
        self.residency = Residency(self, keeping)
        """Which tables are in memory (loaded when asked for, let go when idle) and listed."""
        self.reviews = Reviews(self)
        """The engine's reviews of finished games (kept while their table is in memory)."""
        self.clocks = Timekeeper(self, now, sleep)
        """The tables' clocks (``now``: the time source, ``sleep``: waiting for it)."""
        self.bot_delay = bot_delay
        self.rng = rng if rng is not None else random.SystemRandom()
        self.tables: dict[str, LiveTable] = {}
        self.running = False
        self.loop: asyncio.AbstractEventLoop | None = None
        """The event loop the Hub runs on (set by :meth:`start`)."""
        self.shared = storage.notifies
        """Other servers may write to this database (PostgreSQL): listen for their changes."""
        self.listener: Listener | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    # ---- life -------------------------------------------------------------------
    async def start(self) -> None:
        """Listen for the other servers (PostgreSQL); the tables waiting on a bot or a clock are
        then loaded in the background, so the server answers at once (:mod:`.residency`)."""
        self.running = True
        self.loop = asyncio.get_running_loop()
        if self.shared:
            self.listener = Listener(self.storage.url, self._notified, self._catch_up_all)
            await self.listener.start()
        self.residency.start()

    def _prepare(self, table: LiveTable) -> None:
        """Let the game do its slow one-off work (a strategy table) in the background."""
        if not self.running:
            return

        def work() -> None:
            try:
                table.game.prepare(table.rules)
            except Exception:
                log.exception("preparing %s for table %s failed", table.game.spec.name, table.code)

        asyncio.get_running_loop().run_in_executor(None, work)

    async def stop(self) -> None:
        self.running = False
        await self.residency.stop()
        self.clocks.pause_all()
        if self.listener is not None:
            await self.listener.stop()
            self.listener = None
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task and not t.bot_task.done()]
        for task in [*tasks, *self._tasks]:
            task.cancel()
        await asyncio.gather(*tasks, *self._tasks, return_exceptions=True)
        self.thinking.close()
        self.db.close()

    # ---- tables -----------------------------------------------------------------
    async def fetch(self, code: str) -> LiveTable:
        """The table ``code``, read from the database (off the event loop) if it is not in memory:
        it then carries on by itself (its clock, chance, its bots).  A 404 ``RequestError`` if
        there is no such table; ``unavailable`` if the database cannot say."""
        key = normalise_code(code)
        table = self.tables.get(key)
        if table is None:
            loaded = await self.load(key, code)
            if loaded is not None and self.running:
                self.carry_on(loaded)
            table = loaded or self.tables[key]  # (None: another request loaded it meanwhile)
        table.touched = self.clocks.now()
        return table

    def get(self, code: str) -> LiveTable:
        """:meth:`fetch` without awaiting, for tools and tests (the server's requests fetch).  From
        another thread while the Hub runs, the table is fetched on the Hub's loop; otherwise a
        table not in memory is read on the calling thread (blocking the loop, if called on it)."""
        key = normalise_code(code)
        table = self.tables.get(key)
        if table is not None:
            table.touched = self.clocks.now()
            return table
        if self.running and self.loop is not None and not self._on_loop():
            return asyncio.run_coroutine_threadsafe(self.fetch(code), self.loop).result()
        table = self._install(key, self._read(key, code))
        if self.running:
            self.carry_on(table)
        return table

    def _on_loop(self) -> bool:
        try:
            return asyncio.get_running_loop() is self.loop
        except RuntimeError:
            return False

    def carry_on(self, table: LiveTable) -> asyncio.Task[None]:
        """A table just loaded carries on by itself: its clock runs again from now, its game
        prepares, and its due chance and bots go on (in the task returned)."""
        self.clocks.resume(table)
        self._prepare(table)
        return self._background(self._settle_loaded(table))

    async def _settle_loaded(self, table: LiveTable) -> None:
        try:
            async with table.lock:
                await self.settle(table)
        except Exception:  # one broken table must not stop the others (its next request says why)
            log.exception("table %s could not carry on after loading", table.code)

    def let_go(self, table: LiveTable) -> None:
        """The table leaves memory (it is loaded again when next asked for), with its reviews; its
        bot's thinking is cancelled (a queued decision never runs; a running one's move is dropped)."""
        if table.bot_task is not None:
            table.bot_task.cancel()
        if self.tables.get(table.code) is table:
            del self.tables[table.code]
        self.reviews.forget(table.id)

    def _read(self, key: str, asked: str) -> tuple[TableRow, ClockRow | None]:
        """Table ``key``'s rows (its clock's too), or a 404 ``RequestError``."""
        row = self.storage.load(key)
        if row is None:
            raise RequestError("not-found", f"there is no table {asked.strip()!r}", 404)
        return row, self.storage.load_clock(row.id)

    async def load(self, key: str, asked: str | None = None) -> LiveTable | None:
        """Table ``key`` read from the database (off the event loop) into memory; it does not carry
        on yet (:meth:`carry_on`).  ``None`` if it was in memory already, or got there meanwhile.
        ``asked``: the code as asked for, for the 404 if there is none."""
        if key in self.tables:
            return None
        found = await self.db.read(self._read, key, asked or key)
        return None if key in self.tables else self._install(key, found)

    def _install(self, key: str, found: tuple[TableRow, ClockRow | None]) -> LiveTable:
        row, clock = found
        table = rebuild(row)
        self.clocks.load(table, clock)
        table.touched = self.clocks.now()
        self.tables[key] = table
        return table

    # ---- other servers' changes ---------------------------------------------------------
    def _notified(self, code: str, pid: int) -> None:
        """Another server changed table ``code``: catch up if it is live here."""
        if pid in self.storage.backend_pids:
            return  # this server's own write: already applied in memory
        table = self.tables.get(code)
        if table is not None:
            self._background(self._follow(table))

    def _catch_up_all(self) -> None:
        """After (re)connecting to listen: whatever was missed meanwhile."""
        for table in list(self.tables.values()):
            self._background(self._follow(table))

    def _background(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _follow(self, table: LiveTable) -> None:
        try:
            async with table.lock:
                if await self.catch_up(table):
                    await self.settle(table)
        except RequestError as exc:  # the database failed: the next notification or reconnection
            log.warning("table %s could not catch up: %s", table.code, exc.message)
        except Exception:
            log.exception("table %s could not catch up", table.code)

    async def catch_up(self, table: LiveTable) -> bool:
        """Bring the table up to the database (other servers' moves, claimed seats, new games),
        in memory only; True if anything changed (the caller then settles, which tells everyone).
        Needs the table's lock."""
        try:
            return apply_progress(table, await self.db.read(
                self.storage.since, table.id, table.game_no, table.rows))
        except (ParlourError, RuntimeError):  # should never happen: start again from the whole log
            log.exception("table %s could not catch up action by action: reloading it", table.code)
        row = await self.db.read(self.storage.load, table.code)
        assert row is not None
        fresh = rebuild(row)
        table.seats, table.game_no, table.state = fresh.seats, fresh.game_no, fresh.state
        table.log, table.history, table._log_text = fresh.log, fresh.history, {}
        table.rows, table.taken_back_at, table.takeback = fresh.rows, fresh.taken_back_at, None
        for conn in table.conns:
            conn.log_sent = (0, 0)  # the next message carries the whole log again
        return True

    async def create(self, game_name: str, rules_data: dict[str, Any], seat_specs: Sequence[dict[str, Any]],
                     hints: bool, join: Sequence[dict[str, Any]], clock: Any = None,
                     creator: str | None = None) -> tuple[str, dict[int, str]]:
        """A new table; returns its code and the tokens of the seats claimed at once.  ``clock``:
        ``{"base": seconds, "increment": seconds}`` to play on a clock (:mod:`.clock`); ``creator``:
        the address that asked (:mod:`.admission`)."""
        game = registry.get(game_name)
        rules = rules_from_json(game.rules_type, rules_data)
        timing = setting(clock)
        if timing is not None and not game.timed:
            raise RequestError("bad-request", f"{game.spec.title} is not played on a clock")
        if not 1 <= len(seat_specs) <= MAX_SEATS:
            raise RequestError("bad-request", f"a table has 1 to {MAX_SEATS} seats")
        game.initial_state(rules, len(seat_specs))  # the game refuses a bad count, with its reason
        rows: list[SeatRow] = []
        levels = [None if spec.get("bot") is None else make_bot(game, spec["bot"], rules).name
                  for spec in seat_specs]
        for n, (spec, level, label) in enumerate(zip(seat_specs, levels, bot_labels(levels), strict=True)):
            name = spec.get("name")
            name = clean_name(name) if name else label
            rows.append(SeatRow(n, name, level, None))
        tokens: dict[int, str] = {}
        for claim in join:
            seat = claim.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < len(rows):
                raise RequestError("bad-request", f"there is no seat {seat!r} to join")
            if rows[seat].bot is not None:
                raise RequestError("bad-request", f"seat {seat + 1} is a bot's", 409)
            if seat in tokens:
                raise RequestError("bad-request", f"seat {seat + 1} is claimed twice")
            name = clean_name(claim.get("name") or rows[seat].name or f"Player {seat + 1}")
            tokens[seat] = secrets.token_urlsafe(24)
            rows[seat] = SeatRow(seat, name, None, hash_token(tokens[seat]))
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                await self.db.write(self.storage.create_table, code, game.spec.name, rules_to_json(rules),
                                    hints, rows, creator)
            except Conflict:
                continue
            table = await self.load(code) or self.tables[code]  # (resumed meanwhile: the same table)
            async with table.lock:
                if timing is not None:
                    await self.clocks.create(table, *timing)
                self._prepare(table)
                await self.settle(table)
            return code, tokens
        raise RequestError("busy", "could not find a free table code; try again", 503)

    async def claim(self, code: str, seat: int, name: Any) -> str:
        """Sit a person in a free seat; returns the seat's secret token."""
        table = await self.fetch(code)
        async with table.lock:
            return await self._claim(table, seat, name)

    async def _claim(self, table: LiveTable, seat: int, name: Any) -> str:
        if not 0 <= seat < len(table.seats):
            raise RequestError("not-found", f"table {table.code} has no seat {seat + 1}", 404)
        place = table.seats[seat]
        if place.bot_level is not None:
            raise RequestError("taken", f"seat {seat + 1} is a bot's", 409)
        if place.token_hash is not None:
            raise RequestError("taken", f"seat {seat + 1} is taken", 409)
        clean = clean_name(name)
        token = secrets.token_urlsafe(24)
        try:
            await self.db.write(self.storage.claim_seat, table.id, seat, clean, hash_token(token),
                                code=table.code)
        except Conflict as exc:
            if await self.catch_up(table):  # taken through another server
                await self.settle(table)
            raise RequestError("taken", str(exc), 409) from None
        place.name, place.token_hash = clean, hash_token(token)
        await self.settle(table)  # the last free seat taken: the game (and its clock) starts
        return token

    async def held_by(self, table: LiveTable, tokens: Iterable[str]) -> frozenset[int]:
        """The seats these tokens open (``LiveTable.held_by``); with other servers on the database,
        a token this one does not know yet may be for a seat just claimed through another."""
        tokens = list(tokens)
        try:
            return table.held_by(tokens)
        except RequestError:
            if not self.shared:
                raise
        async with table.lock:
            if await self.catch_up(table):
                await self.settle(table)
        return table.held_by(tokens)

    # ---- acting -----------------------------------------------------------------
    async def _commit(self, table: LiveTable, seat: int, action: Any) -> None:
        """Verify, write and commit, then apply in memory (``settle`` then tells everyone); the
        chance events the action makes due go in the same commit.  Needs the table's lock.

        If the log's next place was taken meanwhile (by another server on the database), the
        table catches up from the database and :class:`_Behind` is raised: the caller judges
        its action again on the table as it now is.
        """
        steps = table.play_out(seat, action, self.rng)
        try:
            await self.db.write(self.storage.append_all, table.id, table.game_no, table.rows + 1,
                                [(s.seat, s.text) for s in steps], table.game.is_terminal(steps[-1].after),
                                code=table.code)
        except Conflict as exc:
            if await self.catch_up(table):
                raise _Behind from None
            raise RequestError("stale", f"{exc}: look again") from None
        for step in steps:
            table.record(step.seat, step.action, step.after)

    async def act(self, table: LiveTable, held: frozenset[int], seat: Any, text: Any, seq: Any = None,
                  game_no: Any = None, rows: Any = None) -> None:
        """A person's move, in the game's notation, for a seat this connection holds.

        ``seq`` is the log length the player last saw.  If the table moved on since,
        the move stands only if the seat's choices are still exactly what they were
        (another player acting at once in a simultaneous game, say); otherwise it is
        refused as stale, so a move is never applied to a position nobody saw.  ``rows`` (the
        stored rows the player last saw) tells a move chosen before a takeback, which is stale.
        """
        if not isinstance(text, str) or not text.strip():
            raise RequestError("bad-request", "a move message needs the move as text")
        if seat is None:
            if len(held) != 1:
                raise RequestError("seat", "spectators cannot move" if not held
                                   else "say which of your seats moves")
            seat = next(iter(held))
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise RequestError("seat", f"there is no seat {json.dumps(seat)[:40]} at this table (seats "
                               f"are numbered 0 to {len(table.seats) - 1})")
        if seat not in held:
            raise RequestError("seat", f"you are not sitting in seat {seat + 1} (\"seat\": {seat})")
        for key, value in (("seq", seq), ("game_no", game_no), ("rows", rows)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise RequestError("bad-request", f"{key} must be a whole number")
        async with table.lock:
            late = await self.clocks.late(table)
            if late is not None:
                raise RequestError("time", late)
            behind = False
            try:
                for _ in range(CATCH_UP_TRIES):
                    try:
                        await self._try_move(table, seat, text, seq, game_no, rows)
                        break
                    except _Behind:  # another server's write came first: judge the move again
                        behind = True
                else:
                    raise RequestError("stale", "the table keeps moving on: look again")
            except RequestError:
                if behind:
                    await self.settle(table)  # tell this connection (and the others) what came first
                raise
            await self.settle(table)

    async def _try_move(self, table: LiveTable, seat: int, text: str, seq: int | None,
                  game_no: int | None, rows: int | None = None) -> None:
        """Judge a person's move on the table as it is and commit it (``_Behind`` if the table
        was behind the database)."""
        if (game_no is not None and game_no != table.game_no) or (
                seq is not None and not table.still_meant(seat, seq)) or (
                rows is not None and rows < table.taken_back_at):
            raise RequestError("stale", "the table changed before your move arrived: look again")
        game, state = table.game, table.state
        if table.waiting:
            raise RequestError("waiting", table.waiting_reason())
        actors = game.to_act(state)
        if not actors:
            raise RequestError("illegal", "the game is over")
        if seat not in actors:
            raise RequestError("turn", table.turn_reason(actors))
        try:
            move = game.parse_move(state, seat, text)
            await self._commit(table, seat, move)
        except NotYourTurnError as exc:
            raise RequestError("turn", str(exc)) from None
        except InvalidMoveError as exc:
            raise RequestError("invalid", str(exc)) from None
        except ParlourError as exc:
            raise RequestError("illegal", str(exc)) from None

    async def again(self, table: LiveTable, held: frozenset[int]) -> None:
        """Start the next game at the table (any seated player, once the game is over)."""
        if not held:
            raise RequestError("seat", "only players at the table can start the next game")
        async with table.lock:
            if not table.over:
                raise RequestError("not-over", "the game is still being played")
            try:
                await self.db.write(self.storage.new_game, table.id, table.game_no + 1, code=table.code)
            except Conflict as exc:
                if await self.catch_up(table):  # started through another server
                    await self.settle(table)
                raise RequestError("stale", str(exc)) from None
            table.start_game(table.game_no + 1)
            await self.settle(table)

    async def game_of(self, code: str, game_no: int | None) -> tuple[LiveTable, int]:
        """The table ``code`` and the number of its game ``game_no`` (None: the current one), or a
        404 ``RequestError`` for a game the table has not had."""
        table = await self.fetch(code)
        number = table.game_no if game_no is None else game_no
        if not 1 <= number <= table.game_no:
            raise RequestError("not-found", f"table {table.code} has no game {number} "
                               f"(its games are 1 to {table.game_no})", 404)
        return table, number

    async def hint(self, table: LiveTable, held: frozenset[int], seat: Any) -> dict[str, Any]:
        if not table.hints:
            raise RequestError("hints-off", "hints are switched off at this table")
        if seat is None and len(held) == 1:
            seat = next(iter(held))
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in held:
            raise RequestError("seat", "hints are only for your own seat")
        state = table.state
        if seat not in table.to_act():
            raise RequestError("turn", "there is nothing for you to decide now")
        advice = await asyncio.to_thread(table.game.advise, state, seat)
        if advice is None:
            raise RequestError("hints-off", f"{table.game.spec.title} has no advisor yet")
        return {
            "type": "hint", "seat": seat, "seq": table.seq if state is table.state else None,
            "summary": advice.summary,
            "options": [{"move": table.game.format_move(state, seat, a.move), "value": a.value,
                         "explanation": a.explanation} for a in advice.options],
        }

    # ---- chance and bots ----------------------------------------------------------
    async def settle(self, table: LiveTable) -> None:
        """After a change: resolve due chance events (committed like moves), tell everyone
        once, and set the bots going if one is to act.  Needs the table's lock.  A chance event
        the database refuses is left to the bots' task, which tries again until it is written."""
        game = table.game
        if table.waiting:  # nothing happens until everyone has sat down
            table.broadcast()
            return
        try:
            while game.to_act(table.state) == (CHANCE,):
                with contextlib.suppress(_Behind):  # another server resolved it first: look again
                    await self._commit(table, CHANCE, game.sample_chance(table.state, self.rng))
        except RequestError as exc:
            if exc.code != UNAVAILABLE:
                raise
        await self.clocks.follow(table)
        table.broadcast()
        if not self.running or (table.bot_task is not None and not table.bot_task.done()):
            return
        if any(s == CHANCE or table.seats[s].bot for s in game.to_act(table.state)):
            table.bot_task = asyncio.get_running_loop().create_task(self._bots(table))

    async def _bots(self, table: LiveTable) -> None:
        """Bots' moves (and chance events whose write failed), until a person is to act; a write
        the database refuses is tried again after a pause (:class:`~parlour.server.dbwork.Backoff`)."""
        game = table.game
        retry = Backoff()
        while True:
            if table.to_act() == (CHANCE,):  # its write failed: try again
                await retry.wait()
                async with table.lock:
                    await self.settle(table)
                continue
            due = [s for s in game.to_act(table.state) if s >= 0 and table.seats[s].bot]
            if not due:
                return
            await asyncio.sleep(self.bot_delay)
            seat = due[0]
            bot = table.seats[seat].bot
            assert bot is not None
            state, rows, game_no = table.state, table.rows, table.game_no
            if seat not in game.to_act(state):
                continue
            try:
                move = await self.thinking.think(self.thinking.decision(
                    game, rules_to_json(table.rules), table.seats[seat].bot_level or "", bot,
                    game.view(state, seat), game.legal_moves(state, seat), self.rng),
                    lambda: self.running and self.tables.get(table.code) is table,
                    PEOPLE if any(s.bot_level is None for s in table.seats) else BOTS_ONLY)
            except Exception:
                log.exception("the %s bot at table %s failed", table.seats[seat].bot_level, table.code)
                return
            try:
                async with table.lock:
                    if (table.rows, table.game_no) != (rows, game_no):
                        continue  # somebody moved while the bot thought: look again
                    if await self.clocks.check(table):
                        return  # the bot's time ran out while it thought
                    with contextlib.suppress(_Behind):  # another server moved for the bot first
                        await self._commit(table, seat, move)
                    await self.settle(table)
                retry.reset()
            except RequestError as exc:
                if exc.code == UNAVAILABLE:  # the database failed: think again after a pause
                    log.warning("table %s: a bot's move was not written (%s); trying again",
                                table.code, exc.message)
                    await retry.wait()
                    continue
                log.exception("a bot move at table %s was refused", table.code)
                return
            except ParlourError:
                log.exception("a bot move at table %s was refused", table.code)
                return


__all__ = ["Hub"]
