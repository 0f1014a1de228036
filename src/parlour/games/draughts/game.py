"""The ``Game`` of draughts: the protocol's methods, each a call into the game's modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from parlour.core.commands import Command
from parlour.core.errors import IllegalMoveError, NotYourTurnError
from parlour.core.protocol import CHANCE, BotFactory, Export, Game, GameSpec, Hint
from parlour.core.record import Record
from parlour.games.draughts import engine, notation, reasons, text
from parlour.games.draughts.board import Position
from parlour.games.draughts.moves import Action, TimeUp, Toss
from parlour.games.draughts.rules import Colours, Rules
from parlour.games.draughts.state import State
from parlour.games.draughts.view import DraughtsView

if TYPE_CHECKING:
    from parlour.games.draughts.encoding import DraughtsEncoding

SERVER_REVIEW_NODES = 50_000
"""Search nodes a move for reviews asked of the server (the command line's default is 150,000)."""


class Draughts(Game[Rules, State, Action, Toss, DraughtsView]):
    """English draughts (checkers) as the cottage manual gives it."""

    spec = GameSpec(
        name="draughts",
        title="Draughts",
        min_players=2,
        max_players=2,
        aliases=("checkers",),
        chance=True,
        hidden_information=False,
        summary="English draughts (checkers): capture every piece or leave the other side no move.",
    )
    rules_type = Rules

    # ---- set-up -----------------------------------------------------------
    def conformance_cases(self) -> tuple[tuple[Rules, int], ...]:
        R = Rules
        return (
            (R(), 2),
            (R(huffing=True), 2),
            (R(colours=Colours.FIRST_BLACK, repetition_draw=False, no_progress_moves=25), 2),
            (R(colours=Colours.SECOND_BLACK, huffing=True, repetition_draw=True, decline_moves=3,
               no_progress_moves=10), 2),
            (R(start="W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", repetition_draw=True,
               no_progress_moves=20), 2),
        )

    def initial_state(self, rules: Rules, players: int) -> State:
        return engine.initial_state(rules, players)

    def from_position(self, position: Position, rules: Rules | None = None,
                      black_seat: int = 0) -> State:
        """A game set up at ``position`` with the colours settled (``black_seat`` plays Black).

        If the side to move has no pieces or no move, the game is already over.
        """
        return engine.from_position(position, rules, black_seat)

    # ---- whose turn, moves ----------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        return engine.to_act(state)

    def players(self, state: State) -> int:
        return 2

    def legal_moves(self, state: State, seat: int) -> tuple[Action, ...]:
        """Answering a draw offer: ``accept``, ``decline``.  Otherwise the moves on the board (in
        ``board.legal_moves`` order: captures only, when one is possible, unless huffing), then
        any huffs (by square), ``offer draw`` (once a turn) and ``resign``."""
        return engine.legal_actions(state, seat)

    def explain_illegal(self, state: State, seat: int, move: Action) -> str:
        return reasons.why_not(state, move)

    def _apply_move(self, state: State, seat: int, move: Action) -> State:
        return engine.apply_action(state, seat, move)

    # ---- a clock -----------------------------------------------------------
    timed = True

    def time_out(self, state: State, seat: int) -> TimeUp:
        """The side to act ran out of time (:func:`.engine.time_up`: it loses)."""
        return TimeUp()

    def apply(self, state: State, seat: int, action: Action | Toss) -> State:
        """The protocol's checked ``apply``; a :class:`TimeUp` (never a legal move) is accepted
        for the seat to act, as a server keeping a clock records it."""
        if isinstance(action, TimeUp):
            if seat == CHANCE or seat not in engine.to_act(state):
                if not engine.to_act(state):
                    raise IllegalMoveError("the game is over")
                raise NotYourTurnError(f"it is not seat {seat}'s turn: only the side to act can "
                                       "run out of time")
            return engine.apply_action(state, seat, action)
        return super().apply(state, seat, action)

    def parse_action(self, state: State, seat: int, text: str) -> Action | Toss:
        """As the protocol's, and ``time`` (a time running out, as a server's log has it); a
        player's ``parse_move`` does not read it."""
        if seat != CHANCE and text.strip() == notation.TIME_UP:
            return TimeUp()
        return super().parse_action(state, seat, text)

    # ---- chance ----------------------------------------------------------
    def chance_outcomes(self, state: State) -> tuple[tuple[Toss, Fraction], ...] | None:
        """The coin toss: each seat plays Black with probability 1/2."""
        if state.over or state.black_seat is not None:
            return ()
        return engine.TOSS

    def _apply_outcome(self, state: State, outcome: Toss) -> State:
        return engine.toss(state, outcome)

    # ---- results and views ------------------------------------------------------
    def returns(self, state: State) -> tuple[float, ...]:
        """1 for the winner and -1 for the loser; 0 each for a draw or an unfinished game."""
        return engine.returns(state)

    def winners(self, state: State) -> tuple[int, ...]:
        return engine.winners(state)

    def result_text(self, state: State, names: Sequence[str] | None = None) -> str:
        return text.result_text(state, names)

    def view(self, state: State, seat: int | None) -> DraughtsView:
        return DraughtsView(seat=seat, state=state)

    def seat_label(self, state: State, seat: int) -> str:
        return text.seat_label(state, seat)

    # ---- notation ------------------------------------------------------------
    def parse_move(self, state: State, seat: int, text: str) -> Action:
        return notation.parse_action(text, state.moves)

    def format_move(self, state: State, seat: int, move: Action) -> str:
        return notation.format_action(move)

    def parse_outcome(self, state: State, text: str) -> Toss:
        return notation.parse_outcome(text)

    def format_outcome(self, state: State, outcome: Toss) -> str:
        return notation.format_outcome(outcome)

    def describe(self, state: State, seat: int, action: Action | Toss,
                 names: Sequence[str] | None = None) -> str:
        return text.describe(state, seat, action, names)

    def render_text(self, view: DraughtsView, names: Sequence[str]) -> str:
        return text.render_view(view, names)

    def move_help(self) -> str:
        return notation.HELP

    # ---- files, reviews, bots and hints ---------------------------------------
    def export(self, record: Record, when: float | None = None, event: str | None = None,
               number: int | None = None) -> Export:
        """The game as PDN (:func:`parlour.games.draughts.pdn.record_to_pdn`)."""
        import time

        from parlour.games.draughts.pdn import record_to_pdn, write_game

        date = "????.??.??" if when is None else time.strftime("%Y.%m.%d", time.localtime(when))
        game = record_to_pdn(record, event=event or "Parlour game", date=date,
                             round_="-" if number is None else str(number))
        return Export(write_game(game), "pdn")

    def review(self, record: Record) -> dict[str, Any]:
        """The engine's review (:func:`parlour.games.draughts.review.review`) at the server's
        depth (``SERVER_REVIEW_NODES`` a move)."""
        from parlour.games.draughts.pdn import record_to_pdn
        from parlour.games.draughts.review import review

        return review(record_to_pdn(record), SERVER_REVIEW_NODES)

    def commands(self) -> Sequence[Command]:
        from parlour.games.draughts.commands import COMMANDS

        return COMMANDS

    def bots(self) -> Mapping[str, BotFactory]:
        from parlour.games.draughts.bots import BOTS

        return BOTS

    def bot_descriptions(self) -> Mapping[str, str]:
        from parlour.games.draughts.bots import DESCRIPTIONS

        return DESCRIPTIONS

    default_bot = "casual"

    def encoding(self, rules: Rules, players: int) -> DraughtsEncoding:
        """Planes of the board and one action a hop (:mod:`.encoding`)."""
        from parlour.games.draughts.encoding import DraughtsEncoding

        return DraughtsEncoding(rules, players)

    def advise(self, state: State, seat: int) -> Hint[Action] | None:
        """The engine's analysis of every move on the board (:mod:`.advisor`)."""
        from parlour.games.draughts.advisor import advise

        return advise(state, seat)

    def prepare(self, rules: Rules) -> None:
        """Build or load the endgame database the strong levels and the hints use
        (:func:`parlour.games.draughts.bots.levels.prepare_database`)."""
        from parlour.games.draughts.bots.levels import prepare_database

        prepare_database()


GAME = Draughts()
