"""Blackjack's moves, and the records a round leaves behind: frozen values.

A player's moves are ``Bet`` (before the deal), ``Insure`` or ``NoInsurance`` (when the dealer
shows an ace and the table offers insurance) and the plays of a hand: ``Hit``, ``Stand``,
``DoubleDown``, ``Split`` and ``SurrenderHand``.  Chance deals a :class:`~parlour.core.cards.Card`.
Chips are exact amounts (``Chips``): whole chips are ints, and a payout that leaves part of a chip
a :class:`~fractions.Fraction` (a 3:2 blackjack on a bet of 5 pays 15/2).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias

from parlour.core.cards import Card

Chips: TypeAlias = int | Fraction
"""An exact number of chips: an int, or a Fraction where part of a chip is won or staked."""


@dataclass(frozen=True, slots=True)
class Bet:
    """Place a bet before the deal (``bet 10``)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Hit:
    """Take another card (``hit``)."""


@dataclass(frozen=True, slots=True)
class Stand:
    """Take no more cards (``stand``)."""


@dataclass(frozen=True, slots=True)
class DoubleDown:
    """Double the bet and take exactly one more card (``double``)."""


@dataclass(frozen=True, slots=True)
class Split:
    """Split a pair into two hands, each with the bet (``split``)."""


@dataclass(frozen=True, slots=True)
class SurrenderHand:
    """Give up the hand and half its bet (``surrender``)."""


@dataclass(frozen=True, slots=True)
class Insure:
    """Take insurance, half the bet, paying 2:1 if the dealer has blackjack (``insurance``)."""


@dataclass(frozen=True, slots=True)
class NoInsurance:
    """Decline insurance (``no insurance``)."""


Move = Bet | Hit | Stand | DoubleDown | Split | SurrenderHand | Insure | NoInsurance
Play = Hit | Stand | DoubleDown | Split | SurrenderHand
"""The moves that play a hand."""


class Outcome(enum.Enum):
    """How one hand ended."""

    WIN = "win"
    BLACKJACK = "blackjack"
    PUSH = "push"
    LOSE = "lose"
    BUST = "bust"
    SURRENDER = "surrender"


@dataclass(frozen=True, slots=True)
class HandResult:
    """One hand settled: its cards, its bet (doubled, if it was), how it ended, the chips won."""

    cards: tuple[Card, ...]
    bet: int
    outcome: Outcome
    net: Chips


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One round at the table: the dealer's cards and each seat's hands and net result."""

    number: int
    dealer: tuple[Card, ...]
    hands: tuple[tuple[HandResult, ...], ...]
    insurance: tuple[Chips, ...]
    """Each seat's insurance result (0 if none was taken)."""

    def net(self, seat: int) -> Chips:
        return sum((h.net for h in self.hands[seat]), self.insurance[seat])


@dataclass(frozen=True, slots=True)
class TrainerNote:
    """The trainer's word on a play: what was played, the best play, and both values (the
    expected return per chip of the hand's bet)."""

    seat: int
    hand: int
    played: str
    best: str
    played_value: float
    best_value: float

    @property
    def correct(self) -> bool:
        return self.played == self.best or self.best_value - self.played_value < 1e-9


__all__ = ["Bet", "Chips", "DoubleDown", "HandResult", "Hit", "Insure", "Move", "NoInsurance", "Outcome",
           "Play", "RoundResult", "Split", "Stand", "SurrenderHand", "TrainerNote"]
