"""The deck as bits: hands, books and the stock's cards as 52-bit masks (bit ``Card.index``).

A card's bit is ``13 * suit + rank`` (clubs ace 0, spades king 51), so each suit is a row of 13
bits and a rank's four cards are the same bit of the four rows (``RANK_MASKS``).
"""

from __future__ import annotations

from parlour.core.cards import Card, Rank, standard_deck

CARDS = standard_deck()
"""The 52 cards by bit (``CARDS[i].index == i``)."""
RANKS = tuple(Rank)
"""The ranks by index, ace 0 to king 12."""
RANK_MASKS = tuple(sum(1 << (suit * 13 + r) for suit in range(4)) for r in range(13))
"""For each rank (ace first), the bits of its four cards."""
ALL_RANKS = (1 << 13) - 1
"""Every rank, as a 13-bit mask (bit ``r`` for rank ``r``)."""

_SPREAD = [0]
for _row in range(1, 1 << 13):
    _SPREAD.append(_SPREAD[_row >> 1] << 4 | _row & 1)
"""For each 13-bit row of one suit (bit ``r`` for rank ``r``), the same ranks at bit ``4 * r``.  A
mask turned rank by rank (bit ``4 * rank + suit``) is the four rows spread, each shifted by its
suit, and ORed: its set bits, lowest first, are the cards in order of rank, then suit."""
_BY_BYTE = tuple(tuple(tuple(CARDS[p % 4 * 13 + p // 4] for p in range(8 * k, min(8 * k + 8, 52))
                             if byte >> (p - 8 * k) & 1)
                       for byte in range(256))
                 for k in range(7))
"""For each byte ``k`` of a mask turned rank by rank (two ranks), and each of its values: those
cards, in order of rank, then suit."""


def ranks_held(mask: int) -> int:
    """Bit ``r`` set for each rank ``r`` (ace 0) of which the mask holds a card: the four suits'
    rows ORed together."""
    return (mask | mask >> 13 | mask >> 26 | mask >> 39) & ALL_RANKS


def books_held(mask: int) -> int:
    """Bit ``r`` set for each rank ``r`` of which the mask holds all four cards."""
    return mask & mask >> 13 & mask >> 26 & mask >> 39 & ALL_RANKS


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, sorted by rank (ace first), then suit."""
    turned = (_SPREAD[mask & ALL_RANKS] | _SPREAD[mask >> 13 & ALL_RANKS] << 1
              | _SPREAD[mask >> 26 & ALL_RANKS] << 2 | _SPREAD[mask >> 39 & ALL_RANKS] << 3)
    b = turned.to_bytes(7, "little")
    return (_BY_BYTE[0][b[0]] + _BY_BYTE[1][b[1]] + _BY_BYTE[2][b[2]] + _BY_BYTE[3][b[3]] + _BY_BYTE[4][b[4]]
            + _BY_BYTE[5][b[5]] + _BY_BYTE[6][b[6]])


def mask_of(cards: tuple[Card, ...] | list[Card]) -> int:
    """The mask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask

