"""Shut the Box bots: ``random`` (generic), ``greedy`` (:mod:`.greedy`) and ``optimal``
(:mod:`.optimal`, the exact solvers)."""

from __future__ import annotations

from collections.abc import Mapping

from parlour.core.protocol import AnyBot, BotFactory
from parlour.games.shut_the_box.bots.greedy import GreedyBot


def _optimal(rules: object) -> AnyBot:
    from parlour.games.shut_the_box.bots.optimal import OptimalBot  # the solvers: only when asked for

    return OptimalBot()


BOTS: Mapping[str, BotFactory] = {
    "greedy": lambda rules: GreedyBot(),
    "optimal": _optimal,
}

DESCRIPTIONS: dict[str, str] = {
    "greedy": "A pub player: covers the highest tile it can, with as few tiles as it can.",
    "optimal": "Plays the best move for its chances every time, worked out exactly.",
}
"""A line for a newcomer on each bot, for the lobby."""
