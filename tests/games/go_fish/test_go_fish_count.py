"""The ``strong`` bot's exact count of deals (``bots.strong.model``) against brute force: on small
constructed positions (a few ranks, two to four opponents, groups of slots nested or not,
floors, the stock), every chance the model gives is the share of the deals that meet the
constraints, counted one by one (no hand holding all four cards of a rank: a book is set aside
at once), and so are those of the count on the listed cells (``bots.strong.listed``, past the whole boxes'
limit); it also agrees with the first counter (``go_fish_splits_oracle``), and stays sound
when it must loosen.  And the tracking of unlucky draws (``track(view, unlucky=True)``), and
their slots counted as pinned slots of a looser group (``model.with_pins``)."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from go_fish_splits_oracle import exact_by_splits
from test_go_fish_bots import CASES, IDS, random_states, tiny, where_truly

from parlour.core.cards import Card, parse_cards
from parlour.games.go_fish import GAME, Rules
from parlour.games.go_fish.bots.strong import model
from parlour.games.go_fish.bots.strong.count import Result, exact
from parlour.games.go_fish.bots.strong.listed import listed as listed_count
from parlour.games.go_fish.bots.strong.model import locate
from parlour.games.go_fish.bots.strong.plan import Group, plan
from parlour.games.go_fish.deck import ALL_RANKS, RANK_MASKS
from parlour.games.go_fish.track import STOCK, Knowledge, Slots, track


def share(rng: random.Random, players: int, live: list[int], mine: float, shown: float
          ) -> tuple[int, list[int], dict[int, int]]:
    """Each card of the ``live`` ranks in my hand (chance ``mine``), known in another hand (up to
    ``shown``) or unknown: my hand, the known cards of each seat, the unknown cards of each rank."""
    hand = 0
    known = [0] * players
    unknown = dict.fromkeys(live, 0)
    for r in live:
        for suit in range(4):
            card = 1 << (suit * 13 + r)
            roll = rng.random()
            if roll < mine:
                hand |= card
            elif roll < shown:
                known[rng.randrange(1, players)] |= card
            else:
                unknown[r] += 1
    return hand, known, unknown


def position(rng: random.Random, players: int) -> Knowledge:
    """Seat 0 to view; two to four live ranks (the rest booked), some of their cards in my hand
    or known in a hand, the others hidden in the opponents' groups of slots (random allowed
    ranks, nested or not) and the stock; random floors.  The constraints may contradict."""
    live = rng.sample(range(13), rng.randint(2, 3 if players > 3 else 4))
    dead = sum(RANK_MASKS[r] for r in range(13) if r not in live)
    hand, known, unknown_of = share(rng, players, live, 0.15, 0.25)
    unknown = sum(unknown_of.values())
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


def counted(k: Knowledge) -> tuple[list[Group], list[int], list[int], tuple[int, ...]]:
    """What ``locate`` counts for ``k``: the groups, the floors, the caps, the unknown cards."""
    located = k.hand | k.dead
    for mask in k.known:
        located |= mask
    unknown = tuple(4 - (located & RANK_MASKS[r]).bit_count() for r in range(13))
    live = sum(1 << r for r in range(13) if unknown[r])
    floors = [f & live if s != k.seat else 0 for s, f in enumerate(k.floor)]
    return model.groups_of(k, live), floors, model.capped(k, unknown), unknown


def counted_listed(k: Knowledge) -> Result | None:
    """``k`` counted on the cells reached (``listed``), whatever the size."""
    groups, floors, full, unknown = counted(k)
    ops, _ = plan(groups, unknown)
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
            groups = model.groups_of(k, live)
            if len(groups) > 5 or (players > 2 and len(groups) > 4):
                continue
            floors = [f & live if s != k.seat else 0 for s, f in enumerate(k.floor)]
            full = model.capped(k, unknown)
            ops, _ = plan(groups, unknown)
            new = exact(groups, floors, full, unknown, k.stock, ops)
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
    the count on whole boxes without a limit (``count.exact``)."""
    states = random_states(Rules(), 6, seed=1, every=1)
    checked = 0
    for state in (states[11], states[15], states[25]):
        (seat,) = GAME.to_act(state)
        k = track(GAME.view(state, seat), infer=True, unlucky=True)
        groups, floors, full, unknown = counted(k)
        ops, peak = plan(groups, unknown)
        assert peak > model.MAX_CELLS_MANY  # too large for whole boxes
        whole = exact(groups, floors, full, unknown, k.stock, ops)
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


# ---- pinned slots (unlucky draws counted by inclusion and exclusion) --------------------------
def pinned_position(rng: random.Random, players: int) -> Knowledge:
    """Like ``position``, but each opponent's groups are a group of some ranks (``base``) and
    groups that allow one of its live ranks fewer (as an unlucky draw's slot does) or two fewer
    (an older group), so that ``model.with_pins`` finds pins, in one hand or several; floors only on
    ranks with unknown cards."""
    while True:
        live = rng.sample(range(13), rng.randint(2, 3 if players > 3 else 4))
        dead = sum(RANK_MASKS[r] for r in range(13) if r not in live)
        hand, known, unknown = share(rng, players, live, 0.12, 0.22)
        if sum(unknown.values()) <= 10:
            break
    live_bits = sum(1 << r for r in live)
    groups: list[list[Slots]] = [[] for _ in range(players)]
    room = sum(unknown.values())
    for s in range(1, players):
        base = rng.choice([ALL_RANKS, live_bits, ALL_RANKS & ~(1 << rng.choice(live))])
        ranks = [r for r in live if base >> r & 1]
        for kind in rng.sample(["base", "pin", "pin", "older"], rng.randint(1, 4)):
            if room <= 0 or not ranks:
                break
            count = rng.randint(1, min(3 if kind == "base" else 2, room))
            allowed = base
            if kind == "pin":
                allowed &= ~(1 << rng.choice(ranks))
            elif kind == "older":
                allowed &= ~(1 << rng.choice(ranks)) & ~(1 << rng.choice(live))
            groups[s].append(Slots(count, allowed))
            room -= count
    held = [r for r in live if unknown[r]]
    floor = [0] + [rng.choice([0, 0, 1 << rng.choice(held)]) for _ in range(1, players)]
    sizes = tuple([hand.bit_count()] + [known[s].bit_count() + sum(g.count for g in groups[s])
                                        for s in range(1, players)])
    return Knowledge(seat=0, players=players, hand=hand, dead=dead, known=known, floor=floor,
                     groups=groups, hand_sizes=sizes, stock=room)


def pinned_counts(k: Knowledge) -> tuple[list[Group] | None, Result | None, Result | None]:
    """``k``'s groups with pins (``model.with_pins``), and their exact count on whole boxes and on the
    cells reached."""
    groups, floors, full, unknown = counted(k)
    pinned = model.with_pins(groups, sum(1 << r for r in range(13) if unknown[r]))
    if pinned is None:
        return None, None, None
    ops, _ = plan(pinned, unknown)
    return (pinned, exact(pinned, floors, full, unknown, k.stock, ops),
            listed_count(pinned, floors, full, unknown, k.stock, ops, 10**7))


def assert_brute_force(k: Knowledge, total: int, counts: dict[tuple[int, int], list[int]],
                       result: Result) -> None:
    dist, _, stock = result
    for s in range(k.players):
        if s == k.seat:
            continue
        for r in range(13):
            if s in dist:
                assert list(dist[s][r]) == pytest.approx([n / total for n in counts[s, r]], abs=1e-9)
            else:
                assert counts[s, r][0] == total
    for r in range(13):
        in_hands = sum(n * c for s in range(k.players) if s != k.seat for n, c in enumerate(counts[s, r]))
        unknown = 4 - ((k.hand | k.dead | sum(k.known)) & RANK_MASKS[r]).bit_count()
        assert stock[r] == pytest.approx(unknown - in_hands / total, abs=1e-9)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pinned_slots_are_counted_exactly(players):
    """Slots that allow one rank fewer than another group of their hand, counted as that
    group's slots less the deals in which they hold the rank (``model.with_pins``, by inclusion and
    exclusion): the same chances as brute force, on whole boxes and on the cells reached, with
    several pinned slots in a hand and in several hands, floors and caps; and no count where no
    deal meets the constraints."""
    rng = random.Random(200 + players)
    checked = contradicted = several = hands = floored = capped = 0
    while checked < 30:
        k = pinned_position(rng, players)
        pinned, whole, listed = pinned_counts(k)
        if pinned is None:
            continue
        total, counts, booked = brute_force(k)
        if not total:
            assert whole is None and listed is None
            contradicted += 1
            continue
        assert whole is not None and listed is not None
        assert_brute_force(k, total, counts, whole)
        assert_brute_force(k, total, counts, listed)
        checked += 1
        several += any(g.pins > 1 for g in pinned)
        hands += len({g.owner for g in pinned if g.pins}) > 1
        floored += any(k.floor[g.owner] >> g.pin & 1 for g in pinned if g.pins)
        capped += booked > 0
    assert contradicted and several and floored and capped
    assert hands or players == 2


def test_pinned_slots_from_real_histories_match_brute_force():
    """Late positions of three-player games read with unlucky draws (``track(view,
    unlucky=True)``), with few unknown cards and pins: the pinned count is the brute force's."""
    checked = hands = 0
    for seed in range(210, 228):
        for state in random_states(Rules(), 3, seed=seed, every=1):
            (seat,) = GAME.to_act(state)
            k = track(GAME.view(state, seat), unlucky=True)
            located = k.hand | k.dead | sum(k.known)
            if 52 - located.bit_count() > 9:
                continue
            mine = [[] if s == seat else g for s, g in enumerate(k.groups)]  # (my hand is known)
            floor = [0 if s == seat else f for s, f in enumerate(k.floor)]
            k = dataclasses.replace(k, groups=mine, floor=floor)
            pinned, whole, listed = pinned_counts(k)
            if pinned is None:
                continue
            total, counts, _ = brute_force(k)
            assert total and whole is not None and listed is not None
            assert_brute_force(k, total, counts, whole)
            assert_brute_force(k, total, counts, listed)
            checked += 1
            hands += len({g.owner for g in pinned if g.pins}) > 1
    assert checked >= 10 and hands >= 2


@pytest.mark.parametrize("players", [4, 5, 6])
def test_pinned_slots_agree_with_the_count_without_pins(players):
    """On random games read with unlucky draws, wherever ``model.with_pins`` finds pins, the count with
    them agrees with the count of the same groups without (both exact, on whole boxes)."""
    checked = 0
    for state in random_states(Rules(), players, seed=300 + players, every=1):
        (seat,) = GAME.to_act(state)
        k = track(GAME.view(state, seat), unlucky=True)
        groups, floors, full, unknown = counted(k)
        pinned = model.with_pins(groups, sum(1 << r for r in range(13) if unknown[r]))
        if pinned is None:
            continue
        ops, peak = plan(groups, unknown)
        pinned_ops, pinned_peak = plan(pinned, unknown)
        if max(peak, pinned_peak) > 200000:
            continue
        plain = exact(groups, floors, full, unknown, k.stock, ops)
        pins = exact(pinned, floors, full, unknown, k.stock, pinned_ops)
        assert (plain is None) == (pins is None)
        if plain is None or pins is None:
            continue
        for s in plain[0]:
            for r in range(13):
                assert pins[0][s][r] == pytest.approx(plain[0][s][r], abs=1e-11)
        assert pins[2] == pytest.approx(plain[2], abs=1e-10)
        checked += 1
    assert checked >= 5


def test_a_six_player_position_loosened_without_pins_is_counted_exactly_with_them(monkeypatch):
    """A position of a six-player game whose count without pins passes ``MAX_LISTED`` (and so is
    loosened) is counted exactly with them, and agrees with the count without pins and without
    a limit.  (``MAX_LISTED`` as it was when pins came: the default now fits it without them.)"""
    monkeypatch.setattr(model, "MAX_LISTED", 400000)
    state = random_states(Rules(), 6, seed=1, every=1)[26]
    (seat,) = GAME.to_act(state)

    def knowledge() -> Knowledge:
        k = track(GAME.view(state, seat), infer=True, unlucky=True)
        return k if locate(k).consistent else track(GAME.view(state, seat), unlucky=True)

    k = knowledge()
    monkeypatch.setattr(model, "PIN", False)
    assert locate(knowledge()).loosened
    monkeypatch.setattr(model, "PIN", True)
    loc = locate(k)
    assert loc.exact and not loc.loosened and loc.consistent
    whole = counted_listed(k)
    assert whole is not None
    for s in whole[0]:
        for r in range(13):
            assert loc.dist[s][r] == pytest.approx(whole[0][s][r], abs=1e-12)
    assert loc.stock == pytest.approx(whole[2], abs=1e-12)
    for card in range(52):  # and the truth is never ruled out
        assert loc.where(card).get(where_truly(state, card), 0.0) > 0


def test_pins_change_no_count_that_was_exact_without_them(monkeypatch):
    """Pins are tried only where the count without them passes ``MAX_LISTED``: every position
    counted exactly without them gets the very same chances (here with a low ``MAX_LISTED``, so
    that some positions need pins and the others must not change)."""
    monkeypatch.setattr(model, "MAX_LISTED", 3000)
    same = pinned = 0
    for state in random_states(Rules(), 5, seed=77, every=2):
        (seat,) = GAME.to_act(state)
        view = GAME.view(state, seat)
        monkeypatch.setattr(model, "PIN", False)
        plain = locate(track(view, unlucky=True))
        monkeypatch.setattr(model, "PIN", True)
        pins = locate(track(view, unlucky=True))
        if plain.exact and not plain.loosened:
            assert pins.dist == plain.dist and pins.stock == plain.stock
            same += 1
        elif pins.exact and not pins.loosened:
            pinned += 1
    assert same >= 10 and pinned >= 1


def test_a_late_six_player_position_past_the_budget_is_counted_exactly_when_it_is_lifted():
    """A late six-player position that the default budget (``model.Budget``: 400,000 listed cells
    a step, as before 2026-11-26, and 1,200,000 in all) leaves loosened, pins and all, is counted
    exactly with the budget lifted to 2,000,000 a step (as a simulation may): the chances of each
    hand and the stock add up, and the truth is never ruled out."""
    state = random_states(Rules(), 6, seed=1, every=2)[10]
    (seat,) = GAME.to_act(state)
    k = track(GAME.view(state, seat), infer=True, unlucky=True)
    if not locate(k).consistent:  # as the bot reads it: again without ``infer``
        k = track(GAME.view(state, seat), unlucky=True)
    assert locate(k).loosened
    loc = locate(k, model.Budget(step=2_000_000, total=10**9))
    assert loc.exact and not loc.loosened and loc.consistent
    for s in range(6):
        if s != seat:
            for r in range(13):
                assert sum(loc.dist[s][r]) == pytest.approx(1.0, abs=1e-9)
    for r in range(13):  # every unknown card of a rank is somewhere: the hands' and the stock's
        expected = sum(loc.expected(s, r) for s in range(6) if s != seat) + loc.stock[r]
        assert expected == pytest.approx(loc.unknown[r], abs=1e-9)
    for card in range(52):
        assert loc.where(card).get(where_truly(state, card), 0.0) > 0
