"""Gin Rummy: the engine, the exact meld optimizer, notation, views and bots."""

from parlour.games.gin_rummy.game import GAME, GinRummy
from parlour.games.gin_rummy.notation import (
    BestLayOff,
    Deal,
    Discard,
    Done,
    Draw,
    FirstDealer,
    Gin,
    Knock,
    LayOff,
    Move,
    Pass,
    Take,
)
from parlour.games.gin_rummy.rules import Outcome, Rules, Settlement
from parlour.games.gin_rummy.state import Act, Event, HandResult, Phase, State
from parlour.games.gin_rummy.view import GinView, Showdown

__all__ = ["GAME", "Act", "BestLayOff", "Deal", "Discard", "Done", "Draw", "Event", "FirstDealer", "Gin",
           "GinRummy", "GinView", "HandResult", "Knock", "LayOff", "Move", "Outcome", "Pass", "Phase",
           "Rules", "Settlement", "Showdown", "State", "Take"]
