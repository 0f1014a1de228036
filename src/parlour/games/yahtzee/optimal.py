"""The ``optimal`` bot: plays the exact solitaire strategy (the highest expected final score).

With two or more players it still plays for its own card's expected score (see
:mod:`parlour.games.yahtzee.advisor`).  The first game under a rule set solves
the strategy (a few seconds) or loads it from the cache.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.core.protocol import AnyBot, Bot
from parlour.games.yahtzee.advisor import best_move
from parlour.games.yahtzee.rules import Rules
from parlour.games.yahtzee.strategy import YahtzeeTable, table


class OptimalBot(Bot[Any, Any]):
    """Chooses every keep and box to maximise the expected final score (Verhoeff's optimal
    solitaire strategy, exact); the first of equally good moves in the engine's order."""

    name = "optimal"

    def __init__(self, rules: Rules | None = None) -> None:
        self._rules = rules
        self._table: YahtzeeTable | None = None

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        state = view.state
        seat = view.seat if view.seat is not None else state.current
        if self._table is None or self._rules != state.rules:
            self._rules = state.rules
            self._table = table(state.rules)
        move = best_move(state, seat, self._table)
        assert move in legal, f"the optimal bot chose {move!r}, which is not legal"
        return move


def make_optimal(rules: Any) -> AnyBot:
    """The bot factory for ``BOTS["optimal"]``."""
    return OptimalBot(rules if isinstance(rules, Rules) else None)


__all__ = ["OptimalBot", "make_optimal"]
