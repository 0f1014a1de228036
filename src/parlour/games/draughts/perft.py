"""Perft: the number of move sequences of a given length, the standard check of a move generator.

Two counters that must agree:

* :func:`perft` walks the tree with the move generator,
  :func:`~parlour.games.draughts.board.plays` (simple, the reference);
* :func:`perft_fast` advances a *frontier* of distinct positions, each with its multiplicity (how
  many move sequences reach it), one ply at a time with vectorised NumPy bit operations, merging
  transpositions after every ply, and at the last ply counts the moves of each position without
  making them ("bulk counting").  It counts exactly the same leaf paths: every path reaches a
  position of the frontier, and the paths through a position are its multiplicity times the paths
  from it.

Counts include every jump path separately (two paths taking the same pieces are two moves), as in
the published figures: 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564 from the
start for depths 1-10.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from parlour.games.draughts.board import (
    BLACK_CROWN_ROW,
    VALID,
    WHITE_CROWN_ROW,
    Move,
    Position,
    plays,
    successors,
)
from parlour.games.draughts.search.endgame_index import compact_array

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]
Progress = Callable[[int, int], None]

_VALID = np.uint64(VALID)
_ONE = np.uint64(1)
_ALL = np.uint64(0xFFFFFFFFFFFFFFFF)


def perft(position: Position, depth: int) -> int:
    """Leaf count by plain recursion over the move generator's plays."""
    return _walk(position.black, position.white, position.kings, position.black_to_move, depth)


def _walk(black: int, white: int, kings: int, black_to_move: bool, depth: int) -> int:
    if depth <= 0:
        return 1
    children = plays(black, white, kings, black_to_move)
    if depth == 1:
        return len(children)
    return sum(_walk(black ^ b, white ^ w, kings ^ k, not black_to_move, depth - 1)
               for b, w, k, _ in children)


def divide(position: Position, depth: int) -> list[tuple[Move, int]]:
    """Each legal move with the leaf count below it (``depth - 1`` more plies), by the fast counter."""
    if depth < 1:
        raise ValueError("divide needs a depth of at least 1")
    return [(m, perft_fast(after, depth - 1)) for m, after in successors(position)]


# ---- the frontier ------------------------------------------------------------------------------


class _Side:
    """Shifts for the side to move: ``fwd`` one row forward (Black: left shift), ``back`` the other."""

    def __init__(self, black: bool) -> None:
        self.black = black
        self.crown = np.uint64(BLACK_CROWN_ROW if black else WHITE_CROWN_ROW)

    def fwd(self, x: U64, d: int) -> U64:
        return (x << np.uint64(d)) if self.black else (x >> np.uint64(d))

    def back(self, x: U64, d: int) -> U64:
        return (x >> np.uint64(d)) if self.black else (x << np.uint64(d))

    def shift(self, x: U64, d: int, forward: bool) -> U64:
        return self.fwd(x, d) if forward else self.back(x, d)


_DIRECTIONS = ((4, True), (5, True), (4, False), (5, False))
"""(shift, forward?): every piece moves forward, only kings backward."""


def _lowest(x: U64) -> U64:
    return x & (~x + _ONE)


class _Batch:
    """Positions (the mover's pieces, the opponent's, the kings) with multiplicities."""

    def __init__(self, own: U64, opp: U64, kings: U64, mult: I64) -> None:
        self.own, self.opp, self.kings, self.mult = own, opp, kings, mult

    def take(self, rows: npt.NDArray[np.intp]) -> _Batch:
        return _Batch(self.own[rows], self.opp[rows], self.kings[rows], self.mult[rows])

    def __len__(self) -> int:
        return len(self.mult)


def _capturing(b: _Batch, side: _Side) -> npt.NDArray[np.bool_]:
    """Which positions have a capture (so must capture)."""
    empty = _VALID & ~(b.own | b.opp)
    kk = b.own & b.kings
    found = np.zeros(len(b), dtype=np.uint64)
    for d in (4, 5):
        found |= b.own & side.back(b.opp & side.back(empty, d), d)
        found |= kk & side.fwd(b.opp & side.fwd(empty, d), d)
    result: npt.NDArray[np.bool_] = found != 0
    return result


def _simple_children(b: _Batch, side: _Side, out: list[_Batch]) -> None:
    empty = _VALID & ~(b.own | b.opp)
    kk = b.own & b.kings
    for d, forward in _DIRECTIONS:
        targets = side.shift(b.own if forward else kk, d, forward) & empty
        rows = np.flatnonzero(targets)
        targets = targets[rows]
        while rows.size:
            t = _lowest(targets)
            targets ^= t
            src = side.shift(t, d, not forward)
            moved = src | t
            kings = b.kings[rows]
            was_king = (kings & src) != 0
            kings = np.where(was_king, kings ^ moved, kings | (t & side.crown))
            out.append(_Batch(b.own[rows] ^ moved, b.opp[rows], kings, b.mult[rows]))
            keep = targets != 0
            rows, targets = rows[keep], targets[keep]


def _simple_count(b: _Batch, side: _Side) -> int:
    empty = _VALID & ~(b.own | b.opp)
    kk = b.own & b.kings
    total = np.zeros(len(b), dtype=np.int64)
    for d, forward in _DIRECTIONS:
        targets = side.shift(b.own if forward else kk, d, forward) & empty
        total += np.bitwise_count(targets).astype(np.int64)
    return int((total * b.mult).sum())


def _capture_children(b: _Batch, side: _Side, out: list[_Batch] | None) -> int:
    """Every complete capture of every position (they all must capture).

    Appends the resulting positions to ``out`` (unless it is ``None``) and returns their number,
    weighted by multiplicity.
    """
    count = 0
    # partial captures: the position so far, the jumping piece's bit and whether it is a king
    parts: list[tuple[_Batch, U64, npt.NDArray[np.bool_]]] = []
    empty = _VALID & ~(b.own | b.opp)
    kk = b.own & b.kings
    for d, forward in _DIRECTIONS:
        lands = side.shift(side.shift(b.own if forward else kk, d, forward) & b.opp, d, forward)
        lands &= empty
        rows = np.flatnonzero(lands)
        lands = lands[rows]
        while rows.size:
            land = _lowest(lands)
            lands ^= land
            over = side.shift(land, d, not forward)
            src = side.shift(over, d, not forward)
            parts.append(_jump(b.take(rows), src, over, land))
            keep = lands != 0
            rows, lands = rows[keep], lands[keep]
    while parts:
        following: list[tuple[_Batch, U64, npt.NDArray[np.bool_]]] = []
        for part, at, king in parts:
            # a man that has just been crowned stops; everything else goes on while it can
            crowned = ~king & ((at & side.crown) != 0)
            done = crowned.copy()
            live = np.flatnonzero(~crowned)
            if live.size:
                p, a, k = part.take(live), at[live], king[live]
                empty = _VALID & ~(p.own | p.opp)
                went_on = np.zeros(len(p), dtype=bool)
                for d, forward in _DIRECTIONS:
                    over = side.shift(a, d, forward) & p.opp
                    land = side.shift(over, d, forward) & empty
                    if not forward:
                        land &= np.where(k, _ALL, np.uint64(0))
                    go = np.flatnonzero(land)
                    if go.size:
                        went_on[go] = True
                        following.append(_jump(p.take(go), a[go], over[go], land[go]))
                done[live[~went_on]] = True
            finished = np.flatnonzero(done)
            if finished.size:
                f = part.take(finished)
                count += int(f.mult.sum())
                if out is not None:
                    out.append(f)
        parts = following
    return count


def _jump(b: _Batch, src: U64, over: U64, land: U64) -> tuple[_Batch, U64, npt.NDArray[np.bool_]]:
    """One jump from ``src`` over ``over`` to ``land``; a man landing on the far row is crowned."""
    was_king = (b.kings & src) != 0
    kings = np.where(was_king, (b.kings & ~src) | land, b.kings) & ~over
    return _Batch((b.own & ~src) | land, b.opp & ~over, kings, b.mult), land, was_king


def _crown_finished(batches: list[_Batch], side: _Side) -> None:
    """Crown the men that ended a move on the far row (capture children are built uncrowned)."""
    for b in batches:
        b.kings = b.kings | (b.own & side.crown)


def _merge(children: list[_Batch]) -> _Batch:
    """Swap sides (the opponent moves next) and merge equal positions, adding their multiplicities."""
    own = np.concatenate([c.opp for c in children])
    opp = np.concatenate([c.own for c in children])
    kings = np.concatenate([c.kings for c in children])
    mult = np.concatenate([c.mult for c in children])
    key = (compact_array(own) << np.uint64(32)) | compact_array(opp)
    if kings.any():
        order = np.lexsort((compact_array(kings), key))
        ks = kings[order]
        ks_change = ks[1:] != ks[:-1]
    else:
        order = np.argsort(key, kind="stable")
        ks_change = None
    key = key[order]
    change = key[1:] != key[:-1]
    if ks_change is not None:
        change |= ks_change
    starts = np.concatenate(([0], np.flatnonzero(change) + 1))
    merged = np.add.reduceat(mult[order], starts) if len(mult) else mult
    pick = order[starts]
    return _Batch(own[pick], opp[pick], kings[pick], merged)


def _expand(b: _Batch, side: _Side) -> _Batch:
    must = _capturing(b, side)
    children: list[_Batch] = []
    captures: list[_Batch] = []
    cap_rows = np.flatnonzero(must)
    if cap_rows.size:
        _capture_children(b.take(cap_rows), side, captures)
        _crown_finished(captures, side)
    _simple_children(b.take(np.flatnonzero(~must)), side, children)
    children += captures
    if not children:
        empty_u = np.zeros(0, dtype=np.uint64)
        return _Batch(empty_u, empty_u, empty_u, np.zeros(0, dtype=np.int64))
    return _merge(children)


def _count(b: _Batch, side: _Side) -> int:
    must = _capturing(b, side)
    total = _simple_count(b.take(np.flatnonzero(~must)), side)
    cap_rows = np.flatnonzero(must)
    if cap_rows.size:
        total += _capture_children(b.take(cap_rows), side, None)
    return total


def frontier(position: Position, plies: int) -> tuple[Position, ...]:
    """The distinct positions reached after exactly ``plies`` moves (each once)."""
    batch, black = _advance(position, plies, None)
    out = []
    for own, opp, kings in zip(batch.own.tolist(), batch.opp.tolist(), batch.kings.tolist(), strict=True):
        out.append(Position(own, opp, kings, True) if black else Position(opp, own, kings, False))
    return tuple(sorted(out, key=lambda p: (p.black, p.white, p.kings)))


def _advance(position: Position, plies: int, progress: Progress | None,
             total: int = 0) -> tuple[_Batch, bool]:
    black = position.black_to_move
    own, opp = (position.black, position.white) if black else (position.white, position.black)
    batch = _Batch(np.array([own], dtype=np.uint64), np.array([opp], dtype=np.uint64),
                   np.array([position.kings], dtype=np.uint64), np.array([1], dtype=np.int64))
    for ply in range(plies):
        batch = _expand(batch, _Side(black))
        black = not black
        if progress is not None:
            progress(ply + 1, total or plies)
    return batch, black


def perft_fast(position: Position, depth: int, progress: Progress | None = None) -> int:
    """Leaf count by the merged frontier and bulk counting (see the module's notes).

    ``progress(done, total)`` is called after each ply (``total`` is ``depth``).
    """
    if depth <= 0:
        return 1
    batch, black = _advance(position, depth - 1, progress, depth)
    result = _count(batch, _Side(black)) if len(batch) else 0
    if progress is not None:
        progress(depth, depth)
    return result
