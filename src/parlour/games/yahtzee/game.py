"""The ``Game`` of Yahtzee: protocol glue over :mod:`.engine`, :mod:`.notation`, :mod:`.view`,
:mod:`.text`, the bots and the advisor."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from parlour.core.commands import Command
from parlour.core.dice import format_dice, parse_dice, throw_distribution
from parlour.core.errors import InvalidMoveError
from parlour.core.protocol import BotFactory, Game, GameSpec, Hint
from parlour.games.yahtzee import engine, notation, text
from parlour.games.yahtzee.engine import MAX_PLAYERS
from parlour.games.yahtzee.moves import Dice, Move
from parlour.games.yahtzee.rules import Joker, Rules
from parlour.games.yahtzee.state import State
from parlour.games.yahtzee.view import YahtzeeView

if TYPE_CHECKING:
    from parlour.games.yahtzee.encoding import YahtzeeEncoding


class Yahtzee(Game[Rules, State, Move, Dice, YahtzeeView]):
    """Yahtzee, as the manual describes it; the official joker rule is an option."""

    spec = GameSpec(
        name="yahtzee",
        title="Yahtzee",
        min_players=1,
        max_players=MAX_PLAYERS,
        chance=True,
        hidden_information=False,
        summary="Roll five dice up to three times a turn and fill the thirteen boxes of a score card.",
    )
    rules_type = Rules

    def conformance_cases(self) -> tuple[tuple[Rules, int], ...]:
        """Both joker rules, both bonus conventions, five of a kind as a full house, the screen
        options; 1, 2 and 3 players.

        (Bigger tables are played in the game's own tests: the suite's checks grow with the
        square of the table size, and a game of Yahtzee is long.)"""
        R = Rules
        return (
            (R(), 1), (R(), 2),
            (R(joker=Joker.FORCED), 1), (R(joker=Joker.FORCED), 2),
            (R(bonus_needs_fifty=False, preview=False, colour_code=True), 2),
            (R(joker=Joker.FORCED, bonus_needs_fifty=False, colour_code=True), 3),
            (R(five_kind_house=True), 1),
        )

    # ---- the rules: engine ----------------------------------------------------------------
    def initial_state(self, rules: Rules, players: int) -> State:
        return engine.initial_state(rules, players)

    def to_act(self, state: State) -> tuple[int, ...]:
        return engine.to_act(state)

    def players(self, state: State) -> int:
        return state.players

    def legal_moves(self, state: State, seat: int) -> tuple[Move, ...]:
        """Before the turn's first roll only ``roll``.  After the first or second roll every
        distinct roll (fewest dice kept first, then lowest values first; keeping all five is
        not a roll), then every box the dice may be scored in now, in card order.  After the
        third roll only the boxes."""
        return engine.legal_moves(state, seat)

    def _apply_move(self, state: State, seat: int, move: Move) -> State:
        return engine.apply_move(state, seat, move)

    def chance_outcomes(self, state: State) -> tuple[tuple[Dice, Fraction], ...]:
        """The rolled dice as a sorted multiset, with exact multinomial probabilities."""
        return engine.chance_outcomes(state)

    def possible_outcomes(self, state: State) -> frozenset[Dice]:
        return engine.possible_outcomes(state)

    def sample_chance(self, state: State, rng: random.Random) -> Dice:
        """The dice thrown, drawn as ``chance_outcomes`` lists them (``throw_distribution``)."""
        return throw_distribution(state.rolling).draw(rng)

    def _apply_outcome(self, state: State, outcome: Dice) -> State:
        return engine.apply_outcome(state, outcome)

    def returns(self, state: State) -> tuple[float, ...]:
        """Alone: the card's total (at any time).  With others: at the end 1 for the winner,
        shared equally by tied winners, 0 for the rest; 0 for everyone before the end."""
        return engine.returns(state)

    def winners(self, state: State) -> tuple[int, ...]:
        """The highest total (ties share); alone, the player (the result is the score)."""
        return state.leaders if state.over else ()

    def seat_scores(self, state: State) -> tuple[tuple[int, ...], ...]:
        """Each seat's final total (one per finished game)."""
        return engine.seat_scores(state)

    def view(self, state: State, seat: int | None) -> YahtzeeView:
        return YahtzeeView(seat=seat, state=state)

    # ---- notation ---------------------------------------------------------------------------
    def parse_move(self, state: State, seat: int, text: str) -> Move:
        return notation.parse_move(text)

    def format_move(self, state: State, seat: int, move: Move) -> str:
        return notation.format_move(move)

    def parse_outcome(self, state: State, text: str) -> Dice:
        if not state.pending:
            raise InvalidMoveError("no dice are being rolled now")
        return parse_dice(text, ndice=state.rolling)

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

    def render_text(self, view: YahtzeeView, names: Sequence[str]) -> str:
        return text.render_view(view, names)

    def move_help(self) -> str:
        return notation.HELP

    # ---- help and bots ----------------------------------------------------------------------
    def prepare(self, rules: Rules) -> None:
        """Solve (or load from the cache) the optimal strategy and its second moments."""
        from parlour.games.yahtzee.solver.strategy import table

        table(rules, moments=True)

    def advise(self, state: State, seat: int) -> Hint[Move] | None:
        from parlour.games.yahtzee.advisor import advise

        return advise(state, seat)

    def commands(self) -> Sequence[Command]:
        from parlour.games.yahtzee.commands import COMMANDS

        return COMMANDS

    def bots(self) -> Mapping[str, BotFactory]:
        from parlour.games.yahtzee.bots import BOTS

        return BOTS

    def bot_descriptions(self) -> Mapping[str, str]:
        from parlour.games.yahtzee.bots import DESCRIPTIONS

        return DESCRIPTIONS

    default_bot = "greedy"

    def encoding(self, rules: Rules, players: int) -> YahtzeeEncoding:
        from parlour.games.yahtzee.encoding import YahtzeeEncoding

        return YahtzeeEncoding(rules, players)


GAME = Yahtzee()
