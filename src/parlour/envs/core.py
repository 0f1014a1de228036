"""What every environment shares, whatever its API: one game in progress, played through its
encoding (:class:`Table`).

A :class:`Table` holds the state, resolves chance from its own seeded generator, turns a seat's
view into an observation, the legal moves into an action mask, and one action number at a time
into moves (several numbers for a move whose code has several steps).  The PettingZoo and
Gymnasium environments (:mod:`parlour.envs.aec_env`, :mod:`parlour.envs.parallel_env`,
:mod:`parlour.envs.gym_env`) are thin adapters over it.

This module imports NumPy and Parlour only; nothing of PettingZoo or Gymnasium.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.core import registry
from parlour.core.errors import IllegalMoveError, RulesError
from parlour.core.options import rules_from_json
from parlour.core.protocol import CHANCE, AnyGame
from parlour.core.rng import derive, make_rng
from parlour.envs.encoding import Encoding, Observation

Mask = npt.NDArray[np.int8]
"""An action mask: 1 for each action allowed now, 0 for the rest."""


class IllegalActionError(IllegalMoveError):
    """An action number outside the mask (or from a seat that may not act now).  Nothing was
    changed; the message names the actions allowed."""


def agent_name(seat: int) -> str:
    """The agent of a seat: ``seat_0``, ``seat_1`` ..."""
    return f"seat_{seat}"


def seat_of(agent: str) -> int:
    """The seat of an agent named by :func:`agent_name`."""
    prefix, _, number = agent.partition("_")
    if prefix != "seat" or not number.isdigit():
        raise ValueError(f"{agent!r} is not an agent of this environment (they are seat_0, seat_1 ...)")
    return int(number)


def resolve_game(game: str | AnyGame) -> AnyGame:
    """A game by registered name (or alias), or the game object itself."""
    return registry.get(game) if isinstance(game, str) else game


def resolve_rules(game: AnyGame, rules: Any) -> Any:
    """``None``: the manual's rules; a mapping: options as the server and command line take them;
    otherwise a rules object of the game."""
    if rules is None:
        return game.default_rules()
    if isinstance(rules, Mapping):
        return rules_from_json(game.rules_type, rules)
    if not isinstance(rules, game.rules_type):
        raise RulesError(f"rules for {game.spec.title} must be None, a mapping of options or a "
                         f"{game.rules_type.__name__}, not {type(rules).__name__}")
    return rules


def resolve_players(game: AnyGame, rules: Any, players: int | None) -> int:
    """The player count asked for, checked; by default the fewest these rules allow."""
    spec = game.spec
    if players is None:
        for count in range(spec.min_players, spec.max_players + 1):
            try:
                game.initial_state(rules, count)
            except RulesError:
                continue
            return count
        raise RulesError(f"these rules of {spec.title} allow no number of players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesError(f"players must be a whole number, not {players!r}")
    if not spec.min_players <= players <= spec.max_players:
        span = (str(spec.min_players) if spec.min_players == spec.max_players
                else f"{spec.min_players} to {spec.max_players}")
        raise RulesError(f"{spec.title} takes {span} players, not {players}")
    game.initial_state(rules, players)  # the rules may narrow the range (a RulesError says how)
    return players


def resolve_encoding(game: AnyGame, rules: Any, players: int) -> Encoding[Any, Any, Any]:
    encoding = game.encoding(rules, players)
    if encoding is None:
        raise RulesError(f"{game.spec.title} has no learning encoding (Game.encoding is None)")
    return encoding


class Decision:
    """One seat's choice in one state: its view, its legal moves by code, the steps of a code
    given so far, and the actions allowed next (those that continue some legal move's code)."""

    __slots__ = ("allowed", "codes", "pending", "view")

    def __init__(self, view: Any, codes: dict[tuple[int, ...], Any]) -> None:
        self.view = view
        self.codes = codes
        self.pending: tuple[int, ...] = ()
        self.allowed: list[int] = sorted({code[0] for code in codes})

    def advance(self, step: int) -> None:
        """One more step of a code given (not the last)."""
        self.pending = pending = (*self.pending, step)
        k = len(pending)
        self.allowed = sorted({code[k] for code in self.codes if code[:k] == pending})


class Table:
    """One game of ``game`` played through its encoding, chance drawn from a seeded generator.

    ``reset(seed)`` deals a new game; a seed reproduces it exactly, and without one the next
    game's seed is drawn from the generator the last seed made (the first game without any seed
    takes one from the operating system).  Chance nodes are resolved as soon as they are reached,
    so :attr:`state` is always a decision for some seat, or the end.
    """

    def __init__(self, game: str | AnyGame, rules: Any = None, players: int | None = None) -> None:
        self.game: AnyGame = resolve_game(game)
        self.rules: Any = resolve_rules(self.game, rules)
        self.players: int = resolve_players(self.game, self.rules, players)
        self.encoding: Encoding[Any, Any, Any] = resolve_encoding(self.game, self.rules, self.players)
        self.actions: int = self.encoding.actions
        self._seeder: random.Random | None = None
        self.chance_rng: random.Random = make_rng(0)
        self.bot_rng: random.Random = make_rng(0)
        self.state: Any = None
        self.last_seat: int = -1
        """The seat that gave the last action (a move or a step of one), or -1."""
        self.moves: int = 0
        """The moves made since the game began (every seat's; not chance's, nor a code's steps)."""
        self._decisions: dict[int, Decision] = {}
        self._actors: tuple[int, ...] = ()
        self._paid: list[float] = [0.0] * self.players
        self.reset()

    # ---- a game -----------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        """A new game: from ``seed`` if given, else the next game of the last seed's stream."""
        if seed is not None or self._seeder is None:
            self._seeder = make_rng(None if seed is None else int(seed))
        self.chance_rng = derive(self._seeder)
        self.bot_rng = derive(self._seeder)
        self.state = self.game.initial_state(self.rules, self.players)
        self.last_seat = -1
        self.moves = 0
        self._paid = [0.0] * self.players
        self._moved()

    def load(self, state: Any) -> None:
        """Go on from ``state`` (a state of this game, these rules and players), as if reached by
        play: chance resolved, nobody in the middle of a code."""
        self.state = state
        self._moved()

    def _moved(self) -> None:
        """The state changed: resolve chance, note who may act, forget the old decisions."""
        game = self.game
        actors = game.to_act(self.state)
        while actors == (CHANCE,):  # (sample_chance draws a possible outcome: no need to check it)
            self.state = game._apply_outcome(self.state, game.sample_chance(self.state, self.chance_rng))
            actors = game.to_act(self.state)
        self._actors = actors
        self._decisions.clear()

    @property
    def over(self) -> bool:
        return not self._actors

    def actors(self) -> tuple[int, ...]:
        """The seats that may act now (several in simultaneous play; none at the end)."""
        return self._actors

    def next_actor(self) -> int | None:
        """Who acts next when the actions are taken one at a time: the seat in the middle of a
        code if any, else the first seat able to act after the one that acted last, in seat
        order round the table (so in simultaneous play everyone throws, then everyone places);
        ``None`` at the end."""
        actors = self.actors()
        if not actors:
            return None
        if len(actors) == 1:
            return actors[0]
        last = self.last_seat
        mid = self._decisions.get(last)
        if mid is not None and mid.pending:
            return last
        return min(actors, key=lambda seat: (seat - last - 1) % self.players)

    # ---- decisions ----------------------------------------------------------------------------
    def decision(self, seat: int) -> Decision | None:
        """``seat``'s choice now (``None`` if it may not act): its legal moves coded once."""
        found = self._decisions.get(seat)
        if found is not None:
            return found
        if seat not in self._actors:
            return None
        game = self.game
        view = game.view(self.state, seat)
        code = self.encoding.code
        decision = Decision(view, {code(view, move): move for move in game.legal_moves(self.state, seat)})
        self._decisions[seat] = decision
        return decision

    def mask(self, seat: int) -> Mask:
        """The actions ``seat`` may take now (all zero when it may not act)."""
        mask = np.zeros(self.actions, dtype=np.int8)
        decision = self.decision(seat)
        if decision is not None:
            mask[decision.allowed] = 1
        return mask

    def observe(self, seat: int) -> Observation:
        """``seat``'s observation, made from its view alone (with its code steps given so far)."""
        decision = self.decision(seat)
        if decision is not None:
            return self.encoding.observe(decision.view, decision.pending)
        return self.encoding.observe(self.game.view(self.state, seat), ())

    def check(self, seat: int, action: Any) -> tuple[Decision, int]:
        """``seat``'s decision and ``action`` as an int, if it is one of the actions ``seat`` may
        take now; otherwise :class:`IllegalActionError` saying which it may."""
        decision = self.decision(seat)
        if decision is None:
            raise IllegalActionError(self._not_now(seat))
        number = _action_number(action)
        if number not in decision.allowed:
            raise IllegalActionError(self._refusal(action, number, decision.allowed, decision.pending))
        assert number is not None
        return decision, number

    def act(self, seat: int, action: Any) -> bool:
        """``seat`` gives one action number: the whole code of a move, or its next step.  Returns
        whether a move was made (then chance is resolved too).  An action not allowed raises
        :class:`IllegalActionError` and changes nothing."""
        decision, number = self.check(seat, action)
        code = (*decision.pending, number)
        move = decision.codes.get(code)
        self.last_seat = seat
        if move is None:  # a step of a longer code: the same seat goes on
            decision.advance(number)
            return False
        # the move is one of the decision's legal moves: apply it without listing them again
        self.state = self.game._apply_move(self.state, seat, move)
        self.moves += 1
        self._moved()
        return True

    def play(self, seat: int, move: Any) -> None:
        """``seat`` makes ``move`` (a legal move, as bots choose them), then chance is resolved."""
        self.last_seat = seat
        self.state = self.game.apply(self.state, seat, move)
        self.moves += 1
        self._moved()

    def _not_now(self, seat: int) -> str:
        if self.over:
            return "the game is over: reset the environment"
        actors = ", ".join(agent_name(s) for s in self.actors())
        return f"{agent_name(seat)} may not act now (to act: {actors})"

    def _refusal(self, action: Any, number: int | None, allowed: Sequence[int],
                 pending: tuple[int, ...]) -> str:
        named = self.encoding.action_name
        legal = "; ".join(f"{a} ({named(a)})" for a in allowed)
        if number is None:
            why = f"{action!r} is not an action number (0 to {self.actions - 1})"
        elif not 0 <= number < self.actions:
            why = f"action {number} is outside the action space (0 to {self.actions - 1})"
        else:
            after = f" after {', '.join(str(a) for a in pending)}" if pending else ""
            why = f"action {number} ({named(number)}) is not allowed now{after}"
        return f"{why}; the legal actions are: {legal}"

    # ---- results ----------------------------------------------------------------------------
    def rewards(self) -> list[float]:
        """Each seat's reward since the last call: the change in ``game.returns`` (counted from
        zero at the start), so a game's rewards add up to its final returns exactly."""
        now = [float(r) for r in self.game.returns(self.state)]
        paid, self._paid = self._paid, now
        return [n - p for n, p in zip(now, paid, strict=True)]

    def render(self) -> str:
        """The game as a spectator sees it (never a hidden card), drawn as text."""
        names = self.game.seat_names(self.state)
        return self.game.render_text(self.game.view(self.state, None), names)


def _action_number(action: Any) -> int | None:
    """An action as a Python int (NumPy integers and 0-d arrays included), or None."""
    if isinstance(action, bool | np.bool_):
        return None
    if isinstance(action, int | np.integer):
        return int(action)
    if (isinstance(action, np.ndarray) and action.shape in ((), (1,))
            and np.issubdtype(action.dtype, np.integer)):
        return int(action.reshape(()))
    return None
