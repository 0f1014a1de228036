"""The simplest draughts bot: a random player."""

from __future__ import annotations

import random
from collections.abc import Sequence

from parlour.core.protocol import Bot, Game
from parlour.games.draughts.moves import AcceptDraw, Action, DeclineDraw, Huff, Move, Toss
from parlour.games.draughts.rules import Rules
from parlour.games.draughts.state import State
from parlour.games.draughts.view import DraughtsView


class RandomBot(Bot[DraughtsView, Action]):
    """Plays a uniformly random move on the board (or huff, under the huffing rule); never offers
    a draw or resigns; accepts or declines a draw offer at random."""

    name = "random"

    def choose(self, game: Game[Rules, State, Action, Toss, DraughtsView], view: DraughtsView,
               legal: Sequence[Action], rng: random.Random) -> Action:
        answers = [a for a in legal if isinstance(a, AcceptDraw | DeclineDraw)]
        if answers:
            return answers[rng.randrange(len(answers))]
        plays: list[Action] = [a for a in legal if isinstance(a, Move | Huff)]
        pool = plays or list(legal)
        return pool[rng.randrange(len(pool))]
