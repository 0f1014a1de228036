"""The double-six set as bits: a set of tiles is an integer with bit ``Tile.index`` set for each.

>>> mask = mask_of([Tile(6, 4), Tile(0, 0)])
>>> tiles_of(mask), spots(mask), bool(mask & NUMBER_MASKS[4])
((Tile(0, 0), Tile(6, 4)), 10, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from parlour.core.tiles import Tile, double_six_set

TILES = double_six_set()
"""Every tile, by index (``TILES[t.index] == t``)."""
ALL = (1 << len(TILES)) - 1
"""The whole set."""
NUMBER_MASKS = tuple(sum(1 << t.index for t in TILES if t.has(n)) for n in range(7))
"""For each number 0-6, the tiles that show it."""
PIPS = tuple(t.pips for t in TILES)
"""Each tile's spots, by index."""


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles of a mask, in index order (0|0 first)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(TILES[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def mask_of(tiles: Iterable[Tile]) -> int:
    """The mask of some tiles."""
    mask = 0
    for tile in tiles:
        mask |= 1 << tile.index
    return mask


def spots(mask: int) -> int:
    """The spots on the tiles of a mask."""
    total = 0
    while mask:
        low = mask & -mask
        total += PIPS[low.bit_length() - 1]
        mask ^= low
    return total


__all__ = ["ALL", "NUMBER_MASKS", "PIPS", "TILES", "Tile", "mask_of", "spots", "tiles_of"]
