"""The dealer's turn and settling up: the dealer's hand is completed, then every hand is paid.

Invariants: the dealer draws only while some hand still depends on the dealer's cards (a live
hand, or a blackjack waiting to see whether the dealer has one too); settling empties the table
(no bets, hands, insurance or dealer cards), records the round in ``history`` and either opens
the next round's betting or ends the game.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from parlour.core.cards import Card
from parlour.games.blackjack.moves import HandResult, Outcome, RoundResult
from parlour.games.blackjack.rules import Rules, dealer_hits, hand_total, is_blackjack
from parlour.games.blackjack.state import (
    DEALER,
    FACE_UP,
    NO_HAND,
    Hand,
    Phase,
    Player,
    State,
    hi_lo,
    values_of,
)


def dealer_draws(rules: Rules, players: tuple[Player, ...], dealer: tuple[Card, ...]) -> bool:
    """Whether the dealer takes another card: while the drawing rule says so (once the dealer has
    two cards) and some hand depends on it: a live hand (not surrendered, bust or a blackjack),
    or, while the dealer has one card, a blackjack waiting to see whether the dealer has one."""
    complete = len(dealer) >= 2
    if complete and not dealer_hits(rules, values_of(dealer)):
        return False
    hands = [hand for player in players for hand in player.hands]
    if any(not hand.natural(rules) and not hand.surrendered and not hand.bust for hand in hands):
        return True
    return not complete and any(hand.natural(rules) for hand in hands)


def dealer_turn(state: State) -> State:
    """The players are done: the hole card is turned up (and counted), and the dealer draws or
    the bets are settled."""
    count = state.count
    if state.hole >= 0:
        count += hi_lo(state.dealer[state.hole])
    if dealer_draws(state.rules, state.players, state.dealer):
        return replace(state, phase=Phase.DEALER, current=NO_HAND, count=count, hole=-1,
                       pending=((DEALER, FACE_UP),))
    return settle(state, count)


def dealer_drew(state: State) -> State:
    """The dealer's card is dealt (``state.pending`` empty): another card, or the settlement."""
    if dealer_draws(state.rules, state.players, state.dealer):
        return replace(state, pending=((DEALER, FACE_UP),))
    return settle(state, state.count)


def hand_result(rules: Rules, hand: Hand, dealer_blackjack: bool,
                dealer_total: int) -> tuple[Outcome, Fraction]:
    """How ``hand`` ends against the dealer's hand, and the chips it wins (negative: loses)."""
    bet = hand.bet
    if hand.surrendered:  # late: honoured only if the dealer has no blackjack (seen later without a peek)
        return (Outcome.LOSE, Fraction(-bet)) if dealer_blackjack else (Outcome.SURRENDER, Fraction(-bet, 2))
    if hand.natural(rules):
        if dealer_blackjack:
            return Outcome.PUSH, Fraction(0)
        won, staked = rules.blackjack.ratio
        return Outcome.BLACKJACK, Fraction(bet * won, staked)
    if hand.bust:
        return Outcome.BUST, Fraction(-bet)
    if dealer_blackjack:
        return Outcome.LOSE, Fraction(-bet)
    total = hand.total
    if dealer_total > 21 or total > dealer_total:
        return Outcome.WIN, Fraction(bet)
    if total == dealer_total:
        return Outcome.PUSH, Fraction(0)
    return Outcome.LOSE, Fraction(-bet)


def settle(state: State, count: int) -> State:
    """Pay every hand and insurance, record the round and end it, with the running ``count``
    (the hole card counted in, if it was turned up).  A player left with fewer chips than the
    smallest bet is out; the game ends after the last round or once every player is out."""
    rules = state.rules
    dealer_values = values_of(state.dealer)
    dealer_blackjack = rules.naturals and is_blackjack(dealer_values)
    dealer_total = hand_total(dealer_values)[0]
    results: list[tuple[HandResult, ...]] = []
    insurance: list[Fraction] = []
    players: list[Player] = []
    for player in state.players:
        hands = []
        for hand in player.hands:
            if hand.cards:
                outcome, net = hand_result(rules, hand, dealer_blackjack, dealer_total)
                hands.append(HandResult(hand.cards, hand.bet, outcome, net))
        insured = player.insurance or Fraction(0)
        side_bet = 2 * insured if dealer_blackjack else -insured
        balance = player.balance + sum(h.net for h in hands) + side_bet
        results.append(tuple(hands))
        insurance.append(side_bet)
        players.append(Player(balance, out=balance < rules.min_bet))
    record = RoundResult(state.round, state.dealer, tuple(results), tuple(insurance))
    over = state.round >= rules.rounds or all(p.out for p in players)
    return replace(state, players=tuple(players), history=(*state.history, record), count=count,
                   phase=Phase.OVER if over else Phase.BET, round=state.round if over else state.round + 1,
                   pending=(), current=NO_HAND, hole=-1, dealer=())


def returns(state: State) -> tuple[float, ...]:
    """Each player's chips won (or lost, negative) since the start."""
    return tuple(float(p.balance - state.rules.bankroll) for p in state.players)


def winners(state: State) -> tuple[int, ...]:
    """Once the game is over, the players with more chips than they started with."""
    if not state.over:
        return ()
    return tuple(seat for seat, p in enumerate(state.players) if p.balance > state.rules.bankroll)


def seat_scores(state: State) -> tuple[tuple[int, ...], ...]:
    """Each player's net chips in each round so far (whole chips, rounded toward zero)."""
    return tuple(tuple(int(r.net(seat)) for r in state.history) for seat in range(len(state.players)))
