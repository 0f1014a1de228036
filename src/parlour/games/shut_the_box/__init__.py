"""Shut the Box (Canoga): the engine, its solver, advisor and bots.

The package follows the template of ``docs/architecture.md``: ``rules``, ``moves``, ``state``,
``engine`` (the transitions), ``game`` (protocol glue), ``notation``, ``view``, ``text``,
``bots/``, ``advisor`` and ``solver/`` (the exact one-turn and long-game solutions, and the goal
a seat plays for), and ``commands`` (``parlour solve shut-the-box``).
"""

from parlour.games.shut_the_box.game import GAME, ShutTheBox
from parlour.games.shut_the_box.moves import Flip, Throw
from parlour.games.shut_the_box.rules import Mode, OneDie, Rules, Scoring
from parlour.games.shut_the_box.state import State, Status

__all__ = ["GAME", "Flip", "Mode", "OneDie", "Rules", "Scoring", "ShutTheBox", "State", "Status",
           "Throw"]
