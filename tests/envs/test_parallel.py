"""The PettingZoo Parallel environments: PettingZoo's parallel API test for every conformance case
of every game with an encoding; the same seed the same game; illegal or missing actions refused
with nothing changed."""

from __future__ import annotations

import random
import warnings
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from envkit import (
    BINARY_NIM,
    NIM,
    case_params,
    masked_choice,
    quick_params,
    strict_but_for_dict_observations,
)
from pettingzoo.test.parallel_test import parallel_api_test

from parlour.core.protocol import AnyGame
from parlour.envs import IllegalActionError, parallel
from parlour.games.shut_the_box.encoding import action_of
from parlour.games.shut_the_box.moves import Flip


@pytest.mark.parametrize(("game", "rules", "players"), case_params())
def test_pettingzoos_parallel_api_test_passes(game: AnyGame, rules: Any, players: int) -> None:
    with warnings.catch_warnings():
        strict_but_for_dict_observations()
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


@pytest.mark.parametrize(("game", "rules", "players"), quick_params())
def test_the_same_seed_plays_the_same_game_and_rewards_add_up(game: AnyGame, rules: Any,
                                                               players: int) -> None:
    env = parallel(game, rules, players)
    first, totals = play(env, 4, random.Random(1))
    state = env.table.state
    returns = game.returns(state)
    assert totals == pytest.approx({f"seat_{s}": r for s, r in enumerate(returns)})
    play(env, 5, random.Random(1))  # another game between
    assert play(env, 4, random.Random(1))[0] == first and env.table.state == state
    again = parallel(game, rules, players)
    assert play(again, 4, random.Random(1))[0] == first and again.table.state == state


def test_illegal_or_missing_actions_are_refused_and_change_nothing() -> None:
    env = parallel(NIM, {"pile": 2})
    observations, _ = env.reset(seed=3)
    actor = next(a for a, o in observations.items() if o["action_mask"].any())
    other = next(a for a in env.agents if a != actor)
    state = env.table.state
    with pytest.raises(IllegalActionError, match=rf"{actor} may act now and gave no action"):
        env.step({other: 0})
    with pytest.raises(IllegalActionError, match=r"seat_2: not an agent of this game \(they are seat_0, "):
        env.step({actor: 0, "seat_2": 0})
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


def test_simultaneous_shut_the_box_takes_every_seats_throw_in_one_step() -> None:
    env = parallel("shut-the-box", {"mode": "simultaneous"}, players=3)
    observations, _ = env.reset(seed=2)
    assert all(o["action_mask"][1] == 1 for o in observations.values())  # everyone may throw two
    observations, *_ = env.step(dict.fromkeys(env.agents, 1))
    state = env.table.state
    assert all(state.dice[seat] for seat in range(3))  # three throws, one each
    assert [s.value for s in state.status] == [
        "place" if observations[f"seat_{seat}"]["action_mask"].any() else "done" for seat in range(3)]


def test_an_action_an_earlier_seats_move_made_illegal_is_dropped() -> None:
    """Seat 0 shuts its box, which ends the round; seat 1's flip, chosen in the round that ended,
    is dropped, and the next round begins with everyone to throw."""
    env = parallel("shut-the-box", {"mode": "simultaneous", "rounds": 2}, players=2)
    env.reset(seed=1)
    state = env.table.state
    place = tuple(type(s)("place") for s in state.status)
    env.table.load(replace(state, covered=(0b111111011, 0), dice=((1, 2), (3, 4)), status=place))
    shut, seven = action_of(Flip((3,))), action_of(Flip((7,)))
    assert env.table.mask(0)[shut] == 1 and env.table.mask(1)[seven] == 1
    observations, rewards, terminations, _, infos = env.step({"seat_0": shut, "seat_1": seven})
    state = env.table.state
    assert state.round == 2 and [s.value for s in state.status] == ["throw", "throw"]
    assert infos == {"seat_0": {}, "seat_1": {"dropped": True}} and rewards == {"seat_0": 1.0, "seat_1": 0.0}
    assert not any(terminations.values()) and observations["seat_1"]["action_mask"][1] == 1


def test_max_moves_truncates_a_game_still_going() -> None:
    env = parallel(NIM, {"pile": 21, "most": 1}, max_moves=2)
    env.reset(seed=1)
    steps = 0
    while env.agents:
        _, _, terminations, truncations, _ = env.step(dict.fromkeys(env.agents, 0))
        steps += 1
    assert steps == 2 and not any(terminations.values()) and all(truncations.values())
    with warnings.catch_warnings():
        strict_but_for_dict_observations()
        parallel_api_test(parallel("draughts", max_moves=10), num_cycles=100)
