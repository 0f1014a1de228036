"""Go Fish for learning environments: ``GoFishEncoding`` (its docstring is the game's section of
``docs/envs.md``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from parlour.core.protocol import AnyGame
from parlour.envs.encoding import Encoding, Observation
from parlour.games.go_fish.deck import RANK_MASKS, RANKS
from parlour.games.go_fish.game import GAME
from parlour.games.go_fish.moves import Ask
from parlour.games.go_fish.rules import Ending, Rules
from parlour.games.go_fish.state import Phase
from parlour.games.go_fish.track import track
from parlour.games.go_fish.view import GoFishView

PHASES = tuple(Phase)
ENDINGS = tuple(Ending)
MOST_HELD = 39
"""The most cards one hand can hold (three of every rank: four are a book, set aside at once)."""


def fields_for(players: int) -> tuple[tuple[str, int, str], ...]:
    """The observation's fields for ``players`` players (``Encoding.fields``)."""
    n = players
    return (
        ("hand", 13, "own cards of each rank / 3"),
        ("hand_sizes", n, f"cards held by each seat / {MOST_HELD}"),
        ("stock", 1, "cards in the stock / 52"),
        ("books", 13 * n, "for each seat, 1 for each rank it has booked"),
        ("book_counts", n, "books made by each seat / 13"),
        ("known", 13 * n, "for each seat, its cards of each rank everyone knows it holds / 3"),
        ("surely", 13 * n, "for each seat, 1 for each rank it surely holds an unseen card of "
                           "(it asked for the rank, and has not handed it over since)"),
        ("may_hold", 13 * n, "for each seat, 1 for each rank its unseen cards may include"),
        ("to_act", n, "1 for the seat to act"),
        ("winners", n, "at the end, 1 for each seat with the most books"),
        ("phase", len(PHASES), "one-hot: " + ", ".join(p.value for p in PHASES)),
        ("ending", len(ENDINGS), "the rules' ending, one-hot: " + ", ".join(e.value for e in ENDINGS)),
        ("dealt", 1, "cards dealt to each player / 7"),
    )


class GoFishEncoding(Encoding[Rules, Ask, GoFishView]):
    """A seat's view as ``22 + 56 n`` numbers for ``n`` players, its asks as ``13 (n - 1)`` actions.

    **Seats are relative** throughout: *+0* is the seat whose view it is, *+k* the k-th player to
    its left (seat ``(own + k) % n``, the order in which the engine lists the asks).

    **Actions**: one ask each, ``13 (k - 1) + r`` asks the player *+k* for rank ``r`` (ace 0 to
    king 12): "ask +1 for aces" is 0, "ask +1 for kings" 12, "ask +2 for aces" 13.  An ask is the only
    move: going fishing, drawing when out of cards and setting books aside follow by themselves.

    **Observation**: the fields below in order, per rank ace to king and per relative seat
    *+0* to *+(n-1)*, counts scaled into [0, 1].  What is known of the hands is read from the public
    history by ``track.track`` (the reading the resampler deals by): the cards each seat is known to
    hold (handed over in an ask or shown on a lucky draw), the ranks it surely holds an unseen card
    of (it asked for them), and the ranks it may hold unseen at all ("Go fish!" rules a rank out of
    the cards held then, a book rules it out everywhere).  A spectator is observed from seat 0's
    side with no hand.
    """

    game: ClassVar[AnyGame] = GAME

    def __init__(self, rules: Rules, players: int) -> None:
        rules.check(players)
        super().__init__(rules, players)
        self._fields = fields_for(players)
        self._offset: dict[str, int] = {}
        at = 0
        for name, length, _ in self._fields:
            self._offset[name] = at
            at += length
        self._size = at

    @property
    def actions(self) -> int:
        return 13 * (self.players - 1)

    def fields(self) -> Sequence[tuple[str, int, str]]:
        return self._fields

    def offset(self, name: str) -> int:
        """Where the field ``name`` begins in the observation."""
        return self._offset[name]

    def action_name(self, action: int) -> str:
        step, r = divmod(action, 13)
        return f"ask +{step + 1} for {RANKS[r].plural}"

    def code(self, view: GoFishView, move: Ask) -> tuple[int, ...]:
        own = 0 if view.seat is None else view.seat
        step = (move.target - own) % self.players
        return (13 * (step - 1) + move.rank.number - 1,)

    def observe(self, view: GoFishView, pending: Sequence[int] = ()) -> Observation:
        n = view.players
        own = 0 if view.seat is None else view.seat
        seats = [(own + k) % n for k in range(n)]  # by relative seat
        if view.seat is None:
            view = dataclasses.replace(view, seat=0, hand=())
        know = track(view, unlucky=True)
        at = self._offset
        out = np.zeros(self._size, dtype=np.float32)
        for r, ranks in enumerate(RANK_MASKS):
            out[at["hand"] + r] = (know.hand & ranks).bit_count() / 3
        out[at["stock"]] = view.stock_size / 52
        for k, seat in enumerate(seats):
            out[at["hand_sizes"] + k] = view.hand_sizes[seat] / MOST_HELD
            out[at["book_counts"] + k] = len(view.books[seat]) / 13
            for rank in view.books[seat]:
                out[at["books"] + 13 * k + rank.number - 1] = 1
            unseen = 0
            for slots in know.groups[seat]:
                if slots.count:
                    unseen |= slots.allowed
            for r, ranks in enumerate(RANK_MASKS):
                out[at["known"] + 13 * k + r] = (know.known[seat] & ranks).bit_count() / 3
                out[at["surely"] + 13 * k + r] = know.floor[seat] >> r & 1
                out[at["may_hold"] + 13 * k + r] = unseen >> r & 1
            out[at["to_act"] + k] = view.to_act == seat
            out[at["winners"] + k] = seat in view.winners
        out[at["phase"] + PHASES.index(view.phase)] = 1
        out[at["ending"] + ENDINGS.index(view.rules.ending)] = 1
        out[at["dealt"]] = view.rules.dealt(n) / 7
        return out


__all__ = ["GoFishEncoding", "fields_for"]
