"""The engine's own move generation: children as plain ints, for the search's hot loop.

The search never builds :class:`~parlour.games.draughts.board.Position` or
:class:`~parlour.games.draughts.board.Move` objects inside the tree.  A node is four values
``(black, white, kings, black_to_move)`` in the padded bitboard layout of
:mod:`parlour.games.draughts.board` (so a ``Position``'s fields are used as they are), and a
move is the *child* it leads to: ``(black, white, kings, move_id)``.  ``move_id`` is the
bitboard of the start and end squares of the moving piece; it names a move well enough for
killers and history (a capture's id is the same however the jumps ran: two jump paths with the
same start, end and captured pieces lead to the same child, which is listed once).

Captures are compulsory: :func:`children` returns the complete captures if there are any, else
the simple moves.  The tests check it against :func:`board.legal_moves
<parlour.games.draughts.board.legal_moves>` (the same set of resulting positions) on many
positions.  :func:`to_move` turns a child back into the ``Move`` of the board's API (the first
in ``legal_moves`` order that leads to it).
"""

from __future__ import annotations

from parlour.games.draughts.board import (
    BLACK_CROWN_ROW,
    VALID,
    WHITE_CROWN_ROW,
    Move,
    Position,
    legal_moves,
    play_unchecked,
)

Child = tuple[int, int, int, int]
"""``(black, white, kings, move_id)`` after a move."""
Node = tuple[int, int, int, bool]
"""``(black, white, kings, black_to_move)``: a position as the search keys it."""


def _jump_table(deltas: tuple[int, ...]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each bit number: ``(over_bit, land_bit, land_number)`` for each jump along ``deltas``."""
    table: list[tuple[tuple[int, int, int], ...]] = []
    for i in range(35):
        jumps = []
        if VALID >> i & 1:
            for d in deltas:
                over, land = i + d, i + 2 * d
                if 0 <= over < 35 and 0 <= land < 35 and VALID >> over & 1 and VALID >> land & 1:
                    jumps.append((1 << over, 1 << land, land))
        table.append(tuple(jumps))
    return tuple(table)


_DOWN_JUMPS = _jump_table((4, 5))  # a black man's jumps (down the board)
_UP_JUMPS = _jump_table((-4, -5))  # a white man's
_KING_JUMPS = _jump_table((4, 5, -4, -5))


def _complete_jumps(at: int, table: tuple[tuple[tuple[int, int, int], ...], ...], crown: int,
                    opp: int, empty: int, taken: int, out: dict[tuple[int, int], bool]) -> None:
    """Every complete capture from bit number ``at``: ``out[(land_bit, taken_mask)] = crowned``.

    ``crown`` is the crowning row for a man (0 for a king): a man landing there stops.  Taken
    pieces leave ``opp`` as they are jumped (none can be jumped twice) and their squares are
    never landing squares (by the board's colouring); a square the piece has left is empty
    again (a king may pass through it twice), so this follows the rules exactly.
    """
    went_on = False
    for over, land, li in table[at]:
        if opp & over and empty & land:
            went_on = True
            if land & crown:
                out[(land, taken | over)] = True
            else:
                _complete_jumps(li, table, crown, opp & ~over, (empty | 1 << at) & ~land, taken | over,
                                out)
    if not went_on and taken:
        out[(1 << at, taken)] = False


def _captures(own: int, opp: int, kings: int, black: bool, capturers: int) -> list[Child]:
    empty_all = VALID & ~(own | opp)
    men_table = _DOWN_JUMPS if black else _UP_JUMPS
    crown_row = BLACK_CROWN_ROW if black else WHITE_CROWN_ROW
    out: list[Child] = []
    while capturers:
        start = capturers & -capturers
        capturers ^= start
        king = bool(kings & start)
        found: dict[tuple[int, int], bool] = {}
        _complete_jumps(start.bit_length() - 1, _KING_JUMPS if king else men_table,
                        0 if king else crown_row, opp, empty_all | start, 0, found)
        for (land, taken), crowned in found.items():
            new_own = (own ^ start) | land
            new_kings = kings & ~taken
            if king:
                new_kings = (new_kings & ~start) | land
            elif crowned:
                new_kings |= land
            mid = start | land
            if black:
                out.append((new_own, opp & ~taken, new_kings, mid))
            else:
                out.append((opp & ~taken, new_own, new_kings, mid))
    return out


def capturers(black: int, white: int, kings: int, black_to_move: bool) -> int:
    """The bitboard of the mover's pieces that can capture now."""
    empty = VALID & ~(black | white)
    if black_to_move:
        bk = black & kings
        return ((black & ((white & (empty >> 4)) >> 4)) | (black & ((white & (empty >> 5)) >> 5))
                | (bk & ((white & (empty << 4)) << 4)) | (bk & ((white & (empty << 5)) << 5)))
    wk = white & kings
    return ((white & ((black & (empty << 4)) << 4)) | (white & ((black & (empty << 5)) << 5))
            | (wk & ((black & (empty >> 4)) >> 4)) | (wk & ((black & (empty >> 5)) >> 5)))


def children(black: int, white: int, kings: int, black_to_move: bool) -> list[Child]:
    """Every legal move as the child it leads to (complete captures only, when there are any)."""
    caps = capturers(black, white, kings, black_to_move)
    if black_to_move:
        if caps:
            return _captures(black, white, kings, True, caps)
        return _simple_black(black, white, kings)
    if caps:
        return _captures(white, black, kings, False, caps)
    return _simple_white(black, white, kings)


def _simple_black(b: int, w: int, k: int) -> list[Child]:
    empty = VALID & ~(b | w)
    out: list[Child] = []
    bk = b & k
    for d in (4, 5):
        targets = (b << d) & empty
        while targets:
            to = targets & -targets
            targets ^= to
            fr = to >> d
            mid = fr | to
            if k & fr:
                out.append((b ^ mid, w, k ^ mid, mid))
            elif to & BLACK_CROWN_ROW:
                out.append((b ^ mid, w, k | to, mid))
            else:
                out.append((b ^ mid, w, k, mid))
        targets = (bk >> d) & empty
        while targets:
            to = targets & -targets
            targets ^= to
            mid = to | (to << d)
            out.append((b ^ mid, w, k ^ mid, mid))
    return out


def _simple_white(b: int, w: int, k: int) -> list[Child]:
    empty = VALID & ~(b | w)
    out: list[Child] = []
    wk = w & k
    for d in (4, 5):
        targets = (w >> d) & empty
        while targets:
            to = targets & -targets
            targets ^= to
            fr = to << d
            mid = fr | to
            if k & fr:
                out.append((b, w ^ mid, k ^ mid, mid))
            elif to & WHITE_CROWN_ROW:
                out.append((b, w ^ mid, k | to, mid))
            else:
                out.append((b, w ^ mid, k, mid))
        targets = (wk << d) & empty
        while targets:
            to = targets & -targets
            targets ^= to
            mid = to | (to >> d)
            out.append((b, w ^ mid, k ^ mid, mid))
    return out


def mobility(black: int, white: int, kings: int) -> tuple[int, int]:
    """The number of simple moves each side would have (captures ignored): Black's, White's."""
    empty = VALID & ~(black | white)
    bk, wk = black & kings, white & kings
    nb = (((black << 4) & empty).bit_count() + ((black << 5) & empty).bit_count()
          + ((bk >> 4) & empty).bit_count() + ((bk >> 5) & empty).bit_count())
    nw = (((white >> 4) & empty).bit_count() + ((white >> 5) & empty).bit_count()
          + ((wk << 4) & empty).bit_count() + ((wk << 5) & empty).bit_count())
    return nb, nw


def node_of(position: Position) -> Node:
    """A position as the search keys it."""
    return position.black, position.white, position.kings, position.black_to_move


def position_of(node: Node) -> Position:
    return Position(node[0], node[1], node[2], node[3])


def is_reversible(black: int, white: int, kings: int, black_to_move: bool, child: Child) -> bool:
    """Whether a move could be undone by later moves: a king's simple move (no capture)."""
    mid = child[3]
    moved_from = mid & (black if black_to_move else white)
    return bool(moved_from & kings) and (child[0] | child[1]).bit_count() == (black | white).bit_count()


def to_move(position: Position, child: Child | Node) -> Move:
    """The board ``Move`` (first in ``legal_moves`` order) that leads from ``position`` to ``child``."""
    target = (child[0], child[1], child[2])
    for m in legal_moves(position):
        after = play_unchecked(position, m)
        if (after.black, after.white, after.kings) == target:
            return m
    raise ValueError("no legal move leads to that position")
