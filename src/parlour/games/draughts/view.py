"""What a seat sees of draughts: everything (nothing in the game is hidden)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parlour.core.protocol import View
from parlour.games.draughts.board import SQUARES, START, Colour, has_capture, material
from parlour.games.draughts.notation import format_fen, parse_fen
from parlour.games.draughts.state import State


def move_number(plies: int, start_black: bool = True) -> int:
    """The move number (a move is Black's turn and White's reply) of the next move."""
    return (plies + (0 if start_black else 1)) // 2 + 1


@dataclass(frozen=True)
class DraughtsView(View):
    """A seat's view.  Draughts has no hidden information, so it holds the state."""

    seat: int | None
    state: State

    @property
    def colour(self) -> Colour | None:
        """The viewer's colour, once the coin has been tossed (``None`` for a spectator)."""
        if self.seat is None or self.state.black_seat is None:
            return None
        return self.state.colour_of(self.seat)

    def to_json(self) -> dict[str, Any]:
        s = self.state
        pos = s.position
        last = s.last
        start = parse_fen(s.rules.start) if s.rules.start else START  # for the pieces taken so far
        colours = None if s.black_seat is None else [s.colour_of(seat).title.lower() for seat in (0, 1)]
        return {
            "game": "draughts",
            "seat": self.seat,
            "colour": None if self.colour is None else self.colour.title.lower(),
            "colours": colours,
            "board": [None if (p := pos.piece_at(sq)) is None else p.value for sq in SQUARES],
            "fen": format_fen(pos),
            "turn": None if s.over else s.turn.title.lower(),
            "plies": s.plies,
            "move_number": move_number(s.plies, s.black_started),
            "black_started": s.black_started,
            "rules": {"huffing": s.rules.huffing, "repetition_draw": s.rules.repetition_draw,
                      "decline_moves": s.rules.decline_moves,
                      "no_progress_moves": s.rules.no_progress_moves, "start": s.rules.start or None},
            "last_move": None if last is None else {
                "text": last.text, "path": list(last.path), "captured": list(last.captured),
                "by": s.turn.other.title.lower()},
            "must_capture": not s.rules.huffing and not s.over and has_capture(pos),
            "huffing": s.rules.huffing,
            "huffable": list(s.huffable),
            "huffed": s.huffed,
            "draw_offered_by": s.turn.title.lower() if s.offer else None,
            "countdown": {"black": s.countdown[0], "white": s.countdown[1]},
            "repetitions": s.seen.count(pos),
            "material": {c.title.lower(): material(pos, c) for c in Colour},
            "taken": {c.title.lower(): start.pieces(c.other).bit_count() - pos.pieces(c.other).bit_count()
                      for c in Colour},
            "over": s.over,
            "ending": None if s.ending is None else s.ending.value,
            "winner": None if s.winner is None else s.winner.title.lower(),
        }
