"""The learning environments' peers (run in the ``pettingzoo`` virtual environment: PettingZoo
with its classic games, Shimmy with OpenSpiel).

    /tmp/parlour-peers/pettingzoo/bin/python bench/peers/peer_pettingzoo.py [--budget SECONDS]

Environment steps a second of PettingZoo AEC environments, whole random games by
``peerkit.aec_games`` (the loop Parlour's environments run in ``ours_envs.py``):

* PettingZoo's own ``gin_rummy_v4`` (classic, built on RLCard's game), its mask in the
  observation;
* OpenSpiel's games through Shimmy's PettingZoo wrapper (``OpenSpielCompatibilityV0``), its mask
  in ``info``.  OpenSpiel's dominoes are written in Python (``open_spiel.python.games``), the
  rest are C++.

Prints one JSON object: for each game, its rates, observation shape and action count.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pettingzoo
from peerkit import aec_games, budget_from_argv, emit

SHIMMY = {
    "blackjack": "blackjack",
    "draughts": "checkers",
    "gin hand": "gin_rummy",
    "go fish": "go_fish",
    "dominoes 2p": "python_block_dominoes",
    "dominoes 4p": "python_team_dominoes",
    "yahtzee": "yacht",
}
"""Parlour's benchmark case -> OpenSpiel's game, as in ``peer_openspiel.py``."""


def in_observation(observation: Any, info: dict[str, Any]) -> Any:
    return observation["action_mask"]


def in_info(observation: Any, info: dict[str, Any]) -> Any:
    return info["action_mask"]


def describe(env: Any) -> dict[str, Any]:
    agent = env.possible_agents[0]
    space = env.observation_space(agent)
    shape = space["observation"].shape if hasattr(space, "spaces") else space.shape
    return {"observation": list(shape), "actions": int(env.action_space(agent).n)}


def main() -> None:
    budget = budget_from_argv(sys.argv)
    import pyspiel
    import shimmy
    from open_spiel.python import games  # noqa: F401  (registers the python_* games: dominoes)
    from pettingzoo.classic import gin_rummy_v4
    from shimmy import OpenSpielCompatibilityV0

    out: dict[str, Any] = {"version": f"PettingZoo {pettingzoo.__version__}, Shimmy {shimmy.__version__}, "
                                      f"OpenSpiel {pyspiel.__version__}, NumPy {np.__version__}"}
    env = gin_rummy_v4.env()
    out["pettingzoo"] = {"gin hand": {"game": "gin_rummy_v4", **describe(env),
                                      **aec_games(env, in_observation, budget)}}
    out["shimmy"] = {}
    for what, name in SHIMMY.items():
        env = OpenSpielCompatibilityV0(game_name=name)
        out["shimmy"][what] = {"game": name, **describe(env), **aec_games(env, in_info, budget)}
    emit(out)


if __name__ == "__main__":
    main()
