"""Deals made to order and moves by text, for the Gin Rummy tests."""

from __future__ import annotations

import dataclasses
from typing import Any

from parlour.core.cards import Card, parse_cards, standard_deck
from parlour.core.protocol import CHANCE
from parlour.games.gin_rummy import GAME, Deal, FirstDealer, Rules, State
from parlour.games.gin_rummy.deck import mask_of


def deal(non_dealer: str, dealer: str, up: str, stock: str = "") -> Deal:
    """The deck that deals these hands (ten cards each, the non-dealer's first), this up-card, and
    a stock starting with ``stock`` (the other cards follow in deck order)."""
    non = parse_cards(non_dealer)
    own = parse_cards(dealer)
    top = parse_cards(stock)
    assert len(non) == 10 and len(own) == 10, "ten cards each"
    used = [*non, *own, Card.parse(up), *top]
    assert len(set(used)) == len(used), "a card is given twice"
    order: list[Card] = []
    for a, b in zip(non, own, strict=True):
        order += [a, b]
    order += [Card.parse(up), *top]
    order += [c for c in standard_deck() if c not in used]
    return Deal(tuple(order))


def start(non_dealer: str, dealer: str, up: str, stock: str = "", rules: Rules | None = None,
          first_dealer: int = 0, **changes: Any) -> State:
    """A game whose first (or next, with ``changes`` such as ``scores``) hand is dealt like this."""
    state = GAME.initial_state(rules or Rules(), 2)
    state = GAME.apply(state, CHANCE, FirstDealer(first_dealer))
    if changes:
        state = dataclasses.replace(state, **changes)
    return GAME.apply(state, CHANCE, deal(non_dealer, dealer, up, stock))


def play(state: State, *moves: str) -> State:
    """Apply moves given as text, each by the seat to act."""
    for text in moves:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.parse_move(state, seat, text))
    return state


def legal(state: State) -> list[str]:
    (seat,) = GAME.to_act(state)
    return [GAME.format_move(state, seat, m) for m in GAME.legal_moves(state, seat)]


def hand(state: State, seat: int) -> int:
    return state.hands[seat]


def cards(text: str) -> int:
    return mask_of(parse_cards(text))
