"""For every game: a policy's win rate against each of Parlour's bots, with a margin.

The policy (a bot's name, a bot, or an agent of the learning environments: :mod:`.agents`)
takes each seat in turn, game by game, the other seats all played by one bot; the games are
played by Parlour's driver, the dice and cards drawn from ``seed``.  A win shared by several
seats counts as a share (as in ``parlour simulate``); a game stopped unfinished at the
driver's move cap counts as no win.  The margin is the Wilson score interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from parlour.agents import bot_names, make_bot
from parlour.agents.simulate import MAX_MOVES
from parlour.core import registry
from parlour.core.driver import play
from parlour.core.protocol import AnyGame
from parlour.core.rng import make_rng
from parlour.envs.evaluate.agents import Policy, as_bot

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``wins`` in ``games`` (95% by default)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class WinRate:
    """A policy's results against one bot."""

    opponent: str
    games: int
    wins: float
    """Games won; a shared win counts as a share."""
    unfinished: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`rate`."""
        return wilson(self.wins, self.games)

    def __str__(self) -> str:
        low, high = self.interval
        return (f"against {self.opponent}: {self.rate:.1%} of {self.games} games "
                f"(95% interval {low:.1%} to {high:.1%})")


def win_rates(game: AnyGame | str, policy: Policy, rules: Any = None, players: int | None = None,
              games: int = 100, seed: int = 0, opponents: tuple[str, ...] | None = None,
              max_moves: int | None = MAX_MOVES) -> list[WinRate]:
    """``policy``'s win rate against each bot (default: every bot of the game, ``random`` first),
    over ``games`` games each, in games of ``players`` seats (default: two, or the game's least)."""
    game = registry.get(game) if isinstance(game, str) else game
    rules = game.default_rules() if rules is None else rules
    players = players or max(2, game.spec.min_players)
    if not game.spec.min_players <= players <= game.spec.max_players or players < 2:
        raise ValueError(f"{game.spec.title} against bots takes 2 to {game.spec.max_players} "
                         f"players, not {players}")
    learner = as_bot(game, policy, rules, players)
    results = []
    for opponent in opponents or bot_names(game):
        rng = make_rng(seed)
        wins = 0.0
        unfinished = 0
        for n in range(games):
            seat = n % players
            bots = [learner if s == seat else make_bot(game, opponent, rules) for s in range(players)]
            result = play(game, rules, bots, rng, max_moves=max_moves)
            if not result.finished:
                unfinished += 1
                continue
            winners = game.winners(result.state)
            if seat in winners:
                wins += 1 / len(winners)
        results.append(WinRate(opponent, games, wins, unfinished))
    return results


__all__ = ["WinRate", "wilson", "win_rates"]
