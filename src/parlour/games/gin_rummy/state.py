"""The state of a game of Gin Rummy: frozen, hashable, cards as bits (``deck.py``).

Nothing here is filtered: the state holds both hands and the stock order.  What
a seat may know is ``view.py``'s business.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from parlour.games.gin_rummy.deck import CARDS
from parlour.games.gin_rummy.moves import Act, Event, HandResult
from parlour.games.gin_rummy.rules import Rules


class Phase(enum.Enum):
    """Where a game stands."""

    CUT = "cut"
    """Chance: the first dealer is drawn by lot."""
    DEAL = "deal"
    """Chance: the deck is shuffled and dealt."""
    OFFER = "offer"
    """The up-card is offered, to the non-dealer first, then to the dealer."""
    DRAW = "draw"
    """The player to act draws from the stock or takes the top discard."""
    DISCARD = "discard"
    """The player to act holds eleven cards: discard, knock or go gin."""
    WALL = "wall"
    """(``wall_take``) The stock is down to two cards: the other player may take the last
    discard to knock or go gin, or pass (the hand is cancelled)."""
    LAYOFF = "layoff"
    """After a knock: the defender lays cards off on the knocker's melds."""
    OVER = "over"


_ACT_CODE = {act: n for n, act in enumerate(Act)}


def event_code(seat: int, act: Act, card: int = -1) -> int:
    """A public event as a small integer (states keep these): seat, act and card bit + 1."""
    return seat << 10 | _ACT_CODE[act] << 6 | (card + 1)


EVENTS: dict[int, Event] = {
    event_code(seat, act, card): Event(seat, act, None if card < 0 else CARDS[card])
    for seat in (0, 1) for act in Act for card in range(-1, 52)
}
"""Every event by its code."""


@dataclass(frozen=True)
class State:
    """Everything about a game of Gin Rummy at one moment (nothing hidden)."""

    rules: Rules
    phase: Phase = Phase.CUT
    dealer: int = 0
    current: int = 0
    """The seat to act (in the phases where a player acts)."""
    hands: tuple[int, int] = (0, 0)
    stock: tuple[int, ...] = ()
    """The stock, top card first."""
    pile: tuple[int, ...] = ()
    """The face-up discard pile, bottom to top."""
    taken: int = -1
    """The card the player to act took from the discard pile this turn (it may not be discarded)."""
    refused: int = 0
    """How many players refused the up-card (2: the non-dealer must draw from the stock)."""
    must_knock: bool = False
    """The player took the last discard at the wall: only a knock or gin may follow."""
    history: tuple[int, ...] = ()
    """The hand's public events, as codes (``event_code``; ``EVENTS`` decodes them)."""
    known: tuple[int, int] = (0, 0)
    """The cards each player took from the discard pile and has not discarded since (public)."""
    knocker: int = -1
    gin: bool = False
    face_down: int = -1
    """The knocker's face-down discard (-1 before a knock)."""
    layout: tuple[int, ...] = ()
    """The knocker's melds as laid out."""
    table: tuple[int, ...] = ()
    """The knocker's melds with the defender's lay-offs on them."""
    laid: tuple[int, ...] = ()
    """The defender's lay-offs so far, in order."""
    scores: tuple[int, int] = (0, 0)
    """Hand points so far (the bonuses are added at the end)."""
    boxes: tuple[int, int] = (0, 0)
    """Hands won."""
    sheet: tuple[HandResult, ...] = ()
    """Every finished hand, cancelled ones included."""

    @property
    def hand_number(self) -> int:
        """The hand being played (or about to be dealt), from 1."""
        return len(self.sheet) + 1

    @property
    def defender(self) -> int:
        return 1 - self.knocker

    @property
    def winner(self) -> int | None:
        """The seat that reached the target (at the end)."""
        if self.phase is not Phase.OVER:
            return None
        return 0 if self.scores[0] >= self.rules.target else 1
