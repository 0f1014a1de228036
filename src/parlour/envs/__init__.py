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

from typing import TYPE_CHECKING, Any

from parlour.envs.core import IllegalActionError

if TYPE_CHECKING:
    from parlour.core.protocol import AnyGame
    from parlour.envs.aec_env import GameAECEnv

__all__ = ["IllegalActionError", "aec"]


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
