"""The ``win`` bot: plays like ``optimal`` alone; with opponents, scores for the chance to win."""

from __future__ import annotations

import math
from typing import Any

import pytest

from parlour.agents import make_bot
from parlour.core.driver import Step, play
from parlour.core.rng import make_rng
from parlour.games.yahtzee import GAME, Score
from parlour.games.yahtzee.advisor import best_move, position_of
from parlour.games.yahtzee.strategy import table
from parlour.games.yahtzee.winbot import outlook, win_chance


def test_the_win_chance_of_normal_scores() -> None:
    assert win_chance((250.0, 100.0), [(250.0, 300.0)]) == pytest.approx(0.5)
    ahead = win_chance((260.0, 100.0), [(250.0, 0.0)])
    assert ahead == pytest.approx(0.5 * (1 + math.erf(1 / math.sqrt(2))))  # one sd ahead
    assert win_chance((250.0, 100.0), [(250.0, 300.0), (250.0, 300.0)]) == pytest.approx(0.25)
    assert win_chance((200.0, 0.0), [(199.0, 0.0)]) == 1.0
    assert win_chance((200.0, 0.0), [(200.0, 0.0)]) == 0.5
    assert win_chance((200.0, 0.0), [(201.0, 0.0)]) == 0.0


def test_alone_it_plays_exactly_like_the_optimal_bot() -> None:
    rules = GAME.default_rules()
    solo = [play(GAME, rules, [make_bot(GAME, name, rules)], make_rng(11)).record
            for name in ("win", "optimal")]
    assert solo[0].entries == solo[1].entries


def test_against_an_opponent_it_scores_for_the_best_chance_to_win() -> None:
    rules = GAME.default_rules()
    tbl = table(rules)
    tbl.sd()
    decisions: list[tuple[Any, Any]] = []

    def watch(step: Step) -> None:
        if isinstance(step.action, Score) and step.before.current == 0:
            decisions.append((step.before, step.action))

    for seed in range(12):
        play(GAME, rules, [make_bot(GAME, "win", rules), make_bot(GAME, "optimal", rules)], make_rng(seed),
             on_step=watch)
    differs = 0
    for state, chosen in decisions:
        others = [outlook(tbl, position_of(state, 1))]
        chances = {}
        for move in GAME.legal_moves(state, 0):
            if isinstance(move, Score):
                chances[move] = win_chance(outlook(tbl, position_of(GAME.apply(state, 0, move), 0)), others)
        assert chances[chosen] == max(chances.values())
        differs += best_move(state, 0, tbl) != chosen
    assert len(decisions) == 12 * 13
    assert differs >= 1  # it is not the optimal bot under another name
