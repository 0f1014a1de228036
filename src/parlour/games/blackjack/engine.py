"""The table's rules in motion: bets, the deal, the players' hands, the dealer, settling up.

Legal moves, in this order: ``bet N`` for every allowed amount (smallest first); ``hit``,
``stand``, ``double``, ``split``, ``surrender`` (those allowed); ``insurance``, ``no insurance``.
A hand that reaches 21 stands by itself, as does a blackjack, a doubled hand after its card and a
split ace after its one card (unless split aces may draw).  See ``docs/rules/blackjack.md``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any, TypeVar, overload

from parlour.core.cards import Card, standard_deck
from parlour.core.errors import IllegalMoveError
from parlour.core.protocol import CHANCE
from parlour.games.blackjack.rules import (
    Deal,
    Double,
    Payout,
    Rules,
    Soft17,
    Surrender,
    is_blackjack,
    may_double,
)
from parlour.games.blackjack.state import (
    _CARD_HI_LO,
    _CARD_POINTS,
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
    values_of,
)

DECK = standard_deck()
_INDEX = {card: i for i, card in enumerate(DECK)}
"""``Card.index`` of every card, looked up at once."""

T = TypeVar("T", State, Player, Hand)
U = TypeVar("U")


def initial_state(rules: Rules, players: int) -> State:
    key = (id(rules), players)
    known = _INITIAL.get(key)
    if known is not None and known[0] is rules:
        return known[1]
    start = _whole(rules.bankroll)  # (``_settle`` reads a balance made by ``_whole`` at once)
    state = State(rules=rules, players=tuple(Player(start) for _ in range(players)),
                  shoe=_full_shoe(rules), shuffles=1)
    # kept as the engine makes its states (and players): each with a ``__dict__`` of its own, so
    # that the interpreter reads their fields one way throughout a game.  ``dict(...)``, not
    # ``.copy()``: the ``__dict__`` of an object made by ``__init__`` is a "split" dictionary
    # (keys shared with its class), and so is every ``.copy()`` of it, and CPython (3.11) reads
    # the attributes of an object with such a ``__dict__`` on its slow path, every time
    seated = tuple(_make(Player, dict(p.__dict__)) for p in state.players)
    shoe = state.shoe
    state = _make(State, {**state.__dict__, "players": seated,
                          "drawable": (shoe, _cards_in(shoe)) if shoe else None})
    if len(_INITIAL) >= 64:
        _INITIAL.clear()
        _FIRST_CARDS.clear()
    _INITIAL[key] = (rules, state, {})
    return state


_INITIAL: dict[tuple[int, int], tuple[Rules, State, dict[tuple[int, int], State]]] = {}
"""The initial states made lately, by the identity of their rules and the number of players (a
state is immutable, so one serves every game played by the same rules object; each entry keeps
its rules alive, so that an id is not reused while it is in here), each with the states after a
first bet from it, by (seat, amount): every game from it opens the same way (``play_move``)."""

_FIRST_CARDS: dict[int, tuple[State, dict[Card, State]]] = {}
"""The states after the first card of a deal from a state kept in ``_INITIAL`` (after a first
bet that starts the deal), by that state's identity (each entry keeps its state alive, so that
an id is not reused while it is in here) and the card: every game from that state deals its
first card from it, one of 52, so each state after it is made once (``apply_card``)."""


def _full_shoe(rules: Rules) -> tuple[int, ...]:
    decks = rules.decks
    return () if decks == 0 else _FULL_SHOES.get(decks) or (decks,) * 52


_FULL_SHOES = {decks: (decks,) * 52 for decks in range(1, 9)}
"""A full shoe of each size, made once (so that its cards, ``_cards_in``, are worked out once)."""

_set_fields = object.__setattr__
"""Sets a frozen object's ``__dict__`` whole (``object.__setattr__``, past the frozen guard)."""


def _replace(value: T, **changes: object) -> T:
    """``dataclasses.replace`` for the states, players and hands, several times faster: the
    fields are copied and ``changes`` set without running ``__init__`` again (these frozen
    dataclasses have no ``__post_init__`` and no field left out of ``__init__``).  The fields'
    dictionary is copied and handed to the new object whole, cheaper than filling its own."""
    fields = value.__dict__.copy()
    size = len(fields)
    fields.update(changes)
    assert len(fields) == size, f"not fields: {changes.keys() - value.__dict__.keys()}"
    new = object.__new__(type(value))
    _set_fields(new, "__dict__", fields)
    return new


replace = _replace
"""``dataclasses.replace`` for the engine's states, players and hands, made as the engine makes
them (for the game's trainer and resampling: a state made by ``dataclasses.replace`` reads its
fields more slowly in CPython 3.11, see :func:`initial_state`)."""

_new = object.__new__
# Each class's own ``__dict__`` setter (the descriptor ``object.__setattr__`` finds by name and
# calls): handing a new object its fields through it skips the look-up of ``"__dict__"``.
_set_state_dict = State.__dict__["__dict__"].__set__
_set_player_dict = Player.__dict__["__dict__"].__set__
_set_hand_dict = Hand.__dict__["__dict__"].__set__
_set_result_dict = HandResult.__dict__["__dict__"].__set__
_set_round_dict = RoundResult.__dict__["__dict__"].__set__


def _make(cls: type[U], fields: dict[str, object]) -> U:
    """``cls(**fields)`` for the frozen dataclasses here, without ``__init__`` (which sets each
    field through ``object.__setattr__``): ``fields`` must name every field, in order."""
    new = object.__new__(cls)
    _set_fields(new, "__dict__", fields)
    return new


def _with_player(players: tuple[Player, ...], seat: int, player: Player) -> tuple[Player, ...]:
    changed = list(players)  # cheaper than joining two slices around the new player
    changed[seat] = player
    return tuple(changed)


def _with_hand(players: tuple[Player, ...], seat: int, index: int, hand: Hand) -> tuple[Player, ...]:
    p = players[seat]
    hands = list(p.hands)
    hands[index] = hand
    return _with_player(players, seat, _replace(p, hands=tuple(hands)))


def _stood(players: tuple[Player, ...], seat: int, index: int, hand: Hand) -> tuple[Player, ...]:
    """``players`` with ``hand``, the hand ``index`` of ``seat``, stood (``done``): ``_with_hand``
    and ``_replace``, inline."""
    fields = hand.__dict__.copy()
    fields["done"] = True
    hand = _new(Hand)
    _set_hand_dict(hand, fields)
    player = players[seat]
    fields = player.__dict__.copy()
    hands = player.hands
    fields["hands"] = (hand,) if len(hands) == 1 else _put(hands, index, hand)
    player = _new(Player)
    _set_player_dict(player, fields)
    return (player,) if len(players) == 1 else _put(players, seat, player)


def _put(items: tuple[U, ...], index: int, item: U) -> tuple[U, ...]:
    """``items`` with ``item`` at ``index``: at once for the usual one hand or one seat, else
    through a list (cheaper than joining two slices around it)."""
    if len(items) == 1:
        return (item,)
    changed = list(items)
    changed[index] = item
    return tuple(changed)


def _set_player(state: State, seat: int, player: Player) -> State:
    return _replace(state, players=_with_player(state.players, seat, player))


def _set_hand(state: State, seat: int, index: int, hand: Hand) -> State:
    return _replace(state, players=_with_hand(state.players, seat, index, hand))


# ---- whose turn ---------------------------------------------------------------------------------
def to_act(state: State) -> tuple[int, ...]:
    if state.pending:  # a card to deal (never pending once the game is over)
        return _CHANCE
    phase = state.phase
    if phase is _PLAY:
        return _SEATS[state.current[0]]
    if phase is _OVER:
        return ()
    if phase is _BET:
        players = state.players
        if len(players) == 1:  # ``_waiting``, for one seat
            p = players[0]
            return _SEATS[0] if not p.out and p.bet is None else ()
        return _waiting(players, False)
    if phase is _INSURANCE_PHASE:
        return _waiting(state.players, True)
    raise AssertionError(f"no one to act in {phase}")  # pragma: no cover - every phase moves on


def _waiting(players: tuple[Player, ...], insurance: bool) -> tuple[int, ...]:
    """The seats still to answer: to bet (in the chips, no bet yet), or to answer the insurance
    (dealt in, no answer yet).  A plain loop, cheaper than a generator for a few seats."""
    seats: list[int] = []
    for seat, p in enumerate(players):
        if (p.hands and p.insurance is None) if insurance else (not p.out and p.bet is None):
            seats.append(seat)
    return tuple(seats)


_SEATS = tuple((seat,) for seat in range(8))
"""``(seat,)`` for every seat, made once."""
_CHANCE = (CHANCE,)
# the phases and options read on every move, as module globals (an enum member read from its
# class is a slow look-up)
_OVER, _PLAY, _BET, _DEAL = Phase.OVER, Phase.PLAY, Phase.BET, Phase.DEAL
_INSURANCE_PHASE, _DEALER_PHASE = Phase.INSURANCE, Phase.DEALER
_NO_DOUBLE, _LATE, _NO_PAYOUT = Double.NONE, Surrender.LATE, Payout.NONE
_PEEK, _MANUAL, _SOFT17_HITS = Deal.PEEK, Deal.MANUAL, Soft17.HIT
_POINT = _CARD_POINTS.__getitem__
"""A card's points (``value``), a method of a dictionary: no Python call."""


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


_LAST_BETS: list[tuple[Player | None, Rules | None, tuple[Move, ...]]] = [(None, None, ())]
"""The bets of the player (by identity) and rules last asked about: the same answer for every game
started from one initial state (kept alive here, so that the identities are not reused)."""


_LAST_BET_STATE: list[tuple[State | None, int, tuple[Move, ...]]] = [(None, -1, ())]
"""The state (by identity: kept alive here) and seat last asked for its bets, and the answer: an
initial state, shared by every game of the same rules, is asked again and again."""


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    phase = state.phase
    if phase is _PLAY and not state.pending:  # the common case, without building to_act
        current = state.current
        if seat != current[0]:
            return ()
        # ``_plays(state, seat)``, inline for a hand past its first two cards
        player = state.players[seat]
        if len(player.hands[current[1]].cards) != 2:
            return _HIT_STAND
        rules = state.rules
        if rules.double is _NO_DOUBLE and rules.split_hands == 1 and rules.surrender is not _LATE:
            return _HIT_STAND  # (no doubling, splitting or surrender at this table)
        return _plays(state, seat)
    if phase is _BET and not state.pending:  # ``seat in to_act(state)``, for this seat alone
        last = _LAST_BET_STATE[0]
        if last[0] is state and last[1] == seat:  # asked again (of an initial state, shared)
            return last[2]
        players = state.players
        if not 0 <= seat < len(players):
            return ()
        player = players[seat]
        if player.out or player.bet is not None:
            return ()
        known = _LAST_BETS[0]
        if known[0] is player and known[1] is state.rules:  # the same player at the same table
            _LAST_BET_STATE[0] = (state, seat, known[2])
            return known[2]
        rules = state.rules  # ``bet_amounts``, without building the range
        bets = _bets(rules.min_bet, min(rules.max_bet, int(player.balance)))
        _LAST_BETS[0] = (player, rules, bets)
        _LAST_BET_STATE[0] = (state, seat, bets)
        return bets
    if seat not in to_act(state):
        return ()
    player = state.players[seat]
    return _INSURANCE if _free(player) * 2 >= player.bet_or_zero() else _NO_INSURANCE


_PLAYS: dict[tuple[bool, bool, bool], tuple[Move, ...]] = {
    (double, split, surrender): (_HIT, _STAND, *((_DOUBLE,) if double else ()), *((_SPLIT,) if split else ()),
                                 *((_SURRENDER,) if surrender else ()))
    for double in (False, True) for split in (False, True) for surrender in (False, True)}
"""The plays of a two-card hand, made once, by whether it may double, split and surrender."""


def _plays(state: State, seat: int) -> tuple[Move, ...]:
    """The plays of the hand to act (``seat``'s): hit and stand, and the others the rules and the
    chips allow."""
    player = state.players[seat]
    hand = player.hands[state.current[1]]
    if len(hand.cards) != 2:  # doubling, splitting and surrender are for the first two cards only
        return _HIT_STAND
    rules = state.rules
    # each rule looked at before the hand and the chips (``may_double`` and ``can_split`` are
    # false anyway without doubling or splitting at the table)
    double = rules.double is not _NO_DOUBLE and may_double(rules, hand.values, hand.from_split) \
        and _free(player) >= hand.bet
    split = rules.split_hands > 1 and can_split(state, seat) and _free(player) >= hand.bet
    surrender = rules.surrender is _LATE and not hand.from_split and len(player.hands) == 1
    return _PLAYS[double, split, surrender]


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


def game_move(state: State, seat: int, move: Move) -> State:
    """``play_move`` without the trainer (``Game._apply_move``'s usual case): hit, stand and bet,
    the plays made most, here (``play_move`` comes here for them); the others by ``play_move``."""
    kind = type(move)
    if kind is Hit:
        fields = state.__dict__.copy()
        current = state.current  # (``seat``'s hand: the move is legal)
        fields["pending"] = (current,) if current[0] == seat else ((seat, current[1]),)
        new = _new(State)
        _set_state_dict(new, fields)
        return new
    if kind is Stand:
        index = state.current[1]
        players = state.players
        fields = state.__dict__.copy()
        hands = players[seat].hands
        fields["players"] = _stood(players, seat, index, hands[index])
        if len(players) == 1 and len(hands) == 1:  # the only hand at the table
            return _dealer_turn(fields)  # ``_next_hand``'s answer
        return _next_hand(fields)
    if kind is Bet:
        return _place_bet(state, seat, move.amount)  # type: ignore[union-attr]
    return play_move(state, seat, move)


def play_move(state: State, seat: int, move: Move) -> State:
    """Play ``move``, already known to be legal (``Game.apply`` checks; ``Game._apply_move`` is
    ``game_move``)."""
    kind = type(move)
    if kind is Hit or kind is Stand or kind is Bet:
        return game_move(state, seat, move)
    player = state.players[seat]
    if isinstance(move, Insure | NoInsurance):
        amount = Fraction(player.bet_or_zero(), 2) if isinstance(move, Insure) else Fraction(0)
        state = _set_player(state, seat, _replace(player, insurance=amount))
        if not to_act(state):
            state = _after_insurance(state.__dict__.copy())
        return state
    index = state.current[1]
    hand = player.hands[index]
    if isinstance(move, DoubleDown):
        state = _set_hand(state, seat, index, _replace(hand, bet=hand.bet * 2, doubled=True))
        return _replace(state, pending=((seat, index),))
    if isinstance(move, SurrenderHand):
        fields = state.__dict__.copy()
        fields["players"] = _with_hand(state.players, seat, index,
                                       _replace(hand, done=True, surrendered=True))
        return _next_hand(fields)
    assert isinstance(move, Split)
    first = _make(Hand, dict(Hand(hand.cards[:1], hand.bet, from_split=True).__dict__))  # as ``_new_hand``
    second = _make(Hand, dict(Hand(hand.cards[1:], hand.bet, from_split=True).__dict__))
    hands = (*player.hands[:index], first, second, *player.hands[index + 1:])
    state = _set_player(state, seat, _replace(player, hands=hands))
    return _replace(state, pending=((seat, index),))


def _place_bet(state: State, seat: int, amount: int) -> State:
    """``seat`` bets ``amount`` (``play_move``)."""
    # a first bet from an initial state (shared by every game of the same rules object) leads
    # to the same state every time: made once and kept with the initial state
    initial = _INITIAL.get((id(state.rules), len(state.players)))
    if initial is not None and initial[1] is state:
        known = initial[2]
        after = known.get((seat, amount))
        if after is None:
            after = _bet(state, state.players[seat], seat, amount)
            if len(known) < 64:
                known[seat, amount] = after
                if after.pending:  # the deal begins: its first card is dealt from a shared state
                    if len(_FIRST_CARDS) >= 16:
                        _FIRST_CARDS.clear()
                    _FIRST_CARDS[id(after)] = (after, {})
        return after
    return _bet(state, state.players[seat], seat, amount)


def _bet(state: State, player: Player, seat: int, amount: int) -> State:
    """``player``, at ``seat``, bets ``amount``: the deal starts once every seat has bet."""
    players = state.players
    for other, p in enumerate(players):  # ``_waiting``: a seat other than this one still to bet
        if other != seat and not p.out and p.bet is None:
            return _replace(state, players=_with_player(players, seat, _replace(player, bet=amount)))
    return _start_deal(state, players, seat, amount)


def _start_deal(state: State, players: tuple[Player, ...], last: int, bet: int) -> State:
    """Everyone has bet, the seat ``last`` the ``bet`` just placed (not yet in ``players``):
    shuffle if the cut card has come out, and deal the first cards."""
    rules = state.rules
    dealt = state.dealt
    fields = state.__dict__.copy()  # the one copy of the state, changed here
    if rules.decks and dealt and dealt * 100 >= rules.penetration * 52 * rules.decks:
        shoe = fields["shoe"] = _full_shoe(rules)
        fields["drawable"] = (shoe, _cards_in(shoe))
        fields["dealt"] = fields["count"] = 0
        fields["shuffles"] = state.shuffles + 1
    seated: list[Player] = []
    first: list[tuple[int, int]] = []
    for seat, p in enumerate(players):
        placed = bet if seat == last else p.bet
        if placed is not None:
            changed = p.__dict__.copy()  # ``_replace(p, bet=..., hands=...)``, inline
            changed["bet"] = placed
            changed["hands"] = (_new_hand(placed),)
            p = _new(Player)
            _set_player_dict(p, changed)
            first.append(_FIRST_HANDS[seat] if seat < 8 else (seat, 0))
        seated.append(p)
    fields["players"] = tuple(seated)
    fields["phase"] = _DEAL
    fields["pending"] = _deal_order(rules.deal, tuple(first))
    fields["dealer"] = ()
    fields["hole"] = -1
    new = _new(State)
    _set_state_dict(new, fields)
    return new


@lru_cache(maxsize=256)
def _deal_order(deal: Deal, first: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """The first cards to deal (``pending``) to the hands ``first`` (one a seat that bet)."""
    if deal is Deal.MANUAL:
        return (*first, (DEALER, 1), *first)
    if deal is Deal.NO_HOLE_CARD:
        return (*first, (DEALER, 0), *first)
    return (*first, (DEALER, 0), *first, (DEALER, 1))


_FIRST_HANDS = tuple((seat, 0) for seat in range(8))
"""``(seat, 0)``, each seat's first hand as a card's target, made once."""


@lru_cache(maxsize=256)
def _new_hand(bet: int) -> Hand:
    """A hand about to be dealt, for ``bet`` (one object for every such hand: it is immutable)."""
    return _make(Hand, dict(Hand((), bet).__dict__))  # a ``__dict__`` of its own: ``initial_state``


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
    left = _new(CardsLeft)  # ``CardsLeft(shoe)``, without a call to ``__init__``
    left._shoe = state.shoe if state.rules.decks else ()
    return left


def draw_card(state: State, rng: random.Random) -> Card:
    """The next card, with its probability in ``card_chances``, by one integer draw from ``rng``
    (no Fractions built).

    The same card for the same ``rng`` as ``Game.sample_chance`` over ``card_chances``: the
    probabilities' common denominator is the number of cards left over ``step``, the greatest
    common divisor of the counts, so a point drawn below it, times ``step``, falls among the
    cumulative counts where the generic draw's point falls among its cumulative weights.  The
    card at that point is read from ``_cards_in``, the shoe's cards in the deck's order, where
    a cumulative sum and a bisection over the 52 counts would find the same one."""
    if not state.rules.decks:
        return DECK[rng.randrange(52)]
    shoe = state.shoe
    known = state.drawable  # ``_cards_in(shoe)``, kept on the state by ``apply_card``
    cards = known[1] if known is not None and known[0] is shoe else _cards_in(shoe)
    if 1 in shoe:  # a count of 1 makes the divisor 1 at once
        n = len(cards)
        if type(rng) is _RANDOM:
            # ``rng.randrange(n)`` of a ``random.Random``, inline: the fewest random bits that
            # cover ``n``, drawn again while they land at or past it
            bits = _BIT_LENGTHS[n] if n < 1024 else n.bit_length()
            r = rng.getrandbits(bits)
            while r >= n:
                r = rng.getrandbits(bits)
            return DECK[cards[r]]
        return DECK[cards[rng.randrange(n)]]
    step = math.gcd(*shoe)
    n = len(cards) // step
    if type(rng) is not _RANDOM:
        return DECK[cards[rng.randrange(n) * step]]
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return DECK[cards[r * step]]


_BIT_LENGTHS = tuple(n.bit_length() for n in range(1024))
_RANDOM = random.Random


def _cards_in(shoe: tuple[int, ...]) -> bytes:
    """The cards in ``shoe`` as their deck indices, one byte a card, in the deck's order, each
    as many times as the shoe holds it: the ``n``-th card of the shoe, counted along the counts,
    is ``DECK[_cards_in(shoe)[n]]``.  Kept by the shoe's identity (``apply_card`` derives the next
    shoe's from it by taking out one byte), else worked out from the counts."""
    known = _SHOE_CARDS.get(id(shoe))
    if known is not None and known[0] is shoe:
        return known[1]
    cards = b"".join([byte * n for byte, n in zip(_BYTES, shoe, strict=True)])
    _remember(shoe, cards)
    return cards


def _remember(shoe: tuple[int, ...], cards: bytes) -> None:
    if len(_SHOE_CARDS) >= 256:
        _SHOE_CARDS.clear()
    _SHOE_CARDS[id(shoe)] = (shoe, cards)


_SHOE_CARDS: dict[int, tuple[tuple[int, ...], bytes]] = {}
"""``_cards_in`` of the shoes seen lately, by their identity (each entry keeps its shoe alive, so
that an id is not reused while it is in here)."""

_BYTES = tuple(bytes((i,)) for i in range(52))
_FACTS = {card: (i, _BYTES[i], _CARD_HI_LO[card]) for i, card in enumerate(DECK)}
"""Each card's ``_INDEX``, its byte in ``_cards_in`` and its Hi-Lo count, looked up at once."""


def apply_card(state: State, outcome: Card) -> State:
    """Deal ``outcome``, the card drawn, to the first hand waiting for one (``Game._apply_outcome``)."""
    if not state.dealer:  # (as every state in ``_FIRST_CARDS``): a state made already?
        first = _FIRST_CARDS.get(id(state))
        if first is not None and first[0] is state:
            after = first[1].get(outcome)
            return after if after is not None else _first_card(first, outcome)
    # the state's fields read as its attributes (cheaper than from the dictionary: CPython reads
    # an attribute at the place it last found it)
    pending = state.pending
    target, which = pending[0]
    fields = state.__dict__.copy()  # ``_replace``'s work, with the changes set one by one
    left = fields["pending"] = pending[1:]
    count = state.count
    rules = state.rules
    if rules.decks:
        shoe = state.shoe
        i, byte, hi_lo = _FACTS[outcome]
        n = shoe[i]
        if n <= 0:  # not in the shoe
            cards = b""
        else:
            known = state.drawable
            cards = (known[1] if known is not None and known[0] is shoe else _cards_in(shoe)) \
                .replace(byte, b"", 1)
        if not cards and n == 1 and sum(shoe) == 1:  # its last card: a new shuffle
            # the cards not on the table are shuffled into the shoe; those on it (and
            # ``outcome``) stay out: they are what has been dealt since this shuffle, and those
            # shown are its running count
            table = _on_table(state)
            fields["shoe"] = _refill(rules.decks, (outcome, *table))
            fields["drawable"] = None
            fields["dealt"] = len(table) + 1
            fields["shuffles"] = state.shuffles + 1
            hole = state.dealer[state.hole] if state.hole >= 0 else None
            count = sum(_CARD_HI_LO[c] for c in table) - (_CARD_HI_LO[hole] if hole is not None else 0)
        else:  # the shoe's next cards, that less one byte (none if the card was not in it)
            counts = list(shoe)
            counts[i] = n - 1
            shoe = fields["shoe"] = tuple(counts)
            fields["drawable"] = (shoe, cards) if cards else None
            fields["dealt"] = state.dealt + 1
    else:
        hi_lo = _CARD_HI_LO[outcome]
    if target == DEALER:
        dealer = state.dealer
        if which == 1:  # face down: counted once turned up
            fields["hole"] = len(dealer)
            fields["count"] = count
        else:
            fields["count"] = count + hi_lo
        fields["dealer"] = dealer + (outcome,)  # noqa: RUF005 (quicker than unpacking)
    else:
        fields["count"] = count + hi_lo
        # ``_with_hand`` and ``_replace`` of the hand, inline (``_put`` too, for one hand or seat)
        players = state.players
        player = players[target]
        hands = player.hands
        hand = hands[which]
        changed = hand.__dict__.copy()
        changed["cards"] = hand.cards + (outcome,)  # noqa: RUF005 (quicker than unpacking)
        hand = _new(Hand)
        _set_hand_dict(hand, changed)
        changed = player.__dict__.copy()
        changed["hands"] = (hand,) if len(hands) == 1 else _put(hands, which, hand)
        player = _new(Player)
        _set_player_dict(player, changed)
        fields["players"] = (player,) if len(players) == 1 else _put(players, target, player)
    if not left:  # the round moves on: a state made once, when it is known
        phase = state.phase
        if phase is _DEAL:
            if rules.insurance or rules.deal is _PEEK:
                return _after_deal(fields)
            return _next_hand(fields)  # (no insurance, no peek: ``_after_deal``'s answer)
        if phase is _PLAY:
            return _next_hand(fields)
        dealer = fields["dealer"]
        if len(dealer) >= 2:  # ``_dealer_draws``'s first look, inline (as in ``_dealer_turn``)
            values = tuple(map(_POINT, dealer))
            total = sum(values)
            if (total > 7 or (total == 7 and rules.soft17 is not _SOFT17_HITS)) \
                    if total <= 11 and 1 in values else total >= 17:
                return _settle(fields, fields["count"])
        if not _dealer_draws(rules, fields["players"], dealer):
            return _settle(fields, fields["count"])
        fields["pending"] = _DEALER_CARD  # the dealer's next card
    new = _new(State)
    _set_state_dict(new, fields)
    return new


def _first_card(first: tuple[State, dict[Card, State]], outcome: Card) -> State:
    """``apply_card`` of ``first``'s state, kept in it (``_FIRST_CARDS``)."""
    state, made = first
    after = made.get(outcome)
    if after is None:  # made once, by ``apply_card`` while the state is not in ``_FIRST_CARDS``
        key = id(state)
        _FIRST_CARDS.pop(key, None)
        try:
            after = made[outcome] = apply_card(state, outcome)
        finally:
            _FIRST_CARDS[key] = first
    return after


_DEALER_CARD = ((DEALER, 0),)
_NO_HAND = (-1, -1)


def _refill(decks: int, out: tuple[Card, ...]) -> tuple[int, ...]:
    """A full shoe of ``decks`` packs less the cards ``out``."""
    full = [decks] * 52
    for c in out:
        full[_INDEX[c]] -= 1
    return tuple(full)


def _on_table(state: State) -> list[Card]:
    """The cards on the table: the dealer's and every hand's."""
    return [*state.dealer, *(c for p in state.players for h in p.hands for c in h.cards)]


Fields = dict[str, Any]
"""A state's fields (a copy of its ``__dict__``), being changed before the state is made."""


def _state(fields: Fields) -> State:
    """The state of these fields (``_make(State, fields)``)."""
    new = _new(State)
    _set_state_dict(new, fields)
    return new


def _after_deal(fields: Fields) -> State:
    """The first cards are dealt (``fields``, a state's): insurance is offered, or the dealer
    peeks, or play begins."""
    rules = fields["rules"]
    dealer = fields["dealer"]
    if rules.insurance and rules.deal is not _MANUAL and dealer and _CARD_POINTS[dealer[0]] == 1:
        fields["phase"] = _INSURANCE_PHASE
        return _state(fields)
    if rules.deal is _PEEK:
        return _after_insurance(fields)
    return _next_hand(fields)  # (no peek: ``_after_insurance``'s answer)


def _after_insurance(fields: Fields) -> State:
    rules = fields["rules"]
    dealer = fields["dealer"]
    if rules.deal is _PEEK and dealer and rules.blackjack is not _NO_PAYOUT \
            and _CARD_POINTS[dealer[0]] in (1, 10) and is_blackjack(values_of(dealer)):  # ``peeks``
        # the dealer turns up a blackjack at once: the hole card is shown, and counted
        hole = fields["hole"]
        return _settle(fields, fields["count"] + (_CARD_HI_LO[dealer[hole]] if hole >= 0 else 0))
    return _next_hand(fields)  # which sets the phase to PLAY


def _next_hand(fields: Fields) -> State:
    """Move on to the next hand that needs a decision (dealing split hands their second card and
    standing hands that have nothing to decide); after the last, the dealer plays.  ``fields``
    are a state's, its players changed or not, and are changed here before the state is made."""
    rules = fields["rules"]
    players = fields["players"]
    if len(players) == 1:  # one seat, one hand of its own, dealt: the search below, in fewer steps
        hands = players[0].hands
        if len(hands) == 1:
            hand = hands[0]
            cards = hand.cards
            if not hand.done and not hand.from_split and len(cards) >= 2:
                values = tuple(map(_POINT, cards))
                total = sum(values)  # ``hand.total``
                if total <= 11 and 1 in values:
                    total += 10
                if total >= 21 or hand.doubled or (len(values) == 2 and rules.blackjack is not _NO_PAYOUT
                                                   and is_blackjack(values)):  # it stands
                    fields["players"] = _stood(players, 0, 0, hand)
                    return _dealer_turn(fields)
                fields["phase"] = _PLAY
                current = fields["current"]
                if current[0] != 0 or current[1] != 0:
                    fields["current"] = _FIRST_HANDS[0]
                new = _new(State)  # ``_state(fields)``
                _set_state_dict(new, fields)
                return new
    # the hands before the one found are all done: a hand stood here is changed in ``players``
    # and the search goes on (where the state's hands were searched again from the first)
    for seat, player in enumerate(players):
        for index, hand in enumerate(player.hands):
            if hand.done:
                continue
            cards = hand.cards
            if len(cards) == 1:  # a split hand: its second card first
                here = (seat, index)
                fields["players"] = players
                fields["phase"] = _PLAY
                fields["current"] = here
                fields["pending"] = (here,)
                return _state(fields)
            values = tuple(map(_POINT, cards))
            total = sum(values)  # ``hand.total``
            if total <= 11 and 1 in values:
                total += 10
            if total >= 21 or hand.doubled:
                stands = True
            elif hand.from_split:  # split aces stand after one card, unless they may draw or split again
                stands = values[0] == 1 and not rules.hit_split_aces and not (
                    rules.resplit_aces and values[1] == 1 and len(player.hands) < rules.split_hands)
            else:  # ``hand.natural(rules)``
                stands = len(values) == 2 and rules.blackjack is not _NO_PAYOUT and is_blackjack(values)
            if stands:
                players = _stood(players, seat, index, hand)
                continue
            fields["players"] = players
            fields["phase"] = _PLAY
            current = fields["current"]
            if current[0] != seat or current[1] != index:
                fields["current"] = (seat, index)
            new = _new(State)  # ``_state(fields)``
            _set_state_dict(new, fields)
            return new
    fields["players"] = players
    return _dealer_turn(fields)


def _dealer_draws(rules: Rules, players: tuple[Player, ...], dealer: tuple[Card, ...]) -> bool:
    """The dealer draws while the rules say so and some hand still depends on it: a second card
    whenever a hand is live (not surrendered, bust or a blackjack) or a blackjack waits to see
    whether the dealer has one too."""
    naturals = rules.blackjack is not _NO_PAYOUT  # ``rules.naturals``
    if len(dealer) >= 2:
        # ``dealer_hits``, inline (a dealer who hits has 17 at most: never a blackjack), looked at
        # first: then whether a hand is live, up to the first
        values = tuple(map(_POINT, dealer))
        total = sum(values)
        if total <= 11 and 1 in values:
            if total > 7 or (total == 7 and rules.soft17 is not _SOFT17_HITS):
                return False
        elif total >= 17:
            return False
        for p in players:
            for h in p.hands:
                cards = h.cards
                if naturals and len(cards) == 2 and not h.from_split:  # ``h.natural(rules)``, inline
                    a, b = map(_POINT, cards)
                    if a + b == 11 and (a == 1 or b == 1):  # an ace and a ten-card
                        continue
                if not h.surrendered and sum(map(_POINT, cards)) <= 21:  # not bust (an ace: 11 only to 21)
                    return True
        return False
    live = natural = False
    for p in players:
        for h in p.hands:
            cards = h.cards
            if naturals and len(cards) == 2 and not h.from_split:
                a, b = map(_POINT, cards)
                if a + b == 11 and (a == 1 or b == 1):
                    natural = True
                    continue
            if not h.surrendered and sum(map(_POINT, cards)) <= 21:
                live = True
    return live or natural


def _dealer_turn(fields: Fields) -> State:
    """The players are done (``fields``, a state's, their last hand stood): the hole card is
    turned up, and the dealer draws or the bets are settled."""
    count = fields["count"]
    dealer = fields["dealer"]
    hole = fields["hole"]
    if hole >= 0:  # the hole card is turned up
        count += _CARD_HI_LO[dealer[hole]]
    rules = fields["rules"]
    if len(dealer) >= 2:  # ``_dealer_draws``'s first look, inline: a dealer who stands draws no more
        values = tuple(map(_POINT, dealer))
        total = sum(values)
        if (total > 7 or (total == 7 and rules.soft17 is not _SOFT17_HITS)) if total <= 11 and 1 in values \
                else total >= 17:
            return _settle(fields, count)
    if _dealer_draws(rules, fields["players"], dealer):
        fields["phase"] = _DEALER_PHASE
        fields["current"] = _NO_HAND
        fields["count"] = count
        fields["hole"] = -1
        fields["pending"] = _DEALER_CARD
        return _state(fields)
    return _settle(fields, count)


# ---- settling ----------------------------------------------------------------------------------
_WIN, _BLACKJACK, _PUSH = Outcome.WIN, Outcome.BLACKJACK, Outcome.PUSH
_LOSE, _BUST, _SURRENDERED = Outcome.LOSE, Outcome.BUST, Outcome.SURRENDER


def _hand_result(rules: Rules, hand: Hand, dealer_bj: bool, d_total: int) -> tuple[Outcome, int | Fraction]:
    """How ``hand`` ends against the dealer's total, and its net: an ``int`` where it is a whole
    number of chips, made a Fraction by the caller (``_settle`` adds the whole ones as ints)."""
    bet = hand.bet
    if hand.surrendered:  # late: honoured only if the dealer has no blackjack (seen later without a peek)
        if dealer_bj:
            return _LOSE, -bet
        return _SURRENDERED, -Fraction(bet, 2)
    values = tuple(map(_POINT, hand.cards))
    if rules.blackjack is not _NO_PAYOUT and not hand.from_split and is_blackjack(values):  # ``hand.natural``
        if dealer_bj:
            return _PUSH, 0
        won, staked = rules.blackjack.ratio
        return _BLACKJACK, Fraction(bet * won, staked)
    total = sum(values)  # ``hand.total``
    if total > 21:
        return _BUST, -bet
    if dealer_bj:
        return _LOSE, -bet
    if total <= 11 and 1 in values:
        total += 10
    if d_total > 21 or total > d_total:
        return _WIN, bet
    if total == d_total:
        return _PUSH, 0
    return _LOSE, -bet


_NO_CHIPS = Fraction(0)


def _whole(n: int) -> Fraction:
    """``Fraction(n)``, one object for each whole number lately made (a Fraction is immutable)."""
    known = _WHOLE.get(n)
    if known is None:
        if len(_WHOLE) >= 1024:
            _WHOLE.clear()
            _WHOLE_OF.clear()
        known = _WHOLE[n] = Fraction(n)
        _WHOLE_OF[id(known)] = (known, n)
    return known


_WHOLE: dict[int, Fraction] = {}
_WHOLE_OF: dict[int, tuple[Fraction, int]] = {}
"""The Fractions in ``_WHOLE`` and their whole numbers, by the Fraction's identity (each entry
keeps its Fraction alive, so that an id is not reused while it is in here): a balance made by
``_whole`` read as an ``int`` without the Fraction's ``numerator`` and ``denominator``, each a
Python call."""


def _settle(fields: Fields, count: int) -> State:
    """Pay each hand of the players in ``fields`` (a state's, changed here) and end the round,
    with the running ``count`` (the hole card's counted in, if it was turned up)."""
    rules = fields["rules"]
    players = fields["players"]
    dealer = tuple(map(_POINT, fields["dealer"]))
    naturals = rules.blackjack is not _NO_PAYOUT  # ``rules.naturals``
    dealer_bj = naturals and is_blackjack(dealer)
    d_total = sum(dealer)  # ``hand_total(dealer)[0]``
    if d_total <= 11 and 1 in dealer:
        d_total += 10
    min_bet = rules.min_bet
    outcomes: tuple[tuple[HandResult, ...], ...]
    side_bets: tuple[Fraction, ...]
    seated: tuple[Player, ...] | None = None
    amount: int | Fraction
    if len(players) == 1:  # one seat with one hand of plain chips (no insurance, no surrender, no
        # blackjack), its usual case: the loop below, in fewer steps
        p = players[0]
        hands = p.hands
        if len(hands) == 1 and not p.insurance:
            h = hands[0]
            cards = h.cards
            values = tuple(map(_POINT, cards))
            if cards and not h.surrendered and not (naturals and not h.from_split and is_blackjack(values)):
                bet = h.bet  # ``_hand_result``'s usual case, inline
                total = sum(values)  # ``hand.total``
                if total > 21:
                    outcome, won = _BUST, -bet
                elif dealer_bj:
                    outcome, won = _LOSE, -bet
                else:
                    if total <= 11 and 1 in values:
                        total += 10
                    if d_total > 21 or total > d_total:
                        outcome, won = _WIN, bet
                    elif total == d_total:
                        outcome, won = _PUSH, 0
                    else:
                        outcome, won = _LOSE, -bet
                net = _WHOLE.get(won)
                if net is None:
                    net = _whole(won)
                result = _new(HandResult)
                _set_result_dict(result, {"cards": cards, "bet": bet, "outcome": outcome, "net": net})
                balance = p.balance
                known = _WHOLE_OF.get(id(balance))  # a balance made by ``_whole``: its number at once
                held = known[1] if known is not None and known[0] is balance \
                    else balance.numerator if balance.denominator == 1 else None
                if held is not None:
                    whole = held + won
                    balance, out = _WHOLE.get(whole), whole < min_bet
                    if balance is None:
                        balance = _whole(whole)
                else:
                    balance = balance + net
                    out = balance < min_bet
                player = _new(Player)
                _set_player_dict(player, {"balance": balance, "bet": None, "hands": (), "insurance": None,
                                          "out": out})
                outcomes, side_bets, seated = ((result,),), _ONE_SEAT_NO_INSURANCE, (player,)
                everyone_out = out
    if seated is None:  # any other table
        results = []
        insurance = []
        settled = []
        everyone_out = True
        for p in players:
            hands = []
            whole = 0  # the sum of the nets that are whole numbers, added as ints, not Fractions
            parts: list[Fraction] = []  # the others
            for h in p.hands:
                cards = h.cards
                if not cards:
                    continue
                outcome, amount = _hand_result(rules, h, dealer_bj, d_total)
                if isinstance(amount, int):
                    whole += amount
                    net = _WHOLE.get(amount)  # ``_whole(amount)``, its usual case inline
                    if net is None:
                        net = _whole(amount)
                else:
                    net = amount
                    parts.append(net)
                result = _new(HandResult)
                _set_result_dict(result, {"cards": cards, "bet": h.bet, "outcome": outcome, "net": net})
                hands.append(result)
            if p.insurance:
                ins = Fraction(p.insurance)
                ins_net = 2 * ins if dealer_bj else -ins
                parts.append(ins_net)
            else:
                ins_net = _NO_CHIPS
            results.append(tuple(hands))
            insurance.append(ins_net)
            balance = p.balance
            if not parts:
                known = _WHOLE_OF.get(id(balance))  # a balance made by ``_whole``: its number at once
                held = known[1] if known is not None and known[0] is balance \
                    else balance.numerator if balance.denominator == 1 else None
            else:
                held = None
            if held is not None:  # whole numbers throughout
                whole += held
                balance, out = _WHOLE.get(whole), whole < min_bet
                if balance is None:
                    balance = _whole(whole)
            else:
                balance = balance + sum(parts, _whole(whole))
                out = balance < min_bet
            everyone_out = everyone_out and out
            player = _new(Player)
            _set_player_dict(player, {"balance": balance, "bet": None, "hands": (), "insurance": None,
                                      "out": out})
            settled.append(player)
        outcomes, side_bets, seated = tuple(results), tuple(insurance), tuple(settled)
    number = fields["round"]
    record = _new(RoundResult)
    _set_round_dict(record, {"number": number, "dealer": fields["dealer"], "hands": outcomes,
                             "insurance": side_bets})
    over = number >= rules.rounds or everyone_out
    fields["players"] = seated
    fields["history"] = fields["history"] + (record,)
    fields["count"] = count
    fields["phase"] = _OVER if over else _BET
    if not over:
        fields["round"] = number + 1
    fields["pending"] = ()
    fields["current"] = _NO_HAND
    fields["hole"] = -1
    fields["dealer"] = ()
    new = _new(State)  # ``_state(fields)``
    _set_state_dict(new, fields)
    return new


_ONE_SEAT_NO_INSURANCE = (_NO_CHIPS,)

