"""Optimal play for Shut the Box, by dynamic programming over sets of open tiles.

* :mod:`.tables`: the throws, the flips from every open set and the ranking both solvers share;
* :mod:`.turn`: one turn for an :class:`Objective` or any utility of the final open set
  (:func:`solve`, :func:`solve_utility`), exactly or in floats;
* :mod:`.long_game`: the two-player long game (:func:`solve_long_game`);
* :mod:`.goals`: what a seat should aim for in a situation, as a utility;
* :mod:`.policy`: a seat's legal moves valued for its goal (the optimal bot and the advisor).

What is remembered, all by value and bounded: :func:`solve` and :func:`solve_long_game` answers
(:func:`clear_cache` forgets them), each goal's solution (``policy``), and the chances a reply
wins against each score (``goals.beaten``); :data:`.tables.SUCCESSORS` is built at import.
"""

from parlour.games.shut_the_box.engine import MAX_TILES, flip_order_key
from parlour.games.shut_the_box.solver.long_game import (
    LONG_GAME_TOLERANCE,
    LongGameSolution,
    solve_long_game,
)
from parlour.games.shut_the_box.solver.tables import (
    MAX_TOTAL,
    ONE_DIE,
    TWO_DICE,
    legal_flips,
    throw_distribution,
)
from parlour.games.shut_the_box.solver.turn import (
    Objective,
    ObjectiveKind,
    Solution,
    forget_solutions,
    solve,
    solve_utility,
)


def clear_cache() -> None:
    """Forget every remembered solution of :func:`solve` and :func:`solve_long_game`."""
    forget_solutions()
    solve_long_game.cache_clear()


__all__ = [
    "LONG_GAME_TOLERANCE",
    "MAX_TILES",
    "MAX_TOTAL",
    "ONE_DIE",
    "TWO_DICE",
    "LongGameSolution",
    "Objective",
    "ObjectiveKind",
    "Solution",
    "clear_cache",
    "flip_order_key",
    "legal_flips",
    "solve",
    "solve_long_game",
    "solve_utility",
    "throw_distribution",
]
