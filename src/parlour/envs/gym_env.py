"""A game as a Gymnasium environment for one learner: its seat acts, Parlour's bots play the others.

Made by :func:`parlour.envs.single`, or ``gymnasium.make("parlour/GinRummy-v0", opponent="simple")``
(:mod:`parlour.envs.registration`).  The observation is the AEC environment's ``{"observation",
"action_mask"}`` for the learner's seat (the mask also in ``info["action_mask"]``); the action is
one number of the game's discrete space (a step of a longer code keeps the learner to act).  The
reward is the change in the learner's ``game.returns`` since its last step, so an episode's
rewards add up to its final return.  Opponents are bots by name (``opponent="simple"``, one name
for every other seat, or a list for the other seats in seat order); they choose from their own
views only, drawing from the environment's generator.  Solo games have no opponents.

An action outside the mask is refused: by default (``illegal="refuse"``) nothing changes and the
step returns the same observation with reward 0 and ``info["illegal_action"]`` naming the legal
actions (Gymnasium's checker steps with unmasked random actions); with ``illegal="raise"`` it
raises :class:`~parlour.envs.core.IllegalActionError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from parlour.agents import make_bot
from parlour.core.errors import RulesError
from parlour.core.protocol import AnyBot, AnyGame
from parlour.envs.aec_env import RENDER_FPS, RENDER_MODES, check_render_mode, render_table
from parlour.envs.core import IllegalActionError, Table
from parlour.envs.spaces import action_space, observation_space

ILLEGAL = ("refuse", "raise")
REDEALS = 100
"""How many games in a row may end before the learner's first decision before reset gives up."""

Opponent = str | AnyBot


class GameGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a Parlour game for a single learner (Gymnasium's API)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}  # noqa: RUF012  (Gymnasium's)

    def __init__(self, game: str | AnyGame, rules: Any = None, players: int | None = None,
                 seat: int = 0, opponent: Opponent | Sequence[Opponent] | None = None,
                 render_mode: str | None = None, illegal: str = "refuse") -> None:
        self.render_mode = check_render_mode(render_mode)
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be 'refuse' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self.table = Table(game, rules, players)
        self.game = self.table.game
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.table.players:
            raise RulesError(f"seat must be 0 to {self.table.players - 1}, not {seat!r}")
        self.seat = seat
        self.bots = self._bots(opponent)
        self.observation_space = observation_space(self.table.encoding)
        self.action_space = action_space(self.table.encoding)

    def _bots(self, opponent: Opponent | Sequence[Opponent] | None) -> dict[int, AnyBot]:
        others = [s for s in range(self.table.players) if s != self.seat]
        if opponent is None:
            opponent = self.game.default_bot
        chosen = [opponent] * len(others) if isinstance(opponent, str) or not isinstance(
            opponent, Sequence) else list(opponent)
        if len(chosen) != len(others):
            raise RulesError(f"{len(others)} opponents play with {self.table.players} players, "
                             f"but {len(chosen)} were named")
        return {seat: make_bot(self.game, bot, self.table.rules) if isinstance(bot, str) else bot
                for seat, bot in zip(others, chosen, strict=True)}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game: from ``seed`` if given, else the next of the last seed's stream.  The bots
        play until the learner's first decision (a game that ends before it is dealt again, from
        the same stream)."""
        super().reset(seed=seed)
        self.table.reset(seed)
        for _ in range(REDEALS):
            self._bots_play()
            if not self.table.over:
                observation = self._observation()
                return observation, self._info(observation)
            self.table.reset()
        raise RuntimeError(f"{REDEALS} games in a row ended before seat {self.seat} could act")

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        table = self.table
        if table.over:
            raise IllegalActionError("the game is over: reset the environment")
        try:
            table.act(self.seat, action)
        except IllegalActionError as refused:
            if self.illegal == "raise":
                raise
            observation = self._observation()
            return observation, 0.0, False, False, {**self._info(observation), "illegal_action": str(refused)}
        self._bots_play()
        reward = table.rewards()[self.seat]
        observation = self._observation()
        return observation, reward, table.over, False, self._info(observation)

    def _bots_play(self) -> None:
        """The other seats act until it is the learner's turn, or the end."""
        table, game = self.table, self.game
        while (seat := table.next_actor()) is not None and seat != self.seat:
            state = table.state
            move = self.bots[seat].choose(game, game.view(state, seat), game.legal_moves(state, seat),
                                          table.bot_rng)
            table.play(seat, move)

    def _observation(self) -> dict[str, Any]:
        return {"observation": self.table.observe(self.seat), "action_mask": self.table.mask(self.seat)}

    @staticmethod
    def _info(observation: dict[str, Any]) -> dict[str, Any]:
        """The mask in ``info`` too (the observation's own array)."""
        return {"action_mask": observation["action_mask"]}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The mask as a method too (as sb3-contrib's maskable algorithms ask for it)."""
        return self.table.mask(self.seat)

    def render(self) -> str | None:
        """``ansi``: the game as a spectator sees it (no hidden card), as text."""
        return render_table(self.table, self.render_mode)
