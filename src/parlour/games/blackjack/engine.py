"""The table's rules in motion: bets, the deal, the players' hands, the dealer, settling up.

Legal moves, in this order: ``bet N`` for every allowed amount (smallest first); ``hit``,
``stand``, ``double``, ``split``, ``surrender`` (those allowed); ``insurance``, ``no insurance``.
A hand that reaches 21 stands by itself, as does a blackjack, a doubled hand after its card and a
split ace after its one card (unless split aces may draw).  See ``docs/rules/blackjack.md``.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import TypeVar, overload

from parlour.core.cards import Card, standard_deck
from parlour.core.errors import IllegalMoveError
from parlour.core.protocol import CHANCE
from parlour.games.blackjack.rules import Deal, Rules, Surrender, dealer_hits, is_blackjack, may_double, peeks
from parlour.games.blackjack.state import (
    DEALER,
    Bet,
    DoubleDown,
    Hand,
    HandResult,
    Hit,
    Insure,
    Move,
    NoInsurance,
    Outcome,
    Phase,
    Player,
    RoundResult,
    Split,
    Stand,
    State,
    SurrenderHand,
    hi_lo,
    value,
)

DECK = standard_deck()
_INDEX = {card: i for i, card in enumerate(DECK)}
"""``Card.index`` of every card, looked up at once."""

T = TypeVar("T", State, Player, Hand)


def initial_state(rules: Rules, players: int) -> State:
    key = (id(rules), players)
    known = _INITIAL.get(key)
    if known is not None and known[0] is rules:
        return known[1]
    start = Fraction(rules.bankroll)
    state = State(rules=rules, players=tuple(Player(start) for _ in range(players)),
                  shoe=_full_shoe(rules), shuffles=1)
    if len(_INITIAL) >= 64:
        _INITIAL.clear()
    _INITIAL[key] = (rules, state)
    return state


_INITIAL: dict[tuple[int, int], tuple[Rules, State]] = {}
"""The initial states made lately, by the identity of their rules and the number of players (a
state is immutable, so one serves every game played by the same rules object; each entry keeps
its rules alive, so that an id is not reused while it is in here)."""


def _full_shoe(rules: Rules) -> tuple[int, ...]:
    return () if rules.decks == 0 else (rules.decks,) * 52


def _replace(value: T, **changes: object) -> T:
    """``dataclasses.replace`` for the states, players and hands, several times faster: the
    fields are copied and ``changes`` set without running ``__init__`` again (these frozen
    dataclasses have no ``__post_init__`` and no field left out of ``__init__``)."""
    new = object.__new__(type(value))
    fields = new.__dict__
    fields.update(value.__dict__)
    size = len(fields)
    fields.update(changes)
    assert len(fields) == size, f"not fields: {changes.keys() - value.__dict__.keys()}"
    return new


def _with_player(players: tuple[Player, ...], seat: int, player: Player) -> tuple[Player, ...]:
    return (*players[:seat], player, *players[seat + 1:])


def _with_hand(players: tuple[Player, ...], seat: int, index: int, hand: Hand) -> tuple[Player, ...]:
    p = players[seat]
    return _with_player(players, seat, _replace(p, hands=(*p.hands[:index], hand, *p.hands[index + 1:])))


def _set_player(state: State, seat: int, player: Player) -> State:
    return _replace(state, players=_with_player(state.players, seat, player))


def _set_hand(state: State, seat: int, index: int, hand: Hand) -> State:
    return _replace(state, players=_with_hand(state.players, seat, index, hand))


# ---- whose turn ---------------------------------------------------------------------------------
def to_act(state: State) -> tuple[int, ...]:
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    if state.pending:
        return (CHANCE,)
    if phase is Phase.BET:
        return tuple(s for s, p in enumerate(state.players) if not p.out and p.bet is None)
    if phase is Phase.INSURANCE:
        return tuple(s for s, p in enumerate(state.players) if p.hands and p.insurance is None)
    if phase is Phase.PLAY:
        return _SEATS[state.current[0]]
    raise AssertionError(f"no one to act in {phase}")  # pragma: no cover - every phase moves on


_SEATS = tuple((seat,) for seat in range(8))
"""``(seat,)`` for every seat, made once."""


def bet_amounts(state: State, seat: int) -> range:
    rules = state.rules
    top = min(rules.max_bet, int(state.players[seat].balance))
    return range(rules.min_bet, top + 1)


def _free(player: Player) -> Fraction:
    """Chips not yet on the table this round."""
    return player.balance - player.staked


_HIT, _STAND, _DOUBLE, _SPLIT, _SURRENDER = Hit(), Stand(), DoubleDown(), Split(), SurrenderHand()
_INSURANCE: tuple[Move, ...] = (Insure(), NoInsurance())
_NO_INSURANCE: tuple[Move, ...] = (NoInsurance(),)
_HIT_STAND: tuple[Move, ...] = (_HIT, _STAND)


@lru_cache(maxsize=256)
def _bets(low: int, high: int) -> tuple[Move, ...]:
    return tuple(Bet(n) for n in range(low, high + 1))


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    phase = state.phase
    if phase is Phase.PLAY and not state.pending:  # the common case, without building to_act
        return _plays(state, seat) if seat == state.current[0] else ()
    if seat not in to_act(state):
        return ()
    if phase is Phase.BET:
        amounts = bet_amounts(state, seat)
        return _bets(amounts.start, amounts.stop - 1)
    player = state.players[seat]
    return _INSURANCE if _free(player) * 2 >= player.bet_or_zero() else _NO_INSURANCE


def _plays(state: State, seat: int) -> tuple[Move, ...]:
    """The plays of the hand to act (``seat``'s): hit and stand, and the others the rules and the
    chips allow."""
    player = state.players[seat]
    hand = player.hands[state.current[1]]
    if len(hand.cards) != 2:  # doubling, splitting and surrender are for the first two cards only
        return _HIT_STAND
    rules = state.rules
    moves: list[Move] = [_HIT, _STAND]
    if may_double(rules, hand.values, hand.from_split) and _free(player) >= hand.bet:
        moves.append(_DOUBLE)
    if can_split(state, seat) and _free(player) >= hand.bet:
        moves.append(_SPLIT)
    if rules.surrender is Surrender.LATE and not hand.from_split and len(player.hands) == 1:
        moves.append(_SURRENDER)
    return tuple(moves)


def can_split(state: State, seat: int) -> bool:
    """The rules let the current hand be split (chips aside)."""
    rules = state.rules
    player = state.players[seat]
    hand = player.hands[state.current[1]]
    if len(hand.cards) != 2 or len(player.hands) >= rules.split_hands:
        return False
    a, b = hand.values
    if a != b:
        return False
    return not (a == 1 and hand.from_split and not rules.resplit_aces)


def explain(state: State, seat: int, move: Move) -> str:
    """Why ``move`` is not legal for ``seat`` now."""
    actors = to_act(state)
    phase = state.phase
    if phase is Phase.OVER:
        return "the game is over"
    if seat not in actors:
        if actors == (CHANCE,):
            return "wait: the cards are being dealt"
        if phase is Phase.BET:
            return "you have placed your bet for this round" if state.players[seat].bet is not None \
                else "you are out of chips"
        return "it is not your turn"
    player = state.players[seat]
    if phase is Phase.BET:
        if not isinstance(move, Bet):
            return "place your bet first (bet N)"
        rules = state.rules
        if move.amount < rules.min_bet:
            return f"the smallest bet is {rules.min_bet}"
        if move.amount > rules.max_bet:
            return f"the largest bet is {rules.max_bet}"
        return f"you have only {chips(player.balance)} chips"
    if phase is Phase.INSURANCE:
        if isinstance(move, Insure):
            return "you have not enough chips left for insurance (half your bet)"
        return "answer the insurance first: insurance or no insurance"
    hand = player.hands[state.current[1]]
    rules = state.rules
    if isinstance(move, Bet):
        return "bets are placed before the deal"
    if isinstance(move, Insure | NoInsurance):
        return "insurance is offered only when the dealer shows an ace, before play"
    if isinstance(move, DoubleDown):
        if rules.double.value == "none":
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
        if len(player.hands) >= rules.split_hands:
            return f"you may not have more than {rules.split_hands} hands"
        if hand.values[0] == 1 and hand.from_split:
            return "split aces may not be split again at this table"
        return f"splitting needs {hand.bet} more chips"
    if isinstance(move, SurrenderHand):
        if rules.surrender is Surrender.NONE:
            return "surrender is not allowed at this table"
        return "you may surrender only your first two cards, before splitting"
    return "that is not a move now"  # pragma: no cover - hit and stand are always legal


def chips(amount: Fraction | int) -> str:
    """Chips as people write them: ``12``, ``7.5``, ``1.2``."""
    f = Fraction(amount)
    if f.denominator == 1:
        return str(f.numerator)
    return f"{float(f):.2f}".rstrip("0").rstrip(".")


# ---- applying moves -------------------------------------------------------------------------------
def apply_move(state: State, seat: int, move: Move) -> State:
    """Check ``move``, then play it; raises ``IllegalMoveError`` with the reason."""
    if move not in legal_moves(state, seat):
        raise IllegalMoveError(explain(state, seat, move))
    return play_move(state, seat, move)


def play_move(state: State, seat: int, move: Move) -> State:
    """Play ``move``, already known to be legal (``Game._apply_move``: ``Game.apply`` checks)."""
    player = state.players[seat]
    if isinstance(move, Bet):
        state = _set_player(state, seat, _replace(player, bet=move.amount))
        if not to_act(state):
            state = _start_deal(state)
        return state
    if isinstance(move, Insure | NoInsurance):
        amount = Fraction(player.bet_or_zero(), 2) if isinstance(move, Insure) else Fraction(0)
        state = _set_player(state, seat, _replace(player, insurance=amount))
        if not to_act(state):
            state = _after_insurance(state)
        return state
    index = state.current[1]
    hand = player.hands[index]
    if isinstance(move, Stand):
        state = _set_hand(state, seat, index, _replace(hand, done=True))
        return _next_hand(state)
    if isinstance(move, Hit):
        return _replace(state, pending=((seat, index),))
    if isinstance(move, DoubleDown):
        state = _set_hand(state, seat, index, _replace(hand, bet=hand.bet * 2, doubled=True))
        return _replace(state, pending=((seat, index),))
    if isinstance(move, SurrenderHand):
        state = _set_hand(state, seat, index, _replace(hand, done=True, surrendered=True))
        return _next_hand(state)
    assert isinstance(move, Split)
    first = Hand(hand.cards[:1], hand.bet, from_split=True)
    second = Hand(hand.cards[1:], hand.bet, from_split=True)
    hands = (*player.hands[:index], first, second, *player.hands[index + 1:])
    state = _set_player(state, seat, _replace(player, hands=hands))
    return _replace(state, pending=((seat, index),))


def _start_deal(state: State) -> State:
    """Everyone has bet: shuffle if the cut card has come out, and deal the first cards."""
    rules = state.rules
    if rules.decks and state.dealt and state.dealt * 100 >= rules.penetration * 52 * rules.decks:
        state = _replace(state, shoe=_full_shoe(rules), dealt=0, count=0, shuffles=state.shuffles + 1)
    players = tuple(_replace(p, hands=(Hand((), p.bet),)) if p.bet is not None else p
                    for p in state.players)
    seated = [s for s, p in enumerate(players) if p.bet is not None]
    first = tuple((s, 0) for s in seated)
    if rules.deal is Deal.MANUAL:
        pending = (*first, (DEALER, 1), *first)
    elif rules.deal is Deal.NO_HOLE_CARD:
        pending = (*first, (DEALER, 0), *first)
    else:
        pending = (*first, (DEALER, 0), *first, (DEALER, 1))
    return _replace(state, players=players, phase=Phase.DEAL, pending=pending, dealer=(), hole=-1)


# ---- chance: one card at a time ----------------------------------------------------------------
def card_chances(state: State) -> tuple[tuple[Card, Fraction], ...]:
    """The next card and its probability: each of the 52 alike for an infinite deck, else as
    many as are left in the shoe (a shoe run dry mid-round is refilled with every card not on
    the table, as a dealer would reshuffle the discards)."""
    if not state.rules.decks:
        return _ANY_CARD
    return _from_shoe(state.shoe)


_ANY_CARD = tuple((c, Fraction(1, 52)) for c in DECK)


@lru_cache(maxsize=4096)
def _from_shoe(shoe: tuple[int, ...]) -> tuple[tuple[Card, Fraction], ...]:
    total = sum(shoe)
    return tuple((DECK[i], Fraction(n, total)) for i, n in enumerate(shoe) if n)


class CardsLeft(Sequence[Card]):
    """The cards that may come next, in the deck's order: those left in ``shoe`` (every card for
    an infinite deck, an empty ``shoe``), as ``card_chances`` lists them; ``card in`` it looks up
    the card's count at once, without building the list."""

    __slots__ = ("_shoe",)

    def __init__(self, shoe: tuple[int, ...]) -> None:
        self._shoe = shoe

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and (not self._shoe or self._shoe[_INDEX[card]] > 0)

    def _cards(self) -> tuple[Card, ...]:
        return tuple(c for c, n in zip(DECK, self._shoe, strict=True) if n) if self._shoe else DECK

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
    return CardsLeft(state.shoe if state.rules.decks else ())


def draw_card(state: State, rng: random.Random) -> Card:
    """The next card, with its probability in ``card_chances``, by one integer draw from ``rng``
    (no Fractions built).

    The same card for the same ``rng`` as ``Game.sample_chance`` over ``card_chances``: the
    probabilities' common denominator is the number of cards left over ``step``, the greatest
    common divisor of the counts, so a point drawn below it, times ``step``, falls among the
    cumulative counts where the generic draw's point falls among its cumulative weights."""
    if not state.rules.decks:
        return DECK[rng.randrange(52)]
    shoe = state.shoe
    step = math.gcd(*shoe)
    point = rng.randrange(sum(shoe) // step) * step
    return DECK[bisect.bisect_right(tuple(accumulate(shoe)), point)]


def apply_card(state: State, card: Card) -> State:
    pending = state.pending
    target, which = pending[0]
    after = object.__new__(State)  # ``_replace``'s work, with the changes set one by one
    changes = after.__dict__
    changes.update(state.__dict__)
    changes["pending"] = pending[1:]
    if state.rules.decks:
        shoe = list(state.shoe)
        shoe[_INDEX[card]] -= 1
        if not any(shoe):
            shoe = _refill(state, shoe, card)
        changes["shoe"] = tuple(shoe)
        changes["dealt"] = state.dealt + 1
    face_down = target == DEALER and which == 1
    if not face_down:
        changes["count"] = state.count + hi_lo(card)
    if target == DEALER:
        if face_down:
            changes["hole"] = len(state.dealer)
        changes["dealer"] = (*state.dealer, card)
    else:
        hand = state.players[target].hands[which]
        hand = _replace(hand, cards=(*hand.cards, card))
        changes["players"] = _with_hand(state.players, target, which, hand)
    state = after
    if state.pending:
        return state
    if state.phase is Phase.DEAL:
        return _after_deal(state)
    if state.phase is Phase.PLAY:
        return _next_hand(state)
    return _dealer_next(state)


def _refill(state: State, shoe: list[int], drawn: Card) -> list[int]:
    full = [state.rules.decks] * 52
    on_table = [drawn, *state.dealer, *(c for p in state.players for h in p.hands for c in h.cards)]
    for c in on_table:
        full[_INDEX[c]] -= 1
    return full


def _after_deal(state: State) -> State:
    rules = state.rules
    up = state.up_card
    if rules.insurance and up is not None and value(up) == 1:
        return _replace(state, phase=Phase.INSURANCE)
    return _after_insurance(state)


def _after_insurance(state: State) -> State:
    rules = state.rules
    up = state.up_card
    if up is not None and peeks(rules, value(up)) and is_blackjack(state.dealer_values):
        # the dealer turns up a blackjack at once: the hole card is shown, and counted
        count = state.count + (hi_lo(state.dealer[state.hole]) if state.hole >= 0 else 0)
        return _settle(_replace(state, hole=-1, count=count))
    state = _replace(state, phase=Phase.PLAY, current=(-1, -1))
    return _next_hand(state)


def _next_hand(state: State) -> State:
    """Move on to the next hand that needs a decision (dealing split hands their second card and
    standing hands that have nothing to decide); after the last, the dealer plays."""
    rules = state.rules
    for seat, player in enumerate(state.players):
        for index, hand in enumerate(player.hands):
            if hand.done:
                continue
            if len(hand.cards) == 1:  # a split hand: its second card first
                return _replace(state, current=(seat, index), pending=((seat, index),))
            aces = hand.from_split and hand.values[0] == 1 and not rules.hit_split_aces
            pair_again = aces and rules.resplit_aces and hand.values[1] == 1 \
                and len(player.hands) < rules.split_hands
            if (hand.total >= 21 or hand.natural(rules) or hand.doubled or (aces and not pair_again)):
                state = _set_hand(state, seat, index, _replace(hand, done=True))
                return _next_hand(state)
            return _replace(state, current=(seat, index))
    return _dealer_turn(state)


def _live(state: State) -> bool:
    """Some hand still needs the dealer's total to be settled."""
    rules = state.rules
    return any(not h.surrendered and not h.bust and not h.natural(rules)
               for p in state.players for h in p.hands)


def _dealer_turn(state: State) -> State:
    if state.hole >= 0:  # the hole card is turned up
        state = _replace(state, phase=Phase.DEALER, current=(-1, -1),
                         count=state.count + hi_lo(state.dealer[state.hole]), hole=-1)
    else:
        state = _replace(state, phase=Phase.DEALER, current=(-1, -1))
    return _dealer_next(state)


def _dealer_next(state: State) -> State:
    """The dealer draws while the rules say so and some hand still depends on it: a second card
    whenever a hand is live or a blackjack waits to see whether the dealer has one too."""
    rules = state.rules
    cards = state.dealer_values
    live = _live(state)
    if len(cards) < 2:
        draw = live or any(h.natural(rules) for p in state.players for h in p.hands)
    else:
        draw = live and dealer_hits(rules, cards) and not (rules.naturals and is_blackjack(cards))
    return _replace(state, pending=((DEALER, 0),)) if draw else _settle(state)


# ---- settling ----------------------------------------------------------------------------------
def _hand_result(rules: Rules, hand: Hand, dealer: tuple[int, ...]) -> HandResult:
    bet = hand.bet
    dealer_bj = rules.naturals and is_blackjack(dealer)
    total = hand.total
    d_total = sum(dealer) + (10 if 1 in dealer and sum(dealer) + 10 <= 21 else 0)
    if hand.surrendered:  # late: honoured only if the dealer has no blackjack (seen later without a peek)
        if dealer_bj:
            return HandResult(hand.cards, bet, Outcome.LOSE, Fraction(-bet))
        return HandResult(hand.cards, bet, Outcome.SURRENDER, -Fraction(bet, 2))
    if hand.natural(rules):
        if dealer_bj:
            return HandResult(hand.cards, bet, Outcome.PUSH, Fraction(0))
        won, staked = rules.blackjack.ratio
        return HandResult(hand.cards, bet, Outcome.BLACKJACK, Fraction(bet * won, staked))
    if hand.bust:
        return HandResult(hand.cards, bet, Outcome.BUST, Fraction(-bet))
    if dealer_bj:
        return HandResult(hand.cards, bet, Outcome.LOSE, Fraction(-bet))
    if d_total > 21 or total > d_total:
        return HandResult(hand.cards, bet, Outcome.WIN, Fraction(bet))
    if total == d_total:
        return HandResult(hand.cards, bet, Outcome.PUSH, Fraction(0))
    return HandResult(hand.cards, bet, Outcome.LOSE, Fraction(-bet))


_NO_CHIPS = Fraction(0)


def _settle(state: State) -> State:
    rules = state.rules
    dealer = state.dealer_values
    dealer_bj = rules.naturals and is_blackjack(dealer)
    results = []
    insurance = []
    players = []
    for p in state.players:
        hands = tuple(_hand_result(rules, h, dealer) for h in p.hands if h.cards)
        if p.insurance:
            ins = Fraction(p.insurance)
            ins_net = 2 * ins if dealer_bj else -ins
        else:
            ins_net = _NO_CHIPS
        results.append(hands)
        insurance.append(ins_net)
        balance = p.balance + sum((h.net for h in hands), ins_net)
        players.append(Player(balance, out=balance < rules.min_bet))
    record = RoundResult(state.round, state.dealer, tuple(results), tuple(insurance))
    over = state.round >= rules.rounds or all(p.out for p in players)
    return _replace(state, players=tuple(players), history=(*state.history, record),
                    phase=Phase.OVER if over else Phase.BET, round=state.round + (0 if over else 1),
                    pending=(), current=(-1, -1), hole=-1, dealer=())
