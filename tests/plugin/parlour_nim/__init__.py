"""Nim, a toy game that plugs into Parlour from outside it (the plugin test's game).

Two players take turns to take one to ``most`` counters from a pile of ``pile``; who takes the
last counter wins (or, with ``misere``, loses).  Who starts is decided by a coin (a chance node).
The package registers itself the way a game in another distribution would: an entry point in
the ``parlour.games`` group naming :data:`GAME` (the test writes the distribution's metadata);
it brings its own bots, terminal drawing, rules document and commands, and Parlour's command
line, terminal player and server play it without a line of Parlour changed.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from parlour.core.commands import Command, CommandError, Console
from parlour.core.errors import InvalidMoveError, RulesError
from parlour.core.protocol import Bot, BotFactory, Game, GameSpec, View


@dataclass(frozen=True)
class Rules:
    pile: int = field(default=21, metadata={"help": "Counters in the pile at the start",
                                            "choices": tuple(range(1, 51))})
    most: int = field(default=3, metadata={"help": "The most counters one turn may take",
                                           "choices": tuple(range(1, 10))})
    misere: bool = field(default=False, metadata={"help": "Who takes the last counter loses"})


@dataclass(frozen=True, slots=True)
class Take:
    """Take ``count`` counters."""

    count: int


@dataclass(frozen=True, slots=True)
class State:
    rules: Rules
    left: int
    mover: int | None = None
    """Whose turn it is; None until the coin has decided who starts."""
    taken: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        return self.left == 0


@dataclass(frozen=True)
class NimView(View):
    seat: int | None
    left: int
    mover: int | None
    taken: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "left": self.left, "mover": self.mover, "taken": list(self.taken)}


def winning_take(left: int, most: int, misere: bool) -> int | None:
    """The take that leaves the opponent lost, or None if every take loses."""
    target = 1 if misere else 0
    take = (left - target) % (most + 1)
    return take if 1 <= take <= min(most, left) else None


class PerfectBot(Bot[NimView, Take]):
    name = "perfect"

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def choose(self, game: Game[Any, Any, Take, Any, Any], view: NimView, legal: Sequence[Take],
               rng: random.Random) -> Take:
        take = winning_take(view.left, self.rules.most, self.rules.misere)
        return Take(take) if take is not None else legal[0]


class Nim(Game[Rules, State, Take, int, NimView]):
    spec = GameSpec(name="nim", title="Nim", min_players=2, max_players=2, chance=True,
                    summary="take one to three counters; who takes the last wins")
    rules_type = Rules

    def initial_state(self, rules: Rules, players: int) -> State:
        if players != 2:
            raise RulesError("Nim is for two players")
        return State(rules, rules.pile)

    def to_act(self, state: State) -> tuple[int, ...]:
        if state.over:
            return ()
        return (-1,) if state.mover is None else (state.mover,)

    def legal_moves(self, state: State, seat: int) -> tuple[Take, ...]:
        if state.over or seat != state.mover:
            return ()
        return tuple(Take(n) for n in range(1, min(state.rules.most, state.left) + 1))

    def explain_illegal(self, state: State, seat: int, move: Take) -> str:
        return f"you may take 1 to {min(state.rules.most, state.left)} counters, not {move.count}"

    def _apply_move(self, state: State, seat: int, move: Take) -> State:
        return replace(state, left=state.left - move.count, mover=1 - seat,
                       taken=(*state.taken, move.count))

    def chance_outcomes(self, state: State) -> tuple[tuple[int, Fraction], ...]:
        return ((0, Fraction(1, 2)), (1, Fraction(1, 2)))

    def _apply_outcome(self, state: State, outcome: int) -> State:
        return replace(state, mover=outcome)

    def returns(self, state: State) -> tuple[float, ...]:
        if not state.over or state.mover is None:
            return (0.0, 0.0)
        last = 1 - state.mover  # who took the last counter
        winner = state.mover if state.rules.misere else last
        return tuple(1.0 if seat == winner else -1.0 for seat in range(2))

    def view(self, state: State, seat: int | None) -> NimView:
        return NimView(seat, state.left, state.mover, state.taken)

    def parse_move(self, state: State, seat: int, text: str) -> Take:
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] == "take" and words[1].isdigit():
            return Take(int(words[1]))
        if len(words) == 1 and words[0].isdigit():
            return Take(int(words[0]))
        raise InvalidMoveError(f"{text!r} is not a move: write 'take N'")

    def format_move(self, state: State, seat: int, move: Take) -> str:
        return f"take {move.count}"

    def parse_outcome(self, state: State, text: str) -> int:
        if text.strip() in ("seat 0 starts", "seat 1 starts"):
            return int(text.strip()[5])
        raise InvalidMoveError(f"{text!r} is not a coin toss")

    def format_outcome(self, state: State, outcome: int) -> str:
        return f"seat {outcome} starts"

    def render_text(self, view: NimView, names: Sequence[str]) -> str:
        pile = " ".join("|" for _ in range(view.left)) or "(empty)"
        turn = "" if view.mover is None or view.left == 0 else f"; {names[view.mover]} to take"
        return f"NIM PILE: {pile}  ({view.left} left{turn})"

    def rules_document(self) -> str:
        return "# Nim\n\nTake one to three counters in turn; who takes the last counter wins.\n"

    def bots(self) -> Mapping[str, BotFactory]:
        return {"perfect": PerfectBot}

    def encoding(self, rules: Rules, players: int) -> Any:
        """The learning environments' encoding (``encoding.py``), imported when asked for."""
        from parlour_nim.encoding import NimEncoding

        return NimEncoding(rules, players)

    def commands(self) -> Sequence[Command]:
        return (Command("solve", "the winning take for every pile", _solve_arguments, _solve),
                Command("count", "how many counters a pile of N leaves after the best take",
                        _count_arguments, _count))


def _solve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--most", type=int, default=3)
    parser.add_argument("--json", action="store_true")


def _solve(args: argparse.Namespace, console: Console) -> int:
    if args.most < 1:
        raise CommandError("--most must be at least 1")
    table = {left: winning_take(left, args.most, False) for left in range(1, 22)}
    if args.json:
        console.print(json.dumps(table))
    else:
        for left, take in table.items():
            console.print(f"{left:>2}: {'lost' if take is None else f'take {take}'}")
    return 0


def _count_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("pile", type=int)


def _count(args: argparse.Namespace, console: Console) -> int:
    take = winning_take(args.pile, 3, False)
    console.print(f"{args.pile - (take or 1)} left")
    return 0


GAME = Nim()
