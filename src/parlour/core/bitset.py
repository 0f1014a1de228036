"""Small helpers for sets kept as the bits of an int (cards, tiles, squares)."""

from __future__ import annotations


def bits(mask: int) -> list[int]:
    """The bit positions of ``mask``, lowest first.

    >>> bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


__all__ = ["bits"]
