"""Bets and insurance: the bets before the deal, the start of the deal, and, once the first cards
are out, insurance and the dealer's peek.

Every seat in the chips bets, in any order; the last bet starts the deal (the shoe shuffled first
once the cut card has come out).  After the first cards, a dealer ace showing at a table with
insurance asks every seat dealt in (in any order); then a dealer who peeks and finds a blackjack
ends the round at once, and otherwise play begins.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from parlour.games.blackjack.engine.playing import FIRST_HAND, next_hand, put
from parlour.games.blackjack.engine.settlement import settle
from parlour.games.blackjack.moves import Bet, Insure, NoInsurance
from parlour.games.blackjack.rules import Deal, is_blackjack, peeks
from parlour.games.blackjack.state import (
    DEAL,
    DEALER,
    FACE_DOWN,
    FACE_UP,
    INSURANCE,
    NO_HAND,
    NO_HOLE,
    Hand,
    Player,
    State,
    Table,
    full_shoe,
    hi_lo,
    value,
    values_of,
)


def to_bet(players: tuple[Player, ...]) -> tuple[int, ...]:
    """The seats still to bet: in the chips, no bet yet."""
    return tuple([seat for seat, p in enumerate(players) if not p.out and p.bet is None])


def to_answer_insurance(state: State) -> tuple[int, ...]:
    """The seats still to answer the insurance: dealt in, no answer yet."""
    return tuple(seat for seat, (p, hands) in enumerate(zip(state.table.players, state.hands, strict=True))
                 if hands and p.insurance is None)


def bet_amounts(state: State, seat: int) -> range:
    """The bets ``seat`` may place: from the table's smallest to its largest or the seat's chips."""
    rules = state.table.rules
    return range(rules.min_bet, min(rules.max_bet, int(state.table.players[seat].balance)) + 1)


def bets(state: State, seat: int) -> tuple[Bet, ...]:
    amounts = bet_amounts(state, seat)
    return _bets(amounts.start, amounts.stop)


@lru_cache(maxsize=1024)
def _bets(low: int, stop: int) -> tuple[Bet, ...]:
    """``Bet(n)`` for each ``n`` from ``low`` up to ``stop`` (not included)."""
    return tuple(Bet(amount) for amount in range(low, stop))


def place_bet(state: State, seat: int, bet: int) -> State:
    """``seat`` bets ``bet`` chips; the deal starts once every seat in the chips has bet."""
    player = state.table.players[seat]
    players = put(state.table.players, seat, Player(player.balance, bet, player.insurance, player.out))
    if to_bet(players):
        return replace(state, table=replace(state.table, players=players))
    return start_deal(state, players)


def cut_card_out(state: State) -> bool:
    """The cut card has come out: the shoe is shuffled before the next round."""
    decks, dealt = state.table.rules.decks, state.dealt
    return bool(decks and dealt and dealt * 100 >= state.table.rules.penetration * 52 * decks)


def deal_order(deal: Deal, first: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """The first cards to deal (``State.pending``) to the hands ``first`` (one a seat that bet)."""
    if deal is Deal.MANUAL:
        return (*first, (DEALER, FACE_DOWN), *first)
    if deal is Deal.NO_HOLE_CARD:
        return (*first, (DEALER, FACE_UP), *first)
    return (*first, (DEALER, FACE_UP), *first, (DEALER, FACE_DOWN))


def start_deal(state: State, players: tuple[Player, ...]) -> State:
    """Every seat of ``players`` in the chips has bet: shuffle if the cut card has come out, and
    deal the first cards (a card to each hand, the dealer's, a second card to each hand, the
    dealer's hole card)."""
    rules, shoe, count, shuffles = state.table.rules, state.shoe, state.count, state.table.shuffles
    if cut_card_out(state):
        shoe, count, shuffles = full_shoe(rules.decks), 0, shuffles + 1
    table = Table(rules, players, state.table.history, shuffles, state.table.trained, state.table.note)
    hands = tuple([() if p.bet is None else (Hand((), (), p.bet),) for p in players])
    first = tuple([(seat, 0) for seat, p in enumerate(players) if p.bet is not None])
    dealer, hole, pending, current = (), NO_HOLE, deal_order(rules.deal, first), NO_HAND
    return State(table, hands, DEAL, shoe, dealer, hole, pending, current, count)


def offers_insurance(state: State) -> bool:
    """Insurance is offered: the table has it and the dealer shows an ace."""
    rules = state.table.rules
    return rules.insurance and rules.dealer_shows_card and bool(state.dealer) and value(state.dealer[0]) == 1


def after_deal(state: State) -> State:
    """The first cards are dealt: insurance is offered, or the dealer peeks, or play begins."""
    if offers_insurance(state):
        return replace(state, phase=INSURANCE)
    return after_insurance(state)


def insurance_moves(state: State, seat: int) -> tuple[Insure | NoInsurance, ...]:
    """Insurance costs half the bet, from the chips not yet on the table."""
    player = state.table.players[seat]
    return (Insure(), NoInsurance()) if state.free(seat) * 2 >= player.bet_or_zero() else (NoInsurance(),)


def answer_insurance(state: State, seat: int, move: Insure | NoInsurance) -> State:
    """``seat`` takes insurance (half its bet) or not; once every seat has answered, the dealer
    peeks or play begins."""
    player = state.table.players[seat]
    amount = Fraction(player.bet_or_zero(), 2) if isinstance(move, Insure) else 0
    players = put(state.table.players, seat, replace(player, insurance=amount))
    state = replace(state, table=replace(state.table, players=players))
    return state if to_answer_insurance(state) else after_insurance(state)


def after_insurance(state: State) -> State:
    """A dealer who peeks and has a blackjack turns the hole card up (it is counted) and the
    round is settled at once; otherwise play begins."""
    dealer = state.dealer
    if dealer and peeks(state.table.rules, value(dealer[0])) and is_blackjack(values_of(dealer)):
        count = state.count + (hi_lo(dealer[state.hole]) if state.hole >= 0 else 0)
        return settle(state.table, state.hands, dealer, state.shoe, count)
    return next_hand(state, FIRST_HAND)
