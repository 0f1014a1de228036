"""The rules of play: the deal, asks, "Go fish!", the lucky draw, books, running out, the end.

Legal moves, in this order: for each other seat holding cards (in seat order from the asker's
left), each rank the asker holds (ace to king): ``Ask(target, rank)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

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
)

_INDEX = {card: i for i, card in enumerate(CARDS)}
"""Each card's place in a mask (cards hash by identity, in C)."""

# Enum members as module constants: in Python 3.11 ``Phase.PLAY`` (an attribute of an enum class)
# costs about as much as a small function call, a module global a dictionary look-up.
_PLAY, _OVER = Phase.PLAY, Phase.OVER
_FIRST_OUT, _DRAW_ON, _ALL_BOOKS = Ending.FIRST_OUT, Ending.DRAW_ON, Ending.ALL_BOOKS
_BOOK = Act.BOOK
_LOW13 = (1 << 13) - 1


def deal(state: State, outcome: Deal) -> State:
    """One card at a time to each player from the dealer's left; the rest is the stock.  Books
    dealt whole are set aside at once."""
    n = state.players
    size = state.rules.dealt(n)
    order = [(state.dealer + 1 + k) % n for k in range(n)]
    cards = list(map(_INDEX.__getitem__, outcome.cards))
    hands = [0] * n
    for k, seat in enumerate(order):  # the k-th player from the dealer's left: every n-th card from k
        hands[seat] = sum(map(_BITS.__getitem__, cards[k:size * n:n]))  # different cards: ``|`` as ``+``
    after = replace(state, phase=_PLAY, hands=tuple(hands), stock=tuple(cards[size * n:]),
                    books=((),) * n, current=order[0], history=())
    for seat in order:
        after = _books(after, seat)
    return _settle(after)


_BITS = tuple(1 << i for i in range(52))


def replace(state: State, **changes: object) -> State:
    """``dataclasses.replace(state, **changes)``: a copy of the fields with these changed, and no
    caches (``told``, ``seen``), made without ``State.__init__`` (a frozen dataclass's sets each
    field through ``object.__setattr__``, and ``dataclasses.replace`` looks at every field first).

    The fields go in a new dictionary of their own (``dict``), never a ``copy`` of a state's
    ``__dict__``: a state made by ``State(...)`` keeps its fields in the object until its
    ``__dict__`` is read, which hands back a dictionary sharing its keys with the class, and a
    state holding one of those (its ``copy`` is another) has each field read the slow way (Python
    3.11 does not specialize reading an attribute from it)."""
    fields = dict(state.__dict__)
    fields.update(changes)
    fields["told"] = fields["seen"] = None
    after = _new(State)
    _set(after, "__dict__", fields)
    return after


def _subsets(items: tuple[Ask, ...]) -> list[tuple[Ask, ...]]:
    """Every subset of ``items`` at the index of its bits (bit ``j`` for ``items[j]``), in order."""
    out: list[tuple[Ask, ...]] = [()]
    for item in items:
        out += [(*subset, item) for subset in out]
    return out


_LOW_ASKS = [_subsets(tuple(Ask(target, rank) for rank in RANKS[:7])) for target in range(6)]
_HIGH_ASKS = [_subsets(tuple(Ask(target, rank) for rank in RANKS[7:])) for target in range(6)]
"""For each target, its asks for each set of ranks ace to seven (bits 0-6), and eight to king
(bits 7-12, shifted down)."""
_ASKS: list[tuple[Ask, ...] | None] = [None] * (6 << 13)
"""``_asks(target, ranks)`` at ``target << 13 | ranks``, filled when first met: a list indexed by
an int, cheaper than a cache keyed by the two arguments."""


def _asks(target: int, ranks: int) -> tuple[Ask, ...]:
    """Asking ``target`` for each rank of ``ranks`` (bit ``r`` for rank ``r``, ace 0), ace first."""
    key = target << 13 | ranks
    moves = _ASKS[key]
    if moves is None:
        moves = _ASKS[key] = _LOW_ASKS[target][ranks & 127] + _HIGH_ASKS[target][ranks >> 7]
    return moves


def legal_moves(state: State, seat: int) -> tuple[Ask, ...]:
    if state.phase is not _PLAY or seat != state.current:
        return ()
    hands, players = state.hands, state.players
    folded = hands[seat] | hands[seat] >> 26  # ``ranks_held``, inlined and in fewer steps
    ranks = (folded | folded >> 13) & _LOW13
    if players == 2:  # one other seat: its asks, or none if it holds no cards
        target = 1 - seat
        if not hands[target]:
            return ()
        moves = _ASKS[target << 13 | ranks]
        return moves if moves is not None else _asks(target, ranks)
    out: tuple[Ask, ...] = ()
    for step in range(1, players):
        target = (seat + step) % players
        if hands[target]:
            out += _asks(target, ranks)
    return out


def explain(state: State, seat: int, move: Ask) -> str:
    """Why ``move`` is refused (it is not legal now)."""
    if state.phase is not _PLAY:
        return "the cards have not been dealt" if state.phase is not _OVER else "the game is over"
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
    """Apply a legal ask (checked by the caller).

    The ask, the book it may make and, most of the time, the whole turn are worked out here on
    plain values and the new state made once; only when the game may end or a hand is empty does
    ``_settle`` take over (it would change nothing otherwise)."""
    r = RANK_INDEX[move.rank]
    rank_bits = RANK_MASKS[r]
    target = move.target
    hands = state.hands
    held, victim = hands[seat], hands[target]  # their hands, changed below
    given = victim & rank_bits
    stock = state.stock
    nxt = seat
    # A hand never holds a whole book (books are set aside at once), so only the rank just asked
    # for can make one, or the rank of a card drawn and kept: ``book`` (-1: none) stands for
    # ``books_held`` of the new hand.
    if given:
        victim ^= given  # ``given`` is some of its cards: the same as ``&= ~given``
        held |= given
        shown = given  # the cards everyone sees go to ``seat``
        new = hidden = _ASKED.get((seat, target, given)) or _asked(seat, target, r, given)
        # ``new``: the new events; ``hidden``: the same as the others see them (``Event.seen_by``)
        book = r if held & rank_bits == rank_bits else -1
    elif stock:
        card, stock = stock[0], stock[1:]
        held |= 1 << card
        new, hidden = _FISHED.get((seat, target, r, card)) or _fished(seat, target, r, card)
        if card % 13 == r:  # the rank asked for (``Card.index`` is ``13 * suit + rank``): shown
            shown = 1 << card
            book = r if held & rank_bits == rank_bits else -1
        else:
            nxt = target
            shown = 0
            b = card % 13
            book = b if held & RANK_MASKS[b] == RANK_MASKS[b] else -1
    else:
        new = hidden = _ASKED.get((seat, target, -1 - r)) or _asked(seat, target, r, 0)
        nxt = target
        shown = 0
        book = -1
    books = state.books
    booked = 0  # the cards of the book made
    if book >= 0:  # what ``_books`` does
        booked = RANK_MASKS[book]
        held ^= booked
        books_ = list(books)
        books_[seat] = (*books_[seat], RANKS[book])
        books = tuple(books_)
        made = _book_event(seat, book)
        new += (made,)
        hidden += (made,)
    if state.players == 2:
        hands_: tuple[int, ...] = (held, victim) if seat == 0 else (victim, held)
    else:
        changed = list(hands)
        changed[seat], changed[target] = held, victim
        hands_ = tuple(changed)
    # ``_changed(state, ...)``, inlined (see ``replace``).  The caches (``told``, ``seen``) are
    # copied too: each is either None, as it must be, or given anew below or by ``_carry``.
    fields = dict(state.__dict__)
    fields["hands"] = hands_
    fields["stock"] = stock
    fields["books"] = books
    fields["current"] = nxt
    fields["history"] = state.history + new
    after = _new(State)
    _set(after, "__dict__", fields)
    # ``over(after)`` by the ending; ALL_BOOKS: ``state`` was not over, so only a new book may end it
    ending = state.rules.ending
    if ending is _ALL_BOOKS:
        done = book >= 0 and sum(map(len, books)) == 13
    elif ending is _DRAW_ON:
        done = not stock
    else:
        done = not stock or 0 in hands_
    told, seen = state.told, state.seen
    if done or 0 in hands_:  # the game may end, or someone must draw or sit out
        after = _settle(after)
        if told is not None or seen is not None:
            _carry(state, after)
        return after
    # Otherwise ``_settle`` would hand ``after`` back as it is (``nxt`` holds cards, and so do the
    # others); the caches are carried on from the new events (what ``_carry`` works out from them).
    if told is not None:  # ``_learn(told, new)``: shown cards go to ``seat``, a book's to nobody
        if shown | booked:
            clear = ~(shown | booked)
            learnt = [k & clear for k in told]
            learnt[seat] |= shown & ~booked
            told = tuple(learnt)
        fields["told"] = told  # unchanged when no card was shown (``_learn`` hands it back too)
    if seen is not None:  # ``seat`` sees all its events, the others ``hidden``
        fields["seen"] = {s: h + (new if s == seat else hidden) for s, h in seen.items()}
    return after


_new = object.__new__
_set = object.__setattr__
_ASKED: dict[tuple[int, int, int], tuple[Event, ...]] = {}
"""``_asked``'s answers, by seat, target and the cards given (-1 - rank when none)."""
_FISHED: dict[tuple[int, int, int, int], tuple[tuple[Event, ...], tuple[Event, ...]]] = {}
"""``_fished``'s answers, by its arguments (a plain dictionary: cheaper than ``functools.cache``)."""


def _asked(seat: int, target: int, r: int, given: int) -> tuple[Event, ...]:
    """The ask as a history's events (``_ask_event``), kept in ``_ASKED``."""
    events: tuple[Event, ...] = (_ask_event(seat, target, r, given),)
    _ASKED[seat, target, given if given else -1 - r] = events
    return events


def _fished(seat: int, target: int, r: int, card: int) -> tuple[tuple[Event, ...], tuple[Event, ...]]:
    """"Go fish!" and the draw of ``card``, as ``seat`` sees them and as everyone else does
    (``Event.seen_by``), kept in ``_FISHED``."""
    events = (_ask_event(seat, target, r, 0), _fish_event(seat, r, card))
    both = _FISHED[seat, target, r, card] = (events, tuple([e.seen_by(None) for e in events]))
    return both


def _changed(state: State, hands: tuple[int, ...], stock: tuple[int, ...],
             books: tuple[tuple[Rank, ...], ...], current: int, history: tuple[Event, ...]) -> State:
    """``state`` with these fields given anew and no caches."""
    return replace(state, hands=hands, stock=stock, books=books, current=current, history=history)


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
    if ending is _FIRST_OUT:
        return not state.stock or not all(state.hands)
    if ending is _DRAW_ON:
        return not state.stock
    return sum(map(len, state.books)) == 13


def _settle(state: State) -> State:
    """After the deal or an ask: end the game, or make sure the player to act can ask (a player
    with no cards draws one, or with the stock empty sits out; a player with nobody to ask draws
    one and passes the turn on)."""
    for _ in range(4 * 52):
        if over(state):
            return replace(state, phase=_OVER)
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
    return tuple(map(int.__and__, told, state.hands))  # each seat's known cards it still holds


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
            if event.act is not _BOOK:
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
