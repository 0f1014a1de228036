"""``parlour simulate yahtzee --seat bot:optimal``: the fast simulation of the optimal strategy."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from parlour.core import cache as parlour_cache
from parlour.games.yahtzee import Rules
from parlour.games.yahtzee.solver import strategy
from parlour.games.yahtzee.solver.simulate import simulate_optimal

EXPECTED = 254.58960948196284
"""The solver's optimal expected final score under the manual's rules."""


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The strategy cache of these commands (the first one solves the table)."""
    return tmp_path_factory.mktemp("parlour-cache")


def run(cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, parlour_cache.CACHE_ENV: str(cache)}
    return subprocess.run([sys.executable, "-m", "parlour.cli.main", "simulate", "yahtzee", *args],
                          capture_output=True, text=True, timeout=300, env=env)


def test_the_optimal_bot_alone_is_simulated_fast_and_compared_with_the_solver(cache: Path) -> None:
    result = run(cache, "--seat", "bot:optimal", "--games", "3000", "--seed", "3", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "yahtzee" and data["games"] == 3000
    (seat,) = data["seats"]
    assert seat["seat"] == "1:optimal" and seat["rounds"] == 3000 and seat["win_rate"] == 1.0
    assert abs(seat["expected_score"] - EXPECTED) < 1e-9
    assert abs(seat["mean_score"] - EXPECTED) < 4 * seat["mean_score_se"]
    assert seat["z"] == pytest.approx((seat["mean_score"] - EXPECTED) / seat["mean_score_se"])
    # the very games of the fast simulation (the table is the one the command cached)
    tbl = strategy.table(Rules(), cache)
    assert tbl.source == "loaded"
    fast = simulate_optimal(Rules(), 3000, 3, tbl)
    assert seat["mean_score"] == pytest.approx(fast.mean)
    assert seat["score_distribution"] == {str(k): v for k, v in
                                          zip(*np.unique(fast.scores, return_counts=True), strict=True)}


def test_the_text_report(cache: Path) -> None:
    result = run(cache, "--seat", "bot:Optimal", "--games", "500", "--seed", "4")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Yahtzee: 500 games"
    assert "mean score" in lines[1]
    assert "(standard error); the solver's expected score 254.59 (" in lines[2]
    assert lines[2].endswith("standard errors away)")


def test_other_bots_and_tables_play_through_the_engine(cache: Path) -> None:
    for seats in (["bot:greedy"], ["bot:optimal", "bot:greedy"]):
        args = [a for s in seats for a in ("--seat", s)]
        result = run(cache, *args, "--games", "3", "--seed", "1", "--json")
        assert result.returncode == 0, result.stderr
        data = json.loads(result.stdout)
        assert len(data["seats"]) == len(seats)
        assert all("expected_score" not in seat for seat in data["seats"])
