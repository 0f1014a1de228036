"""What a seat sees of Shut the Box: everything (nothing in the game is hidden)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parlour.core.protocol import View
from parlour.games.shut_the_box.rules import Mode, one_die_allowed, tiles_of
from parlour.games.shut_the_box.state import State, Status


@dataclass(frozen=True)
class ShutTheBoxView(View):
    """A seat's view.  Shut the Box has no hidden information, so it holds the state."""

    seat: int | None
    state: State

    def to_json(self) -> dict[str, Any]:
        s = self.state
        rules = s.rules
        boards = []
        for b, covered in enumerate(s.covered):
            boards.append({"covered": list(tiles_of(covered)),
                           "uncovered": list(tiles_of(rules.all_tiles & ~covered)),
                           "seat": None if rules.mode is Mode.LONG else b})
        seats = []
        for seat in range(s.players):
            active = s.status[seat] in (Status.THROW, Status.PLACE)
            seats.append({
                "status": s.status[seat].value,
                "dice": list(s.dice[seat]),
                "score": s.scores[seat],
                "total": s.totals[seat],
                "wins": str(s.wins[seat]),
                "balance": str(s.balances[seat]),
                "may_throw_one": active and one_die_allowed(rules.one_die, s.open_for(seat)),
                "role": ("uncover" if seat == 1 else "cover") if rules.mode is Mode.LONG else None,
            })
        return {
            "game": "shut-the-box",
            "seat": self.seat,
            "tiles": rules.tiles,
            "mode": rules.mode.value,
            "round": s.round,
            "current": s.current,
            "throwing": s.pending,
            "bank": s.bank,
            "boards": boards,
            "seats": seats,
            "history": [
                {"round": r.number, "scores": list(r.scores), "winners": list(r.winners),
                 "shut_by": r.shut_by} for r in s.history
            ],
            "over": s.over,
            "winners": None if s.winners is None else list(s.winners),
        }
