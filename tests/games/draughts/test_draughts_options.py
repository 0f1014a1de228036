"""Draughts: huffing, draws (agreement, the 40-move obligation, repetition, no progress), the view,
the bots and the engine hook."""

from __future__ import annotations

import json

import pytest

from parlour.agents import make_bot
from parlour.core.driver import play
from parlour.core.errors import RulesError
from parlour.core.rng import make_rng
from parlour.games.draughts import GAME, Colour, Colours, Ending, Huff, Rules
from parlour.games.draughts.bots import BOTS
from parlour.games.draughts.bots.levels import LEVELS

# ---- huffing ------------------------------------------------------------------------------------


def test_under_huffing_a_capture_may_be_left_and_the_piece_that_should_have_taken_is_huffed(table):
    """"If a player noticed that the opponent had failed to capture when the option was open ...
    the player can huff the offending piece before the next move is made and it is removed."""
    state = table.setup("B:W23,30:B9,18", huffing=True)
    assert table.plays(state) == ["18x27", "9-13", "9-14", "18-22"]  # capturing is optional
    state = table.act(state, "9-13")
    assert state.huffable == (18,)
    assert "huff 18" in table.moves(state)
    huffed = table.act(state, "huff 18")
    assert huffed.position.piece_at(18) is None and huffed.huffed == 18
    assert table.seat(huffed) == 1 and huffed.turn is Colour.WHITE  # a huff is not a move
    assert "huff 18" not in table.moves(huffed)
    assert GAME.describe(state, 1, Huff(18), ["Ann", "Bob"]) == "Bob (White) huffs the piece on 18"
    after = table.act(huffed, "30-26")
    assert after.turn is Colour.BLACK and after.huffed is None


def test_a_multiple_jump_broken_off_may_be_huffed_even_though_it_captured(table):
    """"... (even if the offending piece had already captured one or more pieces that turn)"."""
    state = table.setup("B:W14,23,32:B9", huffing=True)
    assert table.plays(state)[:2] == ["9x18", "9x18x27"]
    stopped = table.act(state, "9x18")
    assert stopped.huffable == (18,) and stopped.position.piece_at(14) is None
    assert table.act(stopped, "huff 18").position.black == 0
    assert table.act(state, "9x18x27").huffable == ()


def test_the_huff_is_lost_once_the_next_move_is_made(table):
    # (Black's 14 stops White's 23 from taking 18, so White's own move is no offence)
    state = table.act(table.setup("B:W23,30:B9,14,18", huffing=True), "9-13")
    assert state.huffable == (18,)
    state = table.act(state, "30-25")
    assert state.huffable == () and table.plays(state)[0] == "18x27"
    state = table.act(state, "18x27")
    assert state.huffable == () and all(not m.startswith("huff") for m in table.moves(state))


def test_which_pieces_may_be_huffed(table):
    # two pieces could capture: moving a third leaves both huffable
    state = table.setup("B:W14,23,32:B1,10,18", huffing=True)
    assert table.act(state, "1-5").huffable == (10, 18)
    # moving one of them without capturing: it is huffable on its new square, and so is the other
    assert table.act(state, "10-15").huffable == (15, 18)
    # capturing with one of them is a free choice, not an offence
    assert table.act(state, "10x17").huffable == ()
    assert table.refused(table.act(state, "1-5"), "huff 1") == (
        "you may huff only a piece that failed to capture: 10 or 18")


def test_a_man_crowned_while_capturing_has_not_failed_to_capture(table):
    state = table.setup("B:W10,12,26,27:B2,9,14,18,22", huffing=True)
    assert table.act(state, "22x31").huffable == ()


def test_huffing_the_last_piece_wins_and_huffs_are_refused_when_not_allowed(table):
    state = table.act(table.setup("B:W23,30:B18", huffing=True), "18-22")
    assert state.huffable == (22,)
    won = table.act(state, "huff 22")
    assert won.over and won.ending is Ending.NO_PIECES and won.winner is Colour.WHITE
    assert table.refused(table.setup("B:W23,30:B9,18"), "huff 18") == (
        "huffing is not played under these rules: captures are compulsory")
    assert table.refused(table.setup("B:W23,30:B9,18", huffing=True), "huff 23") == (
        "there is nothing to huff: your opponent did not fail to capture")
    huffed = table.act(table.act(table.setup("B:W14,23,32:B1,10,18", huffing=True), "1-5"), "huff 10")
    assert table.refused(huffed, "huff 18") == "you have already huffed this turn (the piece on 10)"


def test_a_player_who_cannot_move_but_may_huff_has_not_lost_yet(table):
    state = table.act(table.setup("W:W29,30,K4:B25", huffing=True), "4-8")
    assert not state.over and table.moves(state) == ["huff 29", "huff 30", "offer draw", "resign"]
    assert table.plays(table.act(state, "huff 29")) == ["25-29"]
    # here one huff frees Black's man and the other does not: that one loses
    stuck = table.act(table.setup("W:W12,13,15,16,23,K2,K4:B8", huffing=True), "16-11")
    assert stuck.huffable == (4, 12)
    lost = table.act(stuck, "huff 4")
    assert lost.over and lost.ending is Ending.NO_MOVES and lost.winner is Colour.WHITE
    assert table.plays(table.act(stuck, "huff 12")) == ["8-12"]


# ---- draws --------------------------------------------------------------------------------------

SHUFFLE = ("1-5", "32-28", "5-1", "28-32")
"""A black king and a white king going to and fro, far apart."""


def test_a_draw_by_agreement_at_any_point(table):
    """"A draw occurs by agreement at any point during the game."""
    state = table.setup("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    offered = table.act(state, "offer draw")
    assert table.seat(offered) == 1 and table.moves(offered) == ["accept", "decline"]
    assert GAME.describe(state, 0, GAME.parse_move(state, 0, "offer draw"), ["Ann", "Bob"]) == (
        "Ann (Black) offers a draw")
    drawn = table.act(offered, "accept")
    assert drawn.over and drawn.ending is Ending.AGREED and drawn.winner is None
    assert GAME.winners(drawn) == () and GAME.returns(drawn) == (0.0, 0.0)
    assert GAME.result_text(drawn) == "A draw by agreement."
    assert table.refused(offered, "9-13") == "answer the draw offer first: accept or decline"
    assert table.refused(state, "accept") == "there is no draw offer to answer"


def test_a_declined_offer_returns_the_move_to_the_offerer_who_cannot_offer_again_that_turn(table):
    state = table.act(table.setup("B:WK32:BK1"), "offer draw", "decline")
    assert table.seat(state) == 0 and "offer draw" not in table.moves(state)
    assert table.refused(state, "offer draw") == "you have already offered a draw this turn"
    assert state.countdown == (None, 40)
    assert "offer draw" in table.moves(table.act(state, "1-5"))  # White may offer on their turn


def test_who_declines_must_win_or_get_a_man_ahead_within_40_of_their_own_moves(table):
    """"If a player refuses the offer of a draw, that player is required to force a win or show a
    decided advantage within 40 of that player's own moves from that point."  Level material at
    the 40th move: drawn.  (The default rules: the kings going round repeat the position again
    and again, which draws nothing.)"""
    state = table.act(table.setup("B:WK32:BK1"), "offer draw", "decline")
    for n in range(39):
        state = table.act(state, SHUFFLE[(2 * n) % 4], SHUFFLE[(2 * n + 1) % 4])
        assert not state.over and state.countdown == (None, 39 - n)
    state = table.act(state, SHUFFLE[78 % 4])
    assert not state.over
    state = table.act(state, SHUFFLE[79 % 4])  # White's 40th move since declining
    assert state.over and state.ending is Ending.DECLINE_LIMIT and state.winner is None
    assert GAME.result_text(state) == (
        "A draw: the player who declined a draw did not win or get a man ahead within 40 moves.")


def test_a_man_ahead_at_the_last_move_is_a_decided_advantage_and_play_goes_on(table):
    # White declines with two kings against one: ahead by a king (3 units) -- decided
    state = table.act(table.setup("B:WK25,K32:BK1", decline_moves=2), "offer draw", "decline")
    state = table.act(state, "1-5", "32-28", "5-1", "28-32")
    assert not state.over and state.countdown == (None, None)
    # a king against a man is ahead by half a man only: not decided, so drawn
    state = table.act(table.setup("B:WK32:B1", decline_moves=1), "offer draw", "decline", "1-5", "32-28")
    assert state.over and state.ending is Ending.DECLINE_LIMIT


def test_winning_within_the_limit_is_a_win_and_the_limit_can_be_switched_off(table):
    state = table.act(table.setup("B:W23:BK1,18", decline_moves=1), "offer draw")
    state = table.act(state, "decline")  # White declines, then loses at once
    state = table.act(state, "18x27")
    assert state.over and state.winner is Colour.BLACK
    off = table.act(table.setup("B:WK32:BK1", decline_moves=0, repetition_draw=False),
                    "offer draw", "decline")
    assert off.countdown == (None, None)
    for n in range(100):
        off = table.act(off, SHUFFLE[n % 4])
    assert not off.over


def test_by_default_a_position_repeated_three_times_draws_nothing(table):
    """The manual has a draw only by agreement: the same position a third time (or a tenth) goes on."""
    state = table.setup("B:WK32:BK1")
    assert Rules().repetition_draw is False
    for n in range(40):
        state = table.act(state, SHUFFLE[n % 4])
        assert not state.over
    assert state.seen.count(state.position) == 11
    assert "offer draw" in table.moves(state)


def test_with_the_option_the_same_position_for_the_third_time_is_a_draw(table):
    state = table.setup("B:WK32:BK1", repetition_draw=True)
    for n in range(7):
        state = table.act(state, SHUFFLE[n % 4])
        assert not state.over
    state = table.act(state, SHUFFLE[7 % 4])  # the start position, a third time
    assert state.over and state.ending is Ending.REPETITION
    assert GAME.result_text(state) == "A draw: the same position has occurred three times."


def test_a_capture_or_a_man_moving_starts_the_count_of_repetitions_again(table):
    state = table.act(table.setup("B:WK32,29:BK1"), "1-5", "32-28", "5-1", "28-32")
    assert state.seen.count(state.position) == 2
    state = table.act(state, "1-5", "29-25")  # a man moved: nothing before can come back
    assert state.seen == (state.position,)


def test_the_optional_no_progress_rule(table):
    state = table.setup("B:WK32:BK1", repetition_draw=False, no_progress_moves=3)
    state = table.act(state, "1-5", "32-28", "5-1", "28-32", "1-6")
    assert not state.over
    state = table.act(state, "32-27")
    assert state.over and state.ending is Ending.NO_PROGRESS
    assert GAME.result_text(state) == "A draw: 3 moves each without a capture or a man moving."


def test_rules_refuse_bad_values_and_the_game_takes_two_players():
    with pytest.raises(RulesError):
        Rules(decline_moves=-1)
    with pytest.raises(RulesError):
        Rules(no_progress_moves=5000)
    with pytest.raises(RulesError, match="2 players"):
        GAME.initial_state(Rules(), 3)
    assert Rules() == Rules(colours=Colours.TOSS, huffing=False, repetition_draw=False,
                            decline_moves=40, no_progress_moves=0)


# ---- view, bots, whole games ----------------------------------------------------------------------


def test_the_view_tells_everything_as_json(table):
    state = table.act(table.setup("B:W23,30:B9,18", huffing=True), "9-13")
    data = GAME.view(state, 1).to_json()
    json.dumps(data)
    assert data["board"][12] == "b" and data["board"][22] == "w" and data["board"][8] is None
    assert data["colour"] == "white" and data["colours"] == ["black", "white"]
    assert data["turn"] == "white" and data["huffable"] == [18]
    assert data["last_move"] == {"text": "9-13", "path": [9, 13], "captured": [], "by": "black"}
    assert data["fen"] == "W:W23,30:B13,18" and data["material"] == {"black": 4, "white": 4}
    assert GAME.view(state, None).to_json()["colour"] is None


def test_the_bots_are_random_then_the_levels_weakest_first():
    assert list(GAME.bots()) == ["random", *LEVELS] == list(BOTS)
    assert list(LEVELS) == ["beginner", "casual", "club", "strong", "expert"]
    for name in BOTS:
        assert make_bot(GAME, name, Rules()).name == name


@pytest.mark.parametrize("rules", [Rules(), Rules(huffing=True), Rules(no_progress_moves=20),
                                   Rules(repetition_draw=True, huffing=True),
                                   Rules(no_progress_moves=15, huffing=True)])
def test_random_games_without_resigning_reach_the_end_and_replay(rules):
    """Whole games between random bots that never resign: every ending the rules allow (under the
    manual's rules, with the bots' draw agreements: ``bots/test_draughts_draws.py``)."""
    endings = set()
    for seed in range(12):
        bots = [make_bot(GAME, "random", rules) for _ in range(2)]
        result = play(GAME, rules, bots, make_rng(seed))
        assert result.state.over and result.record.final_state() == result.state
        endings.add(result.state.ending)
    assert endings & {Ending.NO_PIECES, Ending.NO_MOVES}


# ---- a set-up start (the start rule) --------------------------------------------------------


SETUP = "W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"


def test_a_game_starts_from_the_set_up_position_with_its_side_to_move():
    rules = Rules(start=f"  {SETUP}\n", colours=Colours.FIRST_BLACK)
    assert rules.start == SETUP  # kept in the canonical form
    state = GAME.initial_state(rules, 2)
    assert state.position.fen() == SETUP and state.seen == (state.position,)
    assert GAME.to_act(state) == (1,) and state.black_started is False  # White (seat 2) moves first
    data = GAME.view(state, 0).to_json()
    assert data["move_number"] == 1 and data["taken"] == {"black": 0, "white": 0}
    assert data["rules"]["start"] == SETUP and data["rules"]["repetition_draw"] is False
    after = GAME.apply(state, 1, GAME.parse_move(state, 1, "10-6"))
    data = GAME.view(after, 0).to_json()
    assert data["move_number"] == 2 and after.black_started is False
    standard = GAME.initial_state(Rules(colours=Colours.FIRST_BLACK), 2)
    assert standard.black_started and GAME.view(standard, 0).to_json()["rules"]["start"] is None


def test_the_view_counts_pieces_taken_since_the_start():
    state = GAME.initial_state(Rules(start="B:W14,K30:B9,10", colours=Colours.FIRST_BLACK), 2)
    assert GAME.view(state, 0).to_json()["taken"] == {"black": 0, "white": 0}
    state = GAME.apply(state, 0, GAME.parse_move(state, 0, "10x17"))  # Black takes the man on 14
    assert GAME.view(state, 1).to_json()["taken"] == {"black": 1, "white": 0}


@pytest.mark.parametrize(("start", "why"), [
    ("B:W21-32:B1-13", "more than 12 pieces"),
    ("B:W21:B21", "listed twice"),
    ("W:W:B1", "White has no pieces"),
    ("B:WK5:B", "Black has no pieces"),
    ("W:W29:B22,25", "White, to move, has no move"),
    ("B:W33:B1", "no square 33"),
])
def test_a_start_the_game_could_not_begin_from_is_refused_with_the_reason(start, why):
    with pytest.raises(RulesError, match=why) as caught:
        Rules(start=start)
    assert str(caught.value).startswith("start: ")
