"""The dealer's turn and settling up: the dealer's hand is completed, then every hand is paid.

Invariants: the dealer draws only while some hand still depends on the dealer's cards (a live
hand, or a blackjack waiting to see whether the dealer has one too); settling empties the table
(no bets, hands, insurance or dealer cards), records the round in ``history`` and either opens
the next round's betting or ends the game.
"""

from __future__ import annotations

from fractions import Fraction

from parlour.core.cards import Card
from parlour.games.blackjack.moves import Chips, HandResult, Outcome, RoundResult
from parlour.games.blackjack.rules import Rules, dealer_hits, hand_total, is_blackjack
from parlour.games.blackjack.state import (
    BET,
    DEALER,
    DEALERS_TURN,
    FACE_UP,
    NO_HAND,
    NO_HOLE,
    OVER,
    Hand,
    Player,
    State,
    Table,
    hi_lo,
    values_of,
)

DEALER_CARD = ((DEALER, FACE_UP),)
"""``State.pending`` while the dealer draws: a card for the dealer, face up."""


def dealer_draws(rules: Rules, hands: tuple[tuple[Hand, ...], ...], dealer: tuple[Card, ...]) -> bool:
    """Whether the dealer takes another card: while the drawing rule says so (once the dealer has
    two cards) and some hand depends on it: a live hand (not surrendered, bust or a blackjack),
    or, while the dealer has one card, a blackjack waiting to see whether the dealer has one."""
    complete = len(dealer) >= 2
    if complete and not dealer_hits(rules, values_of(dealer)):
        return False
    for seat_hands in hands:
        for hand in seat_hands:
            if not hand.surrendered and not hand.bust and (not complete or not hand.natural(rules)):
                return True
    return False


def dealer_turn(state: State) -> State:
    """The players are done: the hole card is turned up (and counted), and the dealer draws or
    the bets are settled."""
    count = state.count
    if state.hole >= 0:
        count += hi_lo(state.dealer[state.hole])
    if dealer_draws(state.table.rules, state.hands, state.dealer):
        hole, pending, current = NO_HOLE, DEALER_CARD, NO_HAND
        return State(state.table, state.hands, DEALERS_TURN, state.shoe, state.dealer, hole, pending, current,
                     count)
    return settle(state.table, state.hands, state.dealer, state.shoe, count)


def hand_result(rules: Rules, hand: Hand, dealer_blackjack: bool,
                dealer_total: int) -> tuple[Outcome, Chips]:
    """How ``hand`` ends against the dealer's hand, and the chips it wins (negative: loses)."""
    bet = hand.bet
    if hand.surrendered:  # late: honoured only if the dealer has no blackjack (seen later without a peek)
        return (Outcome.LOSE, -bet) if dealer_blackjack else (Outcome.SURRENDER, Fraction(-bet, 2))
    if hand.natural(rules):
        if dealer_blackjack:
            return Outcome.PUSH, 0
        won, staked = rules.blackjack.ratio
        return Outcome.BLACKJACK, Fraction(bet * won, staked)
    total = hand.total
    if total > 21:
        return Outcome.BUST, -bet
    if dealer_blackjack:
        return Outcome.LOSE, -bet
    if dealer_total > 21 or total > dealer_total:
        return Outcome.WIN, bet
    if total == dealer_total:
        return Outcome.PUSH, 0
    return Outcome.LOSE, -bet


def insurance_result(insurance: Chips | None, dealer_blackjack: bool) -> Chips:
    """The chips insurance wins (it pays 2:1 if the dealer has blackjack) or loses."""
    insured = insurance or 0
    return 2 * insured if dealer_blackjack else -insured


def settle(table: Table, hands: tuple[tuple[Hand, ...], ...], dealer: tuple[Card, ...], shoe: bytes,
           count: int) -> State:
    """The round ends with these ``hands`` and the dealer's cards ``dealer`` (the shoe left, the
    running ``count`` with the hole card counted in, if it was turned up): every hand and
    insurance is paid and the round recorded.  A player left with fewer chips than the smallest
    bet is out; the game ends after the last round or once every player is out."""
    rules = table.rules
    dealer_values = values_of(dealer)
    dealer_blackjack = is_blackjack(dealer_values) and rules.naturals
    dealer_total = hand_total(dealer_values)[0]
    results: list[tuple[HandResult, ...]] = []
    insurance: list[Chips] = []
    paid: list[Player] = []
    for player, seat_hands in zip(table.players, hands, strict=True):
        settled = tuple([HandResult(hand.cards, hand.bet,
                                    *hand_result(rules, hand, dealer_blackjack, dealer_total))
                         for hand in seat_hands if hand.cards])
        side_bet = insurance_result(player.insurance, dealer_blackjack)
        balance = player.balance + side_bet + sum([h.net for h in settled])
        results.append(settled)
        insurance.append(side_bet)
        paid.append(Player(balance, out=balance < rules.min_bet))
    number = len(table.history) + 1
    history = (*table.history, RoundResult(number, dealer, tuple(results), tuple(insurance)))
    phase = OVER if number >= rules.rounds or all(p.out for p in paid) else BET
    table = Table(rules, tuple(paid), history, table.shuffles, table.trained, table.note)
    hands, dealer, hole, pending, current = ((),) * len(paid), (), NO_HOLE, (), NO_HAND
    return State(table, hands, phase, shoe, dealer, hole, pending, current, count)


def returns(state: State) -> tuple[float, ...]:
    """Each player's chips won (or lost, negative) since the start."""
    return tuple(float(p.balance - state.table.rules.bankroll) for p in state.table.players)


def winners(state: State) -> tuple[int, ...]:
    """Once the game is over, the players with more chips than they started with."""
    if not state.over:
        return ()
    return tuple(seat for seat, p in enumerate(state.table.players) if p.balance > state.table.rules.bankroll)


def seat_scores(state: State) -> tuple[tuple[int, ...], ...]:
    """Each player's net chips in each round so far (whole chips, rounded toward zero)."""
    history = state.table.history
    return tuple(tuple(int(r.net(seat)) for r in history) for seat in range(len(state.table.players)))
