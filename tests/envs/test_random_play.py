"""Whole games of masked random play through the AEC environment, for every conformance case of
every game with an encoding: every observation inside its space, every mask exactly the legal
moves' first steps, and observations blind to what the seat may not see (the other seats' hidden
cards resampled through the environment, the observation and mask must not change)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from envkit import case_params

from parlour.core.protocol import AnyGame
from parlour.envs import aec

GAMES = 40
"""Whole games per conformance case (the suite's time is budgeted: see docs/envs.md)."""
LEAK_EVERY = 5
"""Every this many decisions, the hidden cards are resampled and the observation compared."""


@pytest.mark.parametrize(("game", "rules", "players"), case_params())
def test_masked_random_play_stays_in_its_spaces_and_leaks_nothing(game: AnyGame, rules: Any,
                                                                   players: int) -> None:
    env = aec(game, rules, players)
    space = env.observation_space(env.possible_agents[0])
    rng = random.Random(7)
    decisions = 0
    for number in range(GAMES):
        env.reset(seed=number)
        for agent in env.agent_iter(100_000):
            observation, _, terminated, truncated, _ = env.last()
            assert space.contains(observation), f"{agent}: an observation outside its space"
            if terminated or truncated:
                env.step(None)
                continue
            seat = int(agent.removeprefix("seat_"))
            mask = observation["action_mask"]
            decision = env.table.decision(seat)
            assert decision is not None and mask.any()
            expected = {code[len(decision.pending)] for code in decision.codes
                        if code[:len(decision.pending)] == decision.pending}
            assert set(np.flatnonzero(mask).tolist()) == expected
            if game.spec.hidden_information and decisions % LEAK_EVERY == 0 and not decision.pending:
                check_blind(env, seat, observation, rng)
            decisions += 1
            env.step(int(rng.choice(np.flatnonzero(mask))))
        assert env.agents == [], "a game that did not end"
    assert decisions >= GAMES


def check_blind(env: Any, seat: int, observation: dict[str, Any], rng: random.Random) -> None:
    """Resample what ``seat`` cannot see; its observation and mask must stay the same."""
    table = env.table
    state = table.state
    table.load(table.game.resample_hidden(state, seat, rng))
    again = env.observe(f"seat_{seat}")
    table.load(state)
    assert np.array_equal(again["observation"], observation["observation"]), (
        f"seat {seat}'s observation changed when what it cannot see was resampled")
    assert np.array_equal(again["action_mask"], observation["action_mask"])
