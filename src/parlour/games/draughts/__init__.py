"""English draughts (checkers): the board, the game, its notation (moves, FEN, PDN), the search
engine and its bots, and perft.

The package follows the template of ``docs/architecture.md`` (``rules``, ``moves``, ``state``,
``engine``, ``game``, ``notation``, ``view``, ``text``, ``bots/``, ``advisor``), with the game's
own subjects beside it:

* ``board/`` -- the squares, positions and the one move generator, on bitboards;
* ``search/`` -- the search engine: alpha-beta, evaluation, endgame database, analysis;
* ``reasons`` -- why a move is not allowed, in words;
* ``pdn`` -- whole games as Portable Draughts Notation; ``review`` -- the engine's review of one;
* ``perft`` -- counting move sequences, the standard check of a move generator;
* ``commands`` -- the draughts tools of the command line (``parlour draughts perft`` and others).
"""

from parlour.games.draughts.board import START, Colour, Piece, Position, legal_moves, play
from parlour.games.draughts.game import GAME, Draughts
from parlour.games.draughts.moves import (
    AcceptDraw,
    Action,
    DeclineDraw,
    Huff,
    Move,
    OfferDraw,
    Resign,
    TimeUp,
    Toss,
)
from parlour.games.draughts.rules import Colours, Rules
from parlour.games.draughts.state import Ending, State
from parlour.games.draughts.view import DraughtsView

__all__ = ["GAME", "START", "AcceptDraw", "Action", "Colour", "Colours", "DeclineDraw", "Draughts",
           "DraughtsView", "Ending", "Huff", "Move", "OfferDraw", "Piece", "Position", "Resign",
           "Rules", "State", "TimeUp", "Toss", "legal_moves", "play"]
