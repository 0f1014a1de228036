"""What the environments' tests share: every game that has an encoding (Parlour's seven as their
encodings land, and the toy Nim from ``tests/plugin``, also with two-step codes), each with its
conformance cases, and a masked random policy.

The toy is never registered (other tests count the registered games): the environments are made
from its game object.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from parlour.core import registry
from parlour.core.protocol import AnyGame

# the toy's package, found on the path this adds
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "plugin"))

import parlour_nim
from parlour_nim.encoding import BinaryNimEncoding


class BinaryNim(parlour_nim.Nim):
    """Nim whose moves are coded in two steps, for the environments' multi-step codes."""

    def encoding(self, rules: Any, players: int) -> Any:
        return BinaryNimEncoding(rules, players)


NIM = parlour_nim.GAME
BINARY_NIM = BinaryNim()


def has_encoding(game: AnyGame) -> bool:
    rules, players = game.conformance_cases()[0]
    return game.encoding(rules, players) is not None


def encoded_games() -> list[AnyGame]:
    """Every registered game with an encoding, then the two toys."""
    return [*(g for g in registry.games() if has_encoding(g)), NIM, BINARY_NIM]


def game_id(game: AnyGame) -> str:
    return "binary-nim" if game is BINARY_NIM else game.spec.name


def game_params() -> list[Any]:
    return [pytest.param(g, id=game_id(g)) for g in encoded_games()]


def case_params() -> list[Any]:
    """``(game, rules, players)`` for every conformance case of every encoded game."""
    return [pytest.param(g, rules, players, id=f"{game_id(g)}-{i}-{players}p")
            for g in encoded_games() for i, (rules, players) in enumerate(g.conformance_cases())]


def masked_choice(mask: np.ndarray, rng: random.Random) -> int:
    """A random action among those the mask allows."""
    return int(rng.choice(np.flatnonzero(mask)))
