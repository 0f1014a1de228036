"""The dominoes bots: only legal moves in every variant, decisions from the view alone, the
heuristic's documented preferences, the strong bot's search and its sampler of consistent deals."""

from __future__ import annotations

import dataclasses
import random

import pytest

from parlour.agents import bot_names, make_bot
from parlour.core.protocol import CHANCE
from parlour.core.rng import make_rng
from parlour.core.tiles import Tile, double_six_set
from parlour.games.dominoes import GAME, End, Event, Knock, Phase, Placed, Play, Rules, State
from parlour.games.dominoes.bots.heuristic import HeuristicBot, heuristic_move
from parlour.games.dominoes.bots.strong import StrongBot, strong_move
from parlour.games.dominoes.bots.strong.model import likelihood, play_history
from parlour.games.dominoes.bots.strong.search import Payoff, Search
from parlour.games.dominoes.tileset import mask_of

TILES = double_six_set()
VARIANTS = [
    (Rules(), 2),
    (Rules(), 3),
    (Rules(), 4),
    (Rules(partnerships=False), 4),
    (Rules(both_chip_out=True), 4),
    (Rules(hand_size=7), 4),
    (Rules(hand_size=7), 3),
]


def small_strong() -> StrongBot:
    return StrongBot(samples=4, budget=400)


def positions(rules: Rules, players: int, seed: int, hands: int = 2):
    """Every decision of a few hands played by random bots: (state, seat)."""
    rng = make_rng(seed)
    state = GAME.initial_state(rules, players)
    played = 0
    while played < hands and state.phase is not Phase.OVER:
        if state.phase is Phase.DRAW:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        seat = state.current
        yield state, seat
        legal = GAME.legal_moves(state, seat)
        state = GAME.apply(state, seat, rng.choice(legal))
        if state.phase is not Phase.PLAY:
            played += 1


def test_registered_weakest_first():
    assert tuple(bot_names(GAME)) == ("random", "heuristic", "strong")
    assert isinstance(make_bot(GAME, "heuristic", Rules()), HeuristicBot)
    assert isinstance(make_bot(GAME, "strong", Rules()), StrongBot)


@pytest.mark.parametrize(("rules", "players"), VARIANTS)
def test_bots_choose_only_legal_moves(rules, players):
    bots = [HeuristicBot(), small_strong()]
    rng = random.Random(5)
    checked = 0
    for state, seat in positions(rules, players, seed=players * 10 + rules.hand_size, hands=3):
        legal = GAME.legal_moves(state, seat)
        view = GAME.view(state, seat)
        for bot in bots:
            assert bot.choose(GAME, view, legal, rng) in legal
            checked += 1
    assert checked >= 30


@pytest.mark.parametrize(("rules", "players"), [(Rules(), 2), (Rules(), 4), (Rules(hand_size=7), 3)])
def test_whole_games_between_the_bots_finish(rules, players):
    from parlour.core.driver import play

    bots = [small_strong() if s % 2 == 0 else HeuristicBot() for s in range(players)]
    state = play(GAME, dataclasses.replace(rules, target=30), bots, make_rng(3)).state
    assert state.phase is Phase.OVER and max(state.scores) >= 30


def test_bots_decide_from_the_view_alone():
    """Two states that differ only in what the seat cannot see give it the same view and the
    same move (from the same rng)."""
    compared = differ = 0
    for rules, players in [(Rules(), 2), (Rules(), 4)]:
        for state, seat in positions(rules, players, seed=11, hands=2):
            other = GAME.resample_hidden(state, seat, random.Random(compared))
            assert other.hands[seat] == state.hands[seat]
            differ += other.hands != state.hands
            view = GAME.view(state, seat)
            assert GAME.view(other, seat) == view
            legal = GAME.legal_moves(state, seat)
            assert GAME.legal_moves(other, seat) == legal
            for bot in (HeuristicBot(), small_strong()):
                first = bot.choose(GAME, view, legal, random.Random(1))
                second = bot.choose(GAME, GAME.view(other, seat), legal, random.Random(1))
                assert first == second
            compared += 1
    assert compared > 20 and differ > 10


# ---- constructed positions ----------------------------------------------------------------


def position(hands: dict[int, str], ends_line: tuple[str, str, str], events: tuple[Event, ...] = (),
             players: int = 2, rules: Rules | None = None, current: int = 0) -> State:
    """A hand in play: ``hands`` by seat (the rest of the set sleeps), the line as (lead double,
    left arm, right arm), each arm's tiles from the lead outward (laid by seat 1)."""
    rules = rules or Rules()
    lead_tile = Tile.parse(ends_line[0])
    lead = Placed(lead_tile, 1, lead_tile.high)
    arms = []
    for text in ends_line[1:]:
        outer, arm = lead_tile.high, []
        for word in text.split():
            tile = Tile.parse(word)
            outer = tile.other(outer)
            arm.append(Placed(tile, 1, outer))
        arms.append(tuple(arm))
    masks = tuple(mask_of([Tile.parse(w) for w in hands.get(s, "").split()]) for s in range(players))
    played = mask_of([lead_tile, *(p.tile for arm in arms for p in arm)])
    sleeping = ((1 << 28) - 1) & ~played
    for m in masks:
        sleeping &= ~m
    sides = 2 if players == 4 and rules.partnerships else players
    return State(rules=rules, players=players, phase=Phase.PLAY, hands=masks, sleeping=sleeping,
                 lead=lead, left=arms[0], right=arms[1], current=current, events=events,
                 out=(False,) * players, scores=(0,) * sides)


def knock(seat: int, a: int, b: int) -> Event:
    return Event(seat, None, None, (a, b))


def test_the_heuristic_plays_the_heavy_tile_first():
    state = position({0: "5|4 5|0 4|1 1|0", 1: "6|6 6|5"}, ("5|5", "", ""))
    legal = GAME.legal_moves(state, 0)
    move = heuristic_move(GAME.view(state, 0), legal)
    assert isinstance(move, Play) and move.tile == Tile(5, 4)


def test_the_heuristic_plays_on_a_number_the_opponent_knocked_on():
    # the ends show 5 and 2; the opponent knocked on 1 and 4: 5|1 leaves a 1 it cannot match
    state = position({0: "5|3 5|1 2|2", 1: "6|6 6|0"}, ("5|5", "", "5|2"), events=(knock(1, 1, 4),))
    legal = GAME.legal_moves(state, 0)
    move = heuristic_move(GAME.view(state, 0), legal)
    assert move == Play(Tile(5, 1), End.LEFT)
    # without the knock it sheds the heavier 5|3
    plain = dataclasses.replace(state, events=())
    assert heuristic_move(GAME.view(plain, 0), legal).tile == Tile(5, 3)


def test_the_heuristic_keeps_the_ends_its_partner_can_play():
    # partners 0 and 2; the partner knocked on 3 and 1: 4|3 (heavier) would leave it a 3
    rules = Rules()
    hands = {0: "4|3 4|2 2|0", 1: "6|6", 2: "5|5 5|0", 3: "6|5"}
    state = position(hands, ("4|4", "", ""), events=(knock(2, 3, 1),), players=4, rules=rules)
    move = heuristic_move(GAME.view(state, 0), GAME.legal_moves(state, 0))
    assert move.tile == Tile(4, 2)


def test_the_strong_bot_finds_the_forced_win():
    """The ends show 5 and 4.  The opponent (one tile) knocked on 0, 1, 2, 4 and 6, so it holds
    3|3 or 5|3.  5|0 (leaving 0 and 4), then 4|0, then 4|3 chips out whatever it holds; the
    heavier 4|3 (leaving 5 and 3) or the first legal play, 4|0 (leaving 5 and 0), would let 5|3
    chip out."""
    events = (knock(1, 0, 1), knock(1, 2, 4), knock(1, 6, 6))
    for opponent in ("5|3", "3|3"):
        state = position({0: "5|0 4|3 4|0", 1: opponent}, ("5|5", "", "5|4"), events=events)
        legal = GAME.legal_moves(state, 0)
        assert [m.tile for m in legal] == [Tile(4, 0), Tile(4, 3), Tile(5, 0)]
        move = StrongBot().choose(GAME, GAME.view(state, 0), legal, random.Random(4))
        assert move == Play(Tile(5, 0), End.LEFT)


@pytest.mark.parametrize(("rules", "players"), VARIANTS)
def test_the_search_plays_by_the_engines_rules(rules, players):
    """The search's plays, next seat and end of a hand (its own plain layout) are the engine's."""
    from parlour.games.dominoes.bots.strong import child_of

    checked = ended = 0
    for state, seat in positions(rules, players, seed=31 + players, hands=3):
        legal = GAME.legal_moves(state, seat)
        if state.ends is None or legal == (Knock(),):
            continue
        sides = GAME.view(state, seat).sides
        search = Search(rules, players, Payoff(sides[seat], state.scores, rules.target), 10, 99)
        left, right = state.ends
        view = GAME.view(state, seat)
        def unordered(play: tuple[int, int, int]) -> tuple[int, int, int]:
            """A play up to the line's mirror image (the search lists one of the two)."""
            index, a, b = play
            return index, min(a, b), max(a, b)

        searched = [unordered(p) for p in search.children(state.hands, seat, left, right)]
        engines = {unordered(child_of(view, m)) for m in legal}
        assert sorted(set(searched)) == sorted(searched) == sorted(engines)
        for move in legal:
            index, new_left, new_right = child_of(view, move)
            after = GAME.apply(state, seat, move)
            hands = tuple(h & ~(1 << index) if s == seat else h for s, h in enumerate(state.hands))
            value = search.finished(hands, seat, new_left, new_right)
            if after.phase is Phase.PLAY:
                assert value is None
                assert search.next_seat(hands, seat) == after.current
            else:
                result = after.sheet[-1]
                assert value == search.payoff.value(result.winner, result.points)
                ended += 1
            checked += 1
    assert checked > 20 and ended > 0


def test_the_search_values_a_known_deal_exactly():
    # 4|1 wins 6 (the opponent's 6|0 is left); 4|6 lets 6|0 chip out: it loses 4|1 + 3|1 = 9
    state = position({0: "4|1 4|6 3|1", 1: "6|0"}, ("4|4", "", ""))
    search = Search(Rules(), 2, Payoff(0, (0, 0), 100), node_limit=10_000, depth_limit=99)
    plays = [(Tile(4, 1).index, 1, 4), (Tile(6, 4).index, 6, 4)]
    assert search.root(state.hands, 0, 4, 4, plays) == [6, -9]
    assert not search.cut
    # score-aware near the target: the opponent reaching 100 is worth far more than 9
    aware = Search(Rules(), 2, Payoff(0, (0, 95), 100, score_aware=True), 10_000, 99)
    assert aware.root(state.hands, 0, 4, 4, plays)[1] < -1000


def test_the_likelihood_favours_deals_where_the_plays_were_heavy():
    # seat 1 laid 2|0 on a 2 when its hand, in deal A, also held 6|2 (heavier) but in deal B did not
    state = position({0: "3|3", 1: "5|5"}, ("2|2", "2|0", ""),
                     events=(Event(1, Tile(2, 2), None, (2, 2)), Event(1, Tile(2, 0), End.LEFT, (0, 2))))
    view = GAME.view(state, 0)
    history = play_history(view)
    assert [(s, i) for s, i, _fit, _later in history] == [(1, Tile(2, 0).index)]
    a = (mask_of([Tile(3, 3)]), mask_of([Tile(6, 2)]))
    b = (mask_of([Tile(3, 3)]), mask_of([Tile(5, 5)]))
    assert likelihood(history, a, 0.5) < likelihood(history, b, 0.5) == 1.0
    assert likelihood(history, a, 0.0) == 1.0


def test_forced_moves_are_made_without_search():
    state = position({0: "6|6", 1: "5|5"}, ("3|3", "", ""))
    legal = GAME.legal_moves(state, 0)
    assert legal == (Knock(),)
    assert strong_move(GAME.view(state, 0), legal, random.Random(0)) == Knock()
