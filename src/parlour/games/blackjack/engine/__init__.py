"""The table's rules in motion: whose turn it is, the legal moves, and what each move does.

Legal moves, in this order: ``bet N`` for every allowed amount (smallest first); ``hit``,
``stand``, ``double``, ``split``, ``surrender`` (those allowed); ``insurance``, ``no insurance``.
A round goes: bets (:mod:`.betting`), the first cards (:mod:`.dealing`, chance), insurance and
the dealer's peek (:mod:`.betting`), the players' hands in turn (:mod:`.playing`), the dealer's
cards and the settlement (:mod:`.settlement`).  See ``docs/rules/blackjack.md``.
"""

from __future__ import annotations

from parlour.core.protocol import CHANCE
from parlour.games.blackjack.engine.betting import (
    answer_insurance,
    bets,
    insurance_moves,
    place_bet,
    to_answer_insurance,
    to_bet,
)
from parlour.games.blackjack.engine.dealing import (
    DECK,
    CardsLeft,
    card_chances,
    cards_left,
    deal_card,
    draw_card,
)
from parlour.games.blackjack.engine.playing import may_split, play, plays
from parlour.games.blackjack.engine.settlement import returns, seat_scores, winners
from parlour.games.blackjack.moves import Bet, DoubleDown, Insure, Move, NoInsurance, Split, SurrenderHand
from parlour.games.blackjack.notation import chips
from parlour.games.blackjack.rules import Double, Rules, Surrender, may_double
from parlour.games.blackjack.state import (
    BET,
    INSURANCE,
    NO_HAND,
    NO_HOLE,
    OVER,
    PLAY,
    Player,
    State,
    Table,
    full_shoe,
)


def initial_state(rules: Rules, players: int) -> State:
    """Every player with the bankroll, a fresh shoe (its first shuffle), the first round's bets due."""
    table = Table(rules=rules, players=(Player(rules.bankroll),) * players, history=(), shuffles=1,
                  trained=(), note=None)
    return State(table=table, hands=((),) * players, phase=BET, shoe=full_shoe(rules.decks), dealer=(),
                 hole=NO_HOLE, pending=(), current=NO_HAND, count=0)


def to_act(state: State) -> tuple[int, ...]:
    """Chance while a card is to deal; else the seats that may move now."""
    if state.pending:
        return (CHANCE,)
    if state.phase is PLAY:
        return (state.current[0],)
    if state.phase is BET:
        return to_bet(state.table.players)
    if state.phase is INSURANCE:
        return to_answer_insurance(state)
    return ()


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    """``seat``'s moves now (none when it is not to act), in the order of this module's docstring."""
    if seat not in to_act(state):
        return ()
    if state.phase is PLAY:
        return plays(state, seat)
    if state.phase is BET:
        return bets(state, seat)
    return insurance_moves(state, seat)


def apply_move(state: State, seat: int, move: Move) -> State:
    """Play ``move``, already known to be legal for ``seat`` (``Game.apply`` checks it)."""
    if isinstance(move, Bet):
        return place_bet(state, seat, move.amount)
    if isinstance(move, (Insure, NoInsurance)):
        return answer_insurance(state, seat, move)
    return play(state, seat, move)


def explain(state: State, seat: int, move: Move) -> str:
    """Why ``move`` is not legal for ``seat`` now."""
    actors = to_act(state)
    phase = state.phase
    if phase is OVER:
        return "the game is over"
    if seat not in actors:
        if actors == (CHANCE,):
            return "wait: the cards are being dealt"
        if phase is BET:
            return "you have placed your bet for this round" if state.table.players[seat].bet is not None \
                else "you are out of chips"
        return "it is not your turn"
    player = state.table.players[seat]
    if phase is BET:
        if not isinstance(move, Bet):
            return "place your bet first (bet N)"
        if move.amount < state.table.rules.min_bet:
            return f"the smallest bet is {state.table.rules.min_bet}"
        if move.amount > state.table.rules.max_bet:
            return f"the largest bet is {state.table.rules.max_bet}"
        return f"you have only {chips(player.balance)} chips"
    if phase is INSURANCE:
        if isinstance(move, Insure):
            return "you have not enough chips left for insurance (half your bet)"
        return "answer the insurance first: insurance or no insurance"
    return _why_not_play(state, seat, move)


def _why_not_play(state: State, seat: int, move: Move) -> str:
    """Why ``move`` is not a play the hand to act may make."""
    hand = state.hand
    rules = state.table.rules
    if isinstance(move, Bet):
        return "bets are placed before the deal"
    if isinstance(move, Insure | NoInsurance):
        return "insurance is offered only when the dealer shows an ace, before play"
    if isinstance(move, DoubleDown):
        if rules.double is Double.NONE:
            return "doubling is not allowed at this table"
        if len(hand.cards) != 2:
            return "you may double only on your first two cards"
        if hand.from_split and not rules.double_after_split:
            return "doubling after a split is not allowed at this table"
        if not may_double(rules, hand.values, hand.from_split):
            return f"doubling is allowed only on {rules.double.value} (hard totals)"
        return f"doubling needs {hand.bet} more chips"
    if isinstance(move, Split):
        if rules.split_hands == 1:
            return "splitting is not allowed at this table"
        if len(hand.cards) != 2 or hand.values[0] != hand.values[1]:
            return "you may split only a pair (two cards of the same value)"
        if len(state.hands[seat]) >= rules.split_hands:
            return f"you may not have more than {rules.split_hands} hands"
        if not may_split(state, seat):
            return "split aces may not be split again at this table"
        return f"splitting needs {hand.bet} more chips"
    if isinstance(move, SurrenderHand):
        if rules.surrender is Surrender.NONE:
            return "surrender is not allowed at this table"
        return "you may surrender only your first two cards, before splitting"
    return "that is not a move now"  # pragma: no cover - hit and stand are always legal


__all__ = [
    "DECK",
    "CardsLeft",
    "apply_move",
    "card_chances",
    "cards_left",
    "deal_card",
    "draw_card",
    "explain",
    "initial_state",
    "legal_moves",
    "returns",
    "seat_scores",
    "to_act",
    "winners",
]
