"""Go Fish bots (``random`` is every game's).  Bots see only their seat's view."""

from __future__ import annotations

from parlour.core.protocol import BotFactory

BOTS: dict[str, BotFactory] = {}
"""Weakest first (``random`` is added for every game); the last is the lobby's default."""
