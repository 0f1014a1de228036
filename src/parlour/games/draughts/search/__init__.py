"""The English draughts search engine: search, evaluation, endgame database and analysis.

* :mod:`.searcher` -- iterative-deepening PVS alpha-beta with a transposition table, capture
  quiescence, killer and history move ordering, node/depth/time limits, repetition draws;
* :mod:`.evaluate` -- the static evaluation (its terms are documented there);
* :mod:`.endgame` -- the endgame database (every position with up to 4 pieces, by retrograde
  analysis, cached on disk; :mod:`.endgame_index` numbers its positions, :mod:`.endgame_build`
  solves them);
* :mod:`.analysis` -- scores and lines, hints, and the mistakes of a finished game.

The playing levels built on it are the game's bots (:mod:`parlour.games.draughts.bots.levels`).

>>> from parlour.games.draughts.board import START, legal_moves
>>> result = best_move(START, Limits(depth=4))
>>> result.move in legal_moves(START), result.depth
(True, 4)
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.games.draughts.board import Position
from parlour.games.draughts.search.analysis import (
    Analysis,
    Mistake,
    MoveScore,
    analyse,
    explain,
    format_score,
    hint,
    mark_mistakes,
)
from parlour.games.draughts.search.endgame import EndgameDatabase, Result, database, loaded
from parlour.games.draughts.search.evaluate import evaluate
from parlour.games.draughts.search.searcher import MATE, Limits, Probe, Searcher, SearchResult


def best_move(position: Position, limits: Limits, history: Sequence[Position] = (),
              database: Probe | None = None) -> SearchResult:
    """A one-off search (a fresh :class:`Searcher`) of ``position`` within ``limits``."""
    return Searcher(database=database).search(position, limits, history)


__all__ = [
    "MATE",
    "Analysis",
    "EndgameDatabase",
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
    "loaded",
    "mark_mistakes",
]
