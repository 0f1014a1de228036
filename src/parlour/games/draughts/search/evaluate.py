"""The static evaluation: how good a quiet position is for the side to move, in hundredths of a man.

A sum of terms, each computed for Black and for White and subtracted (so the evaluation is
exactly antisymmetric: turning the board round and swapping the colours negates it):

* **material**: a man is worth 100, a king 135 (a king moves both ways but, with no flying
  kings, is worth well under two men);
* **trading down when ahead**: the material lead counts more the fewer pieces are left
  (``lead * (24 - pieces) / 48``), so the side ahead likes exchanges and the side behind avoids
  them -- the standard way to convert a material advantage;
* **advancement** of men, by row (steeper in the endgame, where crowning decides);
* **back-rank guard**: men on their own back row keep the other side's men from crowning; the
  *bridge* (Black on 1 and 3, White on 30 and 32) counts extra.  Worth something only while the
  other side still has men that could crown, and less once the board thins out;
* **centre control**: men and kings on 14, 15, 18, 19 (and less on 10, 11, 22, 23);
* **kings** prefer the centre and avoid the edges and, most of all, the single corners (4, 29);
* **mobility**: the number of simple moves each side has (a side with no moves has lost,
  and a cramped side is close to it);
* **runaway men**: a man with no enemy piece in the triangle in front of it, when the enemy has
  no king, cannot be stopped from crowning: it counts nearly as a king;
* **endgame king play** (at most 10 pieces): the side ahead in material brings its kings close
  to the enemy pieces (a penalty per square of distance), the side behind keeps its kings in the
  double corners (1, 5 and 28, 32), where they are hardest to trap.

Every weight is a plain integer below; positions with a capture pending are never evaluated
(the search resolves captures first), so the evaluation need not see tactics.
"""

from __future__ import annotations

from parlour.games.draughts.board import BIT, INDEX, SQUARES, VALID, column_of, row_of

MAN = 100
KING = 135
TRADE_DIVISOR = 48
MOBILITY = 2
MOBILITY_END = 4
RUNAWAY_BASE = KING - MAN
RUNAWAY_PER_ROW = 5
BRIDGE = 6
KING_DISTANCE = 4
DOUBLE_CORNER = 10
ENDGAME_PIECES = 10

CENTRE = frozenset({14, 15, 18, 19})
NEAR_CENTRE = frozenset({10, 11, 22, 23})
SINGLE_CORNERS = frozenset({4, 29})
DOUBLE_CORNERS = BIT[1] | BIT[5] | BIT[28] | BIT[32]
BLACK_BRIDGE = BIT[1] | BIT[3]
WHITE_BRIDGE = BIT[30] | BIT[32]

_ADVANCE_MID = (0, 2, 4, 7, 10, 14, 20, 20)  # row 7 never holds a man
_ADVANCE_END = (0, 4, 8, 13, 19, 26, 34, 34)
_GUARD = {1: 8, 2: 4, 3: 8, 4: 2}
"""Back-row guard of a black man on 1-4 (White's mirror: 32-29)."""

Table = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _black_man(square: int, endgame: bool, guard: bool) -> int:
    row = row_of(square)
    value = MAN + (_ADVANCE_END if endgame else _ADVANCE_MID)[row]
    if square in CENTRE:
        value += 4 if endgame else 8
    elif square in NEAR_CENTRE:
        value += 2 if endgame else 4
    if column_of(square) in (0, 7):
        value -= 2
    if guard:
        value += _GUARD.get(square, 0) // (2 if endgame else 1)
    return value


def _king(square: int, endgame: bool) -> int:
    row, col = row_of(square), column_of(square)
    value = KING
    if square in CENTRE:
        value += 10
    elif square in NEAR_CENTRE or (2 <= row <= 5 and 2 <= col <= 5):
        value += 5
    elif row in (0, 7) or col in (0, 7):
        value -= 5
    if square in SINGLE_CORNERS:
        value -= 8 if endgame else 4
    return value


def _table(values: dict[int, int]) -> Table:
    """Byte tables for a per-square value: the padded layout keeps squares ``8c+1..8c+8`` in
    bits ``9c..9c+7``, so a bitboard's total is four lookups."""
    chunks = []
    for c in range(4):
        chunk = [0] * 256
        for byte in range(256):
            chunk[byte] = sum(values[8 * c + j + 1] for j in range(8) if byte >> j & 1)
        chunks.append(tuple(chunk))
    return chunks[0], chunks[1], chunks[2], chunks[3]


def _tables(endgame: bool, guard: bool) -> tuple[Table, Table, Table]:
    black_men = {s: _black_man(s, endgame, guard) for s in SQUARES}
    white_men = {s: black_men[33 - s] for s in SQUARES}
    kings = {s: _king(s, endgame) for s in SQUARES}
    return _table(black_men), _table(white_men), _table(kings)


# [endgame][guard] -> (black men, white men, kings)
_TABLES = ((_tables(False, False), _tables(False, True)), (_tables(True, False), _tables(True, True)))


def _cones() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each bit number, the squares in front of a black (white) man, widening to the crown row."""
    black, white = [0] * 35, [0] * 35
    for s in SQUARES:
        r, c = row_of(s), column_of(s)
        for t in SQUARES:
            rt, ct = row_of(t), column_of(t)
            if rt > r and abs(ct - c) <= rt - r:
                black[INDEX[s]] |= BIT[t]
            if rt < r and abs(ct - c) <= r - rt:
                white[INDEX[s]] |= BIT[t]
    return tuple(black), tuple(white)


_BLACK_CONE, _WHITE_CONE = _cones()
_ROW = {INDEX[s]: row_of(s) for s in SQUARES}
_COL = {INDEX[s]: column_of(s) for s in SQUARES}


def _runaway_table(squares: range, cones: tuple[int, ...], crown_row: int) -> dict[int, tuple[int, int]]:
    """For a man on each of ``squares`` (its own rows 3 to 6): the squares in front of it, and
    what it is worth if none holds an enemy piece (more the nearer it is to ``crown_row``)."""
    return {BIT[s]: (cones[INDEX[s]], RUNAWAY_BASE - RUNAWAY_PER_ROW * abs(crown_row - row_of(s)))
            for s in squares}


_BLACK_RUNAWAYS = _runaway_table(range(13, 29), _BLACK_CONE, 7)
_WHITE_RUNAWAYS = _runaway_table(range(5, 21), _WHITE_CONE, 0)
_BLACK_RUNAWAY_ZONE = sum(_BLACK_RUNAWAYS)
_WHITE_RUNAWAY_ZONE = sum(_WHITE_RUNAWAYS)


def evaluate(black: int, white: int, kings: int, black_to_move: bool) -> int:
    """The evaluation for the side to move (positive: good for it)."""
    score = evaluate_black(black, white, kings)
    return score if black_to_move else -score


def evaluate_black(black: int, white: int, kings: int) -> int:
    """The evaluation from Black's point of view."""
    bm, wm = black & ~kings, white & ~kings
    bk, wk = black & kings, white & kings
    nb, nw = black.bit_count(), white.bit_count()
    pieces = nb + nw
    endgame = pieces <= ENDGAME_PIECES
    tables = _TABLES[endgame]
    # a side's back-rank guard counts only while the other side has men that could crown
    tb = tables[1 if wm else 0][0]
    tw = tables[1 if bm else 0][1]
    tk = tables[0][2]
    score = (tb[0][bm & 255] + tb[1][(bm >> 9) & 255] + tb[2][(bm >> 18) & 255] + tb[3][bm >> 27]
             - tw[0][wm & 255] - tw[1][(wm >> 9) & 255] - tw[2][(wm >> 18) & 255] - tw[3][wm >> 27])
    if kings:
        score += (tk[0][bk & 255] + tk[1][(bk >> 9) & 255] + tk[2][(bk >> 18) & 255] + tk[3][bk >> 27]
                  - tk[0][wk & 255] - tk[1][(wk >> 9) & 255] - tk[2][(wk >> 18) & 255]
                  - tk[3][wk >> 27])
    material = MAN * (bm.bit_count() - wm.bit_count()) + KING * (bk.bit_count() - wk.bit_count())
    trade = material * (24 - pieces)
    score += trade // TRADE_DIVISOR if trade >= 0 else -(-trade // TRADE_DIVISOR)
    if wm and (bm & BLACK_BRIDGE) == BLACK_BRIDGE:
        score += BRIDGE
    if bm and (wm & WHITE_BRIDGE) == WHITE_BRIDGE:
        score -= BRIDGE
    # mobility
    empty = VALID & ~(black | white)
    mob = (((black << 4) & empty).bit_count() + ((black << 5) & empty).bit_count()
           - ((white >> 4) & empty).bit_count() - ((white >> 5) & empty).bit_count())
    if kings:
        mob += (((bk >> 4) & empty).bit_count() + ((bk >> 5) & empty).bit_count()
                - ((wk << 4) & empty).bit_count() - ((wk << 5) & empty).bit_count())
    score += mob * (MOBILITY_END if endgame else MOBILITY)
    # runaway men (none, against a king)
    if not wk:
        score += _runaways(bm & _BLACK_RUNAWAY_ZONE, white, _BLACK_RUNAWAYS)
    if not bk:
        score -= _runaways(wm & _WHITE_RUNAWAY_ZONE, black, _WHITE_RUNAWAYS)
    if endgame and kings and material:
        score += _king_play(black, white, bk, wk, material)
    return score


def _runaways(men: int, enemies: int, table: dict[int, tuple[int, int]]) -> int:
    """What the men of one side that cannot be stopped from crowning are worth: those with no
    enemy piece in front of them (``table``: :func:`_runaway_table`)."""
    total = 0
    while men:
        low = men & -men
        men ^= low
        cone, value = table[low]
        if not cone & enemies:
            total += value
    return total


def _king_play(black: int, white: int, bk: int, wk: int, material: int) -> int:
    """The endgame terms: the stronger side's kings close in, the weaker side's hide in the
    double corners.  From Black's point of view."""
    strong_kings, weak = (bk, white) if material > 0 else (wk, black)
    weak_kings = wk if material > 0 else bk
    targets = []
    m = weak
    while m:
        low = m & -m
        m ^= low
        i = low.bit_length() - 1
        targets.append((_ROW[i], _COL[i]))
    penalty = 0
    m = strong_kings
    while m:
        low = m & -m
        m ^= low
        i = low.bit_length() - 1
        r, c = _ROW[i], _COL[i]
        penalty += min(max(abs(r - tr), abs(c - tc)) for tr, tc in targets)
    bonus = DOUBLE_CORNER * (weak_kings & DOUBLE_CORNERS).bit_count()
    value = bonus - KING_DISTANCE * penalty
    return -value if material > 0 else value


def material_balance(black: int, white: int, kings: int) -> tuple[int, int, int, int]:
    """Men and kings of each side: (black men, black kings, white men, white kings)."""
    return ((black & ~kings).bit_count(), (black & kings).bit_count(),
            (white & ~kings).bit_count(), (white & kings).bit_count())
