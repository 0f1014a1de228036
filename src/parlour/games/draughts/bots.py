"""Draughts bots: ``random`` for now, and the hook an engine uses to add its levels.

``BOTS`` maps names to factories ``(rules) -> Bot``, weakest first (the lobby offers the last as
its default level).  An engine registers its levels with :func:`register_bot`, for example from
its own module imported by :func:`load_engine_bots`.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from typing import Any

from parlour.core.protocol import Bot, BotFactory
from parlour.games.draughts.board import Move
from parlour.games.draughts.state import AcceptDraw, DeclineDraw, Huff

ENGINE_MODULE = "parlour.games.draughts.engine"
"""The module of the search engine, if installed; importing it registers its bots."""


class RandomBot(Bot[Any, Any]):
    """Plays a uniformly random move on the board (or huff, under the huffing rule); never offers
    a draw or resigns; accepts or declines a draw offer at random."""

    name = "random"

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        answers = [a for a in legal if isinstance(a, AcceptDraw | DeclineDraw)]
        if answers:
            return answers[rng.randrange(len(answers))]
        plays = [a for a in legal if isinstance(a, Move | Huff)]
        pool = plays or list(legal)
        return pool[rng.randrange(len(pool))]


BOTS: dict[str, BotFactory] = {"random": lambda rules: RandomBot()}
"""Every draughts bot by name, weakest first."""


def register_bot(name: str, factory: BotFactory) -> None:
    """Add (or replace) a bot; later registrations count as stronger."""
    BOTS.pop(name, None)
    BOTS[name] = factory


_loaded = False


def load_engine_bots() -> dict[str, BotFactory]:
    """``BOTS``, after importing the engine module if there is one (it calls ``register_bot``)."""
    global _loaded
    if not _loaded:
        _loaded = True
        try:
            importlib.import_module(ENGINE_MODULE)
        except ModuleNotFoundError as exc:
            if exc.name != ENGINE_MODULE:
                raise
    return BOTS
