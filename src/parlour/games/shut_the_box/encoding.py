"""Shut the Box for the learning environments: ``ShutTheBoxEncoding`` (its docstring is the game's
section of ``docs/envs.md``)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from parlour.core.protocol import AnyGame
from parlour.envs.encoding import Encoding, Observation
from parlour.games.shut_the_box.engine import FLIPS_BY_TOTAL
from parlour.games.shut_the_box.game import GAME
from parlour.games.shut_the_box.moves import Flip, Move, Throw
from parlour.games.shut_the_box.rules import Mode, Rules, Scoring, one_die_allowed, score_of, tiles_of
from parlour.games.shut_the_box.state import Status
from parlour.games.shut_the_box.view import ShutTheBoxView

FLIP_MASKS: tuple[int, ...] = tuple(sorted(m for group in FLIPS_BY_TOTAL for m in group))
"""Every set of tiles a throw can flip in the largest box, as bit masks, in increasing order."""

FLIP_ACTION = {mask: 2 + i for i, mask in enumerate(FLIP_MASKS)}
"""The action of each flip's bit mask."""

ACTIONS = 2 + len(FLIP_MASKS)

STATUSES = tuple(Status)
SHOWN = (Status.PLACE, Status.DONE)
"""The statuses in which a seat's latest throw is shown: about to be used, or the one that ended
its turn (a throw already used is not shown again)."""

ROUND_CAP = 50
"""The cumulative game has no set number of rounds: its round is shown clipped at this."""

BANK_CAP = 4
"""The long game's banked extra turns are shown clipped at this."""


def action_of(move: Move) -> int:
    """The action number of a move (the same in every position)."""
    if isinstance(move, Throw):
        return move.dice - 1
    return FLIP_ACTION[move.mask]


def move_of(action: int) -> Move:
    """The move an action number stands for."""
    if action < 2:
        return Throw(action + 1)
    return Flip.of_mask(FLIP_MASKS[action - 2])


class ShutTheBoxEncoding(Encoding[Rules, Move, ShutTheBoxView]):
    """A seat's view as numbers, its moves as 71 actions (the same for every rule set).

    **Actions**, one number a move, a function of the move alone (`action_of`, and back `move_of`):

    * 0 throws one die, 1 throws two;
    * 2-70 flip a set of tiles: every set of tiles of the largest box (12 tiles) adding up to a
      throw (2 to 12, or 1 to 6 with one die), ordered by bit mask (tile t is bit t - 1): 2 flips
      tile 1, 3 tile 2, 4 tiles 2+1, 5 tile 3, 6 tiles 3+1 ... 70 tile 12 (`FLIP_MASKS`).  The long
      game's uncovering player flips with the same actions.

    **Observation**: seats are taken in turn from the observing seat (its own first; a spectator
    sees seat 0's side).  Every board's covered tiles (one board in the long game), the tiles the
    seat may flip now, each seat's status, throw, score, total, rounds won and money, and the round.
    Scores and money are scaled into [0, 1] by the rules' bounds, as each field says.
    """

    game: ClassVar[AnyGame] = GAME

    def __init__(self, rules: Rules, players: int) -> None:
        GAME.initial_state(rules, players)  # a player count the game refuses is refused here too
        super().__init__(rules, players)
        self.boards = 1 if rules.mode is Mode.LONG else players
        self.max_score = score_of(rules.scoring, rules.all_tiles)
        self.stake_bound = 2 * rules.stake * max(1, players - 1) * rules.rounds
        """The most a seat can win or lose in a game: shutting the box every round."""

    @property
    def actions(self) -> int:
        return ACTIONS

    def code(self, view: ShutTheBoxView, move: Move) -> tuple[int, ...]:
        return (action_of(move),)

    def action_name(self, action: int) -> str:
        if action == 0:
            return "throw one die"
        if action == 1:
            return "throw two dice"
        return "flip " + "+".join(str(t) for t in reversed(tiles_of(FLIP_MASKS[action - 2])))

    def fields(self) -> Sequence[tuple[str, int, str]]:
        rules, n, tiles = self.rules, self.players, self.rules.tiles
        score = (f"over {self.max_score}, the most a turn can score" if rules.scoring is Scoring.SUM else
                 f"log(1 + score) over log(1 + {self.max_score}), the most a turn can score")
        return (
            ("covered", tiles * self.boards,
             "each board's tiles, 1 where covered (tile 1 first); the long game's one shared board, "
             "else each seat's board, the observing seat's first, then the seats after it in turn"),
            ("flippable", tiles, "1 for each tile the observing seat may flip now (the uncovered ones; "
                                 "the covered ones for the long game's uncovering player)"),
            ("status", len(STATUSES) * n,
             "each seat's status one-hot (waiting, throw, place, done, out), observing seat first"),
            ("dice", 2 * n, "each seat's throw to flip tiles for (while placing) or that ended its turn "
                            "(once done), each die over 6, lowest first (0: none, or one die)"),
            ("dice in the air", n, "1 for the seat whose dice are being thrown"),
            ("may throw one", 1, "1 if the observing seat may throw one die now or on its next throw"),
            ("score", n, f"each seat's score this round, {score} (0 before it finishes or for a shut box)"),
            ("total", n, "cumulative game: each seat's total over the drop-out total (0 in other modes)"),
            ("wins", n, "each seat's rounds won (ties shared) over the rounds of the game"),
            ("balance", n, "each seat's money: 1/2 + balance / (2 x the most it could win or lose: "
                           "shutting every round); 1/2 without stakes"),
            ("round", 1, f"the round over the rounds of the game (cumulative: clipped at {ROUND_CAP})"),
            ("bank", 1, f"long game: extra turns banked by doubles, clipped at {BANK_CAP}, over {BANK_CAP}"),
            ("uncovering", 1, "long game: 1 if the observing seat is the one uncovering"),
            ("over", 1, "1 once the game is over"),
        )

    def observe(self, view: ShutTheBoxView, pending: Sequence[int] = ()) -> Observation:
        s, rules, n = view.state, self.rules, self.players
        me = view.seat if view.seat is not None else 0
        seats = [(me + k) % n for k in range(n)]
        out: list[float] = []
        for board in ([0] if rules.mode is Mode.LONG else seats):
            covered = s.covered[board]
            out.extend(float(covered >> t & 1) for t in range(rules.tiles))
        flippable = s.open_for(me)
        out.extend(float(flippable >> t & 1) for t in range(rules.tiles))
        for seat in seats:
            out.extend(float(s.status[seat] is status) for status in STATUSES)
        for seat in seats:
            dice = s.dice[seat] if s.status[seat] in SHOWN else ()
            out.extend((dice[0] / 6 if dice else 0.0, dice[1] / 6 if len(dice) > 1 else 0.0))
        out.extend(float(s.pending == seat) for seat in seats)
        out.append(float(one_die_allowed(rules.one_die, flippable)))
        out.extend(self._score(s.scores[seat]) for seat in seats)
        cumulative = rules.mode is Mode.CUMULATIVE
        out.extend(min(s.totals[seat], rules.drop_out_at) / rules.drop_out_at if cumulative else 0.0
                   for seat in seats)
        out.extend(float(s.wins[seat]) / rules.rounds for seat in seats)
        bound = self.stake_bound
        out.extend(0.5 + float(s.balances[seat]) / (2 * bound) if bound else 0.5 for seat in seats)
        if rules.mode in (Mode.ROUND, Mode.SIMULTANEOUS):
            out.append(s.round / rules.rounds)
        else:
            out.append(min(s.round, ROUND_CAP) / ROUND_CAP)
        out.append(min(s.bank, BANK_CAP) / BANK_CAP)
        out.append(float(rules.mode is Mode.LONG and me == 1))
        out.append(float(s.over))
        return np.array(out, dtype=np.float32)

    def _score(self, score: int | None) -> float:
        if not score:
            return 0.0
        if self.rules.scoring is Scoring.SUM:
            return score / self.max_score
        return math.log1p(score) / math.log1p(self.max_score)
