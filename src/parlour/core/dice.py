"""Dice helpers: exact outcome distributions and their text.

>>> [str(p) for _, p in throw_outcomes(2)][:3]
['1/36', '1/18', '1/18']
>>> format_dice((3, 5)), parse_dice("5,3")
('3,5', (3, 5))
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

from parlour.core.chance import Distribution
from parlour.core.errors import InvalidMoveError


@cache
def throw_outcomes(ndice: int, sides: int = 6) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every throw of ``ndice`` dice as a sorted tuple with its exact probability, in order."""
    if ndice < 1:
        raise ValueError("at least one die")
    counts = Counter(
        tuple(sorted(faces)) for faces in itertools.product(range(1, sides + 1), repeat=ndice)
    )
    total = sides**ndice
    return tuple((faces, Fraction(n, total)) for faces, n in sorted(counts.items()))


@cache
def throw_distribution(ndice: int, sides: int = 6) -> Distribution[tuple[int, ...]]:
    """:func:`throw_outcomes` ready to draw from (``.draw(rng)``): the same draw as
    ``Game.sample_chance`` makes from the listed outcomes, without working the table out again."""
    return Distribution.of(throw_outcomes(ndice, sides))


@cache
def total_distribution(ndice: int, sides: int = 6) -> tuple[tuple[int, Fraction], ...]:
    """The probability of each total of ``ndice`` dice."""
    acc: dict[int, Fraction] = {}
    for faces, p in throw_outcomes(ndice, sides):
        acc[sum(faces)] = acc.get(sum(faces), Fraction(0)) + p
    return tuple(sorted(acc.items()))


def is_double(faces: tuple[int, ...]) -> bool:
    """Two or more dice all showing the same face."""
    return len(faces) >= 2 and len(set(faces)) == 1


def format_dice(faces: tuple[int, ...]) -> str:
    """Dice as text: faces lowest first, separated by commas."""
    return ",".join(str(f) for f in sorted(faces))


def parse_dice(text: str, ndice: int | None = None, sides: int = 6) -> tuple[int, ...]:
    """Read dice faces (``"3,5"``, ``"3 5"``, ``"4"``) into a sorted tuple."""
    parts = [p for p in text.replace(",", " ").split() if p]
    if not parts:
        raise InvalidMoveError("no dice given")
    faces: list[int] = []
    for part in parts:
        # (int() reads at most 4,300 digits, leading zeros included)
        if not (part.isascii() and part.isdigit()) or len(part) > 9 or not 1 <= int(part) <= sides:
            raise InvalidMoveError(f"{part!r} is not a die face (1 to {sides})")
        faces.append(int(part))
    if ndice is not None and len(faces) != ndice:
        raise InvalidMoveError(f"expected {ndice} {'die' if ndice == 1 else 'dice'}, got {len(faces)}")
    return tuple(sorted(faces))
