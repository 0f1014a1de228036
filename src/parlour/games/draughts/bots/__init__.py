"""Draughts bots: ``random``, and the engine's playing levels from ``beginner`` to ``expert``.

* :mod:`.basic` -- :class:`~.basic.RandomBot`;
* :mod:`.levels` -- the levels, each a search (:mod:`parlour.games.draughts.search`) with its
  own limits and blur, as :class:`~.levels.EngineBot`.

``BOTS`` maps each name to its factory ``(rules) -> Bot``, weakest first; ``DESCRIPTIONS`` has
a line on each for the lobby (a level's own :attr:`~.levels.Level.description`).
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

DESCRIPTIONS: dict[str, str] = {
    "random": "Moves at random: the easiest to beat.",
    **{name: lv.description for name, lv in LEVELS.items()},
}
"""A line for a newcomer on each bot, for the lobby."""

__all__ = ["BOTS", "RandomBot"]
