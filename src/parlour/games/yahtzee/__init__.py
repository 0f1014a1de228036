"""Yahtzee: the engine, its notation, view and bots."""

from parlour.games.yahtzee.game import GAME, Yahtzee
from parlour.games.yahtzee.rules import Box, Joker, Rules
from parlour.games.yahtzee.state import Card, Move, Roll, Score, State
from parlour.games.yahtzee.view import YahtzeeView

__all__ = ["GAME", "Box", "Card", "Joker", "Move", "Roll", "Rules", "Score", "State", "Yahtzee",
           "YahtzeeView"]
