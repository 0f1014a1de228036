"""The Gymnasium environments for one learner: Gymnasium's own checker for every game with an
encoding (through ``gymnasium.make`` for Parlour's games), bots at the other seats, rewards adding
up to the learner's return, illegal actions refused (or raised), the registry's ids."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from typing import Any

import gymnasium
import pytest
from envkit import BINARY_NIM, NIM, case_params, encoded_games, masked_choice
from gymnasium.utils.env_checker import check_env

from parlour.core.errors import RulesError
from parlour.core.protocol import AnyGame
from parlour.envs import GYMNASIUM_IDS, IllegalActionError, register_gymnasium, single

# Other test modules may have imported parlour.envs before Gymnasium (in one pytest process the order
# is the collection's): the ids are then added by the call docs/envs.md gives for that order.
register_gymnasium()

REGISTERED = [pytest.param(env_id, id=env_id) for env_id, name in GYMNASIUM_IDS.items()
              if any(g.spec.name == name for g in encoded_games())]


@pytest.mark.parametrize("env_id", REGISTERED)
def test_gymnasiums_checker_passes_for_every_registered_id(env_id: str) -> None:
    env = gymnasium.make(env_id)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped)
    assert env.unwrapped.spec is not None and env.unwrapped.spec.id == env_id


@pytest.mark.parametrize(("game", "rules", "players"), case_params())
def test_gymnasiums_checker_passes_for_every_case(game: AnyGame, rules: Any, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(single(game, rules, players, seat=players - 1))


def play(env: Any, seed: int, rng: random.Random) -> tuple[float, list[int]]:
    observation, info = env.reset(seed=seed)
    total, taken = 0.0, []
    while True:
        assert (info["action_mask"] == observation["action_mask"]).all()
        action = masked_choice(observation["action_mask"], rng)
        taken.append(action)
        observation, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(observation) and not truncated
        total += reward
        if terminated:
            return total, taken


def test_the_learner_plays_bots_and_its_rewards_add_up_to_its_return() -> None:
    env = single(NIM, {"pile": 21}, seat=1, opponent="perfect")
    results = []
    for seed in range(30):
        total, _ = play(env, seed, random.Random(seed))
        assert total == NIM.returns(env.table.state)[1]
        results.append(total)
    assert results.count(-1.0) > 20  # the perfect bot beats a random learner most of the time
    assert set(results) <= {-1.0, 1.0}


def test_the_same_seed_plays_the_same_game() -> None:
    env = single(NIM, opponent="random")
    first = play(env, 8, random.Random(1))
    state = env.table.state
    play(env, 9, random.Random(1))
    assert play(env, 8, random.Random(1)) == first and env.table.state == state
    other = single(NIM, opponent="random")
    assert play(other, 8, random.Random(1)) == first and other.table.state == state


def test_an_illegal_action_is_refused_with_the_reason_or_raised() -> None:
    env = single(NIM, {"pile": 2, "most": 3})
    observation, _ = env.reset(seed=2)
    state = env.table.state
    after, reward, terminated, truncated, info = env.step(2)
    assert env.table.state == state and (reward, terminated, truncated) == (0.0, False, False)
    assert info["illegal_action"].startswith("action 2 (take 3) is not allowed now; the legal actions "
                                             "are: 0 (take 1)")
    assert (after["observation"] == observation["observation"]).all()
    strict = single(NIM, {"pile": 2, "most": 3}, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError, match=r"action 2 \(take 3\) is not allowed now"):
        strict.step(2)
    assert strict.table.state == state


def test_a_multi_step_code_keeps_the_learner_to_act() -> None:
    env = single(BINARY_NIM, {"pile": 10}, opponent="perfect")
    env.reset(seed=1)
    left = env.table.state.left
    observation, reward, terminated, _, _ = env.step(1)
    assert env.table.state.left == left and reward == 0.0 and not terminated
    assert observation["action_mask"].tolist() == [1, 0]
    env.step(0)
    assert env.table.state.taken[-2 if env.table.state.left < left - 3 else -1] == 3


def test_seats_opponents_and_options_are_checked() -> None:
    with pytest.raises(RulesError, match="seat must be 0 to 1, not 2"):
        single(NIM, seat=2)
    with pytest.raises(RulesError, match="Nim has no bot 'grandmaster'; the bots are: random, perfect"):
        single(NIM, opponent="grandmaster")
    with pytest.raises(RulesError, match="1 opponents play with 2 players, but 2 were named"):
        single(NIM, opponent=["random", "perfect"])
    with pytest.raises(ValueError, match="illegal must be 'refuse' or 'raise'"):
        single(NIM, illegal="ignore")
    assert type(single(NIM, opponent=["perfect"]).bots[1]).__name__ == "PerfectBot"


CHECK = """
import gymnasium
import parlour.envs
print(sorted(i for i in gymnasium.registry if i.startswith("parlour/")))
print(gymnasium.spec("parlour/Yahtzee-v0").kwargs)
"""

ALONE = """
import gymnasium
env = gymnasium.make("parlour.envs:ENV_ID")
print(env.spec.id, type(env.unwrapped).__name__)
"""


def test_the_ids_are_in_gymnasiums_registry_once_parlour_envs_is_imported() -> None:
    result = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    ids, kwargs = result.stdout.splitlines()
    assert ids == str(sorted(GYMNASIUM_IDS)) and kwargs == "{'game': 'yahtzee'}"


@pytest.mark.parametrize("env_id", REGISTERED[:1])
def test_gymnasium_make_imports_parlour_envs_itself_given_its_module(env_id: str) -> None:
    alone = ALONE.replace("ENV_ID", env_id)
    result = subprocess.run([sys.executable, "-c", alone], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"{env_id} GameGymEnv"
