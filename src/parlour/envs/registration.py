"""The Gymnasium environments' ids (``parlour/GinRummy-v0`` ...) in Gymnasium's registry.

:func:`register_gymnasium` adds them; it imports Gymnasium, so :mod:`parlour.envs` calls it on its
import only when Gymnasium is already imported (``import gymnasium`` then ``import parlour.envs``),
and :func:`parlour.envs.single` calls it too.  Gymnasium 1.x reads no plugin entry points, but its
``"module:id"`` form imports a module first: ``gymnasium.make("parlour.envs:parlour/Yahtzee-v0")``
works with nothing imported beforehand.
"""

from __future__ import annotations

GYMNASIUM_IDS = {
    "parlour/ShutTheBox-v0": "shut-the-box",
    "parlour/Yahtzee-v0": "yahtzee",
    "parlour/Blackjack-v0": "blackjack",
    "parlour/Draughts-v0": "draughts",
    "parlour/Dominoes-v0": "dominoes",
    "parlour/GoFish-v0": "go-fish",
    "parlour/GinRummy-v0": "gin-rummy",
}
"""Each Gymnasium id and the game it plays (the keyword arguments of :class:`GameGymEnv` pass
through ``gymnasium.make``: ``rules``, ``players``, ``seat``, ``opponent``, ``illegal``)."""

ENTRY_POINT = "parlour.envs.gym_env:GameGymEnv"


def register_gymnasium() -> None:
    """Put every id in Gymnasium's registry (again and again does no harm)."""
    import gymnasium

    for env_id, game in GYMNASIUM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=ENTRY_POINT, kwargs={"game": game})
