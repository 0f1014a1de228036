"""The simple bot: takes a discard only to complete a meld, discards for the least deadwood
(never the card just taken), knocks at once, lays off the best; and it sees only its view."""

from __future__ import annotations

import random

from gin_helpers import legal, play, start
from test_gin_rules import KNOCKER, MELDED, UP

from parlour.agents import RandomBot, bot_names, make_bot
from parlour.core.driver import play as play_game
from parlour.core.rng import make_rng
from parlour.games.gin_rummy import GAME, GinView, Rules
from parlour.games.gin_rummy.bots import SimpleBot


def choice(state, bot=None) -> str:
    (seat,) = GAME.to_act(state)
    bot = bot or SimpleBot()
    move = bot.choose(GAME, GAME.view(state, seat), GAME.legal_moves(state, seat), random.Random(0))
    return GAME.format_move(state, seat, move)


def test_the_bots_on_offer():
    assert bot_names(GAME) == ("random", "simple", "strong")
    assert isinstance(make_bot(GAME, "simple", Rules()), SimpleBot)


def test_takes_the_up_card_only_if_it_completes_a_meld():
    assert choice(start(KNOCKER, f"{MELDED} 9C", "TH")) == "take"  # 7-8-9-10H
    assert choice(start(KNOCKER, f"{MELDED} 9C", "9D")) == "pass"
    assert choice(play(start(KNOCKER, f"{MELDED} 9C", "9D"), "pass")) == "pass"  # the dealer too
    # ... then the non-dealer must draw
    assert choice(play(start(KNOCKER, f"{MELDED} 9C", "9D"), "pass", "pass")) == "draw"


def test_draws_from_the_stock_unless_the_top_discard_completes_a_meld():
    base = play(start(KNOCKER, f"{MELDED} 9C", "9D", stock="5H"), "pass", "pass", "draw")
    assert choice(play(base, "discard 5H")) == "draw"  # 5H makes no meld for the dealer
    assert choice(play(base, "discard KS")) == "take"  # KS: JS QS KS


def test_discards_for_the_least_deadwood_and_never_the_card_just_taken():
    # a person took the up-card QD; QD is the highest card but may not go back
    state = play(start("AC 2C 3C 4D 5D 6D 7H 8H JD 9S", f"{MELDED} 9C", "QD"), "take")
    assert choice(state) == "discard JD"
    assert "discard QD" not in legal(state)


def test_knocks_as_soon_as_it_can_and_goes_gin_when_it_can():
    assert choice(play(start(KNOCKER, f"{MELDED} 9C", UP), "take")) == "knock KS"
    gin = play(start(KNOCKER, f"{MELDED} 9C", "3S", stock="TH"), "pass", "pass", "draw")
    assert choice(gin) == "gin KS"


def test_lays_off_the_best():
    state = play(start(KNOCKER, "2D 2H 2S JC QC KC TH JH 3D 9S", UP), "take", "knock KS")
    assert choice(state) == "lay off best"


def test_the_bot_is_given_only_views_and_plays_whole_games():
    seen: list[object] = []

    class Spy(SimpleBot):
        def choose(self, game, view, legal, rng):
            seen.append(view)
            return super().choose(game, view, legal, rng)

    result = play_game(GAME, Rules(), [Spy(), RandomBot()], make_rng(1))
    assert GAME.is_terminal(result.state) and seen
    assert all(isinstance(v, GinView) and v.seat == 0 for v in seen)


def test_the_simple_bot_beats_random_play():
    bots = [SimpleBot(), RandomBot()]
    games = [play_game(GAME, Rules(target=50), bots, make_rng(seed)).state for seed in range(10)]
    wins = sum(0 in GAME.winners(state) for state in games)
    assert wins >= 9


def test_the_advisor_ranks_every_move_by_deadwood_and_a_knock_first():
    state = play(start(KNOCKER, f"{MELDED} 9C", UP), "take")
    hint = GAME.advise(state, 1)
    assert hint is not None and len(hint.options) == len(GAME.legal_moves(state, 1))
    assert GAME.format_move(state, 1, hint.options[0].move) == "knock KS"
    offer = GAME.advise(start(KNOCKER, f"{MELDED} 9C", "TH"), 1)
    assert offer is not None and GAME.format_move(state, 1, offer.options[0].move) == "take"
    drawing = GAME.advise(play(start(KNOCKER, f"{MELDED} 9C", "9D", stock="5H"), "pass", "pass", "draw",
                               "discard 5H"), 0)
    assert drawing is not None
    assert {GAME.format_move(state, 0, o.move) for o in drawing.options} == {"draw", "take"}
    lay = GAME.advise(play(start(KNOCKER, "2D 2H 2S JC QC KC TH JH 3D 9S", UP), "take", "knock KS"), 0)
    assert lay is not None and "deadwood 9" in lay.options[0].explanation
