"""Analysis for people: scores and lines, hints, and the mistakes of a finished game.

* :func:`analyse` scores every legal move exactly (each searched with a full window) and gives
  the principal variation;
* :func:`explain` says in words what a move does, from the line that follows it:
  ``"22x15 wins a man: 22x15 11x18 23x14"``, ``"11-15 loses a man: 22-18 15x22 25x18x11"``;
* :func:`hint` is the game's :class:`~parlour.core.protocol.Hint`: every move, best first,
  each with its value and explanation;
* :func:`mark_mistakes` goes through a finished game and lists the moves that lost at least
  half a man (or changed the result) against the best move, with the better move and why.

Scores are in hundredths of a man for the side to move; :func:`format_score` writes them for
people (``+1.35``, ``wins in 7 moves``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from parlour.core.protocol import Advice, Hint
from parlour.games.draughts.board import BIT, Colour, Move, Position, play
from parlour.games.draughts.search.searcher import (
    Limits,
    Probe,
    Searcher,
    is_loss,
    is_win,
    plies_to_end,
)

DEFAULT_LIMITS = Limits(depth=8, nodes=150_000)
"""The hint's and the game review's default effort (pass other limits for more or less)."""
MISTAKE_THRESHOLD = 50
"""A move that loses at least half a man against the best is a mistake."""
KNOWN_RESULT = 2000
"""A won (lost) game counts as 20 men up (down) when measuring how much a move lost."""
LINE_PLIES = 8
"""How many plies of a line an explanation shows."""


@dataclass(frozen=True)
class MoveScore:
    move: Move
    score: int
    """For the player making the move, after it (exact to the analysis' depth)."""


@dataclass(frozen=True)
class Analysis:
    """A position analysed: its score for the side to move, the best line, and every move's score."""

    position: Position
    score: int
    best: Move | None
    pv: tuple[Move, ...]
    moves: tuple[MoveScore, ...]
    depth: int
    nodes: int
    source: str

    def score_of(self, move: Move) -> int:
        for ms in self.moves:
            if ms.move == move:
                return ms.score
        raise ValueError(f"{move} is not a legal move here")

    @property
    def summary(self) -> str:
        who = self.position.turn.title
        if self.best is None:
            return f"{who} has no move and has lost."
        return f"{who} to move: {format_score(self.score)}; best {line_text(self.pv)}."


def format_score(score: int) -> str:
    """``+1.35`` (men, for the side to move), or ``wins in 4 moves`` / ``loses in 4 moves``."""
    if is_win(score) or is_loss(score):
        moves = (plies_to_end(score) + 1) // 2
        verb = "wins" if score > 0 else "loses"
        return f"{verb} in {moves} move{'s' if moves != 1 else ''}"
    return f"{score / 100:+.2f}"


def line_text(line: Sequence[Move], limit: int = LINE_PLIES) -> str:
    text = " ".join(m.text for m in line[:limit])
    return text + (" ..." if len(line) > limit else "")


def analyse(position: Position, limits: Limits = DEFAULT_LIMITS, history: Sequence[Position] = (),
            database: Probe | None = None, searcher: Searcher | None = None) -> Analysis:
    """Every legal move of ``position`` scored exactly within ``limits`` (see :class:`Analysis`)."""
    s = searcher or Searcher(database=database)
    result = s.search(position, limits, history, all_moves=True)
    moves = tuple(MoveScore(m, v) for m, v in result.scores)
    return Analysis(position, result.score, result.move, result.pv, moves, result.depth,
                    result.nodes, result.source)


# ---- words ------------------------------------------------------------------------------------


def _count(n: int, noun: str) -> str:
    words = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}
    if n == 1:
        return f"a {noun}"
    plural = "men" if noun == "man" else noun + "s"
    return f"{words.get(n, str(n))} {plural}"


def _pieces(men: int, kings: int) -> str:
    parts = []
    if men:
        parts.append(_count(men, "man"))
    if kings:
        parts.append(_count(kings, "king"))
    return " and ".join(parts)


def effect(position: Position, line: Sequence[Move]) -> str:
    """What a line does to the material of the side to move in ``position``, in words (empty if
    nothing changes): ``wins a man``, ``loses two men``, ``exchanges a man``, ``crowns a king``."""
    me = position.turn
    pos = position
    lost = {Colour.BLACK: [0, 0], Colour.WHITE: [0, 0]}  # men, kings taken from each side
    crowned = {Colour.BLACK: 0, Colour.WHITE: 0}
    for m in line:
        mover = pos.turn
        for sq in m.captured:
            piece = pos.piece_at(sq)
            if piece is not None:
                lost[piece.colour][1 if piece.king else 0] += 1
        after = play(pos, m)
        if not pos.kings & BIT[m.start] and after.kings & BIT[m.end]:
            crowned[mover] += 1
        pos = after
    mine, theirs = lost[me], lost[me.other]
    gained = theirs[0] + theirs[1] - mine[0] - mine[1]
    men, kings = theirs[0] - mine[0], theirs[1] - mine[1]
    words = []
    if gained > 0:
        words.append("wins " + (_pieces(men, kings) if men >= 0 and kings >= 0
                                else _count(gained, "piece")))
    elif gained < 0:
        words.append("loses " + (_pieces(-men, -kings) if men <= 0 and kings <= 0
                                 else _count(-gained, "piece")))
    elif mine[0] + mine[1]:
        words.append("exchanges " + _pieces(mine[0], mine[1]))
    if crowned[me] > crowned[me.other]:
        words.append("crowns a king")
    elif crowned[me.other] > crowned[me]:
        words.append(f"lets {me.other.title} crown a king")
    return " and ".join(words)


def explain(position: Position, move: Move, limits: Limits = DEFAULT_LIMITS,
            history: Sequence[Position] = (), database: Probe | None = None,
            searcher: Searcher | None = None, known: tuple[int, Sequence[Move]] | None = None) -> str:
    """One sentence on what ``move`` does in ``position``, with the line that shows it.

    ``known``: the move's score and line (starting with it) if an analysis already has them;
    otherwise the position after the move is searched for the best reply.
    """
    if known is not None and tuple(known[1][:1]) == (move,):
        score, line = known[0], tuple(known[1])
    else:
        s = searcher or Searcher(database=database)
        after = play(position, move)
        reply = s.search(after, Limits(depth=max(1, (limits.depth or 8) - 1), nodes=limits.nodes),
                         (*history, position), all_moves=True)
        if reply.move is None:
            return f"{move.text} wins: {position.turn.other.title} has no move left"
        score, line = -reply.score, (move, *reply.pv)
    if is_win(score) or is_loss(score):
        return f"{move.text} {format_score(score)}: {line_text(line)}"
    what = effect(position, line)
    if not what:
        what = "keeps the balance" if abs(score) < 40 else (
            "keeps the advantage" if score > 0 else "keeps a worse game")
    return f"{move.text} {what}: {line_text(line)}"


def hint(position: Position, limits: Limits = DEFAULT_LIMITS, history: Sequence[Position] = (),
         database: Probe | None = None) -> Hint[Move]:
    """Every legal move with its value (hundredths of a man for the mover) and an explanation,
    best first; the summary names the best move and why."""
    s = Searcher(database=database)
    a = analyse(position, limits, history, searcher=s)
    if a.best is None:
        return Hint(f"{position.turn.title} has no legal move.", (), "win")
    options = []
    for i, ms in enumerate(a.moves):
        if i == 0:
            why = explain(position, ms.move, limits, history, searcher=s, known=(a.score, a.pv))
        else:
            why = f"{format_score(ms.score)} ({(ms.score - a.score) / 100:+.2f} against the best)" \
                if not (is_win(ms.score) or is_loss(ms.score)) else format_score(ms.score)
        options.append(Advice(ms.move, float(ms.score), why))
    return Hint(f"Best: {options[0].explanation} ({format_score(a.score)})", tuple(options), "win")


# ---- reviewing a game ------------------------------------------------------------------------


@dataclass(frozen=True)
class Mistake:
    """A move that lost value against the best one."""

    ply: int
    """Its index in the game (0 is Black's first move)."""
    colour: Colour
    played: Move
    better: Move
    loss: int
    """How much it lost, in hundredths of a man (a won or lost game counts as 20 men)."""
    played_score: int
    best_score: int
    explanation: str

    def __str__(self) -> str:
        return self.explanation


def _clamp(score: int) -> int:
    if is_win(score):
        return KNOWN_RESULT
    if is_loss(score):
        return -KNOWN_RESULT
    return max(-KNOWN_RESULT + 1, min(KNOWN_RESULT - 1, score))


def mark_mistakes(game: Sequence[tuple[Position, Move]], limits: Limits = DEFAULT_LIMITS,
                  threshold: int = MISTAKE_THRESHOLD, database: Probe | None = None,
                  progress: Callable[[int, int], None] | None = None) -> list[Mistake]:
    """The mistakes of a game given as ``(position, move played)`` pairs in order.

    Each position is analysed (every move scored, see :func:`analyse`); a move whose score is at
    least ``threshold`` below the best move's, or that gives up a won game or a draw, is a
    mistake.  Positions with a single legal move are skipped.
    """
    s = Searcher(database=database)
    out: list[Mistake] = []
    history: list[Position] = []
    for ply, (position, played) in enumerate(game):
        if progress is not None:
            progress(ply, len(game))
        a = analyse(position, limits, history, searcher=s)
        s.clear()
        if len(a.moves) > 1 and a.best is not None:
            best, played_score = a.moves[0], a.score_of(played)
            loss = _clamp(best.score) - _clamp(played_score)
            result_changed = _result(best.score) != _result(played_score)
            if played != best.move and (loss >= threshold or result_changed):
                why = explain(position, played, limits, history, searcher=s)
                better = explain(position, best.move, limits, history, searcher=s,
                                 known=(a.score, a.pv))
                s.clear()
                out.append(Mistake(ply, position.turn, played, best.move, loss, played_score,
                                   best.score, f"{why}. Better: {better}."))
        reversible = bool(position.kings & BIT[played.start]) and not played.captured
        history = [*history, position] if reversible else []
    if progress is not None:
        progress(len(game), len(game))
    return out


def _result(score: int) -> int:
    return 1 if is_win(score) else (-1 if is_loss(score) else 0)
