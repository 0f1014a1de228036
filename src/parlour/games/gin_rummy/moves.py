"""The moves and chance outcomes of Gin Rummy, and the records they leave (events, hand results).

Moves: ``Take``, ``Pass``, ``Draw``, ``Discard``, ``Knock``, ``Gin``, ``LayOff``, ``BestLayOff``,
``Done`` (their text is ``notation.py``'s).  Chance: ``FirstDealer`` (the first dealer, by lot)
and ``Deal`` (the whole deck in order).  Records: ``Event`` (a public event of a hand) and
``HandResult`` (a line of the score sheet).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from parlour.core.cards import Card
from parlour.games.gin_rummy.rules import Outcome


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the stock: ``draw``."""


@dataclass(frozen=True, slots=True)
class Take:
    """Take the top card of the discard pile: ``take``."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Refuse the up-card, or the last discard at the wall: ``pass``."""


@dataclass(frozen=True, slots=True)
class CardPlay:
    """The base of the moves that name a card (equal only to a move of the same kind)."""

    card: Card

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.card!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Discard(CardPlay):
    """Discard a card face up: ``discard 7H``."""


@dataclass(frozen=True, slots=True, repr=False)
class Knock(CardPlay):
    """Discard a card face down and knock: ``knock 7H``."""


@dataclass(frozen=True, slots=True, repr=False)
class Gin(CardPlay):
    """Discard a card face down and go gin: ``gin 7H``."""


@dataclass(frozen=True, slots=True, repr=False)
class LayOff(CardPlay):
    """Lay a card off on the knocker's melds: ``lay off 5H``."""


@dataclass(frozen=True, slots=True)
class BestLayOff:
    """Make the optimizer's best lay-offs and finish: ``lay off best``."""


@dataclass(frozen=True, slots=True)
class Done:
    """Lay off nothing more: ``done``."""


Move = Draw | Take | Pass | Discard | Knock | Gin | LayOff | BestLayOff | Done
CardMove = Discard | Knock | Gin | LayOff
"""The moves that name a card (``CardPlay``'s kinds)."""


@dataclass(frozen=True, slots=True)
class FirstDealer:
    """Chance: the first dealer, drawn by lot (``dealer 1``)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the shuffled deck, top card first."""

    cards: tuple[Card, ...]


Chance = FirstDealer | Deal
"""A chance outcome (``rules.Outcome`` is how a hand ended)."""


class Act(enum.Enum):
    """What a public event of a hand was (the history in views)."""

    TAKE = "take"
    """Took the top of the discard pile (the card is known to everyone)."""
    PASS = "pass"
    DRAW = "draw"
    """Drew from the stock (the card is not told)."""
    DISCARD = "discard"
    KNOCK = "knock"
    """Knocked, discarding face down (the card is not told)."""
    GIN = "gin"
    LAY_OFF = "lay off"


@dataclass(frozen=True, slots=True)
class HandResult:
    """One line of the score sheet: how a hand ended, and, if it was played out, both hands
    as laid down (the rules show them to both players)."""

    number: int
    dealer: int
    outcome: Outcome
    knocker: int | None = None
    winner: int | None = None
    points: int = 0
    counts: tuple[int, int] = (0, 0)
    """Each seat's deadwood count (the defender's after laying off)."""
    melds: tuple[tuple[tuple[Card, ...], ...], ...] = ((), ())
    """Each seat's own melds: the knocker's as laid out, the defender's as arranged."""
    unmatched: tuple[tuple[Card, ...], ...] = ((), ())
    """Each seat's deadwood cards."""
    laid_off: tuple[Card, ...] = ()
    """The defender's lay-offs on the knocker's melds, in order."""

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number, "dealer": self.dealer, "outcome": self.outcome.value,
            "knocker": self.knocker, "winner": self.winner, "points": self.points,
            "counts": list(self.counts),
            "melds": [[[str(c) for c in meld] for meld in seat] for seat in self.melds],
            "unmatched": [[str(c) for c in seat] for seat in self.unmatched],
            "laid_off": [str(c) for c in self.laid_off],
        }


@dataclass(frozen=True, slots=True)
class Event:
    """A public event of the hand: ``card`` is ``None`` for a pass, a draw from the stock and a
    knock (its discard is face down)."""

    seat: int
    act: Act
    card: Card | None

    def to_json(self) -> dict[str, Any]:
        card = None if self.card is None else str(self.card)
        return {"seat": self.seat, "act": self.act.value, "card": card}
