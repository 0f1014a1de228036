"""The players' turns: the plays of the hand to act, what each does, and the next hand to play.

Hands are played in seat order, each seat's hands left to right.  A hand stands by itself when
there is nothing to decide: at 21 or more, a blackjack, a doubled hand after its card, a split ace
after its one card (unless split aces may draw, or may be split again and another ace came).
Doubling, splitting and surrender are for a hand's first two cards only.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from parlour.games.blackjack.engine.settlement import dealer_turn
from parlour.games.blackjack.moves import DoubleDown, Hit, Play, Split, Stand, SurrenderHand
from parlour.games.blackjack.rules import Surrender, may_double
from parlour.games.blackjack.state import Hand, Phase, Player, State

HIT, STAND, DOUBLE, SPLIT, SURRENDER = Hit(), Stand(), DoubleDown(), Split(), SurrenderHand()


def with_player(state: State, seat: int, player: Player, **changes: Any) -> State:
    """``state`` with ``player`` at ``seat`` (and the other ``changes`` to its fields)."""
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players), **changes)


def with_hand(state: State, seat: int, index: int, hand: Hand, **changes: Any) -> State:
    """``state`` with ``hand`` as ``seat``'s hand ``index`` (and the other ``changes``)."""
    player = state.players[seat]
    hands = list(player.hands)
    hands[index] = hand
    return with_player(state, seat, replace(player, hands=tuple(hands)), **changes)


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
    moves: list[Play] = [HIT, STAND]
    double, split = may_double(rules, hand.values, hand.from_split), may_split(state, seat)
    if (double or split) and player.free >= hand.bet:  # the chips to match the hand's bet
        moves += [DOUBLE] if double else []
        moves += [SPLIT] if split else []
    if rules.surrender is Surrender.LATE and not hand.from_split and len(player.hands) == 1:
        moves.append(SURRENDER)
    return tuple(moves)


def play(state: State, seat: int, move: Play) -> State:
    """``seat`` plays ``move`` (one of :func:`plays`) on the hand to act."""
    index = state.current[1]
    hand = state.players[seat].hands[index]
    if isinstance(move, Hit):
        return replace(state, pending=((seat, index),))
    if isinstance(move, Stand):
        return next_hand(with_hand(state, seat, index, replace(hand, done=True)))
    if isinstance(move, DoubleDown):
        return with_hand(state, seat, index, replace(hand, bet=hand.bet * 2, doubled=True),
                         pending=((seat, index),))
    if isinstance(move, SurrenderHand):
        return next_hand(with_hand(state, seat, index, replace(hand, done=True, surrendered=True)))
    assert isinstance(move, Split)
    player = state.players[seat]
    halves = tuple(Hand((card,), hand.bet, from_split=True) for card in hand.cards)
    hands = (*player.hands[:index], *halves, *player.hands[index + 1:])
    return with_player(state, seat, replace(player, hands=hands), pending=((seat, index),))


def stands_by_itself(state: State, player: Player, hand: Hand) -> bool:
    """``player``'s ``hand``, dealt its first two cards, has nothing to decide."""
    rules = state.rules
    values = hand.values
    if hand.total >= 21 or hand.doubled:
        return True
    if hand.from_split:  # split aces stand after one card, unless they may draw or split again
        return values[0] == 1 and not rules.hit_split_aces and not (
            rules.resplit_aces and values[1] == 1 and len(player.hands) < rules.split_hands)
    return hand.natural(rules)


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
            hands = list(players[seat].hands)
            hands[index] = replace(hand, done=True)
            changed = list(players)
            changed[seat] = replace(players[seat], hands=tuple(hands))
            players = tuple(changed)
    return dealer_turn(state if players is state.players else replace(state, players=players))
