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
from envkit import (
    BINARY_NIM,
    NIM,
    case_params,
    game_params,
    masked_choice,
    quick_params,
    strict_but_for_dict_observations,
)
from pettingzoo.test.api_test import api_test
from pettingzoo.test.seed_test import seed_test

from parlour.core.errors import RulesError
from parlour.core.protocol import AnyGame
from parlour.envs import IllegalActionError, aec


@pytest.mark.parametrize(("game", "rules", "players"), case_params())
def test_pettingzoos_api_and_seed_tests_pass(game: AnyGame, rules: Any, players: int) -> None:
    with warnings.catch_warnings():
        strict_but_for_dict_observations()
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


@pytest.mark.parametrize(("game", "rules", "players"), quick_params())
def test_the_same_seed_plays_the_same_game(game: AnyGame, rules: Any, players: int) -> None:
    env = aec(game, rules, players)
    env.reset(seed=11)
    first = play(env, random.Random(5))
    state = env.table.state
    env.reset(seed=12)
    play(env, random.Random(5))
    env.reset(seed=11)
    assert play(env, random.Random(5)) == first and env.table.state == state
    again = aec(game, rules, players)
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
    assert aec("shut-the-box").possible_agents == ["seat_0"]  # the fewest the rules allow
    assert aec("shut-the-box", {"mode": "long"}).possible_agents == ["seat_0", "seat_1"]
    with pytest.raises(RulesError, match="the long game takes 2 players, not 3"):
        aec("shut-the-box", {"mode": "long"}, players=3)


def test_ansi_render_draws_the_spectators_view() -> None:
    env = aec(NIM, {"pile": 4}, render_mode="ansi")
    env.reset(seed=3)
    assert env.render() == NIM.render_text(NIM.view(env.table.state, None), ["Player 1", "Player 2"])
    assert env.render().startswith("NIM PILE: | | | |")


def test_seats_acting_at_once_take_turns_round_the_table() -> None:
    """Simultaneous Shut the Box in the AEC environment: everyone throws before anyone places."""
    env = aec("shut-the-box", {"mode": "simultaneous"}, players=3)
    env.reset(seed=4)
    order = []
    for agent in env.agent_iter(3):
        order.append(agent)
        env.step(1)  # throw two dice
    assert order == ["seat_0", "seat_1", "seat_2"]
    placing = [a for a in env.possible_agents if env.observe(a)["action_mask"].any()]
    assert placing and env.agent_selection == placing[0]  # then the first of them places


@pytest.mark.parametrize(("game", "rules", "players"), quick_params())
def test_ansi_render_shows_no_hidden_card(game: AnyGame, rules: Any, players: int) -> None:
    """The drawing is the spectator's: resampling everything a spectator cannot see leaves it
    the same, through a game of random moves."""
    env = aec(game, rules, players, render_mode="ansi")
    env.reset(seed=6)
    rng = random.Random(6)
    for agent in env.agent_iter():
        observation, _, terminated, _, _ = env.last()
        drawn = env.render()
        assert isinstance(drawn, str) and drawn
        decision = env.table.decision(int(agent.removeprefix("seat_")))
        if decision is None or not decision.pending:  # (loading a state starts a code afresh)
            state = env.table.state
            env.table.load(game.resample_hidden(state, None, rng))
            assert env.render() == drawn
            env.table.load(state)
        env.step(None if terminated else masked_choice(observation["action_mask"], rng))


def test_a_draughts_capture_with_a_choice_of_route_is_given_jump_by_jump() -> None:
    """Black's man on 9 takes 14 and then either 22 (to 25) or 23 (to 27): two actions a move,
    the second masked to the two routes, the same agent asked twice."""
    env = aec("draughts", {"start": "B:W14,22,23,31:B9,1"})
    env.reset(seed=1)
    agent, table, game = env.agent_selection, env.table, env.game
    name, seat, start = table.encoding.action_name, int(agent[-1]), table.state
    expected = game.apply(start, seat, game.parse_move(start, seat, "9x18x27"))
    first = env.observe(agent)
    assert [name(a) for a in np.flatnonzero(first["action_mask"])] == ["jump on 9x18", "offer draw",
                                                                       "resign"]
    env.step(183)  # jump on 9x18
    assert env.agent_selection == agent and table.state == start  # nothing moved yet
    second = env.observe(agent)
    assert [name(a) for a in np.flatnonzero(second["action_mask"])] == ["last jump 18x25",
                                                                        "last jump 18x27"]
    assert not np.array_equal(first["observation"], second["observation"])  # the route so far shows
    with pytest.raises(IllegalActionError, match=r"not allowed now after 183; the legal actions are: "
                                                 r"138 \(last jump 18x25\); 139 \(last jump 18x27\)"):
        env.step(277)  # resigning halfway through a capture
    assert table.state == start
    env.step(139)
    assert env.agent_selection != agent and table.state == expected


def test_max_moves_truncates_a_game_still_going() -> None:
    env = aec(NIM, {"pile": 21, "most": 1}, max_moves=3)
    env.reset(seed=1)
    seen = []
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        seen.append((agent, reward, terminated, truncated))
        env.step(None if terminated or truncated else 0)
    assert env.table.moves == 3 and env.table.state.left == 18
    assert [s[2:] for s in seen[-2:]] == [(False, True), (False, True)] and len(seen) == 5
    with warnings.catch_warnings():
        strict_but_for_dict_observations()
        api_test(aec("draughts", max_moves=10), num_cycles=100)
    with pytest.raises(ValueError, match="max_moves must be None or a whole number from 1, not 0"):
        aec(NIM, max_moves=0)
