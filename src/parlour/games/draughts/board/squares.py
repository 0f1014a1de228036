"""The squares of the board: their numbers, their bits, rows and columns, and the four diagonals.

**Numbers.**  The playing squares are numbered 1 to 32 in the standard checkers way.  Seen with
Black at the top (Black's pieces start on 1-12 and move down the board, White's on 21-32 and
move up)::

        .  1  .  2  .  3  .  4        Black's back row (White crowns here)
        5  .  6  .  7  .  8  .
        .  9  . 10  . 11  . 12
       13  . 14  . 15  . 16  .
        . 17  . 18  . 19  . 20
       21  . 22  . 23  . 24  .
        . 25  . 26  . 27  . 28
       29  . 30  . 31  . 32  .        White's back row (Black crowns here)

Square 1 is at White's far left, square 32 at White's near left (``a1`` in chess terms is 29), so
the near right-hand corner of each player is a light square, as the manual asks.

**Bitboards.**  A set of squares is an int with one bit per square, in the *padded* layout: square
``s`` is bit ``s - 1 + (s - 1) // 8`` (``BIT[s]``), so every ninth bit (8, 17 and 26) is a gap
that holds no square.  With the gaps, each diagonal step is the same shift wherever it starts:
``DOWN_LEFT`` is 4 bits up the int, ``DOWN_RIGHT`` 5, ``UP_RIGHT`` -4 and ``UP_LEFT`` -5 (down
and up the board as drawn above; left and right as White sees it).  A step off the side of the
board lands on a gap, a step off the top or bottom outside the 35 bits: ``& VALID`` drops both.
"""

from __future__ import annotations

from collections.abc import Iterable

SQUARES = range(1, 33)
"""The playing squares, 1 to 32."""


def _bit_number(square: int) -> int:
    return square - 1 + (square - 1) // 8


BIT: tuple[int, ...] = (0, *(1 << _bit_number(s) for s in SQUARES))
"""``BIT[s]`` is the bitboard of square ``s`` (``BIT[0]`` is 0, a placeholder)."""

INDEX: tuple[int, ...] = (-1, *(_bit_number(s) for s in SQUARES))
"""``INDEX[s]`` is the bit number of square ``s``."""

SQUARE_OF_BIT: dict[int, int] = {BIT[s]: s for s in SQUARES}
"""The square of a one-square bitboard."""

VALID = sum(BIT[s] for s in SQUARES)
"""Every playing square."""

# ---- the four diagonal directions: a step is a shift of the bitboard ----------------------------

DOWN_LEFT = 4
DOWN_RIGHT = 5
UP_RIGHT = -4
UP_LEFT = -5
DOWN = (DOWN_LEFT, DOWN_RIGHT)
"""Black's forward directions (towards White's back row)."""
UP = (UP_LEFT, UP_RIGHT)
"""White's forward directions (towards Black's back row)."""
DIRECTIONS = (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)
"""All four, in the order of the squares they reach (lowest first)."""


def shift(board: int, step: int) -> int:
    """Every square of ``board`` moved one ``step`` along its diagonal (off-board squares kept:
    mask the result with what it must land on)."""
    return board << step if step > 0 else board >> -step


# ---- rows, masks ---------------------------------------------------------------------------------

def _row(first: int) -> int:
    return sum(BIT[s] for s in range(first, first + 4))


BLACK_START = sum(BIT[s] for s in range(1, 13))
WHITE_START = sum(BIT[s] for s in range(21, 33))
BLACK_CROWN_ROW = _row(29)
"""Where Black's men are crowned (White's back row)."""
WHITE_CROWN_ROW = _row(1)
"""Where White's men are crowned (Black's back row)."""


def row_of(square: int) -> int:
    """0 for Black's back row (1-4) to 7 for White's (29-32)."""
    return (square - 1) // 4


def column_of(square: int) -> int:
    """0 (a) to 7 (h), seen from White's side with Black at the top."""
    r, c = divmod(square - 1, 4)
    return 2 * c + (1 if r % 2 == 0 else 0)


def square_at(row: int, column: int) -> int | None:
    """The square at a row and column, or ``None`` for a light square or off the board."""
    if not (0 <= row < 8 and 0 <= column < 8) or (row + column) % 2 == 0:
        return None
    return row * 4 + column // 2 + 1


def between(a: int, b: int) -> int | None:
    """The square jumped over going from ``a`` to ``b``, if they are a jump apart on a diagonal."""
    ra, ca, rb, cb = row_of(a), column_of(a), row_of(b), column_of(b)
    if abs(ra - rb) != 2 or abs(ca - cb) != 2:
        return None
    return square_at((ra + rb) // 2, (ca + cb) // 2)


def are_neighbours(a: int, b: int) -> bool:
    """Whether ``b`` is one diagonal step from ``a``."""
    return abs(row_of(a) - row_of(b)) == 1 and abs(column_of(a) - column_of(b)) == 1


def squares_of(mask: int) -> tuple[int, ...]:
    """The squares in a bitboard, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(SQUARE_OF_BIT[low])
        mask ^= low
    return tuple(out)


def mask_of(squares: Iterable[int]) -> int:
    """The bitboard of some squares."""
    m = 0
    for s in squares:
        m |= BIT[s]
    return m


def to_square_mask(bitboard: int) -> int:
    """A padded bitboard as a plain 32-bit set (bit ``s - 1`` for square ``s``): for tables and files."""
    return ((bitboard & 0xFF) | (bitboard >> 1 & 0xFF00) | (bitboard >> 2 & 0xFF0000)
            | (bitboard >> 3 & 0xFF000000))


def from_square_mask(mask: int) -> int:
    """The inverse of :func:`to_square_mask`."""
    return ((mask & 0xFF) | (mask & 0xFF00) << 1 | (mask & 0xFF0000) << 2
            | (mask & 0xFF000000) << 3)
