"""The one protocol every game follows.

A game is an object (usually a module-level singleton) with a :class:`GameSpec`,
a frozen ``Rules`` dataclass whose defaults are the manual's main rules, and
pure functions over immutable, hashable states:

* ``initial_state(rules, players)``
* ``to_act(state)`` -- the seats that may act now, ``(CHANCE,)`` at a chance
  node, or ``()`` once the game is over;
* ``legal_moves(state, seat)`` in a documented, deterministic order;
* ``apply(state, seat, move)`` -- verifies, then returns a *new* state; raises
  :class:`~parlour.core.errors.IllegalMoveError` with the reason;
* ``chance_outcomes(state)`` (exact probabilities) or ``sample_chance(state, rng)``;
* ``returns(state)``, ``view(state, seat)``;
* ``parse_move`` / ``format_move`` and ``parse_outcome`` / ``format_outcome`` --
  the text grammar people type and records store; they round-trip.

Chance is a seat of its own: ``apply(state, CHANCE, outcome)`` resolves a chance
node, so a game record is one sequence of ``(seat, action)`` pairs.
"""

from __future__ import annotations

import abc
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from parlour.core.chance import Distribution
from parlour.core.errors import IllegalMoveError, NotYourTurnError

if TYPE_CHECKING:
    from parlour.core.commands import Command
    from parlour.envs.encoding import Encoding

CHANCE = -1
"""The pseudo-seat that acts at chance nodes (dice, shuffles, deals)."""

JSON = Any
"""A value made only of dicts, lists, strings, numbers, booleans and None."""

S = TypeVar("S")
"""A game's state type (frozen, hashable)."""
M = TypeVar("M")
"""A game's move type (frozen, hashable)."""
C = TypeVar("C")
"""A game's chance outcome type (frozen, hashable)."""
R = TypeVar("R")
"""A game's rules type (a frozen dataclass)."""


@dataclass(frozen=True)
class GameSpec:
    """Facts about a game: data, not code."""

    name: str
    title: str
    min_players: int
    max_players: int
    aliases: tuple[str, ...] = ()
    chance: bool = False
    hidden_information: bool = False
    simultaneous: bool = False
    summary: str = ""
    private_hands: bool = True
    """With hidden information: the players keep secrets from one another (their hands), so a
    device they share is passed with the screen covered.  False where every player sees the same
    and only the house has a secret (Blackjack's hole card)."""

    @property
    def pass_device(self) -> bool:
        """Players sharing a device must not see each other's screen."""
        return self.hidden_information and self.private_hands


@dataclass(frozen=True)
class Advice(Generic[M]):
    """One option an advisor ranks: a move, its value and why."""

    move: M
    value: float
    explanation: str
    exact: Fraction | None = None


@dataclass(frozen=True)
class Hint(Generic[M]):
    """An advisor's answer: every option, best first, and a summary line."""

    summary: str
    options: tuple[Advice[M], ...] = field(default_factory=tuple)
    objective: str = ""


@dataclass(frozen=True)
class Export:
    """A game written in another program's format (PDN for draughts)."""

    text: str
    extension: str
    """The file name's ending, without the dot (``pdn``)."""
    media_type: str = "text/plain"


class View(abc.ABC):
    """What one seat (or a spectator, seat ``None``) may know of a state."""

    seat: int | None

    @abc.abstractmethod
    def to_json(self) -> dict[str, JSON]:
        """The view as plain JSON data, for the web client and logs."""


V = TypeVar("V", bound=View)


V_in = TypeVar("V_in", contravariant=True)
"""The view type a bot reads."""


class Bot(abc.ABC, Generic[V_in, M]):
    """A computer player of one game: ``Bot[ViewT, MoveT]`` reads that game's views and picks
    one of its moves.  It sees only views (never a state), so it cannot cheat."""

    name: str = "bot"

    @abc.abstractmethod
    def choose(self, game: Game[Any, Any, M, Any, Any], view: V_in, legal: Sequence[M],
               rng: random.Random) -> M:
        """Pick one of ``legal`` (never empty) for the seat whose ``view`` this is, drawing any
        randomness from ``rng`` only."""


AnyBot = Bot[Any, Any]
"""A bot of any game (the driver, the server and the terminal hold bots of every game)."""

BotFactory = Callable[[Any], AnyBot]
"""A callable ``(rules) -> Bot``."""


class Game(abc.ABC, Generic[R, S, M, C, V]):
    """Base class of every game.  Subclasses implement the abstract methods."""

    spec: GameSpec
    rules_type: type[R]

    # ---- set-up -------------------------------------------------------
    def default_rules(self) -> R:
        """The manual's main rules."""
        return self.rules_type()

    def conformance_cases(self) -> tuple[tuple[R, int], ...]:
        """Rule sets and player counts the conformance suite plays (every variant should appear)."""
        rules = self.default_rules()
        return tuple((rules, n) for n in sorted({self.spec.min_players, self.spec.max_players}))

    @abc.abstractmethod
    def initial_state(self, rules: R, players: int) -> S:
        """The state before anything happens; raises ``RulesError`` for a bad player count."""

    # ---- whose turn ------------------------------------------------------
    @abc.abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """Seats that may act now; ``(CHANCE,)`` at a chance node; ``()`` when over."""

    def is_terminal(self, state: S) -> bool:
        return not self.to_act(state)

    def is_chance(self, state: S) -> bool:
        return self.to_act(state) == (CHANCE,)

    # ---- moves ---------------------------------------------------------
    @abc.abstractmethod
    def legal_moves(self, state: S, seat: int) -> tuple[M, ...]:
        """Every legal move of ``seat`` now, in the game's documented order (empty if none)."""

    @abc.abstractmethod
    def _apply_move(self, state: S, seat: int, move: M) -> S:
        """Apply a move already known to be legal."""

    @abc.abstractmethod
    def _apply_outcome(self, state: S, outcome: C) -> S:
        """Apply a chance outcome already known to be possible."""

    def explain_illegal(self, state: S, seat: int, move: M) -> str:
        """Why ``move`` is illegal (called only when it is). Games give better reasons."""
        return f"{self.format_move(state, seat, move)} is not a legal move now"

    def apply(self, state: S, seat: int, action: M | C) -> S:
        """Verify, then apply: a move by ``seat`` or, with ``seat == CHANCE``, a chance outcome.

        Returns a new state; ``state`` is never changed.  Raises
        :class:`IllegalMoveError` (with the reason) for anything not allowed now.
        """
        actors = self.to_act(state)
        if not actors:
            raise IllegalMoveError("the game is over")
        if seat == CHANCE:
            if actors != (CHANCE,):
                raise NotYourTurnError("no chance event is due now")
            outcome: Any = action
            try:
                possible = outcome in self.possible_outcomes(state)
            except TypeError:  # an unhashable value (a list, say) asked of a set of outcomes
                possible = False
            if not possible:
                raise IllegalMoveError(f"{outcome!r} is not a possible outcome now")
            return self._apply_outcome(state, outcome)
        if seat not in actors:
            if actors == (CHANCE,):
                raise NotYourTurnError("a chance event (a throw or a deal) is due first")
            raise NotYourTurnError(f"it is not seat {seat}'s turn")
        move: Any = action
        if move not in self.legal_moves(state, seat):
            raise IllegalMoveError(self.explain_illegal(state, seat, move))
        return self._apply_move(state, seat, move)

    # ---- a clock (optional) ------------------------------------------------
    timed: ClassVar[bool] = False
    """Whether a table may play this game on a clock (the game then overrides ``time_out``)."""

    def time_out(self, state: S, seat: int) -> M | None:
        """The action that records ``seat`` (to act) running out of time on a clock, for a server
        keeping the clock to apply; never among the legal moves, and never read by
        ``parse_move`` (only ``parse_action`` reads it back from a log).  ``None``: the game is not
        played on a clock."""
        return None

    # ---- chance --------------------------------------------------------
    def chance_outcomes(self, state: S) -> tuple[tuple[C, Fraction], ...] | None:
        """Every outcome of the chance node with its exact probability, or ``None`` if too many."""
        return None

    def possible_outcomes(self, state: S) -> Sequence[C] | frozenset[C]:
        """The outcomes ``apply(state, CHANCE, …)`` accepts (games with huge spaces override)."""
        listed = self.chance_outcomes(state)
        if listed is None:
            raise NotImplementedError("this game must override possible_outcomes")
        return [o for o, _ in listed]

    def sample_chance(self, state: S, rng: random.Random) -> C:
        """Draw a chance outcome with its true probability, using only ``rng`` (one
        ``randrange`` over the outcomes' common denominator).  Games whose outcomes are always
        the same few lists (dice) draw from a :class:`Distribution` kept for each."""
        listed = self.chance_outcomes(state)
        if listed is None:
            raise NotImplementedError("this game must override sample_chance")
        return Distribution.of(listed).draw(rng)

    # ---- results and views -------------------------------------------
    @abc.abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """Each seat's result; meaningful at the end (games document mid-game values)."""

    @abc.abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may know (``None``: a spectator)."""

    def resample_hidden(self, state: S, seat: int | None, rng: random.Random) -> S:
        """A state ``seat`` cannot tell apart from ``state`` (other hands, stock order …).

        Perfect-information games return ``state``.  Used by determinizing bots
        and by the conformance suite to prove views leak nothing.
        """
        return state

    def players(self, state: S) -> int:
        """The number of seats."""
        return len(self.returns(state))

    # ---- notation ------------------------------------------------------
    @abc.abstractmethod
    def parse_move(self, state: S, seat: int, text: str) -> M:
        """Read a move in the game's text grammar; raises ``InvalidMoveError``."""

    @abc.abstractmethod
    def format_move(self, state: S, seat: int, move: M) -> str:
        """The canonical text of a move (``parse_move`` reads it back)."""

    @abc.abstractmethod
    def parse_outcome(self, state: S, text: str) -> C:
        """Read a chance outcome's text; raises ``InvalidMoveError``."""

    @abc.abstractmethod
    def format_outcome(self, state: S, outcome: C) -> str:
        """The canonical text of a chance outcome."""

    def parse_action(self, state: S, seat: int, text: str) -> M | C:
        """``parse_outcome`` for ``CHANCE``, ``parse_move`` otherwise."""
        if seat == CHANCE:
            return self.parse_outcome(state, text)
        return self.parse_move(state, seat, text)

    def format_action(self, state: S, seat: int, action: M | C) -> str:
        if seat == CHANCE:
            return self.format_outcome(state, action)  # type: ignore[arg-type]  # CHANCE's action is an outcome
        return self.format_move(state, seat, action)  # type: ignore[arg-type]  # a seat's action is a move

    def describe(self, state: S, seat: int, action: M | C,
                 names: Sequence[str] | None = None) -> str:
        """A sentence for logs ("Ann covers 8 and 1"), said of ``action`` applied to ``state``.

        ``names`` are the players' names by seat (defaults from ``seat_label``).
        """
        who = "Chance" if seat == CHANCE else self.name_of(state, seat, names)
        return f"{who}: {self.format_action(state, seat, action)}"

    def describe_for(self, state: S, seat: int, action: M | C, viewer: int | None,
                     names: Sequence[str] | None = None) -> str:
        """The log line ``viewer`` (a seat, or ``None`` for a spectator) may read for ``action``.

        Logs sent to players are made only of these.  By default everything is
        told in games without hidden information; in games with it, a chance
        outcome (a deal, a draw) is not told at all, and games override this to
        tell each seat what the rules let it see ("You draw the 7♥", "Bob draws").
        """
        if seat == CHANCE and self.spec.hidden_information:
            return "Chance: the cards are dealt or drawn (hidden)"
        return self.describe(state, seat, action, names)

    def seat_names(self, state: S, names: Sequence[str] | None = None) -> list[str]:
        """Every seat's name: ``names`` where given, else ``seat_label``."""
        return [self.name_of(state, seat, names) for seat in range(self.players(state))]

    def name_of(self, state: S, seat: int, names: Sequence[str] | None = None) -> str:
        if names is not None and 0 <= seat < len(names):
            return names[seat]
        return self.seat_label(state, seat)

    # ---- help for people --------------------------------------------------
    def advise(self, state: S, seat: int) -> Hint[M] | None:
        """Every legal choice ranked with its value, or ``None`` if the game has no advisor.

        Advisors only use what ``seat`` may see.
        """
        return None

    def export(self, record: Any, when: float | None = None, event: str | None = None,
               number: int | None = None) -> Export | None:
        """The game of ``record`` (a :class:`parlour.core.record.Record`) in the format other
        programs read for this game, or ``None`` if it has none.  If known: ``when`` the game
        began (seconds since the epoch), the ``event`` (such as a table) and the game's
        ``number`` in it.  Servers offer it to players only when the
        record hides nothing from them: for a game with hidden information, once it is over."""
        return None

    def review(self, record: Any) -> dict[str, Any] | None:
        """An engine's review of the finished game of ``record`` (the mistakes, with better
        choices and why), as JSON data, or ``None`` if the game has no reviewer.  It may take a
        while: callers run it away from anything that must answer at once."""
        return None

    def winners(self, state: S) -> tuple[int, ...]:
        """The seats that won a finished game (several share a tie; none for a solo loss).

        By default: the seats with the best return, unless every seat has the same;
        alone, a positive return is a win.
        """
        values = self.returns(state)
        if len(values) == 1:
            return (0,) if values[0] > 0 else ()
        best = max(values)
        if min(values) == best:
            return ()
        return tuple(s for s, v in enumerate(values) if v == best)

    def result_text(self, state: S, names: Sequence[str] | None = None) -> str:
        """The result in words; games say more (scores, money)."""
        values = self.returns(state)
        best = max(values)
        top = [self.name_of(state, s, names) for s, v in enumerate(values) if v == best]
        if len(top) == len(values) and len(values) > 1:
            return "A draw."
        return f"{' and '.join(top)} {'wins' if len(top) == 1 else 'share the win'}."

    def seat_scores(self, state: S) -> tuple[tuple[int, ...], ...]:
        """Each seat's score in every finished round or hand, for statistics (default none)."""
        return ()

    score_highlight: tuple[str, int] | None = None
    """A score worth counting on its own in statistics, with its name (Shut the Box: "shut", 0)."""

    def render_text(self, view: V, names: Sequence[str]) -> str:
        """The view drawn as plain text for a terminal (and the golden playthroughs), with the
        players' ``names`` by seat; games draw their own (``text.py``), the default is the JSON."""
        return json.dumps(view.to_json(), indent=1)

    def commands(self) -> Sequence[Command]:
        """The game's own command-line commands (:mod:`parlour.core.commands`): ``parlour solve
        GAME``, extra ``simulate`` options, tools such as ``parlour draughts perft``; none by
        default."""
        return ()

    def rules_document(self) -> str:
        """The rules as implemented, in Markdown: every default, option and judgement call.
        Parlour's own games keep theirs in ``parlour/rules_docs/<name>.md`` (copied from
        ``docs/rules/``); another game overrides this."""
        path = Path(__file__).resolve().parent.parent / "rules_docs" / f"{self.spec.name}.md"
        if path.exists():
            return path.read_text(encoding="utf-8")
        return f"# {self.spec.title}\n\n{self.spec.summary}\n"

    def move_help(self) -> str:
        """How to type moves, for ``help`` in the terminal."""
        return ""

    def seat_label(self, state: S, seat: int) -> str:
        """A name for a seat when no player name is known."""
        return f"Player {seat + 1}"

    def bots(self) -> Mapping[str, BotFactory]:
        """The game's own bots by name, weakest first (``random`` is added for every game)."""
        return {}

    def bot_descriptions(self) -> Mapping[str, str]:
        """A line for a newcomer on how each of :meth:`bots` plays, by name (the lobby shows
        them beside the levels); none by default."""
        return {}

    default_bot: str = "random"
    """The bot the lobby offers first for a seat: a middle level a newcomer can beat, not the
    strongest."""

    def presets(self) -> Mapping[str, R]:
        """Named sets of house rules to start from (the lobby's and ``--preset``'s choices), the
        first the manual's; none by default."""
        return {}

    def encoding(self, rules: R, players: int) -> Encoding[Any, Any, Any] | None:
        """The learning environments' encoding of this game (:mod:`parlour.envs.encoding`):
        observations as fixed-shape arrays and moves as codes in a fixed discrete action space,
        for these rules and players; ``None`` if the game has none.  Parlour's games keep theirs in
        ``encoding.py`` and import it only when asked."""
        return None

    def prepare(self, rules: R) -> None:
        """Do slow one-off work for these rules ahead of time (solve or load a strategy table),
        so that bots and hints answer at once; the server calls it in the background when a
        table opens.  By default there is nothing to do."""




AnyGame = Game[Any, Any, Any, Any, Any]
"""A game of any kind (the registry, the driver and the faces hold every game)."""

__all__ = [
    "CHANCE",
    "JSON",
    "Advice",
    "AnyBot",
    "AnyGame",
    "Bot",
    "Export",
    "Game",
    "GameSpec",
    "Hint",
    "View",
]
