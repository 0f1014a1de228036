"""The one driver that plays a game to the end: bots for every seat, chance from an ``rng``.

Simulations and tests may cap a game's length with ``max_moves``: a game that reaches the cap
stops there, unfinished (``PlayResult.finished`` is false and the state is not terminal).  The cap
is the driver's, not a rule of any game: the rules never end a game for being long unless a house
rule says so (draughts' manual, for one, has no move limit).

>>> from parlour.core import registry
>>> from parlour.agents import make_bot
>>> game = registry.get("shut-the-box")
>>> rules = game.default_rules()
>>> result = play(game, rules, [make_bot(game, "random", rules)], make_rng(7))
>>> game.is_terminal(result.state) and result.record.final_state() == result.state
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.core.protocol import CHANCE, AnyBot, AnyGame
from parlour.core.record import Entry, Record
from parlour.core.rng import derive, make_rng

__all__ = ["PlayResult", "Step", "make_rng", "play"]


@dataclass(frozen=True)
class Step:
    """One action of a game in progress."""

    before: Any
    seat: int
    action: Any
    after: Any


@dataclass(frozen=True)
class PlayResult:
    state: Any
    record: Record
    steps: int
    finished: bool = True
    """False when the driver's ``max_moves`` stopped the game before its end."""


class GameTooLongError(RuntimeError):
    """A game went past the driver's step limit (a bug, or a limit set too low)."""


def play(
    game: AnyGame,
    rules: Any,
    bots: Sequence[AnyBot],
    rng: random.Random,
    names: Sequence[str] | None = None,
    on_step: Callable[[Step], None] | None = None,
    max_steps: int = 1_000_000,
    max_moves: int | None = None,
) -> PlayResult:
    """Play a whole game with ``bots[seat]`` choosing for each seat.

    The dice (chance) and the bots draw from independent streams derived from
    ``rng``, so the same seed gives the same game.  Where several seats may act
    at once, which acts first is drawn from the bots' stream.

    ``max_moves``: stop, unfinished, once the seats have made this many moves (chance's
    outcomes are not counted); ``None``: play to the end.  ``max_steps`` is a guard against a
    bug: going past it raises :class:`GameTooLongError`.
    """
    chance_rng, bot_rng = derive(rng), derive(rng)
    state = game.initial_state(rules, len(bots))
    players = tuple(names) if names is not None else tuple(b.name for b in bots)
    entries: list[Entry] = []
    steps = moves = 0
    while actors := game.to_act(state):
        if steps >= max_steps:
            raise GameTooLongError(f"{game.spec.name} went past {max_steps} steps")
        if actors != (CHANCE,) and max_moves is not None and moves >= max_moves:
            break
        if actors == (CHANCE,):
            seat, action = CHANCE, game.sample_chance(state, chance_rng)
        else:
            seat = actors[0] if len(actors) == 1 else bot_rng.choice(actors)
            legal = game.legal_moves(state, seat)
            action = bots[seat].choose(game, game.view(state, seat), legal, bot_rng)
            moves += 1
        after = game.apply(state, seat, action)
        entries.append(Entry(seat, game.format_action(state, seat, action)))
        if on_step is not None:
            on_step(Step(state, seat, action, after))
        state = after
        steps += 1
    record = Record.start(game.spec.name, rules, players)
    return PlayResult(state, Record(record.game, record.rules, record.players, tuple(entries)), steps,
                      finished=not game.to_act(state))
