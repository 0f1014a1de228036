"""Go Fish for two to six players, as the manual describes it."""

from __future__ import annotations

import random
from collections.abc import Container, Mapping, Sequence
from fractions import Fraction
from typing import Any

from parlour.core.cards import standard_deck
from parlour.core.protocol import CHANCE, BotFactory, Game, GameSpec
from parlour.games.go_fish import engine, notation, text
from parlour.games.go_fish.engine import known_cards
from parlour.games.go_fish.notation import Ask, Deal, FirstDealer, Outcome
from parlour.games.go_fish.resample import resample
from parlour.games.go_fish.rules import Ending, Rules
from parlour.games.go_fish.state import Phase, State
from parlour.games.go_fish.view import GoFishView, make_view

_DECK = frozenset(standard_deck())
# As module constants: cheaper than an enum class's attributes.
_CUT, _DEAL, _PLAY, _OVER = Phase.CUT, Phase.DEAL, Phase.PLAY, Phase.OVER
_SEATS = tuple((seat,) for seat in range(6))
"""``(seat,)`` for each seat, made once."""
_CHANCE = (CHANCE,)
_new = object.__new__
_set_dict = State.__dict__["__dict__"].__set__
_FIRST_DEALERS = tuple(FirstDealer(seat) for seat in range(6))
"""``FirstDealer(seat)`` for each seat, made once (a frozen value: the same as a new one)."""
_ASK_TEXT = notation.ASK_TEXT


class _AnyShuffle(Container[Any]):
    """Every order of the 52 cards (a deal is sampled, never listed)."""

    def __contains__(self, outcome: object) -> bool:
        return isinstance(outcome, Deal) and len(outcome.cards) == 52 and frozenset(outcome.cards) == _DECK


class GoFish(Game[Rules, State, Ask, Outcome, GoFishView]):
    """Go Fish; see ``docs/rules/go-fish.md``."""

    spec = GameSpec(
        name="go-fish",
        title="Go Fish",
        min_players=2,
        max_players=6,
        aliases=("fish",),
        chance=True,
        hidden_information=True,
        summary="Ask for cards to make books of four; go fish when they have none. Most books wins.",
    )
    rules_type = Rules

    def conformance_cases(self) -> tuple[tuple[Rules, int], ...]:
        return ((Rules(), 2), (Rules(), 4), (Rules(), 6), (Rules(ending=Ending.DRAW_ON), 3),
                (Rules(ending=Ending.ALL_BOOKS), 2), (Rules(ending=Ending.ALL_BOOKS, hand_size=7), 5))

    def initial_state(self, rules: Rules, players: int) -> State:
        rules.check(players)
        # ``State(rules=rules, players=players, books=((),) * players)``, without its ``__init__``
        # (see ``engine.replace``): every field in its order, the rest at their defaults.
        state = _new(State)
        _set_dict(state, {"rules": rules, "players": players, "phase": _CUT, "dealer": 0,
                          "hands": (), "stock": (), "books": ((),) * players, "current": 0,
                          "history": (), "told": None, "seen": None})
        return state

    def presets(self) -> Mapping[str, Rules]:
        return {"manual": Rules(), "all-books": Rules(ending=Ending.ALL_BOOKS)}

    def to_act(self, state: State) -> tuple[int, ...]:
        if state.phase is _PLAY:
            return _SEATS[state.current]
        return () if state.phase is _OVER else _CHANCE

    def players(self, state: State) -> int:
        return state.players

    # The engine's own functions, called without a method of ours in between (a static method
    # is called without ``self``): the same as ``return engine.legal_moves(state, seat)``.
    legal_moves = staticmethod(engine.legal_moves)
    """In the order of ``engine``'s docstring."""

    def explain_illegal(self, state: State, seat: int, move: Ask) -> str:
        if not isinstance(move, Ask):
            return f"{move!r} is not a Go Fish move"
        return engine.explain(state, seat, move)

    _apply_move = staticmethod(engine.apply_move)

    def chance_outcomes(self, state: State) -> tuple[tuple[Outcome, Fraction], ...] | None:
        """The first dealer: each seat alike.  A deal is sampled (``None``)."""
        if state.phase is Phase.CUT:
            return tuple((FirstDealer(s), Fraction(1, state.players)) for s in range(state.players))
        return None

    def possible_outcomes(self, state: State) -> Sequence[Outcome] | Container[Any]:  # type: ignore[override]
        if state.phase is Phase.CUT:
            return [FirstDealer(s) for s in range(state.players)]
        if state.phase is Phase.DEAL:
            return _AnyShuffle()
        return ()

    def sample_chance(self, state: State, rng: random.Random) -> Outcome:
        if state.phase is _CUT:
            return _FIRST_DEALERS[rng.randrange(state.players)]
        return Deal.shuffled(rng)

    def _apply_outcome(self, state: State, outcome: Outcome) -> State:
        if isinstance(outcome, FirstDealer):
            return engine.cut(state, outcome.seat)
        return engine.deal(state, outcome)

    def returns(self, state: State) -> tuple[float, ...]:
        """Each seat's books less the most any other seat has."""
        counts = state.book_counts
        return tuple(float(c - max(counts[:s] + counts[s + 1:])) for s, c in enumerate(counts))

    def winners(self, state: State) -> tuple[int, ...]:
        """The seats with the most books once the game is over (a tie shares the win)."""
        return engine.winners(state) if state.phase is Phase.OVER else ()

    def result_text(self, state: State, names: Sequence[str] | None = None) -> str:
        return text.result(state, text.namer(names))

    view = staticmethod(make_view)  # as ``legal_moves``: ``return make_view(state, seat)``

    def resample_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """Deal anew what ``seat`` cannot see: the other hands' cards not known to everyone and the
        stock's order, so that every public fact still holds ("Go fish!" answers, an asker holding
        the rank asked for, books, hand sizes; ``resample.py``)."""
        if state.phase is not Phase.PLAY:
            return state
        return resample(state, seat, rng)

    def parse_move(self, state: State, seat: int, text: str) -> Ask:
        return notation.parse_move(text)

    def format_move(self, state: State, seat: int, move: Ask) -> str:
        return notation.format_move(move)

    def format_action(self, state: State, seat: int, action: Ask | Outcome) -> str:
        """``format_move`` or ``format_outcome``, in one call (a record takes the text of every
        action)."""
        if seat != CHANCE:
            text = _ASK_TEXT.get(action)  # type: ignore[arg-type]
            return text if text is not None else notation.format_move(action)  # type: ignore[arg-type]
        return notation.format_outcome(action)  # type: ignore[arg-type]

    def parse_outcome(self, state: State, text: str) -> Outcome:
        return notation.parse_outcome(text)

    def format_outcome(self, state: State, outcome: Outcome) -> str:
        return notation.format_outcome(outcome)

    def describe(self, state: State, seat: int, action: Ask | Outcome,
                 names: Sequence[str] | None = None) -> str:
        """Everything, for the table's private log (never sent to a player)."""
        return text.describe(state, seat, action, names, omniscient=True)

    def describe_for(self, state: State, seat: int, action: Ask | Outcome, viewer: int | None,
                     names: Sequence[str] | None = None) -> str:
        """What ``viewer`` may read: every ask and what it got, books, lucky draws; their own deal
        and draws; never another hand or a card someone else drew and kept."""
        return text.describe(state, seat, action, names, viewer=viewer)

    def render_text(self, view: GoFishView, names: Sequence[str]) -> str:
        return text.render_view(view, names)

    def move_help(self) -> str:
        return notation.HELP

    def bots(self) -> Mapping[str, BotFactory]:
        from parlour.games.go_fish.bots import BOTS

        return BOTS


GAME = GoFish()

__all__ = ["GAME", "GoFish", "known_cards"]
