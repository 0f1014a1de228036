"""Drawing a chance outcome with its exact probability.

>>> from fractions import Fraction
>>> import random
>>> coin = Distribution.of((("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))))
>>> coin.denominator, coin.bounds
(2, (1, 2))
>>> coin.draw(random.Random(1)) in ("heads", "tails")
True
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

C = TypeVar("C")


@dataclass(frozen=True)
class Distribution(Generic[C]):
    """Outcomes with their cumulative weights over a common denominator: outcome ``i`` is drawn
    when a uniform whole number below ``denominator`` falls below ``bounds[i]`` and not below
    ``bounds[i - 1]``."""

    outcomes: tuple[C, ...]
    bounds: tuple[int, ...]
    denominator: int

    @classmethod
    def of(cls, listed: Sequence[tuple[C, Fraction]]) -> Distribution[C]:
        """The distribution of ``(outcome, probability)`` pairs; the probabilities must add up
        to 1 (``ValueError`` otherwise)."""
        denominators = [p.denominator for _, p in listed]
        denominator = math.lcm(*denominators)
        bounds, acc = [], 0
        for (_, p), d in zip(listed, denominators, strict=True):
            acc += p.numerator * (denominator // d)
            bounds.append(acc)
        if acc != denominator:
            raise ValueError("chance probabilities must add up to 1")
        return cls(tuple(o for o, _ in listed), tuple(bounds), denominator)

    def draw(self, rng: random.Random) -> C:
        """One outcome, drawn with one ``rng.randrange`` call."""
        return self.outcomes[bisect.bisect_right(self.bounds, rng.randrange(self.denominator))]


__all__ = ["Distribution"]
