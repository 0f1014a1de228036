"""A Shut the Box policy's exact chance of shutting the box and expected score, and its regret
against the solver's optimum.

One turn alone at the box (the solo game, and every turn of the round game before anyone has
scored), under any house rules' box, one-die rule and scoring.  The policy may be

* a **table over the solver's states** (:func:`evaluate_table`): a mapping or a callable from
  ``(open tiles, total)`` to a choice, where ``open tiles`` is a bit mask (tile ``t`` is bit
  ``t - 1``) and ``total`` is the dice thrown, or ``None`` before the throw; the choice is a
  move (``Throw(1)``, ``Flip((7, 1))``) or a number (the dice to throw; the mask of the tiles
  to cover);
* a **Parlour bot** (:func:`evaluate_bot`): one that chooses without drawing on its ``rng``, by
  name (``"greedy"``) or as a :class:`~parlour.core.protocol.Bot`;
* an **agent of the learning environment** (:func:`evaluate_agent`): a callable
  ``(observation, action_mask) -> action`` over the game's
  :class:`~parlour.envs.encoding.Encoding`, shown exactly what the environment would show.

A policy is asked only where it has a choice (a one-die throw allowed; more than one way to
cover the total).  Every state it can reach is walked with its exact chance, so the figures are
exact (fractions, or floats with ``exact=False``), not sampled.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from parlour.core.dice import throw_outcomes
from parlour.core.protocol import AnyBot
from parlour.envs.encoding import Encoding
from parlour.envs.evaluate.agents import Agent, AgentBot
from parlour.games.shut_the_box.engine import flip_masks
from parlour.games.shut_the_box.engine import initial_state as start
from parlour.games.shut_the_box.moves import Dice, Flip, Move, Throw
from parlour.games.shut_the_box.rules import Mode, Rules, one_die_allowed, score_of
from parlour.games.shut_the_box.solver import Objective, solve
from parlour.games.shut_the_box.state import State, Status

N = TypeVar("N", Fraction, float)

Choice = Move | int
"""What a table answers: a move, or a number (dice to throw; the mask of the tiles to cover)."""

Table = Mapping[tuple[int, int | None], Choice] | Callable[[int, int | None], Choice]
"""A policy over the solver's states: ``(open tiles, total or None) -> choice``."""


@dataclass(frozen=True)
class BoxValue(Generic[N]):
    """What a policy is worth for one turn at the box, beside the optimum."""

    rules: Rules
    outcomes: dict[int, N]
    """The chance of each final set of open tiles (by mask; 0 is a shut box)."""
    optimum_shut: N
    """The best chance of shutting the box (9.76137% with the manual's rules)."""
    optimum_score: N
    """The least expected score (11.0092 with the manual's rules)."""

    @property
    def shut(self) -> N:
        """The policy's chance of shutting the box."""
        return self.outcomes.get(0, self.optimum_shut * 0)

    @property
    def score(self) -> N:
        """The policy's expected score (a shut box scores 0)."""
        return sum((p * score_of(self.rules.scoring, m) for m, p in self.outcomes.items()),
                   self.optimum_shut * 0)

    @property
    def shut_regret(self) -> N:
        """The chance of shutting the box given up against the best play for it (0 or more)."""
        return self.optimum_shut - self.shut

    @property
    def score_regret(self) -> N:
        """The expected score given up against the best play for it (0 or more)."""
        return self.score - self.optimum_score

    def __str__(self) -> str:
        return (f"P(shut) {float(self.shut):.4%} (best {float(self.optimum_shut):.4%}, regret "
                f"{100 * float(self.shut_regret):.4f} points); expected score {float(self.score):.4f} "
                f"(best {float(self.optimum_score):.4f}, regret {float(self.score_regret):.4f})")


@dataclass(frozen=True)
class Chooser:
    """A policy as the walk asks it: ``dice(open, last throw)`` and ``flip(open, throw)``.
    ``history``: whether its choices may depend on the last throw (the walk then keeps it)."""

    dice: Callable[[int, Dice], int]
    flip: Callable[[int, Dice], int]
    history: bool = False


def walk(rules: Rules, policy: Chooser, exact: bool = True) -> BoxValue[Any]:
    """The exact value of ``policy`` for one turn under ``rules`` (every state it reaches)."""
    one = Fraction(1) if exact else 1.0
    full = rules.all_tiles
    reach: dict[int, dict[Dice, Any]] = {full: {(): one}}
    finals: dict[int, Any] = {}
    flipped: dict[tuple[int, Dice], int] = {}  # the policy's flip after a throw, once asked
    for mask in range(full, -1, -1):  # flips only take tiles away: a mask's followers are below it
        for last, chance in reach.pop(mask, {}).items():
            if mask == 0:
                finals[0] = finals.get(0, 0 * one) + chance
                continue
            dice = policy.dice(mask, last) if one_die_allowed(rules.one_die, mask) else 2
            if dice not in (1, 2) or (dice == 1 and not one_die_allowed(rules.one_die, mask)):
                raise ValueError(f"with {_tiles(mask)} open the policy threw {dice} dice: "
                                 f"the legal throws are {_throws(rules, mask)}")
            for faces, p in throw_outcomes(dice):
                share = chance * (p if exact else float(p))
                flips = flip_masks(mask, sum(faces))
                if not flips:
                    finals[mask] = finals.get(mask, 0 * one) + share
                    continue
                flip = flips[0] if len(flips) == 1 else flipped.get((mask, faces), -1)
                if flip < 0:
                    flip = flipped[(mask, faces)] = policy.flip(mask, faces)
                if flip not in flips:
                    legal = ", ".join(map(_flip_text, flips))
                    raise ValueError(f"with {_tiles(mask)} open and {'+'.join(map(str, faces))} "
                                     f"thrown the policy covered {_flip_text(flip)}: "
                                     f"the legal flips are {legal}")
                after = reach.setdefault(mask ^ flip, {})
                asked = policy.history and one_die_allowed(rules.one_die, mask ^ flip)
                key = faces if asked else ()  # the last throw matters only to a choice of dice
                after[key] = after.get(key, 0 * one) + share
    shut = solve(rules.tiles, rules.one_die, rules.scoring, Objective.shut(), exact)
    score = solve(rules.tiles, rules.one_die, rules.scoring, Objective.score(), exact)
    return BoxValue(rules, dict(sorted(finals.items())), shut.value(full),
                    score.expected_score(full))


def _tiles(mask: int) -> str:
    return " ".join(str(t + 1) for t in range(mask.bit_length()) if mask >> t & 1)


def _flip_text(mask: int) -> str:
    return "+".join(map(str, Flip.of_mask(mask).tiles)) if mask > 0 else "nothing"


def _throws(rules: Rules, mask: int) -> str:
    return "1 or 2" if one_die_allowed(rules.one_die, mask) else "2"


def _number(choice: Choice) -> int:
    if isinstance(choice, Throw):
        return choice.dice
    if isinstance(choice, Flip):
        return choice.mask
    return int(choice)


def evaluate_table(table: Table, rules: Rules | None = None, exact: bool = True) -> BoxValue[Any]:
    """The exact value of a policy over the solver's states (a mapping or a callable from
    ``(open tiles mask, dice total or None)``); a state missing from a mapping is refused with a
    :class:`KeyError` naming it."""
    rules = rules or Rules()

    def ask(mask: int, total: int | None) -> int:
        if isinstance(table, Mapping):
            if (mask, total) not in table:
                what = "before the throw" if total is None else f"after a throw of {total}"
                raise KeyError(f"the table has no choice with {_tiles(mask)} open {what}")
            return _number(table[(mask, total)])
        return _number(table(mask, total))

    return walk(rules, Chooser(lambda mask, last: ask(mask, None),
                               lambda mask, faces: ask(mask, sum(faces))), exact)


def optimal_table(rules: Rules | None = None,
                  objective: Objective | None = None) -> Callable[[int, int | None], int]:
    """The solver's policy for ``objective`` (default: shut the box) as a table callable."""
    rules = rules or Rules()
    solution = solve(rules.tiles, rules.one_die, rules.scoring, objective or Objective.shut())

    def table(mask: int, total: int | None) -> int:
        if total is None:
            return solution.best_dice(mask)
        flip = solution.best_flip(mask, total)
        if flip is None:
            raise ValueError(f"a throw of {total} cannot be used with {_tiles(mask)} open")
        return flip

    return table


# ---- through the game's own states: bots and agents ----------------------------------------------


def situation(rules: Rules, mask: int, dice: Dice, thrown: bool) -> State:
    """The solo game's state with ``mask`` open: before a throw (``dice`` the last one thrown, or
    none yet) or with ``dice`` thrown."""
    if rules.mode is not Mode.ROUND:
        rules = dataclasses.replace(rules, mode=Mode.ROUND)
    state = start(rules, 1)
    return dataclasses.replace(state, covered=(rules.all_tiles & ~mask,),
                               status=(Status.PLACE if thrown else Status.THROW,), dice=(dice,))


def _move_chooser(rules: Rules, choose: Callable[[State], Move]) -> Chooser:
    def dice(mask: int, last: Dice) -> int:
        return _number(choose(situation(rules, mask, last, False)))

    def flip(mask: int, faces: Dice) -> int:
        return _number(choose(situation(rules, mask, faces, True)))

    return Chooser(dice, flip, history=True)


def evaluate_bot(bot: AnyBot | str, rules: Rules | None = None, exact: bool = True) -> BoxValue[Any]:
    """The exact value of a Parlour bot (by name, or a bot) that chooses without chance."""
    from parlour.agents import make_bot
    from parlour.games.shut_the_box.game import GAME

    rules = rules or Rules()
    player = make_bot(GAME, bot, rules) if isinstance(bot, str) else bot

    def choose(state: State) -> Move:
        move: Move = player.choose(GAME, GAME.view(state, 0), GAME.legal_moves(state, 0),
                                   random.Random(0))
        return move

    return walk(rules, _move_chooser(rules, choose), exact)


def evaluate_agent(agent: Agent, rules: Rules | None = None, exact: bool = True,
                   encoding: Encoding[Any, Any, Any] | None = None) -> BoxValue[Any]:
    """The exact value of an agent of the learning environment: asked with the observation and
    action mask the environment would show (from the game's encoding, unless ``encoding`` is
    given) in every state it reaches."""
    from parlour.games.shut_the_box.game import GAME

    rules = rules or Rules()
    return evaluate_bot(AgentBot(GAME, rules, 1, agent, encoding), rules, exact)


__all__ = ["Agent", "BoxValue", "Choice", "Chooser", "Table", "evaluate_agent", "evaluate_bot",
           "evaluate_table", "optimal_table", "situation", "walk"]
