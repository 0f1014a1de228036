"""The ``Game`` of Shut the Box: protocol glue over :mod:`.engine`, :mod:`.notation`,
:mod:`.view`, :mod:`.text` and the bots."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from parlour.core.commands import Command
from parlour.core.dice import format_dice, parse_dice, throw_distribution
from parlour.core.errors import InvalidMoveError
from parlour.core.protocol import BotFactory, Game, GameSpec, Hint
from parlour.games.shut_the_box import engine, notation, text
from parlour.games.shut_the_box.moves import Dice, Move
from parlour.games.shut_the_box.rules import Mode, OneDie, Rules, Scoring
from parlour.games.shut_the_box.state import State
from parlour.games.shut_the_box.view import ShutTheBoxView

if TYPE_CHECKING:
    from parlour.games.shut_the_box.encoding import ShutTheBoxEncoding


class ShutTheBox(Game[Rules, State, Move, Dice, ShutTheBoxView]):
    """Shut the Box (Canoga), with every variant of the manual and the rule sheets."""

    spec = GameSpec(
        name="shut-the-box",
        title="Shut the Box",
        min_players=1,
        max_players=8,
        aliases=("canoga", "stb"),
        chance=True,
        hidden_information=False,
        simultaneous=True,
        summary="Throw two dice and cover tiles that add up to the throw; shut them all to win.",
    )
    rules_type = Rules
    score_highlight = ("shut", 0)

    def conformance_cases(self) -> tuple[tuple[Rules, int], ...]:
        R = Rules
        return (
            (R(), 1), (R(), 2), (R(), 8),
            (R(tiles=10, one_die=OneDie.SEVEN_EIGHT_NINE), 3),
            (R(tiles=12, scoring=Scoring.DIGITS, stake=3, rounds=3), 3),
            (R(one_die=OneDie.LOW_TOTAL, rounds=2, stake=1), 2),
            (R(one_die=OneDie.NEVER), 4),
            (R(mode=Mode.LONG), 2), (R(mode=Mode.LONG, doubles_extra_turn=False, stake=5), 2),
            (R(mode=Mode.CUMULATIVE), 2), (R(mode=Mode.CUMULATIVE, drop_out_at=20, stake=1), 5),
            (R(mode=Mode.SIMULTANEOUS), 4), (R(mode=Mode.SIMULTANEOUS, tiles=12, rounds=2), 1),
        )

    # ---- the rules: engine ----------------------------------------------------------------
    def initial_state(self, rules: Rules, players: int) -> State:
        return engine.initial_state(rules, players)

    def to_act(self, state: State) -> tuple[int, ...]:
        return engine.to_act(state)

    def legal_moves(self, state: State, seat: int) -> tuple[Move, ...]:
        """``Throw(1)`` then ``Throw(2)`` before a throw; after it, every set of tiles adding
        up to the throw, fewest tiles first, then highest tiles first."""
        return engine.legal_moves(state, seat)

    def _apply_move(self, state: State, seat: int, move: Move) -> State:
        return engine.apply_move(state, seat, move)

    def chance_outcomes(self, state: State) -> tuple[tuple[Dice, Fraction], ...]:
        return engine.chance_outcomes(state)

    def sample_chance(self, state: State, rng: random.Random) -> Dice:
        """The dice thrown, drawn as ``chance_outcomes`` lists them (``throw_distribution``)."""
        return throw_distribution(state.pending_dice).draw(rng)

    def _apply_outcome(self, state: State, outcome: Dice) -> State:
        return engine.apply_outcome(state, outcome)

    def returns(self, state: State) -> tuple[float, ...]:
        """Money won or lost when playing for stakes, otherwise rounds won (ties share).

        Alone there is nobody to pay, so solo play always returns rounds won.
        """
        return engine.returns(state)

    def winners(self, state: State) -> tuple[int, ...]:
        return state.winners or ()

    def seat_scores(self, state: State) -> tuple[tuple[int, ...], ...]:
        """Each seat's turn scores, round by round (a shut box scores 0)."""
        return engine.seat_scores(state)

    def players(self, state: State) -> int:
        return state.players

    def view(self, state: State, seat: int | None) -> ShutTheBoxView:
        return ShutTheBoxView(seat=seat, state=state)

    # ---- notation ---------------------------------------------------------------------------
    def parse_move(self, state: State, seat: int, text: str) -> Move:
        return notation.parse_move(text, state.rules.tiles, self.legal_moves(state, seat))

    def format_move(self, state: State, seat: int, move: Move) -> str:
        return notation.format_move(move)

    def parse_outcome(self, state: State, text: str) -> Dice:
        if state.pending is None:
            raise InvalidMoveError("no dice are being thrown now")
        return parse_dice(text, ndice=state.pending_dice)

    def format_outcome(self, state: State, outcome: Dice) -> str:
        return format_dice(outcome)

    # ---- words: text ------------------------------------------------------------------------
    def explain_illegal(self, state: State, seat: int, move: Move) -> str:
        return text.explain_illegal(state, seat, move)

    def describe(self, state: State, seat: int, action: Move | Dice,
                 names: Sequence[str] | None = None) -> str:
        return text.describe(state, seat, action, self.seat_names(state, names))

    def result_text(self, state: State, names: Sequence[str] | None = None) -> str:
        return text.result_text(state, self.seat_names(state, names))

    def render_text(self, view: ShutTheBoxView, names: Sequence[str]) -> str:
        return text.render_view(view, names)

    def move_help(self) -> str:
        return notation.HELP

    # ---- help and bots ----------------------------------------------------------------------
    def advise(self, state: State, seat: int) -> Hint[Move] | None:
        from parlour.games.shut_the_box.advisor import advise

        return advise(state, seat)

    def commands(self) -> Sequence[Command]:
        from parlour.games.shut_the_box.commands import COMMANDS

        return COMMANDS

    def bots(self) -> Mapping[str, BotFactory]:
        from parlour.games.shut_the_box.bots import BOTS

        return BOTS

    def bot_descriptions(self) -> Mapping[str, str]:
        from parlour.games.shut_the_box.bots import DESCRIPTIONS

        return DESCRIPTIONS

    default_bot = "greedy"

    def encoding(self, rules: Rules, players: int) -> ShutTheBoxEncoding:
        from parlour.games.shut_the_box.encoding import ShutTheBoxEncoding

        return ShutTheBoxEncoding(rules, players)


GAME = ShutTheBox()
