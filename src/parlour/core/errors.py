"""Error classes shared by every game and every face.

The hierarchy follows the distinction people care about:

* :class:`InvalidMoveError` -- the text could not be read as a move at all;
* :class:`AmbiguousMoveError` -- the text could mean more than one move;
* :class:`IllegalMoveError` -- a well-formed move that the rules forbid now.

Every message is a complete sentence meant for a player.
"""

from __future__ import annotations


class ParlourError(Exception):
    """Base class of every error Parlour raises on purpose."""


class InvalidMoveError(ParlourError, ValueError):
    """Text that is not a move in the game's notation."""


class AmbiguousMoveError(InvalidMoveError):
    """Text that names more than one legal move."""


class IllegalMoveError(ParlourError, ValueError):
    """A move the rules do not allow in this state; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotYourTurnError(IllegalMoveError):
    """A seat tried to act when it may not."""


class RulesError(ParlourError, ValueError):
    """A house-rule option or a player count that the game does not accept."""


class UnknownGameError(ParlourError, LookupError):
    """No registered game has that name or alias."""


class RecordError(ParlourError, ValueError):
    """A game record that cannot be read or does not replay."""
