"""Hints: the engine's analysis of every move on the board, best first, with the line it expects."""

from __future__ import annotations

from parlour.core.protocol import Advice, Hint
from parlour.games.draughts import engine
from parlour.games.draughts.moves import Action, Move
from parlour.games.draughts.state import State


def advise(state: State, seat: int) -> Hint[Action] | None:
    """Every move on the board ranked by the search (:func:`.search.analysis.hint`), using the
    biggest endgame database ready; ``None`` when ``seat`` has no move on the board to choose
    (the game is over, it is not its turn, or it must answer a draw offer)."""
    if state.over or seat not in engine.to_act(state):
        return None
    if not any(isinstance(m, Move) for m in engine.legal_actions(state, seat)):
        return None
    from parlour.games.draughts.bots.levels import endgame_for_play
    from parlour.games.draughts.search.analysis import hint

    found = hint(state.position, history=state.seen, database=endgame_for_play())
    options = tuple(Advice[Action](a.move, a.value, a.explanation, a.exact) for a in found.options)
    return Hint(found.summary, options, found.objective)
