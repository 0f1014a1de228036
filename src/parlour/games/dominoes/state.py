"""The state of a game of dominoes: frozen, hashable, hands as bits of ``Tile.index``.

Nothing here is filtered: the state holds every hand and the sleeping tiles.  What a seat may
know is ``view.py``'s business.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from parlour.core.tiles import Tile, double_six_set
from parlour.games.dominoes.notation import End
from parlour.games.dominoes.rules import Rules

TILES = double_six_set()
"""Every tile, by index."""


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles of a bit mask, in index order (0|0 first)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(TILES[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def mask_of(tiles: tuple[Tile, ...] | list[Tile]) -> int:
    mask = 0
    for tile in tiles:
        mask |= 1 << tile.index
    return mask


def spots(mask: int) -> int:
    """The spots on the tiles of a mask."""
    return sum(t.pips for t in tiles_of(mask))


class Phase(enum.Enum):
    """Where a game stands."""

    DRAW = "draw"
    """Chance: the tiles are shuffled and each player draws a hand."""
    PLAY = "play"
    OVER = "over"


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


@dataclass(frozen=True)
class State:
    """A whole game: the hand in play, the line of play, the scores and the sheet."""

    rules: Rules
    players: int
    phase: Phase = Phase.DRAW
    hands: tuple[int, ...] = ()
    """Each seat's tiles (bits of ``Tile.index``)."""
    sleeping: int = 0
    """The tiles nobody drew."""
    lead: Placed | None = None
    """The double that opened the line."""
    left: tuple[Placed, ...] = ()
    """The tiles laid on the left of the lead, from the lead outward."""
    right: tuple[Placed, ...] = ()
    current: int = 0
    events: tuple[Event, ...] = ()
    """This hand's public history."""
    out: tuple[bool, ...] = ()
    """Seats that have chipped out (with ``both_chip_out`` play goes on round them)."""
    hand_no: int = 1
    redraws: int = 0
    """Draws of this hand thrown in because nobody held a double."""
    scores: tuple[int, ...] = ()
    """Each side's points."""
    sheet: tuple[HandResult, ...] = ()
    winner: int | None = None
    """The side that reached the target."""

    @property
    def ends(self) -> tuple[int, int] | None:
        """The numbers open at the left and right ends (``None`` before the lead)."""
        if self.lead is None:
            return None
        left = self.left[-1].outer if self.left else self.lead.outer
        right = self.right[-1].outer if self.right else self.lead.outer
        return left, right
