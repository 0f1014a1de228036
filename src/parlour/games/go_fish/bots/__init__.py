"""Go Fish's bots, by name: ``memory`` (``memory.py``: remembers what was said at the table) and
``strong`` (``strong/``: a card-location model).  ``random`` is added for every game.  Bots see
only their seat's view."""

from __future__ import annotations

from parlour.core.protocol import BotFactory
from parlour.games.go_fish.bots.memory import MemoryBot
from parlour.games.go_fish.bots.strong import StrongBot

BOTS: dict[str, BotFactory] = {"memory": lambda rules: MemoryBot(), "strong": lambda rules: StrongBot()}
"""Weakest first."""

DESCRIPTIONS: dict[str, str] = {
    "memory": "Remembers what was asked at the table and asks where a card is known to be.",
    "strong": "Keeps a model of where every card may be and asks for the best chance: hard to beat.",
}
"""A line for a newcomer on each bot, for the lobby."""


__all__ = ["BOTS", "MemoryBot", "StrongBot"]
