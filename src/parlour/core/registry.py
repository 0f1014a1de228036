"""The game registry: every game by its stable short name and aliases."""

from __future__ import annotations

import importlib
from typing import Any

from parlour.core.errors import UnknownGameError
from parlour.core.protocol import Game

AnyGame = Game[Any, Any, Any, Any, Any]

_GAMES: dict[str, AnyGame] = {}
_ALIASES: dict[str, str] = {}

BUILTIN_MODULES = ("parlour.games.shut_the_box", "parlour.games.yahtzee", "parlour.games.gin_rummy",
                   "parlour.games.draughts", "parlour.games.blackjack", "parlour.games.dominoes",
                   "parlour.games.go_fish")
"""The modules that register the games shipped with Parlour."""

_loaded = False


def register(game: AnyGame) -> AnyGame:
    """Add a game under its name and aliases; names must be new."""
    names = (game.spec.name, *game.spec.aliases)
    for name in names:
        if name in _GAMES or name in _ALIASES:
            raise ValueError(f"a game named {name!r} is already registered")
    _GAMES[game.spec.name] = game
    for alias in game.spec.aliases:
        _ALIASES[alias] = game.spec.name
    return game


def _load_builtins() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILTIN_MODULES:
            importlib.import_module(module)


def get(name: str) -> AnyGame:
    """The game called ``name`` (or an alias, case-insensitive)."""
    _load_builtins()
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = _ALIASES.get(key, key)
    try:
        return _GAMES[key]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGameError(f"unknown game {name!r}; the games are: {known}") from None


def games() -> tuple[AnyGame, ...]:
    """Every registered game, by name."""
    _load_builtins()
    return tuple(_GAMES[n] for n in sorted(_GAMES))
