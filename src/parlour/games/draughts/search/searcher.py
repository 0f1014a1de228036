"""The search: iterative deepening principal-variation alpha-beta with a transposition table.

* **Scores** are for the side to move, in hundredths of a man (see :mod:`.evaluate`).  A won
  game is ``MATE - plies`` (the side to move wins in that many plies), a lost one
  ``-(MATE - plies)``; anything beyond ``±MATE_BOUND`` is such a known result.  A repetition of
  a position on the line being searched (or of one from the game since its last capture or
  man's move) scores 0, a draw, so the engine never shuffles kings to no purpose, and seeks a
  repetition only when it is worse off.
* **Iterative deepening** to a depth, a node budget or a time limit (:class:`Limits`), each
  iteration a principal-variation search: the first move with the full window, the others
  with a null window, searched again when they fail high.  Given the same limits without a
  time limit, the search is deterministic.
* **Transposition table**: a dict keyed by the exact position ``(black, white, kings,
  black_to_move)``.  An exact key never collides, so no stored move or score is ever applied
  to the wrong position; the table is bounded (cleared when full).
* **Captures**: at the horizon, a position with a capture to make is never evaluated: its
  captures (forced by the rules, so there is no "stand pat") are searched until a quiet
  position is reached -- the quiescence search of draughts.  A move that is the only legal
  one does not use up depth (so forced capture sequences are seen to their end).
* **Move ordering**: the table's move, then two killer moves per ply, then the history
  heuristic (quiet moves that caused cut-offs, weighted by depth squared).
* **Endgame database**: with one attached (:mod:`.endgame`), every position it covers is
  scored exactly (win or loss in a known number of plies, or a draw) without searching.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from parlour.games.draughts.board import Move, Play, Position, can_move, capturers, played, plays
from parlour.games.draughts.search.evaluate import evaluate

Node = tuple[int, int, int, bool]
"""``(black, white, kings, black_to_move)``: a position as the search keys it."""
Child = Play
"""A node's move: ``(black, white, kings, move)``, the squares it changes on each board (XOR them
in) and the move."""

MATE = 30000
"""The score of a position won now; ``MATE - n`` is a win in ``n`` plies."""
MATE_BOUND = MATE - 1000
"""Scores beyond this (either sign) are known wins or losses."""
INFINITE = 32000
MAX_PLY = 120
TT_LIMIT = 1 << 20
"""Entries in the transposition table before it is cleared."""
_EXACT, _LOWER, _UPPER = 0, 1, 2


class Probe(Protocol):
    """What the search needs of an endgame database."""

    max_pieces: int

    def probe(self, black: int, white: int, kings: int, black_to_move: bool) -> int | None:
        """``n > 0``: the side to move wins in ``n`` plies; ``n < 0``: it loses in ``-n - 1``;
        0: a draw; ``None``: not covered."""


@dataclass(frozen=True)
class Limits:
    """When to stop: at a depth, after a number of nodes, or after some seconds (any that is set).

    With none set the search goes to ``MAX_DEPTH``.  Tests use depth and node limits only, so
    that the results do not depend on the machine.
    """

    depth: int | None = None
    nodes: int | None = None
    seconds: float | None = None


MAX_DEPTH = 60


@dataclass(frozen=True)
class SearchResult:
    """The outcome of a search, for the side to move at the root."""

    move: Move | None
    """The best move (``None`` when there is no legal move: the game is lost)."""
    score: int
    depth: int
    """The last depth completed."""
    pv: tuple[Move, ...]
    """The principal variation: the best line for both sides, starting with ``move``."""
    nodes: int
    seconds: float
    scores: tuple[tuple[Move, int], ...] = field(default=())
    """Every root move with its score, best first (exact for all of them only when the search
    was asked for every move's score; otherwise only the best one's is exact)."""
    source: str = "search"
    """``search``, ``endgame`` (the root is in the database) or ``forced`` (one legal move)."""


class _Stop(Exception):
    """Raised inside the search when a limit is reached."""


def is_win(score: int) -> bool:
    return score > MATE_BOUND


def is_loss(score: int) -> bool:
    return score < -MATE_BOUND


def plies_to_end(score: int) -> int:
    """For a known win or loss, the plies until the game ends."""
    return MATE - abs(score)


class Searcher:
    """A reusable search (its tables carry over from move to move of a game).

    ``evaluator`` is ``(black, white, kings, black_to_move) -> score`` for the side to move;
    ``database`` an endgame database or ``None``; ``ordering=False`` turns off the table move,
    killers and history (for the "previous version" in strength matches).
    """

    def __init__(self, database: Probe | None = None,
                 evaluator: Callable[[int, int, int, bool], int] = evaluate,
                 use_tt: bool = True, ordering: bool = True) -> None:
        self.database = database
        self.evaluator = evaluator
        self.use_tt = use_tt
        self.ordering = ordering
        self.tt: dict[Node, tuple[int, int, int, int]] = {}
        self.history: dict[int, int] = {}
        self.killers: list[list[int]] = [[0, 0] for _ in range(MAX_PLY + 2)]
        self.nodes = 0
        self._pv: list[tuple[Child, ...]] = [() for _ in range(MAX_PLY + 2)]
        self._path: list[Node] = []
        self._deadline: float | None = None
        self._node_limit: int | None = None
        self._next_check = 0

    def clear(self) -> None:
        """Forget the tables (a new game)."""
        self.tt.clear()
        self.history.clear()
        self.killers = [[0, 0] for _ in range(MAX_PLY + 2)]

    # ---- the public entry ------------------------------------------------------------------

    def search(self, position: Position, limits: Limits, history: Sequence[Position] = (),
               all_moves: bool = False, only: Iterable[Move] | None = None) -> SearchResult:
        """Search ``position`` within ``limits``.

        ``history``: the positions of the game since its last capture or man's move (earliest
        first; the root itself may end it), for repetitions.  ``all_moves``: search every root
        move with a full window, so each one's score is exact (for analysis; slower).
        ``only``: search only these root moves.
        """
        start = time.perf_counter()
        self.nodes = 0
        self._node_limit = limits.nodes
        self._deadline = None if limits.seconds is None else start + limits.seconds
        self._next_check = 1024
        if len(self.tt) > TT_LIMIT:
            self.tt.clear()
        for h in self.history:
            self.history[h] //= 8
        root: Node = (position.black, position.white, position.kings, position.black_to_move)
        kids = children(*root)
        if only is not None:
            wanted = set(only)
            kids = [c for c in kids if c[3] in wanted]
        if not kids:
            return SearchResult(None, -MATE, 0, (), 0, 0.0, (), "search")
        self._path = [(p.black, p.white, p.kings, p.black_to_move) for p in history]
        if self._path and self._path[-1] == root:
            self._path.pop()
        max_depth = min(limits.depth or MAX_DEPTH, MAX_DEPTH)
        covered = (self.database is not None
                   and (root[0] | root[1]).bit_count() <= self.database.max_pieces)
        if len(kids) == 1 and not all_moves:
            move = kids[0][3]
            return SearchResult(move, 0, 0, (move,), 0, time.perf_counter() - start,
                                ((move, 0),), "forced")
        order = list(kids)
        scores: dict[Child, int] = {}
        best: tuple[int, tuple[Child, ...]] | None = None
        depth_done = 0
        for depth in range(1, max_depth + 1):
            try:
                value, line, scores = self._root(root, order, depth, all_moves)
            except _Stop:
                if self._partial is not None:  # the best so far of the unfinished iteration
                    best = self._partial
                break
            best = (value, line)
            depth_done = depth
            order.sort(key=lambda c: -scores.get(c, -INFINITE))
            if covered or ((is_win(value) or is_loss(value)) and depth >= plies_to_end(value)):
                break  # exact: from the database, or a forced result seen to its end
            if self._deadline is not None and time.perf_counter() - start > 0.45 * (limits.seconds or 0):
                break
        if best is None:  # stopped before the first move was searched: play the first
            best = (scores.get(order[0], 0), (order[0],))
        value, line = best
        pv = self._moves(position, line)
        ranked = sorted(order, key=lambda c: -scores.get(c, -INFINITE))
        listed = tuple((c[3], scores[c]) for c in ranked if c in scores)
        return SearchResult(pv[0], value, depth_done, pv, self.nodes, time.perf_counter() - start,
                            listed, "endgame" if covered else "search")

    # ---- the tree ---------------------------------------------------------------------------

    _partial: tuple[int, tuple[Child, ...]] | None = None

    def _root(self, root: Node, order: list[Child], depth: int,
              all_moves: bool) -> tuple[int, tuple[Child, ...], dict[Child, int]]:
        """One iteration at the root.  Without ``all_moves`` only the best move's score is exact;
        the others are upper bounds (they failed low against it)."""
        b, w, k, btm = root
        alpha, beta = -INFINITE, INFINITE
        scores: dict[Child, int] = {}
        best_line: tuple[Child, ...] = ()
        best = -INFINITE
        self._partial = None
        self._path.append(root)
        try:
            for i, c in enumerate(order):
                nb, nw, nk = b ^ c[0], w ^ c[1], k ^ c[2]
                rev = _reversible(k, c)
                if all_moves or i == 0:
                    score = -self._search(nb, nw, nk, not btm, depth - 1, -beta, -alpha, 1, rev)
                else:
                    score = -self._search(nb, nw, nk, not btm, depth - 1, -alpha - 1, -alpha, 1, rev)
                    if score > alpha:
                        score = -self._search(nb, nw, nk, not btm, depth - 1, -beta, -alpha, 1, rev)
                scores[c] = score
                if score > best:
                    best = score
                    best_line = (c, *self._pv[1])
                    self._partial = (best, best_line)
                    if not all_moves:
                        alpha = max(alpha, score)
        finally:
            self._path.pop()
        return best, best_line, scores

    def _search(self, b: int, w: int, k: int, btm: bool, depth: int, alpha: int, beta: int,
                ply: int, rev: bool) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check()
        pvs = self._pv
        pvs[ply] = ()
        key = (b, w, k, btm)
        path = self._path
        if rev:
            # a repetition: only king moves since, so look back through the reversible stretch
            i = len(path) - 2
            while i >= 0:
                p = path[i]
                if p == key:
                    return 0
                if (p[0] | p[1]).bit_count() != (b | w).bit_count() or (p[0] & ~p[2]) != (b & ~k) \
                        or (p[1] & ~p[2]) != (w & ~k):
                    break
                i -= 2
        db = self.database
        if db is not None and (b | w).bit_count() <= db.max_pieces:
            v = db.probe(b, w, k, btm)
            if v is not None:
                if v > 0:
                    return MATE - ply - v
                if v < 0:
                    return -MATE + ply - v - 1
                return 0
        if (depth <= 0 or ply >= MAX_PLY) and not capturers(b, w, k, btm):
            # a quiet leaf: evaluated, without listing its moves
            return self.evaluator(b, w, k, btm) if can_move(b, w, k, btm) else ply - MATE
        if ply >= MAX_PLY:
            return self.evaluator(b, w, k, btm)
        tt_move = 0
        tt = self.tt
        if self.use_tt:  # (before listing the moves: a position in the table has some)
            entry = tt.get(key)
            if entry is not None:
                e_depth, flag, e_score, tt_move = entry
                if e_depth >= depth:
                    if e_score > MATE_BOUND:
                        e_score -= ply
                    elif e_score < -MATE_BOUND:
                        e_score += ply
                    if flag == _EXACT or (flag == _LOWER and e_score >= beta) or (
                            flag == _UPPER and e_score <= alpha):
                        return e_score
        kids = children(b, w, k, btm)
        if not kids:
            return ply - MATE
        capture = bool(kids[0][3].captured)
        n = len(kids)
        if n > 1 and self.ordering:
            self._order(kids, b, w, tt_move, ply)
        new_depth = depth if n == 1 or depth <= 0 else depth - 1
        alpha0 = alpha
        best = -INFINITE
        best_mid = 0  # (no move's id is 0: it holds the squares the move changes)
        path.append(key)
        try:
            for i, c in enumerate(kids):
                nb, nw, nk = b ^ c[0], w ^ c[1], k ^ c[2]
                mid = move_id(c)
                c_rev = not capture and bool(mid & k)
                if i == 0:
                    score = -self._search(nb, nw, nk, not btm, new_depth, -beta, -alpha, ply + 1, c_rev)
                else:
                    score = -self._search(nb, nw, nk, not btm, new_depth, -alpha - 1, -alpha, ply + 1,
                                          c_rev)
                    if alpha < score < beta:
                        score = -self._search(nb, nw, nk, not btm, new_depth, -beta, -alpha, ply + 1,
                                              c_rev)
                if score > best:
                    best = score
                    best_mid = mid
                    if score > alpha:
                        alpha = score
                        pvs[ply] = (c, *pvs[ply + 1])
                        if score >= beta:
                            if not capture and self.ordering:
                                killers = self.killers[ply]
                                if killers[0] != mid:
                                    killers[1] = killers[0]
                                    killers[0] = mid
                                self.history[mid] = self.history.get(mid, 0) + depth * depth
                            break
        finally:
            path.pop()
        if self.use_tt and depth >= 0:
            flag = _LOWER if best >= beta else (_EXACT if best > alpha0 else _UPPER)
            stored = best + ply if best > MATE_BOUND else (best - ply if best < -MATE_BOUND else best)
            tt[key] = (depth, flag, stored, best_mid)
        return best

    def _order(self, kids: list[Child], b: int, w: int, tt_move: int, ply: int) -> None:
        history = self.history
        k1, k2 = self.killers[ply]

        on_board = (b | w).bit_count()

        def rank(c: Child) -> int:
            mid = move_id(c)
            if mid == tt_move:
                return 1 << 40
            if mid == k1:
                return 1 << 39
            if mid == k2:
                return 1 << 38
            return history.get(mid, 0) - (on_board - len(c[3].captured))  # the pieces left

        kids.sort(key=rank, reverse=True)

    def _check(self) -> None:
        self._next_check = self.nodes + 1024
        if self._node_limit is not None and self.nodes >= self._node_limit:
            raise _Stop
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise _Stop

    # ---- results --------------------------------------------------------------------------

    def _moves(self, position: Position, line: Sequence[Child]) -> tuple[Move, ...]:
        """A line of children as board moves, extended from the table while it knows more."""
        out: list[Move] = []
        pos = position
        seen = {(pos.black, pos.white, pos.kings, pos.black_to_move)}
        steps: list[Child] = list(line)
        while len(out) < MAX_PLY:
            if steps:
                c = steps.pop(0)
            else:
                entry = self.tt.get((pos.black, pos.white, pos.kings, pos.black_to_move))
                if entry is None or entry[1] != _EXACT:
                    break
                found = [c for c in children(pos.black, pos.white, pos.kings, pos.black_to_move)
                         if move_id(c) == entry[3]]
                if not found:
                    break
                c = found[0]
            out.append(c[3])
            pos = played(pos, c)
            key = (pos.black, pos.white, pos.kings, pos.black_to_move)
            if key in seen:
                break
            seen.add(key)
        return tuple(out)


def children(black: int, white: int, kings: int, black_to_move: bool) -> list[Child]:
    """The node's moves, one for each position they lead to: two capture paths taking the same
    pieces from the same square to the same square are one child (the first, in the order of
    :func:`~parlour.games.draughts.board.legal_moves`)."""
    kids = plays(black, white, kings, black_to_move)
    if len(kids) > 1 and kids[0][3].captured:
        distinct = {(c[0], c[1], c[2]): c for c in reversed(kids)}
        if len(distinct) < len(kids):
            return [c for c in kids if distinct[c[0], c[1], c[2]] is c]
    return kids


def move_id(child: Child) -> int:
    """A child's move as the tables know it: the squares it changes (never 0)."""
    return child[0] | child[1]


def _reversible(kings: int, c: Child) -> bool:
    """A king's simple move (no capture): the only kind that a later move could undo."""
    return not c[3].captured and bool(move_id(c) & kings)
