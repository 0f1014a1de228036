"""The shoe and the dealer's final totals, for the solver.

Hands are count tuples: ``hand[v - 1]`` is how many cards of point value ``v`` (1 = ace, 10 = a
ten or a picture) the hand holds.  Where the dealer peeks, the dealer's outcomes leave out the
hole card that would make a blackjack (they then sum to the chance of no dealer blackjack).
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from parlour.games.blackjack.rules import Rules, dealer_hits_total, peeks

Counts = tuple[int, ...]
FloatArray = npt.NDArray[np.float64]

ZERO: Counts = (0,) * 10
OUTCOMES = 7
"""The dealer's final outcomes, in this order: 17, 18, 19, 20, 21, bust, blackjack."""
BUST, DEALER_BJ = 5, 6


def add(hand: Counts, card: int) -> Counts:
    """The hand with one more card of value ``card``."""
    cards = list(hand)
    cards[card - 1] += 1
    return tuple(cards)


POINTS: Counts = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
"""The point value of each place of a count tuple."""


def hard_sum(hand: Counts) -> int:
    """The total with every ace counted 1."""
    return sum(map(operator.mul, POINTS, hand))


def total_of(hand: Counts) -> tuple[int, bool]:
    """The best total and whether it is soft."""
    s = hard_sum(hand)
    if hand[0] and s + 10 <= 21:
        return s + 10, True
    return s, False


def plus(a: Counts, b: Counts) -> Counts:
    """The cards of both ``a`` and ``b``."""
    return tuple(map(operator.add, a, b))


def counts_of(cards: Sequence[int]) -> Counts:
    hand = ZERO
    for c in cards:
        hand = add(hand, c)
    return hand


class Shoe:
    """The cards before a round: ``decks`` packs, or an infinite deck (``decks == 0``) where
    every card is as likely as in a fresh pack whatever has been dealt."""

    def __init__(self, decks: int) -> None:
        self.infinite = decks == 0
        per_deck = [4.0] * 9 + [16.0]
        self.full = np.array(per_deck if self.infinite else [x * decks for x in per_deck])
        self.size = float(self.full.sum())
        self._full = [float(x) for x in self.full]

    def probs(self, removed: Counts) -> list[float]:
        """The chance of each card value (1..10) being the next card once ``removed`` is out."""
        if self.infinite:
            return [x / self.size for x in self._full]
        left = self.size - sum(removed)
        return [max(x - r, 0.0) / left for x, r in zip(self._full, removed, strict=True)]

    def probs_many(self, removed: FloatArray, dealer: Counts) -> FloatArray:
        """:meth:`probs` for each row of ``removed`` (player's cards) plus the dealer's cards."""
        if self.infinite:
            return (self.full / self.size)[None, :]
        rem = self.full[None, :] - removed - np.array(dealer, dtype=np.float64)[None, :]
        np.maximum(rem, 0.0, out=rem)
        left = self.size - removed.sum(axis=1) - sum(dealer)
        result: FloatArray = rem / left[:, None]
        return result


def dealer_outcomes(rules: Rules, shoe: Shoe, up: int | None, removed: FloatArray) -> FloatArray:
    """For each row of ``removed`` (the player's cards out of the shoe), the probabilities of the
    dealer's outcomes (:data:`OUTCOMES`) with ``up`` showing (``None``: no card showing, the
    dealer's cards all still to come).  Where the dealer peeks, the hole card that would make a
    blackjack is left out (the rows then sum to the chance of no dealer blackjack).

    The dealer's hands are walked as multisets, card count by card count, so hands reached in
    different orders are merged; each step is one numpy operation over all the rows."""
    rows = removed.shape[0] if not shoe.infinite else 1
    out = np.zeros((rows, OUTCOMES))
    exclude = (11 - up if up in (1, 10) else None) if peeks(rules, up) else None
    start = ZERO if up is None else add(ZERO, up)
    layer: dict[Counts, FloatArray] = {start: np.ones(rows)}
    while layer:
        following: dict[Counts, FloatArray] = {}
        for hand, reach in layer.items():
            n = sum(hand)
            p = shoe.probs_many(removed, hand)
            for card in range(1, 11):
                if n == 1 and card == exclude:
                    continue
                weight = reach * p[:, card - 1]
                nxt = add(hand, card)
                total, soft = total_of(nxt)
                if n + 1 >= 2 and not dealer_hits_total(rules, total, soft):
                    if total > 21:
                        out[:, BUST] += weight
                    elif rules.naturals and n + 1 == 2 and total == 21:
                        out[:, DEALER_BJ] += weight
                    else:
                        out[:, total - 17] += weight
                elif nxt in following:
                    following[nxt] = following[nxt] + weight
                else:
                    following[nxt] = weight
        layer = following
    return out


def payoff_matrix() -> FloatArray:
    """``PAY[t]``: the payoff of standing on a (non-blackjack) total ``t`` against each outcome."""
    pay = np.zeros((22, OUTCOMES))
    for t in range(22):
        for i, d in enumerate(range(17, 22)):
            pay[t, i] = (t > d) - (t < d)
        pay[t, BUST] = 1.0
        pay[t, DEALER_BJ] = -1.0
    return pay


PAY = payoff_matrix()
