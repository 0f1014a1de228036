"""The PettingZoo AEC environments: PettingZoo's own API and seed tests for every conformance case
of every game with an encoding, and what Parlour promises beyond them (illegal actions refused with
nothing changed, the same seed the same game, rewards adding up to the returns, multi-step codes,
players and rules checked)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from envkit import BINARY_NIM, NIM, case_params, game_params, masked_choice
from pettingzoo.test.api_test import api_test
from pettingzoo.test.seed_test import seed_test

from parlour.core.errors import RulesError
from parlour.core.protocol import AnyGame
from parlour.envs import IllegalActionError, aec


@pytest.mark.parametrize(("game", "rules", "players"), case_params())
def test_pettingzoos_api_and_seed_tests_pass(game: AnyGame, rules: Any, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice (a Dict observation space, zeros) is not for us
        api_test(aec(game, rules, players), num_cycles=200)
        seed_test(lambda: aec(game, rules, players), num_cycles=200)


def play(env: Any, rng: random.Random) -> list[tuple[str, int]]:
    """A whole game of masked random actions; returns the actions taken."""
    taken = []
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = masked_choice(observation["action_mask"], rng)
        taken.append((agent, action))
        env.step(action)
    return taken


@pytest.mark.parametrize("game", game_params())
def test_the_same_seed_plays_the_same_game(game: AnyGame) -> None:
    env = aec(game)
    env.reset(seed=11)
    first = play(env, random.Random(5))
    state = env.table.state
    env.reset(seed=12)
    play(env, random.Random(5))
    env.reset(seed=11)
    assert play(env, random.Random(5)) == first and env.table.state == state
    again = aec(game)
    again.reset(seed=11)
    assert play(again, random.Random(5)) == first and again.table.state == state


@pytest.mark.parametrize("game", game_params())
def test_an_illegal_action_is_refused_and_changes_nothing(game: AnyGame) -> None:
    env = aec(game)
    env.reset(seed=3)
    agent = env.agent_selection
    observation = env.observe(agent)
    illegal = np.flatnonzero(observation["action_mask"] == 0)
    state, rewards = env.table.state, dict(env._cumulative_rewards)
    refused = [int(illegal[0])] if len(illegal) else []
    for action in [*refused, -1, env.table.actions, "1", 1.0, None]:
        with pytest.raises(IllegalActionError, match="the legal actions are: ") as caught:
            env.step(action)
        assert isinstance(caught.value, ValueError)
        assert env.table.state == state and env.agent_selection == agent
        assert env._cumulative_rewards == rewards
        again = env.observe(agent)
        assert np.array_equal(again["observation"], observation["observation"])
        assert np.array_equal(again["action_mask"], observation["action_mask"])
    legal = np.flatnonzero(observation["action_mask"])
    name = env.table.encoding.action_name(int(legal[0]))
    with pytest.raises(IllegalActionError) as caught:
        env.step(-1)
    assert f"{int(legal[0])} ({name})" in str(caught.value)
    env.step(int(legal[0]))  # and the legal one is taken


@pytest.mark.parametrize("game", game_params())
def test_rewards_add_up_to_the_final_returns(game: AnyGame) -> None:
    rng = random.Random(2)
    for seed in range(5):
        env = aec(game)
        env.reset(seed=seed)
        total = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, terminated, _, _ = env.last()
            total[agent] += reward
            env.step(None if terminated else masked_choice(observation["action_mask"], rng))
        returns = env.game.returns(env.table.state)
        assert env.agents == []
        assert total == pytest.approx({f"seat_{s}": r for s, r in enumerate(returns)})


def test_a_multi_step_code_keeps_the_same_agent_until_the_move_is_made() -> None:
    env = aec(BINARY_NIM, {"pile": 10})
    env.reset(seed=1)
    agent = env.agent_selection
    left = env.table.state.left
    assert env.observe(agent)["action_mask"].tolist() == [1, 1]  # take 1, 2 (0 ...) or 3 (1 ...)
    env.step(1)
    assert env.agent_selection == agent and env.table.state.left == left  # nothing taken yet
    observation = env.observe(agent)
    assert observation["observation"][3:].tolist() == [1, 1]  # one step given: 1
    assert observation["action_mask"].tolist() == [1, 0]  # then 0 (take 3); 1 would take 4
    env.step(0)
    assert env.table.state.left == left - 3 and env.agent_selection != agent


def test_a_step_that_continues_no_move_is_refused() -> None:
    env = aec(BINARY_NIM, {"pile": 10, "most": 3})
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(1)  # 1 then 0 is take 3; 1 then 1 would be take 4, more than the most
    assert env.observe(agent)["action_mask"].tolist() == [1, 0]
    with pytest.raises(IllegalActionError, match=r"action 1 \(bit 1\) is not allowed now after 1; "
                                                 r"the legal actions are: 0 \(bit 0\)"):
        env.step(1)
    env.step(0)
    assert env.table.state.taken == (3,)


def test_rules_come_as_objects_or_options_and_players_are_checked() -> None:
    assert aec(NIM, {"pile": 7}).table.state.left == 7
    assert aec(NIM, NIM.rules_type(pile=9)).table.state.left == 9
    assert aec(NIM).possible_agents == ["seat_0", "seat_1"]
    with pytest.raises(RulesError, match="Nim takes 2 players, not 3"):
        aec(NIM, players=3)
    with pytest.raises(RulesError, match="unknown rule 'piles'"):
        aec(NIM, {"piles": 7})
    with pytest.raises(RulesError, match="must be None, a mapping of options or a Rules"):
        aec(NIM, 7)
    with pytest.raises(ValueError, match="render_mode must be None or 'ansi'"):
        aec(NIM, render_mode="human")


def test_ansi_render_draws_the_spectators_view() -> None:
    env = aec(NIM, {"pile": 4}, render_mode="ansi")
    env.reset(seed=3)
    assert env.render() == NIM.render_text(NIM.view(env.table.state, None), ["Player 1", "Player 2"])
    assert env.render().startswith("NIM PILE: | | | |")
