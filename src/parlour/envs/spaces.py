"""The Gymnasium spaces of an encoding (imported only when an environment is made)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from parlour.envs.encoding import Encoding


def observation_space(encoding: Encoding[Any, Any, Any]) -> spaces.Dict:
    """``{"observation": Box(low, high, shape, float32), "action_mask": Box(0, 1, (actions,), int8)}``,
    as PettingZoo's classic environments give them."""
    return spaces.Dict({
        "observation": spaces.Box(np.float32(encoding.low), np.float32(encoding.high),
                                  shape=encoding.shape, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(encoding.actions,), dtype=np.int8),
    })


def action_space(encoding: Encoding[Any, Any, Any]) -> spaces.Discrete:
    """One number a step: a move's whole code, or the next step of a longer one."""
    return spaces.Discrete(encoding.actions)
