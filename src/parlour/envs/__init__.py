"""Learning environments for every game (issue 27): PettingZoo and Gymnasium, with exact baselines.

Installed with ``pip install 'parlour[rl]'``.  Importing :mod:`parlour.envs` imports nothing of
PettingZoo or Gymnasium; each is imported when an environment of its kind is made.

* :func:`aec` -- a PettingZoo AEC environment (the seats take turns);
* :func:`parallel` -- a PettingZoo Parallel environment (every seat able to act acts each step:
  Shut the Box's simultaneous mode);
* :func:`single` -- a Gymnasium environment for one learner, the other seats played by Parlour's
  bots (``gymnasium.make("parlour/GinRummy-v0", opponent="simple")`` too).

``docs/envs.md`` documents them, and every game's observation and actions.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from parlour.envs.core import IllegalActionError
from parlour.envs.registration import GYMNASIUM_IDS, register_gymnasium

if TYPE_CHECKING:
    from parlour.core.protocol import AnyGame
    from parlour.envs.aec_env import GameAECEnv
    from parlour.envs.gym_env import GameGymEnv, Opponent
    from parlour.envs.parallel_env import GameParallelEnv

__all__ = ["GYMNASIUM_IDS", "IllegalActionError", "aec", "parallel", "register_gymnasium", "single"]

if "gymnasium" in sys.modules:  # imported already: its registry learns the ids now (see registration)
    register_gymnasium()


def aec(game: str | AnyGame, rules: Any = None, players: int | None = None,
        render_mode: str | None = None) -> GameAECEnv:
    """A PettingZoo AEC environment of ``game`` (a registered name, or a game object).

    ``rules``: ``None`` (the manual's), a mapping of options as the server and command line take
    them (``{"target": 50}``), or the game's rules object.  ``players``: by default the fewest the
    rules allow; a count outside the game's range is refused (``RulesError``).  ``render_mode``:
    ``None`` or ``"ansi"`` (the spectator's view as text).
    """
    from parlour.envs.aec_env import GameAECEnv

    return GameAECEnv(game, rules, players, render_mode)


def parallel(game: str | AnyGame, rules: Any = None, players: int | None = None,
             render_mode: str | None = None) -> GameParallelEnv:
    """A PettingZoo Parallel environment of ``game``: every seat able to act gives an action each
    step (Shut the Box with ``{"mode": "simultaneous"}``).  Arguments as :func:`aec`."""
    from parlour.envs.parallel_env import GameParallelEnv

    return GameParallelEnv(game, rules, players, render_mode)


def single(game: str | AnyGame, rules: Any = None, players: int | None = None, seat: int = 0,
           opponent: Opponent | Sequence[Opponent] | None = None, render_mode: str | None = None,
           illegal: str = "refuse") -> GameGymEnv:
    """A Gymnasium environment of ``game`` for one learner at ``seat``; the other seats are
    played by Parlour's bots: ``opponent`` names one for every other seat (by default the game's
    first choice for newcomers), or a list names one for each other seat in seat order (bot
    objects will do too).  ``illegal``: ``"refuse"`` (an action outside the mask changes nothing
    and says why in ``info["illegal_action"]``) or ``"raise"``.  Other arguments as :func:`aec`."""
    from parlour.envs.gym_env import GameGymEnv

    register_gymnasium()
    return GameGymEnv(game, rules, players, seat, opponent, render_mode, illegal)
