"""The rules of play: the deal, asks, "Go fish!", the lucky draw, books, running out, the end.

Legal moves, in this order: for each other seat holding cards (in seat order from the asker's
left), each rank the asker holds (ace to king): ``Ask(target, rank)``.
"""

from __future__ import annotations

import dataclasses

from parlour.core.cards import Rank
from parlour.games.go_fish.notation import Ask, Deal
from parlour.games.go_fish.rules import Ending
from parlour.games.go_fish.state import CARDS, RANK_MASKS, RANKS, Act, Event, Phase, State, cards_of

_INDEX = {card: i for i, card in enumerate(CARDS)}


def deal(state: State, outcome: Deal) -> State:
    """One card at a time to each player from the dealer's left; the rest is the stock.  Books
    dealt whole are set aside at once."""
    n = state.players
    size = state.rules.dealt(n)
    order = [(state.dealer + 1 + k) % n for k in range(n)]
    hands = [0] * n
    cards = [_INDEX[c] for c in outcome.cards]
    for i in range(size * n):
        hands[order[i % n]] |= 1 << cards[i]
    after = dataclasses.replace(state, phase=Phase.PLAY, hands=tuple(hands), stock=tuple(cards[size * n:]),
                                books=((),) * n, current=order[0], history=())
    for seat in order:
        after = _books(after, seat)
    return _settle(after)


def legal_moves(state: State, seat: int) -> tuple[Ask, ...]:
    if state.phase is not Phase.PLAY or seat != state.current:
        return ()
    hand = state.hands[seat]
    ranks = [r for r in RANKS if hand & RANK_MASKS[r.number - 1]]
    moves = []
    for step in range(1, state.players):
        target = (seat + step) % state.players
        if state.hands[target]:
            moves += [Ask(target, r) for r in ranks]
    return tuple(moves)


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
    hands = list(state.hands)
    rank_bits = RANK_MASKS[move.rank.number - 1]
    given = hands[move.target] & rank_bits
    history = list(state.history)
    stock = state.stock
    if given:
        hands[move.target] &= ~given
        hands[seat] |= given
        history.append(Event(Act.ASK, seat, move.target, move.rank, cards_of(given)))
        nxt = seat
    else:
        history.append(Event(Act.ASK, seat, move.target, move.rank))
        nxt = move.target
        if stock:
            card, stock = stock[0], stock[1:]
            hands[seat] |= 1 << card
            lucky = bool(rank_bits >> card & 1)
            history.append(Event(Act.FISH, seat, None, move.rank, (CARDS[card],) if lucky else (),
                                 lucky, card))
            if lucky:
                nxt = seat
    after = dataclasses.replace(state, hands=tuple(hands), stock=stock, history=tuple(history), current=nxt)
    after = _books(after, seat)
    return _settle(after)


def _books(state: State, seat: int) -> State:
    """Set aside every book ``seat`` holds."""
    hand = state.hands[seat]
    made = [r for r in RANKS if hand & RANK_MASKS[r.number - 1] == RANK_MASKS[r.number - 1]]
    if not made:
        return state
    hands = list(state.hands)
    books = list(state.books)
    history = list(state.history)
    for rank in made:
        bits = RANK_MASKS[rank.number - 1]
        hands[seat] &= ~bits
        books[seat] = (*books[seat], rank)
        history.append(Event(Act.BOOK, seat, None, rank, cards_of(bits)))
    return dataclasses.replace(state, hands=tuple(hands), books=tuple(books), history=tuple(history))


def over(state: State) -> bool:
    """Whether the game ends now, by the rules' ending."""
    ending = state.rules.ending
    if ending is Ending.FIRST_OUT:
        return not state.stock or not all(state.hands)
    if ending is Ending.DRAW_ON:
        return not state.stock
    return sum(state.book_counts) == 13


def _settle(state: State) -> State:
    """After the deal or an ask: end the game, or make sure the player to act can ask (a player
    with no cards draws one, or with the stock empty sits out; a player with nobody to ask draws
    one and passes the turn on)."""
    for _ in range(4 * 52):
        if over(state):
            return dataclasses.replace(state, phase=Phase.OVER)
        seat = state.current
        others = any(state.hands[s] for s in range(state.players) if s != seat)
        if state.hands[seat] and others:
            return state
        if state.stock:
            card, stock = state.stock[0], state.stock[1:]
            hands = list(state.hands)
            hands[seat] |= 1 << card
            after = dataclasses.replace(state, hands=tuple(hands), stock=stock,
                                        history=(*state.history, Event(Act.DRAW, seat, drawn=card)))
            state = _books(after, seat)
            if state.hands[seat] and others:
                continue
        following = (seat + 1) % state.players if state.stock else _next_with_cards(state, seat)
        state = dataclasses.replace(state, current=following)
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
    known = [0] * state.players
    for event in state.history:
        for card in event.cards:
            bit = 1 << card.index
            for s in range(state.players):
                known[s] &= ~bit
            if event.act is not Act.BOOK:
                known[event.seat] |= bit
    return tuple(k & h for k, h in zip(known, state.hands, strict=True))
