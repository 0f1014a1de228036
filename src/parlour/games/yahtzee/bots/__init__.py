"""Yahtzee bots: ``random`` (generic), ``greedy`` (:mod:`.greedy`), ``optimal`` (:mod:`.optimal`,
the exact solitaire strategy) and ``win`` (:mod:`.win`, playing to beat the others).

The solver's bots are imported when asked for, so NumPy and the solver load only then.
"""

from __future__ import annotations

from parlour.core.protocol import AnyBot, BotFactory
from parlour.games.yahtzee.bots.greedy import GreedyBot


def _optimal(rules: object) -> AnyBot:
    from parlour.games.yahtzee.bots.optimal import make_optimal

    return make_optimal(rules)


def _win(rules: object) -> AnyBot:
    from parlour.games.yahtzee.bots.win import make_win

    return make_win(rules)


BOTS: dict[str, BotFactory] = {
    "greedy": lambda rules: GreedyBot(),
    "optimal": _optimal,
    "win": _win,
}
"""Weakest first: ``win`` beats ``optimal``
head to head (docs/benchmarks.md) and plays exactly like it alone."""

DESCRIPTIONS: dict[str, str] = {
    "greedy": "A pub player: takes what the dice give and keeps its most common number.",
    "optimal": "Plays every roll for the best average score (the exact strategy).",
    "win": "Plays as optimal, and near the end plays to beat you rather than for its average.",
}
"""A line for a newcomer on each bot, for the lobby."""
