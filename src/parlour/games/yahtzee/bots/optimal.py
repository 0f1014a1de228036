"""The ``optimal`` bot: plays the exact solitaire strategy (the highest expected final score).

With two or more players it still plays for its own card's expected score (see
:mod:`parlour.games.yahtzee.advisor`).  The first game under a rule set solves
the strategy (a few seconds) or loads it from the cache.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from parlour.core.protocol import AnyBot, Bot, Game
from parlour.games.yahtzee.advisor import best_move
from parlour.games.yahtzee.moves import Dice, Move
from parlour.games.yahtzee.rules import Rules
from parlour.games.yahtzee.solver.strategy import table
from parlour.games.yahtzee.state import State
from parlour.games.yahtzee.view import YahtzeeView


class OptimalBot(Bot[YahtzeeView, Move]):
    """Chooses every keep and box to maximise the expected final score (Verhoeff's optimal
    solitaire strategy, exact); the first of equally good moves in the engine's order."""

    name = "optimal"

    def choose(self, game: Game[Rules, State, Move, Dice, YahtzeeView], view: YahtzeeView,
               legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        state = view.state
        seat = view.seat if view.seat is not None else state.current
        move = best_move(state, seat, table(state.rules))
        assert move in legal, f"the optimal bot chose {move!r}, which is not legal"
        return move


def make_optimal(rules: object) -> AnyBot:
    """The bot factory for ``BOTS["optimal"]`` (the rules are read from each view)."""
    return OptimalBot()


__all__ = ["OptimalBot", "make_optimal"]
