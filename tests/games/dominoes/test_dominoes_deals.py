"""The deals of the hidden tiles consistent with a seat's view (``deals.py``): counted exactly and
drawn uniformly."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from test_dominoes_bots import VARIANTS, positions

from parlour.core.tiles import Tile, double_six_set
from parlour.games.dominoes import GAME
from parlour.games.dominoes.deals import Deals
from parlour.games.dominoes.tileset import mask_of, tiles_of

TILES = double_six_set()


def _check_deal(view, deals, hands, sleeping):
    me = view.seat
    seen = {t.index for t in view.hand} | {t.index for t in view.played}
    assert hands[me] == mask_of(view.hand)
    everything = sleeping
    for seat in range(view.players):
        assert hands[seat].bit_count() == view.hand_sizes[seat]
        assert not everything & hands[seat]
        everything |= hands[seat]
        if seat != me:
            assert not {t.index for t in tiles_of(hands[seat])} & seen
            for tile in tiles_of(hands[seat]):
                assert not view.knocked[seat] & {tile.high, tile.low}, (seat, tile, view.knocked)
                assert not (tile.double and view.lead is not None and tile > view.lead.tile)
    assert sleeping.bit_count() == view.sleeping
    assert everything | mask_of(view.played) == (1 << 28) - 1


@pytest.mark.parametrize(("rules", "players"), VARIANTS)
def test_sampled_deals_are_consistent_with_the_view(rules, players):
    rng = random.Random(2)
    knocks = 0
    for state, seat in positions(rules, players, seed=17 + players, hands=4):
        view = GAME.view(state, seat)
        if view.lead is None:
            continue
        deals = Deals.from_view(view)
        knocks += sum(len(k) for k in view.knocked)
        assert deals.count() >= 1
        for _ in range(3):
            dealt, sleeping = deals.sample(rng)
            hands = tuple(mask_of(view.hand) if s == seat else dealt.get(s, 0) for s in range(players))
            _check_deal(view, deals, hands, sleeping)
            assert deals.hands(random.Random(0))[seat] == mask_of(view.hand)
        # the real deal is one of those counted: it satisfies every constraint
        _check_deal(view, deals, state.hands, state.sleeping)
    assert knocks > 0


def _small_deals() -> Deals:
    """Five unseen tiles: seat 1 needs 2 and may not hold 0s, seat 2 needs 1 and may not hold 6s,
    two sleep."""
    classes = {}
    for index in (Tile(1, 0).index, Tile(6, 6).index, Tile(6, 2).index, Tile(3, 1).index, Tile(4, 0).index):
        tile = TILES[index]
        allowed = (not tile.has(0), not tile.has(6))
        classes.setdefault(allowed, []).append(index)
    ordered = sorted(classes.items(), key=lambda kv: (len(kv[1]), kv[0]))
    return Deals(players=3, me=0, own=0, seats=(1, 2), needs=(2, 1),
                 classes=tuple((a, tuple(t)) for a, t in ordered))


def _brute_force(deals: Deals) -> list[tuple[int, int]]:
    tiles = [i for _, ts in deals.classes for i in ts]
    allowed = {i: a for a, ts in deals.classes for i in ts}
    out = []
    for one in itertools.combinations(tiles, deals.needs[0]):
        for two in itertools.combinations([t for t in tiles if t not in one], deals.needs[1]):
            if all(allowed[t][0] for t in one) and all(allowed[t][1] for t in two):
                out.append((sum(1 << t for t in one), sum(1 << t for t in two)))
    return out


def test_the_sampler_counts_the_consistent_deals_and_draws_them_uniformly():
    deals = _small_deals()
    every = _brute_force(deals)
    assert deals.count() == len(every) == 7
    rng = random.Random(9)
    draws = 10_000
    seen = Counter()
    for _ in range(draws):
        dealt, _sleeping = deals.sample(rng)
        seen[(dealt[1], dealt[2])] += 1
    assert set(seen) == set(every)
    expected = draws / len(every)
    assert all(abs(n - expected) < 0.15 * expected for n in seen.values()), seen


def test_a_seat_that_knocked_is_dealt_none_of_the_numbers_even_when_that_forces_the_deal():
    """Seven tiles each, nobody sleeping: the knocks leave exactly one deal of two tiles."""
    deals = Deals(players=2, me=0, own=0, seats=(1,), needs=(1,),
                  classes=(((False,), (Tile(5, 3).index,)), ((True,), (Tile(2, 0).index,))))
    assert deals.count() == 1
    assert all(deals.sample(random.Random(s))[0][1] == 1 << Tile(2, 0).index for s in range(5))
