"""The state of a game of Shut the Box: a frozen, hashable value."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from parlour.games.shut_the_box.moves import Dice, RoundResult
from parlour.games.shut_the_box.rules import Mode, Rules


class Status(enum.Enum):
    """Where a seat is in the current round."""

    WAITING = "waiting"
    """Not yet their turn (or, in the long game, the other player's turn)."""
    THROW = "throw"
    """Must throw (choosing one die or two where allowed)."""
    PLACE = "place"
    """Has thrown and must choose tiles adding up to the throw."""
    DONE = "done"
    """Their turn in this round is over; ``scores`` holds the score."""
    OUT = "out"
    """Dropped out of the cumulative game."""


@dataclass(frozen=True)
class State:
    """Everything about a game of Shut the Box at one moment.  Nothing here is secret."""

    rules: Rules
    players: int
    round: int
    starter: int
    covered: tuple[int, ...]
    """Covered tiles (bit masks) per board: one per seat, or a single shared board in the long game."""
    status: tuple[Status, ...]
    dice: tuple[Dice, ...]
    """Each seat's latest throw this round (empty before the first)."""
    current: int | None
    """The seat whose turn it is (``None`` in simultaneous play)."""
    pending: int | None = None
    """The seat whose dice are in the air (a chance node), if any."""
    pending_dice: int = 0
    scores: tuple[int | None, ...] = ()
    totals: tuple[int, ...] = ()
    wins: tuple[Fraction, ...] = ()
    balances: tuple[Fraction, ...] = ()
    bank: int = 0
    """Long game: extra turns earned by doubles and not yet used."""
    history: tuple[RoundResult, ...] = ()
    winners: tuple[int, ...] | None = None
    """Set when the game is over: the seats that won it (several share a tie)."""

    # ---- derived ----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.winners is not None

    def board_of(self, seat: int) -> int:
        """Index into ``covered`` of the board this seat plays on."""
        return 0 if self.rules.mode is Mode.LONG else seat

    def open_for(self, seat: int) -> int:
        """The tiles ``seat`` may flip now: uncovered ones, or covered ones for the long game's uncoverer."""
        covered = self.covered[self.board_of(seat)]
        if self.rules.mode is Mode.LONG and seat == 1:
            return covered
        return self.rules.all_tiles & ~covered

    def uncovered(self, board: int) -> int:
        return self.rules.all_tiles & ~self.covered[board]
