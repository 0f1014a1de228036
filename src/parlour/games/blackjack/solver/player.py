"""The player's values against one dealer card, for the solver.

Every value here is an expectation per unit initial bet of the payoff *times the indicator that
the dealer has no blackjack* where the dealer peeks (so that a dealer blackjack, settled before
the players act, is left out and added back by the caller); dividing by the probability of no
dealer blackjack gives the value once the dealer has peeked.  Where the dealer does not peek,
that indicator is always 1.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from parlour.games.blackjack.rules import Rules, Surrender, may_double, peeks
from parlour.games.blackjack.solver.dealer import (
    DEALER_BJ,
    OUTCOMES,
    PAY,
    ZERO,
    Counts,
    Shoe,
    add,
    counts_of,
    dealer_outcomes,
    plus,
    total_of,
)


class UpCard:
    """The player's values against one dealer card (or none showing).

    Each value is memoised by the hand it is for (its cards and the split's other cards; for an
    infinite deck only its hard total and whether it holds an ace matter), in tables that grow
    to at most the hands of at most 21: the same value is never worked out twice."""

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
        self._plays: dict[object, float] = {}
        self._hits: dict[object, float] = {}
        self._doubles: dict[object, float] = {}
        self._splits: dict[int, float] = {}
        self._prob_memo: dict[Counts, list[float]] = {}

    # ---- the pieces -------------------------------------------------------------------------

    def _row(self, removed: Counts) -> int:
        return 0 if self.shoe.infinite else self.index[removed]

    def _probs(self, removed: Counts) -> list[float]:
        got = self._prob_memo.get(removed)
        if got is None:
            got = self.shoe.probs(plus(removed, self.up_counts))
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

    def _key(self, hand: Counts, extra: Counts, hard: int) -> object:
        """What the values of ``hand`` depend on."""
        return (hard, hand[0] > 0) if self.shoe.infinite else (hand, extra)

    def play(self, hand: Counts, extra: Counts, hard: int) -> float:
        """The best of standing and hitting on from ``hand`` (``hard``: its total with aces as
        1; ``extra``: the other cards of a split, out of the shoe but not in this hand)."""
        key = self._key(hand, extra, hard)
        got = self._plays.get(key)
        if got is None:
            total = hard + 10 if hand[0] and hard <= 11 else hard
            options = {"stand": self.stand(plus(hand, extra), total)}
            if total < 21:
                options["hit"] = self.hit(hand, extra, hard)
            got = self._plays[key] = self.choose(hand, options)
        return got

    def choose(self, hand: Counts, options: dict[str, float]) -> float:
        """The value of the decision made on ``hand`` (two cards or more) among ``options``,
        each legal decision with its value: here the best of them.  A strategy evaluated as it
        stands (``parlour.envs.evaluate.blackjack``) overrides this to take its own decision.

        The decisions are those of :meth:`choices`, and, deciding whether to split a pair again,
        ``play`` (play the hand on) against ``split``."""
        return max(options.values())

    def _next_card(self, hand: Counts, extra: Counts, hard: int,
                   then: Callable[[Counts, int], float]) -> float:
        """The value of drawing one card to ``hand``: a bust loses (where the dealer has no
        blackjack), else ``then(hand with the card, its hard total)``."""
        removed = plus(hand, extra)
        value = 0.0
        for card, p in enumerate(self._probs(removed), start=1):
            if p:
                if hard + card > 21:
                    value -= p * self.no_blackjack(add(removed, card))
                else:
                    value += p * then(add(hand, card), hard + card)
        return value

    def hit(self, hand: Counts, extra: Counts, hard: int) -> float:
        """Taking a card, then playing on at best."""
        key = self._key(hand, extra, hard)
        if key not in self._hits:
            self._hits[key] = self._next_card(
                hand, extra, hard, lambda after, total: self.play(after, extra, total))
        return self._hits[key]

    def double(self, hand: Counts, extra: Counts, hard: int) -> float:
        """Doubling the bet for exactly one card."""
        key = self._key(hand, extra, hard)
        if key not in self._doubles:
            self._doubles[key] = 2.0 * self._next_card(
                hand, extra, hard, lambda after, total: self.stand(plus(after, extra), total_of(after)[0]))
        return self._doubles[key]

    def surrender(self, hand: Counts) -> float:
        """Late surrender: honoured once there is no dealer blackjack (at once with a peek;
        without one, a dealer blackjack shown later still takes the whole bet)."""
        return -0.5 * self.no_blackjack(hand) - 0.5 * self.blackjack_table[self._row(hand)]

    # ---- splitting ----------------------------------------------------------------------------

    def split_hand(self, pair: int, card: int) -> float:
        """A hand of a split: ``pair`` and the ``card`` dealt to it, the pair's other card out."""
        hand, extra = counts_of((pair, card)), counts_of((pair,))
        removed = counts_of((pair, pair, card))
        total, _ = total_of(hand)
        options = {"stand": self.stand(removed, total)}
        if pair != 1 or self.rules.hit_split_aces:
            options["hit"] = self.hit(hand, extra, pair + card)
            if may_double(self.rules, (pair, card), split=True):
                options["double"] = self.double(hand, extra, pair + card)
        return self.choose(hand, options)

    def split(self, pair: int) -> float:
        """Splitting a pair, resplitting whenever that is worth more, every hand played on its
        own with the cards known at the split (the pair and the dealer's card) — exact for an
        infinite deck, where hands do not affect each other."""
        got = self._splits.get(pair)
        if got is None:
            got = self._splits[pair] = self._split(pair)
        return got

    def _split(self, pair: int) -> float:
        rules = self.rules
        cap = rules.split_hands if pair != 1 or rules.resplit_aces else min(2, rules.split_hands)
        p = self._probs(counts_of((pair, pair)))
        hands = {c: self.split_hand(pair, c) for c in range(1, 11) if p[c - 1]}
        other = sum(p[c - 1] * v for c, v in hands.items() if c != pair)
        same = hands.get(pair, 0.0)
        p_same = p[pair - 1]
        both = counts_of((pair, pair))

        @cache
        def value(made: int, waiting: int) -> float:
            """``made`` hands so far, ``waiting`` of them still to get their second card."""
            if waiting == 0:
                return 0.0
            finish = value(made, waiting - 1)
            keep = same + finish
            if made < cap:
                keep = self.choose(both, {"play": keep, "split": value(made + 1, waiting + 1)})
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
            out["surrender"] = self.surrender(hand)
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
