"""The strong bot: never discards the card just taken, never feeds the opponent's known cards when
an equally good discard is safe, keeps the cards that can still meld, knocks and goes gin, takes a
discard that melds, plays whole games legally, and decides from its view alone (the same view gives
the same move, whatever is hidden); its fast helpers agree with the meld code."""

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
from parlour.games.gin_rummy.bots.strong import (
    Model,
    StrongBot,
    completing,
    least_left,
    strong_move,
    top_value,
)
from parlour.games.gin_rummy.deck import INDEX, VALUE, mask_of, parse_cards
from parlour.games.gin_rummy.melds import deadwood, discard_deadwoods, meldable
from parlour.games.gin_rummy.moves import Discard, Gin, Knock
from parlour.games.gin_rummy.state import Phase


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


def test_keeps_the_high_card_that_can_still_meld():
    # QH KH can become a run, JS cannot (nothing near it in hand): all three leave 15 deadwood
    state = play(start("AC 2C 3C 4D 5D 6D QH KH JS 2H", "5C 6C 7S 8S 9C TC 4H 5H 9D TD", "8C",
                       stock="3S"), "pass", "pass", "draw")
    view = GAME.view(state, 1)
    assert SimpleBot().choose(GAME, view, GAME.legal_moves(state, 1), random.Random(0)) == Discard(
        parse_cards("KH")[0])  # the highest of equals
    assert choice(state) == "discard JS"
    model = Model(view)
    qh, kh, js = (INDEX[c] for c in parse_cards("QH KH JS"))
    assert model.after_draw(model.hand ^ 1 << js) < model.after_draw(model.hand ^ 1 << kh)
    assert model.after_draw(model.hand ^ 1 << qh) == model.after_draw(model.hand ^ 1 << kh)


def test_the_fast_helpers_agree_with_the_meld_code():
    rng = random.Random(3)
    for _ in range(3000):
        hand = 0
        if rng.random() < 0.5:  # a run and a set, so that breaking a meld is sometimes best
            suit, low = rng.randrange(4), rng.randrange(9)
            for k in range(rng.randrange(3, 6)):
                hand |= 1 << (suit * 13 + low + k)
            rank = rng.randrange(13)
            for s in rng.sample(range(4), 3):
                hand |= 1 << (s * 13 + rank)
        while hand.bit_count() < 11:
            hand |= 1 << rng.randrange(52)
        assert least_left(hand) == min(left for _, left in discard_deadwoods(hand))
        assert top_value(hand) == max(VALUE[c] for c in range(52) if hand >> c & 1)
    assert top_value(0) == 0


def test_completing_finds_the_cards_that_would_meld():
    rng = random.Random(8)
    for _ in range(3000):
        hand = 0
        for c in rng.sample(range(52), rng.randrange(2, 12)):
            hand |= 1 << c
        want = sum(1 << c for c in range(52) if not hand >> c & 1 and meldable(hand | 1 << c) >> c & 1)
        assert completing(hand) == want


def _discard_views() -> list[GinView]:
    """The strong bot's views at its discards in a few games against ``simple``."""
    views: list[GinView] = []

    class Spy(StrongBot):
        def choose(self, game, view, legal, rng):
            if view.phase is Phase.DISCARD and view.hand is not None and len(view.hand) == 11:
                views.append(view)
            return super().choose(game, view, legal, rng)

    for seed in (4, 5):
        play_game(GAME, Rules(target=60), [Spy(), SimpleBot()], make_rng(seed))
    return views


def _expected(model: Model, value) -> float:
    """The mean of ``value(card)`` over the stock draws, weighed as the model weighs them."""
    return sum(w * value(c) for c, w in model.stock_weights) / model.stock_total


def _check_look_ahead(model: Model, ten: int) -> None:
    limit = model.knock_limit
    now, top = deadwood(ten), top_value(ten & ~meldable(ten))

    def first(c: int) -> float:
        """One draw: the best discard of the eleven cards when the card drawn melds, else the
        loose card of highest value (or the card drawn)."""
        if meldable(ten | 1 << c) >> c & 1:
            return model.stepped(min(left for _, left in discard_deadwoods(ten | 1 << c)))
        return model.stepped(now - max(0, top - VALUE[c]))

    def second(c: int) -> float:
        """Two draws: a knock where one is possible, else the best of all the discards."""
        eleven = ten | 1 << c
        options = sorted(discard_deadwoods(eleven), key=lambda o: o[1])
        if options[0][1] <= limit:
            return options[0][1]
        return min(model.after_draw(eleven ^ 1 << d) + model.feed * model.danger(d) for d, _ in options)

    assert abs(model.after_draw(ten) - _expected(model, first)) < 1e-9
    # the look two draws ahead tries a few of the discards: never better than the best of all
    assert model.after_two(ten) >= _expected(model, second) - 1e-9


def test_the_look_ahead_scores_agree_with_the_plain_formulas():
    views = _discard_views()
    assert len(views) > 30
    for view in views[::3]:
        model = Model(view)
        for card, _ in discard_deadwoods(model.hand)[:4]:
            _check_look_ahead(model, model.hand ^ 1 << card)


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
