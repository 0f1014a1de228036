"""The ``strong`` Gin Rummy bot: card tracking, opponent inference, safe discards, knock by rule.

It sees only its seat's view (``GinView``) and decides from that alone:

* **Card tracking.**  The *unseen* cards are the 52 less its own hand, the discard pile (every
  card in it, buried ones too) and the cards the opponent is known to hold.  The opponent's hand
  is its known cards plus ``hand_size - known`` cards from the unseen ones.
* **Inference** (``Model``).  Every unseen card gets a weight, 1 to start.  From the hand's public
  history: a card the opponent took from the pile raises the weight of the cards that would meld
  with it (same rank, suit neighbours one and two away); a card it discarded, or refused (passed
  the up-card, drew from the stock rather than take the top discard), lowers them.  The chance
  that the opponent holds an unseen card is its share of the weights times the number of unknown
  cards in the opponent's hand (at most ``P_MAX``); the rest are in the stock.
* **Danger of a discard**: the estimated chance that the opponent can meld it, i.e. that some
  set or run through the card has all its other cards in the opponent's hand (their known cards
  certainly, unseen ones with their chance; cards in the pile or my hand never).
* **Discards.**  Each legal discard (never the card just taken) is scored by the *expected*
  deadwood of the ten cards it leaves after one more draw from the stock (``after_draw``: each
  unseen card weighed by its chance of being in the stock, followed by the best discard), plus
  a feeding penalty times its danger (rising over the hand: ``FEED_RISE``).  A count above the
  knock limit weighs ``KNOCK_STEP`` more (being able to knock is worth more than its points).
  The lowest score is played, except that when the best scores are close (within
  ``LOOK2_MARGIN``), the best few are compared again two draws ahead (``after_two``: after the
  next draw, a knock if it can, else its own best discard scored as above).  (The score may mix
  in the deadwood left at once, ``NOW_WEIGHT``.)
* **Drawing.**  It takes the up-card / top discard when that scores better than a draw from the
  stock by ``TAKE2_MARGIN``, both looked at two draws ahead (``TAKE2``): taking, the best of the
  discards that then leave the least deadwood, scored as a discard is (a knock, if one is
  possible, by its deadwood); drawing, ``after_two`` of the hand as it is.  At the wall it takes
  whenever it may (only a knock can follow).
* **Knocking** (an expected-value rule of thumb, the thresholds below): gin whenever it can.
  Otherwise knock with the discard of least deadwood when that is within the knock limit, except
  (a) *playing on for gin*: the deadwood is at most ``GIN_CHASE_DEADWOOD``, the stock still holds
  ``GIN_CHASE_STOCK`` cards or more and the hand has at least ``GIN_CHASE_OUTS`` unseen cards that
  would make gin (a gin is worth 20 more and cannot be undercut), and (b) *undercut risk*: late
  in the hand (stock at most ``LATE_STOCK``), knock only with ``LATE_DEADWOOD`` or less, since the
  opponent has had the time to lower theirs.
* After the opponent knocks it makes the best lay-offs (``lay off best``).

Deterministic: it never draws from ``rng``; ties go to the order of the legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from parlour.core.protocol import Bot, Game
from parlour.games.gin_rummy.deck import (
    CARDS,
    FULL,
    INDEX,
    RUN_STARTS,
    SPREAD,
    SUIT_BITS,
    VALUE,
    bits,
    mask_of,
)
from parlour.games.gin_rummy.melds import deadwood, discard_deadwoods, meldable
from parlour.games.gin_rummy.moves import Act, BestLayOff, Discard, Draw, Gin, Knock, Move, Pass, Take
from parlour.games.gin_rummy.state import Phase
from parlour.games.gin_rummy.view import GinView

# The constants' values were measured against ``simple``: ``docs/benchmarks.md`` (Gin Rummy).

FEED_PENALTY = 3.0
"""Deadwood points charged per unit of estimated chance that a discard melds for the opponent
(when ``FEED_RISE`` is ``None``)."""
TAKE_MARGIN = 1.0
"""Without ``TAKE2``: taking a discard must beat the expected stock draw by this much (it tells
the opponent)."""
NOW_WEIGHT = 0.0
"""A discard's score: this share of the deadwood left now, the rest the expected one a draw
later."""
RAISE = (2.0, 2.0, 1.4)
"""Weight factors of the cards melding with a card the opponent took: same rank, suit
neighbour one away, two away."""
LOWER = (0.5, 0.6, 0.8)
"""The same for a card the opponent discarded."""
REFUSE = (0.75, 0.8, 0.9)
"""The same for a card the opponent refused (passed, or drew from the stock instead)."""
P_MAX = 0.95
"""The most the chance that the opponent holds an unseen card can be."""
GIN_CHASE_DEADWOOD = 0
"""Play on for gin only with at most this deadwood (0: never)."""
GIN_CHASE_STOCK = 14
GIN_CHASE_OUTS = 3
LATE_STOCK = 0
"""Late in the hand (stock at most this), knock only with ``LATE_DEADWOOD`` or less (0: off)."""
LATE_DEADWOOD = 10
KNOCK_STEP = 20.0
"""Deadwood points added, in the discard and draw scores, to a count above the knock limit."""
LOOK2_MARGIN = 1.0
"""When the second best discard scores within this of the best, the best ``LOOK2_MAX`` within it
are compared two draws ahead (``after_two``; 0: never)."""
LOOK2_MAX = 3
TAKE2 = True
"""Decide whether to take the up-card / top discard two draws ahead on both sides: taking, the
best discard then scored as a discard is (``after_draw`` and the feeding penalty; the deadwood of
a knock if one is possible); drawing from the stock, ``after_two`` of the hand.  False: the
deadwood right after taking against ``after_draw`` (``TAKE_MARGIN``)."""
TAKE2_MARGIN = 1.0
"""With ``TAKE2``: taking must score this much better than drawing (it tells the opponent)."""
LOOK2_PRUNE = 3
"""Two draws ahead, the discards tried after the first draw: the ``LOOK2_PRUNE`` leaving the least
deadwood."""
FEED_RISE: tuple[float, float, int] | None = (1.0, 5.0, 20)
"""``(start, end, cards)``: the feeding penalty rises linearly from ``start`` to ``end`` over the
first ``cards`` cards drawn in the hand (both players, from the stock or the pile), ``end`` after
that (the opponent, nearer to knocking, gains more from a card).  ``None``: ``FEED_PENALTY``
throughout."""


def _same_rank(card: int) -> list[int]:
    rank = card % 13
    return [s * 13 + rank for s in range(4) if s * 13 + rank != card]


def _neighbour(card: int, step: int) -> int:
    """The card ``step`` ranks away in the same suit, or -1."""
    rank = card % 13 + step
    return card + step if 0 <= rank < 13 else -1


SAME_RANK: tuple[tuple[int, ...], ...] = tuple(tuple(_same_rank(c)) for c in range(52))
RUN_PAIRS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((a, b) for a, b in ((_neighbour(c, -2), _neighbour(c, -1)), (_neighbour(c, -1), _neighbour(c, 1)),
                              (_neighbour(c, 1), _neighbour(c, 2))) if a >= 0 and b >= 0)
    for c in range(52))
"""For each card, the pairs of suit neighbours that make a run of three with it."""


def _related(card: int) -> list[tuple[int, int]]:
    """Each card melding with ``card`` and its distance class (0 same rank, 1 or 2 ranks away)."""
    out = [(c, 0) for c in SAME_RANK[card]]
    for step in (-2, -1, 1, 2):
        n = _neighbour(card, step)
        if n >= 0:
            out.append((n, abs(step)))
    return out


RELATED = tuple(tuple(_related(c)) for c in range(52))
NEAR = tuple(sum(1 << c for c, _ in RELATED[card]) for card in range(52))
"""The cards that can share a meld with each card."""


_MID = RUN_STARTS << 1
"""Cards of ranks two to queen: the middle card of a run of three may be there."""
_HIGH = RUN_STARTS << 2


def completing(hand: int) -> int:
    """The cards not in ``hand`` that would lie in a meld of ``hand`` with them (a set with two
    of its rank, or a run with two suit neighbours)."""
    s0 = hand & SUIT_BITS
    s1 = hand >> 13 & SUIT_BITS
    s2 = hand >> 26 & SUIT_BITS
    s3 = hand >> 39
    two = (s0 & (s1 | s2 | s3)) | (s1 & (s2 | s3)) | (s2 & s3)
    runs = ((hand >> 1 & hand >> 2 & RUN_STARTS) | (hand << 1 & hand >> 1 & _MID)
            | (hand << 1 & hand << 2 & _HIGH))
    return (two * SPREAD | runs) & ~hand & FULL


def top_value(mask: int) -> int:
    """The highest card value in ``mask`` (0 if it is empty)."""
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & SUIT_BITS
    return min(ranks.bit_length(), 10)


@lru_cache(maxsize=1 << 17)
def least_left(hand: int) -> int:
    """The least deadwood an eleven-card ``hand`` can leave with one discard: the minimum of
    ``discard_deadwoods``, faster.  Dropping a card of value ``v`` lowers the deadwood by ``v`` at
    most, so a melded card is tried only if it is worth more than every loose one.  Memoized by
    hand."""
    melded = meldable(hand)
    top = top_value(hand & ~melded)
    best = deadwood(hand) - top if top else 1 << 30
    while melded:
        low = melded & -melded
        melded ^= low
        if VALUE[low.bit_length() - 1] > top:
            left = deadwood(hand ^ low)
            if left < best:
                best = left
    return best


def up_card(view: GinView) -> int:
    """The hand's up-card (the first card of the discard pile, or the card taken before any
    discard), or -1 if there is none."""
    for event in view.history:
        if event.act is Act.DISCARD:
            break
        if event.act is Act.TAKE:
            assert event.card is not None
            return INDEX[event.card]
    return INDEX[view.pile[0]] if view.pile else -1


def _rising_feed(view: GinView, rise: tuple[float, float, int]) -> float:
    """The feeding penalty of ``FEED_RISE`` at this point of the hand."""
    start, end, cards = rise
    drawn = sum(1 for e in view.history if e.act is Act.DRAW or e.act is Act.TAKE)
    return start + (end - start) * min(1.0, drawn / cards)


class Model:
    """What one seat infers from its view: the unseen cards and the opponent's chance of each."""

    def __init__(self, view: GinView) -> None:
        assert view.hand is not None and view.seat is not None
        me = view.seat
        them = 1 - me
        self.hand = mask_of(view.hand)
        self.pile = mask_of(view.pile)
        self.their_known = mask_of(view.known[them])
        self.unseen = FULL & ~(self.hand | self.pile | self.their_known)
        weights = [0.0] * 52
        for c in bits(self.unseen):
            weights[c] = 1.0
        for card, factors in self._signals(view, them):
            for other, distance in RELATED[card]:
                if weights[other]:
                    weights[other] *= factors[distance]
        unknown = max(0, view.hand_sizes[them] - self.their_known.bit_count())
        total = sum(weights)
        scale = unknown / total if total else 0.0
        self.p = [min(P_MAX, w * scale) for w in weights]
        for c in bits(self.their_known):
            self.p[c] = 1.0
        self.stock_weights = [(c, 1.0 - self.p[c]) for c in bits(self.unseen)]
        self.stock_total = sum(w for _, w in self.stock_weights) or 1.0
        self.weight = [0.0] * 52
        self.by_value = [0.0] * 11
        for c, w in self.stock_weights:
            self.weight[c] = w
            self.by_value[VALUE[c]] += w
        self._after: dict[int, float] = {}
        self._two: dict[int, float] = {}
        self.knock_limit = view.rules.knock_limit
        self.feed = FEED_PENALTY if FEED_RISE is None else _rising_feed(view, FEED_RISE)

    def stepped(self, count: int) -> float:
        """A deadwood count as the scores weigh it: ``KNOCK_STEP`` more above the knock limit."""
        return count + KNOCK_STEP if count > self.knock_limit else count

    @staticmethod
    def _signals(view: GinView, them: int) -> list[tuple[int, tuple[float, ...]]]:
        """The opponent's takes, discards and refusals in the hand, with their weight factors."""
        top = up_card(view)
        out: list[tuple[int, tuple[float, ...]]] = []
        for event in view.history:
            act = event.act
            card = INDEX[event.card] if event.card is not None else -1
            if act is Act.TAKE:
                if event.seat == them:
                    out.append((card, RAISE))
                top = -1
            elif act is Act.DISCARD:
                if event.seat == them:
                    out.append((card, LOWER))
                top = card
            elif (act is Act.PASS or act is Act.DRAW) and event.seat == them and top >= 0:
                out.append((top, REFUSE))
        return out

    def danger(self, card: int) -> float:
        """The estimated chance that the opponent can meld ``card`` with cards of their hand."""
        p = self.p
        safe = 1.0
        a, b, c = (p[o] for o in SAME_RANK[card])
        sets = a * b + a * c + b * c - 2 * a * b * c  # at least two of the three
        safe *= 1.0 - min(1.0, sets)
        for x, y in RUN_PAIRS[card]:
            safe *= 1.0 - p[x] * p[y]
        return 1.0 - safe

    def after_draw(self, hand: int) -> float:
        """The expected deadwood of a ten-card ``hand`` after one draw from the stock and the
        best discard (unseen cards weighed by their chance of being in the stock; each count
        ``stepped``).  Cached for the model's life."""
        got = self._after.get(hand)
        if got is not None:
            return got
        now = deadwood(hand)
        top = top_value(hand & ~meldable(hand))
        limit = self.knock_limit
        step = KNOCK_STEP
        weight = self.weight
        rest = self.by_value[:]
        total = 0.0
        for card in bits(completing(hand) & self.unseen):
            w = weight[card]
            rest[VALUE[card]] -= w
            best = least_left(hand | 1 << card)
            total += w * (best + step if best > limit else best)
        for v in range(1, 11):
            w = rest[v]
            if w:
                best = now - top + v if v < top else now
                total += w * (best + step if best > limit else best)
        self._after[hand] = value = total / self.stock_total
        return value

    def discard_scores(self, hand: int, keep: int) -> list[tuple[float, int, int]]:
        """For each card of an eleven-card ``hand`` but ``keep``: (score, card, deadwood left)."""
        out = []
        for card, left in discard_deadwoods(hand):
            if card == keep:
                continue
            rest = hand ^ 1 << card
            score = (NOW_WEIGHT * self.stepped(left) + (1 - NOW_WEIGHT) * self.after_draw(rest)
                     + self.feed * self.danger(card))
            out.append((score, card, left))
        return out

    def after_two(self, hand: int) -> float:
        """The expected score of a ten-card ``hand`` two draws ahead: for each card the next draw
        from the stock may bring (weighed as in ``after_draw``), the deadwood of a knock if the
        eleven cards allow one, else the best of its ``LOOK2_PRUNE`` discards leaving the least
        deadwood, each scored as a discard is (``after_draw`` and the feeding penalty).  A card
        that completes no meld leaves the melds as they are, so its discards are the loose cards
        of highest value and their deadwood follows by subtraction.  Cached for the model's
        life."""
        got = self._two.get(hand)
        if got is not None:
            return got
        total = 0.0
        limit = self.knock_limit
        comp = completing(hand) & self.unseen
        now = deadwood(hand)
        ranked = sorted(bits(hand & ~meldable(hand)), key=lambda x: -VALUE[x])
        for card, w in self.stock_weights:
            eleven = hand | 1 << card
            if comp >> card & 1:
                total += w * self.after_eleven(eleven)
                continue
            drops = sorted([*ranked, card], key=lambda x: -VALUE[x])[:LOOK2_PRUNE]
            least = now + VALUE[card] - VALUE[drops[0]]
            if least <= limit:
                total += w * least
            else:
                total += w * min(self.after_draw(eleven ^ 1 << c) + self.feed * self.danger(c) for c in drops)
        self._two[hand] = value = total / self.stock_total
        return value

    def after_eleven(self, eleven: int, keep: int = -1) -> float:
        """The score of an ``eleven``-card hand: the deadwood of a knock if one is possible, else
        the best of the ``LOOK2_PRUNE`` discards (never ``keep``) leaving the least deadwood,
        each scored as a discard is (``after_draw`` and the feeding penalty)."""
        options = sorted((left, card) for card, left in discard_deadwoods(eleven) if card != keep)
        if options[0][0] <= self.knock_limit:
            return float(options[0][0])
        return min(self.after_draw(eleven ^ 1 << card) + self.feed * self.danger(card)
                   for _, card in options[:LOOK2_PRUNE])

    def gin_outs(self, hand: int) -> int:
        """How many unseen cards would let a ten-card ``hand`` go gin."""
        return sum(1 for c in bits(self.unseen)
                   if NEAR[c] & hand and deadwood(hand | 1 << c) <= VALUE[c]
                   and min(left for _, left in discard_deadwoods(hand | 1 << c)) == 0)


def strong_move(view: GinView, legal: Sequence[Move]) -> Move:
    """The strong bot's choice (see the module's docstring)."""
    assert view.hand is not None
    phase = view.phase
    if phase is Phase.LAYOFF:
        return BestLayOff()
    if phase is Phase.WALL:
        return Take() if Take() in legal else Pass()
    model = Model(view)
    hand = model.hand
    if phase is Phase.OFFER or phase is Phase.DRAW:
        refuse: Move = Draw() if Draw() in legal else Pass()
        top = view.top
        if Take() not in legal or top is None:
            return refuse
        up = INDEX[top]
        taken = hand | 1 << up
        if TAKE2:
            take = model.after_eleven(taken, keep=up)
            return Take() if take + TAKE2_MARGIN <= model.after_two(hand) else refuse
        best = min(model.stepped(left) + model.feed * model.danger(card)
                   for card, left in discard_deadwoods(taken) if card != up)
        return Take() if best + TAKE_MARGIN <= model.after_draw(hand) else refuse
    # the discard: eleven cards
    keep = INDEX[view.taken] if view.taken is not None else -1
    options = [(left, card) for card, left in discard_deadwoods(hand) if card != keep]
    least, card = min(options, key=lambda o: (o[0], -VALUE[o[1]]))
    if least == 0 and Gin(CARDS[card]) in legal:
        return Gin(CARDS[card])
    if (least <= view.rules.knock_limit and Knock(CARDS[card]) in legal
            and (view.must_knock or _should_knock(view, model, hand ^ 1 << card, least))):
        return Knock(CARDS[card])
    if view.must_knock:  # cannot happen: taking at the wall is offered only when a knock follows
        return next(m for m in legal if isinstance(m, (Knock, Gin)))
    scores = sorted(model.discard_scores(hand, keep))
    _, card, _ = scores[0]
    if LOOK2_MARGIN > 0 and len(scores) > 1 and scores[1][0] - scores[0][0] < LOOK2_MARGIN:
        close = [s for s in scores[:LOOK2_MAX] if s[0] - scores[0][0] < LOOK2_MARGIN]
        _, card = min((model.after_two(hand ^ 1 << c) + model.feed * model.danger(c), c)
                      for _, c, _ in close)
    return Discard(CARDS[card])


def _should_knock(view: GinView, model: Model, rest: int, count: int) -> bool:
    stock = view.stock_size
    if (count <= GIN_CHASE_DEADWOOD and stock >= GIN_CHASE_STOCK
            and model.gin_outs(rest) >= GIN_CHASE_OUTS):
        return False
    return not (stock <= LATE_STOCK and count > LATE_DEADWOOD)


class StrongBot(Bot[GinView, Move]):
    """Tracks the cards, infers the opponent's hand, discards safely, knocks by a value rule."""

    name = "strong"

    def choose(self, game: Game[Any, Any, Move, Any, Any], view: GinView, legal: Sequence[Move],
               rng: random.Random) -> Move:
        return strong_move(view, legal)


__all__ = ["Model", "StrongBot", "strong_move"]
