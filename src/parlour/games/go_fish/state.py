"""The state of a game of Go Fish: frozen and hashable, hands as 52-bit masks (``Card.index``).

Nothing here is filtered: the state holds every hand and the stock's order.  What a seat may
know is ``view.py``'s business.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from parlour.core.cards import Card, Rank, standard_deck
from parlour.games.go_fish.rules import Rules

CARDS = standard_deck()
"""The 52 cards by bit (``CARDS[i].index == i``)."""
RANKS = tuple(Rank)
RANK_MASKS = tuple(sum(1 << (suit * 13 + r) for suit in range(4)) for r in range(13))
"""For each rank (ace first), the bits of its four cards."""


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, sorted by rank (ace first), then suit."""
    return tuple(CARDS[suit * 13 + r] for r in range(13) for suit in range(4)
                 if mask >> (suit * 13 + r) & 1)


def rank_count(mask: int, rank: Rank) -> int:
    return (mask & RANK_MASKS[rank.number - 1]).bit_count()


class Phase(enum.Enum):
    CUT = "cut"
    """Chance: the first dealer is drawn by lot."""
    DEAL = "deal"
    """Chance: the deck is shuffled and dealt."""
    PLAY = "play"
    OVER = "over"


class Act(enum.Enum):
    """What a public event was."""

    ASK = "ask"
    """``seat`` asked ``target`` for ``rank`` and got ``cards`` (none: "Go fish!")."""
    FISH = "fish"
    """``seat`` drew from the stock after "Go fish!"; ``lucky`` if it was the rank asked for
    (then ``cards`` shows it)."""
    BOOK = "book"
    """``seat`` made a book of ``rank`` and set it aside."""
    DRAW = "draw"
    """``seat`` had no cards (or nobody to ask) and drew one from the stock."""


@dataclass(frozen=True)
class Event:
    act: Act
    seat: int
    target: int | None = None
    rank: Rank | None = None
    cards: tuple[Card, ...] = ()
    lucky: bool = False
    drawn: int = -1
    """The card drawn from the stock (a FISH or DRAW) -- private: views tell it to the drawer only,
    or to everyone when it is shown (a lucky draw)."""

    def to_json(self) -> dict[str, Any]:
        """As JSON (views have already hidden ``drawn`` from those who may not see it)."""
        return {"act": self.act.value, "seat": self.seat, "target": self.target,
                "rank": None if self.rank is None else self.rank.value,
                "cards": [str(c) for c in self.cards], "lucky": self.lucky,
                "drawn": str(CARDS[self.drawn]) if self.drawn >= 0 else None}


@dataclass(frozen=True)
class State:
    rules: Rules
    players: int
    phase: Phase = Phase.CUT
    dealer: int = 0
    hands: tuple[int, ...] = ()
    stock: tuple[int, ...] = ()
    """The stock, top card first."""
    books: tuple[tuple[Rank, ...], ...] = ()
    """Each seat's books, in the order made."""
    current: int = 0
    history: tuple[Event, ...] = ()

    @property
    def book_counts(self) -> tuple[int, ...]:
        return tuple(len(b) for b in self.books)
