"""Within a turn: the value of every keep and every roll, from the value of scoring now.

* the value of a keep is the mean over one more die of the keep with that die added
  (``E[k] = (E[k+1] + ... + E[k+6]) / 6``), down from the 252 rolls to the empty keep, which is
  the same as rolling the missing dice at once;
* the value of a roll with rolls left is the best of its sub-keeps, found as a running maximum
  over keeps one die smaller (keeping all five dice is standing pat: scoring now);
* the value before the turn is the empty keep's value: the first roll.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from parlour.games.yahtzee.solver.keeps import ADD, FIRST_ROLL, REMOVE, ROLLS
from parlour.games.yahtzee.solver.scoring import score_now, score_now_fast
from parlour.games.yahtzee.solver.widgets import Floats, Variant, Widgets


def first_roll(rolls: Floats) -> Floats:
    """The expectation over the first roll of five dice (not through BLAS, whose order of
    summing, so the last bits, may depend on its number of threads)."""
    weighted: Floats = (rolls * FIRST_ROLL[:, None]).sum(axis=0)
    return weighted


def expectations(top: Floats) -> list[Floats]:
    """The value of every keep, by level, when the missing dice are rolled to reach ``top`` (rolls)."""
    levels: list[Floats] = [top] * 6
    for s in range(4, -1, -1):
        idx = ADD[s]
        acc = levels[s + 1].take(idx[:, 0], axis=0)
        for f in range(1, 6):
            acc += levels[s + 1].take(idx[:, f], axis=0)
        acc *= 1 / 6
        levels[s] = acc
    return levels


def best_keeps(levels: list[Floats], seconds: list[Floats] | None = None) -> tuple[Floats, Floats | None]:
    """For every roll, the best of its sub-keeps (keeping all five: standing pat).

    Works in place on ``levels`` (and ``seconds``), including the rolls' own
    level (which :func:`expectations` does not copy); ties go to the bigger keep.
    """
    best = levels[0]
    best_w = None if seconds is None else seconds[0]
    for s in range(1, 6):
        out = levels[s]
        out_w = None if seconds is None else seconds[s]
        for n, rows in REMOVE[s]:
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
    score_now_fast(variant, V, cols, first)
    return turn_from(first)


def turn_from(first: Floats) -> TurnValues:
    """Every within-turn value, given ``first[r, c]``: the value of scoring roll ``r`` now (in
    its best box) in column ``c``.  Columns may be anything worth maximising in expectation:
    widgets here, or the chances to win from each score so far (the ``win`` bot's plan)."""
    rolls = [first]
    keeps: dict[int, list[Floats]] = {}
    for k in (1, 2):
        levels = expectations(rolls[-1].copy())  # best_keeps overwrites the top level too
        keeps[k] = [lv.copy() for lv in levels]
        rolls.append(best_keeps(levels)[0])
    return TurnValues(rolls, keeps, first_roll(rolls[2]))


def turn_start(variant: Variant, V: Floats, W: Floats | None,
                cols: Widgets) -> tuple[Floats, Floats | None]:
    """The value (and second moment) before the first roll of every widget of ``cols``."""
    now = np.empty((len(ROLLS), len(cols.masks)))
    now_w = None if W is None else np.empty_like(now)
    score_now(variant, V, W, cols, now, now_w)
    for _ in range(2):
        levels = expectations(now)
        seconds = None if now_w is None else expectations(now_w)
        now, now_w = best_keeps(levels, seconds)
    return first_roll(now), None if now_w is None else first_roll(now_w)
