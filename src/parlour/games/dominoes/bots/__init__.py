"""Dominoes bots: ``random`` (every game's), ``heuristic`` (``heuristic.py``: the pub player's rules
of thumb) and ``strong`` (``strong/``: a search over the deals consistent with what it has seen).
Bots see only their seat's view."""

from parlour.core.protocol import BotFactory
from parlour.games.dominoes.bots.heuristic import HeuristicBot
from parlour.games.dominoes.bots.strong import StrongBot

BOTS: dict[str, BotFactory] = {"heuristic": lambda rules: HeuristicBot(), "strong": lambda rules: StrongBot()}
"""Weakest first (``random`` is added for every game)."""

DESCRIPTIONS: dict[str, str] = {
    "heuristic": "Plays like a pub regular: sheds heavy tiles, blocks, helps its partner.",
    "strong": "Works out the tiles it cannot see before every play: hard to beat.",
}
"""A line for a newcomer on each bot, for the lobby."""


__all__ = ["BOTS", "HeuristicBot", "StrongBot"]
