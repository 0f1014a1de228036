"""What a learning environment needs of a game beyond its protocol: how a seat's view becomes a
fixed-shape array, and how each legal move becomes numbers in a fixed discrete action space.

An :class:`Encoding` is made for one rule set and one player count (``Encoding(rules, players)``);
its shapes are fixed for those, so an environment's spaces never change during a game.

**Observations** are made from ``game.view(state, seat)`` and nothing else, so they cannot
show a seat what is hidden from it (the conformance suite's resampling test proves it for every
encoding).

**Actions.** Every legal move of every state of these rules maps to a *code*: a tuple of one or
more integers in ``range(self.actions)``.  Most games use one integer a move.  A move that is a
chain of choices (a draughts multi-jump with a choice of route) may take several, one a step:
the environment then asks the same seat again, masking each step to the codes that continue
some legal move, and applies the move when its whole code has been given.  The codes of the
legal moves of one state must form a *prefix-free* set (no move's code begins another's), so
that a finished code names exactly one move.

This module imports NumPy only; nothing of PettingZoo or Gymnasium.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from parlour.core.protocol import AnyGame, View

R = TypeVar("R")
M = TypeVar("M")
V = TypeVar("V", bound=View)

Observation = npt.NDArray[np.float32]
"""An observation: a float32 array of :attr:`Encoding.shape`, every entry in [low, high]."""


class Encoding(abc.ABC, Generic[R, M, V]):
    """One game's observation encoding and action codes, for one rule set and player count."""

    game: ClassVar[AnyGame]
    """The game encoded (its ``GAME`` object)."""

    def __init__(self, rules: R, players: int) -> None:
        self.rules = rules
        self.players = players

    # ---- observations ------------------------------------------------------------------------
    @property
    def shape(self) -> tuple[int, ...]:
        """The observation's shape (fixed for these rules and players): by default a vector of the
        :meth:`fields` one after another."""
        return (sum(length for _, length, _ in self.fields()),)

    low: float = 0.0
    """Every observation entry is at least this."""
    high: float = 1.0
    """Every observation entry is at most this (encodings scale counts and scores into range)."""

    @abc.abstractmethod
    def observe(self, view: V, pending: Sequence[int] = ()) -> Observation:
        """``view`` (of the seat to act, or any seat) as an array of :attr:`shape`.  ``pending``:
        the steps of a move's code given so far (encodings with one-step codes ignore it)."""

    # ---- actions -----------------------------------------------------------------------------
    @property
    @abc.abstractmethod
    def actions(self) -> int:
        """The size of the discrete action space: every code step is in ``range(actions)``."""

    @abc.abstractmethod
    def code(self, view: V, move: M) -> tuple[int, ...]:
        """The code of ``move``, legal for the seat whose ``view`` this is."""

    @abc.abstractmethod
    def action_name(self, action: int) -> str:
        """A person's name for one action number ("keep 1 1 5", "take the discard",
        "from 11 to 15"), for documentation and error messages."""

    # ---- documentation -------------------------------------------------------------------------
    @abc.abstractmethod
    def fields(self) -> Sequence[tuple[str, int, str]]:
        """The observation's fields in order, as ``(name, length, meaning)``; their lengths add
        up to the observation's size (``docs/envs.md`` is written from these)."""


def flat(parts: Sequence[Any]) -> Observation:
    """The parts (numbers and arrays) joined into one float32 vector."""
    pieces = [np.asarray(part, dtype=np.float32).ravel() for part in parts]
    return np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.float32)
