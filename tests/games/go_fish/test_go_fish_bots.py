"""The Go Fish bots: ``memory`` and ``strong`` return legal moves in every kind of game, see only
their views, the memory bot asks where a card is known to be, and the strong bot's card-location
model adds up, knows what is known, rules out what "Go fish!" ruled out and agrees with a count
by brute force."""

from __future__ import annotations

import dataclasses
import itertools
import random
import tracemalloc

import pytest

from parlour.agents import bot_names, make_bot
from parlour.core.cards import Card, Rank, parse_cards
from parlour.core.driver import play
from parlour.core.protocol import CHANCE
from parlour.core.rng import make_rng
from parlour.games.go_fish import GAME, Act, Ask, Ending, Event, Phase, Rules, State, Table
from parlour.games.go_fish.bots.memory import MemoryBot, memory_move
from parlour.games.go_fish.bots.strong import StrongBot, evaluate, model
from parlour.games.go_fish.bots.strong.model import BOOKS, locate
from parlour.games.go_fish.deck import RANK_MASKS
from parlour.games.go_fish.track import STOCK, track
from parlour.games.go_fish.view import known_cards

CASES = [(Rules(), 2), (Rules(), 4), (Rules(), 6), (Rules(ending=Ending.DRAW_ON), 3),
         (Rules(ending=Ending.ALL_BOOKS), 2), (Rules(ending=Ending.ALL_BOOKS, hand_size=7), 5)]
IDS = [f"{r.ending.value}-{r.hand_size}-{n}p" for r, n in CASES]


def random_states(rules: Rules, players: int, seed: int, every: int = 3) -> list[State]:
    """Every ``every``-th position of a game of random asks at which a player is to ask."""
    rng = random.Random(seed)
    state = GAME.initial_state(rules, players)
    out = []
    while actors := GAME.to_act(state):
        if actors == (CHANCE,):
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        if len(state.history) % every == 0:
            out.append(state)
        seat = actors[0]
        state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    return out


def mask(text: str) -> int:
    return sum(1 << c.index for c in parse_cards(text))


def index(card: str) -> int:
    return Card.parse(card).index


def where_truly(state: State, card: int) -> int:
    for seat, hand in enumerate(state.hands):
        if hand >> card & 1:
            return seat
    return STOCK if card in state.stock else BOOKS


def test_the_bots_on_offer_weakest_first():
    assert bot_names(GAME) == ("random", "memory", "strong")
    assert isinstance(make_bot(GAME, "memory", Rules()), MemoryBot)
    assert isinstance(make_bot(GAME, "strong", Rules()), StrongBot)


@pytest.mark.parametrize(("rules", "players"), CASES, ids=IDS)
def test_the_bots_return_legal_moves_and_finish_games(rules, players):
    for state in random_states(rules, players, seed=players, every=4):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_moves(state, seat)
        for bot in (MemoryBot(), StrongBot()):
            assert bot.choose(GAME, GAME.view(state, seat), legal, random.Random(0)) in legal
    for seed in range(2):
        bots = [StrongBot() if s % 2 == seed else MemoryBot() for s in range(players)]
        result = play(GAME, rules, bots, make_rng(seed))  # the driver checks every move
        assert GAME.is_terminal(result.state)


@pytest.mark.parametrize(("rules", "players"), CASES, ids=IDS)
def test_the_bots_see_only_their_views(rules, players):
    """States that differ only in what the seat cannot see: the same view, the same choice, the
    same model."""
    rng = random.Random(5)
    changed = 0
    for state in random_states(rules, players, seed=10 + players, every=9):
        (seat,) = GAME.to_act(state)
        view = GAME.view(state, seat)
        legal = GAME.legal_moves(state, seat)
        choices = {(MemoryBot().choose(GAME, view, legal, rng), StrongBot().choose(GAME, view, legal, rng))}
        model = locate(track(view)).dist
        for _ in range(3):
            other = GAME.resample_hidden(state, seat, rng)
            changed += other.hands != state.hands or other.stock != state.stock
            other_view = GAME.view(other, seat)
            assert other_view == view
            assert GAME.legal_moves(other, seat) == legal
            choices.add((MemoryBot().choose(GAME, other_view, legal, rng),
                         StrongBot().choose(GAME, other_view, legal, rng)))
            assert locate(track(other_view)).dist == model
        assert len(choices) == 1
    assert changed > 10


@pytest.mark.parametrize(("rules", "players"), CASES, ids=IDS)
def test_the_card_location_model_adds_up_and_knows_what_is_known(monkeypatch, rules, players):
    # Counts of up to 50,000 listed cells a step are exact (``bots.strong.listed``), the rest
    # loosened: both are tried, and the test stays quick.
    monkeypatch.setattr(model, "MAX_LISTED", 50000)
    for state in random_states(rules, players, seed=20 + players, every=5):
        known = known_cards(state)
        for seat in range(players):
            view = GAME.view(state, seat)
            k = track(view)
            for s in range(players):  # the slots and known cards make up each hand
                assert k.hidden(s) + k.known[s].bit_count() == view.hand_sizes[s]
                assert k.known[s] == known[s]
            loc = locate(k)
            assert loc.consistent
            for card in range(52):
                chances = loc.where(card)
                assert sum(chances.values()) == pytest.approx(1.0, abs=1e-9)
                assert all(0 < p <= 1 + 1e-9 for p in chances.values())
                truth = where_truly(state, card)
                assert chances.get(truth, 0.0) > 0  # the truth is never ruled out
                if truth in (seat, BOOKS) or (truth >= 0 and known[truth] >> card & 1):
                    assert chances == {truth: 1.0}
            for s in range(players):
                for r in range(13):
                    dist = loc.count(s, r)
                    assert sum(dist) == pytest.approx(1.0, abs=1e-9)
                    assert sum(n * p for n, p in enumerate(dist)) == pytest.approx(  # fitted: about
                        (loc.known[s] & RANK_MASKS[r]).bit_count() + loc.expected(s, r),
                        abs=1e-6 if loc.exact else 0.05)


def zeros(view, seat: int) -> set[Rank]:
    """The ranks ``seat`` said "Go fish!" for (or handed over) with no unseen card drawn since."""
    out: set[Rank] = set()
    for event in view.history:
        if event.act is Act.ASK and event.target == seat:
            out.add(event.rank)
        elif event.act in (Act.FISH, Act.DRAW) and event.seat == seat and not event.lucky:
            out = set()
    return out


@pytest.mark.parametrize(("rules", "players"), CASES[:4], ids=IDS[:4])
def test_go_fish_rules_the_rank_out_until_the_player_draws(monkeypatch, rules, players):
    # The tracking is on trial: large counts are loosened (quicker), as before the listed count.
    monkeypatch.setattr(model, "MAX_LISTED", 1)
    checked = 0
    for state in random_states(rules, players, seed=30 + players, every=2):
        for seat in range(players):
            view = GAME.view(state, seat)
            loc = locate(track(view))
            for other in range(players):
                if other == seat:
                    continue
                for rank in zeros(view, other):
                    r = rank.number - 1
                    assert loc.holds(other, r) == 0
                    for card in range(52):
                        if RANK_MASKS[r] >> card & 1:
                            assert loc.where(card).get(other, 0.0) == 0
                    checked += 1
    assert checked > 20


# ---- a tiny position, counted by hand -------------------------------------------------------
def tiny() -> State:
    """Two players dealt five each; I (seat 0) have booked fives to kings (the history says so),
    so only aces to fours are in play.  Then: seat 1 asked me for aces and got AC; I asked seat
    1 for twos: "Go fish!", and I drew 3C; seat 1 asked me for fours: "Go fish!", and it drew
    one card.  Seat 1 holds AC and six unseen cards; the stock five."""
    books = [Rank(v) for v in "56789TJQK"]
    history = [Event(Act.BOOK, 0, None, r, tuple(Card.parse(r.value + s) for s in "CDHS")) for r in books]
    history += [
        Event(Act.ASK, 1, 0, Rank.ACE, (Card.parse("AC"),)),
        Event(Act.ASK, 0, 1, Rank.TWO),
        Event(Act.FISH, 0, None, Rank.TWO),
        Event(Act.ASK, 1, 0, Rank.FOUR),
        Event(Act.FISH, 1, None, Rank.FOUR),
    ]
    return State(table=Table(rules=Rules(hand_size=5), players=2, dealer=1, phase=Phase.PLAY),
                 hands=(mask("2C 2D 3C 3D"), mask("AC AD AH 3H 3S 4C 2H")),
                 stock=tuple(c.index for c in parse_cards("AS 2S 4D 4H 4S")),
                 books=(tuple(books), ()), current=0, history=tuple(history),
                 drawn=((index("3C"),), (index("2H"),)))


def test_the_model_matches_brute_force_on_a_tiny_position():
    state = tiny()
    view = GAME.view(state, 0)
    loc = locate(track(view))
    assert loc.exact
    unknown = [c.index for c in parse_cards("AD AH AS 2H 2S 3H 3S 4C 4D 4H 4S")]
    # every deal the history allows, each as likely: seat 1's five dealt cards (no twos: it
    # said "Go fish!" for them), the card it drew (anything), the rest in the stock; seat 1
    # holds an ace and a four it did not get from me (it asked for them), and never all four
    # of a rank (with AC: the three other aces, or the four fours)
    at_seat = dict.fromkeys(unknown, 0)
    counts = {r: [0] * 5 for r in range(4)}
    total = booked = 0
    no_twos = [c for c in unknown if c % 13 != 1]
    for dealt in itertools.combinations(no_twos, 5):
        for drawn in unknown:
            if drawn in dealt:
                continue
            hidden = (*dealt, drawn)
            if not any(c % 13 == 0 for c in hidden) or not any(c % 13 == 3 for c in hidden):
                continue
            if any(sum(1 for c in hidden if c % 13 == r) + (r == 0) == 4 for r in range(4)):
                booked += 1
                continue
            total += 1
            for c in hidden:
                at_seat[c] += 1
            for r in range(4):
                counts[r][sum(1 for c in hidden if c % 13 == r) + (r == 0)] += 1  # + the known AC
    assert total > 100 and booked > 20  # the cap matters here
    for card in unknown:
        chances = loc.where(card)
        assert chances.get(1, 0.0) == pytest.approx(at_seat[card] / total, abs=1e-9)
        assert chances.get(STOCK, 0.0) == pytest.approx(1 - at_seat[card] / total, abs=1e-9)
    for r in range(4):
        assert loc.count(1, r) == pytest.approx([n / total for n in counts[r]], abs=1e-9)
    assert loc.where(Card.parse("AC").index) == {1: 1.0}
    assert loc.where(Card.parse("3C").index) == {0: 1.0}
    assert loc.where(Card.parse("KH").index) == {BOOKS: 1.0}
    # the twos: ruled out of the dealt cards, not of the card drawn since
    assert 0 < loc.where(Card.parse("2H").index)[1] < 0.5


def test_go_fish_rules_a_rank_out_before_the_player_draws():
    state = tiny()
    before = dataclasses.replace(state, history=state.history[:-2], drawn=(state.drawn[0], ()),
                                 hands=(state.hands[0], mask("AC AD AH 3H 3S 4C")),
                                 stock=(Card.parse("2H").index, *state.stock), current=1)
    loc = locate(track(GAME.view(before, 0)))
    assert loc.holds(1, 1) == 0
    assert all(1 not in loc.where(c.index) for c in parse_cards("2H 2S"))


# ---- the memory bot -------------------------------------------------------------------------
def three_players(history: bool = True) -> State:
    """Seat 0 (to ask) holds 5C 6C 7H 9D JD.  With ``history``: seat 1 asked seat 2 for sevens
    ("Go fish!", it drew 3C), then seat 2 asked seat 0 for queens ("Go fish!", it drew 4D).
    The rest of the deck is the stock."""
    hands = [mask("5C 6C 7H 9D JD"), mask("7S 7D 2C 8H KC"), mask("5D KH QS 8C TH")]
    events: tuple[Event, ...] = ()
    drawn: tuple[tuple[int, ...], ...] = ((), (), ())
    if history:
        hands[1] |= mask("3C")
        hands[2] |= mask("4D")
        events = (Event(Act.ASK, 1, 2, Rank.SEVEN), Event(Act.FISH, 1, None, Rank.SEVEN),
                  Event(Act.ASK, 2, 0, Rank.QUEEN), Event(Act.FISH, 2, None, Rank.QUEEN))
        drawn = ((), (index("3C"),), (index("4D"),))
    held = hands[0] | hands[1] | hands[2]
    stock = tuple(i for i in range(52) if not held >> i & 1)
    return State(table=Table(rules=Rules(), players=3, dealer=2, phase=Phase.PLAY), hands=tuple(hands),
                 stock=stock, books=((), (), ()), current=0, history=events, drawn=drawn)


def test_the_memory_bot_asks_where_a_card_is_known_to_be():
    # seat 1 asked for sevens, so it holds one: ask it; with nothing known, the first of the
    # longest ranks from the first of the players with most cards
    state = three_players()
    assert memory_move(GAME.view(state, 0), GAME.legal_moves(state, 0)) == Ask(1, Rank.SEVEN)
    plain = three_players(history=False)
    assert memory_move(GAME.view(plain, 0), GAME.legal_moves(plain, 0)) == Ask(1, Rank.FIVE)
    # seat 2 asks seat 1 for nines and is handed two: it holds three at least, more than seat 1's
    # one seven
    nines = Event(Act.ASK, 2, 1, Rank.NINE, tuple(parse_cards("9C 9S")))
    state = dataclasses.replace(state, hands=(state.hands[0], state.hands[1], state.hands[2] | mask("9C 9S")),
                                history=(*state.history, nines))
    assert memory_move(GAME.view(state, 0), GAME.legal_moves(state, 0)) == Ask(2, Rank.NINE)
    # ... and seat 1, having handed over its nines, is not asked for them


def test_the_memory_bot_avoids_a_player_known_to_have_none():
    hands = (mask("5C 6C"), mask("2C 3C 4C"), mask("2D 3D 4D KH KS"))
    plain = State(table=Table(rules=Rules(), players=3, dealer=2, phase=Phase.PLAY), hands=hands, stock=(),
                  books=((), (), ()), current=0, drawn=((), (), ()))
    legal = [Ask(1, Rank.FIVE), Ask(2, Rank.FIVE)]  # (a bot takes any list of legal moves)
    assert memory_move(GAME.view(plain, 0), legal) == Ask(2, Rank.FIVE)  # the most cards
    # I asked seat 2 for fives: "Go fish!" (and drew 6C); now seat 1 is asked
    gap = dataclasses.replace(plain, drawn=((index("6C"),), (), ()),
                              history=(Event(Act.ASK, 0, 2, Rank.FIVE), Event(Act.FISH, 0, None, Rank.FIVE)))
    assert memory_move(GAME.view(gap, 0), legal) == Ask(1, Rank.FIVE)
    # once seat 2 draws a card it may hold a five again
    drew = dataclasses.replace(gap, history=(*gap.history, Event(Act.DRAW, 2)),
                               drawn=((index("6C"),), (), (index("KS"),)))
    assert memory_move(GAME.view(drew, 0), legal) == Ask(2, Rank.FIVE)


# ---- the strong bot -------------------------------------------------------------------------
def test_the_strong_bot_asks_where_a_card_surely_is():
    state = three_players()
    legal = GAME.legal_moves(state, 0)
    scores = evaluate(GAME.view(state, 0), legal)
    assert len(scores) == len(legal)
    # seat 1 surely holds a seven: the sure ask beats every blind one
    assert StrongBot().choose(GAME, GAME.view(state, 0), legal, random.Random(0)) == Ask(1, Rank.SEVEN)
    assert max(scores) == scores[legal.index(Ask(1, Rank.SEVEN))]


def test_the_strong_bots_decision_keeps_to_its_memory_budget():
    """The heaviest six-player position measured (``bench/bots_budget.py``): the strong bot's
    decision allocates at most 256 MB at its peak within its default budget (it took about 500 MB
    with 2,000,000 listed cells a step and no total, before 2026-11-27), and still chooses an ask."""
    state = random_states(Rules(), 6, seed=1, every=2)[10]
    (seat,) = GAME.to_act(state)
    view, legal = GAME.view(state, seat), GAME.legal_moves(state, seat)
    tracemalloc.start()
    try:
        move = StrongBot().choose(GAME, view, legal, random.Random(0))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert move in legal
    assert peak < 256 * 2**20, f"the decision took {peak / 2**20:.0f} MB at its peak"
