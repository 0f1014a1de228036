"""The state of a game of draughts: a frozen, hashable value (the moves are in :mod:`.moves`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from parlour.games.draughts.board import START, Colour, Play, Position
from parlour.games.draughts.moves import Move
from parlour.games.draughts.rules import Rules


class Ending(enum.Enum):
    """How a game ended."""

    NO_PIECES = "no-pieces"
    """The loser has no pieces left."""
    NO_MOVES = "no-moves"
    """The loser, to move, cannot move (and has nothing to huff)."""
    RESIGNED = "resigned"
    TIME = "time"
    """The loser's time ran out on the clock (a table played on a clock)."""
    AGREED = "agreed"
    """A draw by agreement."""
    REPETITION = "repetition"
    """A draw: the same position for the third time."""
    DECLINE_LIMIT = "decline-limit"
    """A draw: the player who declined a draw neither won nor got a man up in time."""
    NO_PROGRESS = "no-progress"
    """A draw by the optional no-progress rule."""


NOT_COUNTING: tuple[int | None, int | None] = (None, None)
"""``State.countdown`` while neither side is held to a limit (no draw offer declined)."""


@dataclass(frozen=True, slots=True)
class State:
    """Everything about a game of draughts at one moment.  Nothing here is secret."""

    rules: Rules
    position: Position = START
    black_seat: int | None = None
    """The seat playing Black; ``None`` until the coin is tossed."""
    plies: int = 0
    """Moves made on the board so far (huffs and draw talk are not moves)."""
    last: Move | None = None
    """The last move on the board, made by the side not to move now."""
    huffable: tuple[int, ...] = ()
    """Huffing rule: squares of the opponent's pieces the side to move may huff now."""
    huffed: int | None = None
    """The square huffed this turn by the side to move (one huff per turn)."""
    offer: bool = False
    """The side to move has offered a draw and waits for the answer."""
    offered: bool = False
    """The side to move has already offered a draw this turn."""
    countdown: tuple[int | None, int | None] = NOT_COUNTING
    """For Black, then White: own moves left to win or get a man up after declining a draw."""
    seen: tuple[Position, ...] = (START,)
    """Positions since the last capture, man's move or huff (for repetition), the latest last."""
    ending: Ending | None = None
    winner: Colour | None = None
    moves: tuple[Move, ...] = field(kw_only=True, compare=False, repr=False)
    """The legal moves on the board in ``position``, in ``board.legal_moves`` order (captures
    compulsory unless the rules allow huffing), whoever is to act (:func:`.engine.legal_actions`
    says what a seat may do)."""
    plays: tuple[Play, ...] = field(kw_only=True, compare=False, repr=False)
    """The same moves with the squares each changes on each board (``board.plays``).

    ``moves`` and ``plays`` follow from ``position`` and ``rules``, so they are not part of the
    state's value: the engine lists them once, when it makes a state with a new position
    (:func:`.engine.moves_in`)."""

    @property
    def quiet(self) -> int:
        """Moves in a row with no capture, no man moved and no huff."""
        return len(self.seen) - 1

    @property
    def over(self) -> bool:
        return self.ending is not None

    @property
    def black_started(self) -> bool:
        """Black made (or makes) the first move of this game: false only for a game set up
        with White to move.  (The side to move alternates with every move on the board.)"""
        return (self.position.turn is Colour.BLACK) == (self.plies % 2 == 0)

    @property
    def turn(self) -> Colour:
        """The side to move on the board."""
        return self.position.turn

    @property
    def seat_to_move(self) -> int:
        """The seat of the side to move on the board (once the colours are known)."""
        assert self.black_seat is not None
        return self.black_seat if self.position.black_to_move else 1 - self.black_seat

    def seat_of(self, colour: Colour) -> int:
        """The seat playing ``colour`` (once the colours are known)."""
        assert self.black_seat is not None
        return self.black_seat if colour is Colour.BLACK else 1 - self.black_seat

    def colour_of(self, seat: int) -> Colour:
        assert self.black_seat is not None
        return Colour.BLACK if seat == self.black_seat else Colour.WHITE
