"""Dominoes bots: ``random`` (every game's), ``heuristic`` (``heuristic.py``: the pub player's rules
of thumb) and ``strong`` (``strong/``: a search over the deals consistent with what it has seen).
Bots see only their seat's view."""

from parlour.core.protocol import BotFactory
from parlour.games.dominoes.bots.heuristic import HeuristicBot
from parlour.games.dominoes.bots.strong import StrongBot

BOTS: dict[str, BotFactory] = {"heuristic": lambda rules: HeuristicBot(), "strong": lambda rules: StrongBot()}
"""Weakest first (``random`` is added for every game); the last is the lobby's default."""

__all__ = ["BOTS", "HeuristicBot", "StrongBot"]
