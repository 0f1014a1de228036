"""Chance: the shoe, and each card dealt to the hand (or the dealer) waiting for it.

A card's chance is its count in the shoe over the cards left (each of the 52 alike for an
infinite deck).  A shoe run dry mid-round is refilled with every card not on the table, as a
dealer would reshuffle the discards; the running count then starts again from the cards shown
on the table.  The hole card is counted only once turned up.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import overload

from parlour.core.cards import Card, standard_deck
from parlour.games.blackjack.engine.betting import after_deal
from parlour.games.blackjack.engine.playing import next_hand, with_hand
from parlour.games.blackjack.engine.settlement import DEALER_CARD, dealer_draws, settle
from parlour.games.blackjack.state import (
    DEAL,
    DEALER,
    DEALERS_TURN,
    FACE_DOWN,
    Hand,
    State,
    Table,
    full_shoe,
    hi_lo,
    shoe_without,
    value,
)

DECK = standard_deck()
"""The 52 cards, in the order of the shoe (by ``Card.index``)."""

_ANY_CARD = tuple((card, Fraction(1, 52)) for card in DECK)


def card_chances(state: State) -> tuple[tuple[Card, Fraction], ...]:
    """The next card and its probability: as many as are left in the shoe, each of the 52 alike
    for an infinite deck."""
    return _from_shoe(state.shoe) if state.table.rules.decks else _ANY_CARD


@lru_cache(maxsize=4096)
def _from_shoe(shoe: bytes) -> tuple[tuple[Card, Fraction], ...]:
    return tuple((DECK[i], Fraction(shoe.count(i), len(shoe))) for i in dict.fromkeys(shoe))


class CardsLeft(Sequence[Card]):
    """The cards that may come next, in the deck's order: those left in ``shoe`` (every card for
    an infinite deck, an empty ``shoe``), as ``card_chances`` lists them; ``card in`` it looks
    the card up in the shoe, without building the list."""

    __slots__ = ("_shoe",)

    def __init__(self, shoe: bytes) -> None:
        self._shoe = shoe

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and (not self._shoe or card.index in self._shoe)

    def _cards(self) -> tuple[Card, ...]:
        return tuple(DECK[i] for i in dict.fromkeys(self._shoe)) if self._shoe else DECK

    def __len__(self) -> int:
        return len(self._cards())

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards())

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...

    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        return self._cards()[index]

    def __repr__(self) -> str:
        return f"CardsLeft({' '.join(map(str, self))})"


def cards_left(state: State) -> CardsLeft:
    """The cards that may be dealt next (those ``card_chances`` gives a probability)."""
    return CardsLeft(state.shoe if state.table.rules.decks else b"")


def draw_card(state: State, rng: random.Random) -> Card:
    """The next card, with its probability in ``card_chances``, by one ``rng.randrange``.

    The same card, and ``rng`` left in the same state, as ``Game.sample_chance`` over
    ``card_chances``: the probabilities' common denominator is the number of cards left over
    ``step``, the greatest common divisor of the cards' counts, and the shoe lists the cards in
    ``card_chances``' order, each as many times as its count, so the point drawn, times
    ``step``, is where the generic draw's point falls among its cumulative weights."""
    if not state.table.rules.decks:
        return DECK[rng.randrange(52)]
    shoe = state.shoe
    # ``step``, read card by card (a card's copies lie side by side) until it is 1, which is at
    # once in a single deck
    step, start = len(shoe), 0
    while step > 1 and start < len(shoe):
        copies = shoe.count(shoe[start])
        step = math.gcd(step, copies)
        start += copies
    return DECK[shoe[rng.randrange(len(shoe) // step) * step]]


def _refill(decks: int, out: Sequence[Card]) -> bytes:
    """A full shoe of ``decks`` packs less the cards ``out``."""
    left = bytearray(full_shoe(decks))
    for card in out:
        left.remove(card.index)
    return bytes(left)


def _on_table(state: State) -> list[Card]:
    """The cards on the table: the dealer's and every hand's."""
    return [*state.dealer, *(card for hands in state.hands for hand in hands for card in hand.cards)]


def _shuffled_in(state: State, card: Card, shown: int) -> tuple[bytes, Table, int]:
    """``card`` is the shoe's last: every card not on the table is shuffled in (one more shuffle
    on the table); the cards on the table and ``card`` stay out, as what has been dealt since
    this shuffle, and those shown make its running count (with ``shown``, ``card``'s count if
    it is dealt face up, else 0)."""
    on_table = _on_table(state)
    hole = hi_lo(state.dealer[state.hole]) if state.hole >= 0 else 0
    count = sum(hi_lo(c) for c in on_table) - hole + shown
    table = replace(state.table, shuffles=state.table.shuffles + 1)
    return _refill(state.table.rules.decks, (card, *on_table)), table, count


def deal_card(state: State, outcome: Card) -> State:
    """Deal ``outcome``, the card drawn, to the first hand waiting for one (in the dealer's turn,
    the dealer's next card is due at once while the dealer draws); once the cards waited for are
    dealt, the round moves on."""
    card = outcome
    rules = state.table.rules
    target, which = state.pending[0]
    pending = state.pending[1:]
    face_down = target == DEALER and which == FACE_DOWN
    shown = 0 if face_down else hi_lo(card)
    shoe, table, count = state.shoe, state.table, state.count + shown
    if rules.decks:
        shoe = shoe_without(shoe, card)
        if not shoe:
            shoe, table, count = _shuffled_in(state, card, shown)
    dealer, hole, hands = state.dealer, state.hole, state.hands
    if target == DEALER:
        hole = len(dealer) if face_down else hole
        dealer = (*dealer, card)
        if state.phase is DEALERS_TURN:
            if not dealer_draws(rules, hands, dealer):
                return settle(table, hands, dealer, shoe, count)
            pending = DEALER_CARD
    else:
        hand = hands[target][which]
        dealt = Hand((*hand.cards, card), (*hand.values, value(card)), hand.bet, hand.from_split,
                     hand.doubled, hand.surrendered)
        hands = with_hand(hands, target, which, dealt)
    state = State(table, hands, state.phase, shoe, dealer, hole, pending, state.current, count)
    if pending:
        return state
    if state.phase is DEAL:
        return after_deal(state)
    return next_hand(state, state.current)  # (the PLAY phase)
