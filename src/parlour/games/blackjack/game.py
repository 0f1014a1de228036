"""Blackjack against the dealer, as the manual describes it, with casino rules as options."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from parlour.core.cards import Card
from parlour.core.commands import Command
from parlour.core.errors import RulesError
from parlour.core.protocol import BotFactory, Game, GameSpec, Hint
from parlour.games.blackjack import engine, notation, text
from parlour.games.blackjack.moves import Move
from parlour.games.blackjack.rules import PRESETS, Deal, Double, Payout, Rules, Soft17, Surrender
from parlour.games.blackjack.state import Phase, State
from parlour.games.blackjack.view import BlackjackView, resample_hidden

if TYPE_CHECKING:
    from parlour.games.blackjack.encoding import BlackjackEncoding

MAX_PLAYERS = 7


class Blackjack(Game[Rules, State, Move, Card, BlackjackView]):
    """Players against the dealer; see ``docs/rules/blackjack.md``."""

    spec = GameSpec(
        name="blackjack",
        title="Blackjack",
        min_players=1,
        max_players=MAX_PLAYERS,
        aliases=("twenty-one", "21"),
        chance=True,
        hidden_information=True,
        summary="Beat the dealer's total without going over 21; chips, bets and casino rules as options.",
        private_hands=False,
    )
    rules_type = Rules

    def conformance_cases(self) -> tuple[tuple[Rules, int], ...]:
        """The manual's game; the casino game with every option on, a small shoe and the cut card
        close (so that shuffles and a shoe running dry happen); the European no-hole-card game on
        an infinite deck; a no-peek single deck with doubling on 9-11 and split aces re-split."""
        return (
            (Rules(rounds=4), 2),
            (Rules.casino(insurance=True, surrender=Surrender.LATE, decks=1, penetration=90,
                          soft17=Soft17.HIT, rounds=5, max_bet=50), 3),
            (Rules.casino(deal=Deal.NO_HOLE_CARD, decks=0, blackjack=Payout.SIX_FIVE, rounds=4), 1),
            (Rules.casino(deal=Deal.NO_PEEK, decks=1, double=Double.NINE_TO_ELEVEN, resplit_aces=True,
                          hit_split_aces=True, penetration=0, rounds=4), 2),
        )

    def initial_state(self, rules: Rules, players: int) -> State:
        if not 1 <= players <= MAX_PLAYERS:
            raise RulesError(f"Blackjack takes 1 to {MAX_PLAYERS} players, not {players}")
        return engine.initial_state(rules, players)

    to_act = staticmethod(engine.to_act)

    def players(self, state: State) -> int:
        return len(state.players)

    legal_moves = staticmethod(engine.legal_moves)  # in the order of ``engine``'s docstring

    def explain_illegal(self, state: State, seat: int, move: Move) -> str:
        return engine.explain(state, seat, move)

    def _apply_move(self, state: State, seat: int, move: Move) -> State:
        """The move played; with the trainer on, with the trainer's word on it."""
        after = engine.apply_move(state, seat, move)
        if not state.table.rules.trainer:
            return after
        from parlour.games.blackjack.advisor import train

        return train(state, seat, move, after)

    # ---- chance: the cards, one at a time -----------------------------------------------------
    def chance_outcomes(self, state: State) -> tuple[tuple[Card, Fraction], ...]:
        return engine.card_chances(state)

    def possible_outcomes(self, state: State) -> engine.CardsLeft:
        """The cards left, as ``chance_outcomes`` lists them (``in`` answers at once)."""
        return engine.cards_left(state)

    sample_chance = staticmethod(engine.draw_card)  # the generic draw's card, by one integer draw

    _apply_outcome = staticmethod(engine.deal_card)

    def resample_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        return resample_hidden(state, rng)

    # ---- results -----------------------------------------------------------------------------
    def returns(self, state: State) -> tuple[float, ...]:
        """Chips won (or lost, negative) since the start."""
        return engine.returns(state)

    def winners(self, state: State) -> tuple[int, ...]:
        """The players who end with more chips than they started with (the house is the only
        opponent, so there may be several, or none)."""
        return engine.winners(state)

    def seat_scores(self, state: State) -> tuple[tuple[int, ...], ...]:
        return engine.seat_scores(state)

    def result_text(self, state: State, names: Sequence[str] | None = None) -> str:
        return text.result_text(state, names)

    def view(self, state: State, seat: int | None) -> BlackjackView:
        return BlackjackView.of(state, seat)

    # ---- notation ----------------------------------------------------------------------------
    def parse_move(self, state: State, seat: int, text: str) -> Move:
        return notation.parse_move(text)

    def format_move(self, state: State, seat: int, move: Move) -> str:
        return notation.format_move(move)

    def parse_outcome(self, state: State, text: str) -> Card:
        return notation.parse_outcome(text)

    def format_outcome(self, state: State, outcome: Card) -> str:
        return notation.format_outcome(outcome)

    def render_text(self, view: BlackjackView, names: Sequence[str]) -> str:
        return text.render_view(view, names)

    def move_help(self) -> str:
        return notation.HELP

    def seat_label(self, state: State, seat: int) -> str:
        return f"Player {seat + 1}"

    def describe(self, state: State, seat: int, action: Move | Card,
                 names: Sequence[str] | None = None) -> str:
        """Everything, the hole card included: for the table's private log."""
        return text.describe(state, seat, action, names, everything=True)

    def describe_for(self, state: State, seat: int, action: Move | Card, viewer: int | None,
                     names: Sequence[str] | None = None) -> str:
        """What everyone may read: every card dealt face up, never the hole card."""
        return text.describe(state, seat, action, names, everything=False)

    def presets(self) -> Mapping[str, Rules]:
        """``manual`` (the defaults) and ``casino`` (:meth:`Rules.casino`)."""
        return PRESETS

    # ---- help and bots ------------------------------------------------------------------------
    def advise(self, state: State, seat: int) -> Hint[Move] | None:
        """The solver's value of every play of the hand being played, best first (nothing to
        rank while betting; insurance is a side bet the advisor never recommends)."""
        if seat not in self.to_act(state) or state.phase is not Phase.PLAY:
            return None
        from parlour.games.blackjack.advisor import hint

        return hint(self.view(state, seat).state, seat, self.legal_moves(state, seat))

    def prepare(self, rules: Rules) -> None:
        """Work out the strategy against every dealer card ahead of play (a few seconds for a
        six-deck shoe)."""
        from parlour.games.blackjack.advisor import warm

        warm(rules)

    def commands(self) -> Sequence[Command]:
        from parlour.games.blackjack.commands import COMMANDS

        return COMMANDS

    def bots(self) -> Mapping[str, BotFactory]:
        from parlour.games.blackjack.bots import BOTS

        return BOTS

    def bot_descriptions(self) -> Mapping[str, str]:
        from parlour.games.blackjack.bots import DESCRIPTIONS

        return DESCRIPTIONS

    default_bot = "dealer-mimic"

    def encoding(self, rules: Rules, players: int) -> BlackjackEncoding:
        from parlour.games.blackjack.encoding import BlackjackEncoding

        return BlackjackEncoding(rules, players)


GAME = Blackjack()
