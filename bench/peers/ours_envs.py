"""Parlour's side of the learning-environments benchmark (imported by ``run.py --envs``, in the
project's own Python; ``python bench/peers/ours_envs.py [--budget SECONDS]`` prints its JSON alone).

Environment steps a second of :func:`parlour.envs.aec` for every benchmark case of ``ours.py``
(the same rules and player counts as the engines' rows), whole random games by the loop every
side runs, ``peerkit.aec_games``: ``reset(seed=n)``, ``agent_iter`` / ``last`` / ``step``, a
uniformly random action among the mask's legal ones.  The peers' side is ``peer_pettingzoo.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from ours import CASES
from peerkit import aec_games, budget_from_argv, emit

from parlour.core import registry

TALK = ("offer draw", "accept draw", "decline draw", "resign")
"""Draughts: the actions a random player leaves alone (as ``ours.py``'s random player plays only
moves on the board: one that may resign at any turn ends most games at once)."""


def in_observation(observation: Any, info: dict[str, Any]) -> Any:
    return observation["action_mask"]


def mask_reader(case: Any) -> Callable[[Any, dict[str, Any]], Any]:
    """Where the random player reads its legal actions: the mask, less the talk of a draughts
    game (``TALK``) when the case plays moves on the board only."""
    if case.moves is None:
        return in_observation
    import numpy as np

    encoding = registry.get(case.game).encoding(case.rules, case.players)
    names = [encoding.action_name(a) for a in range(encoding.actions)]
    missing = set(TALK) - set(names)
    if missing:
        raise SystemExit(f"{case.game}: no action named {sorted(missing)}: update envs.TALK")
    board = np.array([name not in TALK for name in names], dtype=np.int8)

    def on_board(observation: Any, info: dict[str, Any]) -> Any:
        return observation["action_mask"] * board

    return on_board


def describe(env: Any) -> dict[str, Any]:
    agent = env.possible_agents[0]
    return {"observation": list(env.observation_space(agent)["observation"].shape),
            "actions": int(env.action_space(agent).n)}


def random_env_games(budget: float, cases: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """For each case (default: all of ``ours.CASES``) its environment's rates, observation shape
    and action count."""
    from parlour.envs import aec

    out: dict[str, dict[str, Any]] = {}
    for name, case in (cases or CASES).items():
        env = aec(case.game, rules=case.rules, players=case.players)
        out[name] = {"game": case.game, **describe(env), **aec_games(env, mask_reader(case), budget)}
    return out


# ---- the table (``run.py --envs``) ---------------------------------------------------------------

PAIRS = [
    ("gin hand", "Gin Rummy, one hand", "pettingzoo", "PettingZoo `gin_rummy_v4` (RLCard)"),
    ("gin hand", "Gin Rummy, one hand", "shimmy", "Shimmy + OpenSpiel `gin_rummy`"),
    ("blackjack", "Blackjack, one round", "shimmy", "Shimmy + OpenSpiel `blackjack`"),
    ("draughts", "Draughts", "shimmy", "Shimmy + OpenSpiel `checkers`"),
    ("go fish", "Go Fish, 2 players", "shimmy", "Shimmy + OpenSpiel `go_fish`"),
    ("dominoes 2p", "Dominoes, 2 players, one hand", "shimmy", "Shimmy + OpenSpiel `python_block_dominoes`"),
    ("dominoes 4p", "Dominoes, 4 partners, one hand", "shimmy", "Shimmy + OpenSpiel `python_team_dominoes`"),
    ("yahtzee", "Yahtzee, 2 players", "shimmy", "Shimmy + OpenSpiel `yacht` (another game)"),
    ("yahtzee 1p", "Yahtzee, 1 player", "", "(no peer)"),
    ("shut the box", "Shut the Box, 1 player", "", "(no peer)"),
]
"""(case, what, peer side, peer's name): the table's rows."""


def _shape(r: dict[str, Any]) -> str:
    size = 1
    for n in r["observation"]:
        size *= n
    dims = "x".join(str(n) for n in r["observation"])
    return f"{dims}" if len(r["observation"]) == 1 else f"{dims} = {size}"


def _cell(r: dict[str, Any]) -> str:
    cut = f", {r['truncated']:.0%} cut short" if r["truncated"] else ""
    return (f"{r['plies_per_second']:,.0f} ({r['plies_per_unit']:.1f} a game{cut}; obs {_shape(r)}, "
            f"{r['actions']} actions)")


def rows(m: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    """(what, Parlour, peer, peer's figures, ratio of steps a second: above 1 Parlour is faster)."""
    ours, peers = m["parlour"], m["peers"]
    out = []
    for case, what, side, label in PAIRS:
        mine = ours[case]
        if not side:
            out.append((what, _cell(mine), label, "", ""))
            continue
        theirs = peers[side][case]
        ratio = mine["plies_per_second"] / theirs["plies_per_second"]
        out.append((what, _cell(mine), label, _cell(theirs), f"{ratio:.2f}x"))
    return out


def table(m: dict[str, Any]) -> str:
    lines = [f"Machine: {m['machine']}. Peers: {m['peers']['version']}.", "",
             "Environment steps a second (agent steps with an action; mean steps a game, observation "
             "size, action space):", "",
             "| Game | Parlour | Peer | Peer's | Ratio |", "|---|---:|---|---:|---:|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows(m)]
    return "\n".join(lines)


def main() -> None:
    emit({"parlour": random_env_games(budget_from_argv(sys.argv))})


if __name__ == "__main__":
    main()
