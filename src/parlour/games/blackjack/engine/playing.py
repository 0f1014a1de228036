"""The players' turns: the plays of the hand to act, what each does, and the next hand to play.

Hands are played in seat order, each seat's hands left to right.  A hand stands by itself when
there is nothing to decide: at 21 or more, a blackjack, a doubled hand after its card, a split ace
after its one card (unless split aces may draw, or may be split again and another ace came).
Doubling, splitting and surrender are for a hand's first two cards only.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from parlour.games.blackjack.engine.settlement import dealer_turn
from parlour.games.blackjack.moves import DoubleDown, Hit, Play, Split, Stand, SurrenderHand
from parlour.games.blackjack.rules import Surrender, hand_total, is_blackjack, may_double
from parlour.games.blackjack.state import PLAY, Hand, State

HIT, STAND, DOUBLE, SPLIT, SURRENDER = Hit(), Stand(), DoubleDown(), Split(), SurrenderHand()
FIRST_HAND = (0, 0)
"""Where the players' turns start: the first seat's first hand."""


T = TypeVar("T")


def put(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with ``item`` at ``index``."""
    changed = list(items)
    changed[index] = item
    return tuple(changed)


def with_hand(hands: tuple[tuple[Hand, ...], ...], seat: int, index: int,
              hand: Hand) -> tuple[tuple[Hand, ...], ...]:
    """Each seat's ``hands`` with ``hand`` as ``seat``'s hand ``index``."""
    return put(hands, seat, put(hands[seat], index, hand))


def may_split(state: State, seat: int) -> bool:
    """The rules let ``seat``'s hand to act be split (chips aside): a pair, fewer hands than the
    table allows, and aces split again only where the rules say so."""
    rules = state.table.rules
    hands = state.hands[seat]
    hand = hands[state.current[1]]
    if len(hand.cards) != 2 or len(hands) >= rules.split_hands:
        return False
    first, second = hand.values
    return first == second and not (first == 1 and hand.from_split and not rules.resplit_aces)


def plays(state: State, seat: int) -> tuple[Play, ...]:
    """The plays of ``seat``'s hand to act: hit and stand, and those of double, split and
    surrender the rules and the seat's free chips allow."""
    rules = state.table.rules
    hand = state.hands[seat][state.current[1]]
    if len(hand.cards) != 2:
        return HIT, STAND
    double = may_double(rules, hand.values, hand.from_split)
    split = may_split(state, seat)
    if (double or split) and state.free(seat) < hand.bet:  # not the chips to match the hand's bet
        double = split = False
    surrender = rules.surrender is Surrender.LATE and not hand.from_split and len(state.hands[seat]) == 1
    moves: list[Play] = [HIT, STAND]
    if double:
        moves.append(DOUBLE)
    if split:
        moves.append(SPLIT)
    if surrender:
        moves.append(SURRENDER)
    return tuple(moves)


def play(state: State, seat: int, move: Play) -> State:
    """``seat`` plays ``move`` (one of :func:`plays`) on the hand to act: a hit, a double and a
    split wait for a card; a stand and a surrender pass the turn on."""
    index = state.current[1]
    hand = state.hands[seat][index]
    if isinstance(move, Stand):
        return next_hand(state, (seat, index + 1))
    if isinstance(move, Hit):
        hands = state.hands
    elif isinstance(move, DoubleDown):
        hands = with_hand(state.hands, seat, index, replace(hand, bet=hand.bet * 2, doubled=True))
    elif isinstance(move, Split):
        halves = tuple(Hand((card,), (points,), hand.bet, from_split=True)
                       for card, points in zip(hand.cards, hand.values, strict=True))
        seat_hands = state.hands[seat]
        hands = put(state.hands, seat, (*seat_hands[:index], *halves, *seat_hands[index + 1:]))
    else:
        assert isinstance(move, SurrenderHand)
        hands = with_hand(state.hands, seat, index, replace(hand, surrendered=True))
        return next_hand(replace(state, hands=hands), (seat, index + 1))
    pending = ((seat, index),)
    return State(state.table, hands, state.phase, state.shoe, state.dealer, state.hole, pending,
                 state.current, state.count)


def stands_by_itself(state: State, seat: int, hand: Hand) -> bool:
    """``seat``'s ``hand``, dealt its first two cards, has nothing to decide."""
    rules = state.table.rules
    values = hand.values
    if hand_total(values)[0] >= 21 or hand.doubled:
        return True
    if hand.from_split:  # split aces stand after one card, unless they may draw or split again
        return values[0] == 1 and not rules.hit_split_aces and not (
            rules.resplit_aces and values[1] == 1 and len(state.hands[seat]) < rules.split_hands)
    return is_blackjack(values) and rules.naturals  # (``hand.natural``: not from a split)


def next_hand(state: State, start: tuple[int, int]) -> State:
    """The turn passes to the first hand from ``start`` on (seat, hand index) with something to
    decide (the hands before it are done): a split hand is dealt its second card first; a hand
    with nothing to decide is passed over.  After the last hand, the dealer plays."""
    first_seat, first_index = start
    for seat in range(first_seat, len(state.hands)):
        hands = state.hands[seat]
        for index in range(first_index if seat == first_seat else 0, len(hands)):
            hand = hands[index]
            here = (seat, index)
            if len(hand.cards) == 1:  # a split hand: its second card first
                return _to_act(state, here, (here,))
            if not stands_by_itself(state, seat, hand):
                if state.current == here and state.phase is PLAY:
                    return state  # (the hand that was to act, after its card)
                return _to_act(state, here, ())
    return dealer_turn(state)


def _to_act(state: State, current: tuple[int, int], pending: tuple[tuple[int, int], ...]) -> State:
    """``state`` with the hand ``current`` to act, waiting for the cards ``pending``."""
    return State(state.table, state.hands, PLAY, state.shoe, state.dealer, state.hole, pending, current,
                 state.count)
