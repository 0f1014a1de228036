"""A game as a PettingZoo Parallel environment: every seat able to act gives an action each step.

Made by :func:`parlour.envs.parallel`; meant for Shut the Box's simultaneous mode (everyone
throws at once), and works for any game (where one seat acts at a time, only its action counts).
Each step, every agent whose mask allows something must give an action; the others' actions are
ignored (``None`` will do).  The actions are checked first (one outside its mask raises
:class:`~parlour.envs.core.IllegalActionError`, changing nothing), then applied in seat order, chance
resolved after each; an action that an earlier seat's move has made illegal (it ended the round,
say) is dropped, and ``infos[agent]["dropped"]`` says so.  Observations, spaces and rewards are
the AEC environment's (:mod:`parlour.envs.aec_env`).
"""

from __future__ import annotations

from typing import Any

import gymnasium
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]  # PettingZoo has no type marker

from parlour.core.protocol import AnyGame
from parlour.envs.aec_env import (
    RENDER_FPS,
    RENDER_MODES,
    check_max_moves,
    check_render_mode,
    cut_short,
    env_name,
    render_table,
)
from parlour.envs.core import IllegalActionError, Table, agent_name, seat_of
from parlour.envs.spaces import action_space, observation_space

Observations = dict[str, dict[str, Any]]


class GameParallelEnv(ParallelEnv[str, dict[str, Any], int]):  # type: ignore[misc]  # untyped base
    """One game of a Parlour game, every seat able to act acting at once (PettingZoo's Parallel API)."""

    def __init__(self, game: str | AnyGame, rules: Any = None, players: int | None = None,
                 render_mode: str | None = None, max_moves: int | None = None) -> None:
        self.render_mode = check_render_mode(render_mode)
        self.max_moves = check_max_moves(max_moves)
        self.table = Table(game, rules, players)
        self.game = self.table.game
        self.metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS,
                         "name": env_name(self.game)}
        self.possible_agents = [agent_name(seat) for seat in range(self.table.players)]
        encoding = self.table.encoding
        self.observation_spaces = {a: observation_space(encoding) for a in self.possible_agents}
        self.action_spaces = {a: action_space(encoding) for a in self.possible_agents}
        self.agents = self.possible_agents[:]

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observations, dict[str, dict[str, Any]]]:
        """A new game: from ``seed`` if given, else the next of the last seed's stream."""
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> Observations:
        table = self.table
        return {a: {"observation": table.observe(seat_of(a)), "action_mask": table.mask(seat_of(a))}
                for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[Observations, dict[str, float], dict[str, bool],
                                                     dict[str, bool], dict[str, dict[str, Any]]]:
        """Every agent able to act gives an action (see the module's notes)."""
        table = self.table
        if not self.agents:
            raise IllegalActionError("the game is over: reset the environment")
        strangers = sorted(set(actions) - set(self.agents))
        if strangers:
            raise IllegalActionError(f"{', '.join(map(str, strangers))}: not an agent of this game "
                                     f"(they are {', '.join(self.agents)})")
        actors = sorted(table.actors())
        for seat in actors:  # all checked before any is applied
            agent = agent_name(seat)
            if agent not in actions:
                raise IllegalActionError(f"{agent} may act now and gave no action")
            table.check(seat, actions[agent])
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        moved = False
        for seat in actors:
            action = actions[agent_name(seat)]
            try:
                table.check(seat, action)
            except IllegalActionError:
                infos[agent_name(seat)]["dropped"] = True
                continue
            moved = table.act(seat, action) or moved
        rewards = table.rewards() if moved else [0.0] * table.players
        over, cut = table.over, cut_short(table, self.max_moves)
        observations = self._observations()
        result = (observations, {a: rewards[seat_of(a)] for a in self.agents},
                  dict.fromkeys(self.agents, over), dict.fromkeys(self.agents, cut), infos)
        if over or cut:
            self.agents = []
        return result

    def render(self) -> str | None:
        """``ansi``: the game as a spectator sees it (no hidden card), as text."""
        return render_table(self.table, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""
