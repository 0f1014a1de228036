"""The conformance checks can fail: a toy hidden-card game, honest and leaky."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any

import pytest
from test_conformance import check_views

from parlour.core.cards import Card, standard_deck
from parlour.core.errors import InvalidMoveError
from parlour.core.protocol import CHANCE, Game, GameSpec, View


@dataclass(frozen=True)
class ToyRules:
    pass


@dataclass(frozen=True)
class ToyState:
    cards: tuple[Card, ...] = ()
    shown: bool = False


@dataclass(frozen=True)
class ToyView(View):
    seat: int | None
    mine: Card | None
    theirs: Card | None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "mine": str(self.mine), "theirs": str(self.theirs)}


class HighCard(Game[ToyRules, ToyState, str, tuple[Card, Card], ToyView]):
    """Each player is dealt one hidden card; seat 0 says "show"; the higher card wins."""

    spec = GameSpec("toy-high-card", "High card", 2, 2, chance=True, hidden_information=True)
    rules_type = ToyRules
    leak = False

    def initial_state(self, rules: ToyRules, players: int) -> ToyState:
        return ToyState()

    def to_act(self, state: ToyState) -> tuple[int, ...]:
        return () if state.shown else (CHANCE,) if not state.cards else (0,)

    def legal_moves(self, state: ToyState, seat: int) -> tuple[str, ...]:
        return ("show",) if self.to_act(state) == (0,) and seat == 0 else ()

    def _apply_move(self, state: ToyState, seat: int, move: str) -> ToyState:
        return dataclasses.replace(state, shown=True)

    def _apply_outcome(self, state: ToyState, outcome: tuple[Card, Card]) -> ToyState:
        return dataclasses.replace(state, cards=outcome)

    def possible_outcomes(self, state: ToyState) -> Any:
        deck = standard_deck()
        return {(a, b) for a in deck for b in deck if a != b}

    def sample_chance(self, state: ToyState, rng: random.Random) -> tuple[Card, Card]:
        a, b = rng.sample(standard_deck(), 2)
        return a, b

    def returns(self, state: ToyState) -> tuple[float, ...]:
        if not state.shown:
            return (0.0, 0.0)
        a, b = (c.rank.number for c in state.cards)
        return (1.0, -1.0) if a > b else (-1.0, 1.0) if b > a else (0.0, 0.0)

    def view(self, state: ToyState, seat: int | None) -> ToyView:
        cards = state.cards or (None, None)
        if state.shown or self.leak:
            return ToyView(seat, cards[seat or 0], cards[1 - (seat or 0)])
        return ToyView(seat, cards[seat] if seat is not None else None, None)

    def resample_hidden(self, state: ToyState, seat: int | None, rng: random.Random) -> ToyState:
        if not state.cards or state.shown:
            return state
        keep = state.cards[seat] if seat is not None else None
        rest = [c for c in standard_deck() if c != keep]
        other = rng.choice(rest)
        if seat is None:
            a, b = rng.sample(rest, 2)
            return dataclasses.replace(state, cards=(a, b))
        return dataclasses.replace(state, cards=(keep, other) if seat == 0 else (other, keep))

    def parse_move(self, state: ToyState, seat: int, text: str) -> str:
        if text.strip() != "show":
            raise InvalidMoveError(f"{text!r} is not a move")
        return "show"

    def format_move(self, state: ToyState, seat: int, move: str) -> str:
        return move

    def parse_outcome(self, state: ToyState, text: str) -> tuple[Card, Card]:
        a, b = text.split()
        return Card.parse(a), Card.parse(b)

    def format_outcome(self, state: ToyState, outcome: tuple[Card, Card]) -> str:
        return f"{outcome[0]} {outcome[1]}"


def test_an_honest_hidden_card_game_passes_the_view_checks():
    check_views(HighCard(), ToyRules(), 2)


def test_a_view_that_shows_the_other_hand_is_caught():
    leaky = HighCard()
    leaky.leak = True
    with pytest.raises(AssertionError, match="a view changed with hidden information"):
        check_views(leaky, ToyRules(), 2)
