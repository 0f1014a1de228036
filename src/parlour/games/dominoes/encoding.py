"""Dominoes for learning environments: a seat's view as fixed-length arrays, and every move as one
action of one fixed discrete space (:mod:`parlour.envs.encoding`); :class:`DominoEncoding`
describes both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from parlour.envs.encoding import Encoding, Observation
from parlour.games.dominoes.game import GAME
from parlour.games.dominoes.moves import End, Knock, Move, Play
from parlour.games.dominoes.rules import Rules, sides_of
from parlour.games.dominoes.tileset import TILES
from parlour.games.dominoes.view import DominoView

NUMBERS = 7
"""The numbers on a double-six tile, 0 to 6."""
LEAD_BASE = 2 * len(TILES)
KNOCK = LEAD_BASE + NUMBERS
ACTIONS = KNOCK + 1
SLEEPING_SCALE = len(TILES)


def _name(action: int) -> str:
    if action < LEAD_BASE:
        return f"play {TILES[action // 2]} {'right' if action % 2 else 'left'}"
    if action < KNOCK:
        n = action - LEAD_BASE
        return f"lead {n}|{n}"
    return "knock"


NAMES = tuple(_name(a) for a in range(ACTIONS))


class DominoEncoding(Encoding[Rules, Move, DominoView]):
    """A seat's view as its hand, the table, the ends, what each seat knocked on, the counts,
    partners and scores (``28 + 35p + 14 + 4p + 1`` numbers and one a side, for ``p`` players);
    its moves as 64 actions (the same for every rule set and player count: the game uses the
    double-six set, and nobody ever draws from the sleeping tiles).

    **Actions**, one a move:

    * 0-55, a tile on an end: ``2 * i`` lays the tile of set index ``i`` (``0|0``, ``1|0``,
      ``1|1`` ... ``6|6``) on the left end (``play 6|4 left``), ``2 * i + 1`` on the right end
      (``play 6|4 right``); both ends are separate actions even when they show the same number,
      as they are separate moves;
    * 56-62: lead the double ``n|n`` (the first tile of a hand, ``n`` = 0 to 6);
    * 63: ``knock`` (no tile fits).

    **Observation**: seats are counted from the viewer round the table (0 is the viewer, 1 the
    next to the left, ...), sides from the viewer's own, then the others in the order their
    first seat comes round.  A spectator sees as seat 0 does, with an empty hand.  All of it is
    public but the viewer's own hand: the tiles on the table, who laid them, and the numbers a
    player knocked on (that player holds none of them, and never will).  Counts and scores are
    scaled into [0, 1].
    """

    game: ClassVar = GAME

    def __init__(self, rules: Rules, players: int) -> None:
        rules.check(players)
        super().__init__(rules, players)
        self.sides = sides_of(rules, players)
        self.side_count = max(self.sides) + 1
        self.offsets: dict[str, int] = {}
        """Where each field begins."""
        self.size = 0
        for name, length, _ in self.fields():
            self.offsets[name] = self.size
            self.size += length

    # ---- observations ------------------------------------------------------------------------
    def fields(self) -> Sequence[tuple[str, int, str]]:
        p, tiles = self.players, len(TILES)
        return [
            ("hand", tiles, "1 for each tile the viewer holds (tiles in set order: 0|0, 1|0, 1|1 "
                            "... 6|6)"),
            ("laid", p * tiles, "for each seat from the viewer round, 1 for each tile it has laid "
                                "this hand (all on the table, the lead included)"),
            ("left end", NUMBERS, "one-hot: the number open at the left end (none before the lead)"),
            ("right end", NUMBERS, "one-hot: the number open at the right end"),
            ("knocked", p * NUMBERS, "for each seat from the viewer round, 1 for each number it has "
                                     "knocked on this hand (it holds no tile showing one)"),
            ("hand sizes", p, "each seat's tiles in hand, over the tiles each (rules.hand_size)"),
            ("sleeping", 1, f"the tiles sleeping (never drawn), over {SLEEPING_SCALE}"),
            ("to act", p, "one-hot: the seat to play, from the viewer round (none between hands)"),
            ("out", p, "1 for each seat that has chipped out this hand (both_chip_out)"),
            ("partners", p, "1 for each seat on the viewer's side (the viewer's own included)"),
            ("scores", self.side_count, "each side's points over the target (at most 1), the "
                                        "viewer's side first, then the others in seat order"),
        ]

    @property
    def shape(self) -> tuple[int, ...]:
        return (self.size,)

    def observe(self, view: DominoView, pending: Sequence[int] = ()) -> Observation:
        p, me, at, tiles = self.players, view.seat or 0, self.offsets, len(TILES)
        seats = [(me + r) % p for r in range(p)]  # from the viewer round the table
        ones = [at["hand"] + tile.index for tile in view.hand or ()]
        for placed in (*((view.lead,) if view.lead else ()), *view.left, *view.right):
            ones.append(at["laid"] + (placed.seat - me) % p * tiles + placed.tile.index)
        if view.ends is not None:
            ones += [at["left end"] + view.ends[0], at["right end"] + view.ends[1]]
        for event in view.events:
            if event.tile is None:  # a knock, on the numbers of both ends
                ones += [at["knocked"] + (event.seat - me) % p * NUMBERS + n for n in event.ends]
        if view.to_act is not None:
            ones.append(at["to act"] + (view.to_act - me) % p)
        ones += [at["out"] + r for r, seat in enumerate(seats) if view.out[seat]]
        ones += [at["partners"] + r for r, seat in enumerate(seats) if self.sides[seat] == self.sides[me]]
        out = np.zeros(self.size, dtype=np.float32)
        out[ones] = 1.0
        out[at["hand sizes"]:at["hand sizes"] + p] = [view.hand_sizes[s] / self.rules.hand_size
                                                      for s in seats]
        out[at["sleeping"]] = view.sleeping / SLEEPING_SCALE
        sides = dict.fromkeys(self.sides[s] for s in seats)  # the viewer's first, then round
        out[at["scores"]:at["scores"] + self.side_count] = [
            min(1.0, view.scores[side] / self.rules.target) for side in sides]
        return out

    # ---- actions -----------------------------------------------------------------------------
    @property
    def actions(self) -> int:
        return ACTIONS

    def action_name(self, action: int) -> str:
        return NAMES[action]

    def code(self, view: DominoView, move: Move) -> tuple[int, ...]:
        if isinstance(move, Knock):
            return (KNOCK,)
        if isinstance(move, Play):
            if move.end is None:
                if not move.tile.double:
                    raise ValueError(f"only a double leads, not {move.tile}")
                return (LEAD_BASE + move.tile.high,)
            return (2 * move.tile.index + (move.end is End.RIGHT),)
        raise ValueError(f"{move!r} is not a dominoes move")
