"""The draughts hint: the engine's ranking of every move on the board, through ``Game.advise``."""

from __future__ import annotations

from typing import Any

from parlour.games.draughts import GAME
from parlour.games.draughts.board import Move


def test_the_hint_ranks_every_move_on_the_board(table: Any) -> None:
    state = table.setup("W:W22,25:B18,5")  # White to move: 22x15 is compulsory
    hint = GAME.advise(state, table.seat(state))
    assert hint is not None
    assert [str(a.move) for a in hint.options] == table.plays(state) == ["22x15"]
    state = table.setup("W:W27,25:B5,1")  # a quiet position: every move ranked, best first
    hint = GAME.advise(state, table.seat(state))
    assert hint is not None
    assert sorted(str(a.move) for a in hint.options) == sorted(table.plays(state))
    values = [a.value for a in hint.options]
    assert values == sorted(values, reverse=True)
    assert all(isinstance(a.move, Move) and a.explanation for a in hint.options)
    assert hint.summary.startswith("Best: " + str(hint.options[0].move))


def test_no_hint_while_answering_a_draw_offer_or_when_not_to_move(table: Any) -> None:
    state = table.setup("B:W27,25:B5,1")
    seat = table.seat(state)
    assert GAME.advise(state, 1 - seat) is None  # not this seat's turn
    offered = table.act(state, "offer draw")
    assert GAME.advise(offered, table.seat(offered)) is None  # accept or decline: no engine ranking
