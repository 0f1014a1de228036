"""The ``win`` bot: plays like ``optimal`` alone; with opponents, scores for the chance to win."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from parlour.agents import make_bot
from parlour.core.driver import Step, play
from parlour.core.rng import make_rng
from parlour.games.yahtzee import GAME, Score
from parlour.games.yahtzee.advisor import best_move, position_of
from parlour.games.yahtzee.bots.win.bot import PLAN_BOXES, WinBot, outlook, widget_of, win_values
from parlour.games.yahtzee.bots.win.plan import (
    FULL,
    Finish,
    Opponent,
    WinPlanner,
    beat_chances,
    normal_chance,
)
from parlour.games.yahtzee.moves import Roll
from parlour.games.yahtzee.rules import BOXES, Box, Rules
from parlour.games.yahtzee.solver.strategy import table
from parlour.games.yahtzee.state import Card, State


def test_alone_it_plays_exactly_like_the_optimal_bot() -> None:
    rules = GAME.default_rules()
    solo = [play(GAME, rules, [make_bot(GAME, name, rules)], make_rng(11)).record
            for name in ("win", "optimal")]
    assert solo[0].entries == solo[1].entries


def _planner() -> WinPlanner:
    rules = Rules()
    return WinPlanner(table(rules, moments=True), rules)


def test_the_chance_that_a_score_beats_the_opponents() -> None:
    g = beat_chances([Opponent.finished(230)])
    assert (g[:230] == 0).all() and g[230] == 0.5 and (g[231:] == 1).all()
    level = beat_chances([Opponent(250.0, 400.0)])
    assert level[250] == pytest.approx(0.5, abs=1e-6)  # a tie counts half
    assert level[270] == pytest.approx(0.5 * (1 + math.erf(1 / math.sqrt(2))), abs=1e-3)  # one sd
    two = beat_chances([Opponent(250.0, 400.0), Opponent.finished(240)])
    assert two[250] == pytest.approx(0.5, abs=1e-6) and two[239] == 0.0
    # an exact opponent: 200 now, then 0 or 50 more (a Yahtzee box to fill)
    exact = beat_chances([Opponent.exact(200, np.array([0.9] + [0.0] * 49 + [0.1]))])
    assert exact[200] == pytest.approx(0.45) and exact[201] == pytest.approx(0.9)
    assert exact[250] == pytest.approx(0.95) and exact[251] == 1.0


def test_a_normal_score_against_each_kind_of_opponent() -> None:
    mean, var = np.array([250.0, 260.0]), np.array([100.0, 100.0])
    level = normal_chance(mean, var, [Opponent(250.0, 300.0)])
    assert level[0] == pytest.approx(0.5, abs=1e-6)
    assert level[1] == pytest.approx(0.5 * (1 + math.erf(10 / math.sqrt(400) / math.sqrt(2))), abs=1e-6)
    done = normal_chance(mean, var, [Opponent.finished(250)])
    assert done[0] == pytest.approx(0.5, abs=1e-6) and done[1] > 0.8
    exact = normal_chance(mean, var, [Opponent.exact(250, np.array([1.0]))])
    assert exact == pytest.approx(done)


def test_an_opponents_last_turns_under_optimal_play_exactly() -> None:
    planner = _planner()
    finish = Finish(planner.tbl, planner.rules)
    for open_boxes in ((Box.CHANCE,), (Box.YAHTZEE,), (Box.SIXES,), (Box.FOURS, Box.FULL_HOUSE),
                       (Box.SMALL_STRAIGHT, Box.YAHTZEE)):
        mask = FULL
        for box in open_boxes:
            mask &= ~(1 << box.index)
        fifty = Box.YAHTZEE not in open_boxes
        for upper in (40, 63):
            pmf = finish.pmf((mask, upper, fifty))
            assert pmf.sum() == pytest.approx(1.0) and (pmf >= 0).all()
            # the distribution is that of optimal play: its mean is the solver's value
            assert pmf @ np.arange(len(pmf)) == pytest.approx(planner.tbl.values[mask, upper, int(fifty)])
    yahtzee = finish.pmf((FULL & ~(1 << Box.YAHTZEE.index), 63, False))
    assert set(np.nonzero(yahtzee)[0]) == {0, 50}


def _sorted_rolls(n: int) -> dict[tuple[int, ...], Fraction]:
    out: dict[tuple[int, ...], Fraction] = {}
    for dice in itertools.product(range(1, 7), repeat=n):
        key = tuple(sorted(dice))
        out[key] = out.get(key, Fraction(0)) + Fraction(1, 6 ** n)
    return out


def _chance_state(score_before: int, dice: Sequence[int], rolls: int, target: int) -> State:
    """Seat 0 with only Chance left (``score_before`` points on the card) against a finished card."""
    mine = [0] * len(BOXES)
    mine[Box.CHANCE.index] = None  # type: ignore[call-overload]
    mine[Box.THREE_KIND.index] = score_before
    theirs = [0] * len(BOXES)
    theirs[Box.THREE_KIND.index] = target
    return State(Rules(), 2, (Card(tuple(mine)), Card(tuple(theirs))), 0, tuple(sorted(dice)), rolls)


def test_the_last_turn_is_planned_exactly_for_the_win() -> None:
    """Only Chance is left and the opponent has finished: each keep's chance to win, checked by
    brute force over every way the dice may fall (a tie counts half)."""
    planner = _planner()
    state = _chance_state(200, (4, 4, 5, 5, 6), 2, 227)  # 227 + 1 to win: 28 or more in Chance
    values = win_values(planner, state, 0, GAME.legal_moves(state, 0))
    for move, value in values.items():
        if isinstance(move, Score):
            assert value == 0.0  # 24 loses
            continue
        keep = move.keep
        want = Fraction(0)
        for rolled, p in _sorted_rolls(5 - len(keep)).items():
            total = sum(keep) + sum(rolled)
            want += p * (1 if total > 27 else Fraction(1, 2) if total == 27 else 0)
        assert value == pytest.approx(float(want), abs=1e-12), keep
    bot = WinBot()
    view = GAME.view(state, 0)
    assert bot.choose(GAME, view, GAME.legal_moves(state, 0), make_rng(0)) == Roll((5, 5, 6))
    assert best_move(state, 0) == Score(Box.CHANCE)  # the solitaire optimum banks the 24


def test_with_two_rolls_left_the_plan_looks_through_both() -> None:
    planner = _planner()
    state = _chance_state(200, (1, 2, 3, 6, 6), 1, 226)  # 27 or more in Chance wins, 26 ties
    values = win_values(planner, state, 0, GAME.legal_moves(state, 0))
    rolls = {n: _sorted_rolls(n) for n in range(6)}

    def win(total: int) -> Fraction:
        return Fraction(1) if total > 26 else Fraction(1, 2) if total == 26 else Fraction(0)

    def last(dice: tuple[int, ...]) -> Fraction:
        """The best chance with one roll left: stand, or keep any of the dice and roll the rest."""
        best = win(sum(dice))
        for bits in range(31):
            keep = sum(d for i, d in enumerate(dice) if bits >> i & 1)
            n = 5 - bin(bits).count("1")
            best = max(best, sum((p * win(keep + sum(r)) for r, p in rolls[n].items()), Fraction(0)))
        return best

    for keep in ((2, 3, 6, 6), (6, 6), ()):
        want = sum((p * last(tuple(sorted((*keep, *r)))) for r, p in rolls[5 - len(keep)].items()),
                   Fraction(0))
        assert values[Roll(keep)] == pytest.approx(float(want), abs=1e-12), keep


def test_against_an_opponent_it_plays_for_the_best_chance_to_win() -> None:
    rules = GAME.default_rules()
    planner = _planner()
    decisions: list[tuple[Any, Any]] = []
    early: list[tuple[Any, Any]] = []

    def watch(step: Step) -> None:
        if step.seat == 0 and step.before.rolls > 0:
            if len(step.before.cards[0].open_boxes) <= PLAN_BOXES:
                decisions.append((step.before, step.action))
            else:
                early.append((step.before, step.action))

    for seed in range(6):
        play(GAME, rules, [make_bot(GAME, "win", rules), make_bot(GAME, "optimal", rules)], make_rng(seed),
             on_step=watch)
    differs = 0
    for state, chosen in decisions:
        legal = GAME.legal_moves(state, 0)
        if len(legal) == 1:
            continue
        chances = win_values(planner, state, 0, legal)
        assert chances[chosen] >= max(chances.values()) - 1e-9
        differs += best_move(state, 0, planner.tbl) != chosen
    assert sum(isinstance(a, Score) for _, a in decisions) == 6 * PLAN_BOXES
    assert differs >= 1  # it is not the optimal bot under another name
    # far from the end it plays the solitaire optimum
    assert early and all(best_move(state, 0, planner.tbl) == chosen for state, chosen in early)
    others = outlook(planner.tbl, position_of(decisions[-1][0], 1), planner.finish)
    assert others.rest is not None  # the opponent's last turn is known exactly
    assert bin(widget_of(position_of(decisions[0][0], 0))[0]).count("1") == 13 - PLAN_BOXES
