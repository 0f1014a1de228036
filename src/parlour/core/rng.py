"""Seeded randomness.  Nothing in Parlour touches the global ``random``.

The one driver that plays a game owns a :class:`random.Random`; chance nodes
and bots draw from the generator they are handed.  Seeds never appear in a
state, a view or a record.
"""

from __future__ import annotations

import random
import secrets


def make_rng(seed: int | None = None) -> random.Random:
    """A private generator: seeded for reproducible games, from the OS otherwise."""
    return random.Random(secrets.randbits(64) if seed is None else seed)


def derive(rng: random.Random) -> random.Random:
    """An independent child generator (so bots cannot disturb the dice stream)."""
    return random.Random(rng.getrandbits(64))
