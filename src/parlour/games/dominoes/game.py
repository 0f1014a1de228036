"""The English pub block game of dominoes, for two to four players or two partnerships."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Container, Mapping, Sequence
from typing import Any

from parlour.core.errors import AmbiguousMoveError, IllegalMoveError
from parlour.core.protocol import CHANCE, BotFactory, Game, GameSpec
from parlour.core.tiles import double_six_set
from parlour.games.dominoes import engine, notation, text
from parlour.games.dominoes.notation import Draw, End, Knock, Move, Play, Spec
from parlour.games.dominoes.rules import Rules, Scoring, sides_of
from parlour.games.dominoes.state import Phase, State, mask_of, tiles_of
from parlour.games.dominoes.view import DominoView, make_view

_SET = frozenset(double_six_set())


class _AnyDraw(Container[Any]):
    """Every order of the 28 tiles (a draw is sampled, never listed)."""

    def __contains__(self, outcome: object) -> bool:
        return isinstance(outcome, Draw) and len(outcome.tiles) == 28 and frozenset(outcome.tiles) == _SET


class Dominoes(Game[Rules, State, Move, Draw, DominoView]):
    """The block game with a double-six set; see ``docs/rules/dominoes.md``."""

    spec = GameSpec(
        name="dominoes",
        title="Dominoes",
        min_players=2,
        max_players=4,
        aliases=("domino", "block"),
        chance=True,
        hidden_information=True,
        summary="The pub block game: match the ends, knock when you cannot, chip out first. "
                "Four play as partners.",
    )
    rules_type = Rules

    # ---- set-up -----------------------------------------------------------
    def conformance_cases(self) -> tuple[tuple[Rules, int], ...]:
        """Short games (a low target) in every player count and scoring mode: partnerships, both
        partners chipping out, seven tiles (four players draw the whole set), a point a hand."""
        short = Rules(target=30)
        return ((short, 2), (dataclasses.replace(short, hand_size=7), 3), (short, 4),
                (Rules(target=30, both_chip_out=True), 4),
                (Rules(target=3, scoring=Scoring.POINT, partnerships=False, hand_size=7), 4))

    def initial_state(self, rules: Rules, players: int) -> State:
        rules.check(players)
        count = max(sides_of(rules, players)) + 1
        return State(rules=rules, players=players, scores=(0,) * count)

    def presets(self) -> Mapping[str, Rules]:
        return {"manual": Rules(), "cribbage": Rules(target=121),
                "a-point-a-hand": Rules(scoring=Scoring.POINT, target=5)}

    # ---- whose turn -------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        if state.phase is Phase.OVER:
            return ()
        if state.phase is Phase.DRAW:
            return (CHANCE,)
        return (state.current,)

    def players(self, state: State) -> int:
        return state.players

    # ---- moves ------------------------------------------------------------
    def legal_moves(self, state: State, seat: int) -> tuple[Move, ...]:
        """In the order of ``engine``'s docstring."""
        return engine.legal_moves(state, seat)

    def explain_illegal(self, state: State, seat: int, move: Move) -> str:
        if not isinstance(move, Play | Knock):
            return f"{move!r} is not a dominoes move"
        return engine.explain(state, seat, move)

    def _apply_move(self, state: State, seat: int, move: Move) -> State:
        return engine.apply_move(state, seat, move)

    # ---- chance -----------------------------------------------------------
    def possible_outcomes(self, state: State) -> Container[Any]:  # type: ignore[override]
        return _AnyDraw() if state.phase is Phase.DRAW else ()

    def sample_chance(self, state: State, rng: random.Random) -> Draw:
        return Draw.shuffled(rng)

    def _apply_outcome(self, state: State, outcome: Draw) -> State:
        return engine.deal(state, outcome)

    # ---- results and views ------------------------------------------------------
    def returns(self, state: State) -> tuple[float, ...]:
        """Each seat's side's points less the best other side's (at the end, the winners'
        margin; partners share their side's)."""
        sides = sides_of(state.rules, state.players)
        scores = state.scores
        out = []
        for seat in range(state.players):
            mine = scores[sides[seat]]
            others = [v for s, v in enumerate(scores) if s != sides[seat]]
            out.append(float(mine - max(others)))
        return tuple(out)

    def winners(self, state: State) -> tuple[int, ...]:
        """The seats of the side that reached the target."""
        if state.winner is None:
            return ()
        sides = sides_of(state.rules, state.players)
        return tuple(s for s in range(state.players) if sides[s] == state.winner)

    def seat_scores(self, state: State) -> tuple[tuple[int, ...], ...]:
        """Each seat's side's points in every hand (0 in hands it did not win)."""
        sides = sides_of(state.rules, state.players)
        return tuple(tuple(h.points if h.winner == sides[s] else 0 for h in state.sheet)
                     for s in range(state.players))

    def result_text(self, state: State, names: Sequence[str] | None = None) -> str:
        return text.result(state, names)

    def view(self, state: State, seat: int | None) -> DominoView:
        return make_view(state, seat)

    def resample_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """Deal the tiles ``seat`` cannot see (the other hands and the sleeping tiles) anew,
        each hand keeping its size, every deal consistent with what ``seat`` has seen equally
        likely: no tile showing a number a player knocked on goes to that player, and no double
        above the lead to anyone (its holder would have led it).  For a spectator the hands are
        dealt without those constraints."""
        if state.phase is not Phase.PLAY:
            return state
        if seat is not None:
            from parlour.games.dominoes.strong_deal import Deals

            dealt, sleeping = Deals.from_view(make_view(state, seat)).sample(rng)
            return dataclasses.replace(state, sleeping=sleeping, hands=tuple(
                state.hands[s] if s == seat else dealt.get(s, 0) for s in range(state.players)))
        pool = list(tiles_of(state.sleeping))
        for s in range(state.players):
            if s != seat:
                pool += tiles_of(state.hands[s])
        rng.shuffle(pool)
        hands = list(state.hands)
        for s in range(state.players):
            if s != seat:
                need = state.hands[s].bit_count()
                hands[s] = mask_of(pool[:need])
                del pool[:need]
        return dataclasses.replace(state, hands=tuple(hands), sleeping=mask_of(pool))

    # ---- notation ---------------------------------------------------------------
    def parse_move(self, state: State, seat: int, text: str) -> Move:
        """Read a move; a bare tile goes where it fits (see ``notation``)."""
        spec = notation.read(text)
        if isinstance(spec, Knock):
            return spec
        return self._resolve(state, seat, spec)

    def _resolve(self, state: State, seat: int, spec: Spec) -> Move:
        tile = spec.tile
        ends = state.ends
        if state.phase is not Phase.PLAY or ends is None:
            return Play(tile)
        if spec.end is not None:
            return Play(tile, spec.end)
        hand = state.hands[seat] if 0 <= seat < len(state.hands) else 0
        if not hand >> tile.index & 1:
            raise IllegalMoveError(f"you do not hold {tile}")
        if spec.on is not None:
            if spec.on not in ends:
                raise IllegalMoveError(f"no end shows {spec.on}: {_ends_text(ends)}")
            if not tile.has(spec.on):
                raise IllegalMoveError(f"{tile} has no {spec.on}")
            options = [e for e, n in zip((End.LEFT, End.RIGHT), ends, strict=True) if n == spec.on]
        else:
            options = [e for e, n in zip((End.LEFT, End.RIGHT), ends, strict=True) if tile.has(n)]
        if not options:
            raise IllegalMoveError(f"{tile} fits neither end: {_ends_text(ends)}")
        if len(options) == 2 and ends[0] != ends[1]:
            raise AmbiguousMoveError(f"{tile} fits both ends: say {tile} left (on the {ends[0]}) "
                                     f"or {tile} right (on the {ends[1]})")
        if len(options) == 2:  # both ends show the same number: the same game either way
            options = [End.LEFT if len(state.left) < len(state.right) else End.RIGHT]
        return Play(tile, options[0])

    def format_move(self, state: State, seat: int, move: Move) -> str:
        return notation.format_move(move)

    def parse_outcome(self, state: State, text: str) -> Draw:
        return notation.parse_outcome(text)

    def format_outcome(self, state: State, outcome: Draw) -> str:
        return notation.format_outcome(outcome)

    def describe(self, state: State, seat: int, action: Move | Draw,
                 names: Sequence[str] | None = None) -> str:
        """Everything, for the table's private log (never sent to a player)."""
        return text.describe(state, seat, action, names, omniscient=True)

    def describe_for(self, state: State, seat: int, action: Move | Draw, viewer: int | None,
                     names: Sequence[str] | None = None) -> str:
        """What ``viewer`` may read: their own tiles drawn, every play and knock; never another
        hand or the sleeping tiles (the end of a hand shows every hand's tiles left)."""
        return text.describe(state, seat, action, names, viewer=viewer)

    def render_text(self, view: DominoView, names: Sequence[str]) -> str:
        return text.render_view(view, names)

    def move_help(self) -> str:
        return notation.HELP

    # ---- bots ---------------------------------------------------------------------
    def bots(self) -> Mapping[str, BotFactory]:
        from parlour.games.dominoes.bots import BOTS

        return BOTS


def _ends_text(ends: tuple[int, int]) -> str:
    return f"both ends show {ends[0]}" if ends[0] == ends[1] else f"the ends show {ends[0]} and {ends[1]}"


GAME = Dominoes()

