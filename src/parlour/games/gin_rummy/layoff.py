"""Laying off: the knocker's layout, where a card fits, and the defender's best lay-offs.

After a knock the knocker's melds lie on the table (the *table*: a tuple of meld
masks).  Unless the knocker went gin, the defender may lay off cards on them: a
fourth card on a set of three, or the next card of the suit at either end of a
run.  Lay-offs chain: after 9H goes on 6H-7H-8H, 10H fits too.

* ``fits(table, card)``: the meld a card goes on.  A card that extends a run and
  also completes a set goes on the run (it is never worse: the set could take
  no other card, the run may take the next one); between two runs, the first in
  table order.
* ``best_layoff(table, hand)``: the defender's least deadwood over every
  possible set of lay-offs, chained ones included, each card either laid off or
  kept for the defender's own melds, whichever is better.  Ties: fewest cards
  laid off, then the lowest cards.  ``LayoffPlan.cards`` is an order in which
  they can be laid one by one.
* ``knock_layout(hand)``: how the knocker lays out: the least deadwood, and
  among equally good layouts the one with the fewest cards (not the knocker's
  own) that could be laid off on it, then the first in bit order.

>>> from parlour.games.gin_rummy.deck import mask_of, parse_cards, cards_of, format_cards
>>> table = knock_layout(mask_of(parse_cards("6H 7H 8H 2C 2D 2S 5C 6C 7C 3D"))).melds
>>> plan = best_layoff(table, mask_of(parse_cards("9H TH KS KD KC 4S 5S 6S 8D 9D")))
>>> format_cards(cards_of(plan.laid)), [str(CARDS[c]) for c in plan.cards], plan.deadwood
('9H TH', ['9H', 'TH'], 17)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from parlour.games.gin_rummy.deck import CARDS, bits
from parlour.games.gin_rummy.melds import Arrangement, arrange, best_arrangements, deadwood, is_run

Table = tuple[int, ...]
"""The knocker's melds as masks, each grown by the cards laid off on it."""


def _ends(run: int) -> tuple[int, int]:
    """The cards just below and just above a run (-1 where the suit ends)."""
    low = (run & -run).bit_length() - 1
    high = run.bit_length() - 1
    below = low - 1 if low % 13 else -1
    above = high + 1 if high % 13 != 12 else -1
    return below, above


def _missing(group: int) -> int:
    """The fourth card of a set of three (-1 for a set of four)."""
    if group.bit_count() != 3:
        return -1
    rank = bits(group)[0] % 13
    for suit in range(4):
        card = suit * 13 + rank
        if not group >> card & 1:
            return card
    return -1  # pragma: no cover - a set of three always misses one suit


def fits(table: Table, card: int) -> int:
    """The index of the meld ``card`` may be laid off on (a run first), or -1."""
    on_set = -1
    for i, meld in enumerate(table):
        if is_run(meld):
            if card in _ends(meld):
                return i
        elif on_set < 0 and _missing(meld) == card:
            on_set = i
    return on_set


def lay_off(table: Table, card: int) -> Table:
    """The table after ``card`` is laid off (it must fit)."""
    i = fits(table, card)
    if i < 0:
        raise ValueError(f"{CARDS[card]} fits none of the melds")
    return (*table[:i], table[i] | 1 << card, *table[i + 1:])


def spots(melds: Sequence[int], own: int) -> int:
    """The cards, not in ``own``, that could be laid off directly on ``melds``."""
    out = 0
    for meld in melds:
        ends = _ends(meld) if is_run(meld) else (_missing(meld),)
        for card in ends:
            if card >= 0 and not own >> card & 1:
                out |= 1 << card
    return out


def knock_layout(hand: int) -> Arrangement:
    """The knocker's layout: least deadwood, then fewest places to lay off, then bit order."""
    options = best_arrangements(hand)
    return min(options, key=lambda a: (spots(a.melds, hand).bit_count(), a.melds))


def chains(table: Table, hand: int) -> list[list[int]]:
    """Each run end's cards in ``hand`` that could be laid off one after another, and each
    set's missing card if ``hand`` holds it."""
    out = []
    for meld in table:
        if is_run(meld):
            below, above = _ends(meld)
            for start, step in ((below, -1), (above, 1)):
                chain = []
                card = start
                while card >= 0 and hand >> card & 1:
                    chain.append(card)
                    nxt = card + step
                    if nxt < 0 or nxt // 13 != card // 13:
                        break
                    card = nxt
                if chain:
                    out.append(chain)
        else:
            card = _missing(meld)
            if card >= 0 and hand >> card & 1:
                out.append([card])
    return out


@dataclass(frozen=True)
class LayoffPlan:
    """The defender's best lay-offs: the cards in an order that works, and what is left."""

    cards: tuple[int, ...]
    laid: int
    deadwood: int
    rest: Arrangement


def best_layoff(table: Table, hand: int) -> LayoffPlan:
    """The lay-offs that leave ``hand`` the least deadwood (see the module's docstring)."""
    found = chains(table, hand)
    best_key: tuple[int, int, int] | None = None
    best_laid = 0
    seen = set()
    for lengths in itertools.product(*(range(len(chain) + 1) for chain in found)):
        laid = 0
        for chain, n in zip(found, lengths, strict=True):
            for card in chain[:n]:
                laid |= 1 << card
        if laid in seen:
            continue
        seen.add(laid)
        key = (deadwood(hand ^ laid), laid.bit_count(), laid)
        if best_key is None or key < best_key:
            best_key, best_laid = key, laid
    order: list[int] = []
    for chain in found:
        for card in chain:
            if not best_laid >> card & 1:
                break
            if card not in order:
                order.append(card)
    rest = arrange(hand ^ best_laid)
    return LayoffPlan(tuple(order), best_laid, rest.deadwood, rest)


__all__ = ["LayoffPlan", "Table", "best_layoff", "chains", "fits", "knock_layout", "lay_off", "spots"]
