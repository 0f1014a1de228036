"""Go Fish for two to six players, as the manual describes it: the protocol's glue."""

from __future__ import annotations

import random
from collections.abc import Container, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from parlour.core.cards import standard_deck
from parlour.core.protocol import BotFactory, Game, GameSpec
from parlour.games.go_fish import engine, notation, text
from parlour.games.go_fish.moves import Ask, Deal, FirstDealer, Outcome
from parlour.games.go_fish.rules import Ending, Rules
from parlour.games.go_fish.state import CUT, DEAL, OVER, State
from parlour.games.go_fish.view import GoFishView, make_view, resample_hidden

if TYPE_CHECKING:
    from parlour.envs.encoding import Encoding

_DECK = frozenset(standard_deck())


class _AnyShuffle(Container[Outcome]):
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
        return engine.initial_state(rules, players)

    def presets(self) -> Mapping[str, Rules]:
        return {"manual": Rules(), "all-books": Rules(ending=Ending.ALL_BOOKS)}

    to_act = staticmethod(engine.to_act)

    def players(self, state: State) -> int:
        return state.players

    legal_moves = staticmethod(engine.legal_moves)  # in the order of ``engine``'s docstring

    def explain_illegal(self, state: State, seat: int, move: Ask) -> str:
        if not isinstance(move, Ask):
            return f"{move!r} is not a Go Fish move"
        return engine.explain(state, seat, move)

    _apply_move = staticmethod(engine.apply_move)

    def chance_outcomes(self, state: State) -> tuple[tuple[Outcome, Fraction], ...] | None:
        """The first dealer: each seat alike.  A deal is sampled (``None``)."""
        if state.phase is CUT:
            return tuple((FirstDealer(s), Fraction(1, state.players)) for s in range(state.players))
        return None

    # The base class's return type is a sequence or a frozenset; a deal is any of 52! orders,
    # answered by a container that is neither.
    def possible_outcomes(self, state: State) -> Container[Outcome]:  # type: ignore[override]
        if state.phase is CUT:
            return [FirstDealer(s) for s in range(state.players)]
        if state.phase is DEAL:
            return _AnyShuffle()
        return ()

    def sample_chance(self, state: State, rng: random.Random) -> Outcome:
        if state.table.phase is CUT:
            return FirstDealer(rng.randrange(state.table.players))
        return Deal.shuffled(rng)

    def _apply_outcome(self, state: State, outcome: Outcome) -> State:
        if isinstance(outcome, FirstDealer):
            return engine.cut(state, outcome.seat)
        return engine.deal(state, outcome)

    def returns(self, state: State) -> tuple[float, ...]:
        """Each seat's books less the most any other seat has."""
        return engine.returns(state)

    def winners(self, state: State) -> tuple[int, ...]:
        """The seats with the most books once the game is over (a tie shares the win)."""
        return engine.winners(state) if state.phase is OVER else ()

    def result_text(self, state: State, names: Sequence[str] | None = None) -> str:
        return text.result(state, text.namer(names))

    def view(self, state: State, seat: int | None) -> GoFishView:
        return make_view(state, seat)

    def resample_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """Deal anew what ``seat`` cannot see: the other hands' cards not known to everyone and the
        stock's order, so that every public fact still holds ("Go fish!" answers, an asker holding
        the rank asked for, books, hand sizes; ``view.resample_hidden``)."""
        return resample_hidden(state, seat, rng)

    def parse_move(self, state: State, seat: int, text: str) -> Ask:
        return notation.parse_move(text)

    def format_move(self, state: State, seat: int, move: Ask) -> str:
        return notation.format_move(move)

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
        from parlour.games.go_fish.bots import BOTS  # (the strong bot loads numpy: only when asked)

        return BOTS

    def bot_descriptions(self) -> Mapping[str, str]:
        from parlour.games.go_fish.bots import DESCRIPTIONS

        return DESCRIPTIONS

    default_bot = "memory"

    def encoding(self, rules: Rules, players: int) -> Encoding[Any, Any, Any]:
        """Observations and action codes for learning environments (``encoding.py``)."""
        from parlour.games.go_fish.encoding import GoFishEncoding

        return GoFishEncoding(rules, players)


GAME = GoFish()

__all__ = ["GAME", "GoFish"]
