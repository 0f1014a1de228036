"""Numbering the positions of the endgame database.

Every position is stored with **Black to move**: a position with White to move is first turned
round (square ``s`` becomes ``33 - s``) with the colours swapped, which changes nothing in the
game.  The positions are split into *material classes* ``(black men, black kings, white men,
white kings)``.  Within a class each group of like pieces is a set of squares, numbered by its
combinatorial (colex) rank among the squares that group may stand on -- black men on 1-28
(on 29-32 they would be kings), white men on 5-32, kings anywhere -- and the four ranks combine
into one index in mixed radix.  Index slots where two groups would share a square are never
used (a few percent of each table).

Squares are handled here as *compact* 32-bit sets (bit ``s - 1`` for square ``s``), converted
from the board's padded layout (:func:`~parlour.games.draughts.board.to_square_mask`).
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from parlour.games.draughts.board import to_square_mask

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]
ClassKey = tuple[int, int, int, int]
"""``(black men, black kings, white men, white kings)``, Black to move."""

DOMAINS = ((0, 28), (0, 32), (4, 28), (0, 32))
"""For each group (black men, black kings, white men, white kings): its first bit and how many
squares it may stand on."""

BINOMIAL = np.array([[comb(n, r) for r in range(6)] for n in range(33)], dtype=np.int64)
"""``BINOMIAL[n, r]`` = n choose r."""


def classes(max_pieces: int) -> list[ClassKey]:
    """Every class with at least one piece each and at most ``max_pieces`` in all, in the order
    they are solved: fewer pieces first, then fewer men (a capture leads to fewer pieces, a man
    crowned to fewer men, and a class is solved with its mirror, colours swapped)."""
    out = []
    for total in range(2, max_pieces + 1):
        for nb in range(1, total):
            nw = total - nb
            for bm in range(nb + 1):
                for wm in range(nw + 1):
                    out.append((bm, nb - bm, wm, nw - wm))
    out.sort(key=lambda c: (sum(c), c[0] + c[2], c))
    return out


def mirror_class(c: ClassKey) -> ClassKey:
    return c[2], c[3], c[0], c[1]


def radices(c: ClassKey) -> tuple[int, int, int, int]:
    """The number of ranks of each group."""
    return (comb(DOMAINS[0][1], c[0]), comb(DOMAINS[1][1], c[1]), comb(DOMAINS[2][1], c[2]),
            comb(DOMAINS[3][1], c[3]))


def class_size(c: ClassKey) -> int:
    r = radices(c)
    return r[0] * r[1] * r[2] * r[3]


# ---- compact bitboards ----------------------------------------------------------------------


_REV8 = tuple(int(f"{b:08b}"[::-1], 2) for b in range(256))


def reverse32(x: int) -> int:
    """A compact set turned round: square ``s`` becomes ``33 - s``."""
    return (_REV8[x & 255] << 24 | _REV8[x >> 8 & 255] << 16 | _REV8[x >> 16 & 255] << 8
            | _REV8[x >> 24])


_COLEX = [[int(BINOMIAL[n, r]) for n in range(33)] for r in range(6)]


def _rank(mask: int, offset: int) -> int:
    rank, i = 0, 1
    while mask:
        low = mask & -mask
        mask ^= low
        rank += _COLEX[i][low.bit_length() - 1 - offset]
        i += 1
    return rank


def index_of(black: int, white: int, kings: int, black_to_move: bool) -> tuple[ClassKey, int]:
    """The class and index of a position (padded bitboards), turned round if White is to move."""
    b, w, k = to_square_mask(black), to_square_mask(white), to_square_mask(kings)
    if not black_to_move:
        b, w, k = reverse32(w), reverse32(b), reverse32(k)
    bm, bk, wm, wk = b & ~k, b & k, w & ~k, w & k
    key = (bm.bit_count(), bk.bit_count(), wm.bit_count(), wk.bit_count())
    r = radices(key)
    index = ((_rank(bm, 0) * r[1] + _rank(bk, 0)) * r[2] + _rank(wm, 4)) * r[3] + _rank(wk, 0)
    return key, index


# ---- the same, vectorised ---------------------------------------------------------------------


def compact_array(x: U64) -> U64:
    out: U64 = ((x & np.uint64(0xFF)) | ((x >> np.uint64(1)) & np.uint64(0xFF00))
            | ((x >> np.uint64(2)) & np.uint64(0xFF0000)) | ((x >> np.uint64(3)) & np.uint64(0xFF000000)))
    return out


def padded_array(m: U64) -> U64:
    out: U64 = ((m & np.uint64(0xFF)) | ((m & np.uint64(0xFF00)) << np.uint64(1))
            | ((m & np.uint64(0xFF0000)) << np.uint64(2)) | ((m & np.uint64(0xFF000000)) << np.uint64(3)))
    return out


def reverse32_array(x: U64) -> U64:
    for shift, mask in ((1, 0x55555555), (2, 0x33333333), (4, 0x0F0F0F0F), (8, 0x00FF00FF),
                        (16, 0x0000FFFF)):
        s, m = np.uint64(shift), np.uint64(mask)
        x = ((x >> s) & m) | ((x & m) << s)
    return x & np.uint64(0xFFFFFFFF)


def rank_array(mask: U64, count: int, offset: int) -> I64:
    """The colex ranks of sets of exactly ``count`` squares (compact, relative to ``offset``)."""
    rank = np.zeros(len(mask), dtype=np.int64)
    m = mask.copy()
    for i in range(1, count + 1):
        low = m & (~m + np.uint64(1))
        m ^= low
        position = np.bitwise_count(low - np.uint64(1)).astype(np.int64) - offset
        rank += BINOMIAL[position, i]
    return rank


def index_array(c: ClassKey, bm: U64, bk: U64, wm: U64, wk: U64) -> I64:
    """The indices in class ``c`` of compact positions (Black to move) of that class."""
    r = radices(c)
    idx = rank_array(bm, c[0], DOMAINS[0][0])
    idx = idx * r[1] + rank_array(bk, c[1], DOMAINS[1][0])
    idx = idx * r[2] + rank_array(wm, c[2], DOMAINS[2][0])
    return idx * r[3] + rank_array(wk, c[3], DOMAINS[3][0])


def _combinations_by_rank(offset: int, n: int, count: int) -> U64:
    """Every set of ``count`` of ``n`` squares (compact, from bit ``offset``), by colex rank."""
    out = np.zeros(comb(n, count), dtype=np.uint64)
    for combo in combinations(range(n), count):
        rank = sum(comb(p, i + 1) for i, p in enumerate(combo))
        out[rank] = sum(1 << (p + offset) for p in combo)
    return out


def positions_of(c: ClassKey) -> tuple[I64, U64, U64, U64]:
    """Every legal position of class ``c``: its indices and compact black, white, kings sets."""
    r = radices(c)
    groups = [_combinations_by_rank(DOMAINS[g][0], DOMAINS[g][1], c[g]) for g in range(4)]
    idx = np.arange(class_size(c), dtype=np.int64)
    rest = idx
    parts = []
    for g in (3, 2, 1, 0):
        rest, rank = np.divmod(rest, r[g])
        parts.append(groups[g][rank])
    wk, wm, bk, bm = parts
    black, white, kings = bm | bk, wm | wk, bk | wk
    total = sum(c)
    ok = np.bitwise_count(black | white) == total
    return idx[ok], black[ok], white[ok], kings[ok]
