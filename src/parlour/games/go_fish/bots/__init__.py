"""Go Fish's bots, by name: ``memory`` (``memory.py``: remembers what was said at the table) and
``strong`` (``strong/``: a card-location model).  ``random`` is added for every game.  Bots see
only their seat's view."""

from __future__ import annotations

from parlour.core.protocol import BotFactory
from parlour.games.go_fish.bots.memory import MemoryBot
from parlour.games.go_fish.bots.strong import StrongBot

BOTS: dict[str, BotFactory] = {"memory": lambda rules: MemoryBot(), "strong": lambda rules: StrongBot()}
"""Weakest first; the last is the lobby's default."""

__all__ = ["BOTS", "MemoryBot", "StrongBot"]
