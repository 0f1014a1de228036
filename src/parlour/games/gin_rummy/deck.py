"""Cards of Gin Rummy as bit positions: one 52-bit integer is a hand.

A card's bit is ``suit * 13 + rank - 1`` with the suits in the order clubs,
diamonds, hearts, spades (the order of ``parlour.core.cards.Suit`` and
``Card.index``), so the 13 cards of a suit are 13 neighbouring bits, ace lowest.

>>> mask = mask_of(parse_cards("AC 2C 3C KS"))
>>> [str(c) for c in cards_of(mask)], value_of(mask)
(['AC', '2C', '3C', 'KS'], 16)
"""

from __future__ import annotations

from collections.abc import Iterable

from parlour.core.bitset import bits
from parlour.core.cards import Card, parse_cards, standard_deck

SUIT_BITS = 0x1FFF
"""The 13 bits of one suit."""
SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""Multiplying 13 bits of ranks by this copies them into every suit."""
RUN_STARTS = sum(1 << (suit * 13 + rank) for suit in range(4) for rank in range(11))
"""The cards of ranks ace to jack: a run of three may start there (no run crosses from one suit
into the next)."""

CARDS: tuple[Card, ...] = standard_deck()
"""The 52 cards by bit position (``CARDS[i].index == i``)."""

INDEX: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}
"""A card's bit position."""

VALUE: tuple[int, ...] = tuple(min(i % 13 + 1, 10) for i in range(52))
"""What each card counts as deadwood: ace 1, two to ten their spot, J Q K 10."""

def _suit_values() -> tuple[int, ...]:
    values = [0] * (1 << 13)
    for b in range(1, 1 << 13):
        low = b & -b
        values[b] = values[b ^ low] + min(low.bit_length(), 10)
    return tuple(values)


SUIT_VALUE: tuple[int, ...] = _suit_values()
"""The deadwood value of every set of cards of one suit (13 bits)."""

FULL = (1 << 52) - 1


def value_of(mask: int) -> int:
    """The deadwood value of all the cards in ``mask``."""
    return (SUIT_VALUE[mask & SUIT_BITS] + SUIT_VALUE[mask >> 13 & SUIT_BITS]
            + SUIT_VALUE[mask >> 26 & SUIT_BITS] + SUIT_VALUE[mask >> 39])


def mask_of(cards: Iterable[Card]) -> int:
    """The bit set of some cards (repeats are merged)."""
    mask = 0
    for card in cards:
        mask |= 1 << INDEX[card]
    return mask


def _suit_cards() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    tables = []
    for suit in range(4):
        table: list[tuple[Card, ...]] = [()] * (1 << 13)
        for b in range(1, 1 << 13):
            high = b.bit_length() - 1
            table[b] = (*table[b ^ 1 << high], CARDS[suit * 13 + high])
        tables.append(tuple(table))
    return tuple(tables)


SUIT_CARDS = _suit_cards()
"""``SUIT_CARDS[suit][b]``: the cards of the 13 bits ``b`` of one suit, ace first."""


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask``, by suit (clubs, diamonds, hearts, spades), ace to king."""
    clubs, diamonds, hearts, spades = SUIT_CARDS
    return (clubs[mask & SUIT_BITS] + diamonds[mask >> 13 & SUIT_BITS]
            + hearts[mask >> 26 & SUIT_BITS] + spades[mask >> 39])


def card_value(card: Card) -> int:
    return VALUE[INDEX[card]]


def format_cards(cards: Iterable[Card]) -> str:
    """``"AC 2C 3C"``."""
    return " ".join(str(c) for c in cards)


__all__ = ["CARDS", "FULL", "INDEX", "RUN_STARTS", "SPREAD", "SUIT_BITS", "SUIT_VALUE", "VALUE", "bits",
           "card_value", "cards_of", "format_cards", "mask_of", "parse_cards", "value_of"]
