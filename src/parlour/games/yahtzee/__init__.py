"""Yahtzee: the engine, its notation, view, bots, advisor and exact solver.

The package follows the template of ``docs/architecture.md``: ``rules``, ``moves``, ``state``,
``engine`` (the transitions), ``game`` (protocol glue), ``notation``, ``view``, ``text``,
``bots/`` (``greedy``, ``optimal``, ``win/``), ``advisor`` and ``solver/`` (the optimal
solitaire strategy: the retrograde analysis, its cached table and a batch simulation of it),
and ``commands`` (``parlour solve yahtzee`` and the optimal bot's fast ``simulate``).
"""

from parlour.games.yahtzee.game import GAME, Yahtzee
from parlour.games.yahtzee.moves import Move, Roll, Score
from parlour.games.yahtzee.rules import Box, Joker, Rules
from parlour.games.yahtzee.state import Card, State
from parlour.games.yahtzee.view import YahtzeeView

__all__ = ["GAME", "Box", "Card", "Joker", "Move", "Roll", "Rules", "Score", "State", "Yahtzee",
           "YahtzeeView"]
