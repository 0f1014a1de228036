"""A small hidden-hand card game for the server's tests (Shut the Box hides nothing).

"Secret draw": the deck is shuffled and each player is dealt three cards; in
turn, each player either plays a card face up or draws the top card of the
stock.  After three turns each, the highest total of played ranks wins.
Hidden: the other players' hands and the stock order.  The log tells a player
their own deal and draws, and everyone else only that a card was drawn.

``LeakyDraw`` is the same game with a log that tells everyone everything, so
the leak test can show that it catches a leak.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.core import registry
from parlour.core.cards import Card, parse_cards, standard_deck
from parlour.core.errors import InvalidMoveError
from parlour.core.protocol import CHANCE, Bot, BotFactory, Game, GameSpec, View

Deal = tuple[Card, ...]
Move = Card | str  # a card to play, or "draw"


@dataclass(frozen=True)
class DrawRules:
    turns: int = field(default=3, metadata={"help": "Turns each player takes", "choices": (1, 2, 3)})


@dataclass(frozen=True)
class DrawState:
    players: int
    turns: int
    hands: tuple[tuple[Card, ...], ...] = ()
    stock: tuple[Card, ...] = ()
    played: tuple[tuple[Card, ...], ...] = ()
    turn: int = 0
    done: int = 0


@dataclass(frozen=True)
class DrawView(View):
    seat: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[Card, ...], ...]
    stock_size: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "hand": None if self.hand is None else [str(c) for c in self.hand],
                "hand_sizes": list(self.hand_sizes), "stock_size": self.stock_size,
                "played": [[str(c) for c in p] for p in self.played]}


PREPARED: list[DrawRules] = []
"""The rules the server asked the game to prepare for."""

SPIED: list[tuple[int, DrawView]] = []
"""Every view the spy bot was given, with the seat it was playing."""


class SpyBot(Bot):
    """Plays the first legal move, and keeps every view it is shown."""

    name = "spy"

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        SPIED.append((view.seat, view))
        return legal[0]


class SecretDraw(Game[DrawRules, DrawState, Move, Deal, DrawView]):
    spec = GameSpec("toy-secret-draw", "Secret draw", 2, 4, chance=True, hidden_information=True,
                    summary="A test game with hidden hands.")
    rules_type = DrawRules

    def initial_state(self, rules: DrawRules, players: int) -> DrawState:
        if not 2 <= players <= 4:
            from parlour.core.errors import RulesError

            raise RulesError(f"secret draw takes 2 to 4 players, not {players}")
        return DrawState(players, rules.turns)

    def to_act(self, state: DrawState) -> tuple[int, ...]:
        if not state.hands:
            return (CHANCE,)
        if state.done >= state.turns * state.players:
            return ()
        return (state.turn,)

    def legal_moves(self, state: DrawState, seat: int) -> tuple[Move, ...]:
        if self.to_act(state) != (seat,):
            return ()
        draw: tuple[Move, ...] = ("draw",) if state.stock else ()
        return (*draw, *state.hands[seat])

    def _apply_move(self, state: DrawState, seat: int, move: Move) -> DrawState:
        hands = list(state.hands)
        played = list(state.played)
        stock = state.stock
        if move == "draw":
            hands[seat] = (*hands[seat], stock[0])
            stock = stock[1:]
        else:
            hands[seat] = tuple(c for c in hands[seat] if c != move)
            played[seat] = (*played[seat], move)  # type: ignore[arg-type]
        return dataclasses.replace(state, hands=tuple(hands), played=tuple(played), stock=stock,
                                   turn=(seat + 1) % state.players, done=state.done + 1)

    def possible_outcomes(self, state: DrawState) -> Any:
        class AnyShuffle:
            def __contains__(self, deal: object) -> bool:
                return isinstance(deal, tuple) and sorted(deal, key=str) == sorted(standard_deck(), key=str)
        return AnyShuffle()

    def sample_chance(self, state: DrawState, rng: random.Random) -> Deal:
        deck = list(standard_deck())
        rng.shuffle(deck)
        return tuple(deck)

    def _apply_outcome(self, state: DrawState, outcome: Deal) -> DrawState:
        n = state.players
        hands = tuple(outcome[3 * s:3 * s + 3] for s in range(n))
        return dataclasses.replace(state, hands=hands, stock=outcome[3 * n:], played=((),) * n)

    def returns(self, state: DrawState) -> tuple[float, ...]:
        totals = [sum(c.rank.number for c in p) for p in state.played] or [0] * state.players
        best = max(totals)
        return tuple(1.0 if t == best else 0.0 for t in totals)

    def view(self, state: DrawState, seat: int | None) -> DrawView:
        hand = state.hands[seat] if seat is not None and state.hands else None
        return DrawView(seat, hand, tuple(len(h) for h in state.hands), state.played, len(state.stock))

    def parse_move(self, state: DrawState, seat: int, text: str) -> Move:
        t = text.strip().lower()
        return "draw" if t == "draw" else Card.parse(t)

    def format_move(self, state: DrawState, seat: int, move: Move) -> str:
        return str(move)

    def parse_outcome(self, state: DrawState, text: str) -> Deal:
        cards = parse_cards(text)
        if len(cards) != 52:
            raise InvalidMoveError("a deal is the whole deck")
        return cards

    def format_outcome(self, state: DrawState, outcome: Deal) -> str:
        return " ".join(str(c) for c in outcome)

    def describe(self, state: DrawState, seat: int, action: Any, names: Sequence[str] | None = None) -> str:
        if seat == CHANCE:
            return "Deck: " + self.format_outcome(state, action)
        who = self.name_of(state, seat, names)
        if action == "draw":
            return f"{who} draws {state.stock[0]}"
        return f"{who} plays {action}"

    def describe_for(self, state: DrawState, seat: int, action: Any, viewer: int | None,
                     names: Sequence[str] | None = None) -> str:
        if seat == CHANCE:
            if viewer is None:
                return "The cards are dealt"
            mine = action[3 * viewer:3 * viewer + 3]
            return "You are dealt " + " ".join(str(c) for c in mine)
        if action == "draw" and viewer != seat:
            return f"{self.name_of(state, seat, names)} draws a card"
        return self.describe(state, seat, action, names)

    def bots(self) -> Mapping[str, BotFactory]:
        return {"spy": lambda rules: SpyBot()}

    def prepare(self, rules: DrawRules) -> None:
        PREPARED.append(rules)


class LeakyDraw(SecretDraw):
    spec = dataclasses.replace(SecretDraw.spec, name="toy-leaky-draw", title="Leaky draw")

    def describe_for(self, state: DrawState, seat: int, action: Any, viewer: int | None,
                     names: Sequence[str] | None = None) -> str:
        return self.describe(state, seat, action, names)


def hidden_from(state: DrawState, seat: int | None) -> set[str]:
    """The cards ``seat`` may not know of in ``state``: other hands and the stock."""
    out = {str(c) for c in state.stock}
    for s, hand in enumerate(state.hands):
        if s != seat:
            out |= {str(c) for c in hand}
    return out


def register() -> tuple[SecretDraw, LeakyDraw]:
    """Register both toy games once per process."""
    games = []
    for cls in (SecretDraw, LeakyDraw):
        try:
            games.append(registry.get(cls.spec.name))
        except Exception:
            games.append(registry.register(cls()))
    return games[0], games[1]  # type: ignore[return-value]
