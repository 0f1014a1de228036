"""The ``strong`` bot's model of the other players: they shed heavy tiles.

A player is taken to choose among the tiles it could play with weights
``exp(beta * (spots + double if a double))``; ``likelihood`` is how likely the other seats' plays
of a hand were in a given deal under that model (``play_history`` reads them from a view).
"""

from __future__ import annotations

import math
from functools import lru_cache

from parlour.games.dominoes.tileset import NUMBER_MASKS, TILES
from parlour.games.dominoes.view import DominoView


def play_history(view: DominoView) -> list[tuple[int, int, int, int]]:
    """The other seats' plays after the lead, for ``likelihood``: (seat, tile index, the ends'
    fitting tiles before it as a mask, the tiles the seat laid from then on as a mask)."""
    assert view.seat is not None
    out: list[tuple[int, int, int, int]] = []
    ends: tuple[int, int] | None = None
    later = [0] * view.players
    for event in reversed(view.events):
        if event.tile is not None:
            later[event.seat] |= 1 << event.tile.index
    for event in view.events:
        if event.tile is not None:
            if ends is not None and event.seat != view.seat:
                fit = NUMBER_MASKS[ends[0]] | NUMBER_MASKS[ends[1]]
                out.append((event.seat, event.tile.index, fit, later[event.seat]))
            later[event.seat] &= ~(1 << event.tile.index)
        ends = event.ends
    return out


def likelihood(history: list[tuple[int, int, int, int]], hands: tuple[int, ...], beta: float,
               double: float = 0.0) -> float:
    """How likely the other seats' plays were in the deal ``hands`` if each player chose among
    the tiles it could play with weights ``exp(beta * (spots + double if a double))`` (players
    shed heavy tiles, and doubles, first)."""
    if not beta:
        return 1.0
    out = 1.0
    weight = weights(beta, double)
    for seat, index, fit, later in history:
        options = (hands[seat] | later) & fit
        total = 0.0
        while options:
            low = options & -options
            total += weight[low.bit_length() - 1]
            options ^= low
        out *= weight[index] / total
    return out


@lru_cache(maxsize=64)
def weights(beta: float, double: float) -> tuple[float, ...]:
    """Each tile's weight in the model, by index."""
    return tuple(math.exp(beta * (t.pips + (double if t.double else 0.0))) for t in TILES)
