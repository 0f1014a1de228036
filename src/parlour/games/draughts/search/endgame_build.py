"""Building the endgame database by retrograde analysis, vectorised with NumPy.

For each material class (with its mirror, the same pieces with the colours swapped, since
after Black's move it is White's turn, which is the mirror class turned round):

1. **every position** of the class is listed (:func:`~.endgame_index.positions_of`);
2. **every move** of every position is generated at once, as arrays (captures compulsory;
   multi-jumps followed to their end; a man reaching the far row crowned and stopped), and
   each resulting position is turned round to Black-to-move and looked up: in the class pair
   being solved (an *internal* edge), or in a class solved before -- after a capture or a
   crowning -- whose value is already final (an *external* edge);
3. the values are found **layer by layer**.  Layer ``t`` settles the positions won in exactly
   ``t`` plies (some move leads to a position lost in ``t - 1``) and the positions whose every
   move leads to a position already known to be won for the opponent (lost, in one more ply
   than the longest of those wins).  A position with no move is lost in 0.  When a layer
   settles nothing and no later layer could (no loss is known that is longer than ``t``),
   every position still open is a draw: neither side can force a win from it.

Values (``int16``, for the side to move): ``n > 0`` won in ``n`` plies, ``n < 0`` lost in
``-n - 1`` plies, 0 drawn.  Distances count every ply to the end of the game (the loser left
without pieces or moves), with the winner taking the shortest way and the loser the longest.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from parlour.games.draughts.board import BLACK_CROWN_ROW, VALID
from parlour.games.draughts.search.endgame_index import (
    U64,
    ClassKey,
    class_size,
    classes,
    compact_array,
    index_array,
    mirror_class,
    padded_array,
    positions_of,
    reverse32_array,
)

I16 = npt.NDArray[np.int16]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
Progress = Callable[[int, int], None]

_VALID = np.uint64(VALID)
_CROWN = np.uint64(BLACK_CROWN_ROW)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)


def _low(x: U64) -> U64:
    return x & (~x + _ONE)


def _shift(x: U64, d: int) -> U64:
    """Down the board (Black's forward) for ``d > 0``, up for ``d < 0``."""
    return x << np.uint64(d) if d > 0 else x >> np.uint64(-d)


def black_moves(b: U64, w: U64, k: U64) -> tuple[I64, U64, U64, U64]:
    """Every legal move of Black in each position (padded boards): the parent's row and the
    boards after the move (White to move)."""
    n = len(b)
    empty = _VALID & ~(b | w)
    bk = b & k
    cap = np.zeros(n, dtype=np.uint64)
    for d in (4, 5):
        cap |= b & _shift(w & _shift(empty, -d), -d)
        cap |= bk & _shift(w & _shift(empty, d), d)
    out: list[tuple[I64, U64, U64, U64]] = []
    simple = np.flatnonzero(cap == 0)
    _simple_moves(simple, b[simple], w[simple], k[simple], out)
    capturing = np.flatnonzero(cap)
    _capture_moves(capturing, b[capturing], w[capturing], k[capturing], cap[capturing], out)
    if not out:
        e = np.zeros(0, dtype=np.uint64)
        return np.zeros(0, dtype=np.int64), e, e, e
    return (np.concatenate([o[0] for o in out]), np.concatenate([o[1] for o in out]),
            np.concatenate([o[2] for o in out]), np.concatenate([o[3] for o in out]))


def _simple_moves(rows: I64, b: U64, w: U64, k: U64, out: list[tuple[I64, U64, U64, U64]]) -> None:
    empty = _VALID & ~(b | w)
    for d, kings_only in ((4, False), (5, False), (-4, True), (-5, True)):
        movers = b & k if kings_only else b
        targets = _shift(movers, d) & empty
        live = np.flatnonzero(targets)
        targets = targets[live]
        while live.size:
            to = _low(targets)
            targets ^= to
            fr = _shift(to, -d)
            moved = fr | to
            kk = k[live]
            was_king = (kk & fr) != 0
            new_k = np.where(was_king, kk ^ moved, kk | (to & _CROWN))
            out.append((rows[live], b[live] ^ moved, w[live], new_k))
            keep = targets != 0
            live, targets = live[keep], targets[keep]


def _capture_moves(rows: I64, b: U64, w: U64, k: U64, cap: U64,
                   out: list[tuple[I64, U64, U64, U64]]) -> None:
    """Complete captures: every jump sequence of every capturing piece, followed to its end."""
    # partial captures: row, start bit, current bit, taken pieces, king?
    starts_r, starts_s = [], []
    live = np.arange(len(rows))
    c = cap.copy()
    while live.size:
        s = _low(c[live])
        starts_r.append(live)
        starts_s.append(s)
        c[live] ^= s
        live = live[c[live] != 0]
    if not starts_r:
        return
    r = np.concatenate(starts_r)
    start = np.concatenate(starts_s)
    at = start.copy()
    taken = np.zeros(len(r), dtype=np.uint64)
    king = (k[r] & start) != 0
    while r.size:
        empty = (_VALID & ~(b[r] | w[r])) | start
        opp = w[r] & ~taken
        went_on = np.zeros(r.size, dtype=bool)
        nr, ns, na, nt, nk = [], [], [], [], []
        for d, kings_only in ((4, False), (5, False), (-4, True), (-5, True)):
            over = _shift(at, d) & opp
            land = _shift(over, d) & empty
            if kings_only:
                land = np.where(king, land, _ZERO)
            go = np.flatnonzero(land)
            if go.size:
                went_on[go] = True
                nr.append(r[go])
                ns.append(start[go])
                na.append(land[go])
                nt.append(taken[go] | over[go])
                nk.append(king[go])
        done = np.flatnonzero(~went_on & (taken != 0))
        if done.size:
            _finish(rows, b, w, k, r[done], start[done], at[done], taken[done], king[done], out)
        if not nr:
            break
        r, start, at = np.concatenate(nr), np.concatenate(ns), np.concatenate(na)
        taken, king = np.concatenate(nt), np.concatenate(nk)
        crowned = ~king & ((at & _CROWN) != 0)
        if crowned.any():
            f = np.flatnonzero(crowned)
            _finish(rows, b, w, k, r[f], start[f], at[f], taken[f], king[f], out)
            keep = ~crowned
            r, start, at, taken, king = r[keep], start[keep], at[keep], taken[keep], king[keep]


def _finish(rows: I64, b: U64, w: U64, k: U64, r: I64, start: U64, at: U64, taken: U64,
            king: npt.NDArray[np.bool_], out: list[tuple[I64, U64, U64, U64]]) -> None:
    nb = (b[r] & ~start) | at
    nw = w[r] & ~taken
    kk = k[r] & ~taken
    nk = np.where(king, (kk & ~start) | at, kk | (at & _CROWN))
    out.append((rows[r], nb, nw, nk))


# ---- solving ---------------------------------------------------------------------------------


def solve(max_pieces: int, progress: Progress | None = None) -> dict[ClassKey, I16]:
    """The values of every class with up to ``max_pieces`` pieces (see the module's notes).

    ``progress(done, total)`` counts positions solved.
    """
    tables: dict[ClassKey, I16] = {}
    order = classes(max_pieces)
    total = sum(class_size(c) for c in order)
    done = 0
    for c in order:
        if c in tables:
            continue
        pair = [c] if mirror_class(c) == c else [c, mirror_class(c)]
        for key, values in zip(pair, _solve_pair(pair, tables), strict=True):
            tables[key] = values
            done += class_size(key)
        if progress is not None:
            progress(done, total)
    return tables


def _solve_pair(pair: list[ClassKey], solved: dict[ClassKey, I16]) -> list[I16]:
    # every position of the pair, numbered 0..n-1 across the pair
    listed = [positions_of(c) for c in pair]
    offsets = [0]
    for idx, *_ in listed:
        offsets.append(offsets[-1] + len(idx))
    n = offsets[-1]
    # where each class index lands in the pair's numbering
    slots = []
    for c, (idx, *_rest) in zip(pair, listed, strict=True):
        slot = np.full(class_size(c), -1, dtype=np.int64)
        slot[idx] = np.arange(len(idx), dtype=np.int64)
        slots.append(slot)
    parents, internal, external = [], [], []
    for p, (_idx, black, white, kings) in enumerate(listed):
        for lo in range(0, len(black), CHUNK):  # in chunks, to bound the memory of the moves
            hi = lo + CHUNK
            row, inside, ext = _edges(black[lo:hi], white[lo:hi], kings[lo:hi], pair, offsets, slots,
                                      solved)
            parents.append((row + lo + offsets[p]).astype(np.int32))
            internal.append(inside)
            external.append(ext)
    parent = np.concatenate(parents)
    order = np.argsort(parent, kind="stable")
    parent = parent[order]
    inside = np.concatenate(internal)[order]
    ext = np.concatenate(external)[order]
    del parents, internal, external, order
    values = _layers(n, parent, inside, ext)
    out = []
    for q, c in enumerate(pair):
        table = np.zeros(class_size(c), dtype=np.int16)
        table[listed[q][0]] = values[offsets[q]:offsets[q + 1]]
        out.append(table)
    return out


CHUNK = 1 << 18
"""Positions whose moves are generated at once while building (bounds the memory used)."""


def _edges(black: U64, white: U64, kings: U64, pair: list[ClassKey], offsets: list[int],
           slots: list[I64], solved: dict[ClassKey, I16]) -> tuple[I64, I32, I16]:
    """Every move of some positions (compact, Black to move): the position's row, and where the
    move leads: the pair's number of the position reached (``inside``, -1 if elsewhere) or, for
    a position of a class solved before, its value (``ext``)."""
    row, nb, nw, nk = black_moves(padded_array(black), padded_array(white), padded_array(kings))
    # the child, White to move, turned round: White's pieces become Black's
    cb = reverse32_array(compact_array(nw))
    cw = reverse32_array(compact_array(nb))
    ck = reverse32_array(compact_array(nk))
    del nb, nw, nk
    ext = np.zeros(len(row), dtype=np.int16)
    inside = np.full(len(row), -1, dtype=np.int32)
    ext[cb == 0] = -1  # the opponent has no piece left: lost at once
    bm, bk, wm, wk = cb & ~ck, cb & ck, cw & ~ck, cw & ck
    code = np.zeros(len(row), dtype=np.int64)
    for x in (bm, bk, wm, wk):  # the child's class, as one number in base 8
        code = code * 8 + np.bitwise_count(x).astype(np.int64)
    live = np.flatnonzero(cb != 0)
    codes = code[live]
    for value in np.unique(codes).tolist():
        key: ClassKey = (value >> 9 & 7, value >> 6 & 7, value >> 3 & 7, value & 7)
        sel = live[codes == value]
        index = index_array(key, bm[sel], bk[sel], wm[sel], wk[sel])
        if key in pair:
            q = pair.index(key)
            inside[sel] = offsets[q] + slots[q][index]
        else:
            ext[sel] = solved[key][index]
    return row, inside, ext


def _layers(n: int, parent: I32, inside: I32, ext: I16) -> I16:
    """The layered retrograde iteration over one class pair (edges sorted by parent)."""
    values = np.zeros(n, dtype=np.int16)
    degree = np.bincount(parent, minlength=n)
    values[degree == 0] = -1  # no move: lost now
    resolved = degree == 0
    is_inside = inside >= 0
    safe_inside = np.where(is_inside, inside, 0)
    losses = ext[(~is_inside) & (ext < 0)]
    longest_loss = int(-losses.min() - 1) if losses.size else 0
    e_parent, e_inside, e_safe, e_ext = parent, is_inside, safe_inside, ext
    t = 0
    while True:
        t += 1
        keep = ~resolved[e_parent]
        e_parent, e_inside, e_safe, e_ext = e_parent[keep], e_inside[keep], e_safe[keep], e_ext[keep]
        if e_parent.size == 0:
            break
        child = np.where(e_inside, values[e_safe], e_ext).astype(np.int32)
        starts = np.flatnonzero(np.concatenate(([True], e_parent[1:] != e_parent[:-1])))
        who = e_parent[starts]
        wins = np.maximum.reduceat((child == -t).astype(np.int8), starts) > 0
        all_won = np.minimum.reduceat(child, starts) > 0
        longest = np.maximum.reduceat(child, starts)
        lost = all_won & ~wins
        changed = bool(wins.any() or lost.any())
        values[who[wins]] = t
        values[who[lost]] = (-longest[lost] - 2).astype(np.int16)
        resolved[who[wins]] = True
        resolved[who[lost]] = True
        if lost.any():
            longest_loss = max(longest_loss, int(longest[lost].max()) + 1)
        if not changed and t > longest_loss + 1:
            break
    return values
