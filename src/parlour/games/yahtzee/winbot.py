"""The ``win`` bot: with two or more players, it plays to beat the others, not for its average.

Its keeps, and when to stop rolling, are the solitaire-optimal ones; the choice
of box at the end of each turn -- where the trade between a sure score now and
chances later is made -- maximises its estimated chance of finishing ahead of every opponent.  Each
final score (its own after each possible box, and each opponent's from their
card now) is taken as normal with the exact mean and variance of the points
still to come under optimal play (the solver's first and second moments), and
the opponents as independent:

    P(win | box) ~ product over opponents of Phi((mean_box - mean_o) / sqrt(var_box + var_o))

Alone it plays exactly like ``optimal``.  ``bench/bench_yahtzee_win.py``
measures it against the ``optimal`` bot (docs/benchmarks.md).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from parlour.core.protocol import Bot
from parlour.games.yahtzee.advisor import best_move, position_of
from parlour.games.yahtzee.rules import Rules
from parlour.games.yahtzee.strategy import Position, YahtzeeTable, table


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def outlook(tbl: YahtzeeTable, position: Position) -> tuple[float, float]:
    """The mean and variance of the final score from a between-turn position, under optimal play."""
    if position.over:
        return float(position.score), 0.0
    moments = tbl.moments
    assert moments is not None
    key = tbl._key(position)
    rest = float(tbl.values[key])
    return position.score + rest, max(0.0, float(moments[key]) - rest * rest)


def win_chance(mine: tuple[float, float], others: Sequence[tuple[float, float]]) -> float:
    """The estimated chance of finishing strictly ahead of every opponent (normal scores)."""
    chance = 1.0
    for mean, var in others:
        spread = math.sqrt(mine[1] + var)
        if spread == 0.0:
            chance *= 1.0 if mine[0] > mean else 0.5 if mine[0] == mean else 0.0
        else:
            chance *= _phi((mine[0] - mean) / spread)
    return chance


class WinBot(Bot):
    """Keeps dice like ``optimal``; scores each turn in the box with the best chance to win."""

    name = "win"

    def __init__(self, rules: Rules | None = None) -> None:
        self._rules = rules
        self._table: YahtzeeTable | None = None

    def _tbl(self, rules: Rules) -> YahtzeeTable:
        if self._table is None or self._rules != rules:
            self._rules, self._table = rules, table(rules)
            self._table.sd()  # the second moments: loaded from the cache, or solved once
        return self._table

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        from parlour.games.yahtzee.state import Score

        if len(legal) == 1:
            return legal[0]
        state = view.state
        seat = view.seat if view.seat is not None else state.current
        tbl = self._tbl(state.rules)
        optimal = best_move(state, seat, tbl)
        if state.players == 1 or not isinstance(optimal, Score):
            return optimal  # alone, or rolling on: keep like the optimal bot
        scores = [m for m in legal if isinstance(m, Score)]
        others = [outlook(tbl, position_of(state, s)) for s in range(state.players) if s != seat]
        best, best_key = scores[0], (-1.0, -math.inf)
        for move in scores:
            after = game.apply(state, seat, move)
            mine = outlook(tbl, position_of(after, seat))
            key = (win_chance(mine, others), mine[0])
            if key > best_key:
                best, best_key = move, key
        return best


def make_win(rules: Any) -> Bot:
    """The bot factory for ``BOTS["win"]``."""
    return WinBot(rules if isinstance(rules, Rules) else None)


__all__ = ["WinBot", "make_win", "outlook", "win_chance"]
