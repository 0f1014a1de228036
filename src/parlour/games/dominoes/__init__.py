"""Dominoes: the English pub block game, for two to four players or two partnerships.

The template's modules (``docs/architecture.md``): ``rules``, ``moves``, ``state``, ``engine``,
``game``, ``notation``, ``view``, ``text`` and ``bots/`` (``heuristic``, ``strong/``); and the
game's own subjects: ``tileset`` (the double-six set as bits) and ``deals`` (the deals of the
hidden tiles consistent with a seat's view).
"""

from parlour.core.tiles import Tile
from parlour.games.dominoes.game import GAME, Dominoes
from parlour.games.dominoes.moves import Draw, End, Ending, Event, HandResult, Knock, Move, Placed, Play
from parlour.games.dominoes.rules import Blocked, Rules, Scoring
from parlour.games.dominoes.state import Phase, State
from parlour.games.dominoes.view import DominoView

__all__ = ["GAME", "Blocked", "DominoView", "Dominoes", "Draw", "End", "Ending", "Event", "HandResult",
           "Knock", "Move", "Phase", "Placed", "Play", "Rules", "Scoring", "State", "Tile"]
