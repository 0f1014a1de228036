"""The English pub block game of dominoes, for two to four players or two partnerships: the
``Game`` protocol over ``engine`` (the rules), ``notation``, ``view``, ``text`` and ``bots``."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Container, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from parlour.core.protocol import BotFactory, Game, GameSpec
from parlour.games.dominoes import engine, notation, text
from parlour.games.dominoes.moves import Draw, Knock, Move, Play
from parlour.games.dominoes.rules import Rules, Scoring
from parlour.games.dominoes.state import State
from parlour.games.dominoes.view import DominoView, make_view, resample_hidden

if TYPE_CHECKING:
    from parlour.games.dominoes.encoding import DominoEncoding


class Dominoes(Game[Rules, State, Move, Draw, DominoView]):
    """The block game with a double-six set; see ``docs/rules/dominoes.md``."""

    spec = GameSpec(
        name="dominoes",
        title="Dominoes",
        min_players=2,
        max_players=4,
        aliases=("domino", "block"),
        chance=True,
        hidden_information=True,
        summary="The pub block game: match the ends, knock when you cannot, chip out first. "
                "Four play as partners.",
    )
    rules_type = Rules

    # ---- set-up -----------------------------------------------------------
    def conformance_cases(self) -> tuple[tuple[Rules, int], ...]:
        """Short games (a low target) in every player count and scoring mode: partnerships, both
        partners chipping out, seven tiles (four players draw the whole set), a point a hand."""
        short = Rules(target=30)
        return ((short, 2), (dataclasses.replace(short, hand_size=7), 3), (short, 4),
                (Rules(target=30, both_chip_out=True), 4),
                (Rules(target=3, scoring=Scoring.POINT, partnerships=False, hand_size=7), 4))

    def initial_state(self, rules: Rules, players: int) -> State:
        return engine.initial_state(rules, players)

    def presets(self) -> Mapping[str, Rules]:
        return {"manual": Rules(), "cribbage": Rules(target=121),
                "a-point-a-hand": Rules(scoring=Scoring.POINT, target=5)}

    # ---- whose turn -------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        return engine.to_act(state)

    def players(self, state: State) -> int:
        return state.players

    # ---- moves ------------------------------------------------------------
    def legal_moves(self, state: State, seat: int) -> tuple[Move, ...]:
        """In the order of ``engine``'s docstring."""
        return engine.legal_moves(state, seat)

    def explain_illegal(self, state: State, seat: int, move: Move) -> str:
        if not isinstance(move, Play | Knock):
            return f"{move!r} is not a dominoes move"
        return engine.explain(state, seat, move)

    def _apply_move(self, state: State, seat: int, move: Move) -> State:
        return engine.apply_move(state, seat, move)

    # ---- chance -----------------------------------------------------------
    def possible_outcomes(self, state: State) -> Container[Any]:  # type: ignore[override]
        return engine.possible_outcomes(state)

    def sample_chance(self, state: State, rng: random.Random) -> Draw:
        return engine.sample_chance(state, rng)

    def _apply_outcome(self, state: State, outcome: Draw) -> State:
        return engine.deal(state, outcome)

    # ---- results and views ------------------------------------------------------
    def returns(self, state: State) -> tuple[float, ...]:
        """Each seat's side's points less the best other side's (at the end, the winners'
        margin; partners share their side's)."""
        return engine.returns(state)

    def winners(self, state: State) -> tuple[int, ...]:
        """The seats of the side that reached the target."""
        return engine.winners(state)

    def seat_scores(self, state: State) -> tuple[tuple[int, ...], ...]:
        """Each seat's side's points in every hand (0 in hands it did not win)."""
        return engine.seat_scores(state)

    def result_text(self, state: State, names: Sequence[str] | None = None) -> str:
        return text.result(state, names)

    def view(self, state: State, seat: int | None) -> DominoView:
        return make_view(state, seat)

    def resample_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """Deal the tiles ``seat`` cannot see anew, consistently with its view
        (``view.resample_hidden``)."""
        return resample_hidden(state, seat, rng)

    # ---- notation ---------------------------------------------------------------
    def parse_move(self, state: State, seat: int, text: str) -> Move:
        """Read a move; a bare tile goes where it fits (``engine.resolve``)."""
        spec = notation.read(text)
        if isinstance(spec, Knock):
            return spec
        return engine.resolve(state, seat, spec)

    def format_move(self, state: State, seat: int, move: Move) -> str:
        return notation.format_move(move)

    def parse_outcome(self, state: State, text: str) -> Draw:
        return notation.parse_outcome(text)

    def format_outcome(self, state: State, outcome: Draw) -> str:
        return notation.format_outcome(outcome)

    def describe(self, state: State, seat: int, action: Move | Draw,
                 names: Sequence[str] | None = None) -> str:
        """Everything, for the table's private log (never sent to a player)."""
        return text.describe(state, seat, action, names, omniscient=True)

    def describe_for(self, state: State, seat: int, action: Move | Draw, viewer: int | None,
                     names: Sequence[str] | None = None) -> str:
        """What ``viewer`` may read: their own tiles drawn, every play and knock; never another
        hand or the sleeping tiles (the end of a hand shows every hand's tiles left)."""
        return text.describe(state, seat, action, names, viewer=viewer)

    def render_text(self, view: DominoView, names: Sequence[str]) -> str:
        return text.render_view(view, names)

    def move_help(self) -> str:
        return notation.HELP

    # ---- bots ---------------------------------------------------------------------
    def bots(self) -> Mapping[str, BotFactory]:
        from parlour.games.dominoes.bots import BOTS

        return BOTS

    def bot_descriptions(self) -> Mapping[str, str]:
        from parlour.games.dominoes.bots import DESCRIPTIONS

        return DESCRIPTIONS

    default_bot = "heuristic"

    # ---- learning environments ------------------------------------------------------------
    def encoding(self, rules: Rules, players: int) -> DominoEncoding:
        """The viewer's hand, the table and the counts; one action a tile and end (:mod:`.encoding`)."""
        from parlour.games.dominoes.encoding import DominoEncoding

        return DominoEncoding(rules, players)


GAME = Dominoes()
