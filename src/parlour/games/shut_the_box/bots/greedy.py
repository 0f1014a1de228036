"""The ``greedy`` bot: a sensible pub player, no look-ahead."""

from __future__ import annotations

import random
from collections.abc import Sequence

from parlour.core.protocol import Bot, Game
from parlour.games.shut_the_box.moves import Dice, Flip, Move, Throw
from parlour.games.shut_the_box.rules import Rules, mask_sum
from parlour.games.shut_the_box.state import State
from parlour.games.shut_the_box.view import ShutTheBoxView


class GreedyBot(Bot[ShutTheBoxView, Move]):
    """A sensible pub player: cover the highest tile it can, with as few tiles as possible;
    throw one die (where allowed) once the open tiles add up to six or less."""

    name = "greedy"

    def choose(self, game: Game[Rules, State, Move, Dice, ShutTheBoxView], view: ShutTheBoxView,
               legal: Sequence[Move], rng: random.Random) -> Move:
        assert view.seat is not None
        if isinstance(legal[0], Throw):
            small = mask_sum(view.state.open_for(view.seat)) <= 6
            return Throw(1) if small and Throw(1) in legal else Throw(2)
        flips: list[Flip] = [m for m in legal if isinstance(m, Flip)]
        return max(flips, key=lambda f: (f.tiles[0], -len(f.tiles), f.tiles))
