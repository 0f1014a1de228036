"""Takebacks: a player asks to take back their last move; the other players accept or decline.

Only in games without hidden information (draughts, Shut the Box, Yahtzee), and only what revealed
nothing: the player's last move and any replies to it, as long as no chance event (a throw of the
dice) came after it and the game is not over.  So in draughts a move can be taken back even after
the opponent has replied (both go), in Shut the Box the tiles shut until the next throw, in Yahtzee
the box scored until the next player throws.  Bots at a game's two lowest levels accept; the others
decline.

A takeback granted is written to the log as a row of its own (seat :data:`TAKEBACK`) after the
actions it withdraws, so the log stays honest and a restart rebuilds the position after it; a
request waiting for its answer lives in memory only (a restart forgets it).  See docs/server.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.agents import bot_names
from parlour.core.protocol import CHANCE
from parlour.server.storage import TAKEBACK, Conflict

if TYPE_CHECKING:
    from parlour.server.live import LiveTable
    from parlour.server.tables import Hub

EASY_BOTS = 2
"""Bots at this many of a game's lowest levels accept takebacks."""


@dataclass
class Request:
    """A takeback asked for and not yet answered by everyone."""

    seat: int
    count: int
    """How many actions it withdraws: the asker's last move and the replies after it."""
    moves: tuple[str, ...]
    """Those actions in the game's notation, the asker's first."""
    waiting: set[int] = field(default_factory=set)
    """The seats still to answer."""

    @property
    def what(self) -> str:
        """``23-18``, or ``23-18 and the reply 9-14``."""
        if len(self.moves) == 1:
            return self.moves[0]
        return f"{self.moves[0]} and the {'reply' if len(self.moves) == 2 else 'replies'} " \
               f"{', '.join(self.moves[1:])}"


class Refused(Exception):
    """A takeback that cannot be asked for or answered, with the reason for people."""


def bot_accepts(table: LiveTable, level: str) -> bool:
    return level in bot_names(table.game)[:EASY_BOTS]


def withdrawn(table: LiveTable, seat: int) -> int:
    """How many actions taking back ``seat``'s last move withdraws; :class:`Refused` with the reason
    if it cannot be taken back."""
    game = table.game
    if game.spec.hidden_information:
        raise Refused(f"{game.spec.title} has hidden cards: a move cannot be taken back once made")
    if table.over:
        raise Refused("the game is over: its moves stand")
    for n in range(len(table.log) - 1, -1, -1):
        item = table.log[n]
        if item.seat == seat:
            return len(table.log) - n
        if item.seat == CHANCE:
            raise Refused("the dice have been thrown since your last move, and a throw cannot be "
                          "taken back")
    raise Refused("you have made no move in this game to take back")


def _check_seats(table: LiveTable) -> None:
    """Refused while the table waits for people to sit down (nobody to ask)."""
    if table.waiting:
        raise Refused(f"seat {table.free_seats[0] + 1} is empty: there is nobody to ask")


def askers(table: LiveTable) -> list[int]:
    """The seats (held by people) that may ask for a takeback now."""
    if table.takeback is not None:
        return []
    found = []
    for place in table.seats:
        if place.bot_level is None:
            try:
                withdrawn(table, place.seat)
                _check_seats(table)
            except Refused:
                continue
            found.append(place.seat)
    return found


def takeback_part(table: LiveTable) -> dict[str, Any]:
    """What the state message says of takebacks: who may ask now, and the request waiting."""
    request: Request | None = table.takeback
    asking = None
    if request is not None:
        asking = {"seat": request.seat, "moves": list(request.moves), "waiting": sorted(request.waiting),
                  "text": f"{table.names()[request.seat]} asks to take back {request.what}"}
    return {"takeback": asking, "takeback_seats": askers(table)}


async def handle(hub: Hub, table: LiveTable, held: frozenset[int], message: dict[str, Any]) -> bool:
    """A ``takeback`` message: without ``answer`` it asks, with ``"accept"`` or ``"decline"`` it
    answers.  True if a takeback was made."""
    from parlour.server.live import RequestError

    answer = message.get("answer")
    try:
        if answer is None:
            async with table.lock:
                return await ask(hub, table, held, message.get("seat"))
        if answer not in ("accept", "decline"):
            raise RequestError("bad-request", 'a takeback answer is "accept" or "decline"')
        async with table.lock:
            return await reply(hub, table, held, answer == "accept")
    except Refused as exc:
        raise RequestError("takeback", str(exc)) from None


async def ask(hub: Hub, table: LiveTable, held: frozenset[int], seat: Any) -> bool:
    if not held:
        raise Refused("spectators cannot ask for a takeback")
    if seat is None:
        mine = [s for s in askers(table) if s in held]
        seat = mine[0] if mine else min(held)
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in held:
        raise Refused("you can only take back your own seat's moves")
    if table.takeback is not None:
        raise Refused("a takeback has already been asked for: wait for the answer")
    count = withdrawn(table, seat)
    _check_seats(table)
    game = table.game
    moves = tuple(game.format_action(item.before, item.seat, item.action) for item in table.log[-count:])
    request = Request(seat, count, moves, {s.seat for s in table.seats if s.seat != seat})
    names = table.names()
    for place in table.seats:
        if place.seat != seat and place.bot_level is not None:
            if not bot_accepts(table, place.bot_level):
                easy = " and ".join(bot_names(game)[:EASY_BOTS])
                table.tell({"type": "takeback", "event": "declined", "seq": table.seq,
                            "text": f"{names[place.seat]} declines to take back {request.what}: only "
                                    f"the easiest bots ({easy}) allow takebacks"})
                return False
            request.waiting.discard(place.seat)
    if not request.waiting:
        bots = [names[s.seat] for s in table.seats if s.seat != seat]
        await _grant(hub, table, request, " and ".join(bots) or None)
        return True
    table.takeback = request
    table.broadcast()
    return False


async def reply(hub: Hub, table: LiveTable, held: frozenset[int], accept: bool) -> bool:
    request: Request | None = table.takeback
    if request is None:
        raise Refused("there is no takeback to answer")
    if not held:
        raise Refused("spectators cannot answer a takeback")
    mine = held & request.waiting
    names = table.names()
    if not mine:
        if request.seat in held:
            raise Refused("you asked for this takeback: the other players answer it")
        raise Refused("you have already answered this takeback")
    who = " and ".join(names[s] for s in sorted(mine))
    if not accept:
        table.takeback = None
        table.broadcast()
        table.tell({"type": "takeback", "event": "declined", "seq": table.seq,
                    "text": f"{who} declined: {request.what} stands"})
        return False
    if request.waiting - mine:
        request.waiting -= mine
        table.broadcast()
        return False
    await _grant(hub, table, request, who)  # if the database fails, the answer may be given again
    return True


async def _grant(hub: Hub, table: LiveTable, request: Request, who: str | None) -> None:
    """Write the takeback to the log, then withdraw the moves in memory and tell everyone."""
    from parlour.server.live import RequestError

    try:
        await hub.db.write(hub.storage.append, table.id, table.game_no, table.rows + 1, TAKEBACK,
                           f"takeback {request.count} seat {request.seat}", False, code=table.code)
    except Conflict:
        table.takeback = None
        if await hub.catch_up(table):  # another server wrote first
            await hub.settle(table)
        raise RequestError("stale", "the table changed before the takeback was made: look again") from None
    table.take_back(request.count)
    await hub.settle(table)
    name = table.names()[request.seat]
    text = f"{who} accepted: {name}'s {request.what} taken back" if who else \
        f"{name} took back {request.what}"  # playing alone: nobody to ask
    table.tell({"type": "takeback", "event": "accepted", "seq": table.seq, "text": text})
