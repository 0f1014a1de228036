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
from parlour.games.blackjack.state import Hand, Phase, Player, State

HIT, STAND, DOUBLE, SPLIT, SURRENDER = Hit(), Stand(), DoubleDown(), Split(), SurrenderHand()


T = TypeVar("T")


def put(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with ``item`` at ``index``."""
    changed = list(items)
    changed[index] = item
    return tuple(changed)


def with_hand(players: tuple[Player, ...], seat: int, index: int, hand: Hand) -> tuple[Player, ...]:
    """``players`` with ``hand`` as ``seat``'s hand ``index``."""
    player = players[seat]
    return put(players, seat, replace(player, hands=put(player.hands, index, hand)))


def may_split(state: State, seat: int) -> bool:
    """The rules let ``seat``'s hand to act be split (chips aside): a pair, fewer hands than the
    table allows, and aces split again only where the rules say so."""
    rules = state.rules
    player = state.players[seat]
    hand = player.hands[state.current[1]]
    if len(hand.cards) != 2 or len(player.hands) >= rules.split_hands:
        return False
    first, second = hand.values
    return first == second and not (first == 1 and hand.from_split and not rules.resplit_aces)


def plays(state: State, seat: int) -> tuple[Play, ...]:
    """The plays of ``seat``'s hand to act: hit and stand, and those of double, split and
    surrender the rules and the seat's free chips allow."""
    rules = state.rules
    player = state.players[seat]
    hand = player.hands[state.current[1]]
    if len(hand.cards) != 2:
        return HIT, STAND
    double = may_double(rules, hand.values, hand.from_split)
    split = may_split(state, seat)
    if (double or split) and player.free < hand.bet:  # not the chips to match the hand's bet
        double = split = False
    surrender = rules.surrender is Surrender.LATE and not hand.from_split and len(player.hands) == 1
    moves: list[Play] = [HIT, STAND]
    if double:
        moves.append(DOUBLE)
    if split:
        moves.append(SPLIT)
    if surrender:
        moves.append(SURRENDER)
    return tuple(moves)


def play(state: State, seat: int, move: Play) -> State:
    """``seat`` plays ``move`` (one of :func:`plays`) on the hand to act."""
    index = state.current[1]
    player = state.players[seat]
    hand = player.hands[index]
    if isinstance(move, Hit):
        return replace(state, pending=((seat, index),))
    if isinstance(move, Stand):
        stood = replace(hand, done=True)
        return next_hand(replace(state, players=with_hand(state.players, seat, index, stood)))
    if isinstance(move, DoubleDown):
        doubled = replace(hand, bet=hand.bet * 2, doubled=True)
        return replace(state, players=with_hand(state.players, seat, index, doubled),
                       pending=((seat, index),))
    if isinstance(move, SurrenderHand):
        given_up = replace(hand, done=True, surrendered=True)
        return next_hand(replace(state, players=with_hand(state.players, seat, index, given_up)))
    assert isinstance(move, Split)
    halves = tuple(Hand((card,), hand.bet, from_split=True) for card in hand.cards)
    hands = (*player.hands[:index], *halves, *player.hands[index + 1:])
    return replace(state, players=put(state.players, seat, replace(player, hands=hands)),
                   pending=((seat, index),))


def stands_by_itself(state: State, player: Player, hand: Hand) -> bool:
    """``player``'s ``hand``, dealt its first two cards, has nothing to decide."""
    rules = state.rules
    values = hand.values
    if hand_total(values)[0] >= 21 or hand.doubled:
        return True
    if hand.from_split:  # split aces stand after one card, unless they may draw or split again
        return values[0] == 1 and not rules.hit_split_aces and not (
            rules.resplit_aces and values[1] == 1 and len(player.hands) < rules.split_hands)
    return rules.naturals and is_blackjack(values)  # (``hand.natural``: not from a split)


def next_hand(state: State) -> State:
    """Move on to the first hand not yet done: a split hand is dealt its second card first; a
    hand with nothing to decide stands; the first hand left to decide is to act.  After the last
    hand, the dealer plays."""
    players = state.players
    for seat, player in enumerate(state.players):
        for index, hand in enumerate(player.hands):
            if hand.done:
                continue
            here = (seat, index)
            if len(hand.cards) == 1:  # a split hand: its second card first
                return replace(state, players=players, phase=Phase.PLAY, current=here, pending=(here,))
            if not stands_by_itself(state, player, hand):
                if players is state.players and state.phase is Phase.PLAY and state.current == here:
                    return state  # (the hand that was to act, after its card)
                return replace(state, players=players, phase=Phase.PLAY, current=here)
            players = with_hand(players, seat, index, replace(hand, done=True))
    return dealer_turn(state if players is state.players else replace(state, players=players))
