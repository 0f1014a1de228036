"""The value of scoring a roll now, in every box, for a batch of widgets.

:func:`box_options` is the plain statement: each open box, the roll's score there, any bonus
and the value of the widget it leads to.  :func:`score_now_fast` is the same maximum over
boxes with short cuts, for the value pass (tested against the plain one); the joker table is
the solver's vectorised copy of :func:`parlour.games.yahtzee.rules.choices` for five of a kind
(tested against it).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

import numpy as np

from parlour.games.yahtzee.rules import (
    BOXES,
    FULL_HOUSE,
    LARGE_STRAIGHT,
    SMALL_STRAIGHT,
    UPPER_BONUS,
    YAHTZEE,
    YAHTZEE_BONUS,
    Box,
    Joker,
    natural_score,
)
from parlour.games.yahtzee.solver.keeps import COUNTS, IS_YAHTZEE, ROLLS, YAHTZEE_ROWS
from parlour.games.yahtzee.solver.widgets import (
    BOX_COUNT,
    FACES,
    LOWER_BOXES,
    MASKS,
    UPPER_CAP,
    UPPER_VALUES,
    Y_BIT,
    Floats,
    Ints,
    Variant,
    Widgets,
)


@lru_cache(maxsize=2)
def lower_scores(five_kind_house: bool) -> Floats:
    """``[r, i]``: what roll ``r`` scores naturally in ``LOWER_BOXES[i]``."""
    table = np.array([[natural_score(b, r, five_kind_house) for b in LOWER_BOXES] for r in ROLLS],
                     dtype=np.float64)
    table.setflags(write=False)
    return table


@lru_cache(maxsize=4)
def _joker_table(variant: Variant) -> Floats:
    """``[mask, f - 1, i]``: what an extra Yahtzee of ``f`` scores in ``BOXES[i]``; NaN where barred.

    For masks with the Yahtzee box filled (NaN everywhere for the others):
    the solver's copy of :func:`parlour.games.yahtzee.rules.choices` for five
    of a kind, for every card at once (tested against it).
    """
    masks = np.arange(MASKS)[:, None]
    is_open = (masks >> np.arange(BOX_COUNT)) & 1 == 0  # (masks, boxes)
    is_lower = np.arange(BOX_COUNT) >= 6
    lower_open = (is_open & is_lower).any(axis=1, keepdims=True)
    out = np.full((MASKS, 6, BOX_COUNT), np.nan)
    for f in FACES:
        own = np.arange(BOX_COUNT) == f - 1
        own_open = is_open[:, f - 1:f]
        if variant.joker is Joker.FREE:
            allowed, wild = is_open, ~own_open
        else:
            allowed = np.where(own_open, own, np.where(lower_open, is_open & is_lower, is_open))
            wild = ~own_open & lower_open
        scores = np.zeros((MASKS, BOX_COUNT))
        scores[:, own] = 5 * f
        for box in (Box.THREE_KIND, Box.FOUR_KIND, Box.CHANCE):
            scores[:, box.index] = 5 * f
        house = natural_score(Box.FULL_HOUSE, (f,) * 5, variant.five_kind_house)
        scores[:, Box.FULL_HOUSE.index] = np.where(wild[:, 0], FULL_HOUSE, house)
        scores[:, Box.SMALL_STRAIGHT.index] = np.where(wild[:, 0], SMALL_STRAIGHT, 0)
        scores[:, Box.LARGE_STRAIGHT.index] = np.where(wild[:, 0], LARGE_STRAIGHT, 0)
        out[:, f - 1, :] = np.where(allowed, scores, np.nan)
    out[(np.arange(MASKS) & Y_BIT) == 0] = np.nan
    out.setflags(write=False)
    return out


def joker_scores(variant: Variant, mask: int) -> dict[int, dict[Box, int]]:
    """For a card with the Yahtzee box filled: each face's extra Yahtzee's boxes and scores."""
    table = _joker_table(variant)[mask]
    return {f: {b: int(table[f - 1, b.index]) for b in BOXES if not np.isnan(table[f - 1, b.index])}
            for f in FACES}



# ---- scoring now ---------------------------------------------------------------------------


_GAINS = tuple(np.arange(6, dtype=np.intp)[:, None] * (i + 1) for i in range(6))
"""``_GAINS[i][c]``: what ``c`` dice of face ``i + 1`` score in their upper box."""
_FIVES = tuple(np.where(np.arange(6) == i, 5, 0) for i in range(6))
"""``_FIVES[i][f - 1]``: how many dice of face ``i + 1`` five of a kind of ``f`` shows."""
_ROW = 2 * UPPER_VALUES
"""Entries per mask in a flattened table."""
_DENSE_LOWER = tuple((b.index, LOWER_BOXES.index(b)) for b in (Box.THREE_KIND, Box.CHANCE))
_SPARSE_LOWER = tuple((b.index, LOWER_BOXES.index(b))
                      for b in (Box.FOUR_KIND, Box.FULL_HOUSE, Box.SMALL_STRAIGHT, Box.LARGE_STRAIGHT))


@lru_cache(maxsize=2)
def _scoring_rows(five_kind_house: bool) -> tuple[Ints, ...]:
    """Per lower box (``LOWER_BOXES`` order): the rolls that score there, five of a kind apart."""
    lower = lower_scores(five_kind_house)
    return tuple(np.flatnonzero((lower[:, i] > 0) & ~IS_YAHTZEE) for i in range(len(LOWER_BOXES)))


def _upper_option(V: Floats, cols: Widgets, i: int) -> tuple[Floats, Floats, Ints]:
    """Scoring ``c`` dice (rows 0-5) in upper box ``i``: the points now (with the 35 bonus if it is
    reached), the value to come, and where the next widget is in the flattened table."""
    masks, up, y = cols
    total = up + _GAINS[i]
    now = _GAINS[i] + UPPER_BONUS * ((total >= UPPER_CAP) & (up < UPPER_CAP))
    where = (masks | 1 << i) * _ROW + np.minimum(total, UPPER_CAP) * 2 + y
    nv: Floats = V.reshape(-1).take(where)
    return now.astype(np.float64), nv, where


def _bonus(variant: Variant, cols: Widgets) -> Floats:
    """The extra-Yahtzee bonus each widget would earn (where the Yahtzee box is filled)."""
    bonus: Floats = np.full(len(cols.masks), float(YAHTZEE_BONUS))
    if variant.bonus_needs_fifty:
        bonus[cols.fifty != 1] = 0.0
    return bonus


def _jokers(variant: Variant, cols: Widgets) -> tuple[Floats, Floats]:
    """``(scores, barred)``, ``[f - 1, box, column]``: an extra Yahtzee's score and ``-inf`` where barred."""
    table = _joker_table(variant)[cols.masks].transpose(1, 2, 0)
    nan = np.isnan(table)
    return np.where(nan, 0.0, table), np.where(nan, -np.inf, 0.0)


def box_options(variant: Variant, V: Floats, W: Floats | None,
                cols: Widgets) -> Iterator[tuple[Box, Floats, Floats | None]]:
    """Each box open in some widget with, per roll (rows) and widget, the value of scoring it now.

    The value is the score, any bonus and the expected score to come from the
    widget it leads to; ``-inf`` where the box is filled or may not take the
    roll.  With ``W`` (second moments) also the expected square of all that.
    """
    masks, up, y = cols
    flat_v = V.reshape(-1)
    flat_w = None if W is None else W.reshape(-1)
    joker = masks & Y_BIT != 0
    scores, barred = _jokers(variant, cols) if joker.any() else (None, None)
    bonus = _bonus(variant, cols)
    lower = lower_scores(variant.five_kind_house)
    for box in BOXES:
        i = box.index
        is_open = masks >> i & 1 == 0
        if not is_open.any():
            continue
        second: Floats | None = None
        j_nw: Floats | None = None
        if box.upper:
            now, nv, where = _upper_option(V, cols, i)
            value = (now + nv).take(COUNTS[:, i], axis=0)
            j_now, j_nv = now[_FIVES[i]] + bonus, nv[_FIVES[i]]
            if flat_w is not None:
                nw = flat_w.take(where)
                second = (now * (now + 2 * nv) + nw).take(COUNTS[:, i], axis=0)
                j_nw = nw[_FIVES[i]]
        elif box is Box.YAHTZEE:
            where = (masks | Y_BIT) * _ROW + up * 2
            c0, c50 = flat_v.take(where), flat_v.take(where + 1)
            value = np.repeat(c0[None, :], len(ROLLS), axis=0)
            value[YAHTZEE_ROWS] = YAHTZEE + c50
            if flat_w is not None:
                w0, w50 = flat_w.take(where), flat_w.take(where + 1)
                second = np.repeat(w0[None, :], len(ROLLS), axis=0)
                second[YAHTZEE_ROWS] = YAHTZEE * (YAHTZEE + 2 * c50) + w50
        else:
            where = (masks | 1 << i) * _ROW + up * 2 + y
            cont = flat_v.take(where)
            score = lower[:, LOWER_BOXES.index(box), None]
            value = score + cont
            j_now = (bonus if scores is None else scores[:, i, :] + bonus) + np.zeros((6, 1))
            j_nv = np.broadcast_to(cont, (6, len(masks)))
            if flat_w is not None:
                nw1 = flat_w.take(where)
                second = score * (score + 2 * cont) + nw1
                j_nw = np.broadcast_to(nw1, (6, len(masks)))
        if scores is not None and barred is not None and box is not Box.YAHTZEE:
            value[YAHTZEE_ROWS] = np.where(joker, j_now + j_nv + barred[:, i, :], value[YAHTZEE_ROWS])
            if second is not None and j_nw is not None:
                second[YAHTZEE_ROWS] = np.where(joker, j_now * (j_now + 2 * j_nv) + j_nw,
                                                 second[YAHTZEE_ROWS])
        if not is_open.all():
            value[:, ~is_open] = -np.inf
        yield box, value, second


def score_now(variant: Variant, V: Floats, W: Floats | None, cols: Widgets,
               out: Floats, out_w: Floats | None) -> None:
    """``out[r, c]``: the best box for roll ``r`` in widget ``c`` (and its second moment).

    Ties go to the first box in card order.
    """
    if W is None or out_w is None:
        score_now_fast(variant, V, cols, out)
        return
    out.fill(-np.inf)
    for _, value, second in box_options(variant, V, W, cols):
        assert second is not None
        better = value > out
        np.copyto(out, value, where=better)
        np.copyto(out_w, second, where=better)


def score_now_fast(variant: Variant, V: Floats, cols: Widgets, out: Floats) -> None:
    """:func:`score_now` without second moments, faster.

    A box that scores nothing for most rolls (four of a kind, full house, the
    straights, Yahtzee) offers the same value for all of those: the best such
    value over those boxes is applied to every roll at once, then only the
    rolls that score there are looked at (scoring more never hurts, so this
    is exact).  Five of a kind is done last, by its own rules.
    """
    masks, up, y = cols
    flat_v = V.reshape(-1)
    lower = lower_scores(variant.five_kind_house)
    rows = _scoring_rows(variant.five_kind_house)
    started = False
    uppers: dict[int, Floats] = {}

    def fold(value: Floats) -> None:
        nonlocal started
        if started:
            np.maximum(out, value, out=out)
        else:
            out[...] = value
            started = True

    for i in range(6):
        is_open = masks >> i & 1 == 0
        if not is_open.any():
            continue
        now, nv, _ = _upper_option(V, cols, i)
        val6 = now + nv
        if not is_open.all():
            val6[:, ~is_open] = -np.inf
        uppers[i] = val6
        fold(val6.take(COUNTS[:, i], axis=0))
    conts: dict[int, Floats] = {}
    base: Floats | None = None
    for index, col in _DENSE_LOWER + _SPARSE_LOWER:
        is_open = masks >> index & 1 == 0
        if not is_open.any():
            continue
        cont = flat_v.take((masks | 1 << index) * _ROW + up * 2 + y)
        if not is_open.all():
            cont[~is_open] = -np.inf
        conts[index] = cont
        if (index, col) in _DENSE_LOWER:
            fold(lower[:, col, None] + cont)
        else:
            base = cont if base is None else np.maximum(base, cont)
    joker = masks & Y_BIT != 0
    c50: Floats | None = None
    if not joker.all():
        where = (masks | Y_BIT) * _ROW + up * 2
        c0, c50 = flat_v.take(where), flat_v.take(where + 1)
        c0[joker] = -np.inf
        base = c0 if base is None else np.maximum(base, c0)
    if base is not None:
        fold(np.broadcast_to(base, out.shape))
    for index, col in _SPARSE_LOWER:
        if index in conts:
            r = rows[col]
            out[r] = np.maximum(out[r], lower[r, col, None] + conts[index])
    fives = out[YAHTZEE_ROWS]
    if c50 is not None:
        np.maximum(fives, YAHTZEE + c50, out=fives)
    if joker.any():
        scores, barred = _jokers(variant, cols)
        best = np.full((6, len(masks)), -np.inf)
        for i, val6 in uppers.items():
            np.maximum(best, val6[_FIVES[i]] + barred[:, i, :], out=best)
        for index, cont in conts.items():
            np.maximum(best, scores[:, index, :] + cont + barred[:, index, :], out=best)
        fives = np.where(joker, best + _bonus(variant, cols), fives)
    out[YAHTZEE_ROWS] = fives
