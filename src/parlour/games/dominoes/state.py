"""The state of a game of dominoes: frozen, hashable, hands as bits of ``Tile.index``
(``tileset.py``).

Nothing here is filtered: the state holds every hand and the sleeping tiles.  What a seat may
know is ``view.py``'s business.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from parlour.games.dominoes.moves import Event, HandResult, Placed
from parlour.games.dominoes.rules import Rules


class Phase(enum.Enum):
    """Where a game stands."""

    DRAW = "draw"
    """Chance: the tiles are shuffled and each player draws a hand."""
    PLAY = "play"
    OVER = "over"


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
