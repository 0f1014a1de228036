"""The moves, hands and states of a Blackjack table: frozen values.

Chips are exact :class:`~fractions.Fraction` amounts (a 3:2 blackjack on a bet of 5 pays 7½;
a surrender gives back half).  The shoe is kept as the *count* of each of the 52 cards still in it
(no order: every draw is a chance event with the exact probability of each card), so there is no
stock order that could leak; an infinite deck keeps no counts at all.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from parlour.core.cards import Card, Rank, standard_deck
from parlour.games.blackjack.rules import Rules, hand_total, is_blackjack


def value(card: Card) -> int:
    """A card's points: ace 1 (or 11: see ``hand_total``), pictures 10."""
    return _CARD_POINTS[card]


_POINTS = {rank: min(rank.number, 10) for rank in Rank}


class _ByCard(dict[Card, int]):
    """A card's number by the card itself, for the 52 cards of the deck (a card hashes by its
    identity, in C, where a rank, an Enum, hashes in Python); any other card by its rank."""

    def __init__(self, by_rank: dict[Rank, int]) -> None:
        super().__init__((card, by_rank[card.rank]) for card in standard_deck())
        self.by_rank = by_rank

    def __missing__(self, card: Card) -> int:
        return self.by_rank[card.rank]


_CARD_POINTS = _ByCard(_POINTS)


def values_of(cards: tuple[Card, ...]) -> tuple[int, ...]:
    """The points of each card (``value``), without a Python call per card."""
    return tuple(map(_CARD_POINTS.__getitem__, cards))


# ---- moves ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Bet:
    """Place a bet before the deal (``bet 10``)."""

    amount: int


@dataclass(frozen=True)
class Hit:
    """Take another card (``hit``)."""


@dataclass(frozen=True)
class Stand:
    """Take no more cards (``stand``)."""


@dataclass(frozen=True)
class DoubleDown:
    """Double the bet and take exactly one more card (``double``)."""


@dataclass(frozen=True)
class Split:
    """Split a pair into two hands, each with the bet (``split``)."""


@dataclass(frozen=True)
class SurrenderHand:
    """Give up the hand and half its bet (``surrender``)."""


@dataclass(frozen=True)
class Insure:
    """Take insurance, half the bet, paying 2:1 if the dealer has blackjack (``insurance``)."""


@dataclass(frozen=True)
class NoInsurance:
    """Decline insurance (``no insurance``)."""


Move = Bet | Hit | Stand | DoubleDown | Split | SurrenderHand | Insure | NoInsurance


class Phase(enum.Enum):
    BET = "bet"
    """Players place their bets (all at once: each seat still to bet may act)."""
    DEAL = "deal"
    """The first cards are being dealt (chance)."""
    INSURANCE = "insurance"
    """The dealer shows an ace: players take insurance or not (all at once)."""
    PLAY = "play"
    """Players play their hands in turn; a card drawn is a chance event."""
    DEALER = "dealer"
    """The dealer draws (chance) to complete the dealer's hand."""
    OVER = "over"


class Outcome(enum.Enum):
    """How one hand ended."""

    WIN = "win"
    BLACKJACK = "blackjack"
    PUSH = "push"
    LOSE = "lose"
    BUST = "bust"
    SURRENDER = "surrender"


DEALER = -1
"""The dealer, as a draw's target."""


@dataclass(frozen=True)
class Hand:
    cards: tuple[Card, ...]
    bet: int
    from_split: bool = False
    doubled: bool = False
    done: bool = False
    surrendered: bool = False

    @property
    def values(self) -> tuple[int, ...]:
        return values_of(self.cards)

    @property
    def total(self) -> int:
        return hand_total(self.values)[0]

    @property
    def soft(self) -> bool:
        return hand_total(self.values)[1]

    @property
    def bust(self) -> bool:
        return self.total > 21

    def natural(self, rules: Rules) -> bool:
        """A blackjack that counts as one (naturals on, and not a hand made by splitting)."""
        return rules.naturals and not self.from_split and is_blackjack(self.values)


@dataclass(frozen=True)
class HandResult:
    cards: tuple[Card, ...]
    bet: int
    outcome: Outcome
    net: Fraction


@dataclass(frozen=True)
class RoundResult:
    """One round at the table: the dealer's cards and each seat's hands and net result."""

    number: int
    dealer: tuple[Card, ...]
    hands: tuple[tuple[HandResult, ...], ...]
    insurance: tuple[Fraction, ...]
    """Each seat's insurance result (0 if none was taken)."""

    def net(self, seat: int) -> Fraction:
        return sum((h.net for h in self.hands[seat]), self.insurance[seat])


@dataclass(frozen=True)
class Player:
    balance: Fraction
    bet: int | None = None
    """This round's bet, once placed."""
    hands: tuple[Hand, ...] = ()
    insurance: Fraction | None = None
    """Insurance taken this round (0: declined; ``None``: not asked or not answered yet)."""
    out: bool = False
    """Out of the game: fewer chips than the smallest bet."""

    @property
    def staked(self) -> Fraction:
        """Chips on the table this round: the hands' bets and the insurance."""
        return sum((Fraction(h.bet) for h in self.hands), self.insurance or Fraction(0))

    def bet_or_zero(self) -> int:
        return self.bet or 0


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class State:
    rules: Rules
    players: tuple[Player, ...]
    phase: Phase = Phase.BET
    round: int = 1
    shoe: tuple[int, ...] = ()
    """Cards of each kind (52, by ``Card.index``) left in the shoe; empty for an infinite deck."""
    dealt: int = 0
    """Cards dealt since the last shuffle."""
    dealer: tuple[Card, ...] = ()
    hole: int = -1
    """The index in ``dealer`` of the face-down card while it is hidden, else -1."""
    pending: tuple[tuple[int, int], ...] = ()
    """Cards still to deal now: (seat, hand index) or (``DEALER``, 1 if face down else 0)."""
    current: tuple[int, int] = (-1, -1)
    """The seat and hand to act in the PLAY phase."""
    count: int = 0
    """The Hi-Lo running count of every card shown since the last shuffle."""
    history: tuple[RoundResult, ...] = ()
    shuffles: int = 0
    """How many times the shoe has been shuffled (the first shuffle is before round 1)."""
    trained: tuple[tuple[int, int], ...] = ()
    """Trainer: each seat's (plays judged, best plays)."""
    note: TrainerNote | None = None
    """Trainer: the word on the last play judged."""
    drawable: tuple[tuple[int, ...], bytes] | None = field(default=None, init=False, repr=False,
                                                           compare=False)
    """A cache for the draws (``engine.draw_card``): ``(shoe, cards)``, the shoe's cards as deck
    indices, one byte a card, in the deck's order, valid while ``shoe`` is that very tuple (the
    engine carries it on from card to card; any other copy of the state keeps a stale one, which
    the identity check ignores).  Not part of the state's value."""

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def dealer_values(self) -> tuple[int, ...]:
        return values_of(self.dealer)

    @property
    def up_card(self) -> Card | None:
        """The dealer's card showing while the players decide (casino deals only)."""
        if not self.rules.dealer_shows_card or not self.dealer:
            return None
        return self.dealer[0]


def hi_lo(card: Card) -> int:
    """The Hi-Lo count of a card: 2-6 count +1, 7-9 count 0, tens and aces -1."""
    return _CARD_HI_LO[card]


_HI_LO = {rank: 1 if 2 <= v <= 6 else (0 if 7 <= v <= 9 else -1) for rank, v in _POINTS.items()}
_CARD_HI_LO = _ByCard(_HI_LO)

__all__ = ["DEALER", "Bet", "DoubleDown", "Hand", "HandResult", "Hit", "Insure", "Move", "NoInsurance",
           "Outcome", "Phase", "Player", "RoundResult", "Split", "Stand", "State", "SurrenderHand",
           "TrainerNote", "hi_lo", "value", "values_of"]
