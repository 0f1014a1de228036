"""Gin Rummy bots: ``random`` (every game's), ``simple`` (``simple.py``: the beginner's rules)
and ``strong`` (``strong.py``: a card tracker).  Bots see only their seat's view."""

from parlour.core.protocol import BotFactory
from parlour.games.gin_rummy.bots.simple import SimpleBot
from parlour.games.gin_rummy.bots.strong import StrongBot

BOTS: dict[str, BotFactory] = {"simple": lambda rules: SimpleBot(), "strong": lambda rules: StrongBot()}
"""Weakest first (``random`` is added for every game)."""

DESCRIPTIONS: dict[str, str] = {
    "simple": "Plays a beginner's game: takes a discard only to make a meld, knocks at once.",
    "strong": "Keeps track of the cards, guesses your hand and knocks when it pays: hard to beat.",
}
"""A line for a newcomer on each bot, for the lobby."""


__all__ = ["BOTS", "SimpleBot", "StrongBot"]
