"""Gin Rummy for two, to 100 points.

The template's modules (``docs/architecture.md``): ``rules``, ``moves``, ``state``, ``engine``,
``game``, ``notation``, ``view``, ``text``, ``bots/`` (``simple``, ``strong``) and ``advisor``;
and the game's own subjects: ``deck`` (cards as bits), ``melds`` (the exact meld optimizer) and
``layoff`` (the knocker's layout and the defender's lay-offs); ``commands`` holds ``parlour gin-rummy
deadwood``.
"""

from parlour.games.gin_rummy.game import GAME, GinRummy
from parlour.games.gin_rummy.moves import (
    Act,
    BestLayOff,
    Deal,
    Discard,
    Done,
    Draw,
    Event,
    FirstDealer,
    Gin,
    HandResult,
    Knock,
    LayOff,
    Move,
    Pass,
    Take,
)
from parlour.games.gin_rummy.rules import Outcome, Rules, Settlement
from parlour.games.gin_rummy.state import Phase, State
from parlour.games.gin_rummy.view import GinView, Showdown

__all__ = ["GAME", "Act", "BestLayOff", "Deal", "Discard", "Done", "Draw", "Event", "FirstDealer", "Gin",
           "GinRummy", "GinView", "HandResult", "Knock", "LayOff", "Move", "Outcome", "Pass", "Phase",
           "Rules", "Settlement", "Showdown", "State", "Take"]
