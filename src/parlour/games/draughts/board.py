"""English draughts: squares, positions, moves and their generation, on bitboards held in Python ints.

**Squares** are numbered 1 to 32 in the standard checkers way.  Seen with Black at the top (Black's
pieces start on 1-12 and move down the board, White's on 21-32 and move up)::

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

**Bitboards.**  A set of squares is an int with one bit per square, in the "padded" layout: square
``s`` is bit ``s - 1 + (s - 1) // 8`` (``BIT[s]``), which leaves the bits 8, 17 and 26 always empty.
In that layout the four diagonal neighbours of a square are always 4 and 5 bits away: shifting a
set left by 4 or 5 moves it one row down the board (Black's forward), right by 4 or 5 one row up
(White's forward), and a jump is the same shift twice.  Anything shifted off the board lands on an
empty padding bit or outside ``VALID`` and is masked away.

The public API (used by the game, the perft counter, and the engine built on top):

* :class:`Position` -- frozen: ``black``, ``white``, ``kings`` bitboards and ``black_to_move``;
* :class:`Move` -- frozen: the ``path`` of squares (every landing square of a jump) and the
  ``captured`` squares in jump order;
* :func:`legal_moves` in a documented order, :func:`play` (checked), :func:`play_unchecked`,
  :func:`successors`, :func:`has_legal_move`, :func:`has_capture`, :func:`material` (and
  ``zobrist`` hashing in :mod:`parlour.games.draughts.zobrist`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from parlour.core.bitset import bits as _bits
from parlour.core.errors import IllegalMoveError

SQUARES = range(1, 33)
"""The playing squares, 1 to 32."""


def _bit_index(square: int) -> int:
    return square - 1 + (square - 1) // 8


BIT: tuple[int, ...] = (0, *(1 << _bit_index(s) for s in SQUARES))
"""``BIT[s]`` is the bitboard of square ``s`` (``BIT[0]`` is 0, a placeholder)."""

INDEX: tuple[int, ...] = (-1, *(_bit_index(s) for s in SQUARES))
"""``INDEX[s]`` is the bit number of square ``s``."""

SQUARE_OF_INDEX: dict[int, int] = {INDEX[s]: s for s in SQUARES}
"""The square at a bit number."""

VALID = sum(BIT[s] for s in SQUARES)
"""Every playing square."""

BLACK_START = sum(BIT[s] for s in range(1, 13))
WHITE_START = sum(BIT[s] for s in range(21, 33))
BLACK_CROWN_ROW = sum(BIT[s] for s in range(29, 33))
"""Where Black's men are crowned (White's back row)."""
WHITE_CROWN_ROW = sum(BIT[s] for s in range(1, 5))
"""Where White's men are crowned (Black's back row)."""

MAN_VALUE = 2
KING_VALUE = 3
"""Material units: a man counts 2, a king 3 (a king is worth about a man and a half)."""


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
        out.append(SQUARE_OF_INDEX[low.bit_length() - 1])
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

    ``black``, ``white`` and ``kings`` are padded bitboards (see the module's notes); ``kings`` is a
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


class _Unfrozen:
    """A ``Position`` being made: the same slots (the layout), but no frozen ``__setattr__``,
    so its fields are stored by plain (and quick) attribute stores; assigning ``__class__`` then
    makes it a ``Position`` (CPython allows it between classes of the same layout), the same
    object ``Position(...)`` makes.  ``_Unfrozen()``, the stores and the assignment make a
    ``Position`` several times as quickly as ``Position(...)``, whose ``__init__`` stores each
    field through ``object.__setattr__`` (positions are made at every move; see
    :func:`play_unchecked`)."""

    __slots__ = ("black", "black_to_move", "kings", "white")

    black: int
    white: int
    kings: int
    black_to_move: bool


START = Position(BLACK_START, WHITE_START, 0, True)
"""The opening position."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move: the squares the piece stands on, from start to finish, and the squares it took.

    A simple move is ``Move((11, 15))``; a double jump ``Move((11, 18, 25), (15, 22))``.  Different
    jump paths are different moves even when they start and end on the same squares.  ``str()``
    is the PDN text (``11-15``, ``11x18x25``); ``repr()`` is pasteable Python.
    """

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captured)

    @property
    def text(self) -> str:
        """The PDN text: ``11-15`` or every landing square joined by ``x`` (``11x18x25``)."""
        return ("x" if self.captured else "-").join(map(str, self.path))

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        # The dataclass's ``__eq__`` (kept from it: ``__hash__``), without first making a tuple of
        # each side's fields: moves are compared at every move of a game (the driver looks the
        # chosen one up among the legal moves, comparing it with those before it)
        if other.__class__ is self.__class__:
            return self.path == other.path and self.captured == other.captured
        return NotImplemented

    def __repr__(self) -> str:
        if self.captured:
            return f"Move({self.path!r}, {self.captured!r})"
        return f"Move({self.path!r})"


# ---- move generation ----------------------------------------------------------------------------

_DOWN = (4, 5)
_UP = (-4, -5)


def _neighbour_tables(deltas: tuple[int, ...]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each bit number: the jumps ``(over_bit, land_bit, land_index)`` along ``deltas``."""
    table = []
    for i in range(35):
        jumps = []
        if VALID >> i & 1:
            for d in deltas:
                over, land = i + d, i + 2 * d
                if 0 <= over < 35 and 0 <= land < 35 and VALID >> over & 1 and VALID >> land & 1:
                    jumps.append((1 << over, 1 << land, land))
        table.append(tuple(jumps))
    return tuple(table)


_JUMPS_BLACK_MAN = _neighbour_tables(_DOWN)
_JUMPS_WHITE_MAN = _neighbour_tables(_UP)
_JUMPS_KING = _neighbour_tables(_DOWN + _UP)

RawMove = tuple[tuple[int, ...], tuple[int, ...]]
"""A move as bit numbers: the path and the captured pieces (internal, for speed)."""


def _tree_table(deltas: tuple[int, ...]) -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
    """:func:`_neighbour_tables` with the bit number of the square jumped over:
    ``(over_bit, land_bit, land_index, over_index)``."""
    return tuple(tuple((over, land, li, over.bit_length() - 1) for over, land, li in jumps)
                 for jumps in _neighbour_tables(deltas))


_TREE_BLACK_MAN, _TREE_WHITE_MAN, _TREE_KING = (_tree_table(d) for d in (_DOWN, _UP, _DOWN + _UP))


def _jump_tree(start: int, king: bool, black: bool, own: int, opp: int,
               partial: bool) -> list[RawMove]:
    """Every capture by the piece on bit ``start``: complete ones, or (``partial``) every prefix too.

    Captured pieces are taken off as they are jumped, which cannot change what is legal: a piece
    may not be jumped twice, and (by the colouring of the board) no landing square is ever a
    square a piece was taken from.  The start square is empty once the piece has left it, and so
    is every square it lands on once it has jumped on: the squares it may land on are those empty
    at the start and its own, except the one where it stands, which no jump reaches.
    """
    table = _TREE_KING if king else (_TREE_BLACK_MAN if black else _TREE_WHITE_MAN)
    crown = 0 if king else (BLACK_CROWN_ROW if black else WHITE_CROWN_ROW)
    out: list[RawMove] = []
    empty = VALID & ~(own | opp) | (1 << start)

    def extend(path: tuple[int, ...], caps: tuple[int, ...], at: int, opp: int) -> None:
        went_on = False
        for over, land, li, oi in table[at]:
            if opp & over and empty & land:
                went_on = True
                p, c = (*path, li), (*caps, oi)
                if land & crown:
                    out.append((p, c))  # a man crowned: the move ends here
                    continue
                if partial:
                    out.append((p, c))
                extend(p, c, li, opp ^ over)
        if not went_on and caps and not partial:
            out.append((path, caps))

    extend((start,), (), start, opp)
    return out


def _single_jump_tables() -> tuple[tuple[tuple[tuple[int, int, tuple[tuple[int, int], ...], Move],
                                                ...], ...], ...]:
    """For a black man, a white man and a king: for each bit number, its jumps as
    ``(over_bit, land_bit, onward, move)`` by landing square, ``move`` the ``Move`` of that one
    jump (shared by every call of :func:`legal_moves`) and ``onward`` the jumps the piece could
    make next from where it lands, as ``(over_bit, land_bit)``: none for a man crowned there (the
    move ends), and not back over the piece just taken (a piece is taken once)."""
    tables = []
    for deltas, crown in ((_DOWN, BLACK_CROWN_ROW), (_UP, WHITE_CROWN_ROW), (_DOWN + _UP, 0)):
        neighbours = _neighbour_tables(deltas)
        table = []
        for i, jumps in enumerate(neighbours):
            table.append(tuple(
                (over, land,
                 () if land & crown else tuple((o, n) for o, n, _ in neighbours[li] if n != 1 << i),
                 Move((SQUARE_OF_INDEX[i], SQUARE_OF_INDEX[li]), (SQUARE_OF_INDEX[over.bit_length() - 1],)))
                for over, land, li in sorted(jumps, key=lambda jump: jump[2])))
        tables.append(tuple(table))
    return tuple(tables)


_SINGLE_JUMPS_BLACK_MAN, _SINGLE_JUMPS_WHITE_MAN, _SINGLE_JUMPS_KING = _single_jump_tables()
_BIT_NUMBER = {1 << i: i for i in range(35)}
"""The bit number of a one-bit int."""


def _complete_captures(position: Position, capturers: int) -> list[Move]:
    """The complete captures by the pieces on ``capturers`` (the mover's pieces that can capture),
    in :func:`legal_moves` order.

    The same as sorting every piece's :func:`_jump_tree`, quicker for the usual case: a piece none
    of whose jumps can go on has only single jumps, taken from a table already in order (by
    landing square).  A piece with a longer capture gets its whole jump tree, sorted.  The pieces
    come lowest first, and each one's moves start on its own square, so the whole list is in order.
    """
    black_to_move, kings = position.black_to_move, position.kings
    if black_to_move:
        own, opp, men = position.black, position.white, _SINGLE_JUMPS_BLACK_MAN
    else:
        own, opp, men = position.white, position.black, _SINGLE_JUMPS_WHITE_MAN
    empty = VALID ^ (own | opp)
    out: list[Move] = []
    while capturers:
        low = capturers & -capturers
        capturers ^= low
        i = _BIT_NUMBER[low]
        king = kings & low
        here = empty | low  # the piece has left its square
        singles: list[Move] = []
        for over, land, onward, single in (_SINGLE_JUMPS_KING if king else men)[i]:
            if opp & over and here & land:
                # can it jump again from ``land``?  (The square beyond is empty now if it is in
                # ``here``: it is neither ``land`` nor ``over``, by the colouring of the board.)
                for over2, land2 in onward:
                    if opp & over2 and here & land2:
                        break
                else:
                    singles.append(single)
                    continue
                break
        else:
            out += singles
            continue
        # the piece can take more than one: every complete capture of its jump tree
        out += map(_to_move, sorted(_jump_tree(i, bool(king), black_to_move, own, opp, False)))
    return out


def _capturers(black: int, white: int, kings: int, black_to_move: bool) -> int:
    """The bitboard of the mover's pieces that can capture now."""
    empty = VALID & ~(black | white)
    # down: the pieces that move down the board (Black's, and kings); up: White's, and kings
    if black_to_move:
        opp, down, up = white, black, black & kings
    else:
        opp, down, up = black, white & kings, white
    return (down & ((opp & (empty >> 4)) >> 4 | (opp & (empty >> 5)) >> 5)
            | up & ((opp & (empty << 4)) << 4 | (opp & (empty << 5)) << 5))


def has_capture(position: Position) -> bool:
    """Whether the side to move can capture (and so, under the compulsory rule, must)."""
    return _capturers(position.black, position.white, position.kings, position.black_to_move) != 0


def capturing_squares(position: Position) -> tuple[int, ...]:
    """The squares of the mover's pieces that can capture now."""
    return squares_of(_capturers(position.black, position.white, position.kings,
                                 position.black_to_move))


def _raw_captures(position: Position, capturers: int, partial: bool) -> list[RawMove]:
    """The captures by the pieces on ``capturers`` (the mover's pieces that can capture)."""
    black_to_move = position.black_to_move
    own, opp = (position.black, position.white) if black_to_move else (position.white, position.black)
    out: list[RawMove] = []
    for i in _bits(capturers):
        out += _jump_tree(i, bool(position.kings >> i & 1), black_to_move, own, opp, partial)
    return out


def _step_table() -> tuple[tuple[tuple[Move, ...], ...], ...]:
    """For each bit number ``i``: the simple moves from there, by which of its four neighbours are
    empty.  ``_STEPS[i][p]`` for the 4-bit pattern ``p`` whose bits 0-3 say whether bits ``i - 5``,
    ``i - 4``, ``i + 4`` and ``i + 5`` are empty (a padding or off-board bit is never empty): the
    moves to those squares, by landing square (so in :func:`legal_moves` order).  A man's pattern
    is masked to its own direction (bits 0-1 for White, 2-3 for Black).  One ``Move`` per pair of
    squares, shared by every call of :func:`legal_moves`."""
    table = []
    for i in range(35):
        row: list[tuple[Move, ...]] = []
        for pattern in range(16):
            steps = []
            if VALID >> i & 1:
                for k, d in enumerate((-5, -4, 4, 5)):
                    land = i + d
                    if pattern >> k & 1 and 0 <= land < 35 and VALID >> land & 1:
                        steps.append(Move((SQUARE_OF_INDEX[i], SQUARE_OF_INDEX[land])))
            row.append(tuple(steps))
        table.append(tuple(row))
    # the same Move object for each pair of squares, in every pattern
    shared: dict[Move, Move] = {}
    return tuple(tuple(tuple(shared.setdefault(m, m) for m in steps) for steps in row)
                 for row in table)


_STEPS = _step_table()


def _single_jump_table() -> tuple[tuple[tuple[Move, ...], ...], ...]:
    """Like :func:`_step_table` for single jumps: ``_JUMPS[i][p]`` for the 4-bit pattern ``p`` whose
    bits 0-3 say whether the piece on bit ``i`` can jump to bits ``i - 10``, ``i - 8``, ``i + 8``
    and ``i + 10`` (over ``i - 5``, ``i - 4``, ``i + 4``, ``i + 5``): those jumps, by landing
    square.  The same ``Move`` objects as ``_SINGLE_JUMPS_KING``."""
    shared = {single: single for jumps in _SINGLE_JUMPS_KING for _, _, _, single in jumps}
    table = []
    for i in range(35):
        row = []
        for pattern in range(16):
            jumps = []
            for k, d in enumerate((-5, -4, 4, 5)):
                over, land = i + d, i + 2 * d
                if (pattern >> k & 1 and 0 <= over < 35 and 0 <= land < 35 and VALID >> i & 1
                        and VALID >> over & 1 and VALID >> land & 1):
                    move = Move((SQUARE_OF_INDEX[i], SQUARE_OF_INDEX[land]), (SQUARE_OF_INDEX[over],))
                    jumps.append(shared.get(move, move))
            row.append(tuple(jumps))
        table.append(tuple(row))
    return tuple(table)


_JUMPS = _single_jump_table()


class _QuarterSteps:
    """The simple moves of the pieces in one quarter of the board (two rows, eight squares: bit
    numbers ``9 * q`` to ``9 * q + 7``), by the quarter's part of a key of :func:`_legal`: the
    pieces that can step 4 and 5 bits down (one row down the board) and 4 and 5 bits up, each set
    at its place in one int (``places``: where the steps to ``i - 5``, ``i - 4``, ``i + 4`` and
    ``i + 5`` are, ``None`` for a way these pieces do not move).  The moves from each square, by
    landing square, lowest square first (so in :func:`legal_moves` order).  Filled as keys come up
    (a quarter has at most 2 ** 28 of them; once a few hundred games have been played, a game
    meets a handful of new ones), and emptied if it ever holds more than ``LIMIT``.

    The moves found are in ``moves``, a plain ``dict``, which the move generators index directly,
    in a ``try`` (a dict subclass with ``__missing__`` would fill itself, but CPython indexes a
    subclass of ``dict`` by calling its ``__getitem__`` method, not by the quick path it has for a
    ``dict``); on a ``KeyError``, :func:`_looked_up` works out what is missing."""

    LIMIT = 1 << 15

    def __init__(self, quarter: int, places: tuple[int | None, ...],
                 table: tuple[tuple[tuple[Move, ...], ...], ...] = _STEPS) -> None:
        self.moves: dict[int, tuple[Move, ...]] = {}
        self.low = 9 * quarter
        self.places = places
        self.table = table
        pieces = 0xFF << self.low
        self.mask = sum(pieces << p for p in places if p is not None)
        # for each way the pieces move: where its byte of a key is, and for each value of that
        # byte, the moves it stands for, each with its place in legal_moves order (by square,
        # then by way: the ways are in order of landing square)
        self.ways = tuple(
            (self.low + p, tuple(
                tuple((4 * i + k, table[i][1 << k][0]) for i in _bits(byte << self.low)
                      if table[i][1 << k])
                for byte in range(256)))
            for k, p in enumerate(places) if p is not None)

    def _missing(self, key: int) -> tuple[Move, ...]:
        """The moves for ``key`` (this quarter's part of one), worked out and kept."""
        # a byte of the key for each way, instead of the bits of each square (fewer operations)
        moves: list[tuple[int, Move]] = []
        for at, by_byte in self.ways:
            moves += by_byte[key >> at & 0xFF]
        moves.sort()  # (by place: no two moves share one)
        if len(self.moves) >= self.LIMIT:
            self.moves.clear()
        found = self.moves[key] = tuple([move for _, move in moves])
        return found


def _looked_up(quarters: tuple[_QuarterSteps, ...], key: int) -> tuple[Move, ...]:
    """The four ``quarters``' moves for ``key``, the missing ones worked out (after a ``KeyError``
    from indexing their ``moves`` directly)."""
    found: tuple[Move, ...] = ()
    for quarter in quarters:
        part = key & quarter.mask
        moves = quarter.moves.get(part)
        found += quarter._missing(part) if moves is None else moves
    return found


def _layout(slots: tuple[tuple[int, int], ...]) -> dict[tuple[int, int], int]:
    """Where, in one int, :func:`_legal` keeps each of ``slots``: for a slot ``(d, k)``, the
    pieces that can step (``k`` 1) or jump (``k`` 2) ``d`` bits (4 or 5 down the board, -4 or -5
    up), at the slot's offset ``o`` plus their bit numbers.  Three products make them all at once
    (see :func:`_products`), each a sum of copies of one board, shifted: of the mover's pieces at
    ``o``, of the empty squares at ``o - k * d`` (so bit ``i + k * d`` of the board is at
    ``o + i``) and, for a jump, of the opponent's pieces at ``o - d`` (the square jumped over).
    The offsets, the lowest that work in the order given, keep every copy (35 bits) clear of the
    others in the same product (so nothing carries) and of every other slot's place in the
    others: a place of a slot then holds only what that slot's copies put there, and the empty
    squares and the pieces of a board (never the padding bits) say which squares are on the board:
    no mask is needed.  (An operation on these many-digit ints costs about as much as a look-up,
    whatever its size: fewer operations, not smaller ints, make move generation quick.)"""
    placed: list[tuple[int, int | None, int]] = []  # where the copies start: pieces, opp, empty

    def clear(a: int | None, b: int | None) -> bool:  # two copies (35 bits) from a and b do not meet
        return a is None or b is None or a + 35 <= b or b + 35 <= a

    offsets: dict[tuple[int, int], int] = {}
    for d, k in slots:
        o = 0
        while True:
            mine = (o, o - d if k == 2 else None, o - k * d)
            if min(c for c in mine if c is not None) >= 0 and all(
                    clear(mine[0], theirs[0]) and clear(mine[1], theirs[1]) and clear(mine[2], theirs[2])
                    and clear(mine[1], theirs[0]) and clear(mine[2], theirs[0])
                    and clear(mine[0], theirs[1]) and clear(mine[0], theirs[2]) for theirs in placed):
                break
            o += 1
        placed.append(mine)
        offsets[d, k] = o
    return offsets


def _products(layout: dict[tuple[int, int], int], ways: Iterable[int]
              ) -> tuple[int, int, int]:
    """The multipliers of :func:`_legal` for the slots of ``layout`` whose ``d`` is in ``ways``:
    the pieces' (a copy at each slot's offset), the empty squares' and the opponent's pieces' (at
    the jump slots only).  A board times each is the sum of its copies (see :func:`_layout`)."""
    pieces = empty = opp = 0
    for (d, k), o in layout.items():
        if d in ways:
            pieces |= 1 << o
            empty |= 1 << (o - k * d)
            if k == 2:
                opp |= 1 << (o - d)
    return pieces, empty, opp


def _places(layout: dict[tuple[int, int], int], k: int) -> tuple[int | None, ...]:
    """The offsets of the steps (``k`` 1) or jumps (``k`` 2) to bits ``i - 5``, ``i - 4``,
    ``i + 4`` and ``i + 5`` in ``layout`` (for :class:`_QuarterSteps`)."""
    return tuple(layout.get((d, k)) for d in (-5, -4, 4, 5))


_KING_LAYOUT = _layout(((-5, 1), (-4, 1), (4, 1), (5, 1), (-5, 2), (-4, 2), (4, 2), (5, 2)))
"""A side with kings: the steps (the key of the simple moves' tables) and the jumps, both ways."""
_BLACK_LAYOUT = _layout(((4, 1), (5, 1), (4, 2), (5, 2)))
"""Black's men (moving down the board)."""
_WHITE_LAYOUT = _layout(((-5, 1), (-4, 1), (-5, 2), (-4, 2)))
"""White's men (moving up)."""
_KING_DOWN, _KING_EMPTY, _KING_OPP = _products(_KING_LAYOUT, (4, 5))
_KING_UP = _products(_KING_LAYOUT, (-4, -5))[0]
_KING_EMPTY |= _products(_KING_LAYOUT, (-4, -5))[1]
_KING_OPP |= _products(_KING_LAYOUT, (-4, -5))[2]
_BLACK_PIECES, _BLACK_EMPTY, _BLACK_OPP = _products(_BLACK_LAYOUT, (4, 5))
_WHITE_PIECES, _WHITE_EMPTY, _WHITE_OPP = _products(_WHITE_LAYOUT, (-4, -5))
_KING_JUMPS = tuple(_KING_LAYOUT[d, 2] for d in (-5, -4, 4, 5))
_BLACK_J4, _BLACK_J5 = _BLACK_LAYOUT[4, 2], _BLACK_LAYOUT[5, 2]
_WHITE_J4, _WHITE_J5 = _WHITE_LAYOUT[-4, 2], _WHITE_LAYOUT[-5, 2]
_BLACK_L4, _BLACK_L5, _WHITE_L4, _WHITE_L5 = _BLACK_J4 - 8, _BLACK_J5 - 10, _WHITE_J4 + 8, _WHITE_J5 + 10
"""Shifts taking the jump slots' pieces to their landing squares."""
_BLACK_JUMP_PLACES = 1 << _BLACK_J4 | 1 << _BLACK_J5
_WHITE_JUMP_PLACES = 1 << _WHITE_J4 | 1 << _WHITE_J5


_QUARTERS = tuple(_QuarterSteps(q, _places(_KING_LAYOUT, 1)) for q in range(4))
"""For a side with kings: keyed by the steps of :data:`_KING_LAYOUT`."""
_Q0, _Q1, _Q2, _Q3 = (q.moves for q in _QUARTERS)
_M0, _M1, _M2, _M3 = (q.mask for q in _QUARTERS)
_BLACK_QUARTERS = tuple(_QuarterSteps(q, _places(_BLACK_LAYOUT, 1)) for q in range(4))
"""For Black's men (moving down)."""
_B0, _B1, _B2, _B3 = (q.moves for q in _BLACK_QUARTERS)
_BM0, _BM1, _BM2, _BM3 = (q.mask for q in _BLACK_QUARTERS)
_WHITE_QUARTERS = tuple(_QuarterSteps(q, _places(_WHITE_LAYOUT, 1)) for q in range(4))
"""For White's men (moving up)."""
_W0, _W1, _W2, _W3 = (q.moves for q in _WHITE_QUARTERS)
_WM0, _WM1, _WM2, _WM3 = (q.mask for q in _WHITE_QUARTERS)
_BLACK_JUMPS = tuple(_QuarterSteps(q, _places(_BLACK_LAYOUT, 2), _JUMPS) for q in range(4))
_WHITE_JUMPS = tuple(_QuarterSteps(q, _places(_WHITE_LAYOUT, 2), _JUMPS) for q in range(4))
"""The same for men's single jumps (:func:`_single_jump_table`), keyed by the jump slots."""
_J0, _J1, _J2, _J3 = (q.moves for q in _BLACK_JUMPS)
_JM0, _JM1, _JM2, _JM3 = (q.mask for q in _BLACK_JUMPS)
_JW0, _JW1, _JW2, _JW3 = (q.moves for q in _WHITE_JUMPS)
_JWM0, _JWM1, _JWM2, _JWM3 = (q.mask for q in _WHITE_JUMPS)
_NOT_BLACK_CROWN, _NOT_WHITE_CROWN = VALID & ~BLACK_CROWN_ROW, VALID & ~WHITE_CROWN_ROW
_LOW = (1 << 35) - 1
"""The bits of one board."""


def has_legal_move(position: Position) -> bool:
    """Whether the side to move has a legal move (under either rule): whether :func:`legal_moves`
    is not empty, much more quickly.  A piece can move if the square next to it, or the square
    beyond an opponent's piece next to it, is empty, in a direction it moves."""
    black, white, kings = position.black, position.white, position.kings
    empty = VALID & ~(black | white)
    if position.black_to_move:
        opp, down, up = white, black, black & kings
    else:
        opp, down, up = black, white & kings, white
    below4, below5, above4, above5 = empty >> 4, empty >> 5, empty << 4, empty << 5
    return bool(down & (below4 | below5 | (opp & below4) >> 4 | (opp & below5) >> 5)
                or up & (above4 | above5 | (opp & above4) << 4 | (opp & above5) << 5))


@lru_cache(maxsize=1 << 14)
def _to_move(raw: RawMove) -> Move:
    """The ``Move`` of a capture found as bit numbers (kept: the same captures come up again)."""
    path, caps = raw
    return Move(tuple(SQUARE_OF_INDEX[i] for i in path), tuple(SQUARE_OF_INDEX[i] for i in caps))


def legal_move_list(position: Position, compulsory: bool = True) -> list[Move]:
    """:func:`legal_moves` worked out afresh, as a new list (the caller may add to it)."""
    return list(_legal(position, compulsory))


def _legal(position: Position, compulsory: bool) -> list[Move] | tuple[Move, ...]:
    """:func:`legal_moves` worked out afresh, as a list or a tuple (not to be changed).

    Every operation on these ints costs about as much as a look-up, so there are few: three
    products (:func:`_layout`) say, in one int, which pieces can step and which can jump each way;
    the simple moves then come from four look-ups (:class:`_QuarterSteps`, one a quarter of the
    board) keyed by the steps the pieces can make, instead of a few operations a piece."""
    black, white, kings = position.black, position.white, position.kings
    empty = VALID ^ (black | white)
    # down: the pieces that move down the board (Black's, and kings); up: White's, and kings.
    if position.black_to_move:  # (``kings and``: no operation on the ints when there are none)
        opp, down, up = white, black, kings and black & kings
    else:
        opp, down, up = black, kings and white & kings, white
    # A capture is compulsory.  Men only: when no man that can take can take again from where it
    # lands (and is not crowned there), the captures are the single jumps, found like the simple
    # moves (by quarters); else every capturer's jump tree (_complete_captures).  For a man the
    # test on the board before the jump is exact: a man goes on forward, away from the square it
    # left and the piece it took.  (With kings, _complete_captures: the test costs more than it
    # saves.)  ``steps`` holds, in each slot, the pieces whose square that way is empty (for a
    # jump slot, the square beyond); ``jumps`` those of the jump slots with an opponent's piece
    # to jump over: the pieces that can jump that way (the key of the single jumps' tables).
    if not up:  # Black's men only (or no pieces)
        spaces = empty * _BLACK_EMPTY
        steps = down * _BLACK_PIECES & spaces
        over = opp * _BLACK_OPP
        jumps = steps & over
        if jumps:
            if compulsory:
                # where the men land, if not crowned there, as men that can jump from there
                lands = (jumps >> _BLACK_L4 | jumps >> _BLACK_L5) & _NOT_BLACK_CROWN
                if lands * _BLACK_JUMP_PLACES & spaces & over:
                    return _complete_captures(position, (jumps >> _BLACK_J4 | jumps >> _BLACK_J5) & _LOW)
                try:
                    return _J0[jumps & _JM0] + _J1[jumps & _JM1] + _J2[jumps & _JM2] + _J3[jumps & _JM3]
                except KeyError:  # (see _QuarterSteps)
                    return _looked_up(_BLACK_JUMPS, jumps)
            capturers = (jumps >> _BLACK_J4 | jumps >> _BLACK_J5) & _LOW
        try:
            simple = _B0[steps & _BM0] + _B1[steps & _BM1] + _B2[steps & _BM2] + _B3[steps & _BM3]
        except KeyError:
            simple = _looked_up(_BLACK_QUARTERS, steps)
    elif not down:  # White's men only
        spaces = empty * _WHITE_EMPTY
        steps = up * _WHITE_PIECES & spaces
        over = opp * _WHITE_OPP
        jumps = steps & over
        if jumps:
            if compulsory:
                lands = (jumps >> _WHITE_L4 | jumps >> _WHITE_L5) & _NOT_WHITE_CROWN
                if lands * _WHITE_JUMP_PLACES & spaces & over:
                    return _complete_captures(position, (jumps >> _WHITE_J4 | jumps >> _WHITE_J5) & _LOW)
                try:
                    return (_JW0[jumps & _JWM0] + _JW1[jumps & _JWM1] + _JW2[jumps & _JWM2]
                            + _JW3[jumps & _JWM3])
                except KeyError:
                    return _looked_up(_WHITE_JUMPS, jumps)
            capturers = (jumps >> _WHITE_J4 | jumps >> _WHITE_J5) & _LOW
        try:
            simple = _W0[steps & _WM0] + _W1[steps & _WM1] + _W2[steps & _WM2] + _W3[steps & _WM3]
        except KeyError:
            simple = _looked_up(_WHITE_QUARTERS, steps)
    else:  # a side with kings, which move both ways
        steps = (down * _KING_DOWN | up * _KING_UP) & empty * _KING_EMPTY
        jumps = steps & opp * _KING_OPP
        if jumps:
            a, b, c, d = _KING_JUMPS
            capturers = (jumps >> a | jumps >> b | jumps >> c | jumps >> d) & _LOW
            if compulsory:  # (the test for single jumps costs more than it saves here)
                return _complete_captures(position, capturers)
        try:
            simple = _Q0[steps & _M0] + _Q1[steps & _M1] + _Q2[steps & _M2] + _Q3[steps & _M3]
        except KeyError:
            simple = _looked_up(_QUARTERS, steps)
    if jumps:  # huffing rules: the captures, then the simple moves
        return [*_partial_captures(position, capturers), *simple]
    return simple


def _partial_captures(position: Position, capturers: int) -> list[Move]:
    """Huffing rule: every capture by the pieces on ``capturers`` and every prefix of one, in
    :func:`legal_moves` order (sorted as bit numbers, which sorts them by squares)."""
    return list(map(_to_move, sorted(set(_raw_captures(position, capturers, partial=True)))))


def legal_moves_uncached(position: Position, compulsory: bool = True) -> tuple[Move, ...]:
    """:func:`legal_moves` worked out afresh: for a game, whose positions rarely come again
    (hashing a position to look it up costs more than the moves of most)."""
    return tuple(_legal(position, compulsory))


@lru_cache(maxsize=1 << 16)
def legal_moves(position: Position, compulsory: bool = True) -> tuple[Move, ...]:
    """Every legal move, in order: by start square, then by the rest of the path (square numbers).

    With ``compulsory`` (the normal rule) these are the complete captures if there are any, else
    the simple moves.  With ``compulsory=False`` (the huffing rule, where a capture may be left or
    broken off) they are every capture and every prefix of one that took at least one piece, then
    every simple move, captures first.

    >>> [str(m) for m in legal_moves(START)]
    ['9-13', '9-14', '10-14', '10-15', '11-15', '11-16', '12-16']
    """
    return legal_moves_uncached(position, compulsory)


def play_unchecked(position: Position, move: Move) -> Position:
    """The position after ``move``, without checking that it is legal (for perft and search).

    A man ending on the far row is crowned.  Garbage in, garbage out.
    """
    path, black, white, kings = move.path, position.black, position.white, position.kings
    start, end = BIT[path[0]], BIT[path[-1]]
    if kings & start:
        kings = (kings & ~start) | end
    elif end & (BLACK_CROWN_ROW if position.black_to_move else WHITE_CROWN_ROW):
        kings |= end
    if move.captured:
        taken = 0
        for s in move.captured:
            taken |= BIT[s]
        kings &= ~taken
        if position.black_to_move:
            white &= ~taken
        else:
            black &= ~taken
    after = _Unfrozen()  # Position(black, white, kings, not black_to_move), quicker (_Unfrozen)
    if position.black_to_move:
        after.black, after.white, after.black_to_move = (black & ~start) | end, white, False
    else:
        after.black, after.white, after.black_to_move = black, (white & ~start) | end, True
    after.kings = kings
    after.__class__ = Position  # type: ignore[assignment]
    return after  # type: ignore[return-value]


def play(position: Position, move: Move, compulsory: bool = True) -> Position:
    """The position after a legal move; raises ``IllegalMoveError`` for anything else."""
    if move not in legal_moves(position, compulsory):
        raise IllegalMoveError(f"{move} is not a legal move in this position")
    return play_unchecked(position, move)


def successors(position: Position) -> tuple[tuple[Move, Position], ...]:
    """Every legal move with the position it leads to, in :func:`legal_moves` order."""
    return tuple((m, play_unchecked(position, m)) for m in legal_moves(position))


def is_lost(position: Position) -> bool:
    """The side to move has no pieces or no legal move: under the manual's rules it has lost."""
    return not has_legal_move(position)


def material(position: Position, colour: Colour) -> int:
    """A side's material in units: a man 2, a king 3."""
    pieces = position.pieces(colour)
    kings = (pieces & position.kings).bit_count()
    return MAN_VALUE * (pieces.bit_count() - kings) + KING_VALUE * kings
