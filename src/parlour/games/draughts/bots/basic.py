"""The simplest draughts bot: a random player, with a plain rule for draws."""

from __future__ import annotations

import random
from collections.abc import Sequence

from parlour.core.protocol import Bot, Game
from parlour.games.draughts.bots import draws
from parlour.games.draughts.moves import (
    AcceptDraw,
    Action,
    DeclineDraw,
    Huff,
    Move,
    OfferDraw,
    Toss,
)
from parlour.games.draughts.rules import Rules
from parlour.games.draughts.state import State
from parlour.games.draughts.view import DraughtsView


class RandomBot(Bot[DraughtsView, Action]):
    """Plays a uniformly random move on the board (or huff, under the huffing rule); never
    resigns.  Draws by the plain rule (:mod:`.draws`): it offers one in a dead position (level
    kings only, or a long stretch with no progress) and accepts one, unless it is a man or more
    ahead in material."""

    name = "random"

    def choose(self, game: Game[Rules, State, Action, Toss, DraughtsView], view: DraughtsView,
               legal: Sequence[Action], rng: random.Random) -> Action:
        state = view.state
        if AcceptDraw() in legal:  # answering an offer made by the side to move
            return AcceptDraw() if draws.plain_content(state, state.turn.other) else DeclineDraw()
        if (OfferDraw() in legal and draws.may_offer(state)
                and draws.looks_dead(state, repetitions=False)
                and draws.plain_content(state, state.turn)):
            return OfferDraw()
        plays: list[Action] = [a for a in legal if isinstance(a, Move | Huff)]
        pool = plays or list(legal)
        return pool[rng.randrange(len(pool))]
