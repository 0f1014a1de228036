"""A policy of any form as a Parlour bot: a bot's name, a bot, or an agent of the learning
environments (a callable ``(observation, action_mask) -> action`` over the game's encoding)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.core.protocol import AnyBot, AnyGame, Bot, View
from parlour.envs.encoding import Encoding

Agent = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], int]
"""A policy over an environment's observations: ``(observation, action_mask) -> action``."""

Policy = str | AnyBot | Agent
"""A bot's name, a bot, or an agent."""


class AgentBot(Bot[View, Any]):
    """An agent playing as a bot: shown the observation and action mask of the game's encoding
    (:meth:`~parlour.core.protocol.Game.encoding`), as an environment shows them.  A move whose
    code takes several steps is asked for step by step, as the environments do."""

    name = "agent"

    def __init__(self, game: AnyGame, rules: Any, players: int, agent: Agent,
                 encoding: Encoding[Any, Any, Any] | None = None) -> None:
        """``encoding``: the game's own for these rules and players unless given."""
        encoding = encoding or game.encoding(rules, players)
        if encoding is None:
            raise ValueError(f"{game.spec.title} has no encoding for learning environments yet")
        self.encoding = encoding
        self.agent = agent

    def choose(self, game: AnyGame, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        codes = {tuple(self.encoding.code(view, move)): move for move in legal}
        pending: tuple[int, ...] = ()
        while True:
            mask = np.zeros(self.encoding.actions, dtype=np.int8)
            for code in codes:
                if code[:len(pending)] == pending:
                    mask[code[len(pending)]] = 1
            action = self.agent(self.encoding.observe(view, pending), mask)
            if not (isinstance(action, int | np.integer) and 0 <= action < len(mask) and mask[action]):
                names = ", ".join(f"{i} ({self.encoding.action_name(int(i))})"
                                  for i in np.flatnonzero(mask))
                raise ValueError(f"the agent chose action {action!r}, not a legal one: {names}")
            pending += (int(action),)
            if pending in codes:
                return codes[pending]


def as_bot(game: AnyGame, policy: Policy, rules: Any, players: int) -> AnyBot:
    """``policy`` as a bot of ``game``: a bot's name (``"greedy"``), a bot, or an agent."""
    if isinstance(policy, str):
        from parlour.agents import make_bot

        return make_bot(game, policy, rules)
    if isinstance(policy, Bot):
        return policy
    return AgentBot(game, rules, players, policy)


__all__ = ["Agent", "AgentBot", "Policy", "as_bot"]
