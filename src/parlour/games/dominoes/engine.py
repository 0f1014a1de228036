"""The rules of play: the start, the draw, the lead, forced play and knocking, the end of a hand,
scoring and the end of the game.

Legal moves, in this order:

* the lead: only the highest double in the hand (it is the highest double held at all, or the
  player would not be leading);
* after it: for each tile in the hand, in set order (``0|0``, ``1|0``, ``1|1`` … ``6|6``), a
  play on the left end if it fits, then on the right end if it fits (both are listed even when
  both ends show the same number: the line's shape differs, not the game);
* ``Knock()`` alone when no tile fits (a player who can play must).

After every play: a player who has laid their last tile chips out and ends the hand (with
``both_chip_out`` in partnerships, play goes on round them until their partner is out too);
otherwise, if no player holding tiles can play on the ends, the hand is blocked and ends at
once (the knocks round the table are taken as read).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Container, Sequence
from typing import Any

from parlour.core.errors import AmbiguousMoveError, IllegalMoveError
from parlour.core.protocol import CHANCE
from parlour.core.tiles import Tile
from parlour.games.dominoes.moves import Draw, End, Ending, Event, HandResult, Knock, Move, Placed, Play
from parlour.games.dominoes.notation import Spec
from parlour.games.dominoes.rules import Rules, hand_points, sides_of
from parlour.games.dominoes.state import Phase, State
from parlour.games.dominoes.tileset import NUMBER_MASKS, TILES, mask_of, spots, tiles_of

DOUBLES = tuple(t for t in TILES if t.double)
"""The doubles, lowest first."""


def initial_state(rules: Rules, players: int) -> State:
    """A game before the first draw (``RulesError`` for rules that make no game)."""
    rules.check(players)
    count = max(sides_of(rules, players)) + 1
    return State(rules=rules, players=players, scores=(0,) * count)


def to_act(state: State) -> tuple[int, ...]:
    """Chance before each hand (the draw), else the seat to play."""
    if state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.DRAW:
        return (CHANCE,)
    return (state.current,)


# ---- chance ------------------------------------------------------------------------------------

_SET = frozenset(TILES)


class AnyDraw(Container[Any]):
    """Every order of the 28 tiles (a draw is sampled, never listed)."""

    def __contains__(self, outcome: object) -> bool:
        return (isinstance(outcome, Draw) and len(outcome.tiles) == len(_SET)
                and frozenset(outcome.tiles) == _SET)


def possible_outcomes(state: State) -> AnyDraw | tuple[()]:
    return AnyDraw() if state.phase is Phase.DRAW else ()


def sample_chance(state: State, rng: random.Random) -> Draw:
    """The tiles shuffled."""
    tiles = list(TILES)
    rng.shuffle(tiles)
    return Draw(tuple(tiles))


# ---- the draw and the play ---------------------------------------------------------------------

def fits(hand: int, ends: tuple[int, int]) -> bool:
    """Some tile of ``hand`` shows one of the ``ends``."""
    return bool(hand & (NUMBER_MASKS[ends[0]] | NUMBER_MASKS[ends[1]]))


def highest_double(hand: int) -> Tile | None:
    for tile in reversed(DOUBLES):
        if hand >> tile.index & 1:
            return tile
    return None


def deal(state: State, draw: Draw) -> State:
    """Each player takes ``hand_size`` tiles in turn from the shuffled set; the holder of the
    highest double leads it.  If nobody holds a double the draw is thrown in (``redraws``)."""
    size = state.rules.hand_size
    hands = tuple(mask_of(draw.tiles[s * size:(s + 1) * size]) for s in range(state.players))
    sleeping = mask_of(draw.tiles[state.players * size:])
    best: tuple[Tile, int] | None = None
    for seat, hand in enumerate(hands):
        double = highest_double(hand)
        if double is not None and (best is None or double > best[0]):
            best = (double, seat)
    if best is None:
        return dataclasses.replace(state, hands=hands, sleeping=sleeping, redraws=state.redraws + 1)
    return dataclasses.replace(state, phase=Phase.PLAY, hands=hands, sleeping=sleeping, lead=None,
                               left=(), right=(), current=best[1], events=(),
                               out=(False,) * state.players)


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    if state.phase is not Phase.PLAY or seat != state.current:
        return ()
    hand = state.hands[seat]
    ends = state.ends
    if ends is None:
        double = highest_double(hand)
        return () if double is None else (Play(double),)
    left, right = ends
    moves: list[Move] = []
    playable = hand & (NUMBER_MASKS[left] | NUMBER_MASKS[right])
    for tile in tiles_of(playable):
        if tile.has(left):
            moves.append(Play(tile, End.LEFT))
        if tile.has(right):
            moves.append(Play(tile, End.RIGHT))
    return tuple(moves) if moves else (Knock(),)


def explain(state: State, seat: int, move: Move) -> str:
    """Why ``move`` (a dominoes move, not legal now) is refused."""
    if state.phase is not Phase.PLAY:
        return "the tiles have not been drawn yet" if state.phase is Phase.DRAW else "the game is over"
    if seat != state.current:
        return f"it is not seat {seat}'s turn"
    hand = state.hands[seat]
    ends = state.ends
    if isinstance(move, Knock):
        playable = [m for m in legal_moves(state, seat) if isinstance(m, Play)]
        tiles = sorted({m.tile for m in playable}, reverse=True)
        return ("a player who can play must: " + ", ".join(str(t) for t in tiles)
                + (" fits" if len(tiles) == 1 else " fit"))
    if not hand >> move.tile.index & 1:
        return f"you do not hold {move.tile}"
    if ends is None:
        double = highest_double(hand)
        return f"the first tile must be the double that gives you the lead, {double}"
    if move.end is None:
        return f"say which end {move.tile} goes on (left or right)"
    number = ends[0] if move.end is End.LEFT else ends[1]
    return f"{move.tile} does not fit the {move.end.value} end, which shows {number}"


def _active(state: State, hands: tuple[int, ...], out: tuple[bool, ...]) -> list[int]:
    return [s for s in range(state.players) if hands[s] and not out[s]]


def apply_move(state: State, seat: int, move: Move) -> State:
    """Apply a legal move (checked by the caller)."""
    ends = state.ends
    if isinstance(move, Knock):
        assert ends is not None
        events = (*state.events, Event(seat, None, None, ends))
        return dataclasses.replace(state, events=events, current=_next_seat(state, seat, state.out))
    tile = move.tile
    hands = list(state.hands)
    hands[seat] &= ~(1 << tile.index)
    left, right = state.left, state.right
    lead = state.lead
    if ends is None:
        lead = Placed(tile, seat, tile.high)
        new_ends = (tile.high, tile.high)
    elif move.end is End.LEFT:
        left = (*left, Placed(tile, seat, tile.other(ends[0])))
        new_ends = (left[-1].outer, ends[1])
    else:
        right = (*right, Placed(tile, seat, tile.other(ends[1])))
        new_ends = (ends[0], right[-1].outer)
    chipped = not hands[seat]
    stitched = ends is not None and new_ends[0] == new_ends[1]
    event = Event(seat, tile, move.end, new_ends, stitched=stitched, chipped=chipped)
    out = list(state.out)
    if chipped:
        out[seat] = True
    after = dataclasses.replace(state, hands=tuple(hands), lead=lead, left=left, right=right,
                                events=(*state.events, event), out=tuple(out))
    sides = sides_of(state.rules, state.players)
    if chipped:
        side = sides[seat]
        partners = [s for s in range(state.players) if sides[s] == side]
        if not state.rules.both_chip_out or all(not hands[s] for s in partners):
            return _end_hand(after, Ending.CHIP_OUT, seat)
    active = _active(state, after.hands, after.out)
    if not any(fits(after.hands[s], new_ends) for s in active):
        return _end_hand(after, Ending.BLOCKED, None)
    return dataclasses.replace(after, current=_next_seat(after, seat, after.out))


def _next_seat(state: State, seat: int, out: tuple[bool, ...]) -> int:
    """The next seat to the left still holding tiles."""
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if state.hands[candidate] and not out[candidate]:
            return candidate
    raise AssertionError("nobody holds a tile")  # pragma: no cover - the hand would have ended


# ---- the end of a hand -------------------------------------------------------------------------

def hand_score(rules: Rules, totals: Sequence[int], chipped: int | None) -> tuple[int | None, int]:
    """The winning side of a hand and its points, from each side's spots left: the side of the
    player who chipped out (``chipped``, a side); in a blocked hand (``None``) the side with the
    fewest spots, or nobody (``None``, 0 points) when two sides or more share the fewest."""
    if chipped is not None:
        return chipped, hand_points(rules, 0, [t for s, t in enumerate(totals) if s != chipped], False)
    low = min(totals)
    best = [s for s, t in enumerate(totals) if t == low]
    if len(best) > 1:
        return None, 0
    winner = best[0]
    return winner, hand_points(rules, low, [t for s, t in enumerate(totals) if s != winner], True)


def _end_hand(state: State, ending: Ending, chipped: int | None) -> State:
    rules, players = state.rules, state.players
    sides = sides_of(rules, players)
    totals = [0] * (max(sides) + 1)
    for seat in range(players):
        totals[sides[seat]] += spots(state.hands[seat])
    winner, points = hand_score(rules, totals, None if chipped is None else sides[chipped])
    if winner is None:
        ending = Ending.DRAWN
    scores = list(state.scores)
    if winner is not None:
        scores[winner] += points
    result = HandResult(state.hand_no, ending, winner, points, chipped,
                        tuple(tiles_of(h) for h in state.hands), tuple(totals),
                        (state.lead, state.left, state.right))
    over = winner is not None and scores[winner] >= rules.target
    return dataclasses.replace(
        state, phase=Phase.OVER if over else Phase.DRAW, scores=tuple(scores),
        sheet=(*state.sheet, result), winner=winner if over else None,
        hand_no=state.hand_no if over else state.hand_no + 1, redraws=0 if not over else state.redraws)


# ---- the end of the game -----------------------------------------------------------------------

def returns(state: State) -> tuple[float, ...]:
    """Each seat's side's points less the best other side's (at the end, the winners' margin;
    partners share their side's)."""
    sides = sides_of(state.rules, state.players)
    scores = state.scores
    out = []
    for seat in range(state.players):
        mine = scores[sides[seat]]
        others = [v for s, v in enumerate(scores) if s != sides[seat]]
        out.append(float(mine - max(others)))
    return tuple(out)


def winners(state: State) -> tuple[int, ...]:
    """The seats of the side that reached the target."""
    if state.winner is None:
        return ()
    sides = sides_of(state.rules, state.players)
    return tuple(s for s in range(state.players) if sides[s] == state.winner)


def seat_scores(state: State) -> tuple[tuple[int, ...], ...]:
    """Each seat's side's points in every hand (0 in hands it did not win)."""
    sides = sides_of(state.rules, state.players)
    return tuple(tuple(h.points if h.winner == sides[s] else 0 for h in state.sheet)
                 for s in range(state.players))


# ---- moves as typed ----------------------------------------------------------------------------

def resolve(state: State, seat: int, spec: Spec) -> Move:
    """The move a typed tile means (``notation.read``): on the end named or showing the number
    named, or, for a bare tile, where it fits (``IllegalMoveError`` if nowhere; if both ends fit
    and show different numbers, ``AmbiguousMoveError``; if they show the same number, on the
    shorter arm, the same game either way)."""
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


def _ends_text(ends: tuple[int, int]) -> str:
    return f"both ends show {ends[0]}" if ends[0] == ends[1] else f"the ends show {ends[0]} and {ends[1]}"
