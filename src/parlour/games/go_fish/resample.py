"""Dealing anew what a seat cannot see, consistently with everything public (``GoFish.resample_hidden``).

The cards a seat cannot see are the other hands' cards that are not known to everyone and the
stock.  They are dealt again so that every public fact still holds (``strong_track.track``):

* the cards everyone knows a hand holds (handed over in an ask, shown on a lucky draw) stay put;
* a player who said "Go fish!" for a rank gets no card of it among the cards it held then (cards
  it drew later may be of that rank), and nobody gets a card of a booked rank;
* a player who asked for a rank without holding a known card of it gets at least one card of it
  (an asker must hold the rank), unless it has handed that rank over since;
* every hand keeps its size and the stock its size.

How: each hidden card of a hand is a *slot* with the ranks it may be (``Slots``); each rank a
player surely holds takes one slot of its own, allowing only that rank, from the tightest group
allowing it.  The cards are matched to the slots (the stock's slots allow any rank) by a
randomised augmenting-path matching: the cards in random order, each trying the slots it fits in
random order.  A matching always exists (the true deal is one); the result is a random
consistent deal, not an exactly uniform one.  What is left out, as in ``strong_track``: that an
unlucky "Go fish!" draw was not the rank asked for.
"""

from __future__ import annotations

import dataclasses
import random

from parlour.games.go_fish.state import State
from parlour.games.go_fish.strong_track import ALL_RANKS, Slots, track
from parlour.games.go_fish.view import make_view

STOCK = -1


def _slots(state: State, seat: int | None) -> tuple[list[int], list[tuple[int, int]]]:
    """The cards to deal again, and the slots: (owner or ``STOCK``, allowed ranks as a 13-bit mask)."""
    know = track(make_view(state, 0 if seat is None else seat))
    pool = list(state.stock)
    slots: list[tuple[int, int]] = [(STOCK, ALL_RANKS)] * len(state.stock)
    for s in range(state.players):
        if s == seat:
            continue
        hidden = state.hands[s] & ~know.known[s]
        pool += [c for c in range(52) if hidden >> c & 1]
        groups = [Slots(g.count, g.allowed) for g in know.groups[s]]
        floor = know.floor[s]
        for r in range(13):
            if floor >> r & 1:
                fits = [g for g in groups if g.count and g.allowed >> r & 1]
                if fits:
                    tightest = min(fits, key=lambda g: g.allowed.bit_count())
                    tightest.count -= 1
                    slots.append((s, 1 << r))
        for g in groups:
            slots += [(s, g.allowed)] * g.count
    return pool, slots


def _match(pool: list[int], slots: list[tuple[int, int]], rng: random.Random) -> list[int] | None:
    """For each slot the card put in it (a perfect matching of cards to slots they fit), or None."""
    cards = list(pool)
    rng.shuffle(cards)
    fits: dict[int, list[int]] = {}
    for card in cards:
        rank = card % 13
        options = [i for i, (_, allowed) in enumerate(slots) if allowed >> rank & 1]
        rng.shuffle(options)
        fits[card] = options
    holder = [-1] * len(slots)

    def place(card: int, tried: bytearray) -> bool:
        for i in fits[card]:
            if not tried[i]:
                tried[i] = 1
                if holder[i] < 0 or place(holder[i], tried):
                    holder[i] = card
                    return True
        return False

    for card in cards:
        if not place(card, bytearray(len(slots))):
            return None
    return holder


TRIES = 100
"""Matchings drawn before settling for one that leaves a whole book in a hand (see ``resample``)."""


def _has_book(mask: int) -> bool:
    """All four cards of some rank (a hand never keeps one: books are set aside at once)."""
    return bool(mask & mask >> 13 & mask >> 26 & mask >> 39 & 0x1FFF)


def resample(state: State, seat: int | None, rng: random.Random) -> State:
    """``state`` with the hidden cards dealt anew for ``seat`` (``None``: a spectator; see the
    module's docstring).

    A matching may put all four cards of a rank in one hand, which no real deal leaves (books
    are set aside at once): such a matching is drawn again (the true deal has none, so some
    matching has none), up to ``TRIES`` times."""
    pool, slots = _slots(state, seat)
    if len(pool) != len(slots):  # cannot happen (the true deal fits); deal with the sizes alone
        slots = [(owner, ALL_RANKS) for owner, _ in slots]
    dealt = 0
    for card in pool:
        dealt |= 1 << card
    for _ in range(TRIES):
        holder = _match(pool, slots, rng)
        if holder is None:  # cannot happen either; deal with the sizes alone rather than fail
            slots = [(owner, ALL_RANKS) for owner, _ in slots]
            holder = _match(pool, slots, rng)
            assert holder is not None
        hands = [hand if s == seat else hand & ~dealt for s, hand in enumerate(state.hands)]
        stock = []
        for (owner, _), card in zip(slots, holder, strict=True):
            if owner == STOCK:
                stock.append(card)
            else:
                hands[owner] |= 1 << card
        if not any(_has_book(hand) for hand in hands):
            break
    rng.shuffle(stock)
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(stock))


__all__ = ["resample"]
