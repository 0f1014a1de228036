"""The rules of play: the deal, asks, "Go fish!", the lucky draw, books, running out, the end.

Legal moves, in this order: for each other seat holding cards (in seat order from the asker's
left), each rank the asker holds (ace to king): ``Ask(target, rank)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from parlour.core.cards import Card, Rank
from parlour.games.go_fish.notation import Ask, Deal
from parlour.games.go_fish.rules import Ending
from parlour.games.go_fish.state import (
    CARDS,
    RANK_MASKS,
    RANKS,
    Act,
    Event,
    Phase,
    State,
    cards_of,
)

_INDEX = {card: i for i, card in enumerate(CARDS)}
"""Each card's place in a mask (cards hash by identity, in C)."""

# Enum members as module constants: in Python 3.11 ``Phase.PLAY`` (an attribute of an enum class)
# costs about as much as a small function call, a module global a dictionary look-up.
_DEAL, _PLAY, _OVER = Phase.DEAL, Phase.PLAY, Phase.OVER
_FIRST_OUT, _DRAW_ON, _ALL_BOOKS = Ending.FIRST_OUT, Ending.DRAW_ON, Ending.ALL_BOOKS
_ASK, _FISH, _BOOK, _DRAW = Act.ASK, Act.FISH, Act.BOOK, Act.DRAW
_LOW13 = (1 << 13) - 1


def cut(state: State, dealer: int) -> State:
    """The first dealer drawn: ``replace(state, phase=Phase.DEAL, dealer=dealer)``."""
    fields = dict(state.__dict__)
    fields["phase"], fields["dealer"] = _DEAL, dealer
    fields["told"] = fields["seen"] = None
    after = _new(State)
    _set_dict(after, fields)
    return after


def deal(state: State, outcome: Deal) -> State:
    """One card at a time to each player from the dealer's left; the rest is the stock.  Books
    dealt whole are set aside at once."""
    n = state.players
    size = state.rules.dealt(n)
    first = (state.dealer + 1) % n
    order = [*range(first, n), *range(first)]  # each seat from the dealer's left
    cards = getattr(outcome, "_order", None)  # a shuffled deal's places (``Deal.shuffled``)
    if cards is None:
        cards = tuple(map(_INDEX.__getitem__, outcome.cards))
    hands = [0] * n
    bits = _BITS
    dealt_books = 0
    for k, seat in enumerate(order):  # the k-th player from the dealer's left: every n-th card from k
        hand = 0
        for card in cards[k:size * n:n]:
            hand |= bits[card]
        hands[seat] = hand
        dealt_books |= hand & hand >> 13 & hand >> 26 & hand >> 39  # ``books_held``
    fields = dict(state.__dict__)  # as ``replace`` makes a state
    fields.update(phase=_PLAY, hands=tuple(hands), stock=tuple(cards[size * n:]), books=((),) * n,
                  current=order[0], history=(), told=None, seen=None)
    after = _new(State)
    _set_dict(after, fields)
    if not dealt_books and all(hands):
        # No book dealt, every hand holds cards and so does the stock: ``_books`` and
        # ``_settle`` would change nothing.
        return after
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
    _set_dict(after, fields)
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
_ASKS: list[list[tuple[Ask, ...] | None]] = [[None] * (1 << 13) for _ in range(6)]
"""``_asks(target, ranks)`` at ``[target][ranks]``, filled when first met: lists indexed by ints,
cheaper than a cache keyed by the two arguments."""


def _asks(target: int, ranks: int) -> tuple[Ask, ...]:
    """Asking ``target`` for each rank of ``ranks`` (bit ``r`` for rank ``r``, ace 0), ace first."""
    moves = _ASKS[target][ranks]
    if moves is None:
        moves = _ASKS[target][ranks] = _LOW_ASKS[target][ranks & 127] + _HIGH_ASKS[target][ranks >> 7]
    return moves


def legal_moves(state: State, seat: int) -> tuple[Ask, ...]:
    if state.phase is not _PLAY or seat != state.current:
        return ()
    hands = state.hands
    held = hands[seat]
    folded = held | held >> 26  # ``ranks_held``, inlined and in fewer steps
    ranks = (folded | folded >> 13) & _LOW13
    if len(hands) == 2:  # one other seat: its asks, or none if it holds no cards
        target = 1 - seat
        if not hands[target]:
            return ()
        moves = _ASKS[target][ranks]
        return moves if moves is not None else _asks(target, ranks)
    out: tuple[Ask, ...] = ()
    players = len(hands)
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


_Asking = tuple[int, int, int, dict[int, tuple[Event, ...]],
                list[tuple[tuple[Event, ...], tuple[Event, ...]] | None]]
"""What ``apply_move`` needs of one seat's ask, worked out once: the target, the rank (ace 0), its
cards, and the ask's events as found so far: by the cards given (0: none, "Go fish!";
``_asked``), and "Go fish!" with the draw by the card drawn, as the asker sees them and as the
others do (``_fished``)."""


def _asking(target: int, r: int) -> _Asking:
    return (target, r, RANK_MASKS[r], {}, [None] * 52)


_ASKING: dict[Ask, tuple[_Asking, ...]] = {
    Ask(target, rank): tuple(_asking(target, r) for _seat in range(6))
    for target in range(6) for r, rank in enumerate(RANKS)}
"""For each ask of a seat (one object each, hashed by identity, in C), its ``_Asking`` by the
seat asking."""
_RANK_OF = tuple(i % 13 for i in range(52))
"""Each card's rank (ace 0) by its place in a mask (``Card.index`` is ``13 * suit + rank``)."""
_RANK_BITS = tuple(RANK_MASKS[i % 13] for i in range(52))
"""Each card's ``RANK_MASKS`` entry, the very object (``_Asking`` holds the same: one rank's mask
is another's exactly when it is the same object)."""


def apply_move(state: State, seat: int, move: Ask) -> State:
    """Apply a legal ask (checked by the caller).

    The ask, the book it may make and, most of the time, the whole turn are worked out here on
    plain values and the new state made once; only when the game may end or a hand is empty does
    ``_settle`` take over (it would change nothing otherwise)."""
    target, r, rank_bits, asked, fished = _ASKING[move][seat]
    hands = state.hands
    held, victim = hands[seat], hands[target]  # their hands, changed below
    given = victim & rank_bits
    fields = state.__dict__.copy()  # the new state's fields (see ``replace``), and the caches
    # A hand never holds a whole book (books are set aside at once), so only the rank just asked
    # for can make one, or the rank of a card drawn and kept: ``book`` (-1: none) stands for
    # ``books_held`` of the new hand.
    if given:
        victim ^= given  # ``given`` is some of its cards: the same as ``&= ~given``
        held |= given
        shown = given  # the cards everyone sees go to ``seat``
        new = hidden = asked.get(given) or _asked(asked, seat, target, r, given)
        # ``new``: the new events; ``hidden``: the same as the others see them (``Event.seen_by``)
        book = r if held & rank_bits == rank_bits else -1
        stock = state.stock
    else:
        stock = state.stock
        if stock:
            card = stock[0]
            stock = fields["stock"] = stock[1:]
            held |= _BITS[card]
            new, hidden = fished[card] or _fished(fished, seat, target, r, card)
            bits = _RANK_BITS[card]
            if bits is rank_bits:  # the rank asked for: shown, and the asker goes on
                shown = _BITS[card]
                book = r if held & rank_bits == rank_bits else -1
            else:
                fields["current"] = target
                shown = 0
                book = _RANK_OF[card] if held & bits == bits else -1
        else:
            new = hidden = asked.get(0) or _asked(asked, seat, target, r, 0)
            fields["current"] = target
            shown = 0
            book = -1
    if book < 0 and held and victim and stock and len(hands) == 2:
        # Most asks: two players, no book, both hands and the stock still hold cards, so the game
        # goes on and ``_settle`` would hand the new state back as it is.
        fields["hands"] = (held, victim) if seat == 0 else (victim, held)
        fields["history"] = state.history + new
        after = _new(State)
        _set_dict(after, fields)
        if state.told is not None or state.seen is not None:
            _carry_new(state, fields, seat, new, hidden, shown, 0)
        return after
    booked = 0  # the cards of the book made
    if book >= 0:  # what ``_books`` does
        booked = RANK_MASKS[book]
        held ^= booked
        books_ = list(state.books)
        books_[seat] = (*books_[seat], RANKS[book])
        books = fields["books"] = tuple(books_)
        made = _book_event(seat, book)
        new += (made,)
        hidden += (made,)
    if len(hands) == 2:
        fields["hands"] = (held, victim) if seat == 0 else (victim, held)
        empty = not held or not victim
    else:
        changed = list(hands)
        changed[seat], changed[target] = held, victim
        fields["hands"] = tuple(changed)
        empty = 0 in changed
    fields["history"] = state.history + new
    after = _new(State)
    _set_dict(after, fields)
    if book >= 0 or empty or not stock:  # the game may end, or someone must draw or sit out
        # ``over(after)`` by the ending; ALL_BOOKS: ``state`` was not over, so only a new book
        # may end it
        ending = state.rules.ending
        if ending is _ALL_BOOKS:
            done = book >= 0 and sum(map(len, books)) == 13
        elif ending is _DRAW_ON:
            done = not stock
        else:
            done = not stock or empty
        if done or empty:
            if done:  # what ``_settle`` does first, on ``after`` itself: the game is over
                fields["phase"] = _OVER
                fields["told"] = fields["seen"] = None
            else:
                after = _settle(after)
            if state.told is not None or state.seen is not None:
                _carry(state, after)
            return after
    # Otherwise ``_settle`` would hand ``after`` back as it is (the seat to act holds cards, and so
    # do the others).
    if state.told is not None or state.seen is not None:
        _carry_new(state, fields, seat, new, hidden, shown, booked)
    return after


def _carry_new(state: State, fields: dict[str, object], seat: int, new: tuple[Event, ...],
               hidden: tuple[Event, ...], shown: int, booked: int) -> None:
    """``_carry(state, after)`` for ``apply_move``'s new state of ``fields``, from the new events
    (``new``, and ``hidden`` as the seats other than ``seat`` see them), the cards ``shown`` going
    to ``seat`` and those of the book made (``booked``)."""
    told, seen = state.told, state.seen  # copied with the fields: given anew here
    if told is not None and (shown or booked):
        # ``_learn(told, new)``: shown cards go to ``seat``, a book's to nobody
        keep = ~(shown | booked)
        if len(told) == 2:
            learnt = [told[0] & keep, told[1] & keep]
        else:
            learnt = list(told)
            for i in range(len(learnt)):
                learnt[i] &= keep
        learnt[seat] |= shown & ~booked
        fields["told"] = tuple(learnt)
    if seen is not None:  # ``seat`` sees all its events, the others ``hidden`` (added to the
        carried = {}  # events still to add: ``seen_history`` adds them when asked)
        if new is hidden:
            for viewer, (h, more) in seen.items():
                carried[viewer] = (h, more + new)
        else:
            for viewer, (h, more) in seen.items():
                carried[viewer] = (h, more + (new if viewer == seat else hidden))
        fields["seen"] = carried


_new = object.__new__
_set_dict = State.__dict__["__dict__"].__set__
"""``object.__setattr__(state, "__dict__", fields)``, by the class's own ``__dict__`` setter (no
look-up by name)."""


def _asked(asked: dict[int, tuple[Event, ...]], seat: int, target: int, r: int,
           given: int) -> tuple[Event, ...]:
    """The ask as a history's events (``_ask_event``), kept in ``asked`` (``_Asking``)."""
    events: tuple[Event, ...] = (_ask_event(seat, target, r, given),)
    asked[given] = events
    return events


def _fished(fished: list[tuple[tuple[Event, ...], tuple[Event, ...]] | None], seat: int, target: int,
            r: int, card: int) -> tuple[tuple[Event, ...], tuple[Event, ...]]:
    """"Go fish!" and the draw of ``card``, as ``seat`` sees them and as everyone else does
    (``Event.seen_by``), kept in ``fished`` (``_Asking``)."""
    ask, fish = _ask_event(seat, target, r, 0), _fish_event(seat, r, card)
    both = fished[card] = ((ask, fish), (ask.seen_by(None), fish.seen_by(None)))
    return both


def _changed(state: State, hands: tuple[int, ...], stock: tuple[int, ...],
             books: tuple[tuple[Rank, ...], ...], current: int, history: tuple[Event, ...]) -> State:
    """``state`` with these fields given anew and no caches (``replace``, without its keywords)."""
    fields = dict(state.__dict__)
    fields["hands"], fields["stock"], fields["books"] = hands, stock, books
    fields["current"], fields["history"] = current, history
    fields["told"] = fields["seen"] = None
    after = _new(State)
    _set_dict(after, fields)
    return after


@cache
def _ask_event(seat: int, target: int, r: int, given: int) -> Event:
    """``seat`` asked ``target`` for rank ``r`` (ace 0) and got the cards of ``given``."""
    return _event(_ASK, seat, target, RANKS[r], cards_of(given), False, -1)


@cache
def _fish_event(seat: int, r: int, card: int) -> Event:
    """``seat`` went fishing after asking for rank ``r`` and drew ``card``."""
    lucky = bool(RANK_MASKS[r] >> card & 1)
    return _event(_FISH, seat, None, RANKS[r], (CARDS[card],) if lucky else (), lucky, card)


@cache
def _book_event(seat: int, r: int) -> Event:
    """``seat`` made a book of rank ``r`` (ace 0)."""
    return _event(_BOOK, seat, None, RANKS[r], cards_of(RANK_MASKS[r]), False, -1)


@cache
def _draw_event(seat: int, card: int) -> Event:
    """``seat`` had no cards (or nobody to ask) and drew ``card``."""
    return _event(_DRAW, seat, None, None, (), False, card)


def _event(act: Act, seat: int, target: int | None, rank: Rank | None, cards: tuple[Card, ...],
           lucky: bool, drawn: int) -> Event:
    """``Event(act, seat, target, rank, cards, lucky, drawn)``, made without its ``__init__`` (a
    frozen dataclass's sets each field through ``object.__setattr__``; see ``replace``)."""
    event = _new(Event)
    _set_event_dict(event, {"act": act, "seat": seat, "target": target, "rank": rank, "cards": cards,
                            "lucky": lucky, "drawn": drawn})
    return event


_set_event_dict = Event.__dict__["__dict__"].__set__


def _books(state: State, seat: int) -> State:
    """Set aside every book ``seat`` holds."""
    held = state.hands[seat]
    made = held & held >> 13 & held >> 26 & held >> 39 & _LOW13  # ``books_held``, inlined
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
        hands = state.hands
        seat = state.current
        if hands[seat] and hands.count(0) < len(hands) - 1:  # cards, and someone else holds some
            return state
        others = any(hands[:seat]) or any(hands[seat + 1:])
        if state.stock:
            card, stock = state.stock[0], state.stock[1:]
            drawn = list(hands)
            drawn[seat] |= 1 << card
            after = _changed(state, tuple(drawn), stock, state.books, seat,
                             (*state.history, _draw_event(seat, card)))
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
    hands = state.hands  # each seat's known cards it still holds
    if len(hands) == 2:
        return (told[0] & hands[0], told[1] & hands[1])
    return tuple([k & h for k, h in zip(told, hands, strict=True)])


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
    known = seen.get(seat)
    if known is None:
        history = tuple(e.seen_by(seat) for e in state.history)
    else:
        history, more = known
        if not more:
            return history
        history += more
    seen[seat] = (history, ())
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
        carried: dict[int | None, tuple[tuple[Event, ...], tuple[Event, ...]]] = {}
        if drawer == -1:  # nothing to hide from anyone
            for s, (h, more) in seen.items():
                carried[s] = (h, more + new)
        elif drawer >= 0:  # the drawer sees it all, everyone else the same
            hidden = tuple([e.seen_by(None) for e in new])
            for s, (h, more) in seen.items():
                carried[s] = (h, more + (new if s == drawer else hidden))
        else:
            for s, (h, more) in seen.items():
                carried[s] = (h, more + tuple([e.seen_by(s) for e in new]))
        object.__setattr__(after, "seen", carried)
