"""Computer players: generic agents for every game, and each game's own bots by name."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from parlour.core.errors import RulesError
from parlour.core.protocol import AnyBot, AnyGame, Bot, Game, View

M = TypeVar("M")


class RandomBot(Bot[View, M]):
    """Picks uniformly among the legal moves."""

    name = "random"
    description = "Plays any legal move at random: the easiest to beat."

    def choose(self, game: Game[Any, Any, M, Any, Any], view: View, legal: Sequence[M],
               rng: random.Random) -> M:
        return legal[rng.randrange(len(legal))]


def bot_names(game: AnyGame) -> tuple[str, ...]:
    """Every bot this game offers, ``random`` first."""
    return ("random", *(n for n in game.bots() if n != "random"))


def bot_descriptions(game: AnyGame) -> dict[str, str]:
    """Every bot this game offers (as :func:`bot_names`) with its line for the lobby."""
    own = game.bot_descriptions()
    return {name: own.get(name, RandomBot.description if name == "random" else "")
            for name in bot_names(game)}


def make_bot(game: AnyGame, name: str, rules: Any) -> AnyBot:
    """A bot by name for this game and these rules; ``RulesError`` names the choices."""
    key = name.strip().lower()
    factories = dict(game.bots())
    if key in factories:
        bot: AnyBot = factories[key](rules)
        return bot
    if key == "random":
        return RandomBot()
    raise RulesError(
        f"{game.spec.title} has no bot {name!r}; the bots are: {', '.join(bot_names(game))}"
    )
