"""A game as a PettingZoo AEC environment: the seats take turns, one action a step.

Made by :func:`parlour.envs.aec`.  Agents are the seats (``seat_0``, ``seat_1`` ...); every
observation is ``{"observation": ..., "action_mask": ...}`` made from the seat's view alone; an
action is a number of the game's fixed discrete space.  Chance is resolved inside from the
environment's generator (``reset(seed=...)`` reproduces a game exactly).  The reward of each step is
the change in every seat's ``game.returns`` (so a game's rewards add up to its final returns).
Where several seats may act at once, they act one at a time round the table (see
:meth:`parlour.envs.core.Table.next_actor`).  See ``docs/envs.md``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # PettingZoo has no type marker

from parlour.core.protocol import AnyGame
from parlour.envs.core import Table, agent_name, seat_of
from parlour.envs.spaces import action_space, observation_space

RENDER_MODES = ("ansi",)
RENDER_FPS = 1
"""For tools that ask (the drawing is text, returned rather than shown)."""


def env_name(game: AnyGame) -> str:
    """The environment's name in PettingZoo's manner: ``parlour_gin_rummy_v0``."""
    return f"parlour_{game.spec.name.replace('-', '_')}_v0"


def check_max_moves(max_moves: int | None) -> int | None:
    if max_moves is not None and (isinstance(max_moves, bool) or not isinstance(max_moves, int)
                                  or max_moves < 1):
        raise ValueError(f"max_moves must be None or a whole number from 1, not {max_moves!r}")
    return max_moves


def cut_short(table: Table, max_moves: int | None) -> bool:
    """Whether a game still going has reached ``max_moves`` (then it is truncated)."""
    return max_moves is not None and not table.over and table.moves >= max_moves


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
    return render_mode


def render_table(table: Table, render_mode: str | None) -> str | None:
    """``render()`` of every environment: with ``ansi``, the game as a spectator sees it (no hidden
    card), as text; without a render mode, a warning and nothing."""
    if render_mode is None:
        gymnasium.logger.warn("render() was called without a render_mode (make the env with "
                              "render_mode='ansi')")
        return None
    return table.render()


class GameAECEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]  # AECEnv is untyped
    """One game of a Parlour game, seat by seat (PettingZoo's AEC API)."""

    def __init__(self, game: str | AnyGame, rules: Any = None, players: int | None = None,
                 render_mode: str | None = None, max_moves: int | None = None) -> None:
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        self.max_moves = check_max_moves(max_moves)
        self.table = Table(game, rules, players)
        self.game = self.table.game
        self.metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS,
                         "name": env_name(self.game), "is_parallelizable": False}
        self.possible_agents = [agent_name(seat) for seat in range(self.table.players)]
        encoding = self.table.encoding
        self.observation_spaces = {a: observation_space(encoding) for a in self.possible_agents}
        self.action_spaces = {a: action_space(encoding) for a in self.possible_agents}
        self._start()

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: from ``seed`` if given, else the next of the last seed's stream."""
        self.table.reset(seed)
        self._start()

    def _start(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, self.table.over)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.table.next_actor()
        if seat is not None:
            self.agent_selection = agent_name(seat)
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = seat_of(agent)
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: Any) -> None:
        """The agent selected gives ``action``; after the end each agent steps with ``None``.
        An action outside the mask raises :class:`~parlour.envs.core.IllegalActionError`,
        changing nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        moved = self.table.act(seat_of(agent), action)
        self._cumulative_rewards[agent] = 0.0
        if moved:
            self.rewards = {agent_name(s): r for s, r in enumerate(self.table.rewards())}
            if self.table.over:
                self.terminations = dict.fromkeys(self.agents, True)
            elif cut_short(self.table, self.max_moves):
                self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._clear_rewards()
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """``ansi``: the game as a spectator sees it (no hidden card), as text."""
        return render_table(self.table, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""
