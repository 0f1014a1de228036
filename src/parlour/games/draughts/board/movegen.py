"""Move generation: every legal move of a position, by the rules of English draughts.

This is the one move generator: the game lists its moves with it, the search its children, and
the plain perft walk counts them.  It follows the rules as the manual gives them:

* a **man** moves one square diagonally forward (Black down the board, White up), a **king**
  one square diagonally either way, onto an empty square (a *step*);
* a piece **jumps** in a direction it may move, over an adjacent enemy piece onto the empty square
  beyond, and takes it; after a jump it **jumps again** while it can (a multi-jump, every
  path a move of its own); no piece is jumped twice;
* a man that reaches the far row is **crowned**, and its move **ends** there;
* **captures are compulsory**: when any piece can jump, the moves are the complete captures.
  Under the huffing rule (``compulsory=False``) a capture may be left or broken off: every
  capture and every part of one that took a piece is a move, and so is every step.

Moves come out as *plays*: ``(black, white, kings, move)``, the squares the move changes on
Black's board, on White's and on the kings' (the boards it leaves are the old ones XOR these; the
side to move changes), and the :class:`~parlour.games.draughts.moves.Move`.  :func:`plays` lists
them for bare bitboards, the search's nodes; :func:`legal_moves` and :func:`play` are the same for
a :class:`~.position.Position`, the moves in order.

The steps from each square, each one's play made once, and the jumps from each square are tables
made at import; a step is listed by looking it up.  What the generator memoises is here, by value
and bounded: the ``Move`` of each capture path.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from parlour.core.errors import IllegalMoveError
from parlour.games.draughts.board.position import Position
from parlour.games.draughts.board.squares import (
    BLACK_CROWN_ROW,
    DIRECTIONS,
    DOWN,
    SQUARE_OF_BIT,
    UP,
    VALID,
    WHITE_CROWN_ROW,
    shift,
    squares_of,
)
from parlour.games.draughts.moves import Move

Play = tuple[int, int, int, Move]
"""A legal move and what it changes: ``(black, white, kings, move)``, the squares it changes on
each board (XOR them in), and the move."""

Step = tuple[int, Play]
"""A step from a square: ``(land, play)``, the bitboard of the square it lands on (it must be
empty), and its play."""
Jump = tuple[int, int]
"""A jump from a square: ``(over, land)``, the bitboards of the square jumped and the square
landed on."""


def _steps_from(ways: tuple[int, ...], black: bool, crown: int | None) -> dict[int, tuple[Step, ...]]:
    """For each square (its bitboard), the steps along ``ways`` that stay on the board, lowest
    landing square first, of a black piece or a white one: a man's, crowned on ``crown`` (its far
    row), or a king's (``crown`` is ``None``).  A step changes its two squares on its side's
    board, and on the kings' a king's two squares or the square where a man is crowned."""
    out = {}
    for start, square in SQUARE_OF_BIT.items():
        steps = []
        for land in sorted(shift(start, step) & VALID for step in ways):
            if land:
                moved = start | land
                kings_changed = moved if crown is None else land & crown
                move = Move((square, SQUARE_OF_BIT[land]))
                steps.append((land, (moved, 0, kings_changed, move) if black
                              else (0, moved, kings_changed, move)))
        out[start] = tuple(steps)
    return out


def _jumps_from(ways: tuple[int, ...]) -> dict[int, tuple[Jump, ...]]:
    """For each square (its bitboard), the jumps along ``ways`` that stay on the board, lowest
    landing square first."""
    out = {}
    for start in SQUARE_OF_BIT:
        jumps = ((shift(start, step) & VALID, shift(start, 2 * step) & VALID) for step in ways)
        out[start] = tuple(sorted((over, land) for over, land in jumps if over and land))
    return out


@dataclass(frozen=True, slots=True)
class _Side:
    """What moving as one colour means: where its men are crowned, the steps of its men and of
    its kings from each square (one ``Move`` and one play for each, made once: a game lists them
    at every turn), and the jumps of its men."""

    crown: int
    man_steps: dict[int, tuple[Step, ...]]
    king_steps: dict[int, tuple[Step, ...]]
    man_jumps: dict[int, tuple[Jump, ...]]


_SIDES = {
    True: _Side(BLACK_CROWN_ROW, _steps_from(DOWN, True, BLACK_CROWN_ROW),
                _steps_from(DIRECTIONS, True, None), _jumps_from(DOWN)),
    False: _Side(WHITE_CROWN_ROW, _steps_from(UP, False, WHITE_CROWN_ROW),
                 _steps_from(DIRECTIONS, False, None), _jumps_from(UP)),
}
"""Black's (``True``: Black to move) and White's."""
_KING_JUMPS = _jumps_from(DIRECTIONS)
"""A king's jumps from each square, either colour's."""


@lru_cache(maxsize=1 << 12)
def _jump_move(path: tuple[int, ...]) -> Move:
    """The ``Move`` of a capture along ``path`` (the bitboards of the squares the piece stands on,
    from start to finish): each piece taken is on the square between two landings."""
    squares = tuple(SQUARE_OF_BIT[b] for b in path)
    taken = tuple(SQUARE_OF_BIT[1 << ((a.bit_length() + b.bit_length() - 2) // 2)]
                  for a, b in itertools.pairwise(path))
    return Move(squares, taken)


def _movers(black: int, white: int, kings: int, black_to_move: bool) -> tuple[int, int]:
    """The mover's pieces that move down the board (Black's, and White's kings) and those that
    move up (White's, and Black's kings)."""
    if black_to_move:
        return black, black & kings
    return white & kings, white


def capturers(black: int, white: int, kings: int, black_to_move: bool) -> int:
    """The mover's pieces that can jump now: along a direction it may move, an enemy piece next to
    it and an empty square beyond.  Not empty: the side to move must capture.

    (All at once: a step down the board is a shift of 4 or 5 bits up the int, a step up the board
    the same shift down; see :mod:`.squares`.)"""
    down, up = _movers(black, white, kings, black_to_move)
    return _jumpers(down, up, white if black_to_move else black, VALID & ~(black | white))


def _jumpers(down: int, up: int, opp: int, empty: int) -> int:
    """Of the pieces ``down`` (moving down the board) and ``up`` (moving up), those with a piece
    of ``opp`` next to them and a square of ``empty`` beyond, in a direction they move."""
    found = 0
    if down:  # from the empty squares, back up the board over an enemy piece to the jumper
        found |= down & ((opp & empty >> 4) >> 4 | (opp & empty >> 5) >> 5)
    if up:
        found |= up & ((opp & empty << 4) << 4 | (opp & empty << 5) << 5)
    return found


def can_move(black: int, white: int, kings: int, black_to_move: bool) -> bool:
    """Whether the side to move has a move (under either rule): a piece with an empty square next
    to it, or beyond an enemy piece next to it, in a direction it may move (as :func:`capturers`)."""
    empty = VALID & ~(black | white)
    opp = white if black_to_move else black
    down, up = _movers(black, white, kings, black_to_move)
    return bool(down & ((empty | opp & empty >> 4) >> 4 | (empty | opp & empty >> 5) >> 5)
                or up & ((empty | opp & empty << 4) << 4 | (empty | opp & empty << 5) << 5))


def _jumps(at: int, jumps: dict[int, tuple[Jump, ...]], opp: int, empty: int, crown: int,
           path: tuple[int, ...], taken: int, partial: bool,
           out: list[tuple[tuple[int, ...], int]]) -> None:
    """Every way on for the piece on ``at`` (one bit), come along ``path`` taking ``taken``: adds
    ``(path, taken)`` of each complete capture to ``out`` or, with ``partial``, of every capture
    so far too.  Lowest landing square first, so the paths come in order.

    ``opp`` loses each piece as it is taken, so none is jumped twice; ``empty`` holds the square
    the piece started from, which it may pass again.  A square once taken from is never a landing
    square (a piece lands on every other square of a diagonal), so it needs no other mark."""
    went_on = False
    for over, land in jumps[at]:
        if over & opp and land & empty:
            went_on = True
            onward = (*path, land)
            if partial:
                out.append((onward, taken | over))
            if land & crown:  # a man reaching the far row is crowned: the move ends
                if not partial:
                    out.append((onward, taken | over))
            else:
                _jumps(land, jumps, opp & ~over, empty, crown, onward, taken | over, partial, out)
    if not went_on and not partial and taken:
        out.append((path, taken))


def plays(black: int, white: int, kings: int, black_to_move: bool,
          compulsory: bool = True) -> list[Play]:
    """Every legal move with the squares it changes (see the module's notes for the rules), in
    :func:`legal_moves` order: the captures, then (when no capture is compulsory) the steps; each
    piece's in order of their paths, lowest piece first."""
    side = _SIDES[black_to_move]
    opp = white if black_to_move else black
    empty = VALID & ~(black | white)
    down, up = _movers(black, white, kings, black_to_move)
    out: list[Play] = []
    jumpers = _jumpers(down, up, opp, empty)
    while jumpers:
        start = jumpers & -jumpers
        jumpers ^= start
        king = start & kings
        found: list[tuple[tuple[int, ...], int]] = []
        _jumps(start, _KING_JUMPS if king else side.man_jumps, opp, empty | start,
               0 if king else side.crown, (start,), 0, not compulsory, found)
        for path, taken in found:
            end = path[-1]
            moved = start ^ end  # (nothing, when a king ends where it started)
            kings_changed = taken & kings  # the kings taken, and the king moved or the man crowned:
            if king:
                kings_changed ^= moved
            elif end & side.crown:  # a man reaching the far row is crowned
                kings_changed ^= end
            move = _jump_move(path)
            out.append((moved, taken, kings_changed, move) if black_to_move
                       else (taken, moved, kings_changed, move))
    if out and compulsory:
        return out
    man_steps, king_steps = side.man_steps, side.king_steps
    pieces = down & (empty >> 4 | empty >> 5) | up & (empty << 4 | empty << 5)  # those that can step
    while pieces:
        start = pieces & -pieces
        pieces ^= start
        for land, step in (king_steps if start & kings else man_steps)[start]:
            if land & empty:
                out.append(step)
    return out


def legal_moves(position: Position, compulsory: bool = True) -> tuple[Move, ...]:
    """Every legal move, in order: by start square, then by the rest of the path (square numbers).

    With ``compulsory`` (the normal rule) these are the complete captures if there are any, else
    the simple moves.  With ``compulsory=False`` (the huffing rule, where a capture may be left or
    broken off) they are every capture and every prefix of one that took at least one piece, then
    every simple move, captures first.

    >>> from parlour.games.draughts.board.position import START
    >>> [str(m) for m in legal_moves(START)]
    ['9-13', '9-14', '10-14', '10-15', '11-15', '11-16', '12-16']
    """
    found = plays(position.black, position.white, position.kings, position.black_to_move, compulsory)
    return tuple([move for _, _, _, move in found])


def play(position: Position, move: Move, compulsory: bool = True) -> Position:
    """The position after ``move``; raises ``IllegalMoveError`` unless it is a legal move (under
    the huffing rule if not ``compulsory``)."""
    for found in plays(position.black, position.white, position.kings, position.black_to_move,
                       compulsory):
        if found[3] == move:
            return played(position, found)
    raise IllegalMoveError(f"{move} is not a legal move in this position")


def played(position: Position, play: Play) -> Position:
    """The position after ``play``, one of the plays of ``position``: its changes made, and the
    other side to move."""
    black, white, kings, _ = play
    return Position(position.black ^ black, position.white ^ white, position.kings ^ kings,
                    not position.black_to_move)


def successors(position: Position) -> tuple[tuple[Move, Position], ...]:
    """Every legal move with the position it leads to, in :func:`legal_moves` order."""
    return tuple((found[3], played(position, found))
                 for found in plays(position.black, position.white, position.kings,
                                    position.black_to_move))


def has_capture(position: Position) -> bool:
    """Whether the side to move can capture (and so, under the compulsory rule, must)."""
    return capturers(position.black, position.white, position.kings, position.black_to_move) != 0


def capturing_squares(position: Position) -> tuple[int, ...]:
    """The squares of the mover's pieces that can capture now."""
    return squares_of(capturers(position.black, position.white, position.kings,
                                position.black_to_move))


def has_legal_move(position: Position) -> bool:
    """Whether the side to move has a legal move (under either rule): whether :func:`legal_moves`
    is not empty, found without listing them."""
    return can_move(position.black, position.white, position.kings, position.black_to_move)


def is_lost(position: Position) -> bool:
    """The side to move has no pieces or no legal move: under the manual's rules it has lost."""
    return not has_legal_move(position)
