"""The exact optimal solitaire strategy of Yahtzee, by retrograde analysis.

Between two turns the rest of a game depends only on the *widget*: which of
the thirteen boxes are filled (a 13-bit mask, bit ``i`` for ``BOXES[i]``), the
upper-section total capped at 63 (all that matters for the 35 bonus) and, once
the Yahtzee box is filled, whether it holds 50 (for the extra-Yahtzee bonus).
:func:`compute` finds, for every widget, the expected score still to come
under the strategy that maximises the expected final score -- boxes, upper
bonus and Yahtzee bonuses -- working back from the full card, thirteen
filled boxes, to the empty one.  :func:`compute` with ``moments=True`` also
finds the expected *square* of the score still to come under that strategy,
so its standard deviation.

Within a turn a position is the widget, the five dice (one of 252 sorted
rolls) and the rolls left.  A *keep* is a sorted sub-multiset of the dice (0
to 5 of them; 462 in all) and everything is vectorised over many widgets at
once with NumPy:

* after the last roll the value of a roll is the best box for it: its score,
  any bonus, plus the value of the widget it leads to;
* the value of a keep is the mean over one more die of the keep with that die
  added (``E[k] = (E[k+1] + ... + E[k+6]) / 6``), down from the 252 rolls to
  the empty keep, which is the same as rolling the missing dice at once;
* the value of a roll with rolls left is the best of its sub-keeps, found as
  a running maximum over keeps one die smaller (keeping all five dice is
  standing pat: scoring now);
* the value before the turn is the empty keep's value: the first roll.

Only upper totals that the filled upper boxes can make are solved (``0`` and
``3`` for ``{Ones}``, for instance), and totals from which 63 is out of reach
share one value, as do all totals once the upper section is full.
:func:`evaluate_turn` recomputes the within-turn values of any position from
the between-turn table, in a millisecond or so.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from parlour.games.yahtzee.rules import (
    BOXES,
    FULL_HOUSE,
    LARGE_STRAIGHT,
    SMALL_STRAIGHT,
    UPPER_BONUS,
    UPPER_BONUS_AT,
    YAHTZEE,
    YAHTZEE_BONUS,
    Box,
    Joker,
    Rules,
    natural_score,
)

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]

FACES = range(1, 7)
BOX_COUNT = len(BOXES)
MASKS = 1 << BOX_COUNT
"""Widgets' masks of filled boxes: ``0`` (empty card) to ``MASKS - 1`` (full card)."""
FULL = MASKS - 1
UPPER_MASK = (1 << 6) - 1
UPPER_CAP = UPPER_BONUS_AT
"""Upper totals are kept up to 63: beyond it only the bonus matters, and it is earned."""
UPPER_VALUES = UPPER_CAP + 1
Y_BIT = 1 << Box.YAHTZEE.index
LOWER_BOXES = tuple(b for b in BOXES if not b.upper and b is not Box.YAHTZEE)
"""The lower boxes other than Yahtzee: their successor widget does not depend on the roll."""

ProgressFn = Callable[[int, int], None]


@dataclass(frozen=True)
class Variant:
    """The rules that change optimal play (the rest of :class:`Rules` is about the screen)."""

    joker: Joker = Joker.FREE
    bonus_needs_fifty: bool = True
    five_kind_house: bool = False
    """Five of a kind also scores 25 as a natural full house (the manual does not say so;
    kept only to compare with published figures: see ``docs/rules/yahtzee.md``)."""

    @classmethod
    def of(cls, rules: Rules) -> Variant:
        return cls(rules.joker, rules.bonus_needs_fifty, bool(getattr(rules, "five_kind_house", False)))

    @property
    def key(self) -> str:
        """A short name for file names: ``free-fifty``, ``forced-any`` …"""
        key = f"{self.joker.value}-{'fifty' if self.bonus_needs_fifty else 'any'}"
        return key + ("-fivehouse" if self.five_kind_house else "")


# ---- dice and keeps ------------------------------------------------------------------------------


def _level(size: int) -> tuple[tuple[int, ...], ...]:
    """The keeps of ``size`` dice, those with more different faces first (see ``_REMOVE``)."""
    keeps = itertools.combinations_with_replacement(FACES, size)
    return tuple(sorted(keeps, key=lambda k: (-len(set(k)), k)))


LEVELS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_level(s) for s in range(6))
"""The keeps by number of dice: ``LEVELS[5]`` are the 252 rolls, ``LEVELS[0] == ((),)``."""
ROLLS = LEVELS[5]
_INDEX: tuple[dict[tuple[int, ...], int], ...] = tuple({k: i for i, k in enumerate(lv)} for lv in LEVELS)


def roll_index(dice: tuple[int, ...]) -> int:
    """The row of five sorted dice in the within-turn arrays."""
    return _INDEX[5][dice]


def keep_index(keep: tuple[int, ...]) -> tuple[int, int]:
    """The level (number of dice) and row of a sorted keep."""
    return len(keep), _INDEX[len(keep)][keep]


_ADD: tuple[Ints, ...] = tuple(
    np.array([[_INDEX[s + 1][tuple(sorted((*k, f)))] for f in FACES] for k in LEVELS[s]], dtype=np.intp)
    for s in range(5)
)
"""``_ADD[s][k, f - 1]``: the keep of ``s + 1`` dice made by adding a die ``f`` to keep ``k``."""


def _removals(size: int) -> tuple[tuple[int, Ints], ...]:
    """``(n, rows)`` per column ``j``: the ``j``-th keep one die smaller of each of the first ``n`` keeps.

    Keeps are ordered by how many different faces they show, most first, so the
    keeps with a ``j``-th different face to drop are a prefix of the level.
    """
    children = [sorted({_INDEX[size - 1][k[:i] + k[i + 1:]] for i in range(size)}) for k in LEVELS[size]]
    columns = []
    for j in range(max(map(len, children))):
        n = sum(1 for c in children if len(c) > j)
        columns.append((n, np.array([c[j] for c in children[:n]], dtype=np.intp)))
    return tuple(columns)


_REMOVE: tuple[tuple[tuple[int, Ints], ...], ...] = ((), *(_removals(s) for s in range(1, 6)))
_COUNTS: Ints = np.array([[r.count(f) for f in FACES] for r in ROLLS], dtype=np.intp)
"""``_COUNTS[r, f - 1]``: how many dice of roll ``r`` show ``f``."""
_YAHTZEE_ROWS: Ints = np.array([roll_index((f,) * 5) for f in FACES], dtype=np.intp)
_IS_YAHTZEE = np.zeros(len(ROLLS), dtype=bool)
_IS_YAHTZEE[_YAHTZEE_ROWS] = True
_FIRST_ROLL: Floats = np.array(
    [math.factorial(5) / math.prod(math.factorial(c) for c in row) / 6**5 for row in _COUNTS.tolist()])
"""The chance of each roll of five dice."""


@cache
def _lower_scores(five_kind_house: bool) -> Floats:
    """``[r, i]``: what roll ``r`` scores naturally in ``LOWER_BOXES[i]``."""
    table = np.array([[natural_score(b, r) for b in LOWER_BOXES] for r in ROLLS], dtype=np.float64)
    if five_kind_house:
        table[_YAHTZEE_ROWS, LOWER_BOXES.index(Box.FULL_HOUSE)] = FULL_HOUSE
    table.setflags(write=False)
    return table


@cache
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
        house = FULL_HOUSE if variant.five_kind_house else 0
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


# ---- reachable upper totals --------------------------------------------------------------------


class _Uppers(NamedTuple):
    """The upper totals to solve for one set of filled upper boxes, and where each value goes."""

    solve: Ints
    """Distinct totals to solve: reachable ones, out-of-reach ones merged into one."""
    fill: Ints
    """Every total whose value is written (all reachable ones; all 64 when the section is full)."""
    source: Ints
    """For each of ``fill``, the index in ``solve`` whose value it takes."""
    reachable: frozenset[int]


def _uppers(upper_filled: int) -> _Uppers:
    reach = {0}
    for f in FACES:
        if upper_filled >> (f - 1) & 1:
            reach = {min(UPPER_CAP, a + f * c) for a in reach for c in range(6)}
    if upper_filled == UPPER_MASK:
        return _Uppers(np.array([0], dtype=np.intp), np.arange(UPPER_VALUES, dtype=np.intp),
                       np.zeros(UPPER_VALUES, dtype=np.intp), frozenset(reach))
    still = sum(5 * f for f in FACES if not upper_filled >> (f - 1) & 1)
    fill = sorted(reach)
    hopeless = [u for u in fill if u + still < UPPER_CAP]
    solve = ([hopeless[0]] if hopeless else []) + [u for u in fill if u + still >= UPPER_CAP]
    source = [0 if u in hopeless else solve.index(u) for u in fill]
    return _Uppers(np.array(solve, dtype=np.intp), np.array(fill, dtype=np.intp),
                   np.array(source, dtype=np.intp), frozenset(reach))


UPPERS: tuple[_Uppers, ...] = tuple(_uppers(u) for u in range(1 << 6))
"""By the mask of filled upper boxes."""


def reachable_upper(mask: int, upper: int) -> bool:
    """Whether the filled upper boxes of ``mask`` can add up to ``upper`` (capped at 63)."""
    return min(upper, UPPER_CAP) in UPPERS[mask & UPPER_MASK].reachable


# ---- one turn, for a batch of widgets ---------------------------------------------------------


class Widgets(NamedTuple):
    """A batch of widgets, one column each in the within-turn arrays."""

    masks: Ints
    upper: Ints
    """Capped at 63."""
    fifty: Ints
    """1 if the Yahtzee box holds 50 (only where it is filled)."""


_GAINS = tuple(np.arange(6, dtype=np.intp)[:, None] * (i + 1) for i in range(6))
"""``_GAINS[i][c]``: what ``c`` dice of face ``i + 1`` score in their upper box."""
_FIVES = tuple(np.where(np.arange(6) == i, 5, 0) for i in range(6))
"""``_FIVES[i][f - 1]``: how many dice of face ``i + 1`` five of a kind of ``f`` shows."""
_ROW = 2 * UPPER_VALUES
"""Entries per mask in a flattened table."""
_DENSE_LOWER = tuple((b.index, LOWER_BOXES.index(b)) for b in (Box.THREE_KIND, Box.CHANCE))
_SPARSE_LOWER = tuple((b.index, LOWER_BOXES.index(b))
                      for b in (Box.FOUR_KIND, Box.FULL_HOUSE, Box.SMALL_STRAIGHT, Box.LARGE_STRAIGHT))


@cache
def _scoring_rows(five_kind_house: bool) -> tuple[Ints, ...]:
    """Per lower box (``LOWER_BOXES`` order): the rolls that score there, five of a kind apart."""
    lower = _lower_scores(five_kind_house)
    return tuple(np.flatnonzero((lower[:, i] > 0) & ~_IS_YAHTZEE) for i in range(len(LOWER_BOXES)))


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
    lower = _lower_scores(variant.five_kind_house)
    for box in BOXES:
        i = box.index
        is_open = masks >> i & 1 == 0
        if not is_open.any():
            continue
        second: Floats | None = None
        j_nw: Floats | None = None
        if box.upper:
            now, nv, where = _upper_option(V, cols, i)
            value = (now + nv).take(_COUNTS[:, i], axis=0)
            j_now, j_nv = now[_FIVES[i]] + bonus, nv[_FIVES[i]]
            if flat_w is not None:
                nw = flat_w.take(where)
                second = (now * (now + 2 * nv) + nw).take(_COUNTS[:, i], axis=0)
                j_nw = nw[_FIVES[i]]
        elif box is Box.YAHTZEE:
            where = (masks | Y_BIT) * _ROW + up * 2
            c0, c50 = flat_v.take(where), flat_v.take(where + 1)
            value = np.repeat(c0[None, :], len(ROLLS), axis=0)
            value[_YAHTZEE_ROWS] = YAHTZEE + c50
            if flat_w is not None:
                w0, w50 = flat_w.take(where), flat_w.take(where + 1)
                second = np.repeat(w0[None, :], len(ROLLS), axis=0)
                second[_YAHTZEE_ROWS] = YAHTZEE * (YAHTZEE + 2 * c50) + w50
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
            value[_YAHTZEE_ROWS] = np.where(joker, j_now + j_nv + barred[:, i, :], value[_YAHTZEE_ROWS])
            if second is not None and j_nw is not None:
                second[_YAHTZEE_ROWS] = np.where(joker, j_now * (j_now + 2 * j_nv) + j_nw,
                                                 second[_YAHTZEE_ROWS])
        if not is_open.all():
            value[:, ~is_open] = -np.inf
        yield box, value, second


def _score_now(variant: Variant, V: Floats, W: Floats | None, cols: Widgets,
               out: Floats, out_w: Floats | None) -> None:
    """``out[r, c]``: the best box for roll ``r`` in widget ``c`` (and its second moment).

    Ties go to the first box in card order.
    """
    if W is None or out_w is None:
        _score_now_fast(variant, V, cols, out)
        return
    out.fill(-np.inf)
    for _, value, second in box_options(variant, V, W, cols):
        assert second is not None
        better = value > out
        np.copyto(out, value, where=better)
        np.copyto(out_w, second, where=better)


def _score_now_fast(variant: Variant, V: Floats, cols: Widgets, out: Floats) -> None:
    """:func:`_score_now` without second moments, faster.

    A box that scores nothing for most rolls (four of a kind, full house, the
    straights, Yahtzee) offers the same value for all of those: the best such
    value over those boxes is applied to every roll at once, then only the
    rolls that score there are looked at (scoring more never hurts, so this
    is exact).  Five of a kind is done last, by its own rules.
    """
    masks, up, y = cols
    flat_v = V.reshape(-1)
    lower = _lower_scores(variant.five_kind_house)
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
        fold(val6.take(_COUNTS[:, i], axis=0))
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
    fives = out[_YAHTZEE_ROWS]
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
    out[_YAHTZEE_ROWS] = fives


def _first_roll(rolls: Floats) -> Floats:
    """The expectation over the first roll of five dice (not through BLAS, whose order of
    summing, so the last bits, may depend on its number of threads)."""
    weighted: Floats = (rolls * _FIRST_ROLL[:, None]).sum(axis=0)
    return weighted


def _expectations(top: Floats) -> list[Floats]:
    """The value of every keep, by level, when the missing dice are rolled to reach ``top`` (rolls)."""
    levels: list[Floats] = [top] * 6
    for s in range(4, -1, -1):
        idx = _ADD[s]
        acc = levels[s + 1].take(idx[:, 0], axis=0)
        for f in range(1, 6):
            acc += levels[s + 1].take(idx[:, f], axis=0)
        acc *= 1 / 6
        levels[s] = acc
    return levels


def _best_keeps(levels: list[Floats], seconds: list[Floats] | None = None) -> tuple[Floats, Floats | None]:
    """For every roll, the best of its sub-keeps (keeping all five: standing pat).

    Works in place on ``levels`` (and ``seconds``), including the rolls' own
    level (which :func:`_expectations` does not copy); ties go to the bigger keep.
    """
    best = levels[0]
    best_w = None if seconds is None else seconds[0]
    for s in range(1, 6):
        out = levels[s]
        out_w = None if seconds is None else seconds[s]
        for n, rows in _REMOVE[s]:
            cand = best.take(rows, axis=0)
            if out_w is None or best_w is None:
                np.maximum(out[:n], cand, out=out[:n])
            else:
                better = cand > out[:n]
                np.copyto(out[:n], cand, where=better)
                np.copyto(out_w[:n], best_w.take(rows, axis=0), where=better)
        best, best_w = out, out_w
    return best, best_w


@dataclass
class TurnValues:
    """The within-turn values of a batch of widgets (expected score to come).

    ``rolls[k][r, c]``: with roll ``r`` and ``k`` rolls left (the best of
    scoring now and every keep); ``keeps[k][s][i, c]``: keeping
    ``LEVELS[s][i]`` and rolling the other dice when ``k`` rolls are left
    (``k`` = 1 or 2); ``start[c]``: before the first roll.
    """

    rolls: list[Floats]
    keeps: dict[int, list[Floats]]
    start: Floats


def evaluate_turn(variant: Variant, V: Floats, cols: Widgets) -> TurnValues:
    """Every within-turn value of a few widgets, from the between-turn table ``V``."""
    first = np.empty((len(ROLLS), len(cols.masks)))
    _score_now_fast(variant, V, cols, first)
    return turn_from(first)


def turn_from(first: Floats) -> TurnValues:
    """Every within-turn value, given ``first[r, c]``: the value of scoring roll ``r`` now (in
    its best box) in column ``c``.  Columns may be anything worth maximising in expectation:
    widgets here, or the chances to win from each score so far (``winplan``)."""
    rolls = [first]
    keeps: dict[int, list[Floats]] = {}
    for k in (1, 2):
        levels = _expectations(rolls[-1].copy())  # _best_keeps overwrites the top level too
        keeps[k] = [lv.copy() for lv in levels]
        rolls.append(_best_keeps(levels)[0])
    return TurnValues(rolls, keeps, _first_roll(rolls[2]))


def _turn_start(variant: Variant, V: Floats, W: Floats | None,
                cols: Widgets) -> tuple[Floats, Floats | None]:
    """The value (and second moment) before the first roll of every widget of ``cols``."""
    now = np.empty((len(ROLLS), len(cols.masks)))
    now_w = None if W is None else np.empty_like(now)
    _score_now(variant, V, W, cols, now, now_w)
    for _ in range(2):
        levels = _expectations(now)
        seconds = None if now_w is None else _expectations(now_w)
        now, now_w = _best_keeps(levels, seconds)
    return _first_roll(now), None if now_w is None else _first_roll(now_w)


# ---- the whole table -------------------------------------------------------------------------


CHUNK_COLUMNS = 256
"""Widgets solved together: enough to make NumPy's per-call cost small, few enough to stay in cache."""


def _fifties(variant: Variant, mask: int) -> tuple[int, ...]:
    """The values of the fifty flag that differ for this mask."""
    return (0, 1) if mask & Y_BIT and variant.bonus_needs_fifty else (0,)


def _store(variant: Variant, table: Floats, mask: int, values: Floats) -> None:
    """Write one mask's solved values into the table, spread over every total and flag sharing them."""
    uppers = UPPERS[mask & UPPER_MASK]
    grid = values.reshape(len(uppers.solve), len(_fifties(variant, mask)))[uppers.source]
    table[mask, uppers.fill, :] = grid


def _chunks(variant: Variant, layer: list[int]) -> Iterator[tuple[list[int], Widgets]]:
    """The masks of a layer in batches of about ``CHUNK_COLUMNS`` widgets sharing the filled upper boxes."""
    group: list[int] = []
    parts: list[tuple[Ints, Ints, Ints]] = []
    width = 0
    ordered = sorted(layer, key=lambda m: (m & UPPER_MASK, m))
    for n, mask in enumerate(ordered):
        ups = UPPERS[mask & UPPER_MASK].solve
        ys = np.array(_fifties(variant, mask), dtype=np.intp)
        group.append(mask)
        parts.append((np.full(len(ups) * len(ys), mask, dtype=np.intp), np.repeat(ups, len(ys)),
                      np.tile(ys, len(ups))))
        width += len(ups) * len(ys)
        last = n + 1 == len(ordered)
        if last or width >= CHUNK_COLUMNS or ordered[n + 1] & UPPER_MASK != mask & UPPER_MASK:
            yield group, Widgets(*(np.concatenate(x) for x in zip(*parts, strict=True)))
            group, parts, width = [], [], 0


def masks_by_layer() -> list[list[int]]:
    """Every mask but the full card, grouped by filled boxes, most filled first (the solving order)."""
    layers: list[list[int]] = [[] for _ in range(BOX_COUNT)]
    for mask in range(FULL):
        layers[mask.bit_count()].append(mask)
    return layers[::-1]


def compute(variant: Variant, moments: bool = False,
            progress: ProgressFn | None = None) -> tuple[Floats, Floats | None]:
    """The expected score to come from every widget, ``[mask, upper, fifty]`` (and second moments).

    ``fifty`` is 1 when the Yahtzee box holds 50; it is only meaningful once
    the box is filled (both entries are equal before, and always when the
    bonus does not need the fifty).  Only totals that the filled upper boxes
    can make are filled in; the others are 0.  ``progress(done, total)`` is
    called as widgets are solved (``total``: the widgets solved in all).

    One thread: the batches are too small for NumPy's released GIL to pay
    (two threads were slower on the 2-core box).
    """
    V = np.zeros((MASKS, UPPER_VALUES, 2))
    W = np.zeros((MASKS, UPPER_VALUES, 2)) if moments else None
    layers = masks_by_layer()
    done = 0
    total = sum(len(UPPERS[m & UPPER_MASK].solve) * len(_fifties(variant, m)) for lv in layers for m in lv)
    for layer in layers:
        for group, cols in _chunks(variant, layer):
            start, start_w = _turn_start(variant, V, W, cols)
            at = 0
            for mask in group:
                n = len(UPPERS[mask & UPPER_MASK].solve) * len(_fifties(variant, mask))
                _store(variant, V, mask, start[at:at + n])
                if W is not None and start_w is not None:
                    _store(variant, W, mask, start_w[at:at + n])
                at += n
            done += len(cols.masks)
            if progress is not None:
                progress(done, total)
    return V, W
