"""Gin Rummy for two, the whole game to 100, as the manual describes it: the ``Game`` protocol
over ``engine`` (the rules), ``notation``, ``view``, ``text``, ``advisor`` and ``bots``."""

from __future__ import annotations

import random
from collections.abc import Container, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from parlour.core.commands import Command
from parlour.core.protocol import BotFactory, Game, GameSpec, Hint
from parlour.games.gin_rummy import engine, notation, text
from parlour.games.gin_rummy.moves import Chance, Move
from parlour.games.gin_rummy.rules import Rules
from parlour.games.gin_rummy.state import State
from parlour.games.gin_rummy.view import GinView, make_view, resample_hidden

if TYPE_CHECKING:
    from parlour.envs.encoding import Encoding


class GinRummy(Game[Rules, State, Move, Chance, GinView]):
    """Two-player Gin Rummy to 100 points; see ``docs/rules/gin-rummy.md``."""

    spec = GameSpec(
        name="gin-rummy",
        title="Gin Rummy",
        min_players=2,
        max_players=2,
        aliases=("gin",),
        chance=True,
        hidden_information=True,
        summary="Draw and discard to make sets and runs; knock with 10 or less, or go gin. Game to 100.",
    )
    rules_type = Rules

    # ---- set-up -----------------------------------------------------------
    def conformance_cases(self) -> tuple[tuple[Rules, int], ...]:
        """Games random players finish: with the manual's knock limit of 10 they knock in about
        one hand in fifty, so a game to 100 would take thousands of hands.  A limit of 30 ends
        most hands by a knock and some at the wall (both wall rules; the first knock ends the game
        at a target of 1), and a limit of 60 plays games of several hands to 50 (bonuses,
        shutouts, the deal alternating).  The manual's own rules are played by the game's tests
        (``tests/games/gin_rummy``)."""
        return ((Rules(target=1, knock_limit=30), 2),
                (Rules(target=1, knock_limit=30, wall_take=True), 2),
                (Rules(target=50, knock_limit=60), 2))

    def initial_state(self, rules: Rules, players: int) -> State:
        return engine.initial_state(rules, players)

    # ---- whose turn -------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        return engine.to_act(state)

    def players(self, state: State) -> int:
        return 2

    # ---- moves ------------------------------------------------------------
    def legal_moves(self, state: State, seat: int) -> tuple[Move, ...]:
        """In the order of ``engine``'s docstring."""
        return engine.legal_moves(state, seat)

    def explain_illegal(self, state: State, seat: int, move: Move) -> str:
        if not isinstance(move, Move):
            return f"{move!r} is not a Gin Rummy move"
        return engine.explain(state, seat, move)

    def _apply_move(self, state: State, seat: int, move: Move) -> State:
        return engine.apply_move(state, seat, move)

    # ---- chance -----------------------------------------------------------
    def chance_outcomes(self, state: State) -> tuple[tuple[Chance, Fraction], ...] | None:
        """The first dealer: each seat with 1/2.  A deal is sampled (``None``)."""
        return engine.chance_outcomes(state)

    def possible_outcomes(self, state: State) -> Sequence[Chance] | Container[Any]:  # type: ignore[override]
        return engine.possible_outcomes(state)

    def sample_chance(self, state: State, rng: random.Random) -> Chance:
        return engine.sample_chance(state, rng)

    def _apply_outcome(self, state: State, outcome: Chance) -> State:
        return engine.apply_outcome(state, outcome)

    # ---- results and views ------------------------------------------------------
    def returns(self, state: State) -> tuple[float, ...]:
        """At the end: what each player wins, the loser paying the difference of the totals
        (hand points, game bonus, box bonuses).  Before: the difference of the hand points."""
        return engine.returns(state)

    def winners(self, state: State) -> tuple[int, ...]:
        """The player who reached the target (whatever the bonuses make of the payment)."""
        return engine.winners(state)

    def seat_scores(self, state: State) -> tuple[tuple[int, ...], ...]:
        """Each seat's points in every hand played out (0 in the hands the other won)."""
        return engine.seat_scores(state)

    def result_text(self, state: State, names: Sequence[str] | None = None) -> str:
        return text.result(self, state, names)

    def view(self, state: State, seat: int | None) -> GinView:
        return make_view(state, seat)

    def resample_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """Deal what ``seat`` cannot see anew (``view.resample_hidden``)."""
        return resample_hidden(state, seat, rng)

    # ---- notation ---------------------------------------------------------------
    def parse_move(self, state: State, seat: int, text: str) -> Move:
        return notation.parse_move(text)

    def format_move(self, state: State, seat: int, move: Move) -> str:
        return notation.format_move(move)

    def parse_outcome(self, state: State, text: str) -> Chance:
        return notation.parse_outcome(text)

    def format_outcome(self, state: State, outcome: Chance) -> str:
        return notation.format_outcome(outcome)

    def describe(self, state: State, seat: int, action: Move | Chance,
                 names: Sequence[str] | None = None) -> str:
        """Everything, for the table's private log (never sent to a player)."""
        return text.describe(self, state, seat, action, names, omniscient=True)

    def describe_for(self, state: State, seat: int, action: Move | Chance, viewer: int | None,
                     names: Sequence[str] | None = None) -> str:
        """What ``viewer`` may read: their own deal and draws, never the other's cards before the
        showdown, the stock, or (but to the knocker) the face-down discard."""
        return text.describe(self, state, seat, action, names, viewer=viewer)

    def render_text(self, view: GinView, names: Sequence[str]) -> str:
        return text.render_view(view, names)

    def move_help(self) -> str:
        return notation.HELP

    # ---- help and bots ------------------------------------------------------------
    def advise(self, state: State, seat: int) -> Hint[Move] | None:
        from parlour.games.gin_rummy.advisor import advise

        return advise(make_view(state, seat), self.legal_moves(state, seat))

    def commands(self) -> Sequence[Command]:
        from parlour.games.gin_rummy.commands import COMMANDS

        return COMMANDS

    def bots(self) -> Mapping[str, BotFactory]:
        from parlour.games.gin_rummy.bots import BOTS

        return BOTS

    def bot_descriptions(self) -> Mapping[str, str]:
        from parlour.games.gin_rummy.bots import DESCRIPTIONS

        return DESCRIPTIONS

    default_bot = "simple"

    def encoding(self, rules: Rules, players: int) -> Encoding[Any, Any, Any]:
        """Observations and action codes for learning environments (``encoding.py``)."""
        from parlour.games.gin_rummy.encoding import GinRummyEncoding

        return GinRummyEncoding(rules, players)


GAME = GinRummy()
