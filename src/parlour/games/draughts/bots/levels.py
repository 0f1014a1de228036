"""Playing levels, from a beginner who misses things to the engine's full strength, and their bots.

========== ====================================================================================
level      how it plays
========== ====================================================================================
beginner   2 plies, every move's score blurred by up to ±1.2 men, and 1 move in 6 random
casual     4 plies, scores blurred by up to ±0.5 men, 1 move in 25 random
club       6 plies, scores blurred by up to ±0.15 men
strong     0.5 s a move (at most 200,000 nodes), the endgame database if built
expert     1.5 s a move (at most 1,000,000 nodes), the endgame database (full strength)
========== ====================================================================================

A level's choice is deterministic given its random generator and, for the fixed-depth levels,
the position; ``strong`` and ``expert`` think for a time, so they may play differently on a
slower machine.  :attr:`Level.nodes` gives each timed level a node budget too: the strength
matches (``bench/draughts_match.py``) can play by nodes alone so that their results repeat.
A decision's budget is the level's search and, in a dead position or at a draw offer, a quick
score (``LevelPlayer.score``: 50,000 nodes): ``expert`` thinks 1.5 s (2 s until 2026-11-27) so
that a whole decision stays within 2 s (``docs/benchmarks.md``, "Bots' budgets").  The search's
table is cleared after each decision, so its memory is a decision's too.

:func:`make_level_bot` wraps a level as a :class:`parlour.core.protocol.Bot` for the game: it
offers draws in dead positions and answers offers, by its search's evaluation (:mod:`.draws`),
huffs under the huffing rule (the piece whose removal is best for it), and otherwise plays the
level's move.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass

from parlour.core.protocol import Bot, BotFactory, Game
from parlour.games.draughts.board import Move, Position, legal_moves
from parlour.games.draughts.bots import draws
from parlour.games.draughts.moves import AcceptDraw, Action, DeclineDraw, Huff, OfferDraw, Toss
from parlour.games.draughts.rules import Rules
from parlour.games.draughts.search import endgame
from parlour.games.draughts.search.searcher import MATE_BOUND, Limits, Probe, Searcher
from parlour.games.draughts.state import State
from parlour.games.draughts.view import DraughtsView


@dataclass(frozen=True)
class Level:
    name: str
    title: str
    description: str
    """A line for a newcomer on how the level plays (the lobby shows it)."""
    depth: int | None = None
    seconds: float | None = None
    nodes: int | None = None
    noise: int = 0
    """Each root move's score is blurred by a uniform amount in ``[-noise, noise]`` (hundredths
    of a man) before the best is picked."""
    random_move: float = 0.0
    """The chance of playing a uniformly random legal move instead."""
    database: bool = False
    """Use the endgame database (the 4-piece one if it is built, else the 3-piece one, which
    builds in a couple of seconds)."""

    @property
    def limits(self) -> Limits:
        return Limits(depth=self.depth, nodes=self.nodes, seconds=self.seconds)


LEVELS: dict[str, Level] = {
    lv.name: lv for lv in (
        Level("beginner", "Beginner", "Looks a move ahead and often blunders: for a first game.",
              depth=2, noise=120, random_move=1 / 6),
        Level("casual", "Casual", "Looks two moves ahead and now and then slips.",
              depth=4, noise=50, random_move=1 / 25),
        Level("club", "Club player", "Looks three moves ahead and rarely slips: a steady club player.",
              depth=6, noise=15),
        Level("strong", "Strong", "Thinks half a second a move and knows the endgames: hard to beat.",
              seconds=0.5, nodes=200_000, database=True),
        Level("expert", "Expert", "The engine at full strength, a second and a half a move.",
              seconds=1.5, nodes=1_000_000, database=True),
    )
}
"""Every level by name, weakest first."""


def level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"no draughts level {name!r}: choose from {', '.join(LEVELS)}") from None


def endgame_for_play(max_pieces: int = endgame.DEFAULT_PIECES) -> endgame.EndgameDatabase:
    """The biggest database ready to use without a long wait: ``max_pieces`` if it is in memory
    or cached, else the 3-piece one (built on demand in a couple of seconds)."""
    found = endgame.loaded(max_pieces)
    if found is not None:
        return found
    return endgame.database(min(3, max_pieces))


PREPARE_ENV = "PARLOUR_DRAUGHTS_ENDGAME"
"""The environment variable choosing the database a server prepares: its number of pieces (2 to
4), or 0 for none.  The test suite sets 3, so that its servers do not spend the 4-piece build's
time and memory."""


def prepare_database() -> endgame.EndgameDatabase | None:
    """Build (or load) the database that ``strong``, ``expert`` and the hints use, ahead of
    play: the 4-piece one unless ``$PARLOUR_DRAUGHTS_ENDGAME`` says otherwise.  The first build
    takes a while and is cached (see ``docs/benchmarks.md``); until it is ready the
    levels use the 3-piece one, and take the bigger one up from their next move."""
    raw = os.environ.get(PREPARE_ENV, "").strip()
    try:
        pieces = int(raw) if raw else endgame.DEFAULT_PIECES
    except ValueError:
        raise ValueError(f"{PREPARE_ENV} must be a number of pieces (2 to {endgame.MAX_PIECES}) "
                         f"or 0, not {raw!r}") from None
    if pieces == 0:
        return None
    return endgame.database(pieces)


class LevelPlayer:
    """A level's move choice on bare positions (no game state): the core the bot wraps."""

    def __init__(self, lv: Level, database: Probe | None = None, keep_tables: bool = False,
                 searcher: Searcher | None = None) -> None:
        self.level = lv
        self.keep_tables = keep_tables
        self._database = database
        self._chosen = database is not None
        """A database given by the caller is kept; else the level takes the biggest one ready."""
        self.searcher = searcher or Searcher(database=database)

    def database(self) -> Probe | None:
        """The endgame database the level plays with now: the caller's, or (for the levels that
        use one) the biggest ready, taking up a bigger one as soon as it is (and then forgetting
        the search's tables, whose scores came from the smaller one)."""
        if self._chosen or not self.level.database:
            return self._database
        current = self._database
        if not isinstance(current, endgame.EndgameDatabase) or current.max_pieces < endgame.DEFAULT_PIECES:
            found = endgame_for_play()  # the 4-piece one as soon as it is ready
            if found is not current:
                self._database = found
                self.searcher.database = found
                self.searcher.clear()  # scores from the smaller database may differ
        return self._database

    def choose(self, position: Position, rng: random.Random,
               history: Sequence[Position] = ()) -> Move:
        """The level's move in ``position`` (which must have a legal move)."""
        moves = legal_moves(position)
        if not moves:
            raise ValueError("there is no legal move in this position")
        lv = self.level
        if len(moves) == 1:
            return moves[0]
        if lv.random_move and rng.random() < lv.random_move:
            return moves[rng.randrange(len(moves))]
        self.database()
        try:
            if lv.noise:
                result = self.searcher.search(position, lv.limits, history, all_moves=True)
                blurred = [(score + rng.randint(-lv.noise, lv.noise), i)
                           for i, (_, score) in enumerate(result.scores)]
                return result.scores[max(blurred)[1]][0]
            result = self.searcher.search(position, lv.limits, history)
            assert result.move is not None
            return result.move
        finally:
            if not self.keep_tables:
                self.searcher.clear()

    def score(self, position: Position, history: Sequence[Position] = ()) -> int:
        """A quick score of ``position`` for the side to move (for draw offers and huffs)."""
        self.database()
        limits = Limits(depth=min(self.level.depth or 6, 6), nodes=50_000)
        try:
            return self.searcher.search(position, limits, history, all_moves=True).score
        finally:
            if not self.keep_tables:
                self.searcher.clear()


DRAW_ACCEPT_BELOW = 25
"""A bot accepts a draw offer (and offers one in a dead position) unless it stands better than a
quarter of a man."""


class EngineBot(Bot[DraughtsView, Action]):
    """A draughts bot playing one level (see the module's notes)."""

    def __init__(self, lv: Level, database: Probe | None = None) -> None:
        self.name = lv.name
        self.player = LevelPlayer(lv, database)

    def choose(self, game: Game[Rules, State, Action, Toss, DraughtsView], view: DraughtsView,
               legal: Sequence[Action], rng: random.Random) -> Action:
        state = view.state
        position = state.position
        history = state.seen
        if AcceptDraw() in legal:
            # the offer was made by the side to move; we are the other side
            return AcceptDraw() if self._content(state, -self._standing(state)) else DeclineDraw()
        if (OfferDraw() in legal and draws.may_offer(state) and draws.looks_dead(state)
                and self._content(state, self._standing(state))):
            return OfferDraw()
        huffs = [a for a in legal if isinstance(a, Huff)]
        if huffs:
            return max(huffs, key=lambda h: (self._huff_value(position, h.square), -h.square))
        moves = [a for a in legal if isinstance(a, Move)]
        if not moves:
            return legal[0]
        if not legal_moves(position):  # nothing under the compulsory rule: pick among the legal
            return moves[0]
        move = self.player.choose(position, rng, history)
        return move if move in moves else moves[0]

    def _standing(self, state: State) -> int:
        """The search's score of the position for the side to move, for a draw offer.  Positions
        the game has been through count as draws only where the rules say a repetition draws:
        under the manual's rules a position come round again is worth what it was."""
        history = state.seen if state.rules.repetition_draw else ()
        return self.player.score(state.position, history)

    def _content(self, state: State, mine: int) -> bool:
        """Content with a draw, standing at ``mine`` by the search: not better than a quarter of
        a man; or, after a long stretch with no progress, anything but a forced win seen through
        the endgame database (which the level plays out: see :mod:`.draws`)."""
        if mine < DRAW_ACCEPT_BELOW:
            return True
        return draws.given_up(state) and not (self.player.level.database and mine > MATE_BOUND)

    def _huff_value(self, position: Position, square: int) -> int:
        """How good it is for the side to move to huff the piece on ``square`` (higher is better)."""
        after = position.without(square)
        if not legal_moves(after):
            return -100_000
        return self.player.score(after)


def make_level_bot(name: str, database: Probe | None = None) -> EngineBot:
    """A bot playing the level ``name`` (see :data:`LEVELS`)."""
    return EngineBot(level(name), database)


def level_bot_factory(name: str) -> BotFactory:
    """The factory ``(rules) -> Bot`` of a level, as the game's bot table wants it."""

    def factory(rules: Rules) -> EngineBot:
        return make_level_bot(name)

    return factory
