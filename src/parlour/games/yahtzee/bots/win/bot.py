"""The ``win`` bot: with two or more players, it plays to beat the others, not for its average.

In the last ``PLAN_BOXES`` turns of its game, every choice of a turn -- keeps,
when to stop, the box -- is valued by its chance of finishing ahead of every
opponent (a tie counting half), worked out by
:class:`~parlour.games.yahtzee.bots.win.plan.WinPlanner`: exactly for its last
``EXACT_BOXES + 1`` turns, one turn ahead with normal final scores before
that.  Earlier turns are played like ``optimal``.
Choices whose chances differ by less than ``TIE`` (alone, or once the game is
decided either way) go to the solitaire-optimal one, so alone it plays
exactly like ``optimal``.  ``bench/bench_yahtzee_win.py`` measures it against
the ``optimal`` bot (docs/benchmarks.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from parlour.core.protocol import AnyBot, Bot, Game
from parlour.games.yahtzee.advisor import position_of, valued_moves
from parlour.games.yahtzee.bots.win.plan import (
    Finish,
    Opponent,
    TurnPlan,
    Widget,
    WinPlanner,
    open_count,
)
from parlour.games.yahtzee.moves import Dice, Move, Roll
from parlour.games.yahtzee.rules import Rules
from parlour.games.yahtzee.solver.strategy import Position, YahtzeeTable, table
from parlour.games.yahtzee.solver.widgets import UPPER_CAP
from parlour.games.yahtzee.state import State
from parlour.games.yahtzee.view import YahtzeeView

TIE = 1e-9
"""Chances to win closer than this are equal: the expected score decides."""

EXACT_BOXES = 2
"""The last turns are solved exactly once at most this many boxes are left after the turn."""

PLAN_BOXES = 5
"""Turns with more boxes open than this are played like ``optimal``: that far from the end the
normal estimate of the chance to win is too rough to beat the expected score (measured:
docs/benchmarks.md)."""


def outlook(tbl: YahtzeeTable, position: Position, finish: Finish | None = None,
            exact_boxes: int = EXACT_BOXES) -> Opponent:
    """A player's final score as the others see it: exact once the card is full (or, with
    ``finish``, once at most ``exact_boxes`` boxes are open), otherwise the mean and variance
    of optimal play from here."""
    if position.over:
        return Opponent.finished(position.score)
    widget = widget_of(position)
    if finish is not None and open_count(widget) <= exact_boxes:
        return Opponent.exact(position.score, finish.pmf(widget))
    moments = tbl.moments
    assert moments is not None
    key = tbl.key(position)
    rest = float(tbl.values[key])
    return Opponent(position.score + rest, max(0.0, float(moments[key]) - rest * rest), position.score)


def widget_of(position: Position) -> Widget:
    return position.mask, min(position.upper, UPPER_CAP), position.fifty


def win_values(planner: WinPlanner, state: State, seat: int, legal: Sequence[Move]) -> dict[Move, float]:
    """Each legal move of ``seat`` (after a roll) with its chance to win."""
    tbl = planner.tbl
    mine = position_of(state, seat)
    others = [outlook(tbl, position_of(state, s), planner.finish, planner.exact_boxes)
              for s in range(state.players) if s != seat]
    plan: TurnPlan = planner.plan(widget_of(mine), mine.score, state.dice, state.rolls_left, others)
    out: dict[Move, float] = {}
    for move in legal:
        out[move] = plan.keeps[move.keep] if isinstance(move, Roll) else plan.boxes[move.box]
    return out


class WinBot(Bot[YahtzeeView, Move]):
    """Plays every choice for the best chance to finish ahead (see the module's docstring)."""

    name = "win"

    def __init__(self, exact_boxes: int = EXACT_BOXES, plan_boxes: int = PLAN_BOXES) -> None:
        self._exact = exact_boxes
        self._plan = plan_boxes

    def planner(self, rules: Rules) -> WinPlanner:
        """The planner of these rules (the table and its second moments: remembered, loaded
        from the cache, or solved once)."""
        return WinPlanner(table(rules, moments=True), rules, self._exact)

    def choose(self, game: Game[Rules, State, Move, Dice, YahtzeeView], view: YahtzeeView,
               legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        state = view.state
        seat = view.seat if view.seat is not None else state.current
        planner = self.planner(state.rules)
        ranked = valued_moves(state, seat, planner.tbl)  # solitaire-optimal first
        if state.players == 1 or state.rolls == 0 or len(state.cards[seat].open_boxes) > self._plan:
            return ranked[0][0]
        chances = win_values(planner, state, seat, legal)
        best = max(chances.values())
        for move, _ in ranked:
            if chances[move] >= best - TIE:
                return move
        raise AssertionError("the best move is among the legal ones")


def make_win(rules: object) -> AnyBot:
    """The bot factory for ``BOTS["win"]`` (the rules are read from each view)."""
    return WinBot()


__all__ = ["EXACT_BOXES", "TIE", "WinBot", "make_win", "outlook", "widget_of", "win_values"]
