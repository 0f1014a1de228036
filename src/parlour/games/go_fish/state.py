"""The state of a game of Go Fish: frozen and hashable, hands as 52-bit masks (``Card.index``).

Nothing here is filtered: the state holds every hand and the stock's order.  What a seat may
know is ``view.py``'s business (``State.seen`` only caches it for the views).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from parlour.core.cards import Card, Rank, standard_deck
from parlour.games.go_fish.rules import Rules

CARDS = standard_deck()
"""The 52 cards by bit (``CARDS[i].index == i``)."""
RANKS = tuple(Rank)
RANK_MASKS = tuple(sum(1 << (suit * 13 + r) for suit in range(4)) for r in range(13))
"""For each rank (ace first), the bits of its four cards."""
RANK_INDEX = {rank: r for r, rank in enumerate(RANKS)}
"""Each rank's place, ace 0 to king 12 (``rank.number - 1``, without its search)."""
_LOW13 = (1 << 13) - 1

_SPREAD: list[int] = [0]
for _row in range(1, 1 << 13):
    _SPREAD.append(_SPREAD[_row >> 1] << 4 | _row & 1)
"""For each 13-bit row of one suit (bit ``r`` for rank ``r``), the same cards with bit ``4 * r`` for
rank ``r``: a mask turned rank by rank (bit ``4 * rank + suit``) is the four rows spread and ORed,
each shifted by its suit."""
_BY_BYTE = tuple(tuple(tuple(CARDS[p % 4 * 13 + p // 4] for p in range(8 * k, min(8 * k + 8, 52))
                             if byte >> (p - 8 * k) & 1)
                       for byte in range(256))
                 for k in range(7))
"""For each byte of a mask turned rank by rank (two ranks), and each of its values: those cards in
order (rank, then suit)."""
_B0, _B1, _B2, _B3, _B4, _B5, _B6 = _BY_BYTE


def ranks_held(mask: int) -> int:
    """Bit ``r`` set for each rank ``r`` (ace 0) of which the mask holds a card: the four suits'
    13-bit rows ORed together."""
    return (mask | mask >> 13 | mask >> 26 | mask >> 39) & _LOW13


def books_held(mask: int) -> int:
    """Bit ``r`` set for each rank ``r`` of which the mask holds all four cards."""
    return mask & mask >> 13 & mask >> 26 & mask >> 39 & _LOW13


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, sorted by rank (ace first), then suit."""
    if not mask:
        return ()
    spread = _SPREAD
    turned = (spread[mask & _LOW13] | spread[mask >> 13 & _LOW13] << 1 | spread[mask >> 26 & _LOW13] << 2
              | spread[mask >> 39] << 3)
    b = turned.to_bytes(7, "little")  # its bytes, low first: cheaper than shifting and masking each
    return _B0[b[0]] + _B1[b[1]] + _B2[b[2]] + _B3[b[3]] + _B4[b[4]] + _B5[b[5]] + _B6[b[6]]


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

    def seen_by(self, seat: int | None) -> Event:
        """The event as ``seat`` (``None``: a spectator) may see it: a card drawn and kept by
        someone else is hidden (``drawn`` -1)."""
        if self.drawn < 0 or self.lucky or self.seat == seat:
            return self
        assert not self.cards and self.target is None, "a card drawn and kept shows nothing else"
        key = (id(self.act), self.seat, id(self.rank))
        found = _HIDDEN.get(key)
        if found is None:
            found = _HIDDEN[key] = Event(self.act, self.seat, None, self.rank)
        return found


_HIDDEN: dict[tuple[int, int, int], Event] = {}
"""``Event.seen_by``'s hidden draws, one for each act, seat and rank (by identity: an enum's hash
is computed in Python).  A card drawn and kept shows nothing else: no target, no cards, not lucky."""


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
    told: tuple[int, ...] | None = field(default=None, init=False, repr=False, compare=False)
    """A cache, filled when first needed (``engine.known_cards``) and carried on by
    ``engine.apply_move``: for each seat, the cards the history shows going to it and not away
    since (``known_cards`` keeps those still in its hand).  Not part of the state's value: a new
    state made any other way (``dataclasses.replace`` included) starts without it."""
    seen: dict[int | None, tuple[tuple[Event, ...], tuple[Event, ...]]] | None = field(
        default=None, init=False, repr=False, compare=False)
    """A cache like ``told``: the history as each seat (``None``: a spectator) may see it
    (``Event.seen_by``), for the views, in two parts: the history as it was last asked for, and
    the events since (``engine.seen_history`` joins them when it is asked for again: a seat's
    history is read at its own turns, and joining the events at every move is a copy of the
    whole history for each seat each time)."""

    @property
    def book_counts(self) -> tuple[int, ...]:
        return tuple(len(b) for b in self.books)
