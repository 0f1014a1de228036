"""Sampled baselines: Yahtzee's mean score with an interval, and win rates against the bots."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from parlour.agents import RandomBot
from parlour.agents.simulate import simulate
from parlour.core import registry
from parlour.envs.evaluate.versus import WinRate, wilson, win_rates
from parlour.envs.evaluate.yahtzee import mean_score


def test_wilson_interval_known_values() -> None:
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(3.8414588 / 13.8414588, abs=1e-6)
    low, high = wilson(5, 10)
    assert low == pytest.approx(1 - high) and low == pytest.approx(0.2365931, abs=1e-6)
    assert str(WinRate("greedy", 10, 5)) == "against greedy: 50.0% of 10 games (95% interval 23.7% to 76.3%)"


def test_yahtzee_mean_score_is_the_drivers_games_and_brackets_the_optimum() -> None:
    greedy = mean_score("greedy", games=30, seed=3)
    yahtzee = registry.get("yahtzee")
    same = simulate(yahtzee, yahtzee.default_rules(), ["greedy"], 30, seed=3).seats[0].scores
    assert Counter(greedy.scores) == same
    low, high = greedy.interval
    assert low < greedy.mean < high and greedy.games == 30
    best = mean_score("optimal", games=12, seed=1)
    assert round(best.optimum, 4) == 254.5896
    assert best.interval[0] < best.optimum < best.interval[1]
    assert mean_score("random", games=30, seed=1).interval[1] < greedy.interval[0]
    assert "the optimum is 254.5896" in str(best)


class SeatsSeen(RandomBot[Any]):
    def __init__(self) -> None:
        self.seats: set[int] = set()

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        self.seats.add(view.seat)
        return super().choose(game, view, legal, rng)


def test_win_rates_against_every_bot_level_in_every_seat() -> None:
    rates = win_rates("shut-the-box", "optimal", games=60, seed=2)
    assert [r.opponent for r in rates] == ["random", "greedy", "optimal"]
    against_random = rates[0]
    assert against_random.games == 60 and against_random.interval[0] > 0.5
    assert all(0 <= r.interval[0] <= r.rate <= r.interval[1] <= 1 for r in rates)
    watcher = SeatsSeen()
    (one,) = win_rates("go-fish", watcher, players=3, games=3, opponents=("memory",))
    assert watcher.seats == {0, 1, 2} and one.games == 3
    with pytest.raises(ValueError, match="2 to 2 players, not 3"):
        win_rates("draughts", "random", players=3)


def test_agents_over_the_real_encodings() -> None:
    """Agents play through each game's own encoding: Yahtzee's keeps and boxes, draughts' moves
    given step by step; an action outside the mask is refused, naming the legal ones."""
    rng = np.random.default_rng(0)
    calls = [0]

    def agent(observation: Any, mask: Any) -> int:
        calls[0] += 1
        return int(rng.choice(np.flatnonzero(mask)))

    scores = mean_score(agent, games=4, seed=2)
    assert calls[0] >= 4 * 13 and all(0 <= s <= 1575 for s in scores.scores)
    draughts = registry.get("draughts")
    encoding = draughts.encoding(draughts.default_rules(), 2)
    assert encoding is not None
    quiet = {i for i in range(encoding.actions) if encoding.action_name(i) in ("offer draw", "resign")}

    def player(observation: Any, mask: Any) -> int:
        legal = [a for a in np.flatnonzero(mask) if a not in quiet]
        return int(rng.choice(legal or np.flatnonzero(mask)))

    (rate,) = win_rates(draughts, player, games=2, opponents=("random",))
    assert rate.games == 2 and 0 <= rate.rate <= 1
    with pytest.raises(ValueError, match=r"the agent chose action -1, not a legal one: \d+ \("):
        win_rates(draughts, lambda observation, mask: -1, games=1, opponents=("random",))


def test_the_baselines_import_neither_pettingzoo_nor_gymnasium() -> None:
    check = ("import sys, parlour.envs.evaluate; print(sorted(m for m in sys.modules "
             "if m.split('.')[0] in ('pettingzoo', 'gymnasium', 'matplotlib')))")
    result = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
