"""The PettingZoo Parallel environments: PettingZoo's parallel API test for every conformance case
of every game with an encoding; the same seed the same game; illegal or missing actions refused
with nothing changed."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from envkit import BINARY_NIM, NIM, case_params, game_params, masked_choice
from pettingzoo.test.parallel_test import parallel_api_test

from parlour.core.protocol import AnyGame
from parlour.envs import IllegalActionError, parallel


@pytest.mark.parametrize(("game", "rules", "players"), case_params())
def test_pettingzoos_parallel_api_test_passes(game: AnyGame, rules: Any, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel(game, rules, players), num_cycles=200)


def play(env: Any, seed: int, rng: random.Random) -> tuple[list[Any], dict[str, float]]:
    """A whole game of masked random actions (``None`` for agents that may not act); returns the
    actions and each agent's total reward."""
    observations, _ = env.reset(seed=seed)
    taken, totals = [], dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        actions = {a: masked_choice(o["action_mask"], rng) if o["action_mask"].any() else None
                   for a, o in observations.items()}
        taken.append(actions)
        observations, rewards, _, truncations, _ = env.step(actions)
        for agent, reward in rewards.items():
            totals[agent] += reward
        assert not any(truncations.values())
        for agent, observation in observations.items():
            assert env.observation_space(agent).contains(observation)
    return taken, totals


@pytest.mark.parametrize("game", game_params())
def test_the_same_seed_plays_the_same_game_and_rewards_add_up(game: AnyGame) -> None:
    env = parallel(game)
    first, totals = play(env, 4, random.Random(1))
    state = env.table.state
    returns = game.returns(state)
    assert totals == pytest.approx({f"seat_{s}": r for s, r in enumerate(returns)})
    play(env, 5, random.Random(1))  # another game between
    assert play(env, 4, random.Random(1))[0] == first and env.table.state == state
    again = parallel(game)
    assert play(again, 4, random.Random(1))[0] == first and again.table.state == state


def test_illegal_or_missing_actions_are_refused_and_change_nothing() -> None:
    env = parallel(NIM, {"pile": 2})
    observations, _ = env.reset(seed=3)
    actor = next(a for a, o in observations.items() if o["action_mask"].any())
    other = next(a for a in env.agents if a != actor)
    state = env.table.state
    with pytest.raises(IllegalActionError, match=rf"{actor} may act now and gave no action"):
        env.step({other: 0})
    with pytest.raises(IllegalActionError, match=r"action 2 \(take 3\) is not allowed now; "
                                                 r"the legal actions are: 0 \(take 1\); 1 \(take 2\)"):
        env.step({actor: 2})
    with pytest.raises(IllegalActionError, match=r"action 3 is outside the action space \(0 to 2\)"):
        env.step({actor: 3})
    assert env.table.state == state
    observations, rewards, terminations, _, _ = env.step({actor: 1, other: None})  # takes the last two
    assert all(terminations.values()) and env.agents == [] and rewards[actor] == 1.0
    assert not observations[actor]["action_mask"].any()
    with pytest.raises(IllegalActionError, match="the game is over"):
        env.step({})


def test_a_multi_step_code_takes_two_steps() -> None:
    env = parallel(BINARY_NIM, {"pile": 10})
    observations, _ = env.reset(seed=3)
    actor = next(a for a, o in observations.items() if o["action_mask"].any())
    observations, *_ = env.step({actor: 1})
    assert env.table.state.left == 10 and observations[actor]["action_mask"].tolist() == [1, 0]
    env.step({actor: 0})
    assert env.table.state.left == 7
    assert np.array_equal(env.observation_space(actor).sample()["action_mask"].shape, (2,))
