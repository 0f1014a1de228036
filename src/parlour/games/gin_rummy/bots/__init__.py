"""Gin Rummy bots: ``random`` (every game's), ``simple`` (``simple.py``: the beginner's rules)
and ``strong`` (``strong.py``: a card tracker).  Bots see only their seat's view."""

from parlour.core.protocol import BotFactory
from parlour.games.gin_rummy.bots.simple import SimpleBot
from parlour.games.gin_rummy.bots.strong import StrongBot

BOTS: dict[str, BotFactory] = {"simple": lambda rules: SimpleBot(), "strong": lambda rules: StrongBot()}
"""Weakest first (``random`` is added for every game); the last is the lobby's default."""

__all__ = ["BOTS", "SimpleBot", "StrongBot"]
