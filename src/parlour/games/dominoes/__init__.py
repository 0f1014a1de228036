"""Dominoes: the English pub block game (engine, notation, views and bots)."""

from parlour.core.tiles import Tile
from parlour.games.dominoes.game import GAME, Dominoes
from parlour.games.dominoes.notation import Draw, End, Knock, Move, Play
from parlour.games.dominoes.rules import Blocked, Rules, Scoring
from parlour.games.dominoes.state import Ending, Event, HandResult, Phase, Placed, State
from parlour.games.dominoes.view import DominoView

__all__ = ["GAME", "Blocked", "DominoView", "Dominoes", "Draw", "End", "Ending", "Event", "HandResult",
           "Knock", "Move", "Phase", "Placed", "Play", "Rules", "Scoring", "State", "Tile"]
