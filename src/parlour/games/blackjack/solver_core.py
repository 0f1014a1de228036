"""The arithmetic behind :mod:`parlour.games.blackjack.solver`: the shoe, the dealer's final
totals, and the player's values for one dealer card.

Hands are count tuples: ``hand[v - 1]`` is how many cards of point value ``v`` (1 = ace, 10 = a
ten or a picture) the hand holds.  Every value here is an expectation per unit initial bet of the
payoff *times the indicator that the dealer has no blackjack* where the dealer peeks (so that a
dealer blackjack, settled before the players act, is left out and added back by the caller);
dividing by the probability of no dealer blackjack gives the value once the dealer has peeked.
Where the dealer does not peek, that indicator is always 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from parlour.games.blackjack.rules import Rules, Surrender, dealer_hits_total, may_double, peeks

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


def hard_sum(hand: Counts) -> int:
    """The total with every ace counted 1."""
    return sum((i + 1) * n for i, n in enumerate(hand))


def total_of(hand: Counts) -> tuple[int, bool]:
    """The best total and whether it is soft."""
    s = hard_sum(hand)
    if hand[0] and s + 10 <= 21:
        return s + 10, True
    return s, False


def _plus(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


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


class UpCard:
    """The player's values against one dealer card (or none showing)."""

    def __init__(self, rules: Rules, shoe: Shoe, up: int | None, keys: list[Counts]) -> None:
        self.rules, self.shoe, self.up = rules, shoe, up
        self.index = {k: i for i, k in enumerate(keys)}
        removed = np.array(keys, dtype=np.float64).reshape(len(keys), 10)
        dealer = dealer_outcomes(rules, shoe, up, removed)
        won, staked = rules.blackjack.ratio
        natural = np.full(OUTCOMES, won / staked)
        natural[DEALER_BJ] = 0.0
        self.stand_table: list[list[float]] = (dealer @ PAY.T).tolist()
        self.natural_table: list[float] = (dealer @ natural).tolist()
        self.blackjack_table: list[float] = dealer[:, DEALER_BJ].tolist()
        self.up_counts = ZERO if up is None else add(ZERO, up)
        self.peek_rank = 11 - up if up is not None and peeks(rules, up) else None
        self._memo: dict[object, float] = {}
        self._prob_memo: dict[Counts, list[float]] = {}

    # ---- the pieces -------------------------------------------------------------------------

    def _row(self, removed: Counts) -> int:
        return 0 if self.shoe.infinite else self.index[removed]

    def _probs(self, removed: Counts) -> list[float]:
        got = self._prob_memo.get(removed)
        if got is None:
            got = self.shoe.probs(_plus(removed, self.up_counts))
            self._prob_memo[removed] = got
        return got

    def no_blackjack(self, removed: Counts) -> float:
        """The chance that the hole card does not make a dealer blackjack (1 without a peek)."""
        if self.peek_rank is None:
            return 1.0
        return 1.0 - self._probs(removed)[self.peek_rank - 1]

    def stand(self, removed: Counts, total: int) -> float:
        return self.stand_table[self._row(removed)][total]

    def natural(self, removed: Counts) -> float:
        return self.natural_table[self._row(removed)]

    def play(self, hand: Counts, extra: Counts, hard: int) -> float:
        """The best of standing and hitting on from ``hand`` (``hard``: its total with aces as
        1; ``extra``: the other cards of a split, out of the shoe but not in this hand)."""
        key: object = (hard, hand[0] > 0) if self.shoe.infinite else (hand, extra)
        got = self._memo.get(key)
        if got is None:
            total = hard + 10 if hand[0] and hard <= 11 else hard
            got = self.stand(_plus(hand, extra), total)
            if total < 21:
                got = max(got, self.hit(hand, extra, hard))
            self._memo[key] = got
        return got

    def hit(self, hand: Counts, extra: Counts, hard: int) -> float:
        removed = _plus(hand, extra)
        value = 0.0
        for card, p in enumerate(self._probs(removed), start=1):
            if p:
                if hard + card > 21:
                    value -= p * self.no_blackjack(add(removed, card))
                else:
                    value += p * self.play(add(hand, card), extra, hard + card)
        return value

    def double(self, hand: Counts, extra: Counts, hard: int) -> float:
        removed = _plus(hand, extra)
        value = 0.0
        for card, p in enumerate(self._probs(removed), start=1):
            if p:
                after = add(removed, card)
                if hard + card > 21:
                    value -= p * self.no_blackjack(after)
                else:
                    value += p * self.stand(after, total_of(add(hand, card))[0])
        return 2.0 * value

    # ---- splitting ----------------------------------------------------------------------------

    def split_hand(self, pair: int, card: int) -> float:
        """A hand of a split: ``pair`` and the ``card`` dealt to it, the pair's other card out."""
        hand, extra = counts_of((pair, card)), counts_of((pair,))
        removed = counts_of((pair, pair, card))
        total, _ = total_of(hand)
        best = self.stand(removed, total)
        if pair == 1 and not self.rules.hit_split_aces:
            return best
        best = max(best, self.hit(hand, extra, pair + card))
        if may_double(self.rules, (pair, card), split=True):
            best = max(best, self.double(hand, extra, pair + card))
        return best

    def split(self, pair: int) -> float:
        """Splitting a pair, resplitting whenever that is worth more, every hand played on its
        own with the cards known at the split (the pair and the dealer's card) — exact for an
        infinite deck, where hands do not affect each other."""
        rules = self.rules
        cap = rules.split_hands if pair != 1 or rules.resplit_aces else min(2, rules.split_hands)
        p = self._probs(counts_of((pair, pair)))
        hands = {c: self.split_hand(pair, c) for c in range(1, 11) if p[c - 1]}
        other = sum(p[c - 1] * v for c, v in hands.items() if c != pair)
        same = hands.get(pair, 0.0)
        p_same = p[pair - 1]

        @cache
        def value(made: int, waiting: int) -> float:
            """``made`` hands so far, ``waiting`` of them still to get their second card."""
            if waiting == 0:
                return 0.0
            finish = value(made, waiting - 1)
            keep = same + finish
            if made < cap:
                keep = max(keep, value(made + 1, waiting + 1))
            return other + (1.0 - p_same) * finish + p_same * keep

        return value(2, 2)

    # ---- a first two cards' choices --------------------------------------------------------------

    def choices(self, first: int, second: int) -> dict[str, float]:
        """Every legal decision on these two cards and its value (``natural`` for a blackjack)."""
        rules = self.rules
        hand = counts_of((first, second))
        total, _ = total_of(hand)
        if rules.naturals and total == 21:
            return {"natural": self.natural(hand)}
        hard = first + second
        out = {"stand": self.stand(hand, total), "hit": self.hit(hand, ZERO, hard)}
        if may_double(rules, (first, second), split=False):
            out["double"] = self.double(hand, ZERO, hard)
        if first == second and rules.split_hands > 1:
            out["split"] = self.split(first)
        if rules.surrender is Surrender.LATE:
            # late: honoured once there is no dealer blackjack (at once with a peek; without
            # one, a dealer blackjack shown later still takes the whole bet)
            out["surrender"] = (-0.5 * self.no_blackjack(hand)
                                - 0.5 * self.blackjack_table[self._row(hand)])
        return out


def needed_keys(rules: Rules, shoe: Shoe, up: int | None) -> list[Counts]:
    """Every set of player's cards out of the shoe whose dealer outcomes the player's values
    need: each hand of at most 21 (hard), and with a split, those hands plus the pair's other
    card."""
    if shoe.infinite:
        return [ZERO]
    limit = [int(x) - (1 if up == i + 1 else 0) for i, x in enumerate(shoe.full)]
    hands: list[Counts] = []

    def grow(hand: list[int], smallest: int, total: int) -> None:
        hands.append(tuple(hand))
        for v in range(smallest, 11):
            if total + v > 21 or hand[v - 1] >= limit[v - 1]:
                continue
            hand[v - 1] += 1
            grow(hand, v, total + v)
            hand[v - 1] -= 1

    grow([0] * 10, 1, 0)
    keys = set(hands)
    if rules.split_hands > 1:
        for h in hands:
            for v in range(1, 11):
                if h[v - 1] and h[v - 1] < limit[v - 1]:
                    keys.add(add(h, v))
    return sorted(keys)
