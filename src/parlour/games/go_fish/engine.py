"""The rules of play: the deal, asks, "Go fish!", the lucky draw, books, running out, the end.

Legal moves, in this order: for each other seat holding cards (in seat order from the asker's
left), each rank the asker holds (ace to king): ``Ask(target, rank)``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from functools import cache
from typing import cast

from parlour.core.cards import Rank
from parlour.games.go_fish.notation import Ask, Deal
from parlour.games.go_fish.rules import Ending
from parlour.games.go_fish.state import (
    CARDS,
    RANK_INDEX,
    RANK_MASKS,
    RANKS,
    Act,
    Event,
    Phase,
    State,
    books_held,
    cards_of,
    ranks_held,
)

_INDEX = {card: i for i, card in enumerate(CARDS)}
_INDEX_BY_ID = {id(card): i for i, card in enumerate(CARDS)}
"""The same by identity: a shuffled deck's cards are ``CARDS``'s own objects (``standard_deck``), and
looking them up so skips hashing a card (its two enums' ``__hash__``, in Python)."""


def deal(state: State, outcome: Deal) -> State:
    """One card at a time to each player from the dealer's left; the rest is the stock.  Books
    dealt whole are set aside at once."""
    n = state.players
    size = state.rules.dealt(n)
    order = [(state.dealer + 1 + k) % n for k in range(n)]
    hands = [0] * n
    found = [_INDEX_BY_ID.get(id(c)) for c in outcome.cards]
    cards = [_INDEX[c] for c in outcome.cards] if None in found else cast(list[int], found)
    for i in range(size * n):
        hands[order[i % n]] |= 1 << cards[i]
    after = dataclasses.replace(state, phase=Phase.PLAY, hands=tuple(hands), stock=tuple(cards[size * n:]),
                                books=((),) * n, current=order[0], history=())
    for seat in order:
        after = _books(after, seat)
    return _settle(after)


@cache
def _asks(target: int, ranks: int) -> tuple[Ask, ...]:
    """Asking ``target`` for each rank of ``ranks`` (bit ``r`` for rank ``r``, ace 0), ace first."""
    return tuple(Ask(target, RANKS[r]) for r in range(13) if ranks >> r & 1)


def legal_moves(state: State, seat: int) -> tuple[Ask, ...]:
    if state.phase is not Phase.PLAY or seat != state.current:
        return ()
    hands, players = state.hands, state.players
    ranks = ranks_held(hands[seat])
    moves: tuple[Ask, ...] = ()
    for step in range(1, players):
        target = (seat + step) % players
        if hands[target]:
            moves += _asks(target, ranks)
    return moves


def explain(state: State, seat: int, move: Ask) -> str:
    """Why ``move`` is refused (it is not legal now)."""
    if state.phase is not Phase.PLAY:
        return "the cards have not been dealt" if state.phase is not Phase.OVER else "the game is over"
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
    """Apply a legal ask (checked by the caller)."""
    r = RANK_INDEX[move.rank]
    rank_bits = RANK_MASKS[r]
    target = move.target
    hands = list(state.hands)
    given = hands[target] & rank_bits
    stock = state.stock
    nxt = seat
    if given:
        hands[target] &= ~given
        hands[seat] |= given
        events: tuple[Event, ...] = (_ask_event(seat, target, r, given),)
    elif stock:
        card, stock = stock[0], stock[1:]
        hands[seat] |= 1 << card
        events = (_ask_event(seat, target, r, 0), _fish_event(seat, r, card))
        if not rank_bits >> card & 1:
            nxt = target
    else:
        events = (_ask_event(seat, target, r, 0),)
        nxt = target
    after = _changed(state, tuple(hands), stock, state.books, nxt, state.history + events)
    if books_held(hands[seat]):
        after = _books(after, seat)
    after = _settle(after)
    if state.told is not None or state.seen is not None:
        _carry(state, after)
    return after


def _changed(state: State, hands: tuple[int, ...], stock: tuple[int, ...],
             books: tuple[tuple[Rank, ...], ...], current: int, history: tuple[Event, ...]) -> State:
    """``state`` with these fields given anew and no caches (``told``, ``seen``): what
    ``State(...)`` makes of them, without running its ``__init__`` (a frozen dataclass's sets each
    field through ``object.__setattr__``)."""
    after = object.__new__(State)
    fields = after.__dict__
    fields.update(state.__dict__)
    fields["hands"] = hands
    fields["stock"] = stock
    fields["books"] = books
    fields["current"] = current
    fields["history"] = history
    fields["told"] = fields["seen"] = None
    return after


@cache
def _ask_event(seat: int, target: int, r: int, given: int) -> Event:
    """``seat`` asked ``target`` for rank ``r`` (ace 0) and got the cards of ``given``."""
    return Event(Act.ASK, seat, target, RANKS[r], cards_of(given))


@cache
def _fish_event(seat: int, r: int, card: int) -> Event:
    """``seat`` went fishing after asking for rank ``r`` and drew ``card``."""
    lucky = bool(RANK_MASKS[r] >> card & 1)
    return Event(Act.FISH, seat, None, RANKS[r], (CARDS[card],) if lucky else (), lucky, card)


@cache
def _book_event(seat: int, r: int) -> Event:
    """``seat`` made a book of rank ``r`` (ace 0)."""
    return Event(Act.BOOK, seat, None, RANKS[r], cards_of(RANK_MASKS[r]))


def _books(state: State, seat: int) -> State:
    """Set aside every book ``seat`` holds."""
    made = books_held(state.hands[seat])
    if not made:
        return state
    hands = list(state.hands)
    books = list(state.books)
    history = list(state.history)
    for r in range(13):
        if made >> r & 1:
            bits = RANK_MASKS[r]
            hands[seat] &= ~bits
            books[seat] = (*books[seat], RANKS[r])
            history.append(_book_event(seat, r))
    return _changed(state, tuple(hands), state.stock, tuple(books), state.current, tuple(history))


def over(state: State) -> bool:
    """Whether the game ends now, by the rules' ending."""
    ending = state.rules.ending
    if ending is Ending.FIRST_OUT:
        return not state.stock or not all(state.hands)
    if ending is Ending.DRAW_ON:
        return not state.stock
    return sum(map(len, state.books)) == 13


def _settle(state: State) -> State:
    """After the deal or an ask: end the game, or make sure the player to act can ask (a player
    with no cards draws one, or with the stock empty sits out; a player with nobody to ask draws
    one and passes the turn on)."""
    for _ in range(4 * 52):
        if over(state):
            return dataclasses.replace(state, phase=Phase.OVER)
        seat = state.current
        hands = state.hands
        if hands[seat] and hands.count(0) < len(hands) - 1:  # cards, and someone else holds some
            return state
        others = any(hands[:seat]) or any(hands[seat + 1:])
        if state.stock:
            card, stock = state.stock[0], state.stock[1:]
            drawn = list(hands)
            drawn[seat] |= 1 << card
            after = _changed(state, tuple(drawn), stock, state.books, seat,
                             (*state.history, Event(Act.DRAW, seat, drawn=card)))
            state = _books(after, seat)
            if state.hands[seat] and others:
                continue
        following = (seat + 1) % state.players if state.stock else _next_with_cards(state, seat)
        state = _changed(state, state.hands, state.stock, state.books, following, state.history)
    raise AssertionError("Go Fish could not settle")  # pragma: no cover


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


def rank_of(card_index: int) -> Rank:
    return CARDS[card_index].rank


def known_cards(state: State) -> tuple[int, ...]:
    """The cards everyone knows each seat holds: handed over to it in an ask or shown on a lucky
    draw, and still in its hand."""
    told = state.told
    if told is None:
        told = _learn((0,) * state.players, state.history)
        object.__setattr__(state, "told", told)
    return tuple([k & h for k, h in zip(told, state.hands, strict=True)])


def _learn(told: tuple[int, ...], events: Iterable[Event]) -> tuple[int, ...]:
    """``told`` (for each seat, the cards the history shows going to it and not away since) after
    ``events``: a card shown goes to whoever the event is about, or nowhere if it is a book."""
    out: list[int] | None = None
    for event in events:
        if event.cards:
            bits = 0
            for card in event.cards:
                bits |= 1 << card.index
            out = [k & ~bits for k in (told if out is None else out)]
            if event.act is not Act.BOOK:
                out[event.seat] |= bits
    return told if out is None else tuple(out)


def seen_history(state: State, seat: int | None) -> tuple[Event, ...]:
    """The history as ``seat`` (``None``: a spectator) may see it (``Event.seen_by``)."""
    seen = state.seen
    if seen is None:
        seen = {}
        object.__setattr__(state, "seen", seen)
    history = seen.get(seat)
    if history is None:
        history = seen[seat] = tuple(e.seen_by(seat) for e in state.history)
    return history


def _carry(before: State, after: State) -> None:
    """Carry ``before``'s caches (``State.told``, ``State.seen``) on to ``after``, whose history
    is ``before``'s and then some."""
    told, seen = before.told, before.seen
    new = after.history[len(before.history):]
    if told is not None:
        object.__setattr__(after, "told", _learn(told, new))
    if seen is not None:
        drawer = -1  # the seat whose draw is hidden from the others (-2: more than one seat's)
        for event in new:
            if event.drawn >= 0 and not event.lucky and event.seat != drawer:
                drawer = event.seat if drawer == -1 else -2
        carried: dict[int | None, tuple[Event, ...]] = {}
        if drawer == -1:  # nothing to hide from anyone
            for s, h in seen.items():
                carried[s] = h + new
        elif drawer >= 0:  # the drawer sees it all, everyone else the same
            hidden = tuple([e.seen_by(None) for e in new])
            for s, h in seen.items():
                carried[s] = h + (new if s == drawer else hidden)
        else:
            for s, h in seen.items():
                carried[s] = h + tuple([e.seen_by(s) for e in new])
        object.__setattr__(after, "seen", carried)
