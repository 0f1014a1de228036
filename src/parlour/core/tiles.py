"""Dominoes: frozen tile values, their notation, and the double-six set.

A tile is written as its two numbers with a bar, the higher first: ``6|4``, ``0|0``.  Input also
accepts either order and a dash, colon or nothing between (``4-6``, ``6:4``, ``64``).  Parsing is
strict: anything else is an :class:`~parlour.core.errors.InvalidMoveError`.

>>> Tile.parse("4-6"), str(Tile(5, 5)), Tile(6, 4).pips
(Tile(6, 4), '5|5', 10)
>>> len(double_six_set()), double_six_set()[0], double_six_set()[-1]
(28, Tile(0, 0), Tile(6, 6))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from parlour.core.errors import InvalidMoveError

MAX_SPOTS = 6
"""The highest number on a tile of a double-six set."""

_TEXT = re.compile(r"^\s*\[?\s*([0-6])\s*[|:\-/]?\s*([0-6])\s*\]?\s*$")


@dataclass(frozen=True, order=True)
class Tile:
    """One domino: ``high`` spots at one end, ``low`` at the other (``high >= low``)."""

    high: int
    low: int

    def __post_init__(self) -> None:
        if not 0 <= self.low <= self.high <= MAX_SPOTS:
            raise ValueError(f"a double-six tile has two numbers 0 to 6, high first, not "
                             f"{self.high}, {self.low}")

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with ``a`` and ``b`` on it, in either order."""
        return cls(max(a, b), min(a, b))

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``6|4`` (either order; ``|``, ``-``, ``:``, ``/`` or nothing between)."""
        match = _TEXT.match(text)
        if not match:
            raise InvalidMoveError(f"{text.strip()!r} is not a domino (write it like 6|4)")
        return cls.of(int(match.group(1)), int(match.group(2)))

    @property
    def index(self) -> int:
        """The tile's place in :func:`double_six_set` (0 for 0|0 up to 27 for 6|6)."""
        return self.high * (self.high + 1) // 2 + self.low

    @property
    def pips(self) -> int:
        """The spots on both ends together."""
        return self.high + self.low

    @property
    def double(self) -> bool:
        return self.high == self.low

    def has(self, number: int) -> bool:
        return number in (self.high, self.low)

    def other(self, number: int) -> int:
        """The number at the other end from ``number`` (which the tile must show)."""
        if number == self.high:
            return self.low
        if number == self.low:
            return self.high
        raise ValueError(f"{self} has no {number}")

    def __str__(self) -> str:
        return f"{self.high}|{self.low}"

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"


_SET = tuple(Tile(h, lo) for h in range(MAX_SPOTS + 1) for lo in range(h + 1))


def double_six_set() -> tuple[Tile, ...]:
    """The 28 tiles, 0|0 first, then 1|0, 1|1, 2|0 … 6|6 (the order of :attr:`Tile.index`)."""
    return _SET


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Tiles separated by spaces or commas: ``"6|6 5|4, 3|0"``."""
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    return tuple(Tile.parse(w) for w in words)
