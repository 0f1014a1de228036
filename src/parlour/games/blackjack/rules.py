"""House rules of Blackjack, and the card arithmetic every part of the game shares.

The defaults are the manual's game (``docs/rules/blackjack.md``): each player gets a card face up,
the dealer one face down (the hole card), each player a second card face up; the players decide
with no dealer card showing, hitting or standing; then the dealer draws to 17 and stands on 17.
A higher total wins even money, equal totals are a stand-off, a bust loses even if the dealer
busts later.  A two-card 21 is just 21.  One pack, shuffled again before a round once three
quarters of it have been dealt.

Casino rules are options, one by one or all at once with :meth:`Rules.casino`: the dealer's
first card face up and a peek for blackjack, blackjack paying 3:2, doubling on any two cards,
splitting to four hands (aces once, one card each), doubling after a split, six decks with a cut
card.

>>> hand_total((1, 6))      # an ace and a six: soft 17
(17, True)
>>> hand_total((1, 6, 10))  # the ace now counts 1
(17, False)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from parlour.core.errors import RulesError


class Deal(enum.Enum):
    """How the dealer's cards are dealt and looked at."""

    MANUAL = "manual"
    """The manual: the dealer's only card before the players decide is face down (no card
    showing); the dealer's second card is drawn after the players have finished."""
    PEEK = "peek"
    """Casino: the dealer's first card face up, the second (the hole card) face down; with an
    ace or a ten showing the dealer looks at the hole card and a dealer blackjack ends the round
    at once (players lose only their first bet, or push with a blackjack)."""
    NO_PEEK = "no-peek"
    """The dealer's first card face up and a hole card, but no peek: a dealer blackjack, shown
    after the players have played, takes every bet, doubles and splits included."""
    NO_HOLE_CARD = "no-hole-card"
    """European: the dealer's first card face up and no hole card; the second card is drawn
    after the players; a dealer blackjack takes every bet, doubles and splits included."""


class Payout(enum.Enum):
    """What a player's blackjack (an ace and a ten-card as the first two cards) pays."""

    NONE = "none"
    """The manual: no such thing; a two-card 21 is a total of 21 like any other."""
    EVEN = "1:1"
    """A blackjack beats any other 21 and pays even money."""
    SIX_FIVE = "6:5"
    THREE_TWO = "3:2"

    @property
    def ratio(self) -> tuple[int, int]:
        """(won, staked): 3:2 is (3, 2); for ``NONE`` the even (1, 1) of any winning hand."""
        return {"none": (1, 1), "1:1": (1, 1), "6:5": (6, 5), "3:2": (3, 2)}[self.value]


class Double(enum.Enum):
    """Which two-card hands may double down (double the bet, take exactly one card)."""

    NONE = "none"
    """The manual: no doubling."""
    ANY = "any"
    """Any first two cards."""
    NINE_TO_ELEVEN = "9-11"
    """Hard totals of 9, 10 or 11 only."""
    TEN_ELEVEN = "10-11"
    """Hard totals of 10 or 11 only."""


class Surrender(enum.Enum):
    NONE = "none"
    LATE = "late"
    """Give up half the bet instead of playing the hand (on the first two cards, after the
    dealer has peeked for blackjack where the dealer peeks)."""


class Soft17(enum.Enum):
    """What the dealer does with a soft 17 (an ace counted 11 and six more)."""

    STAND = "stand"
    HIT = "hit"


SHOE_SIZES = (0, 1, 2, 4, 6, 8)
"""Decks in the shoe; 0 is an infinite deck (every card as likely as in a fresh pack, always)."""


@dataclass(frozen=True)
class Rules:
    """The house rules of a Blackjack table."""

    deal: Deal = field(default=Deal.MANUAL, metadata={
        "label": "Dealer's cards",
        "help": "The dealer's cards: the manual's face-down card and no card showing, or casino style "
                "(a card face up, and a hole card peeked at for blackjack, not peeked at, or none)"})
    blackjack: Payout = field(default=Payout.NONE, metadata={
        "label": "Blackjack pays",
        "help": "What a blackjack (ace and ten-card dealt) pays: none (the manual: it is just 21), "
                "1:1, 6:5 or 3:2"})
    double: Double = field(default=Double.NONE, metadata={
        "label": "Doubling down",
        "help": "Doubling down on the first two cards: none (the manual), any two cards, 9-11 or 10-11"})
    split_hands: int = field(default=1, metadata={
        "label": "Hands from splitting a pair",
        "help": "Splitting a pair: the most hands a player may make (1: no splitting, the manual)",
        "choices": (1, 2, 3, 4)})
    resplit_aces: bool = field(default=False, metadata={
        "label": "Split aces again",
        "help": "Split aces may be split again (else aces are split once)"})
    hit_split_aces: bool = field(default=False, metadata={
        "label": "Draw to split aces",
        "help": "Split aces may draw more cards (else each takes one card and stands)"})
    double_after_split: bool = field(default=False, metadata={"label": "Double after a split",
                                                              "help": "Doubling after a split"})
    surrender: Surrender = field(default=Surrender.NONE, metadata={
        "label": "Surrender",
        "help": "Late surrender: give up half the bet on the first two cards"})
    insurance: bool = field(default=False, metadata={
        "label": "Insurance",
        "help": "Insurance (up to half the bet, paying 2:1) when the dealer shows an ace"})
    soft17: Soft17 = field(default=Soft17.STAND, metadata={
        "label": "Dealer on soft 17",
        "help": "The dealer stands or hits on soft 17 (the manual says only 'to 17': stand)"})
    decks: int = field(default=1, metadata={
        "label": "Decks in the shoe",
        "help": "Decks in the shoe (0: an infinite deck, every card equally likely every time)",
        "choices": SHOE_SIZES})
    penetration: int = field(default=75, metadata={
        "label": "Shuffle after (% dealt)",
        "help": "The cut card: the shoe is shuffled before a round once this percentage of it has "
                "been dealt (0: shuffled before every round)", "min": 0, "max": 90})
    bankroll: int = field(default=100, metadata={"label": "Starting chips",
                                                 "help": "Chips each player starts with",
                                                 "min": 1, "max": 1_000_000})
    min_bet: int = field(default=1, metadata={"label": "Smallest bet", "help": "The smallest bet",
                                              "min": 1, "max": 10_000})
    max_bet: int = field(default=20, metadata={"label": "Largest bet", "help": "The largest bet",
                                               "min": 1, "max": 100_000})
    rounds: int = field(default=10, metadata={
        "label": "Rounds",
        "help": "Rounds in a game (it ends sooner when every player is out of chips)",
        "min": 1, "max": 1000})
    trainer: bool = field(default=False, metadata={
        "label": "Trainer mode",
        "help": "Trainer: every play that departs from the best play is flagged, with what it cost, "
                "and each player's share of best plays is kept"})

    def __post_init__(self) -> None:
        if not 0 <= self.penetration <= 90:
            raise RulesError(f"penetration must be between 0 and 90 percent, not {self.penetration}")
        if self.min_bet < 1:
            raise RulesError(f"min_bet must be at least 1, not {self.min_bet}")
        if self.max_bet < self.min_bet:
            raise RulesError(f"max_bet ({self.max_bet}) must be at least min_bet ({self.min_bet})")
        if self.bankroll < self.min_bet:
            raise RulesError(f"bankroll ({self.bankroll}) must cover min_bet ({self.min_bet})")
        if not 1 <= self.rounds <= 1000:
            raise RulesError(f"rounds must be between 1 and 1000, not {self.rounds}")
        if self.split_hands not in (1, 2, 3, 4):
            raise RulesError(f"split_hands must be 1 to 4, not {self.split_hands}")
        if self.decks not in SHOE_SIZES:
            raise RulesError(f"decks must be one of {', '.join(map(str, SHOE_SIZES))}, not {self.decks}")
        if self.insurance and self.deal is Deal.MANUAL:
            raise RulesError("insurance needs a dealer card showing: choose a casino deal")

    @classmethod
    def casino(cls, **changes: object) -> Rules:
        """The usual casino game: peek, 3:2, double any two cards, split to four hands (aces
        once, one card each), double after split, dealer stands on soft 17, six decks dealt to
        75%; ``changes`` override any of them."""
        base = cls(deal=Deal.PEEK, blackjack=Payout.THREE_TWO, double=Double.ANY, split_hands=4,
                   double_after_split=True, decks=6)
        return replace(base, **changes)  # type: ignore[arg-type]

    @property
    def dealer_shows_card(self) -> bool:
        """A dealer card is face up while the players decide."""
        return self.deal is not Deal.MANUAL

    @property
    def naturals(self) -> bool:
        """A two-card 21 is a blackjack, beating other 21s."""
        return self.blackjack is not Payout.NONE


PRESETS = {"manual": Rules(), "casino": Rules.casino()}
"""The manual's game (the defaults) and the usual casino game (:meth:`Rules.casino`)."""


# ---- card arithmetic ------------------------------------------------------------------------
# Cards here are point values: 1 for an ace, 2-9, and 10 for a ten or a picture.

VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


def hand_total(cards: Iterable[int]) -> tuple[int, bool]:
    """The best total of a hand and whether it is soft (an ace counted as 11)."""
    values = tuple(cards)
    total = sum(values)
    if total <= 11 and 1 in values:
        return total + 10, True
    return total, False


def is_blackjack(cards: tuple[int, ...]) -> bool:
    """An ace and a ten-card as a hand's only two cards (whether it counts depends on the rules
    and on the hand not coming from a split)."""
    return len(cards) == 2 and 1 in cards and 10 in cards


def may_double(rules: Rules, cards: tuple[int, ...], split: bool) -> bool:
    """Whether a hand of these two cards may double down."""
    if len(cards) != 2 or rules.double is Double.NONE or (split and not rules.double_after_split):
        return False
    if rules.double is Double.ANY:
        return True
    total, soft = hand_total(cards)
    allowed = (9, 10, 11) if rules.double is Double.NINE_TO_ELEVEN else (10, 11)
    return not soft and total in allowed


def dealer_hits(rules: Rules, cards: Iterable[int]) -> bool:
    """The dealer's drawing rule: draw below 17; on soft 17 as the rules say."""
    return dealer_hits_total(rules, *hand_total(cards))


def dealer_hits_total(rules: Rules, total: int, soft: bool) -> bool:
    """The dealer's drawing rule for a hand of this total."""
    return total < 17 or (total == 17 and soft and rules.soft17 is Soft17.HIT)


def peeks(rules: Rules, up: int | None) -> bool:
    """The dealer looks at the hole card for blackjack before the players act: a peek deal,
    blackjacks that count, and an ace or a ten-card (``up``, in points) showing."""
    return rules.deal is Deal.PEEK and rules.naturals and up in (1, 10)


__all__ = ["PRESETS", "SHOE_SIZES", "VALUES", "Deal", "Double", "Payout", "Rules", "Soft17", "Surrender",
           "dealer_hits", "dealer_hits_total", "hand_total", "is_blackjack", "may_double", "peeks"]
