"""The Yahtzee engine: the manual's game, with the official joker rule and bonus convention as options."""

from __future__ import annotations

import dataclasses
import importlib
import itertools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

from parlour.core.commands import Command
from parlour.core.dice import format_dice, parse_dice, throw_outcomes
from parlour.core.errors import InvalidMoveError, RulesError
from parlour.core.protocol import CHANCE, BotFactory, Game, GameSpec, Hint
from parlour.games.yahtzee import notation, text
from parlour.games.yahtzee.rules import (
    BOXES,
    UPPER,
    UPPER_BONUS,
    Box,
    Joker,
    Rules,
    choices,
    counts,
    extra_yahtzee,
    yahtzee_bonus,
)
from parlour.games.yahtzee.state import DICE, ROLLS, Card, Dice, Move, Roll, Score, State
from parlour.games.yahtzee.view import YahtzeeView

MAX_PLAYERS = 8
"""A judgement call: the manual sets no limit; eight cards still fit a table (and a screen)."""

_COUNT_WORDS = ("no", "a", "two", "three", "four", "five")


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1:])


@cache
def _rolls(dice: Dice) -> tuple[Roll, ...]:
    """Every distinct roll from these dice: each sub-multiset kept, except keeping all five.

    Fewest dice kept first (``roll`` first of all); equal numbers of dice by their
    values, lowest first.
    """
    have = counts(dice)
    keeps = set()
    for take in itertools.product(*(range(n + 1) for n in have)):
        keep = tuple(face for face, k in enumerate(take, start=1) for _ in range(k))
        if len(keep) < DICE:
            keeps.add(keep)
    return tuple(Roll(k) for k in sorted(keeps, key=lambda k: (len(k), k)))


@lru_cache(maxsize=1 << 16)
def _legal(rules: Rules, boxes: tuple[int | None, ...], dice: Dice, rolls: int) -> tuple[Move, ...]:
    if rolls == 0:
        return (Roll(()),)
    allowed = choices(rules, boxes, dice)  # once, not once for each box
    scores = tuple(Score(b) for b in BOXES if b in allowed)
    if rolls >= ROLLS:
        return scores
    return (*_rolls(dice), *scores)


@cache
def _outcome_set(ndice: int) -> frozenset[Dice]:
    return frozenset(o for o, _ in throw_outcomes(ndice))


def _plural(face: int) -> str:
    return f"{face}s"


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

    # ---- set-up -----------------------------------------------------------
    def conformance_cases(self) -> tuple[tuple[Rules, int], ...]:
        """Both joker rules, both bonus conventions, the screen options; 1, 2 and 3 players.

        (Bigger tables are played in the game's own tests: the suite's checks grow with the
        square of the table size, and a game of Yahtzee is long.)"""
        R = Rules
        return (
            (R(), 1), (R(), 2),
            (R(joker=Joker.FORCED), 1), (R(joker=Joker.FORCED), 2),
            (R(bonus_needs_fifty=False, preview=False, colour_code=True), 2),
            (R(joker=Joker.FORCED, bonus_needs_fifty=False, colour_code=True), 3),
        )

    def initial_state(self, rules: Rules, players: int) -> State:
        if not 1 <= players <= MAX_PLAYERS:
            raise RulesError(f"Yahtzee takes 1 to {MAX_PLAYERS} players, not {players}")
        return State(rules=rules, players=players, cards=(Card(),) * players)

    # ---- whose turn -------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.pending:
            return (CHANCE,)
        return (state.current,)

    def players(self, state: State) -> int:
        return state.players

    # ---- moves --------------------------------------------------------------
    def legal_moves(self, state: State, seat: int) -> tuple[Move, ...]:
        """Before the turn's first roll only ``roll``.  After the first or second roll every
        distinct roll (see ``_rolls``: fewest dice kept first, then lowest values first;
        keeping all five is not a roll), then every box the dice may be scored in now, in card
        order.  After the third roll only the boxes."""
        if state.over or state.pending or seat != state.current:
            return ()
        return _legal(state.rules, state.card.boxes, state.dice, state.rolls)

    def explain_illegal(self, state: State, seat: int, move: Move) -> str:
        if isinstance(move, Roll):
            return self._explain_roll(state, move)
        if not isinstance(move, Score) or not isinstance(move.box, Box):
            return f"{move!r} is not a Yahtzee move"
        if state.rolls == 0:
            return "roll first: there are no dice to score yet"
        box = move.box
        if state.card[box] is not None:
            return f"the {box.title} box is already filled"
        return self._explain_joker(state, box)

    def _explain_roll(self, state: State, move: Roll) -> str:
        if state.rolls >= ROLLS:
            return "you have no rolls left: score a box"
        if state.rolls == 0:
            return ("roll first: there are no dice to keep yet (the first roll of a turn is all "
                    "five dice)")
        if len(move.keep) > DICE:
            return f"there are only {DICE} dice"
        shown = format_dice(state.dice)
        have = counts(state.dice)
        for face in sorted(set(move.keep)):
            want = move.keep.count(face)
            if not 1 <= face <= 6:
                return f"you cannot keep a {face}: dice show 1 to 6"
            if want > have[face - 1]:
                what = f"a {face}" if have[face - 1] == 0 else f"{_COUNT_WORDS[want]} {_plural(face)}"
                return f"you cannot keep {what}: the dice are {shown}"
        return "keeping all five dice rolls nothing: score a box instead"

    def refusal(self, state: State, box: Box) -> str:
        """Why the current dice may not be scored in ``box`` now (for views and hints)."""
        return self._explain_joker(state, box)

    def _explain_joker(self, state: State, box: Box) -> str:
        dice = state.dice
        rules = state.rules
        boxes = state.card.boxes
        if rules.joker is Joker.FORCED and extra_yahtzee(boxes, dice):
            own = UPPER[dice[0] - 1]
            if boxes[own.index] is None:
                return (f"an extra Yahtzee of {_plural(dice[0])} must go in the {own.title} box "
                        "while it is open")
            if box.upper:
                return ("an extra Yahtzee must go in an open lower-section box (as a wildcard) "
                        f"while one is open: the {own.title} box is filled")
        return f"the dice cannot be scored in the {box.title} box now"

    def _apply_move(self, state: State, seat: int, move: Move) -> State:
        if isinstance(move, Roll):
            return dataclasses.replace(state, rolls=state.rolls + 1, kept=move.keep,
                                       rolling=move.rolling)
        card = state.card
        points = choices(state.rules, card.boxes, state.dice)[move.box]
        bonus = yahtzee_bonus(state.rules, card.boxes, state.dice) > 0
        return dataclasses.replace(
            state, cards=_set(state.cards, seat, card.scored(move.box, points, bonus)),
            current=(seat + 1) % state.players, dice=(), rolls=0, kept=(),
        )

    # ---- chance ----------------------------------------------------------
    def chance_outcomes(self, state: State) -> tuple[tuple[Dice, Fraction], ...] | None:
        """The rolled dice as a sorted multiset, with exact multinomial probabilities."""
        if not state.pending or state.over:
            return ()
        return throw_outcomes(state.rolling)

    def possible_outcomes(self, state: State) -> frozenset[Dice]:
        if not state.pending or state.over:
            return frozenset()
        return _outcome_set(state.rolling)

    def _apply_outcome(self, state: State, outcome: Dice) -> State:
        return dataclasses.replace(state, dice=tuple(sorted(state.kept + outcome)), rolling=0)

    # ---- results and views ------------------------------------------------------
    def returns(self, state: State) -> tuple[float, ...]:
        """Alone: the card's total (at any time).  With others: at the end 1 for the winner,
        shared equally by tied winners, 0 for the rest; 0 for everyone before the end."""
        if state.players == 1:
            return (float(state.cards[0].total),)
        if not state.over:
            return (0.0,) * state.players
        top = state.leaders
        return tuple(1 / len(top) if s in top else 0.0 for s in range(state.players))

    def winners(self, state: State) -> tuple[int, ...]:
        """The highest total (ties share); alone, the player (the result is the score)."""
        return state.leaders if state.over else ()

    def seat_scores(self, state: State) -> tuple[tuple[int, ...], ...]:
        """Each seat's final total (one per finished game)."""
        if not state.over:
            return tuple(() for _ in range(state.players))
        return tuple((card.total,) for card in state.cards)

    def result_text(self, state: State, names: Sequence[str] | None = None) -> str:
        if not state.over:
            return "The game is not over."
        totals = [card.total for card in state.cards]
        if state.players == 1:
            return f"{self.name_of(state, 0, names)} scores {totals[0]}."
        top = state.leaders
        who = " and ".join(self.name_of(state, s, names) for s in top)
        verb = "wins" if len(top) == 1 else "share the win"
        scores = ", ".join(f"{self.name_of(state, s, names)} {t}" for s, t in enumerate(totals))
        return f"{who} {verb} with {totals[top[0]]}. Totals: {scores}."

    def view(self, state: State, seat: int | None) -> YahtzeeView:
        return YahtzeeView(seat=seat, state=state)

    # ---- notation ------------------------------------------------------------
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

    def describe(self, state: State, seat: int, action: Move | Dice,
                 names: Sequence[str] | None = None) -> str:
        who = self.name_of(state, state.current, names)
        if seat == CHANCE:
            assert isinstance(action, tuple)
            rolled = format_dice(action)
            if state.kept:
                return f"{who} rolls {rolled} → dice {format_dice(state.kept + action)}"
            return f"{who} rolls {rolled}"
        if isinstance(action, Roll):
            n = action.rolling
            dice = f"{n} {'die' if n == 1 else 'dice'}"
            if not action.keep:
                return f"{who} rolls {dice}"
            return f"{who} keeps {notation.format_keep(action.keep)} and rolls {dice}"
        assert isinstance(action, Score)
        card = state.card
        points = choices(state.rules, card.boxes, state.dice).get(action.box)
        if points is None:
            return f"{who} scores in {action.box.title}"
        extras = []
        if yahtzee_bonus(state.rules, card.boxes, state.dice):
            extras.append("+100 Yahtzee bonus")
        if not card.upper_bonus and card.scored(action.box, points, False).upper_bonus:
            extras.append(f"+{UPPER_BONUS} upper bonus")
        tail = f" ({', '.join(extras)})" if extras else ""
        return f"{who} scores {points} in {action.box.title}{tail}"

    def render_text(self, view: YahtzeeView, names: Sequence[str]) -> str:
        return text.render_view(view, names)

    def move_help(self) -> str:
        return notation.HELP

    # ---- help and bots ---------------------------------------------------------
    def prepare(self, rules: Rules) -> None:
        """Solve (or load from the cache) the optimal strategy and its second moments."""
        from parlour.games.yahtzee.strategy import table

        table(rules).sd()

    def advise(self, state: State, seat: int) -> Hint[Move] | None:
        """The advisor (``parlour.games.yahtzee.advisor.advise``) once it is installed; else None."""
        try:
            module = importlib.import_module("parlour.games.yahtzee.advisor")
        except ModuleNotFoundError as exc:
            if exc.name != "parlour.games.yahtzee.advisor":
                raise
            return None
        hint: Hint[Move] | None = module.advise(state, seat)
        return hint

    def commands(self) -> Sequence[Command]:
        from parlour.games.yahtzee.commands import COMMANDS

        return COMMANDS

    def bots(self) -> Mapping[str, BotFactory]:
        from parlour.games.yahtzee.bots import BOTS

        return BOTS


GAME = Yahtzee()
