"""The engine's review of a finished game: the moves that lost value, with the better ones.

Shared by ``parlour draughts review`` and the server's ``GET /api/tables/{code}/review``.  It
wraps :func:`parlour.games.draughts.search.analysis.mark_mistakes` for a PDN game and numbers the
moves as PDN does (``12.`` for Black's move, ``12...`` for White's, a game set up with White to
move starting at ``1...``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from parlour.games.draughts.board import Colour, Move, Position
from parlour.games.draughts.pdn import PdnGame

DEFAULT_NODES = 150_000
"""Search nodes for each position."""


def moves_of(game: PdnGame) -> list[tuple[Position, Move]]:
    """Each move of ``game`` with the position it was played in (huffs are not moves)."""
    pairs = []
    positions = list(game.positions())
    for item, before in zip(game.items, positions, strict=False):
        if isinstance(item, Move):
            pairs.append((before, item))
    return pairs


def review(game: PdnGame, nodes: int = DEFAULT_NODES,
           progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """``{"moves": N, "mistakes": [...]}``: each mistake with its ``ply`` (the index of the move
    among the game's moves), ``move`` (its PDN number), ``colour``, ``played``, ``better``,
    ``loss`` (hundredths of a man), both scores in words and ``why`` (the engine's lines)."""
    from parlour.games.draughts.bots.levels import endgame_for_play
    from parlour.games.draughts.search import Limits, mark_mistakes
    from parlour.games.draughts.search.analysis import format_score

    pairs = moves_of(game)
    mistakes = mark_mistakes(pairs, Limits(nodes=nodes, depth=None), database=endgame_for_play(),
                             progress=progress)
    offset = 0 if game.start.turn is Colour.BLACK else 1
    out = []
    for m in mistakes:
        ply = m.ply + offset
        number = f"{ply // 2 + 1}." if ply % 2 == 0 else f"{ply // 2 + 1}..."
        out.append({"ply": m.ply, "move": number, "colour": m.colour.title.lower(), "played": m.played.text,
                    "better": m.better.text, "loss": m.loss, "played_score": format_score(m.played_score),
                    "best_score": format_score(m.best_score), "why": m.explanation})
    return {"moves": len(pairs), "mistakes": out}
