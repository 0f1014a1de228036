"""The rules of play: the deal, asks, "Go fish!", the lucky draw, books, running out, the end.

Legal moves, in this order: for each other seat holding cards (in seat order from the asker's
left), each rank the asker holds (ace to king): ``Ask(target, rank)``.

A card drawn from the stock and kept unseen goes into the history as drawn, not which card: that
goes to the drawer's ``State.drawn``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from parlour.core.cards import Rank
from parlour.core.protocol import CHANCE
from parlour.games.go_fish.deck import CARDS, RANK_MASKS, RANKS, books_held, cards_of, mask_of, ranks_held
from parlour.games.go_fish.moves import Act, Ask, Deal, Event
from parlour.games.go_fish.rules import DRAW_ON, FIRST_OUT, Rules
from parlour.games.go_fish.state import CUT, DEAL, OVER, PLAY, State, Table


def initial_state(rules: Rules, players: int) -> State:
    rules.check(players)
    return State(table=Table(rules=rules, players=players, dealer=0, phase=CUT), books=((),) * players,
                 drawn=((),) * players)


def to_act(state: State) -> tuple[int, ...]:
    """The seat to act in play; chance (``CHANCE``) before the deal; nobody once over."""
    phase = state.table.phase
    if phase is PLAY:
        return (state.current,)
    return () if phase is OVER else (CHANCE,)


def cut(state: State, dealer: int) -> State:
    """The first dealer drawn."""
    return replace(state, table=replace(state.table, dealer=dealer, phase=DEAL))


def deal(state: State, outcome: Deal) -> State:
    """One card at a time to each player from the dealer's left; the rest is the stock.  Books
    dealt whole are set aside at once."""
    table = state.table
    n = table.players
    size = table.rules.dealt(n)
    order = [(table.dealer + k) % n for k in range(1, n + 1)]  # each seat from the dealer's left
    dealt = [0] * n
    for k, seat in enumerate(order):  # the k-th player from the dealer's left: every n-th card from k
        dealt[seat] = mask_of(outcome.cards[k:size * n:n])
    hands = tuple(dealt)
    books: tuple[tuple[Rank, ...], ...] = ((),) * n
    history: tuple[Event, ...] = ()
    for seat in order:
        hands, books, made = _books(hands, books, seat)
        history += made
    return _settle(State(table=replace(table, phase=PLAY), hands=hands,
                         stock=tuple([card.index for card in outcome.cards[size * n:]]), books=books,
                         current=order[0], history=history, drawn=((),) * n))


_ASKS = tuple(tuple(Ask(target, rank) for rank in RANKS) for target in range(6))
"""Every ask of a seat, by target and rank index."""


@lru_cache(maxsize=1 << 14)
def _asks(target: int, ranks: int) -> tuple[Ask, ...]:
    """Asking ``target`` for each rank of ``ranks`` (bit ``r`` for rank ``r``, ace 0), ace first."""
    return tuple(_ASKS[target][r] for r in range(13) if ranks >> r & 1)


def legal_moves(state: State, seat: int) -> tuple[Ask, ...]:
    if state.table.phase is not PLAY or seat != state.current:
        return ()
    hands, n = state.hands, state.table.players
    ranks = ranks_held(hands[seat])
    moves: tuple[Ask, ...] = ()
    for step in range(1, n):
        target = (seat + step) % n
        if hands[target]:
            moves += _asks(target, ranks)
    return moves


def explain(state: State, seat: int, move: Ask) -> str:
    """Why ``move`` is refused (it is not legal now)."""
    if state.phase is not PLAY:
        return "the cards have not been dealt" if state.phase is not OVER else "the game is over"
    if seat != state.current:
        return f"it is not seat {seat + 1}'s turn"
    if not 0 <= move.target < state.players:
        return f"there is no player {move.target + 1} at this table of {state.players}"
    if move.target == seat:
        return "you cannot ask yourself: ask another player"
    if not state.hands[move.target]:
        return f"player {move.target + 1} has no cards to ask for"
    return f"you may only ask for a rank you hold: you have no {move.rank.plural}"


def apply_move(state: State, seat: int, move: Ask) -> State:
    """Apply a legal ask (checked by the caller): the cards of the rank handed over and the asker
    goes again; or "Go fish!" and the asker draws the top card of the stock, going again if it is
    the rank asked for (shown), else the turn passes to the player asked.  Then any book made is
    set aside (``_books``) and the game ends or goes on (``_settle``)."""
    target, r = move.target, move.rank.number - 1
    hands = list(state.hands)
    given = hands[target] & RANK_MASKS[r]
    stock, current, drawn = state.stock, seat, state.drawn
    events: tuple[Event, ...]
    if given:
        hands[target] &= ~given
        hands[seat] |= given
        events = (_ask_event(seat, target, r, given),)
    elif stock:
        card, stock = stock[0], stock[1:]
        hands[seat] |= 1 << card
        events = (_ask_event(seat, target, r, 0), _fish_event(seat, r, card))
        if card % 13 != r:  # not lucky: kept unseen, and the turn passes
            drawn = _kept(drawn, seat, card)
            current = target
    else:
        events = (_ask_event(seat, target, r, 0),)
        current = target
    after, books, made = _books(tuple(hands), state.books, seat)
    return _settle(State(table=state.table, hands=after, stock=stock, books=books, current=current,
                         history=state.history + events + made, drawn=drawn))


# The events, each made once for its values (they are frozen: one serves every history); each
# cache holds every value its arguments can take.
@lru_cache(maxsize=6 * 6 * 13 * 16)
def _ask_event(seat: int, target: int, r: int, given: int) -> Event:
    """``seat`` asked ``target`` for rank ``r`` (ace 0) and got the cards of ``given``."""
    return Event(Act.ASK, seat, target, RANKS[r], cards_of(given))


@lru_cache(maxsize=6 * 13 * 52)
def _fish_event(seat: int, r: int, card: int) -> Event:
    """``seat`` went fishing after asking for rank ``r`` and drew ``card``: shown if lucky, else
    kept unseen (the history does not say which card)."""
    if card % 13 == r:
        return Event(Act.FISH, seat, None, RANKS[r], (CARDS[card],), True, card)
    return Event(Act.FISH, seat, None, RANKS[r])


@lru_cache(maxsize=6 * 13)
def _book_event(seat: int, r: int) -> Event:
    """``seat`` made a book of rank ``r`` (ace 0)."""
    return Event(Act.BOOK, seat, None, RANKS[r], cards_of(RANK_MASKS[r]))


@lru_cache(maxsize=6)
def _draw_event(seat: int) -> Event:
    """``seat`` had no cards (or nobody to ask) and drew a card, kept unseen."""
    return Event(Act.DRAW, seat)


def _kept(drawn: tuple[tuple[int, ...], ...], seat: int, card: int) -> tuple[tuple[int, ...], ...]:
    """``drawn`` (each seat's cards drawn unseen) with ``card`` drawn by ``seat``."""
    kept = list(drawn)
    kept[seat] += (card,)
    return tuple(kept)


def _books(hands: tuple[int, ...], books: tuple[tuple[Rank, ...], ...],
           seat: int) -> tuple[tuple[int, ...], tuple[tuple[Rank, ...], ...], tuple[Event, ...]]:
    """Set aside every book ``seat`` holds: the hands and books after, and the events."""
    made = books_held(hands[seat])
    if not made:
        return hands, books, ()
    held, booked = list(hands), list(books)
    events = []
    for r in range(13):
        if made >> r & 1:
            held[seat] &= ~RANK_MASKS[r]
            booked[seat] = (*booked[seat], RANKS[r])
            events.append(_book_event(seat, r))
    return tuple(held), tuple(booked), tuple(events)


def over(state: State) -> bool:
    """Whether the game ends now, by the rules' ending."""
    ending = state.table.rules.ending
    if ending is FIRST_OUT:
        return not state.stock or not all(state.hands)
    if ending is DRAW_ON:
        return not state.stock
    return not state.stock and not any(state.hands)  # all thirteen books made: no card left


def _settle(state: State) -> State:
    """After the deal or an ask: end the game, or make sure the player to act can ask.  A player
    with no cards draws one, kept unseen (and asks, if someone else holds cards), or with the
    stock empty sits out; a player with nobody to ask draws one and passes the turn on.  Each
    round draws a card or passes the turn to a player holding cards, so it ends: once the stock
    is empty, every ending is reached when at most one hand holds cards (its cards are then
    whole books)."""
    while not over(state):
        seat, hands = state.current, state.hands
        if hands[seat] and hands.count(0) < len(hands) - 1:  # cards, and someone else holds some
            return state
        others = any(hands[:seat]) or any(hands[seat + 1:])
        if state.stock:
            card = state.stock[0]
            held = list(hands)
            held[seat] |= 1 << card
            after, books, made = _books(tuple(held), state.books, seat)
            state = replace(state, hands=after, stock=state.stock[1:], books=books,
                            history=(*state.history, _draw_event(seat), *made),
                            drawn=_kept(state.drawn, seat, card))
            if state.hands[seat] and others:
                continue
        following = (seat + 1) % state.table.players if state.stock else _next_with_cards(state, seat)
        state = replace(state, current=following)
    return replace(state, table=replace(state.table, phase=OVER))


def _next_with_cards(state: State, seat: int) -> int:
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if state.hands[candidate]:
            return candidate
    return seat


def winners(state: State) -> tuple[int, ...]:
    """The seats with the most books (several share a tie)."""
    counts = state.book_counts
    best = max(counts)
    return tuple(s for s, c in enumerate(counts) if c == best)


def returns(state: State) -> tuple[float, ...]:
    """Each seat's books less the most any other seat has."""
    counts = state.book_counts
    return tuple(float(c - max(counts[:s] + counts[s + 1:])) for s, c in enumerate(counts))
