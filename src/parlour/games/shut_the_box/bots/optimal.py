"""The ``optimal`` bot: the exact solvers' best move for the seat's goal now."""

from __future__ import annotations

import random
from collections.abc import Sequence

from parlour.core.protocol import Bot, Game
from parlour.games.shut_the_box.moves import Dice, Move
from parlour.games.shut_the_box.rules import Rules
from parlour.games.shut_the_box.solver.policy import best_move
from parlour.games.shut_the_box.state import State
from parlour.games.shut_the_box.view import ShutTheBoxView


class OptimalBot(Bot[ShutTheBoxView, Move]):
    """Plays exactly for what wins now: shut the box when alone, beat the best score so far
    when someone has finished, otherwise the lowest expected score; survives in the
    cumulative game; the long game is solved as a two-player race."""

    name = "optimal"

    def choose(self, game: Game[Rules, State, Move, Dice, ShutTheBoxView], view: ShutTheBoxView,
               legal: Sequence[Move], rng: random.Random) -> Move:
        assert view.seat is not None
        if len(legal) == 1:
            return legal[0]
        return best_move(view.state, view.seat)
