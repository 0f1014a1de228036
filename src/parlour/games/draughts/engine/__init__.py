"""The English draughts engine: search, evaluation, endgame database, levels and analysis.

* :mod:`.search` -- iterative-deepening PVS alpha-beta with a transposition table, capture
  quiescence, killer and history move ordering, node/depth/time limits, repetition draws;
* :mod:`.evaluate` -- the static evaluation (its terms are documented there);
* :mod:`.endgame` -- the endgame database (every position with up to 4 pieces, by retrograde
  analysis, cached on disk);
* :mod:`.levels` -- ``beginner`` to ``expert``, and the bots;
* :mod:`.analysis` -- scores and lines, hints, and the mistakes of a finished game.

Importing this package registers its levels as the game's bots (weakest first), through
:func:`parlour.games.draughts.bots.register_bot`.

>>> from parlour.games.draughts.board import START, legal_moves
>>> result = best_move(START, Limits(depth=4))
>>> result.move in legal_moves(START), result.depth
(True, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.core.protocol import AnyBot, BotFactory
from parlour.games.draughts.board import Position
from parlour.games.draughts.engine.analysis import (
    Analysis,
    Mistake,
    MoveScore,
    analyse,
    explain,
    format_score,
    hint,
    mark_mistakes,
)
from parlour.games.draughts.engine.endgame import EndgameDatabase, Result, database, loaded
from parlour.games.draughts.engine.evaluate import evaluate
from parlour.games.draughts.engine.levels import (
    LEVELS,
    EngineBot,
    Level,
    LevelPlayer,
    level,
    make_level_bot,
)
from parlour.games.draughts.engine.search import MATE, Limits, Probe, Searcher, SearchResult


def best_move(position: Position, limits: Limits, history: Sequence[Position] = (),
              database: Probe | None = None) -> SearchResult:
    """A one-off search (a fresh :class:`Searcher`) of ``position`` within ``limits``."""
    return Searcher(database=database).search(position, limits, history)


def level_bot_factory(name: str) -> BotFactory:
    """The factory ``(rules) -> Bot`` of a level, as the game's bot table wants it."""

    def factory(rules: Any) -> AnyBot:
        return make_level_bot(name)

    return factory


def _register_bots() -> None:
    from parlour.games.draughts.bots import register_bot

    for name in LEVELS:
        register_bot(name, level_bot_factory(name))


_register_bots()

__all__ = [
    "LEVELS",
    "MATE",
    "Analysis",
    "EndgameDatabase",
    "EngineBot",
    "Level",
    "LevelPlayer",
    "Limits",
    "Mistake",
    "MoveScore",
    "Probe",
    "Result",
    "SearchResult",
    "Searcher",
    "analyse",
    "best_move",
    "database",
    "evaluate",
    "explain",
    "format_score",
    "hint",
    "level",
    "level_bot_factory",
    "loaded",
    "make_level_bot",
    "mark_mistakes",
]
