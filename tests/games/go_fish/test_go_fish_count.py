"""The ``strong`` bot's exact count of deals (``strong_model``) against brute force: on small
constructed positions (a few ranks, two to four opponents, groups of slots nested or not,
floors, the stock), every chance the model gives is the share of the deals that meet the
constraints, counted one by one (no hand holding all four cards of a rank: a book is set aside
at once), and so are those of the count on the listed cells (``strong_listed``, past the whole boxes'
limit); it also agrees with the first counter (``go_fish_splits_oracle``), and stays sound
when it must loosen.  And the tracking of unlucky draws (``track(view, unlucky=True)``)."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from go_fish_splits_oracle import exact_by_splits
from test_go_fish_bots import CASES, IDS, random_states, tiny, where_truly

from parlour.core.cards import Card, parse_cards
from parlour.games.go_fish import GAME, Rules
from parlour.games.go_fish import strong_model as model
from parlour.games.go_fish.state import RANK_MASKS
from parlour.games.go_fish.strong_listed import listed as listed_count
from parlour.games.go_fish.strong_model import STOCK, locate
from parlour.games.go_fish.strong_track import ALL_RANKS, Knowledge, Slots, track


def position(rng: random.Random, players: int) -> Knowledge:
    """Seat 0 to view; two to four live ranks (the rest booked), some of their cards in my hand
    or known in a hand, the others hidden in the opponents' groups of slots (random allowed
    ranks, nested or not) and the stock; random floors.  The constraints may contradict."""
    live = rng.sample(range(13), rng.randint(2, 3 if players > 3 else 4))
    dead = sum(RANK_MASKS[r] for r in range(13) if r not in live)
    hand = 0
    known = [0] * players
    unknown = 0
    for r in live:
        for suit in range(4):
            card = 1 << (suit * 13 + r)
            roll = rng.random()
            if roll < 0.15:
                hand |= card
            elif roll < 0.25:
                known[rng.randrange(1, players)] |= card
            else:
                unknown += 1
    live_bits = sum(1 << r for r in live)
    groups: list[list[Slots]] = [[] for _ in range(players)]
    room = unknown
    for s in range(1, players):
        for _ in range(rng.randint(1, 3)):
            if room <= 0:
                break
            count = rng.randint(1, min(3, room))
            allowed = rng.choice([ALL_RANKS, live_bits, *(1 << r | 1 << q for r in live for q in live)])
            groups[s].append(Slots(count, allowed))
            room -= count
    floor = [0] + [rng.choice([0, 0, 1 << rng.choice(live)]) for _ in range(1, players)]
    sizes = tuple([hand.bit_count()] + [known[s].bit_count() + sum(g.count for g in groups[s])
                                        for s in range(1, players)])
    return Knowledge(seat=0, players=players, hand=hand, dead=dead, known=known, floor=floor,
                     groups=groups, hand_sizes=sizes, stock=room)


def brute_force(k: Knowledge) -> tuple[int, dict[tuple[int, int], list[int]], int]:
    """Every way to share the unknown cards among the groups and the stock (each as likely):
    how many meet every constraint, for each (seat, rank) how many give that seat 0-4 of the
    rank's hidden cards, and how many meet every constraint but the cap (a hand never holds all
    four cards of a rank, its known cards and hidden ones; the stock may)."""
    located = k.hand | k.dead
    for mask in k.known:
        located |= mask
    cards = [c for c in range(52) if not located >> c & 1]
    places = [(s, g.allowed, g.count) for s in range(k.players) for g in k.groups[s] if g.count]
    places.append((STOCK, ALL_RANKS, k.stock))
    total = booked = 0
    counts: dict[tuple[int, int], list[int]] = {(s, r): [0] * 5 for s in range(k.players) for r in range(13)}
    left = [c for _, _, c in places]
    where = [0] * len(cards)

    def go(i: int) -> None:
        nonlocal total, booked
        if i == len(cards):
            held = {(s, r): 0 for s in range(k.players) for r in range(13)}
            for card, p in zip(cards, where, strict=True):
                if places[p][0] != STOCK:
                    held[places[p][0], card % 13] += 1
            if any(k.floor[s] >> r & 1 and not held[s, r] for s in range(k.players) for r in range(13)):
                return
            if any(held[s, r] + (k.known[s] & RANK_MASKS[r]).bit_count() == 4
                   for s in range(k.players) for r in range(13)):
                booked += 1
                return
            total += 1
            for key, n in held.items():
                counts[key][n] += 1
            return
        for p, (_, allowed, _) in enumerate(places):
            if left[p] and allowed >> (cards[i] % 13) & 1:
                left[p] -= 1
                where[i] = p
                go(i + 1)
                left[p] += 1

    if sum(left) == len(cards):
        go(0)
    return total, counts, booked


def counted(k: Knowledge) -> tuple[list[model._Group], list[int], list[int], tuple[int, ...]]:
    """What ``locate`` counts for ``k``: the groups, the floors, the caps, the unknown cards."""
    located = k.hand | k.dead
    for mask in k.known:
        located |= mask
    unknown = tuple(4 - (located & RANK_MASKS[r]).bit_count() for r in range(13))
    live = sum(1 << r for r in range(13) if unknown[r])
    floors = [f & live if s != k.seat else 0 for s, f in enumerate(k.floor)]
    return model._groups(k, live), floors, model.capped(k, unknown), unknown


def counted_listed(k: Knowledge) -> model.Result | None:
    """``k`` counted on the cells reached (``strong_listed.listed``), whatever the size."""
    groups, floors, full, unknown = counted(k)
    ops, _ = model.plan(groups, unknown)
    return listed_count(groups, floors, full, unknown, k.stock, ops, 10**7)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_exact_count_matches_brute_force(players):
    rng = random.Random(players)
    checked = contradicted = capped = 0
    for _ in range(40 if players <= 3 else 80):
        k = position(rng, players)
        total, counts, booked = brute_force(k)
        capped += booked > 0
        copy = [[Slots(g.count, g.allowed) for g in gs] for gs in k.groups]
        loc = locate(dataclasses.replace(k, groups=copy))
        if not total:
            assert not loc.consistent and counted_listed(k) is None
            contradicted += 1
            continue
        assert loc.exact and not loc.loosened and loc.consistent
        listed = counted_listed(k)  # the count on the cells reached, used past the boxes' limit
        assert listed is not None
        for s in range(1, players):
            for r in range(13):
                want = [n / total for n in counts[s, r]]
                assert list(loc.dist[s][r]) == pytest.approx(want, abs=1e-9)
                assert list(listed[0].get(s, loc.dist[s])[r]) == pytest.approx(want, abs=1e-9)
        for r in range(13):  # the stock: what the hands do not hold
            if loc.unknown[r]:
                in_hands = sum(n * c for s in range(1, players) for n, c in enumerate(counts[s, r]))
                assert loc.stock[r] == pytest.approx(loc.unknown[r] - in_hands / total, abs=1e-9)
                assert listed[2][r] == pytest.approx(loc.stock[r], abs=1e-9)
        checked += 1
    assert checked >= 20 and contradicted
    assert capped >= 5  # positions where the cap rules deals out (the model must know it)


def test_the_exact_count_agrees_with_the_first_counter_on_random_games():
    checked = 0
    for players, seed in itertools.product((2, 3, 4), (40, 60, 80)):
        for state in random_states(Rules(), players, seed=seed + players, every=3):
            (seat,) = GAME.to_act(state)
            k = track(GAME.view(state, seat), unlucky=True)
            located = k.hand | k.dead
            for mask in k.known:
                located |= mask
            unknown = tuple(4 - (located & RANK_MASKS[r]).bit_count() for r in range(13))
            live = sum(1 << r for r in range(13) if unknown[r])
            groups = model._groups(k, live)
            if len(groups) > 5 or (players > 2 and len(groups) > 4):
                continue
            floors = [f & live if s != k.seat else 0 for s, f in enumerate(k.floor)]
            full = model.capped(k, unknown)
            ops, _ = model.plan(groups, unknown)
            new = model._exact(groups, floors, full, unknown, k.stock, ops)
            old = exact_by_splits(groups, floors, full, unknown, k.stock)
            assert new is not None and old is not None
            for s in new[0]:
                for r in range(13):
                    assert new[0][s][r] == pytest.approx(old[0][s][r], abs=1e-9)
            assert new[2] == pytest.approx(old[2], abs=1e-9)
            checked += 1
    assert checked > 40


def test_six_player_positions_past_the_boxes_limit_are_counted_exactly():
    """Positions of a six-player game whose whole boxes pass ``MAX_CELLS_MANY`` (before the
    listed count, their groups were merged first: ``loosened``) are now exact, and agree with
    the count on whole boxes without a limit (``_exact``)."""
    states = random_states(Rules(), 6, seed=1, every=1)
    checked = 0
    for state in (states[11], states[15], states[25]):
        (seat,) = GAME.to_act(state)
        k = track(GAME.view(state, seat), infer=True, unlucky=True)
        groups, floors, full, unknown = counted(k)
        ops, peak = model.plan(groups, unknown)
        assert peak > model.MAX_CELLS_MANY  # too large for whole boxes
        whole = model._exact(groups, floors, full, unknown, k.stock, ops)
        if whole is None:  # the inference contradicts the history: the bot reads it again without
            continue
        loc = locate(k)
        assert loc.exact and not loc.loosened and loc.consistent
        for s in whole[0]:
            for r in range(13):
                assert loc.dist[s][r] == pytest.approx(whole[0][s][r], abs=1e-12)
        assert loc.stock == pytest.approx(whole[2], abs=1e-12)
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("players", [2, 4])
def test_no_hand_is_given_a_whole_book(players):
    """The cap on random games: every chance of a hand holding four of a rank (its known cards
    and hidden ones) is zero, and some ranks' four unknown cards could all have fit one hand."""
    could = 0
    for state in random_states(Rules(), players, seed=70 + players, every=3):
        (seat,) = GAME.to_act(state)
        k = track(GAME.view(state, seat), unlucky=players > 2)
        loc = locate(k)
        assert loc.exact and loc.consistent
        for s in range(players):
            if s != seat:
                for r in range(13):
                    assert loc.count(s, r)[4] == 0.0
                    base = (k.known[s] & RANK_MASKS[r]).bit_count()
                    could += 0 < loc.unknown[r] <= k.hidden(s) and base + loc.unknown[r] == 4
    assert could > 10


def test_past_the_size_limit_the_groups_are_loosened_and_say_so(monkeypatch):
    states = random_states(Rules(), 6, seed=7, every=1)
    state = states[len(states) // 2]
    (seat,) = GAME.to_act(state)
    k = track(GAME.view(state, seat))
    monkeypatch.setattr(model, "MAX_CELLS", 1)
    monkeypatch.setattr(model, "MAX_CELLS_MANY", 1)
    monkeypatch.setattr(model, "MAX_LISTED", 1)
    loc = locate(k)
    assert loc.loosened and loc.consistent
    for card in range(52):  # still sound: the truth is never ruled out
        assert loc.where(card).get(where_truly(state, card), 0.0) > 0


# ---- unlucky draws --------------------------------------------------------------------------
def test_an_unlucky_draw_is_not_the_rank_asked_for():
    """``tiny``: seat 1 asked me for fours and drew a card that was not one (2H).  Counted by
    brute force as in ``test_the_model_matches_brute_force_on_a_tiny_position``, with that fact."""
    state = tiny()
    loc = locate(track(GAME.view(state, 0), unlucky=True))
    assert loc.exact and not loc.loosened
    unknown = [c.index for c in parse_cards("AD AH AS 2H 2S 3H 3S 4C 4D 4H 4S")]
    at_seat = dict.fromkeys(unknown, 0)
    total = 0
    no_twos = [c for c in unknown if c % 13 != 1]
    for dealt in itertools.combinations(no_twos, 5):
        for drawn in unknown:
            if drawn in dealt or drawn % 13 == 3:  # the draw was not a four
                continue
            hidden = (*dealt, drawn)
            if not any(c % 13 == 0 for c in hidden) or not any(c % 13 == 3 for c in hidden):
                continue
            if any(sum(1 for c in hidden if c % 13 == r) + (r == 0) == 4 for r in range(4)):
                continue  # a whole book (with AC): it would have been set aside
            total += 1
            for c in hidden:
                at_seat[c] += 1
    assert total > 100
    for card in unknown:
        assert loc.where(card).get(1, 0.0) == pytest.approx(at_seat[card] / total, abs=1e-9)
    plain = locate(track(GAME.view(state, 0)))
    four = Card.parse("4D").index
    assert loc.where(four)[1] < plain.where(four)[1]  # the fact lowers the fours' chances


@pytest.mark.parametrize(("rules", "players"), CASES, ids=IDS)
def test_reading_unlucky_draws_never_rules_out_the_truth(monkeypatch, rules, players):
    # The tracking is on trial here: the large counts are loosened (as before the listed count),
    # to keep this test quick; the listed count is tried against the others above.
    monkeypatch.setattr(model, "MAX_LISTED", 1)
    for state in random_states(rules, players, seed=50 + players, every=4):
        for seat in range(players):
            loc = locate(track(GAME.view(state, seat), unlucky=True))
            assert loc.consistent
            for card in range(52):
                chances = loc.where(card)
                assert sum(chances.values()) == pytest.approx(1.0, abs=1e-9)
                assert chances.get(where_truly(state, card), 0.0) > 0


@pytest.mark.parametrize("players", [3, 6])
def test_the_fitted_count_keeps_the_cap(monkeypatch, players):
    """Forced to fit (no exact count fits one cell), the model still never gives a hand all four
    cards of a rank, its chances still sum to one, and the expected cards of each rank in the
    hands and the stock still add up to the unknown ones."""
    monkeypatch.setattr(model, "MAX_CELLS", 1)
    monkeypatch.setattr(model, "MAX_CELLS_MANY", 1)
    monkeypatch.setattr(model, "MAX_LISTED", 1)
    capped = 0
    for state in random_states(Rules(), players, seed=90 + players, every=2):
        (seat,) = GAME.to_act(state)
        k = track(GAME.view(state, seat))
        loc = locate(k)
        if not loc.consistent:
            continue
        assert not loc.exact
        full = model.capped(k, loc.unknown)
        for r in range(13):
            held = 0.0
            for s in range(players):
                if s == seat:
                    continue
                assert sum(loc.dist[s][r]) == pytest.approx(1.0, abs=1e-9)
                assert loc.count(s, r)[4] == 0.0
                capped += full[s] >> r & 1 and loc.unknown[r] <= k.hidden(s)
                held += loc.expected(s, r)
            assert held + loc.stock[r] == pytest.approx(loc.unknown[r], abs=1e-9)
    assert capped > 10
