"""The exact meld optimizer: the least deadwood of any hand, the melds that give it, the best discard.

Hands are 52-bit masks (``deck.py``).  A meld is a set (three or four cards of a
rank) or a run (three or more cards of a suit in order, ace low: A-2-3 is a run,
Q-K-A is not); a card belongs to one meld at most.  The *deadwood* of a hand is
the least total value of the cards left out of melds.

How it is exact and fast:

* A card that fits no meld among the hand's cards is deadwood whatever else
  happens; that part is counted with four table look-ups (``deck.value_of``).
  The *meldable* cards are found with a few bit operations per suit.
* The meldable rest is solved by branching on its lowest card: it is deadwood,
  or it lies in one of the at most seven melds of which it is the lowest card.
  Runs are tried only up to five cards long: any longer run is two shorter runs
  side by side, which cover the same cards.  Results are memoized by mask
  (``optimum``, a bounded ``functools.lru_cache``: the one memo of the meld code).
* The search minimizes the deadwood value, then the number of deadwood cards.

Ties between equally good arrangements (``arrange``) are broken in a fixed
order: the lowest card (clubs first, ace to king, then diamonds, hearts,
spades) goes in the longest run that keeps the optimum, else in a set (four
cards before three; threes in the order of their lowest suits), else it is
deadwood; then the next lowest card.  Runs side by side are shown as one run.

>>> from parlour.games.gin_rummy.deck import CARDS, mask_of, parse_cards
>>> hand = mask_of(parse_cards("3H 4H 5H 6H 7C 7D 7S 2C 9S KD"))
>>> deadwood(hand)
21
>>> [format_cards(cards_of(m)) for m in arrange(hand).melds]
['7C 7D 7S', '3H 4H 5H 6H']
>>> best = best_discard(hand | mask_of(parse_cards("8S")))
>>> str(CARDS[best[0]]), best[1]
('KD', 16)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from parlour.games.gin_rummy.deck import (
    RUN_STARTS,
    SPREAD,
    SUIT_BITS,
    VALUE,
    bits,
    cards_of,
    format_cards,
    value_of,
)

MEMO_SIZE = 1 << 18
"""Hands ``optimum`` remembers (the least recently used are forgotten; about 50 MB at most)."""

_SHIFT = 6
"""The search's objective is ``deadwood << _SHIFT | deadwood cards`` (at most 52 cards)."""


def _run(suit: int, low: int, length: int) -> int:
    return ((1 << length) - 1) << (suit * 13 + low)


def _tables() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    starting: list[list[int]] = [[] for _ in range(52)]
    for suit in range(4):
        for low in range(13):
            for length in (5, 4, 3):  # longest first: the tie-break order
                if low + length <= 13:
                    starting[suit * 13 + low].append(_run(suit, low, length))
    sets = []
    for rank in range(13):
        four = [suit * 13 + rank for suit in range(4)]
        group = [sum(1 << c for c in four)]
        group += [sum(1 << c for c in three) for three in combinations(four, 3)]
        for meld in group:
            starting[(meld & -meld).bit_length() - 1].append(meld)
            sets.append(meld)
    return tuple(tuple(m) for m in starting), tuple(sets)


MELDS_FROM, SETS = _tables()
"""``MELDS_FROM[c]``: the melds whose lowest card is ``c`` (runs of 3-5 cards longest first,
then sets, four before three); ``SETS``: every set of three or four."""

def meld_parts(hand: int) -> tuple[int, int]:
    """The cards of ``hand`` in some run made of cards of ``hand``, and those in some set."""
    starts = hand & hand >> 1 & hand >> 2 & RUN_STARTS
    s0 = hand & SUIT_BITS
    s1 = hand >> 13 & SUIT_BITS
    s2 = hand >> 26 & SUIT_BITS
    s3 = hand >> 39
    sets = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    return (starts | starts << 1 | starts << 2) & hand, sets * SPREAD & hand


def meldable(hand: int) -> int:
    """The cards of ``hand`` that belong to at least one meld made of cards of ``hand``."""
    in_runs, in_sets = meld_parts(hand)
    return in_runs | in_sets


@lru_cache(maxsize=MEMO_SIZE)
def optimum(hand: int) -> int:
    """The least ``deadwood << _SHIFT | deadwood cards`` of ``hand`` (the search of the module's
    docstring; memoized by hand)."""
    melded = meldable(hand)
    rest = hand ^ melded
    result = (value_of(rest) << _SHIFT) + rest.bit_count()
    if melded:
        low = melded & -melded
        card = low.bit_length() - 1
        best = optimum(melded ^ low) + (VALUE[card] << _SHIFT) + 1
        for meld in MELDS_FROM[card]:
            if meld & melded == meld:
                value = optimum(melded ^ meld)
                if value < best:
                    best = value
        result += best
    return result


def deadwood(hand: int) -> int:
    """The least deadwood value of ``hand`` (any number of cards).

    When no card is both in a run and in a set, every meldable card is melded at once (each
    stretch of three or more in a suit cut into runs of 3-5, each rank's three or four cards a
    set, no two melds sharing a card): the deadwood is the rest's, with no search."""
    in_runs, in_sets = meld_parts(hand)
    melded = in_runs | in_sets
    value = value_of(hand ^ melded)
    if not in_runs & in_sets:
        return value
    return value + (optimum(melded) >> _SHIFT)


def discard_deadwoods(hand: int) -> list[tuple[int, int]]:
    """For each card of ``hand`` (lowest first): ``(card, deadwood of the rest)``."""
    melded = meldable(hand)
    whole = deadwood(hand)
    return [(c, whole - VALUE[c] if not melded >> c & 1 else deadwood(hand ^ (1 << c)))
            for c in bits(hand)]


def best_discard(hand: int, keep: int = -1) -> tuple[int, int]:
    """The discard leaving the least deadwood, and that deadwood; never the card ``keep``.

    Ties go to the card of highest value, then highest rank, then the later suit
    (spades before hearts before diamonds before clubs).
    """
    best = (-1, 1 << 30)
    best_key = (1 << 30, 0, 0)
    for card, left in discard_deadwoods(hand):
        if card == keep:
            continue
        key = (left, -VALUE[card], -(card % 13 * 4 + card // 13))
        if key < best_key:
            best, best_key = (card, left), key
    return best


def unmatched(hand: int, melds: Iterable[int]) -> int:
    """The cards of ``hand`` in none of ``melds``."""
    for meld in melds:
        hand &= ~meld
    return hand


@dataclass(frozen=True)
class Arrangement:
    """A hand laid out: its melds (masks, sorted), the deadwood cards and their value."""

    melds: tuple[int, ...]
    unmatched: int
    deadwood: int

    def describe(self) -> str:
        """``"[3H 4H 5H] [7C 7D 7S] deadwood 2C KD (12)"``."""
        parts = [f"[{format_cards(cards_of(m))}]" for m in self.melds]
        if self.unmatched:
            parts.append(f"deadwood {format_cards(cards_of(self.unmatched))} ({self.deadwood})")
        else:
            parts.append("no deadwood")
        return " ".join(parts)


def is_run(meld: int) -> bool:
    """Three or more cards of one suit in order."""
    low = (meld & -meld).bit_length() - 1
    shifted = meld >> low
    return (meld.bit_count() >= 3 and shifted & (shifted + 1) == 0
            and low // 13 == (meld.bit_length() - 1) // 13)


def is_set(meld: int) -> bool:
    """Three or four cards of one rank."""
    ranks = {c % 13 for c in bits(meld)}
    return len(ranks) == 1 and 3 <= meld.bit_count() <= 4


def is_meld(meld: int) -> bool:
    return is_run(meld) or is_set(meld)


def normalize(melds: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Runs side by side in a suit joined into one; sets first by rank, then runs by suit and rank."""
    runs = sorted(m for m in melds if is_run(m))
    joined: list[int] = []
    for run in runs:
        if joined and is_run(joined[-1] | run):  # disjoint runs make a run only side by side
            joined[-1] |= run
        else:
            joined.append(run)
    sets = sorted((m for m in melds if not is_run(m)), key=lambda m: (bits(m)[0] % 13, m))
    return (*sets, *joined)


def arrange(hand: int) -> Arrangement:
    """The best arrangement of ``hand`` (least deadwood, then fewest deadwood cards, then the
    fixed tie-break order of the module's docstring)."""
    melds: list[int] = []
    rest = hand
    while True:
        melded = meldable(rest)
        if not melded:
            break
        need = optimum(melded)
        low = melded & -melded
        card = low.bit_length() - 1
        for meld in MELDS_FROM[card]:
            if meld & melded == meld and optimum(melded ^ meld) == need:
                melds.append(meld)
                rest = melded ^ meld
                break
        else:
            rest = melded ^ low
    rest = unmatched(hand, melds)
    return Arrangement(normalize(melds), rest, value_of(rest))


def packings(hand: int) -> list[list[int]]:
    """Every way to take disjoint melds (runs of 3-5, sets) out of ``hand``, the empty one included.

    Exhaustive and unmemoized: for the rare places that need every layout (a knock).
    """
    out: list[list[int]] = []

    def walk(rest: int, chosen: list[int]) -> None:
        melded = meldable(rest)
        if not melded:
            out.append(list(chosen))
            return
        low = melded & -melded
        card = low.bit_length() - 1
        for meld in MELDS_FROM[card]:
            if meld & melded == meld:
                chosen.append(meld)
                walk(melded ^ meld, chosen)
                chosen.pop()
        walk(melded ^ low, chosen)

    walk(hand, [])
    return out


def best_arrangements(hand: int) -> list[Arrangement]:
    """Every distinct layout of ``hand`` with the least deadwood value (runs side by side joined)."""
    found: dict[tuple[int, ...], Arrangement] = {}
    least = deadwood(hand)
    for chosen in packings(hand):
        rest = unmatched(hand, chosen)
        if value_of(rest) == least:
            melds = normalize(chosen)
            found.setdefault(melds, Arrangement(melds, rest, least))
    return list(found.values())


__all__ = ["MELDS_FROM", "SETS", "Arrangement", "arrange", "best_arrangements", "best_discard",
           "deadwood", "discard_deadwoods", "is_meld", "is_run", "is_set", "meld_parts", "meldable",
           "normalize", "optimum", "packings", "unmatched"]
