"""The strong bot: never discards the card just taken, never feeds the opponent's known cards when
an equally good discard is safe, knocks and goes gin, takes a discard that melds, plays whole games
legally, and decides from its view alone (the same view gives the same move, whatever is hidden)."""

from __future__ import annotations

import dataclasses
import random

from gin_helpers import play, start
from test_gin_rules import KNOCKER, MELDED, UP

from parlour.agents import RandomBot, bot_names, make_bot
from parlour.core.driver import Step
from parlour.core.driver import play as play_game
from parlour.core.rng import make_rng
from parlour.games.gin_rummy import GAME, GinView, Rules
from parlour.games.gin_rummy.bots import SimpleBot
from parlour.games.gin_rummy.deck import INDEX, mask_of, parse_cards
from parlour.games.gin_rummy.notation import Discard, Gin, Knock
from parlour.games.gin_rummy.strong import Model, StrongBot, strong_move


def choice(state) -> str:
    (seat,) = GAME.to_act(state)
    move = StrongBot().choose(GAME, GAME.view(state, seat), GAME.legal_moves(state, seat), random.Random(0))
    return GAME.format_move(state, seat, move)


def test_registered_last_as_the_strongest():
    assert bot_names(GAME)[-1] == "strong"
    assert isinstance(make_bot(GAME, "strong", Rules()), StrongBot)


def test_takes_the_up_card_that_completes_a_meld():
    assert choice(start(KNOCKER, f"{MELDED} 9C", "TH")) == "take"  # 7-8-9-10H


def test_refuses_a_useless_high_up_card():
    assert choice(start(KNOCKER, f"{MELDED} 9C", "QD")) == "pass"


def test_knocks_and_goes_gin_in_obvious_cases():
    assert choice(play(start(KNOCKER, f"{MELDED} 9C", UP), "take")).startswith("knock ")
    gin = play(start(KNOCKER, f"{MELDED} 9C", "3S", stock="TH"), "pass", "pass", "draw")
    assert choice(gin) == "gin KS"


def test_never_discards_the_card_just_taken():
    # QD is the worst card left but was just taken from the pile
    state = play(start("AC 2C 3C 4D 5D 6D 7H 8H JD 9S", f"{MELDED} 9C", "QD"), "take")
    taken = choice(state)
    assert taken.startswith("discard ") and taken != "discard QD"


def _feeding_spot():
    """The strong bot (non-dealer) holds KS and KH as equal deadwood; the opponent is known to
    hold JS QS (taken from the pile), so KS would complete their run."""
    state = start("AC 2C 3C 4D 5D 6D KH 8D 4S 2H", "JS QS 9C TC 7S 3H 5H 9H JD 6C", "8C", stock="KS")
    state = play(state, "pass", "pass", "draw")
    return dataclasses.replace(state, known=(mask_of(parse_cards("JS QS")), 0))


def test_does_not_feed_the_opponents_known_cards():
    state = _feeding_spot()
    view = GAME.view(state, 1)
    discards = dict(view.discards)
    ks, kh = parse_cards("KS KH")
    assert discards[ks] == discards[kh]  # an equal alternative exists
    assert SimpleBot().choose(GAME, view, GAME.legal_moves(state, 1), random.Random(0)) == Discard(ks)
    assert choice(state) != "discard KS"
    model = Model(view)
    assert model.danger(INDEX[ks]) > 0.9 > 0.2 > model.danger(INDEX[kh])


def test_the_model_counts_only_unseen_cards():
    view = GAME.view(_feeding_spot(), 1)
    model = Model(view)
    assert model.unseen & (model.hand | model.pile | model.their_known) == 0
    assert model.unseen.bit_count() == 52 - 11 - 1 - 2
    unknown = view.hand_sizes[0] - 2
    assert abs(sum(model.p[c] for c in range(52) if model.unseen >> c & 1) - unknown) < 1e-6


def _check_steps(seat: int, steps: list[Step]) -> None:
    rng = random.Random(5)
    for step in steps:
        if step.seat != seat:
            continue
        view = GAME.view(step.before, seat)
        legal = GAME.legal_moves(step.before, seat)
        assert strong_move(view, legal) == step.action  # it runs from game.view(state, seat)
        if view.taken is not None and isinstance(step.action, (Discard, Knock, Gin)):
            assert step.action.card != view.taken
        hidden = GAME.resample_hidden(step.before, seat, rng)  # other cards, the same view
        assert strong_move(GAME.view(hidden, seat), GAME.legal_moves(hidden, seat)) == step.action


def test_plays_whole_games_legally_from_its_view_alone():
    seen: list[object] = []

    class Spy(StrongBot):
        def choose(self, game, view, legal, rng):
            seen.append(view)
            return super().choose(game, view, legal, rng)

    for seed, other in ((1, SimpleBot()), (2, RandomBot()), (3, SimpleBot())):
        for seat in (0, 1):
            bots = [other, other]
            bots[seat] = Spy()
            seen.clear()
            steps: list[Step] = []
            result = play_game(GAME, Rules(), bots, make_rng(seed), on_step=steps.append)
            assert GAME.is_terminal(result.state) and seen
            assert all(isinstance(v, GinView) and v.seat == seat for v in seen)
            if seed == 1:
                _check_steps(seat, steps[:400])


def test_beats_random_play():
    # a smoke check only: the measure against simple is bench/bench_gin_strong.py
    wins = 0
    for seed in range(4):
        for seat in (0, 1):
            bots: list[StrongBot | RandomBot] = [RandomBot(), RandomBot()]
            bots[seat] = StrongBot()
            state = play_game(GAME, Rules(target=50), bots, make_rng(100 + seed)).state
            wins += seat in GAME.winners(state)
    assert wins >= 7
