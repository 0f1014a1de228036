"""Positions: the pieces on the board and the side to move, as three bitboards and a flag."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from parlour.games.draughts.board.squares import (
    BIT,
    BLACK_START,
    SQUARES,
    VALID,
    WHITE_START,
    mask_of,
    squares_of,
)

MAN_VALUE = 2
KING_VALUE = 3
"""Material units: a man counts 2, a king 3 (a king is worth about a man and a half)."""


class Colour(enum.Enum):
    """The two sides, valued by their FEN letter.  Black moves first."""

    BLACK = "B"
    WHITE = "W"

    @property
    def other(self) -> Colour:
        return Colour.WHITE if self is Colour.BLACK else Colour.BLACK

    @property
    def title(self) -> str:
        return "Black" if self is Colour.BLACK else "White"


class Piece(enum.Enum):
    """What can stand on a square, valued by its letter on the text board."""

    BLACK_MAN = "b"
    BLACK_KING = "B"
    WHITE_MAN = "w"
    WHITE_KING = "W"

    @property
    def colour(self) -> Colour:
        return Colour.BLACK if self in (Piece.BLACK_MAN, Piece.BLACK_KING) else Colour.WHITE

    @property
    def king(self) -> bool:
        return self in (Piece.BLACK_KING, Piece.WHITE_KING)


@dataclass(frozen=True, slots=True)
class Position:
    """A board and the side to move: immutable and hashable.

    ``black``, ``white`` and ``kings`` are padded bitboards (:mod:`.squares`); ``kings`` is a
    subset of ``black | white``.  Nothing is checked on construction (it is on the hot path); use
    :meth:`from_squares` or the FEN reader for checked set-ups.
    """

    black: int
    white: int
    kings: int = 0
    black_to_move: bool = True

    @classmethod
    def start(cls) -> Position:
        """The opening position: Black on 1-12, White on 21-32, Black to move."""
        return START

    @classmethod
    def from_squares(cls, black: Iterable[int] = (), white: Iterable[int] = (),
                     kings: Iterable[int] = (), turn: Colour = Colour.BLACK) -> Position:
        """A position from square numbers; ``kings`` lists which of the pieces are kings.

        >>> Position.from_squares(black=[1], white=[32], kings=[32]).piece_at(32)
        <Piece.WHITE_KING: 'W'>
        """
        b, w, k = mask_of(black), mask_of(white), mask_of(kings)
        for group in (black, white, kings):
            for s in group:
                if s not in SQUARES:
                    raise ValueError(f"there is no square {s} (squares are 1 to 32)")
        if b & w:
            raise ValueError(f"square {squares_of(b & w)[0]} holds a black and a white piece")
        if k & ~(b | w):
            raise ValueError(f"the king on {squares_of(k & ~(b | w))[0]} is neither black nor white")
        return cls(b, w, k, turn is Colour.BLACK)

    @property
    def turn(self) -> Colour:
        return Colour.BLACK if self.black_to_move else Colour.WHITE

    @property
    def occupied(self) -> int:
        return self.black | self.white

    @property
    def empty(self) -> int:
        return VALID & ~(self.black | self.white)

    def pieces(self, colour: Colour) -> int:
        """The bitboard of one side's pieces."""
        return self.black if colour is Colour.BLACK else self.white

    def piece_at(self, square: int) -> Piece | None:
        bit = BIT[square]
        if self.black & bit:
            return Piece.BLACK_KING if self.kings & bit else Piece.BLACK_MAN
        if self.white & bit:
            return Piece.WHITE_KING if self.kings & bit else Piece.WHITE_MAN
        return None

    def squares(self, colour: Colour, kings: bool | None = None) -> tuple[int, ...]:
        """A side's squares: all, only kings (``kings=True``) or only men (``False``)."""
        mask = self.pieces(colour)
        if kings is True:
            mask &= self.kings
        elif kings is False:
            mask &= ~self.kings
        return squares_of(mask)

    def without(self, square: int) -> Position:
        """The same position with the piece on ``square`` taken off (a huff)."""
        keep = ~BIT[square]
        return Position(self.black & keep, self.white & keep, self.kings & keep, self.black_to_move)

    def fen(self) -> str:
        """The position in PDN's FEN (``B:W21,...:B1,...``)."""
        from parlour.games.draughts.notation import format_fen

        return format_fen(self)

    @classmethod
    def from_fen(cls, text: str) -> Position:
        from parlour.games.draughts.notation import parse_fen

        return parse_fen(text)


START = Position(BLACK_START, WHITE_START, 0, True)
"""The opening position."""


def material(position: Position, colour: Colour) -> int:
    """A side's material in units: a man 2, a king 3."""
    pieces = position.pieces(colour)
    kings = (pieces & position.kings).bit_count()
    return MAN_VALUE * (pieces.bit_count() - kings) + KING_VALUE * kings
