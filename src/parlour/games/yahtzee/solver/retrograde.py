"""The whole table: every widget's expected score to come, by retrograde analysis.

Working back from the full card, thirteen filled boxes, to the empty one, each layer of
widgets (by the number of filled boxes) is solved from the layer after it, in batches of
widgets sharing the filled upper boxes.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from parlour.games.yahtzee.solver.turn import turn_start
from parlour.games.yahtzee.solver.widgets import (
    BOX_COUNT,
    FULL,
    MASKS,
    UPPER_MASK,
    UPPER_VALUES,
    UPPERS,
    Y_BIT,
    Floats,
    Ints,
    ProgressFn,
    Variant,
    Widgets,
)

# ---- the whole table -------------------------------------------------------------------------


CHUNK_COLUMNS = 256
"""Widgets solved together: enough to make NumPy's per-call cost small, few enough to stay in cache."""


def _fifties(variant: Variant, mask: int) -> tuple[int, ...]:
    """The values of the fifty flag that differ for this mask."""
    return (0, 1) if mask & Y_BIT and variant.bonus_needs_fifty else (0,)


def _store(variant: Variant, table: Floats, mask: int, values: Floats) -> None:
    """Write one mask's solved values into the table, spread over every total and flag sharing them."""
    uppers = UPPERS[mask & UPPER_MASK]
    grid = values.reshape(len(uppers.solve), len(_fifties(variant, mask)))[uppers.source]
    table[mask, uppers.fill, :] = grid


def _chunks(variant: Variant, layer: list[int]) -> Iterator[tuple[list[int], Widgets]]:
    """The masks of a layer in batches of about ``CHUNK_COLUMNS`` widgets sharing the filled upper boxes."""
    group: list[int] = []
    parts: list[tuple[Ints, Ints, Ints]] = []
    width = 0
    ordered = sorted(layer, key=lambda m: (m & UPPER_MASK, m))
    for n, mask in enumerate(ordered):
        ups = UPPERS[mask & UPPER_MASK].solve
        ys = np.array(_fifties(variant, mask), dtype=np.intp)
        group.append(mask)
        parts.append((np.full(len(ups) * len(ys), mask, dtype=np.intp), np.repeat(ups, len(ys)),
                      np.tile(ys, len(ups))))
        width += len(ups) * len(ys)
        last = n + 1 == len(ordered)
        if last or width >= CHUNK_COLUMNS or ordered[n + 1] & UPPER_MASK != mask & UPPER_MASK:
            yield group, Widgets(*(np.concatenate(x) for x in zip(*parts, strict=True)))
            group, parts, width = [], [], 0


def masks_by_layer() -> list[list[int]]:
    """Every mask but the full card, grouped by filled boxes, most filled first (the solving order)."""
    layers: list[list[int]] = [[] for _ in range(BOX_COUNT)]
    for mask in range(FULL):
        layers[mask.bit_count()].append(mask)
    return layers[::-1]


def compute(variant: Variant, moments: bool = False,
            progress: ProgressFn | None = None) -> tuple[Floats, Floats | None]:
    """The expected score to come from every widget, ``[mask, upper, fifty]`` (and second moments).

    ``fifty`` is 1 when the Yahtzee box holds 50; it is only meaningful once
    the box is filled (both entries are equal before, and always when the
    bonus does not need the fifty).  Only totals that the filled upper boxes
    can make are filled in; the others are 0.  ``progress(done, total)`` is
    called as widgets are solved (``total``: the widgets solved in all).  One thread.
    """
    V = np.zeros((MASKS, UPPER_VALUES, 2))
    W = np.zeros((MASKS, UPPER_VALUES, 2)) if moments else None
    layers = masks_by_layer()
    done = 0
    total = sum(len(UPPERS[m & UPPER_MASK].solve) * len(_fifties(variant, m)) for lv in layers for m in lv)
    for layer in layers:
        for group, cols in _chunks(variant, layer):
            start, start_w = turn_start(variant, V, W, cols)
            at = 0
            for mask in group:
                n = len(UPPERS[mask & UPPER_MASK].solve) * len(_fifties(variant, mask))
                _store(variant, V, mask, start[at:at + n])
                if W is not None and start_w is not None:
                    _store(variant, W, mask, start_w[at:at + n])
                at += n
            done += len(cols.masks)
            if progress is not None:
                progress(done, total)
    return V, W
