"""Playing cards: frozen values, their notation, and a standard deck.

Cards are written rank then suit: ``AS``, ``TH``, ``7d``.  Input also accepts
``10`` for ten and the suit symbols ``♠ ♥ ♦ ♣``.  Parsing is strict: anything
else is an :class:`~parlour.core.errors.InvalidMoveError`.

>>> Card.parse("10♥"), str(Card.parse("th"))
(Card.parse('TH'), 'TH')
>>> len(standard_deck())
52
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache, cached_property

from parlour.core.errors import InvalidMoveError


class Suit(enum.Enum):
    """The four suits, valued by their notation letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    # Members are singletons compared by identity: hashing them by identity too keeps dict and set
    # lookups in C (``Enum.__hash__`` hashes the name, in Python).
    __hash__ = object.__hash__

    @cached_property
    def symbol(self) -> str:
        return {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[self.value]

    @cached_property
    def red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(enum.Enum):
    """The thirteen ranks, valued by their notation character."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    __hash__ = object.__hash__  # by identity, in C (see ``Suit``)

    @cached_property
    def number(self) -> int:
        """1 for ace up to 13 for king (ace low; games decide what aces are worth).

        Worked out for every rank once, when this module is loaded, and kept on the member, so
        reading it is a plain attribute look-up."""
        return _RANK_ORDER.index(self) + 1

    @property
    def plural(self) -> str:
        """The rank in words, plural ("sevens", "kings")."""
        return _PLURALS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A rank from ``A 2-9 T 10 J Q K`` (any case) or its plural name ("sevens")."""
        t = text.strip().upper()
        if t == "10":
            t = "T"
        for rank in cls:
            if t == rank.value or t.lower() in (rank.plural, rank.plural[:-1]):
                return rank
        raise InvalidMoveError(f"{text!r} is not a card rank (A, 2-10, J, Q, K)")


_RANK_ORDER = tuple(Rank)
for _rank in _RANK_ORDER:
    _rank.number  # noqa: B018 -- computed now, once, and kept on the member
for _suit in Suit:
    _suit.symbol, _suit.red  # noqa: B018 -- the same
del _rank, _suit
_PLURALS = {
    Rank.ACE: "aces", Rank.TWO: "twos", Rank.THREE: "threes", Rank.FOUR: "fours",
    Rank.FIVE: "fives", Rank.SIX: "sixes", Rank.SEVEN: "sevens", Rank.EIGHT: "eights",
    Rank.NINE: "nines", Rank.TEN: "tens", Rank.JACK: "jacks", Rank.QUEEN: "queens",
    Rank.KING: "kings",
}
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card, a plain value: two cards are equal when rank and suit are."""

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return self.rank.value + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def pretty(self) -> str:
        """Rank and suit symbol, as people write it (``10♥``)."""
        rank = "10" if self.rank is Rank.TEN else self.rank.value
        return rank + self.suit.symbol

    @property
    def index(self) -> int:
        """0-51, suit-major (clubs ace = 0); handy for bit sets."""
        return _SUIT_NUMBER[self.suit] * 13 + self.rank.number - 1

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``TH``, ``th``, ``10h``, ``10♥``; anything else is refused."""
        t = text.strip()
        if len(t) < 2:
            raise InvalidMoveError(f"{text!r} is not a card (write rank then suit, e.g. TH or 7s)")
        rank_text, suit_text = t[:-1], t[-1]
        suit_letter = _SUIT_SYMBOLS.get(suit_text, suit_text.upper())
        try:
            suit = Suit(suit_letter)
        except ValueError:
            raise InvalidMoveError(f"{text!r}: {suit_text!r} is not a suit (C, D, H, S)") from None
        if rank_text.upper() not in {r.value for r in Rank} | {"10"}:
            raise InvalidMoveError(f"{text!r}: {rank_text!r} is not a rank (A, 2-10, J, Q, K)")
        return cls(Rank.parse(rank_text), suit)


_SUIT_NUMBER = {suit: n for n, suit in enumerate(Suit)}
"""Each suit's place in the deck order (clubs 0 to spades 3)."""


@cache
def standard_deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order (by suit, then ace to king)."""
    return tuple(Card(rank, suit) for suit in Suit for rank in Rank)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Several cards separated by spaces or commas."""
    return tuple(Card.parse(part) for part in text.replace(",", " ").split())
