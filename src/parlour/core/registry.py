"""The game registry: every game by its stable short name and aliases.

Games are found through the ``parlour.games`` entry-point group: each entry names a game object
(``draughts = "parlour.games.draughts:GAME"`` in Parlour's own ``pyproject.toml``), so a game in
another distribution registers itself by declaring one, and nothing here lists the games.  Games
may also be added at run time with :func:`register` (tests do).
"""

from __future__ import annotations

import threading
from importlib.metadata import entry_points

from parlour.core.errors import UnknownGameError
from parlour.core.protocol import AnyGame, Game

ENTRY_POINTS = "parlour.games"
"""The entry-point group whose entries are game objects."""

_GAMES: dict[str, AnyGame] = {}
_ALIASES: dict[str, str] = {}
_LOCK = threading.Lock()
_LOAD_LOCK = threading.Lock()
_loaded = False


def register(game: AnyGame) -> AnyGame:
    """Add a game under its name and aliases; the names must be new."""
    with _LOCK:
        names = (game.spec.name, *game.spec.aliases)
        for name in names:
            if name in _GAMES or name in _ALIASES:
                raise ValueError(f"a game named {name!r} is already registered")
        _GAMES[game.spec.name] = game
        for alias in game.spec.aliases:
            _ALIASES[alias] = game.spec.name
        return game


def _load_entry_points() -> None:
    """Register every game the installed distributions declare, once."""
    global _loaded
    with _LOAD_LOCK:
        if _loaded:
            return
        for entry in sorted(entry_points(group=ENTRY_POINTS), key=lambda e: e.name):
            game = entry.load()
            if not isinstance(game, Game):
                raise TypeError(f"the entry point {entry.name} = {entry.value} is not a Game")
            if game.spec.name != entry.name:
                raise ValueError(f"the entry point {entry.name} names the game {game.spec.name!r}")
            register(game)
        _loaded = True


def get(name: str) -> AnyGame:
    """The game called ``name`` (or an alias, case-insensitive)."""
    _load_entry_points()
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = _ALIASES.get(key, key)
    try:
        return _GAMES[key]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGameError(f"unknown game {name!r}; the games are: {known}") from None


def games() -> tuple[AnyGame, ...]:
    """Every registered game, by name."""
    _load_entry_points()
    return tuple(_GAMES[n] for n in sorted(_GAMES))
