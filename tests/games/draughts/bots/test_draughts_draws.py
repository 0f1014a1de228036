"""The bots' draw policy (``bots/draws.py``): they offer draws in dead positions and accept them at
sensible evaluations, so that games between bots end under the manual's rules (a draw only by
agreement); and the driver's move cap, which stops a game unfinished."""

from __future__ import annotations

import random

import pytest

from parlour.agents import make_bot
from parlour.agents.simulate import simulate
from parlour.core.driver import play
from parlour.core.rng import make_rng
from parlour.games.draughts import GAME, Ending, Rules, State
from parlour.games.draughts.bots import RandomBot
from parlour.games.draughts.bots.draws import GIVE_UP, STRETCH
from parlour.games.draughts.bots.levels import make_level_bot

KINGS = ("1-5", "32-28", "5-1", "28-32")
"""A king each going round: Black's on 1, White's on 32."""
AHEAD = ("1-5", "28-24", "5-1", "24-28")
"""Black's king on 1 against White's kings on 32 and 28 (White a king ahead)."""


def choice(bot, state: State) -> str:
    (seat,) = GAME.to_act(state)
    chosen = bot.choose(GAME, GAME.view(state, seat), GAME.legal_moves(state, seat), random.Random(3))
    return GAME.format_move(state, seat, chosen)


def round_and_round(table, state: State, moves: tuple[str, ...], plies: int) -> State:
    for n in range(plies):
        state = table.act(state, moves[n % len(moves)])
    assert not state.over and state.quiet == plies
    return state


# ---- the random bot: plainly --------------------------------------------------------------------


def test_the_random_bot_never_resigns_and_offers_a_draw_with_level_kings_only(table):
    bot = make_bot(GAME, "random", Rules())
    assert isinstance(bot, RandomBot)
    assert choice(bot, table.setup("B:WK32:BK1")) == "offer draw"
    behind = table.setup("B:WK32,K28:BK1")  # not level: it plays on, at random, never resigning
    assert {choice(make_bot(GAME, "random", Rules()), behind) for _ in range(5)} <= {"1-5", "1-6"}
    rng = random.Random(1)
    picks = {bot.choose(GAME, GAME.view(behind, 0), GAME.legal_moves(behind, 0), rng) for _ in range(40)}
    assert {GAME.format_move(behind, 0, m) for m in picks} == {"1-5", "1-6"}


def test_the_random_bot_offers_after_a_long_stretch_without_progress(table):
    bot = make_bot(GAME, "random", Rules())
    state = table.setup("B:W21,K32:B12,K1")  # level material, men on the board
    assert choice(bot, state) != "offer draw"
    state = round_and_round(table, state, KINGS, STRETCH - 4)
    assert choice(bot, state) != "offer draw"
    state = round_and_round(table, table.setup("B:W21,K32:B12,K1"), KINGS, STRETCH)
    assert choice(bot, state) == "offer draw"


def test_the_random_bot_accepts_unless_a_man_ahead(table):
    bot = make_bot(GAME, "random", Rules())
    assert choice(bot, table.act(table.setup("B:WK32:BK1"), "offer draw")) == "accept"
    # Black offers; White, a king ahead, declines -- until a long stretch has gone by
    assert choice(bot, table.act(table.setup("B:WK32,K28:BK1"), "offer draw")) == "decline"
    stretch = round_and_round(table, table.setup("B:WK32,K28:BK1"), AHEAD, GIVE_UP)
    assert choice(bot, table.act(stretch, "offer draw")) == "accept"


# ---- the engine's levels: by their search's evaluation ---------------------------------------


@pytest.fixture(scope="module")
def club():
    return make_level_bot("club")


def test_a_level_offers_a_draw_in_a_dead_level_position_and_accepts_one(table, club):
    assert choice(club, table.setup("B:WK32:BK1")) == "offer draw"
    assert choice(club, table.act(table.setup("B:WK32:BK1"), "offer draw")) == "accept"


def test_a_level_declines_when_it_stands_better_and_offers_when_worse_off_in_a_repetition(table, club):
    assert choice(club, table.act(table.setup("B:WK32,K28:BK1"), "offer draw")) == "decline"
    assert choice(club, table.act(table.setup("W:WK32,K28:BK1"), "offer draw")) == "accept"
    fresh = table.setup("B:WK32,K28:BK1")
    assert choice(club, fresh) != "offer draw"  # not dead yet: nothing has repeated
    again = round_and_round(table, fresh, AHEAD, 4)  # the start position a second time
    assert again.seen.count(again.position) == 2
    assert choice(club, again) == "offer draw"  # Black, a king down, offers
    white = table.act(again, "1-5")
    assert white.seen.count(white.position) == 2
    assert choice(club, white) != "offer draw"  # White, a king up, plays on


def test_after_a_long_stretch_a_level_takes_the_draw_unless_the_database_sees_a_win(table, club, db3):
    stretch = table.act(round_and_round(table, table.setup("B:WK32,K28:BK1"), AHEAD, GIVE_UP),
                        "offer draw")
    assert choice(club, stretch) == "accept"
    strong = make_level_bot("strong", database=db3)  # two kings against one: a known win
    assert choice(strong, stretch) == "decline"


def test_a_bot_does_not_offer_again_while_its_opponent_works_off_a_declined_offer(table, club):
    state = table.act(table.setup("B:WK32:BK1"), "offer draw", "decline")
    assert state.countdown == (None, 40)
    assert choice(club, state) in ("1-5", "1-6")  # (one offer a turn)
    state = table.act(state, "1-5", "32-28")
    assert "offer draw" in table.moves(state)
    assert choice(club, state) != "offer draw"
    assert choice(make_bot(GAME, "random", Rules()), state) != "offer draw"


# ---- whole games between bots end ----------------------------------------------------------------


def test_random_games_between_bots_end_under_the_manuals_rules():
    rules = Rules()
    endings = set()
    for seed in range(40):
        bots = [make_bot(GAME, "random", rules) for _ in range(2)]
        result = play(GAME, rules, bots, make_rng(seed), max_moves=5000)
        assert result.finished and result.state.over
        endings.add(result.state.ending)
    assert Ending.AGREED in endings and endings & {Ending.NO_PIECES, Ending.NO_MOVES}
    assert Ending.REPETITION not in endings


@pytest.mark.parametrize(("start", "levels"), [
    ("B:WK32:BK1", ("club", "random")),
    ("B:WK32,K28:BK1", ("beginner", "casual")),
    ("", ("beginner", "casual")),
])
def test_games_between_the_levels_end(start, levels):
    rules = Rules(start=start)
    for seed in range(2):
        bots = [make_bot(GAME, name, rules) for name in levels]
        result = play(GAME, rules, bots, make_rng(seed), max_moves=2000)
        assert result.finished and result.state.over


def test_two_bots_with_level_kings_agree_a_draw_at_once():
    rules = Rules(start="B:WK32:BK1")
    result = play(GAME, rules, [make_bot(GAME, "beginner", rules), make_bot(GAME, "club", rules)],
                  make_rng(1))
    assert result.state.ending is Ending.AGREED
    assert [e.action for e in result.record.entries[1:]] == ["offer draw", "accept"]


# ---- the driver's cap ----------------------------------------------------------------------------


def test_the_drivers_cap_stops_a_game_unfinished_with_no_result():
    rules = Rules()
    bots = [make_bot(GAME, "random", rules) for _ in range(2)]
    result = play(GAME, rules, bots, make_rng(4), max_moves=10)
    assert not result.finished and not result.state.over and GAME.to_act(result.state)
    assert GAME.returns(result.state) == (0.0, 0.0) and GAME.winners(result.state) == ()
    assert len(result.record.entries) == 11  # the coin toss, then ten moves
    assert result.record.final_state() == result.state
    whole = play(GAME, rules, bots, make_rng(4))
    assert whole.finished and whole.state.over
    assert whole.record.entries[:11] == result.record.entries


def test_a_simulation_counts_capped_games_as_unfinished_and_won_by_nobody():
    capped = simulate(GAME, Rules(), ["random", "random"], games=3, seed=1, max_moves=6)
    assert capped.unfinished == 3 and capped.to_json()["unfinished"] == 3
    assert all(seat.wins == 0 and seat.returns == 0 for seat in capped.seats)
    whole = simulate(GAME, Rules(), ["random", "random"], games=3, seed=1)
    assert whole.unfinished == 0 and sum(seat.wins for seat in whole.seats) > 0
