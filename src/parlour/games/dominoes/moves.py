"""The moves and the chance outcome of dominoes, and the records they leave (events, hand results).

Moves: ``Play`` (a tile on an end, or the lead) and ``Knock``; chance: ``Draw`` (the 28 tiles in
the order the players take them); records: ``Placed`` (a tile on the table), ``Event`` (a public
event of a hand), ``Ending`` and ``HandResult`` (a line of the score sheet).  Their text is
``notation.py``'s.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from parlour.core.tiles import Tile


class End(enum.Enum):
    """An end of the line of play: the left or right arm from the lead double."""

    LEFT = "left"
    RIGHT = "right"

    def __repr__(self) -> str:
        return f"End.{self.name}"


@dataclass(frozen=True, slots=True)
class Play:
    """Lay ``tile`` on ``end`` of the line (``end`` is ``None`` for the lead)."""

    tile: Tile
    end: End | None = None

    def __repr__(self) -> str:
        if self.end is None:
            return f"Play({self.tile!r})"
        return f"Play({self.tile!r}, {self.end!r})"


@dataclass(frozen=True, slots=True)
class Knock:
    """Rap the table: no tile fits either end (``knock``)."""


Move = Play | Knock


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the 28 tiles shuffled face down, in the order the players take them."""

    tiles: tuple[Tile, ...]


class Ending(enum.Enum):
    """How a hand ended."""

    CHIP_OUT = "chip out"
    """A player (with ``both_chip_out``, a partnership) played every tile."""
    BLOCKED = "blocked"
    """Nobody could play: the side with the fewest spots left won."""
    DRAWN = "drawn"
    """Blocked, and the fewest spots were shared by two sides or more: nobody scores."""


@dataclass(frozen=True)
class Placed:
    """A tile on the table: who laid it and the number it shows outward (the open end it made)."""

    tile: Tile
    seat: int
    outer: int

    def to_json(self) -> dict[str, Any]:
        return {"tile": str(self.tile), "seat": self.seat, "outer": self.outer, "double": self.tile.double}


@dataclass(frozen=True)
class Event:
    """One public event of a hand: a tile laid (``tile``) or a knock (``tile`` is ``None``).

    ``ends`` are the open ends (left, right) after a play, or those the player knocked on.
    """

    seat: int
    tile: Tile | None
    end: End | None
    ends: tuple[int, int]
    stitched: bool = False
    """The play left both ends showing the same number ("stitched up")."""
    chipped: bool = False
    """The play was the player's last tile."""

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "tile": None if self.tile is None else str(self.tile),
                "end": None if self.end is None else self.end.value, "ends": list(self.ends),
                "stitched": self.stitched, "chipped": self.chipped, "knock": self.tile is None}


@dataclass(frozen=True)
class HandResult:
    """One line of the score sheet: how a hand ended, the tiles left (shown to everyone at the
    end of a hand) and who scored what."""

    number: int
    ending: Ending
    winner: int | None
    """The winning side (``None`` for a drawn hand)."""
    points: int
    chipped: int | None
    """The seat that played its last tile and ended the hand (``None`` if blocked)."""
    left: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles left."""
    totals: tuple[int, ...]
    """Each side's spots left."""
    line: tuple[Placed | None, tuple[Placed, ...], tuple[Placed, ...]] = (None, (), ())
    """The line of play as the hand ended: the lead and the left and right arms."""

    def to_json(self) -> dict[str, Any]:
        lead, left, right = self.line
        return {"number": self.number, "ending": self.ending.value, "winner": self.winner,
                "points": self.points, "chipped": self.chipped,
                "left": [[str(t) for t in hand] for hand in self.left], "totals": list(self.totals),
                "line": {"lead": None if lead is None else lead.to_json(),
                         "left": [p.to_json() for p in left], "right": [p.to_json() for p in right]}}
