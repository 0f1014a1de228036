"""The state of a game of Go Fish: frozen and hashable, hands as 52-bit masks (``deck.py``).

Nothing here is filtered: the state holds every hand, the stock's order and every card drawn.
What a seat may know is ``view.py``'s business.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from parlour.core.cards import Rank
from parlour.games.go_fish.moves import Event
from parlour.games.go_fish.rules import Rules


class Phase(enum.Enum):
    CUT = "cut"
    """Chance: the first dealer is drawn by lot."""
    DEAL = "deal"
    """Chance: the deck is shuffled and dealt."""
    PLAY = "play"
    OVER = "over"


CUT, DEAL, PLAY, OVER = Phase.CUT, Phase.DEAL, Phase.PLAY, Phase.OVER
"""The phases under plain names, as the engine compares a state's phase with them at every step
(why plain names: docs/benchmarks.md, Blackjack)."""


@dataclass(frozen=True, slots=True)
class Table:
    """What changes only a few times a game: the house rules, the number of players, the dealer
    (drawn by lot) and the phase."""

    rules: Rules
    players: int
    dealer: int = 0
    phase: Phase = CUT


@dataclass(frozen=True, slots=True)
class State:
    """The table, and what changes with the asks: the hands, the stock, the books, the seat to
    act, the history and the cards drawn unseen.  The table's fields read through
    (``state.rules`` is ``state.table.rules``; the engine reads ``state.table``).

    In play, no hand holds all four cards of a rank (a book is set aside at once), and the seat
    to act holds cards and has someone holding cards to ask."""

    table: Table
    hands: tuple[int, ...] = ()
    """Each seat's cards (a mask)."""
    stock: tuple[int, ...] = ()
    """The stock's cards (bits), top card first."""
    books: tuple[tuple[Rank, ...], ...] = ()
    """Each seat's books, in the order made."""
    current: int = 0
    history: tuple[Event, ...] = ()
    """What the whole table saw, in order.  A card drawn and kept unseen shows only as drawn
    (``drawn`` -1): which card it was is in ``drawn``."""
    drawn: tuple[tuple[int, ...], ...] = ()
    """Each seat's cards (bits) drawn from the stock and kept unseen, in the order drawn: one for
    each of its draws in ``history`` that shows no card (``Event.unseen``)."""

    @property
    def rules(self) -> Rules:
        return self.table.rules

    @property
    def players(self) -> int:
        return self.table.players

    @property
    def dealer(self) -> int:
        return self.table.dealer

    @property
    def phase(self) -> Phase:
        return self.table.phase

    @property
    def book_counts(self) -> tuple[int, ...]:
        return tuple(len(b) for b in self.books)
