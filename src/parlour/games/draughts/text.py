"""Draughts in words: the log line of each action, the result, and a seat's view drawn for a
terminal."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.protocol import CHANCE
from parlour.games.draughts.board import BIT, Colour, Position, has_capture, play, square_at
from parlour.games.draughts.moves import (
    AcceptDraw,
    Action,
    DeclineDraw,
    Huff,
    Move,
    OfferDraw,
    TimeUp,
    Toss,
)
from parlour.games.draughts.state import Ending, State
from parlour.games.draughts.view import DraughtsView, move_number

CELL = 6


def board_lines(position: Position, black_at_bottom: bool = False, marked: int | None = None) -> list[str]:
    """The board, one line per row, each square ``CELL`` characters wide."""
    rows = range(7, -1, -1) if black_at_bottom else range(8)
    columns = range(7, -1, -1) if black_at_bottom else range(8)
    edge = "  +" + "-" * (CELL * 8) + "+"
    lines = [edge]
    for r in rows:
        cells = []
        for c in columns:
            square = square_at(r, c)
            if square is None:
                cells.append(" " * CELL)
                continue
            piece = position.piece_at(square)
            text = (piece.value if piece is not None else "") + str(square)
            if square == marked:
                text += "*"
            cells.append(f"{text:>{CELL - 1}} ")
        lines.append("  |" + "".join(cells) + "|")
    lines.append(edge)
    return lines


def _side(state: State, colour: Colour, names: Sequence[str]) -> str:
    pos = state.position
    men = len(pos.squares(colour, kings=False))
    kings = len(pos.squares(colour, kings=True))
    letters = "b, kings B" if colour is Colour.BLACK else "w, kings W"
    who = ""
    if state.black_seat is not None and len(names) == 2:
        who = f" {names[state.seat_of(colour)]}"
    count = f"{men} m{'e' if men != 1 else 'a'}n" + (f", {kings} king{'s' if kings != 1 else ''}"
                                                     if kings else "")
    return f"{colour.title}{who} ({letters}): {count}"


def render_view(view: DraughtsView, names: Sequence[str]) -> str:
    s = view.state
    pos = s.position
    black_at_bottom = view.colour is Colour.BLACK
    marked = s.last.end if s.last is not None else None
    top, bottom = (Colour.WHITE, Colour.BLACK) if black_at_bottom else (Colour.BLACK, Colour.WHITE)
    lines = [_side(s, top, names), *board_lines(pos, black_at_bottom, marked), _side(s, bottom, names)]
    if s.last is not None:
        mover = s.turn.other.title
        took = ""
        if s.last.captured:
            took = f" (took {', '.join(str(x) for x in s.last.captured)})"
        lines.append(f"Last move: {mover} {s.last.text}{took}.")
    if s.huffed is not None:
        lines.append(f"{s.turn.title} huffed the piece on {s.huffed}.")
    if not s.over:
        to_move = s.turn.title
        who = f" ({names[s.seat_of(s.turn)]})" if s.black_seat is not None and len(names) == 2 else ""
        lines.append(f"Move {move_number(s.plies, s.black_started)}: {to_move}{who} to move.")
        if s.offer:
            lines.append(f"{to_move} offers a draw: {s.turn.other.title} may accept or decline.")
        if not s.rules.huffing and has_capture(pos):
            lines.append(f"{to_move} must capture.")
        if s.huffable:
            squares = ", ".join(str(x) for x in s.huffable)
            lines.append(f"{s.turn.other.title} failed to capture: {to_move} may huff {squares}.")
    for colour, left in zip(Colour, s.countdown, strict=True):
        if left is not None and not s.over:
            lines.append(f"{colour.title} declined a draw: {left} move{'s' if left != 1 else ''} left "
                         "to win or get a man ahead.")
    seen = s.seen.count(pos)
    if s.rules.repetition_draw and seen == 2 and not s.over:
        lines.append("This position has occurred twice: a third time draws.")
    return "\n".join(lines)


# ---- the log and the result --------------------------------------------------------------------

def name_of(state: State, seat: int, names: Sequence[str] | None) -> str:
    """A seat as the log names it: by its player's name, if given, else by its colour (once the
    coin has fallen) or its number."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return seat_label(state, seat)


def seat_label(state: State, seat: int) -> str:
    if state.black_seat is None:
        return f"Player {seat + 1}"
    return state.colour_of(seat).title


def who(state: State, seat: int, names: Sequence[str] | None) -> str:
    """A seat with its colour: ``Ann (Black)``."""
    if names is None or not 0 <= seat < len(names) or state.black_seat is None:
        return name_of(state, seat, names)
    return f"{names[seat]} ({state.colour_of(seat).title})"


def describe(state: State, seat: int, action: Action | Toss, names: Sequence[str] | None = None) -> str:
    """The log line of ``action`` by ``seat`` in ``state`` (before it)."""
    if seat == CHANCE:
        assert isinstance(action, Toss)
        return f"Coin toss: {name_of(state, action.black_seat, names)} plays Black and moves first"
    player = who(state, seat, names)
    if isinstance(action, Move):
        text = f"{player}: {action.text}"
        if action.captured:
            n = len(action.captured)
            text += f", taking {n} piece{'s' if n > 1 else ''}"
        before = state.position
        after = play(before, action, not state.rules.huffing)
        if not before.kings & BIT[action.start] and after.kings & BIT[action.end]:
            text += ", and is crowned"
        return text
    if isinstance(action, Huff):
        return f"{player} huffs the piece on {action.square}"
    if isinstance(action, OfferDraw):
        return f"{player} offers a draw"
    if isinstance(action, AcceptDraw):
        return f"{player} accepts the draw"
    if isinstance(action, DeclineDraw):
        limit = state.rules.decline_moves
        tail = f" (and must win or get a man ahead within {limit} moves)" if limit else ""
        return f"{player} declines the draw{tail}"
    if isinstance(action, TimeUp):
        return f"{player} runs out of time"
    return f"{player} resigns"


def result_text(state: State, names: Sequence[str] | None = None) -> str:
    """How the game ended, in a sentence."""
    if not state.over:
        return "The game is not over."
    ending = state.ending
    if state.winner is not None:
        winner, loser = state.winner, state.winner.other
        won = who(state, state.seat_of(winner), names)
        lost = who(state, state.seat_of(loser), names)
        assert ending is not None  # (a game with a winner is over)
        why = {Ending.NO_PIECES: f"{lost} has no pieces left",
               Ending.NO_MOVES: f"{lost} cannot move",
               Ending.RESIGNED: f"{lost} resigned",
               Ending.TIME: f"{lost} ran out of time"}.get(ending, "")
        return f"{won} wins: {why}."
    if ending is Ending.AGREED:
        return "A draw by agreement."
    if ending is Ending.TIME:
        return "A draw: a player ran out of time, and the other had no pieces to win with."
    if ending is Ending.REPETITION:
        return "A draw: the same position has occurred three times."
    if ending is Ending.DECLINE_LIMIT:
        return (f"A draw: the player who declined a draw did not win or get a man ahead within "
                f"{state.rules.decline_moves} moves.")
    return (f"A draw: {state.rules.no_progress_moves} moves each without a capture or a man "
            "moving.")
