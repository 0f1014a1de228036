"""A game's own command-line commands, found from the game itself (``Game.commands()``).

The ``parlour`` command offers each of a game's commands as ``parlour GAME NAME …`` (``parlour
draughts perft 8``); a command named ``solve`` is ``parlour solve GAME …``, and one named
``simulate`` adds its options to ``parlour simulate GAME …`` and takes over where it
``applies`` (Blackjack's ``--hands``).  So a game in another distribution brings its commands
with it, and the command line holds no list of games.

A command writes only through the :class:`Console` it is handed (printing, progress, bots by name,
a simulation's report), so that game packages import nothing of the command line's own.
"""

from __future__ import annotations

import abc
import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.errors import ParlourError
from parlour.core.protocol import AnyBot, AnyGame
from parlour.core.stats import SimulationResult

ProgressFn = Callable[[int, int], None]
"""Called with ``(done, total)`` as long work goes on."""

SOLVE = "solve"
"""The name of the command ``parlour solve GAME`` runs."""
SIMULATE = "simulate"
"""The name of the command that extends ``parlour simulate GAME``."""


class CommandError(ParlourError):
    """A mistake in a command's arguments: printed as one line, exit status 2."""


class Console(abc.ABC):
    """What a command may do beyond computing: the command line implements it."""

    @abc.abstractmethod
    def print(self, text: str = "") -> None:
        """Write a line to standard output."""

    @abc.abstractmethod
    def progress(self, label: str) -> ProgressFn:
        """A progress bar for long work (drawn only where a person is watching)."""

    @abc.abstractmethod
    def bot(self, game: AnyGame, name: str, rules: Any) -> AnyBot:
        """The bot called ``name`` for this game and rules (``random`` included); a
        ``RulesError`` names the choices."""

    @abc.abstractmethod
    def report(self, result: SimulationResult, as_json: bool,
               expected: Mapping[str, float] | None = None) -> None:
        """Print a simulation's result as ``parlour simulate`` does (``expected``: a solver's
        figures for the first seat, shown beside it)."""


@dataclass(frozen=True)
class Command:
    """One command of a game's own."""

    name: str
    """``parlour GAME NAME``; or ``solve`` / ``simulate`` (see the module's docstring)."""
    help: str
    """One line for ``--help`` listings."""
    add_arguments: Callable[[argparse.ArgumentParser], None]
    """Adds the command's arguments and options to its parser."""
    run: Callable[[argparse.Namespace, Console], int]
    """Does the work; returns the exit status.  Raises ``CommandError`` (or any
    ``ParlourError``) for a mistake, which is printed as one line."""
    description: str = ""
    """Longer text for the command's own ``--help``."""
    applies: Callable[[argparse.Namespace], bool] | None = None
    """For ``simulate`` only: whether this command, rather than the generic simulation, plays
    the games asked for (None: always)."""


__all__ = ["SIMULATE", "SOLVE", "Command", "CommandError", "Console", "ProgressFn"]
