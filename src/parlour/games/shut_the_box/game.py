"""The Shut the Box engine: every way of playing in the manual and the rule sheets."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from parlour.core.commands import Command
from parlour.core.dice import format_dice, is_double, parse_dice, throw_outcomes
from parlour.core.errors import InvalidMoveError, RulesError
from parlour.core.protocol import CHANCE, BotFactory, Game, GameSpec, Hint
from parlour.games.shut_the_box import notation, text
from parlour.games.shut_the_box.rules import (
    Mode,
    OneDie,
    Rules,
    Scoring,
    one_die_allowed,
    score_of,
)
from parlour.games.shut_the_box.solver import legal_flips
from parlour.games.shut_the_box.state import (
    Dice,
    Flip,
    Move,
    RoundResult,
    State,
    Status,
    Throw,
)
from parlour.games.shut_the_box.view import ShutTheBoxView

ZERO = Fraction(0)


def _replace(state: State, **changes: Any) -> State:
    return dataclasses.replace(state, **changes)


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1:])


@lru_cache(maxsize=65536)
def _flips(open_mask: int, total: int, tiles: int) -> tuple[Flip, ...]:
    return tuple(Flip.of_mask(m) for m in legal_flips(open_mask, total, tiles))


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

    # ---- set-up -----------------------------------------------------------
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

    def initial_state(self, rules: Rules, players: int) -> State:
        low, high = rules.player_range()
        if not low <= players <= high:
            span = str(low) if low == high else f"{low} to {high}"
            raise RulesError(f"the {rules.mode.value} game takes {span} players, not {players}")
        zeros = (ZERO,) * players
        state = State(
            rules=rules, players=players, round=0, starter=0,
            covered=(0,) * (1 if rules.mode is Mode.LONG else players),
            status=(Status.WAITING,) * players, dice=((),) * players, current=None,
            scores=(None,) * players, totals=(0,) * players, wins=zeros, balances=zeros,
        )
        return self._start_round(state, starter=0)

    def _start_round(self, state: State, starter: int) -> State:
        rules = state.rules
        status = tuple(Status.OUT if s is Status.OUT else Status.WAITING for s in state.status)
        if rules.mode is Mode.SIMULTANEOUS:
            status = tuple(Status.THROW for _ in status)
            current = None
        else:
            status = _set(status, starter, Status.THROW)
            current = starter
        return _replace(
            state, round=state.round + 1, starter=starter,
            covered=(0,) * len(state.covered), status=status, dice=((),) * state.players,
            current=current, pending=None, pending_dice=0, scores=(None,) * state.players, bank=0,
        )

    # ---- whose turn -------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.pending is not None:
            return (CHANCE,)
        return tuple(
            seat for seat, s in enumerate(state.status) if s in (Status.THROW, Status.PLACE)
        )

    # ---- moves --------------------------------------------------------------
    def may_throw_one(self, state: State, seat: int) -> bool:
        """Whether ``seat`` may choose one die for its next throw."""
        return one_die_allowed(state.rules.one_die, state.open_for(seat))

    def legal_moves(self, state: State, seat: int) -> tuple[Move, ...]:
        """``Throw(1)`` then ``Throw(2)`` before a throw; after it, every set of tiles adding
        up to the throw, fewest tiles first, then highest tiles first."""
        if state.over or state.pending is not None or not 0 <= seat < state.players:
            return ()
        status = state.status[seat]
        if status is Status.THROW:
            return (Throw(1), Throw(2)) if self.may_throw_one(state, seat) else (Throw(2),)
        if status is Status.PLACE:
            return _flips(state.open_for(seat), sum(state.dice[seat]), state.rules.tiles)
        return ()

    def explain_illegal(self, state: State, seat: int, move: Move) -> str:
        status = state.status[seat]
        if isinstance(move, Throw):
            if status is Status.PLACE:
                return (f"you have thrown {sum(state.dice[seat])} already: "
                        "cover tiles that add up to it")
            if status is not Status.THROW:
                return "you have no throw to make now"
            if move.dice not in (1, 2):
                return "throw one die or two"
            return "you must throw both dice: " + self._one_die_condition(state.rules)
        if not isinstance(move, Flip):
            return f"{move!r} is not a Shut the Box move"
        if status is Status.THROW:
            return "throw the dice first"
        if status is not Status.PLACE:
            return "you have no tiles to flip now"
        return self._explain_flip(state, seat, move)

    @staticmethod
    def _one_die_condition(rules: Rules) -> str:
        return {
            OneDie.HIGH_TILES: "one die is allowed only once every tile from 7 up is covered",
            OneDie.SEVEN_EIGHT_NINE: "one die is allowed only once 7, 8 and 9 are covered",
            OneDie.LOW_TOTAL: "one die is allowed only once the open tiles add up to less than 6",
            OneDie.NEVER: "these house rules always use two dice",
        }[rules.one_die]

    def _explain_flip(self, state: State, seat: int, move: Flip) -> str:
        rules = state.rules
        uncovering = rules.mode is Mode.LONG and seat == 1
        if not move.tiles:
            return "choose at least one tile"
        if len(set(move.tiles)) != len(move.tiles):
            return "each tile can be flipped only once"
        open_mask = state.open_for(seat)
        for tile in move.tiles:
            if not 1 <= tile <= rules.tiles:
                return f"there is no tile {tile} in a box of {rules.tiles}"
            if not open_mask >> (tile - 1) & 1:
                return f"{tile} is already {'uncovered' if uncovering else 'covered'}"
        total = sum(state.dice[seat])
        named = " and ".join(str(t) for t in move.tiles)
        verb = "makes" if len(move.tiles) == 1 else "make"
        return f"{named} {verb} {move.total}, but the throw was {total}"

    def _apply_move(self, state: State, seat: int, move: Move) -> State:
        if isinstance(move, Throw):
            return _replace(state, pending=seat, pending_dice=move.dice)
        board = state.board_of(seat)
        covered = state.covered[board] ^ move.mask
        state = _replace(
            state, covered=_set(state.covered, board, covered),
            status=_set(state.status, seat, Status.THROW),
        )
        if state.open_for(seat) == 0:
            return self._emptied(state, seat)
        return state

    # ---- chance ----------------------------------------------------------
    def chance_outcomes(self, state: State) -> tuple[tuple[Dice, Fraction], ...] | None:
        if state.pending is None or state.over:
            return ()
        return throw_outcomes(state.pending_dice)

    def _apply_outcome(self, state: State, outcome: Dice) -> State:
        seat = state.pending
        assert seat is not None
        bank = state.bank
        if state.rules.mode is Mode.LONG and state.rules.doubles_extra_turn and is_double(outcome):
            bank += 1
        state = _replace(state, pending=None, pending_dice=0, bank=bank,
                         dice=_set(state.dice, seat, outcome))
        if legal_flips(state.open_for(seat), sum(outcome), state.rules.tiles):
            return _replace(state, status=_set(state.status, seat, Status.PLACE))
        return self._stuck(state, seat)

    # ---- turn ends ------------------------------------------------------
    def _stuck(self, state: State, seat: int) -> State:
        """The throw cannot be used: the turn ends (or an extra turn is taken)."""
        rules = state.rules
        if rules.mode is Mode.LONG:
            if state.bank > 0:
                return _replace(state, bank=state.bank - 1,
                                status=_set(state.status, seat, Status.THROW))
            other = 1 - seat
            status = _set(_set(state.status, seat, Status.WAITING), other, Status.THROW)
            return _replace(state, status=status, current=other, bank=0)
        score = score_of(rules.scoring, state.uncovered(state.board_of(seat)))
        state = _replace(state, status=_set(state.status, seat, Status.DONE),
                         scores=_set(state.scores, seat, score))
        return self._next_turn(state, seat)

    def _emptied(self, state: State, seat: int) -> State:
        """``seat`` has flipped every tile open to it."""
        rules = state.rules
        state = _replace(state, status=_set(state.status, seat, Status.DONE),
                         scores=_set(state.scores, seat, 0))
        if rules.mode is Mode.LONG:
            return self._finish_game(state, (seat,), RoundResult(state.round, (None, None),
                                                                 (seat,), shut_by=seat))
        if rules.mode is Mode.CUMULATIVE:
            return self._next_turn(state, seat)
        return self._end_round(state, shut_by=seat)

    def _next_turn(self, state: State, seat: int) -> State:
        if state.rules.mode is Mode.SIMULTANEOUS:
            if all(s in (Status.DONE, Status.OUT) for s in state.status):
                return self._end_round(state, shut_by=None)
            return state
        n = state.players
        for step in range(1, n):
            nxt = (seat + step) % n
            if state.status[nxt] is Status.WAITING:
                return _replace(state, status=_set(state.status, nxt, Status.THROW), current=nxt)
        return self._end_round(state, shut_by=None)

    def _end_round(self, state: State, shut_by: int | None) -> State:
        rules = state.rules
        playing = [s for s in range(state.players) if state.status[s] is not Status.OUT]
        if shut_by is not None:
            winners: tuple[int, ...] = (shut_by,)
        elif state.players == 1:
            winners = ()  # solo: the round is won only by shutting the box
        else:
            finished = [s for s in playing if state.scores[s] is not None]
            best = min(state.scores[s] or 0 for s in finished)
            winners = tuple(s for s in finished if state.scores[s] == best)
        result = RoundResult(state.round, state.scores, winners, shut_by)
        if rules.mode is Mode.CUMULATIVE:
            return self._end_cumulative_round(state, result)
        wins = state.wins
        for w in winners:
            wins = _set(wins, w, wins[w] + Fraction(1, len(winners)))
        balances = self._settle_round(state.balances, playing, winners, shut_by, rules.stake)
        state = _replace(state, wins=wins, balances=balances, history=(*state.history, result),
                         current=None)
        if state.round >= rules.rounds:
            return _replace(state, winners=self._overall_winners(state))
        return self._start_round(state, starter=(state.starter + 1) % state.players)

    @staticmethod
    def _overall_winners(state: State) -> tuple[int, ...]:
        """After the last round: the most money when playing for stakes, else the most rounds won.

        Seats level at the top share the win; alone, a game in which the box was never shut
        has no winner.
        """
        staked = state.rules.stake > 0 and state.players > 1
        values = state.balances if staked else state.wins
        best = max(values)
        if state.players == 1 and best == 0:
            return ()
        return tuple(s for s in range(state.players) if values[s] == best)

    @staticmethod
    def _settle_round(balances: tuple[Fraction, ...], playing: Sequence[int],
                      winners: tuple[int, ...], shut_by: int | None,
                      stake: int) -> tuple[Fraction, ...]:
        """Stakes: everyone pays into the pool and the winners share it; shutting the box
        collects double the stake from every other player instead."""
        if stake == 0 or len(playing) < 2:
            return balances
        out = list(balances)
        if shut_by is not None:
            for s in playing:
                if s != shut_by:
                    out[s] -= 2 * stake
                    out[shut_by] += 2 * stake
            return tuple(out)
        share = Fraction(stake * len(playing), len(winners))
        for s in playing:
            out[s] += (share if s in winners else 0) - stake
        return tuple(out)

    def _end_cumulative_round(self, state: State, result: RoundResult) -> State:
        rules = state.rules
        totals = list(state.totals)
        status = list(state.status)
        dropped = []
        for s in range(state.players):
            score = state.scores[s]
            if status[s] is Status.OUT or score is None:
                continue
            totals[s] += score
            if totals[s] >= rules.drop_out_at:
                status[s] = Status.OUT
                dropped.append(s)
        state = _replace(state, totals=tuple(totals), status=tuple(status),
                         history=(*state.history, result), current=None)
        remaining = [s for s in range(state.players) if status[s] is not Status.OUT]
        if len(remaining) == 1:
            return self._finish_game(state, (remaining[0],), None)
        if not remaining:
            low = min(totals[s] for s in dropped)
            return self._finish_game(state, tuple(s for s in dropped if totals[s] == low), None)
        starter = next(s for k in range(1, state.players + 1)
                       if status[s := (state.starter + k) % state.players] is not Status.OUT)
        return self._start_round(state, starter=starter)

    def _finish_game(self, state: State, winners: tuple[int, ...],
                     result: RoundResult | None) -> State:
        """Long and cumulative games: one result for the whole game; stakes go to the winners."""
        wins = tuple(Fraction(1, len(winners)) if s in winners else ZERO
                     for s in range(state.players))
        balances = self._settle_round(state.balances, range(state.players), winners, None,
                                      state.rules.stake)
        history = state.history if result is None else (*state.history, result)
        return _replace(state, wins=wins, balances=balances, winners=winners, history=history,
                        current=None, status=tuple(Status.DONE if s is not Status.OUT else s
                                                   for s in state.status))

    # ---- results and views ------------------------------------------------------
    def returns(self, state: State) -> tuple[float, ...]:
        """Money won or lost when playing for stakes, otherwise rounds won (ties share).

        Alone there is nobody to pay, so solo play always returns rounds won.
        """
        values = state.balances if state.rules.stake and state.players > 1 else state.wins
        return tuple(float(v) for v in values)

    def players(self, state: State) -> int:
        return state.players

    def view(self, state: State, seat: int | None) -> ShutTheBoxView:
        return ShutTheBoxView(seat=seat, state=state)

    # ---- notation ------------------------------------------------------------
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

    def describe(self, state: State, seat: int, action: Move | Dice,
                 names: Sequence[str] | None = None) -> str:
        if seat == CHANCE:
            assert state.pending is not None and isinstance(action, tuple)
            who = self.name_of(state, state.pending, names)
            faces = " and ".join(str(d) for d in action)
            extra = f" (total {sum(action)})" if len(action) > 1 else ""
            return f"{who} throws {faces}{extra}"
        who = self.name_of(state, seat, names)
        if isinstance(action, Throw):
            return f"{who} throws {'one die' if action.dice == 1 else 'two dice'}"
        assert isinstance(action, Flip)
        verb = "uncovers" if state.rules.mode is Mode.LONG and seat == 1 else "covers"
        return f"{who} {verb} {' and '.join(str(t) for t in action.tiles)}"

    score_highlight = ("shut", 0)

    def winners(self, state: State) -> tuple[int, ...]:
        return state.winners or ()

    def seat_scores(self, state: State) -> tuple[tuple[int, ...], ...]:
        """Each seat's turn scores, round by round (a shut box scores 0)."""
        return tuple(
            tuple(sc for r in state.history if (sc := r.scores[seat]) is not None)
            for seat in range(state.players)
        )

    def result_text(self, state: State, names: Sequence[str] | None = None) -> str:
        if state.winners is None:
            return "The game is not over."
        who = [self.name_of(state, s, names) for s in state.winners]
        if not who:
            text = "The box was not shut." if state.players == 1 else "Nobody won."
        elif len(who) == 1:
            text = f"{who[0]} wins."
        else:
            text = f"{' and '.join(who)} share the win."
        if state.players == 1 and state.history:
            text += f" Score: {state.history[-1].scores[0]}."
        if state.rules.stake:
            text += " Balances: " + ", ".join(
                f"{self.name_of(state, s, names)}: {float(b):+g}" for s, b in enumerate(state.balances))
        return text

    def render_text(self, view: ShutTheBoxView, names: Sequence[str]) -> str:
        return text.render_view(view, names)

    def move_help(self) -> str:
        return notation.HELP

    def advise(self, state: State, seat: int) -> Hint[Move] | None:
        from parlour.games.shut_the_box.advisor import advise

        return advise(state, seat)

    def commands(self) -> Sequence[Command]:
        from parlour.games.shut_the_box.commands import COMMANDS

        return COMMANDS

    def bots(self) -> Mapping[str, BotFactory]:
        from parlour.games.shut_the_box.bots import BOTS

        return BOTS


GAME = ShutTheBox()
