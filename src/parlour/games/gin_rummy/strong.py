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
  The lowest score is played.  (The score may mix in the deadwood left at once, ``NOW_WEIGHT``;
  measured, looking one draw ahead alone is better.)
* **Drawing.**  It takes the up-card / top discard when the best hand it makes (the deadwood
  after the best discard, with the step above, plus that discard's danger penalty) beats the
  expected deadwood of a draw from the stock by ``TAKE_MARGIN``.  At the wall it takes whenever
  it may (only a knock can follow).
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
from typing import Any

from parlour.core.protocol import Bot
from parlour.games.gin_rummy.deck import CARDS, FULL, INDEX, VALUE, bits, mask_of
from parlour.games.gin_rummy.melds import deadwood, discard_deadwoods, meldable
from parlour.games.gin_rummy.notation import BestLayOff, Discard, Draw, Gin, Knock, Move, Pass, Take
from parlour.games.gin_rummy.state import Act, Phase
from parlour.games.gin_rummy.view import GinView

FEED_PENALTY = 3.0
"""Deadwood points charged per unit of estimated chance that a discard melds for the opponent
(measured against ``simple``: with the one-draw score, 3 beat 1.5 and 0.5; 10 lost, keeping too
many high cards)."""
TAKE_MARGIN = 1.0
"""Taking a discard must beat the expected stock draw by this much (it tells the opponent;
measured: 0 and 2 no better)."""
NOW_WEIGHT = 0.0
"""A discard's score: this share of the deadwood left now, the rest the expected one a draw later
(measured: 0 beat 0.5 by about 0.25 points a hand; 1, greedy like ``simple``, lost)."""
RAISE = (2.0, 2.0, 1.4)
"""Weight factors of the cards melding with a card the opponent took: same rank, suit
neighbour one away, two away."""
LOWER = (0.5, 0.6, 0.8)
"""The same for a card the opponent discarded."""
REFUSE = (0.75, 0.8, 0.9)
"""The same for a card the opponent refused (passed, or drew from the stock instead)."""
P_MAX = 0.95
GIN_CHASE_DEADWOOD = 0
"""Play on for gin only with at most this deadwood (0: never; the thresholds were measured)."""
GIN_CHASE_STOCK = 14
GIN_CHASE_OUTS = 3
LATE_STOCK = 0
"""Late in the hand (stock at most this), knock only with ``LATE_DEADWOOD`` or less (0: off)."""
LATE_DEADWOOD = 10
KNOCK_STEP = 20.0
"""Deadwood points added, in the discard and draw scores, to a count above the knock limit
(measured: 5 a little better than 0; 20 with ``FEED_RISE`` better than 5 with a flat penalty of
3, by +0.10 ± 0.04 points a hand over 48,000 deals paired)."""
FEED_RISE: tuple[float, float, int] | None = (1.0, 5.0, 20)
"""``(start, end, cards)``: the feeding penalty rises linearly from ``start`` to ``end`` over the
first ``cards`` cards drawn in the hand (both players, from the stock or the pile), ``end`` after
that (the opponent, nearer to knocking, gains more from a card).  ``None``: ``FEED_PENALTY``
throughout.  (Measured, paired: a start of 1 beat 2 by +0.06 ± 0.03 points a hand over 40,000
deals; other ends and lengths, and a start of 3, did no better.)"""


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


RANKS = (1 << 13) - 1


def top_value(mask: int) -> int:
    """The highest card value in ``mask`` (0 if it is empty)."""
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & RANKS
    return min(ranks.bit_length(), 10)


def least_left(hand: int) -> int:
    """The least deadwood an eleven-card ``hand`` can leave with one discard: the minimum of
    ``discard_deadwoods``, faster.  Dropping a card of value ``v`` lowers the deadwood by ``v`` at
    most, so a melded card is tried only if it is worth more than every loose one."""
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
        self._after: dict[int, float] = {}
        self.knock_limit = view.rules.knock_limit
        self.feed = FEED_PENALTY if FEED_RISE is None else _rising_feed(view, FEED_RISE)

    def stepped(self, count: int) -> float:
        """A deadwood count as the scores weigh it: ``KNOCK_STEP`` more above the knock limit."""
        return count + KNOCK_STEP if count > self.knock_limit else count

    @staticmethod
    def _signals(view: GinView, them: int) -> list[tuple[int, tuple[float, ...]]]:
        """The opponent's takes, discards and refusals in the hand, with their weight factors."""
        history = view.history
        up = None
        for event in history:
            if event.act is Act.DISCARD:
                break
            if event.act is Act.TAKE:
                up = event.card
                break
        if up is None and view.pile:
            up = view.pile[0]
        top = INDEX[up] if up is not None else -1
        out: list[tuple[int, tuple[float, ...]]] = []
        for event in history:
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
        total = 0.0
        for card, weight in self.stock_weights:
            if NEAR[card] & hand and meldable(hand | 1 << card) >> card & 1:
                best = least_left(hand | 1 << card)
            else:
                best = now - max(0, top - VALUE[card])
            total += weight * self.stepped(best)
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
        best = min(model.stepped(left) + model.feed * model.danger(card)
                   for card, left in discard_deadwoods(taken) if card != up)
        if best + TAKE_MARGIN <= model.after_draw(hand):
            return Take()
        return refuse
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
    _, card, _ = min(model.discard_scores(hand, keep))
    return Discard(CARDS[card])


def _should_knock(view: GinView, model: Model, rest: int, count: int) -> bool:
    stock = view.stock_size
    if (count <= GIN_CHASE_DEADWOOD and stock >= GIN_CHASE_STOCK
            and model.gin_outs(rest) >= GIN_CHASE_OUTS):
        return False
    return not (stock <= LATE_STOCK and count > LATE_DEADWOOD)


class StrongBot(Bot):
    """Tracks the cards, infers the opponent's hand, discards safely, knocks by a value rule."""

    name = "strong"

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Move:
        assert isinstance(view, GinView)
        move = strong_move(view, legal)
        assert move in legal, f"the strong bot chose {move!r}, which is not legal"
        return move


__all__ = ["Model", "StrongBot", "strong_move"]
