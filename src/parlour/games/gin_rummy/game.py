"""Gin Rummy for two, the whole game to 100, as the manual describes it."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Container, Mapping, Sequence
from fractions import Fraction
from typing import Any

from parlour.core.cards import standard_deck
from parlour.core.commands import Command
from parlour.core.errors import RulesError
from parlour.core.protocol import CHANCE, BotFactory, Game, GameSpec, Hint
from parlour.games.gin_rummy import engine, notation, text
from parlour.games.gin_rummy.deck import bits
from parlour.games.gin_rummy.notation import Deal, FirstDealer, Move, Outcome
from parlour.games.gin_rummy.rules import Rules, settle
from parlour.games.gin_rummy.state import Phase, State
from parlour.games.gin_rummy.view import GinView, known_cards, make_view, revealed

_DECK = frozenset(standard_deck())


class _AnyShuffle(Container[Any]):
    """Every order of the 52 cards (a deal is sampled, never listed)."""

    def __contains__(self, outcome: object) -> bool:
        return (isinstance(outcome, Deal) and len(outcome.cards) == 52
                and frozenset(outcome.cards) == _DECK)


_CUT = ((FirstDealer(0), Fraction(1, 2)), (FirstDealer(1), Fraction(1, 2)))


class GinRummy(Game[Rules, State, Move, Outcome, GinView]):
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
        if players != 2:
            raise RulesError(f"Gin Rummy is for two players, not {players}")
        rules.check()
        return State(rules=rules)

    # ---- whose turn -------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        phase = state.phase
        if phase is Phase.OVER:
            return ()
        if phase is Phase.CUT or phase is Phase.DEAL:
            return (CHANCE,)
        return (state.current,)

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
    def chance_outcomes(self, state: State) -> tuple[tuple[Outcome, Fraction], ...] | None:
        """The first dealer: each seat with 1/2.  A deal is sampled (``None``)."""
        if state.phase is Phase.CUT:
            return _CUT
        return None

    def possible_outcomes(self, state: State) -> Sequence[Outcome] | Container[Any]:  # type: ignore[override]
        if state.phase is Phase.CUT:
            return [o for o, _ in _CUT]
        if state.phase is Phase.DEAL:
            return _AnyShuffle()
        return ()

    def sample_chance(self, state: State, rng: random.Random) -> Outcome:
        if state.phase is Phase.CUT:
            return FirstDealer(rng.randrange(2))
        return Deal.shuffled(rng)

    def _apply_outcome(self, state: State, outcome: Outcome) -> State:
        if isinstance(outcome, FirstDealer):
            return dataclasses.replace(state, phase=Phase.DEAL, dealer=outcome.seat)
        return engine.deal(state, outcome)

    # ---- results and views ------------------------------------------------------
    def returns(self, state: State) -> tuple[float, ...]:
        """At the end: what each player wins, the loser paying the difference of the totals
        (hand points, game bonus, box bonuses).  Before: the difference of the hand points."""
        winner = state.winner
        if winner is None:
            diff = state.scores[0] - state.scores[1]
        else:
            totals = settle(state.rules, state.scores, state.boxes, winner).totals
            diff = totals[0] - totals[1]
        return (float(diff), float(-diff))

    def winners(self, state: State) -> tuple[int, ...]:
        """The player who reached the target (whatever the bonuses make of the payment)."""
        winner = state.winner
        return () if winner is None else (winner,)

    def seat_scores(self, state: State) -> tuple[tuple[int, ...], ...]:
        """Each seat's points in every hand played out (0 in the hands the other won)."""
        played = [h for h in state.sheet if h.winner is not None]
        return tuple(tuple(h.points if h.winner == s else 0 for h in played) for s in (0, 1))

    def result_text(self, state: State, names: Sequence[str] | None = None) -> str:
        return text.result(self, state, names)

    def view(self, state: State, seat: int | None) -> GinView:
        return make_view(state, seat)

    def resample_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """Deal what ``seat`` cannot see anew: the other's unknown cards (before the showdown),
        the stock and, but for the knocker, the face-down discard (unless everyone saw the knocker
        take that card from the pile: then it is no secret)."""
        if state.phase in (Phase.CUT, Phase.DEAL, Phase.OVER):
            return state
        known = known_cards(state)
        pool = list(state.stock)
        keep = list(state.hands)
        if not revealed(state):
            for s in (0, 1):
                if s != seat:
                    keep[s] = known[s]
                    pool += bits(state.hands[s] ^ known[s])
        hidden_face_down = (state.face_down >= 0 and seat != state.knocker
                            and not state.known[state.knocker] >> state.face_down & 1)
        if hidden_face_down:
            pool.append(state.face_down)
        rng.shuffle(pool)
        hands = []
        for s in (0, 1):
            need = state.hands[s].bit_count() - keep[s].bit_count()
            hand = keep[s]
            for card in pool[:need]:
                hand |= 1 << card
            del pool[:need]
            hands.append(hand)
        face_down = pool.pop() if hidden_face_down else state.face_down
        return dataclasses.replace(state, hands=(hands[0], hands[1]), stock=tuple(pool),
                                   face_down=face_down)

    # ---- notation ---------------------------------------------------------------
    def parse_move(self, state: State, seat: int, text: str) -> Move:
        return notation.parse_move(text)

    def format_move(self, state: State, seat: int, move: Move) -> str:
        return notation.format_move(move)

    def parse_outcome(self, state: State, text: str) -> Outcome:
        return notation.parse_outcome(text)

    def format_outcome(self, state: State, outcome: Outcome) -> str:
        return notation.format_outcome(outcome)

    def describe(self, state: State, seat: int, action: Move | Outcome,
                 names: Sequence[str] | None = None) -> str:
        """Everything, for the table's private log (never sent to a player)."""
        return text.describe(self, state, seat, action, names, omniscient=True)

    def describe_for(self, state: State, seat: int, action: Move | Outcome, viewer: int | None,
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


GAME = GinRummy()
