"""House rules of English draughts.

The defaults are the manual's rules: a draw only by agreement, and a player who declines one held
to the 40-move rule.  The old huffing rule, threefold repetition and the other choices are options.
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
        default=Colours.TOSS, metadata={"label": "Who plays Black",
                                        "help": "Who plays Black (moves first): coin toss, or chosen"})
    huffing: bool = field(
        default=False,
        metadata={"label": "Huffing (captures optional)",
                  "help": "The old huffing rule: capturing is optional, but the opponent may then "
                          "huff (remove) the piece that failed to capture"})
    repetition_draw: bool = field(
        default=False,
        metadata={"label": "Draw on the third repetition",
                  "help": "The game is drawn when the same position occurs for the third time "
                          "(same side to move); the manual has no such rule"})
    decline_moves: int = field(
        default=40,
        metadata={"label": "Moves to win after declining a draw",
                  "help": "A player who declines a draw must win or be a man up within this many "
                          "of their own moves, or the game is drawn (0: no limit)",
                  "min": 0, "max": 1000})
    no_progress_moves: int = field(
        default=0,
        metadata={"label": "Draw after moves without progress",
                  "help": "Drawn after this many moves by each side with no capture, no man moved "
                          "and no huff (0: off, the manual has no such rule)",
                  "min": 0, "max": 1000})

    start: str = field(
        default="",
        metadata={"label": "Starting position",
                  "help": "Start from this position, a PDN FEN such as W:W18,24,27,K10:B12,16,K22 "
                          "(side to move, then each side's squares, kings with K); empty: the usual "
                          "opening"})

    def __post_init__(self) -> None:
        if self.start:
            object.__setattr__(self, "start", _checked_start(self.start))
        if not 0 <= self.decline_moves <= 1000:
            raise RulesError("decline_moves must be between 0 and 1000")
        if not 0 <= self.no_progress_moves <= 1000:
            raise RulesError("no_progress_moves must be between 0 and 1000")


def _checked_start(text: str) -> str:
    """The set-up position ``text`` as a canonical FEN, or ``RulesError`` with the reason."""
    from parlour.games.draughts.board import legal_moves
    from parlour.games.draughts.notation import FenError, format_fen, parse_fen

    try:
        position = parse_fen(text)
    except FenError as exc:
        raise RulesError(f"start: {exc}") from None
    mover = position.turn
    for colour in (mover, mover.other):
        if not position.pieces(colour):
            raise RulesError(f"start: {colour.title} has no pieces in {text.strip()!r}: the game "
                             "would be over before it began")
    if not legal_moves(position, True):
        raise RulesError(f"start: {mover.title}, to move, has no move in {text.strip()!r}: the game "
                         "would be over before it began")
    return format_fen(position)
