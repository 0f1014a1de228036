"""House rules of English draughts.

The defaults are the manual's main rules; the old huffing rule and the other choices are options.
Every option and judgement call is described in ``docs/rules/draughts.md``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from parlour.core.errors import RulesError


class Colours(enum.Enum):
    """Who plays Black (and so moves first)."""

    TOSS = "toss"
    """The manual's rule: a coin is tossed (a chance event at the start of the game)."""
    FIRST_BLACK = "first-black"
    """The first seat plays Black."""
    SECOND_BLACK = "second-black"
    """The second seat plays Black."""


@dataclass(frozen=True)
class Rules:
    """The house rules of one game of draughts."""

    colours: Colours = field(
        default=Colours.TOSS, metadata={"help": "Who plays Black (moves first): coin toss, or chosen"})
    huffing: bool = field(
        default=False,
        metadata={"help": "The old huffing rule: capturing is optional, but the opponent may then "
                          "huff (remove) the piece that failed to capture"})
    repetition_draw: bool = field(
        default=True,
        metadata={"help": "The game is drawn when the same position occurs for the third time "
                          "(same side to move)"})
    decline_moves: int = field(
        default=40,
        metadata={"help": "A player who declines a draw must win or be a man up within this many "
                          "of their own moves, or the game is drawn (0: no limit)"})
    no_progress_moves: int = field(
        default=0,
        metadata={"help": "Drawn after this many moves by each side with no capture, no man moved "
                          "and no huff (0: off, the manual has no such rule)"})

    def __post_init__(self) -> None:
        if not 0 <= self.decline_moves <= 1000:
            raise RulesError("decline_moves must be between 0 and 1000")
        if not 0 <= self.no_progress_moves <= 1000:
            raise RulesError("no_progress_moves must be between 0 and 1000")
