"""The two-player long game, solved by value iteration in floats.

One player covers, the other uncovers; whoever empties the set of tiles open to them wins.  A
turn's throws depend on a *bank* of extra turns earned by doubles, and a useless throw passes
the turn, so the game has cycles: :func:`solve_long_game` iterates Gauss-Seidel passes (each
open set after its subsets, with Aitken extrapolation once the error shrinks steadily) until
no chance changes by :data:`LONG_GAME_TOLERANCE`, and returns a frozen
:class:`LongGameSolution`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from parlour.games.shut_the_box.rules import OneDie, one_die_allowed
from parlour.games.shut_the_box.solver.tables import (
    SUCCESSORS,
    TWO_DICE_SPLIT,
    best_dice,
    check_mask,
    check_tiles,
    legal_flips,
    rank,
    throw_weights,
)

LONG_GAME_TOLERANCE = 1e-13
"""Value iteration of the long game stops once no chance changes by this much in a pass.

The chances are then within about ``1e-12`` of the exact fixed point.
"""

_MAX_SWEEPS = 100_000


def _max_bank(tiles: int, open_mask: int) -> int:
    """The largest bank possible with this open set.

    Each usable throw flips at least one tile and only usable doubles add to
    the bank, which starts every turn at 0; so the bank never exceeds the
    number of tiles the mover has flipped this turn.
    """
    return tiles - open_mask.bit_count()


@dataclass(frozen=True)
class _Plan:
    """One dice choice at one open set: which throws can be used and which cannot.

    ``usable`` holds ``(total, ways, bank_step)`` for each throw that can be
    used, ``bank_step`` being 1 for a double that earns an extra turn.  Of the
    useless throws, ``again`` counts the ways of those whose extra turn is
    spent at once (doubles, when they earn extra turns), ``stuck`` the others.
    """

    ndice: int
    usable: tuple[tuple[int, int, int], ...]
    stuck: int
    again: int
    ways: int

    def used(self, maxima: Sequence[Sequence[float]], bank: int) -> float:
        """The sum over usable throws of their ways times the chance after the best flip.

        ``maxima[total][bank]`` is that chance for a throw of ``total`` leaving ``bank``.
        """
        used = 0.0
        for total, ways, step in self.usable:
            used += ways * maxima[total][bank + step]
        return used


def _plan(successors: tuple[tuple[int, ...], ...], ndice: int, doubles: bool) -> _Plan:
    """The :class:`_Plan` of throwing ``ndice`` dice with these successors by total."""
    if ndice == 1 or not doubles:
        weights, ways_in_all = throw_weights(ndice)
        throws = [(total, False, ways) for total, ways in weights]
    else:
        throws, ways_in_all = list(TWO_DICE_SPLIT), 36
    usable = tuple((t, ways, int(d)) for t, d, ways in throws if successors[t])
    stuck = sum(ways for t, d, ways in throws if not successors[t] and not d)
    again = sum(ways for t, d, ways in throws if not successors[t] and d)
    return _Plan(ndice, usable, stuck, again, ways_in_all)


Plans = tuple[tuple[_Plan, ...], ...]
"""``[mask]``: the plan of each dice choice allowed with that open set."""

Table = Sequence[Sequence[float]]
"""``[mask][bank]``: the mover's chance of winning before a throw."""


def _plans(tiles: int, one_die: OneDie, doubles_extra_turn: bool) -> Plans:
    return tuple(
        tuple(
            _plan(SUCCESSORS[mask], ndice, doubles_extra_turn)
            for ndice in ((1, 2) if one_die_allowed(one_die, mask) else (2,))
        )
        for mask in range(1 << tiles)
    )


def _maxima(win: Table, open_mask: int) -> list[Sequence[float]]:
    """``[total][bank]``: the mover's chance after the best flip for each total.

    Empty for a total that cannot be used.
    """
    return [
        (list(map(max, *[win[c] for c in succ])) if len(succ) > 1 else win[succ[0]])
        if succ
        else ()
        for succ in SUCCESSORS[open_mask]
    ]


class _LongGame:
    """The working tables of the value iteration, and its Bellman backups.

    ``win[mask][bank]`` is the mover's chance of winning before a throw, for
    banks 0 to the largest possible with that open set; an empty open set has
    won.  Rows are lists updated in place, so a child's row always holds at
    least one more bank than its parent's (enough for a double's extra turn).
    """

    def __init__(self, tiles: int, plans: Plans, doubles_extra_turn: bool) -> None:
        self.tiles = tiles
        self.all_tiles = (1 << tiles) - 1
        self.plans = plans
        self.win = [[1.0] * (tiles + 1)] + [
            [0.5] * (_max_bank(tiles, mask) + 1 if doubles_extra_turn else 1)
            for mask in range(1, self.all_tiles + 1)
        ]

    def switch(self, open_mask: int) -> float:
        """The mover's chance when the turn passes with ``open_mask`` still open."""
        return 1.0 - self.win[self.all_tiles ^ open_mask][0]

    def sweep_mask(self, open_mask: int) -> float:
        """Back up every bank of one open set, lowest first; the largest change.

        A useless throw spends a banked turn (bank one lower, backed up just
        before) or, with none banked, passes the turn.  A useless double
        returns to this very state, so for each dice choice ``v = (used +
        stuck * fallback + again * v) / ways`` is solved for ``v``.
        """
        maxima = _maxima(self.win, open_mask)
        plans = self.plans[open_mask]
        row = self.win[open_mask]
        fallback = self.switch(open_mask)
        change = 0.0
        for bank in range(len(row)):
            new = max(
                (p.used(maxima, bank) + p.stuck * fallback) / (p.ways - p.again) for p in plans
            )
            change = max(change, abs(new - row[bank]))
            row[bank] = fallback = new
        return change

    def sweep(self) -> float:
        """One Gauss-Seidel pass over every state, open sets after their subsets."""
        return max(self.sweep_mask(mask) for mask in range(1, self.all_tiles + 1))

    def snapshot(self) -> list[list[float]]:
        return [row[:] for row in self.win]

    def extrapolate(self, before: list[list[float]], ratio: float) -> None:
        """Jump ahead along the slowest error mode (Aitken's delta-squared).

        Once every pass shrinks the change by the same ``ratio``, the values
        are about ``ratio / (1 - ratio)`` times the last change short of the limit.
        """
        step = ratio / (1.0 - ratio)
        for row, old in zip(self.win[1:], before[1:], strict=True):
            row[:] = [min(1.0, max(0.0, v + step * (v - u))) for v, u in zip(row, old, strict=True)]

    def solve(self) -> int:
        """Iterate to the tolerance; the number of passes made."""
        changes: list[float] = []
        for sweeps in range(1, _MAX_SWEEPS + 1):
            before = self.snapshot()
            changes.append(self.sweep())
            if changes[-1] < LONG_GAME_TOLERANCE:
                return sweeps
            ratio = _steady_ratio(changes)
            if ratio is not None:
                self.extrapolate(before, ratio)
                changes.clear()
        raise RuntimeError("the long game did not converge")


def _steady_ratio(changes: list[float]) -> float | None:
    """The ratio by which the last changes shrank, if it held steady (within 3%)."""
    if len(changes) < 3:
        return None
    last, before = changes[-1] / changes[-2], changes[-2] / changes[-3]
    if max(last, before) < 0.95 and abs(last - before) < 0.03 * last:
        return last
    return None


@dataclass(frozen=True, eq=False)
class LongGameSolution:
    """Optimal play of the long game, from the point of view of the player to move.

    The mover's *open set* is the tiles they may still flip: the uncovered tiles
    for the covering player, the covered ones for the uncovering player.  When a
    turn passes, the new mover's open set is ``all_tiles ^ open_mask``.  Whoever
    empties their open set wins; an empty open set has won (chance 1).

    The *bank* counts extra turns earned by doubles (``doubles_extra_turn``):
    a double adds 1 as soon as it is thrown; a throw that cannot be used spends
    1 (the mover throws again on the same board) or, with an empty bank, passes
    the turn.  A useless double therefore leaves the bank as it was.  The bank
    is at most the number of tiles flipped this turn, so at most
    ``tiles - popcount(open_mask)``; a larger bank cannot arise and is read as
    that maximum.  Without ``doubles_extra_turn`` the bank is always 0.
    """

    tiles: int
    one_die: OneDie
    doubles_extra_turn: bool
    sweeps: int
    """Value-iteration passes made before no chance changed by ``1e-13``."""
    win: tuple[tuple[float, ...], ...] = field(repr=False)
    """``[mask][bank]``: the mover's chance of winning before a throw (see :meth:`win_probability`)."""
    plans: Plans = field(repr=False)

    @property
    def all_tiles(self) -> int:
        """The mask of the full box."""
        return (1 << self.tiles) - 1

    def _bank(self, open_mask: int, bank: int) -> int:
        check_mask(open_mask, self.tiles)
        if bank < 0:
            raise ValueError(f"the bank cannot be negative ({bank})")
        return min(bank, len(self.win[open_mask]) - 1)

    def bank_after(self, bank: int, faces: tuple[int, ...]) -> int:
        """The bank once a throw is counted: one more for a double, if doubles earn turns."""
        double = len(faces) == 2 and faces[0] == faces[1]
        return bank + 1 if double and self.doubles_extra_turn else bank

    def win_probability(self, open_mask: int, bank: int = 0) -> float:
        """The mover's chance of winning before choosing the dice, both playing to win.

        ``bank`` is the bank before the throw.  ``win_probability(all_tiles)``
        is the first player's chance on a fresh box.
        """
        return self.win[open_mask][self._bank(open_mask, bank)]

    def dice_values(self, open_mask: int, bank: int = 0) -> dict[int, float]:
        """The mover's chance when throwing one die (key 1, if allowed) or two (key 2)."""
        bank = self._bank(open_mask, bank)
        maxima = _maxima(self.win, open_mask)
        row = self.win[open_mask]
        fallback = row[bank - 1] if bank else 1.0 - self.win[self.all_tiles ^ open_mask][0]
        return {
            p.ndice: (p.used(maxima, bank) + p.stuck * fallback + p.again * row[bank]) / p.ways
            for p in self.plans[open_mask]
        }

    def best_dice(self, open_mask: int, bank: int = 0) -> int:
        """The best number of dice: 2 unless one die is allowed and strictly better."""
        return best_dice(self.dice_values(open_mask, bank))

    def flip_values(self, open_mask: int, total: int, bank: int) -> list[tuple[int, float]]:
        """Every legal flip for ``total`` with the mover's chance after it, best first.

        ``bank`` is the bank *after* this throw, already counting it if it was a
        double (see :meth:`bank_after`); it is the bank the mover keeps when the
        flip is made.  Ties keep the order of :func:`legal_flips`; an empty list
        means the throw cannot be used.
        """
        check_mask(open_mask, self.tiles)
        flips = legal_flips(open_mask, total, self.tiles)
        return rank([(f, self.win_probability(open_mask ^ f, bank)) for f in flips])

    def best_flip(self, open_mask: int, total: int, bank: int) -> int | None:
        """The best flip for ``total`` with ``bank`` counted as in :meth:`flip_values`."""
        ranked = self.flip_values(open_mask, total, bank)
        return ranked[0][0] if ranked else None


@lru_cache(maxsize=16)
def solve_long_game(tiles: int, one_die: OneDie, doubles_extra_turn: bool) -> LongGameSolution:
    """Solve the two-player long game by value iteration in floats (remembered: each rule set
    takes a fraction of a second to a few seconds).

    Passes over the states, each open set after its subsets, until no winning
    chance changes by more than :data:`LONG_GAME_TOLERANCE`.
    """
    check_tiles(tiles)
    plans = _plans(tiles, one_die, doubles_extra_turn)
    game = _LongGame(tiles, plans, doubles_extra_turn)
    sweeps = game.solve()
    win = tuple(tuple(row) for row in game.win)
    return LongGameSolution(tiles, one_die, doubles_extra_turn, sweeps, win, plans)
