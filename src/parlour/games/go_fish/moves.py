"""Go Fish's moves (asks), chance outcomes (the first dealer, the deal) and the events they leave
in the history."""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import Any

from parlour.core.cards import Card, Rank, standard_deck
from parlour.games.go_fish.deck import CARDS


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask the player at ``target`` (a seat, from 0) for every card of ``rank`` they hold."""

    target: int
    rank: Rank

    def __repr__(self) -> str:
        """As Python that makes it again."""
        return f"Ask({self.target}, Rank.{self.rank.name})"


Move = Ask


@dataclass(frozen=True, slots=True)
class FirstDealer:
    """Chance: the first dealer, drawn by lot."""

    seat: int


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the shuffled deck, top card first."""

    cards: tuple[Card, ...]

    @classmethod
    def shuffled(cls, rng: random.Random) -> Deal:
        deck = list(standard_deck())
        rng.shuffle(deck)
        return cls(tuple(deck))


Outcome = FirstDealer | Deal


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


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened at the table, as the history keeps it."""

    act: Act
    seat: int
    target: int | None = None
    rank: Rank | None = None
    cards: tuple[Card, ...] = ()
    """The cards everyone saw: handed over, shown on a lucky draw, or booked."""
    lucky: bool = False
    drawn: int = -1
    """The card drawn from the stock (a FISH or DRAW): shown on a lucky draw; a card kept unseen
    is -1 in the history everyone sees, and told to its drawer only (``view.told``)."""

    @property
    def unseen(self) -> bool:
        """Whether this is a card drawn from the stock and kept without showing it: a DRAW, or a
        FISH that was not the rank asked for."""
        return self.act is Act.DRAW or (self.act is Act.FISH and not self.lucky)

    def to_json(self) -> dict[str, Any]:
        """As JSON (``drawn`` as the history holds it: told only in a history told to its drawer)."""
        return {"act": self.act.value, "seat": self.seat, "target": self.target,
                "rank": None if self.rank is None else self.rank.value,
                "cards": [str(c) for c in self.cards], "lucky": self.lucky,
                "drawn": str(CARDS[self.drawn]) if self.drawn >= 0 else None}
