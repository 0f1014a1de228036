"""Shut the Box bots: ``random`` (generic), ``greedy`` and ``optimal``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.protocol import Bot, BotFactory
from parlour.games.shut_the_box.policy import best_move
from parlour.games.shut_the_box.rules import mask_sum
from parlour.games.shut_the_box.state import Flip, Move, Throw
from parlour.games.shut_the_box.view import ShutTheBoxView


class GreedyBot(Bot[Any, Any]):
    """A sensible pub player: cover the highest tile it can, with as few tiles as possible;
    throw one die (where allowed) once the open tiles add up to six or less."""

    name = "greedy"

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Move:
        assert isinstance(view, ShutTheBoxView) and view.seat is not None
        if isinstance(legal[0], Throw):
            small = mask_sum(view.state.open_for(view.seat)) <= 6
            return Throw(1) if small and Throw(1) in legal else Throw(2)
        flips: list[Flip] = [m for m in legal if isinstance(m, Flip)]
        return max(flips, key=lambda f: (f.tiles[0], -len(f.tiles), f.tiles))


class OptimalBot(Bot[Any, Any]):
    """Plays exactly for what wins now: shut the box when alone, beat the best score so far
    when someone has finished, otherwise the lowest expected score; survives in the
    cumulative game; the long game is solved as a two-player race."""

    name = "optimal"

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Move:
        assert isinstance(view, ShutTheBoxView) and view.seat is not None
        if len(legal) == 1:
            move: Move = legal[0]
            return move
        return best_move(view.state, view.seat)


BOTS: Mapping[str, BotFactory] = {
    "greedy": lambda rules: GreedyBot(),
    "optimal": lambda rules: OptimalBot(),
}
