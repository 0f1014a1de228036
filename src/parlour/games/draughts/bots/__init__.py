"""Draughts bots: ``random``, and the engine's playing levels from ``beginner`` to ``expert``.

* :mod:`.basic` -- :class:`~.basic.RandomBot`;
* :mod:`.levels` -- the levels, each a search (:mod:`parlour.games.draughts.search`) with its
  own limits and blur, as :class:`~.levels.EngineBot`.

``BOTS`` maps each name to its factory ``(rules) -> Bot``, weakest first (the lobby offers the
last as its default level).
"""

from __future__ import annotations

from parlour.core.protocol import BotFactory
from parlour.games.draughts.bots.basic import RandomBot
from parlour.games.draughts.bots.levels import LEVELS, level_bot_factory

BOTS: dict[str, BotFactory] = {
    "random": lambda rules: RandomBot(),
    **{name: level_bot_factory(name) for name in LEVELS},
}
"""Every draughts bot by name, weakest first."""

__all__ = ["BOTS", "RandomBot"]
