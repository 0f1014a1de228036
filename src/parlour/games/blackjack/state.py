"""The hands, players and states of a Blackjack table: frozen values.

Chips are exact amounts (``moves.Chips``).  The shoe is kept as the cards still in it
in the deck's order, each as its ``Card.index`` (one byte a card, the copies of a card side by
side), not in the order they will come out: every draw is a chance event with the exact
probability of each card, so there is no stock order that could leak.  An infinite deck keeps no
cards at all.
"""

from __future__ import annotations

import bisect
import enum
from collections.abc import Iterable
from dataclasses import dataclass

from parlour.core.cards import Card, Rank
from parlour.games.blackjack.moves import Chips, RoundResult, TrainerNote
from parlour.games.blackjack.rules import SHOE_SIZES, Rules, hand_total, is_blackjack

POINTS = {rank: min(rank.number, 10) for rank in Rank}
"""Each rank's points: ace 1 (or 11: see ``hand_total``), pictures 10."""

HI_LO = {rank: 1 if 2 <= points <= 6 else 0 if 7 <= points <= 9 else -1 for rank, points in POINTS.items()}
"""Each rank's Hi-Lo count: 2-6 count +1, 7-9 count 0, tens and aces -1."""


def value(card: Card) -> int:
    """A card's points: ace 1 (or 11: see ``hand_total``), pictures 10."""
    return POINTS[card.rank]


def values_of(cards: tuple[Card, ...]) -> tuple[int, ...]:
    """The points of each card."""
    return tuple([POINTS[card.rank] for card in cards])


def hi_lo(card: Card) -> int:
    """The Hi-Lo count of a card: 2-6 count +1, 7-9 count 0, tens and aces -1."""
    return HI_LO[card.rank]


def shoe_of(counts: Iterable[int]) -> bytes:
    """The shoe holding ``counts[i]`` copies of the card of index ``i``."""
    return bytes(index for index, n in enumerate(counts) for _ in range(n))


FULL_SHOES = {decks: shoe_of((decks,) * 52) for decks in SHOE_SIZES}
"""A fresh shoe of each size (empty for an infinite deck)."""


def full_shoe(decks: int) -> bytes:
    """A fresh shoe of ``decks`` packs; empty for an infinite deck."""
    return FULL_SHOES[decks]


def shoe_counts(shoe: bytes) -> tuple[int, ...]:
    """How many copies of each of the 52 cards (by index) ``shoe`` holds."""
    return tuple(shoe.count(index) for index in range(52))


def shoe_without(shoe: bytes, card: Card) -> bytes:
    """``shoe`` less one copy of ``card`` (which it holds)."""
    return shoe.replace(bytes((card.index,)), b"", 1)


def shoe_with(shoe: bytes, card: Card) -> bytes:
    """``shoe`` with one more copy of ``card``, in its place."""
    at = bisect.bisect_left(shoe, card.index)
    return shoe[:at] + bytes((card.index,)) + shoe[at:]


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


BET, DEAL, INSURANCE, PLAY, DEALERS_TURN, OVER = (Phase.BET, Phase.DEAL, Phase.INSURANCE, Phase.PLAY,
                                                  Phase.DEALER, Phase.OVER)
"""The phases under plain names, as the engine compares a state's phase with them at every step
(why plain names: docs/benchmarks.md, Blackjack)."""


DEALER = -1
"""The dealer, as a card's target in ``State.pending``."""
FACE_UP, FACE_DOWN = 0, 1
"""How a card for the dealer is dealt (the second number of its target in ``State.pending``)."""
NO_HAND = (-1, -1)
"""``State.current`` outside the players' turns."""
NO_HOLE = -1
"""``State.hole`` while no dealer card is face down."""


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand of a seat this round: its cards (and their points), its bet, how it came about and
    how it ended.  (Whether it has been played out follows from whose turn it is: ``State.done``.)"""

    cards: tuple[Card, ...]
    values: tuple[int, ...]
    """Each card's points, ``values_of(cards)``: worked out once, as each card is dealt."""
    bet: int
    from_split: bool = False
    doubled: bool = False
    surrendered: bool = False

    @property
    def total(self) -> int:
        return hand_total(self.values)[0]

    @property
    def soft(self) -> bool:
        return hand_total(self.values)[1]

    @property
    def bust(self) -> bool:
        return sum(self.values) > 21  # aces counted 1: the smallest total

    def natural(self, rules: Rules) -> bool:
        """A blackjack that counts as one (naturals on, and not a hand made by splitting)."""
        return is_blackjack(self.values) and not self.from_split and rules.naturals


@dataclass(frozen=True, slots=True)
class Player:
    """A seat's chips, and its bet and insurance this round (its hands are ``State.hands``)."""

    balance: Chips
    bet: int | None = None
    """This round's bet, once placed."""
    insurance: Chips | None = None
    """Insurance taken this round (0: declined; ``None``: not asked or not answered yet)."""
    out: bool = False
    """Out of the game: fewer chips than the smallest bet."""

    def bet_or_zero(self) -> int:
        return self.bet or 0


@dataclass(frozen=True, slots=True)
class Table:
    """What changes only now and then: the house rules, the players and their chips, the rounds
    played, the shoe's shuffles and the trainer's record."""

    rules: Rules
    players: tuple[Player, ...]
    history: tuple[RoundResult, ...]
    """Every round settled so far."""
    shuffles: int
    """How many times the shoe has been shuffled (the first shuffle is before round 1)."""
    trained: tuple[tuple[int, int], ...]
    """Trainer: each seat's (plays judged, best plays)."""
    note: TrainerNote | None
    """Trainer: the word on the last play judged."""


@dataclass(frozen=True, slots=True)
class State:
    """The table, and what changes at every step: the hands, the phase, the shoe, the dealer's
    cards, the cards due, the hand to act and the running count.  The table's fields read
    through (``state.rules`` is ``state.table.rules``; the engine reads ``state.table``).

    Every field is given whenever a state is made: none has a default that could be dropped by
    mistake.  The engine builds each new state once, with its constructor, giving the fields in
    their order, each argument named after its field (``state.count``, ``count``)."""

    table: Table
    hands: tuple[tuple[Hand, ...], ...]
    """Each seat's hands this round, left to right (none before the deal, for a seat not dealt
    in, or once the round is settled)."""
    phase: Phase
    shoe: bytes
    """The cards left in the shoe, in the deck's order, each as its ``Card.index`` (``shoe_of``,
    ``shoe_counts``); empty for an infinite deck."""
    dealer: tuple[Card, ...]
    hole: int
    """The index in ``dealer`` of the face-down card while it is hidden, else ``NO_HOLE``."""
    pending: tuple[tuple[int, int], ...]
    """Cards still to deal now: (seat, hand index) or (``DEALER``, ``FACE_DOWN`` or ``FACE_UP``)."""
    current: tuple[int, int]
    """The seat and hand to act in the PLAY phase (``NO_HAND`` outside it)."""
    count: int
    """The Hi-Lo running count of every card shown since the last shuffle."""

    @property
    def rules(self) -> Rules:
        return self.table.rules

    @property
    def players(self) -> tuple[Player, ...]:
        return self.table.players

    @property
    def history(self) -> tuple[RoundResult, ...]:
        return self.table.history

    @property
    def shuffles(self) -> int:
        return self.table.shuffles

    @property
    def trained(self) -> tuple[tuple[int, int], ...]:
        return self.table.trained

    @property
    def note(self) -> TrainerNote | None:
        return self.table.note

    @property
    def over(self) -> bool:
        return self.phase is OVER

    @property
    def round(self) -> int:
        """The round being played (the last one, once the game is over)."""
        return len(self.table.history) + (self.phase is not OVER)

    @property
    def dealt(self) -> int:
        """Cards dealt since the last shuffle: those not in the shoe (0 for an infinite deck).  In a
        view's state the face-down hole card is in the shoe, among the unseen."""
        return 52 * self.table.rules.decks - len(self.shoe)

    @property
    def dealer_values(self) -> tuple[int, ...]:
        return values_of(self.dealer)

    @property
    def up_card(self) -> Card | None:
        """The dealer's card showing while the players decide (casino deals only)."""
        if not self.table.rules.dealer_shows_card or not self.dealer:
            return None
        return self.dealer[0]

    @property
    def hand(self) -> Hand:
        """The hand to act (``current``), in the PLAY phase."""
        seat, index = self.current
        return self.hands[seat][index]

    def done(self, seat: int, index: int) -> bool:
        """``seat``'s hand ``index`` has been played out: hands are played in seat order, each
        seat's left to right, so those before the hand to act are done, and all of them once
        the dealer plays."""
        return self.phase is DEALERS_TURN or (self.phase is PLAY and (seat, index) < self.current)

    def free(self, seat: int) -> Chips:
        """``seat``'s chips not yet on the table this round."""
        player = self.table.players[seat]
        return player.balance - sum(h.bet for h in self.hands[seat]) - (player.insurance or 0)


__all__ = [
    "BET",
    "DEAL",
    "DEALER",
    "DEALERS_TURN",
    "FACE_DOWN",
    "FACE_UP",
    "FULL_SHOES",
    "HI_LO",
    "INSURANCE",
    "NO_HAND",
    "NO_HOLE",
    "OVER",
    "PLAY",
    "POINTS",
    "Hand",
    "Phase",
    "Player",
    "State",
    "Table",
    "full_shoe",
    "hi_lo",
    "shoe_counts",
    "shoe_of",
    "shoe_with",
    "shoe_without",
    "value",
    "values_of",
]
