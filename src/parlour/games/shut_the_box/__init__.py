"""Shut the Box (Canoga): the engine, its solver, advisor and bots."""

from parlour.games.shut_the_box.game import GAME, ShutTheBox
from parlour.games.shut_the_box.rules import Mode, OneDie, Rules, Scoring
from parlour.games.shut_the_box.state import Flip, State, Status, Throw

__all__ = ["GAME", "Flip", "Mode", "OneDie", "Rules", "Scoring", "ShutTheBox", "State", "Status",
           "Throw"]
