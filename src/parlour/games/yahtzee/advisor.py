"""The advisor: every legal choice ranked by its expected final score under optimal play.

The values come from the exact solitaire strategy (:mod:`parlour.games.yahtzee.solver.strategy`):
each choice's value is the points already on the seat's card plus the expected
points still to come if every later choice is optimal.  With two or more players
the advice is the same solitaire value -- the best play for one's own card, which
is what the manual's game scores -- not a plan to beat the others' cards.
"""

from __future__ import annotations

from parlour.core.protocol import Advice, Hint
from parlour.games.yahtzee.engine import legal_moves
from parlour.games.yahtzee.moves import Move, Roll, Score
from parlour.games.yahtzee.notation import format_move
from parlour.games.yahtzee.solver.strategy import TIE, Position, YahtzeeTable, rank, table
from parlour.games.yahtzee.state import State

OBJECTIVE = "the highest expected final score"
SOLO_NOTE = "the solitaire optimum: the best for your own card, not a plan against the others"


def position_of(state: State, seat: int) -> Position:
    """The seat's card as the solver sees it."""
    card = state.cards[seat]
    return Position.of_card(card.boxes, card.yahtzee_bonuses)


def valued_moves(state: State, seat: int, tbl: YahtzeeTable | None = None) -> list[tuple[Move, float]]:
    """Every legal move of ``seat`` with its expected final score, best first.

    Moves of equal value (within ``strategy.TIE``) keep the engine's order:
    rolls (fewest dice kept first), then boxes in card order.
    """
    legal = legal_moves(state, seat)
    if not legal:
        return []
    tbl = tbl or table(state.rules)
    position = position_of(state, seat)
    if state.rolls == 0:
        return [(move, tbl.value(position)) for move in legal]
    rolls_left = state.rolls_left
    keeps = tbl.keep_values(position, state.dice, rolls_left) if rolls_left > 0 else {}
    boxes = tbl.box_values(position, state.dice)
    valued: list[tuple[Move, float]] = []
    for move in legal:
        if isinstance(move, Roll):
            valued.append((move, keeps[move.keep]))
        else:
            assert isinstance(move, Score)
            valued.append((move, boxes[move.box]))
    return rank(valued)


def best_move(state: State, seat: int, tbl: YahtzeeTable | None = None) -> Move:
    """The optimal move of ``seat`` (the advisor's first choice)."""
    valued = valued_moves(state, seat, tbl)
    if not valued:
        raise ValueError(f"seat {seat} has nothing to decide now")
    return valued[0][0]


def label(move: Move) -> str:
    """A move in words: ``roll all five dice``, ``keep 5 5 3``, ``score Chance``."""
    if isinstance(move, Roll):
        return "roll all five dice" if not move.keep else format_move(move)
    return f"score {move.box.title}"


def points(diff: float) -> str:
    """A difference in points, with as many decimals as it takes to show it (``2.4``, ``0.03``)."""
    for decimals in (1, 2, 3, 4):
        if round(diff, decimals) > 0:
            return f"{diff:.{decimals}f}"
    return f"{diff:.1e}"


def advise(state: State, seat: int) -> Hint[Move]:
    """Rank every legal move of ``seat`` by its expected final score, with a sentence each."""
    objective = OBJECTIVE if state.players == 1 else f"{OBJECTIVE} ({SOLO_NOTE})"
    valued = valued_moves(state, seat)
    if not valued:
        return Hint("There is nothing for you to decide now.", (), objective)
    best = valued[0][1]
    options = []
    for n, (move, value) in enumerate(valued):
        gap = best - value
        if n == 0:
            note = "best"
        elif gap <= TIE:
            note = "as good as the best"
        else:
            note = f"{points(gap)} less than the best"
        options.append(Advice(move, value, f"{label(move)}: expected final score {value:.1f} ({note})"))
    equal = sum(1 for _, v in valued if best - v <= TIE)
    summary = f"Best: {label(valued[0][0])} (expected final score {best:.1f})"
    if equal == len(valued) > 1:
        summary += "; every choice is as good"
    elif equal > 1:
        summary += f"; the first {equal} choices are equally good"
    return Hint(summary + ".", tuple(options), objective)


__all__ = ["OBJECTIVE", "advise", "best_move", "label", "position_of", "valued_moves"]
