"""Why an action is not allowed, in words for the player."""

from __future__ import annotations

import itertools

from parlour.games.draughts.board import (
    BIT,
    SQUARES,
    Position,
    are_neighbours,
    between,
    legal_moves,
    row_of,
)
from parlour.games.draughts.moves import AcceptDraw, Action, DeclineDraw, Huff, Move, OfferDraw
from parlour.games.draughts.state import State


def why_not(state: State, action: Action) -> str:
    """The reason ``action`` is not legal for the seat to act in ``state`` (call it only for an
    illegal action)."""
    if state.offer and not isinstance(action, AcceptDraw | DeclineDraw):
        return "answer the draw offer first: accept or decline"
    if isinstance(action, Move):
        return why_illegal(state.position, action, not state.rules.huffing)
    if isinstance(action, AcceptDraw | DeclineDraw):
        return "there is no draw offer to answer"
    if isinstance(action, OfferDraw):
        return "you have already offered a draw this turn"
    if isinstance(action, Huff):
        return _why_not_huff(state, action)
    return f"{action!r} is not a draughts move"


def _why_not_huff(state: State, huff: Huff) -> str:
    if not state.rules.huffing:
        return "huffing is not played under these rules: captures are compulsory"
    if state.huffed is not None:
        return f"you have already huffed this turn (the piece on {state.huffed})"
    if not state.huffable:
        return "there is nothing to huff: your opponent did not fail to capture"
    squares = " or ".join(str(s) for s in state.huffable)
    return f"you may huff only a piece that failed to capture: {squares}"


def _list(moves: list[Move]) -> str:
    texts = [m.text for m in moves]
    if len(texts) == 1:
        return f"{texts[0]} is available"
    shown = texts[:4]
    more = f" and {len(texts) - 4} more" if len(texts) > 4 else ""
    return f"{', '.join(shown[:-1])} and {shown[-1]}{more} are available" if not more else (
        f"{', '.join(shown)}{more} are available")


def why_illegal(position: Position, move: Move, compulsory: bool = True) -> str:
    """The reason ``move`` is not legal in ``position`` (call it only for an illegal move)."""
    legal = legal_moves(position, compulsory)
    path = move.path
    if len(path) < 2 or any(s not in SQUARES for s in (*path, *move.captured)):
        return f"{move!r} is not a move on the board"
    start = path[0]
    piece = position.piece_at(start)
    if piece is None:
        return f"there is no piece on {start}"
    if piece.colour is not position.turn:
        return f"{start} is not your piece ({piece.colour.title}'s)"
    king = piece.king
    forward = 1 if position.black_to_move else -1
    if not move.captured:
        end = path[1]
        if len(path) != 2:
            return f"{move.text}: a move without a capture goes one square"
        if not are_neighbours(start, end):
            return f"{end} is not a diagonal step from {start}"
        if not king and (row_of(end) - row_of(start)) != forward:
            return "a man moves only forwards (kings move backwards too)"
        if position.piece_at(end) is not None:
            return f"{end} is occupied"
        captures = [m for m in legal if m.is_capture]
        if compulsory and captures:
            return "you must capture: " + _list(captures)
        return f"{move.text} is not a legal move now"
    return _why_capture(position, move, legal, compulsory, king, forward)


def _why_capture(position: Position, move: Move, legal: tuple[Move, ...], compulsory: bool,
                 king: bool, forward: int) -> str:
    own = position.black if position.black_to_move else position.white
    opp = position.white if position.black_to_move else position.black
    empty_now = position.empty | BIT[move.start]
    taken: set[int] = set()
    crown_row = 7 if position.black_to_move else 0
    for n, (a, b) in enumerate(itertools.pairwise(move.path)):
        over = between(a, b)
        if over is None:
            return f"{a}x{b} is not a jump: a jump goes two squares diagonally over a piece"
        if n < len(move.captured) and move.captured[n] != over:
            return f"jumping from {a} to {b} takes the piece on {over}, not {move.captured[n]}"
        if not king and (row_of(b) - row_of(a)) != 2 * forward:
            return "a man jumps only forwards (kings jump backwards too)"
        if over in taken:
            return f"the piece on {over} cannot be jumped twice"
        if not BIT[over] & opp:
            what = "nothing" if not BIT[over] & own else "your own piece"
            return f"there is {what} on {over} to jump"
        if not BIT[b] & empty_now:
            return f"{b} is occupied, so there is no jump to it"
        taken.add(over)
        empty_now |= BIT[over]
        if not king and row_of(b) == crown_row and n < len(move.path) - 2:
            return f"the man is crowned on {b} and its move ends there"
    if len(move.captured) != len(move.path) - 1:
        return f"{move!r} does not list the pieces it takes"
    if compulsory:
        longer = [m for m in legal if m.path[:len(move.path)] == move.path]
        if longer:
            return (f"the capture must go on while the piece can jump: {_list(longer)}")
    return f"{move.text} is not a legal move now"
