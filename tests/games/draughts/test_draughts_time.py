"""Running out of time on a clock: the engine's side of the draughts clock (the clock is the
server's: tests/server/test_server_clock.py)."""

from __future__ import annotations

import pytest

from parlour.core.errors import InvalidMoveError, NotYourTurnError
from parlour.core.record import Record
from parlour.games.draughts import GAME, Ending, Rules, TimeUp
from parlour.games.draughts.pdn import record_to_pdn, write_game
from parlour.games.draughts.rules import Colours

RULES = Rules(colours=Colours.FIRST_BLACK)
NAMES = ("Ann", "Bob")
START = GAME.initial_state(RULES, 2)


def test_the_side_to_act_loses_on_time_and_the_log_reads_it_back() -> None:
    state = GAME.apply(START, 0, GAME.parse_move(START, 0, "11-15"))
    action = GAME.time_out(state, 1)
    assert action == TimeUp() and action not in GAME.legal_moves(state, 1)
    after = GAME.apply(state, 1, action)
    assert after.ending is Ending.TIME and GAME.winners(after) == (0,)
    assert GAME.result_text(after, NAMES) == "Ann (Black) wins: Bob (White) ran out of time."
    assert GAME.describe(state, 1, action, NAMES) == "Bob (White) runs out of time"
    text = GAME.format_move(state, 1, action)
    assert text == "time" and GAME.parse_action(state, 1, text) == action
    record = Record.start("draughts", RULES, NAMES).add(0, "11-15").add(1, "time")
    pdn = write_game(record_to_pdn(record))
    assert "White ran out of time" in pdn and '[Result "1-0"]' in pdn


def test_a_player_cannot_type_time_nor_run_out_of_time_when_not_to_act() -> None:
    state = GAME.initial_state(RULES, 2)
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(state, 0, "time")
    with pytest.raises(NotYourTurnError):
        GAME.apply(state, 1, TimeUp())


def test_while_a_draw_is_offered_the_one_to_answer_runs_out_of_time() -> None:
    state = GAME.apply(START, 0, GAME.parse_move(START, 0, "offer draw"))
    after = GAME.apply(state, 1, GAME.time_out(state, 1))
    assert GAME.winners(after) == (0,) and not after.offer
