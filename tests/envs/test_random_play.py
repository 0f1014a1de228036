"""Whole games of masked random play through the AEC environment, for every conformance case of
every game with an encoding: every observation inside its space, every mask exactly the legal
moves' first steps, the rewards adding up to the final returns, and observations blind to what
the seat may not see (the other seats' hidden cards resampled through the environment, the
observation and mask must not change)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from envkit import case_params

from parlour.core.protocol import AnyGame
from parlour.envs import aec

GAMES = 1000
"""Whole games per game, shared among its conformance cases (this file takes some 50 seconds of one
core; the whole envs suite, about 75, is kept under two minutes)."""
GIVING_UP = ("resign", "offer draw")
"""Actions the random player takes only when nothing else is allowed (else draughts' random games
end in a few moves, never reaching a capture)."""
LEAK_EVERY = 10
"""Every this many decisions, the hidden cards are resampled and the observation compared."""


@pytest.mark.parametrize(("game", "rules", "players"), case_params())
def test_masked_random_play_stays_in_its_spaces_and_leaks_nothing(game: AnyGame, rules: Any,
                                                                   players: int) -> None:
    games = -(-GAMES // len(game.conformance_cases()))
    env = aec(game, rules, players)
    space = env.observation_space(env.possible_agents[0])
    giving_up = [a for a in range(env.table.actions) if env.table.encoding.action_name(a) in GIVING_UP]
    rng = random.Random(7)
    decisions = 0
    for number in range(games):
        env.reset(seed=number)
        total = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter(100_000):
            observation, reward, terminated, truncated, _ = env.last()
            total[agent] += reward
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
            playing_on = mask.copy()
            playing_on[giving_up] = 0
            env.step(int(rng.choice(np.flatnonzero(playing_on if playing_on.any() else mask))))
        assert env.agents == [], "a game that did not end"
        returns = game.returns(env.table.state)
        assert total == pytest.approx({f"seat_{s}": r for s, r in enumerate(returns)})
    assert decisions >= games


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
