"""Yahtzee: the engine, its notation, view and bots."""

from parlour.core.registry import register
from parlour.games.yahtzee.game import GAME, Yahtzee
from parlour.games.yahtzee.rules import Box, Joker, Rules
from parlour.games.yahtzee.state import Card, Move, Roll, Score, State
from parlour.games.yahtzee.view import YahtzeeView

register(GAME)

__all__ = ["GAME", "Box", "Card", "Joker", "Move", "Roll", "Rules", "Score", "State", "Yahtzee",
           "YahtzeeView"]
