"""English draughts (checkers): the board core, the game, its notation (moves, FEN, PDN) and perft."""

from parlour.games.draughts.board import START, Colour, Move, Piece, Position, legal_moves, play
from parlour.games.draughts.game import GAME, Draughts
from parlour.games.draughts.rules import Colours, Rules
from parlour.games.draughts.state import (
    AcceptDraw,
    Action,
    DeclineDraw,
    Ending,
    Huff,
    OfferDraw,
    Resign,
    State,
    Toss,
)
from parlour.games.draughts.view import DraughtsView

__all__ = ["GAME", "START", "AcceptDraw", "Action", "Colour", "Colours", "DeclineDraw", "Draughts",
           "DraughtsView", "Ending", "Huff", "Move", "OfferDraw", "Piece", "Position", "Resign",
           "Rules", "State", "Toss", "legal_moves", "play"]
