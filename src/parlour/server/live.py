"""A live table in memory: its seats, log, connections, and the messages each connection is sent.

Only the :class:`~parlour.server.tables.Hub` changes a table; this module holds the table's data
and says what each viewer may be told of it (their seats' views, a log told for their eyes).
"""

from __future__ import annotations

import asyncio
import json
import random
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from string import ascii_uppercase
from typing import TYPE_CHECKING, Any, NamedTuple

from parlour.core.options import rules_to_json
from parlour.core.protocol import CHANCE, AnyBot, AnyGame
from parlour.server.storage import hash_token
from parlour.server.takebacks import takeback_part

if TYPE_CHECKING:
    from parlour.server.clock import Clock

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Table codes avoid letters and digits that are easily mistaken (0/O, 1/I/L)."""
CODE_LENGTH = 5
MAX_NAME = 24
MAX_SEATS = 16


class RequestError(Exception):
    """A request refused, with a machine-readable code and a sentence for people."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


def clean_name(name: Any) -> str:
    """A player's name as given, trimmed; refused if empty, too long or not printable."""
    if not isinstance(name, str):
        raise RequestError("bad-request", "a name must be text")
    text = " ".join(name.split())
    if not text:
        raise RequestError("bad-request", "please give a name")
    if len(text) > MAX_NAME:
        raise RequestError("bad-request", f"a name can have at most {MAX_NAME} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise RequestError("bad-request", "a name cannot contain control characters")
    return text


def normalise_code(code: str) -> str:
    return code.strip().upper()


@dataclass
class Seat:
    seat: int
    name: str | None
    bot_level: str | None
    token_hash: str | None
    bot: AnyBot | None = None

    @property
    def taken(self) -> bool:
        return self.bot_level is not None or self.token_hash is not None


@dataclass(frozen=True)
class LogItem:
    seat: int
    action: Any
    before: Any


class Step(NamedTuple):
    """An action about to be made: who, what, its text for the log, and the state after it."""

    seat: int
    action: Any
    text: str
    after: Any


@dataclass(frozen=True)
class Finished:
    game_no: int
    result: str
    winners: tuple[int, ...]


class Connection:
    """One WebSocket: the seats it holds and a queue of messages to send, in order."""

    def __init__(self, seats: frozenset[int]) -> None:
        self.seats = seats
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        self.log_sent = (0, 0)
        """(game number, log lines) this connection has been sent: later messages carry only new lines."""

    def send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, ensure_ascii=False)
        if not text.isascii():
            try:
                text.encode()
            except UnicodeEncodeError:  # a lone surrogate a client sent (a move echoed): escaped
                text = json.dumps(message)
        self.queue.put_nowait(text)

    @property
    def viewer(self) -> int | None:
        """Whose eyes the log is told for: the one seat held, else a spectator's.

        A device holding several seats (pass-and-play) reads the public log, so
        nothing private to one of its players is shown while another holds it.
        """
        return next(iter(self.seats)) if len(self.seats) == 1 else None


def bot_labels(levels: Sequence[str | None]) -> list[str | None]:
    """Names for the bots at a table, by their levels ("Memory bot"); bots of one level are told
    apart by letters ("Memory bot A", "Memory bot B"), never by numbers, which would read as scores
    ("Memory bot 2 8")."""
    labels: list[str | None] = []
    for n, level in enumerate(levels):
        if level is None:
            labels.append(None)
            continue
        base = f"{level.capitalize()} bot"
        alike = [i for i, other in enumerate(levels) if other == level]
        labels.append(base if len(alike) == 1 else f"{base} {ascii_uppercase[alike.index(n) % 26]}")
    return labels


@dataclass
class LiveTable:
    id: int
    code: str
    game: AnyGame
    rules: Any
    hints: bool
    seats: list[Seat]
    game_no: int
    state: Any
    log: list[LogItem] = field(default_factory=list)
    history: list[Finished] = field(default_factory=list)
    conns: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    """Held while the table changes (its write to the database, then in memory): one change at a time."""
    clock: Clock | None = None
    """The table's clock, if it is played on one (:mod:`parlour.server.clock`)."""
    rows: int = 0
    """Rows of the current game's stored log, takebacks included (the next one goes at ``rows + 1``)."""
    taken_back_at: int = 0
    """``rows`` just after the current game's last takeback (0: none).  A move chosen when ``rows``
    was smaller was chosen before that takeback: it is stale, even where ``seq`` (which a takeback
    lowers) has come round to the same number again."""
    takeback: Any = None
    """The takeback asked for and not yet answered (:class:`parlour.server.takebacks.Request`)."""
    touched: float = 0.0
    """When the table was last asked for or busy (:mod:`parlour.server.residency`)."""
    _log_text: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)

    # ---- facts ----------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game.is_terminal(self.state)

    @property
    def seq(self) -> int:
        return len(self.log)

    @property
    def free_seats(self) -> list[int]:
        """The people's seats nobody has taken yet."""
        return [s.seat for s in self.seats if not s.taken]

    def still_meant(self, seat: int, seq: int) -> bool:
        """Whether a move chosen at ``seq`` still stands: only others have acted since (the seat's
        own move since used up the choice it was meant for, even if the seat now has the same
        choices again, as when a second device sends the same roll) and the seat's choices are
        unchanged."""
        if seq == self.seq:
            return True
        if not 0 <= seq < self.seq or any(item.seat == seat for item in self.log[seq:]):
            return False
        game, then = self.game, self.log[seq].before
        return seat in game.to_act(then) and \
            game.legal_moves(then, seat) == game.legal_moves(self.state, seat)

    def waiting_reason(self) -> str:
        """Why nothing can be played yet (:attr:`waiting`)."""
        free = [f"seat {s + 1}" for s in self.free_seats]
        return "the game starts when every seat is taken: " + " and ".join(free) + \
            (" is" if len(free) == 1 else " are") + " still free"

    def turn_reason(self, actors: tuple[int, ...]) -> str:
        """Why a seat not among ``actors`` may not act now."""
        if actors == (CHANCE,):
            return "wait: the dice or cards are on their way"
        names = self.names()
        return "it is not your turn: " + " and ".join(names[s] for s in actors) + " to play"

    @property
    def waiting(self) -> bool:
        """Whether the table waits for people to sit down: a game starts (its deal, the bots'
        moves, anyone's turn) only once every seat is taken."""
        return bool(self.free_seats)

    def to_act(self) -> tuple[int, ...]:
        """Who may act now: the game's answer, or nobody while the table waits for players."""
        return () if self.waiting else self.game.to_act(self.state)

    def names(self) -> list[str]:
        return [s.name or self.game.seat_label(self.state, s.seat) for s in self.seats]

    def held_by(self, tokens: Iterable[str]) -> frozenset[int]:
        """The seats these tokens open; ``RequestError`` for any token that opens none."""
        by_hash = {s.token_hash: s.seat for s in self.seats if s.token_hash}
        held = set()
        for token in tokens:
            seat = by_hash.get(hash_token(token)) if isinstance(token, str) else None
            if seat is None:
                raise RequestError("auth", "that token is not for a seat at this table")
            held.add(seat)
        return frozenset(held)

    def connected(self, seat: Seat) -> bool:
        return seat.bot is not None or any(seat.seat in c.seats for c in self.conns)

    def public_seats(self) -> list[dict[str, Any]]:
        names = self.names()
        return [{"seat": s.seat, "name": names[s.seat] if s.taken or s.name else None,
                 "bot": s.bot_level, "taken": s.taken, "connected": self.connected(s)}
                for s in self.seats]

    def info(self) -> dict[str, Any]:
        return {"code": self.code, "game": self.game.spec.name, "title": self.game.spec.title,
                "rules": rules_to_json(self.rules), "hints": self.hints, "game_no": self.game_no,
                "seq": self.seq, "over": self.over, "seats": self.public_seats(),
                "clock": None if self.clock is None else
                {"base": self.clock.base, "increment": self.clock.increment}}

    def standings(self) -> list[dict[str, Any]]:
        return [{"seat": s.seat, "wins": sum(s.seat in f.winners for f in self.history)}
                for s in self.seats]

    # ---- what a connection may see --------------------------------------------
    def log_for(self, viewer: int | None) -> list[dict[str, Any]]:
        lines = self._log_text.setdefault(viewer, [])
        names = self.names()
        for n in range(len(lines), len(self.log)):
            item = self.log[n]
            text = self.game.describe_for(item.before, item.seat, item.action, viewer, names)
            lines.append({"n": n + 1, "seat": item.seat, "text": text})
        return lines

    def shared_part(self) -> dict[str, Any]:
        """What every connection is told alike (computed once per change)."""
        game, state = self.game, self.state
        actors = self.to_act()
        over = self.over
        return {
            "type": "state", "code": self.code, "game": game.spec.name, "title": game.spec.title,
            "game_no": self.game_no, "seq": self.seq, "rows": self.rows, "seats": self.public_seats(),
            "to_act": list(actors), "over": over, "waiting_for": self.free_seats,
            "result": game.result_text(state, self.names()) if over else None,
            "winners": list(game.winners(state)) if over else [],
            "standings": self.standings(),
            "history": [{"game_no": f.game_no, "result": f.result, "winners": list(f.winners)}
                        for f in self.history],
            "hints": self.hints, "hidden_information": game.spec.hidden_information,
            "pass_device": game.spec.pass_device,
            "move_help": game.move_help(),
            "clock": self.clock.to_json() if self.clock is not None else None,
            **takeback_part(self),
        }

    def message_for(self, conn: Connection, shared: dict[str, Any] | None = None) -> dict[str, Any]:
        """The state message for one connection: its seats' views and moves, and the log lines
        told for its eyes that it has not had yet."""
        game, state = self.game, self.state
        message = dict(shared if shared is not None else self.shared_part())
        actors = message["to_act"]
        lines = self.log_for(conn.viewer)
        start = conn.log_sent[1] if conn.log_sent[0] == self.game_no else 0
        conn.log_sent = (self.game_no, len(lines))
        message.update(
            you=sorted(conn.seats),
            views={str(s): game.view(state, s).to_json() for s in sorted(conn.seats)},
            view=None if conn.seats else game.view(state, None).to_json(),
            legal={str(s): [game.format_move(state, s, m) for m in game.legal_moves(state, s)]
                   for s in sorted(conn.seats) if s in actors},
            log_from=start, log=lines[start:],
        )
        return message

    def broadcast(self) -> None:
        if self.conns:
            shared = self.shared_part()
            for conn in self.conns:
                conn.send(self.message_for(conn, shared))

    def play_out(self, seat: int, action: Any, rng: random.Random) -> list[Step]:
        """The action, then the chance events it makes due (the dice a throw sends rolling, a card
        drawn), drawn from ``rng`` at once: all of them are written in one commit, so that a move
        costs one trip to the database.  Changes nothing."""
        game, state, steps = self.game, self.state, []
        while True:
            after = game.apply(state, seat, action)
            steps.append(Step(seat, action, game.format_action(state, seat, action), after))
            if game.to_act(after) != (CHANCE,):
                return steps
            seat, action, state = CHANCE, game.sample_chance(after, rng), after

    # ---- changes in memory (the database already has them) -------------------------
    def record(self, seat: int, action: Any, after: Any) -> None:
        if self.takeback is not None:  # a move by anyone cancels a takeback asked for
            lapsed, self.takeback = self.takeback, None
            self.tell({"type": "takeback", "event": "lapsed", "seq": self.seq + 1,
                       "text": f"{self.names()[lapsed.seat]}'s request to take back {lapsed.what} "
                               "lapsed: the game moved on"})
        self.log.append(LogItem(seat, action, self.state))
        self.rows += 1
        self.state = after
        if self.over:
            self.history.append(Finished(self.game_no, self.game.result_text(after, self.names()),
                                         tuple(self.game.winners(after))))

    def take_back(self, count: int) -> None:
        """Withdraw the last ``count`` actions (a takeback row follows them in the database)."""
        self.state = self.log[-count].before
        del self.log[-count:]
        self.rows += 1
        self.taken_back_at = self.rows
        self.takeback = None
        self._log_text = {}
        for conn in self.conns:
            conn.log_sent = (0, 0)  # the next message carries the whole log again

    def tell(self, message: dict[str, Any]) -> None:
        """The same message to every connection."""
        for conn in self.conns:
            conn.send(message)

    def start_game(self, game_no: int) -> None:
        self.game_no = game_no
        self.state = self.game.initial_state(self.rules, len(self.seats))
        self.log = []
        self.rows = 0
        self.taken_back_at = 0
        self.takeback = None
        self._log_text = {}
