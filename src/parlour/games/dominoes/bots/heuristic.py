"""The ``heuristic`` dominoes bot: the pub player's rules of thumb, from its seat's view alone.

The lead and a knock are forced; otherwise every legal play is scored and the highest score is
played (ties: the first in the engine's order of legal moves, so the bot is deterministic and
never draws from ``rng``).  A play of ``tile`` on an end showing ``e`` leaves the new ends (the
other number of the tile in place of ``e``); with ``rest`` the tiles the bot keeps, the score is
the sum of:

* **heavy tiles first**: ``W_PIPS`` per spot on the tile, and ``W_DOUBLE`` more for a double
  (a double fits one number only, so it is the hardest tile to get rid of later);
* **don't strand itself**: ``W_FOLLOW`` per tile of ``rest`` that fits the new ends (at most
  ``FOLLOW_CAP`` of them), less ``W_STRAND`` if it still holds tiles and none of them fits;
  ``W_VARIETY`` per different number shown on the tiles of ``rest``;
* **block the opponents**: for each new end and each opponent still holding tiles that cannot
  hold the end's number (it knocked on it, or every tile showing it is on the table or in the
  bot's hand), ``W_BLOCK``; and ``W_LOCK`` more when no opponent can play on either new end;
* **help the partner** (partnerships, the partner still holding tiles): for each new end
  showing a number the partner knocked on, less ``W_PARTNER_KNOCKED``; for each new end showing
  a number the partner itself left open on the line earlier in the hand (it "played to" it, so
  it likely holds more) and has not knocked on, ``W_PARTNER_SET``; covering an end showing such
  a number, less ``W_COVER``; covering an end showing a number the partner knocked on,
  ``W_CLEAR`` (its play is freed).

An end counted twice when both new ends show the same number ("stitched") counts twice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.core.protocol import Bot, Game
from parlour.core.tiles import Tile
from parlour.games.dominoes.moves import End, Move, Play
from parlour.games.dominoes.tileset import TILES
from parlour.games.dominoes.view import DominoView

W_PIPS = 1.0
W_DOUBLE = 2.0
W_FOLLOW = 1.0
FOLLOW_CAP = 3
W_STRAND = 8.0
W_VARIETY = 1.5
W_BLOCK = 4.0
W_LOCK = 4.0
W_PARTNER_KNOCKED = 4.0
W_PARTNER_SET = 2.0
W_COVER = 2.0
W_CLEAR = 2.0


def _numbers(tiles: Sequence[Tile]) -> set[int]:
    return {n for t in tiles for n in (t.high, t.low)}


def new_ends(view: DominoView, move: Play) -> tuple[int, int]:
    """The open ends after ``move`` (a play after the lead)."""
    assert view.ends is not None
    left, right = view.ends
    if move.end is End.LEFT:
        return move.tile.other(left), right
    return left, move.tile.other(right)


def partner_set(view: DominoView, partner: int) -> set[int]:
    """The numbers ``partner`` left open with its plays this hand (the lead double's included)."""
    return {e.ends[1] if e.end is End.RIGHT else e.ends[0]
            for e in view.events if e.seat == partner and e.tile is not None}


def heuristic_scores(view: DominoView, legal: Sequence[Move]) -> list[float]:
    """The heuristic's score of each of ``legal`` (after the lead; see the module's docstring)."""
    assert view.seat is not None and view.hand is not None and view.ends is not None
    me = view.seat
    hand = view.hand
    knocked = view.knocked
    known = set(hand) | set(view.played)
    dead = {n for n in range(7) if all(t in known for t in TILES if t.has(n))}
    """Numbers no other player can hold."""
    opponents = [s for s in range(view.players)
                 if view.sides[s] != view.sides[me] and view.hand_sizes[s]]
    partners = [s for s in range(view.players)
                if s != me and view.sides[s] == view.sides[me] and view.hand_sizes[s]]
    scores: list[float] = []
    for move in legal:
        if not isinstance(move, Play) or move.end is None:
            scores.append(0.0)
            continue
        tile = move.tile
        covered = view.ends[0] if move.end is End.LEFT else view.ends[1]
        ends = new_ends(view, move)
        rest = [t for t in hand if t != tile]
        score = W_PIPS * tile.pips + (W_DOUBLE if tile.double else 0.0)
        follow = sum(1 for t in rest if t.has(ends[0]) or t.has(ends[1]))
        score += W_FOLLOW * min(follow, FOLLOW_CAP)
        if rest and not follow:
            score -= W_STRAND
        score += W_VARIETY * len(_numbers(rest))
        blocked_all = bool(opponents)
        for opponent in opponents:
            shut = [n in knocked[opponent] or n in dead for n in ends]
            score += W_BLOCK * sum(shut)
            blocked_all = blocked_all and all(shut)
        if blocked_all:
            score += W_LOCK
        for partner in partners:
            wanted = partner_set(view, partner) - knocked[partner]
            score -= W_PARTNER_KNOCKED * sum(n in knocked[partner] for n in ends)
            score += W_PARTNER_SET * sum(n in wanted for n in ends)
            if covered in wanted:
                score -= W_COVER
            if covered in knocked[partner]:
                score += W_CLEAR
        scores.append(score)
    return scores


def heuristic_move(view: DominoView, legal: Sequence[Move]) -> Move:
    """The heuristic bot's choice (see the module's docstring)."""
    if len(legal) == 1:
        return legal[0]
    scores = heuristic_scores(view, legal)
    best = max(range(len(legal)), key=lambda i: (scores[i], -i))
    return legal[best]


class HeuristicBot(Bot[DominoView, Move]):
    """Sheds heavy tiles, keeps its numbers, blocks on knocked numbers, plays to its partner."""

    name = "heuristic"

    def choose(self, game: Game[Any, Any, Move, Any, Any], view: DominoView, legal: Sequence[Move],
               rng: random.Random) -> Move:
        return heuristic_move(view, legal)
