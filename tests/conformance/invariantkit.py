"""Invariant checkers for every registered game, and the runner that plays random games under them.

Used by ``test_invariants.py``.  Each game has a :class:`Checker` written against its state's own
structure (not its views): after every action ``state`` checks that every card, tile, die and piece
is accounted for, and ``step`` checks the action's effect (scores written by the rules, recomputed
here independently of the engine).  The runner plays one random game with a seed, checks the
state's hash is unchanged by ``apply`` (states are immutable), and for sampled games also replays
the game's record (through its JSON lines and the game's notation) and checks that every seat's
view is blind to what it may not see.

To reproduce a failure, call ``play_checked`` as the failure's message says (the game's name, the
index of its conformance case, the seed and the checks).
"""

from __future__ import annotations

import dataclasses
import operator
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache, lru_cache, reduce
from typing import Any

from parlour.core import registry
from parlour.core.bitset import bits
from parlour.core.cards import standard_deck
from parlour.core.options import rules_to_json
from parlour.core.protocol import CHANCE
from parlour.core.record import Entry, Record
from parlour.core.tiles import double_six_set
from parlour.games.blackjack.moves import DoubleDown
from parlour.games.blackjack.moves import Outcome as BOutcome
from parlour.games.blackjack.rules import Deal as BDeal
from parlour.games.blackjack.rules import Soft17, Surrender
from parlour.games.blackjack.state import DEALER
from parlour.games.blackjack.state import Phase as BPhase
from parlour.games.blackjack.state import shoe_counts as b_counts
from parlour.games.blackjack.state import shoe_of as b_shoe_of
from parlour.games.dominoes.moves import End, Knock
from parlour.games.dominoes.moves import Ending as DoEnding
from parlour.games.dominoes.moves import Play as DPlay
from parlour.games.dominoes.rules import Blocked
from parlour.games.dominoes.rules import Scoring as DScoring
from parlour.games.dominoes.state import Phase as DPhase
from parlour.games.draughts.board import BIT, VALID
from parlour.games.draughts.board import Move as DMove
from parlour.games.draughts.board import legal_moves as d_legal_moves
from parlour.games.draughts.moves import Huff
from parlour.games.draughts.state import Ending as DEnding
from parlour.games.gin_rummy.rules import Outcome as GOutcome
from parlour.games.gin_rummy.state import Phase as GPhase
from parlour.games.go_fish import view as fish_view
from parlour.games.go_fish.moves import Act as FAct
from parlour.games.go_fish.rules import Ending as FEnding
from parlour.games.go_fish.state import Phase as FPhase
from parlour.games.shut_the_box.moves import Flip, Throw
from parlour.games.shut_the_box.rules import Mode, OneDie, Scoring
from parlour.games.shut_the_box.state import Status
from parlour.games.yahtzee.moves import Roll, Score
from parlour.games.yahtzee.rules import Box, Joker


class InvariantError(AssertionError):
    """An invariant failed; the message says the game, the rules, the seed and the move."""


def popcount(mask: int) -> int:
    return mask.bit_count()


bits_of = bits


# ================================================================================================
# The checker interface
# ================================================================================================
class Checker:
    """The invariants of one game, for one game played (it may remember what it has seen)."""

    def __init__(self, game: Any, rules: Any, players: int) -> None:
        self.game = game
        self.rules = rules
        self.players = players
        self.seen: Counter[str] = Counter()
        """Features met (splits, undercuts, blocked hands ...): the test asserts the random games
        reach them, so that the invariants about them are really exercised."""

    def choose(self, state: Any, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
        """The random player's choice (uniform unless a game says otherwise)."""
        return legal[rng.randrange(len(legal))]

    def legal(self, state: Any, seat: int, legal: tuple[Any, ...]) -> None:
        """Invariants of the legal moves (only where a rule is cheap to check independently)."""

    def state(self, state: Any) -> None:
        """Invariants of one state: everything accounted for, scores consistent."""

    def step(self, before: Any, seat: int, action: Any, after: Any) -> None:
        """Invariants of one action's effect."""

    def end(self, state: Any) -> None:
        """Invariants of the end: the returns and winners follow from the scores."""

    def perturb(self, state: Any, seat: int | None, rng: random.Random) -> list[Any]:
        """States that differ from ``state`` only in what ``seat`` cannot see (our own
        rearrangements, not the game's ``resample_hidden``); ``[]`` where nothing is hidden."""
        return []


_BIT = tuple(1 << i for i in range(52))


def mask_of_items(items: Sequence[int]) -> int:
    """The bits of some card or tile indices (in C, as the states keep stocks as tuples)."""
    return reduce(operator.or_, map(_BIT.__getitem__, items), 0)


class Masks:
    """The bits of the tuples of card or tile indices a state keeps (a stock, a pile), worked
    out again only when the state holds another tuple."""

    def __init__(self) -> None:
        self.memo: dict[str, tuple[tuple[int, ...], int]] = {}

    def __call__(self, key: str, items: tuple[int, ...]) -> int:
        got = self.memo.get(key)
        if got is not None and got[0] is items:
            return got[1]
        mask = mask_of_items(items)
        self.memo[key] = (items, mask)
        return mask


def account(parts: Sequence[tuple[str, int, int]], total: int, name: Callable[[int], str]) -> None:
    """Every one of ``total`` things (cards, tiles) is in exactly one of ``parts``: (where, the
    bits of what is there, how many are there).  Cheap when it holds (the union is everything
    and the counts add up to ``total``); when it does not, says which thing is where."""
    union = count = 0
    for _, mask, many in parts:
        union |= mask
        count += many
    if union == (1 << total) - 1 and count == total:
        return
    for i in range(total):
        places = [where for where, mask, _ in parts if mask >> i & 1]
        if len(places) != 1:
            raise AssertionError(f"{name(i)} is in {' and '.join(places) or 'no place'}: "
                                 "not everything accounted for exactly once")
    twice = [where for where, mask, many in parts if mask.bit_count() != many]
    raise AssertionError(f"something is twice in {twice}: not everything accounted for exactly once")


_HAND = tuple(f"hand {x}" for x in range(8))
_BOOKS = tuple(f"seat {x}'s books" for x in range(8))


def _card_name(i: int) -> str:
    return str(_DECK[i])


def _tile_name(i: int) -> str:
    return str(_TILES[i])


def check_returns(game: Any, state: Any, expected: tuple[float, ...] | list[float]) -> None:
    got = tuple(game.returns(state))
    assert got == tuple(float(x) for x in expected), f"returns {got}, expected {tuple(expected)}"


# ================================================================================================
# Shut the Box
# ================================================================================================


@cache
def stb_score(scoring: Scoring, open_mask: int) -> int:
    tiles = [t for t in range(1, 13) if open_mask >> (t - 1) & 1]
    if scoring is Scoring.SUM:
        return sum(tiles)
    return int("".join(str(t) for t in tiles)) if tiles else 0


@cache
def stb_subsets(open_mask: int, total: int) -> frozenset[int]:
    """Every set of open tiles adding up to ``total`` (as masks)."""
    tiles = [t for t in range(1, 13) if open_mask >> (t - 1) & 1]
    found: set[int] = set()

    def walk(i: int, left: int, mask: int) -> None:
        if left == 0:
            if mask:
                found.add(mask)
            return
        for j in range(i, len(tiles)):
            if tiles[j] <= left:
                walk(j + 1, left - tiles[j], mask | 1 << (tiles[j] - 1))

    walk(0, total, 0)
    return frozenset(found)


class ShutTheBoxChecker(Checker):
    def __init__(self, game: Any, rules: Any, players: int) -> None:
        super().__init__(game, rules, players)
        self.all = (1 << rules.tiles) - 1
        self.history_seen = -1
        self.expected: tuple[tuple[Fraction, ...], tuple[Fraction, ...]] = ((), ())

    def open_for(self, state: Any, seat: int) -> int:
        long = self.rules.mode is Mode.LONG
        covered = state.covered[0 if long else seat]
        return covered if long and seat == 1 else self.all & ~covered

    def one_die(self, open_mask: int) -> bool:
        rule = self.rules.one_die
        if rule is OneDie.HIGH_TILES:
            return open_mask < 1 << 6
        if rule is OneDie.SEVEN_EIGHT_NINE:
            return not open_mask & 0b111000000
        if rule is OneDie.LOW_TOTAL:
            return sum(t + 1 for t in bits_of(open_mask)) < 6
        return False

    def legal(self, state: Any, seat: int, legal: tuple[Any, ...]) -> None:
        status = state.status[seat]
        open_mask = self.open_for(state, seat)
        if status is Status.THROW:
            want = (Throw(1), Throw(2)) if self.one_die(open_mask) else (Throw(2),)
            assert legal == want, f"throws {legal}, expected {want}"
        else:
            assert status is Status.PLACE
            flips = {m.mask for m in legal}
            assert all(isinstance(m, Flip) for m in legal)
            assert flips == stb_subsets(open_mask, sum(state.dice[seat])), "the legal flips are wrong"

    def state(self, s: Any) -> None:
        r, n = self.rules, self.players
        long = r.mode is Mode.LONG
        assert len(s.covered) == (1 if long else n)
        for c in s.covered:
            assert c >= 0 and not c & ~self.all, "a tile outside the box is covered"
        assert len(s.status) == len(s.dice) == len(s.scores) == len(s.totals) == n
        for d in s.dice:
            assert len(d) <= 2 and all(1 <= x <= 6 for x in d), f"bad dice {d}"
        if s.pending is None:
            assert s.pending_dice == 0
        else:
            assert s.pending_dice in (1, 2) and s.status[s.pending] is Status.THROW
        for seat in range(n):
            st, sc = s.status[seat], s.scores[seat]
            if st is Status.PLACE:
                assert s.dice[seat], "placing without a throw"
            if st in (Status.THROW, Status.PLACE, Status.WAITING):
                assert sc is None or long, "a seat still to play has a score"
            if not long and sc is not None:
                assert sc == stb_score(r.scoring, self.all & ~s.covered[seat]), (
                    f"seat {seat} scores {sc}, the open tiles make "
                    f"{stb_score(r.scoring, self.all & ~s.covered[seat])}")
            if not long and st is Status.DONE and not s.over:
                assert sc is not None, "a finished seat has no score"
        if len(s.history) != self.history_seen or s.over:
            assert sum(s.balances) == 0, "the stakes do not add up to zero"
            self.history_seen = len(s.history)
            self._history(s)
        assert s.wins == self.expected[0], f"wins {s.wins}, the rounds make {self.expected[0]}"
        assert s.balances == self.expected[1], f"balances {s.balances}, the rounds make {self.expected[1]}"

    def _history(self, s: Any) -> None:
        r, n = self.rules, self.players
        assert [h.number for h in s.history] == list(range(1, len(s.history) + 1))
        assert len(s.history) == (s.round if s.over else s.round - 1), "rounds and results disagree"
        wins = [Fraction(0)] * n
        balances = [Fraction(0)] * n
        totals = [0] * n
        for h in s.history:
            scores = h.scores
            if r.mode is Mode.LONG:
                assert h.shut_by is not None and h.winners == (h.shut_by,)
                continue
            if h.shut_by is not None:
                assert h.winners == (h.shut_by,) and scores[h.shut_by] == 0
                self.seen["shut"] += 1
            elif n == 1:
                assert h.winners == ()
            else:
                finished = [x for x in range(n) if scores[x] is not None]
                best = min(scores[x] for x in finished)  # type: ignore[type-var]
                assert h.winners == tuple(x for x in finished if scores[x] == best), "round winners"
            for x in range(n):
                if scores[x] is not None:
                    totals[x] += scores[x]  # type: ignore[operator]
            if r.mode is Mode.CUMULATIVE:
                continue
            for w in h.winners:
                wins[w] += Fraction(1, len(h.winners))
            if r.stake and n >= 2:
                if h.shut_by is not None:
                    for x in range(n):
                        if x != h.shut_by:
                            balances[x] -= 2 * r.stake
                            balances[h.shut_by] += 2 * r.stake
                else:
                    share = Fraction(r.stake * n, len(h.winners))
                    for x in range(n):
                        balances[x] += (share if x in h.winners else 0) - r.stake
        if r.mode is Mode.CUMULATIVE:
            assert list(s.totals) == totals, f"totals {s.totals}, the rounds make {totals}"
            for x in range(n):
                assert (s.status[x] is Status.OUT) == (totals[x] >= r.drop_out_at), "out, or not"
        else:
            assert all(t == 0 for t in s.totals)
        if r.mode in (Mode.LONG, Mode.CUMULATIVE) and s.over:
            ws = s.winners
            wins = [Fraction(1, len(ws)) if x in ws else Fraction(0) for x in range(n)]
            if r.stake:
                share = Fraction(r.stake * n, len(ws))
                balances = [(share if x in ws else 0) - r.stake for x in range(n)]
        self.expected = (tuple(wins), tuple(balances))

    def step(self, before: Any, seat: int, action: Any, after: Any) -> None:
        if seat == CHANCE:
            assert len(action) == before.pending_dice and all(1 <= x <= 6 for x in action)
            thrower = before.pending
            if after.round == before.round and not after.over:
                assert after.dice[thrower] == action
                open_mask = self.open_for(before, thrower)
                can = bool(stb_subsets(open_mask, sum(action)))
                placing = after.status[thrower] is Status.PLACE
                assert placing == can, f"throw {action} on {bin(open_mask)}: placing {placing}, can {can}"
                if not can:
                    self.seen["stuck"] += 1
            return
        if isinstance(action, Flip):
            board = 0 if self.rules.mode is Mode.LONG else seat
            assert not action.mask & ~self.open_for(before, seat)
            assert action.total == sum(before.dice[seat])
            if after.round == before.round and not after.over:
                assert after.covered[board] == before.covered[board] ^ action.mask
        else:
            assert isinstance(action, Throw)
            assert after.pending == seat and after.pending_dice == action.dice
            if action.dice == 1:
                self.seen["one die"] += 1

    def end(self, s: Any) -> None:
        r, n = self.rules, self.players
        assert s.winners is not None
        if r.mode is Mode.LONG:
            assert s.winners == (s.history[-1].shut_by,)
        elif r.mode is Mode.CUMULATIVE:
            remaining = [x for x in range(n) if s.status[x] is not Status.OUT]
            if remaining:
                assert s.winners == tuple(remaining) and len(remaining) == 1
            else:
                last = s.history[-1].scores
                dropped = [x for x in range(n) if last[x] is not None]
                low = min(s.totals[x] for x in dropped)
                assert s.winners == tuple(x for x in dropped if s.totals[x] == low)
        else:
            assert s.round == r.rounds
            staked = r.stake > 0 and n > 1
            values = s.balances if staked else s.wins
            best = max(values)
            want = () if n == 1 and best == 0 else tuple(x for x in range(n) if values[x] == best)
            assert s.winners == want, f"winners {s.winners}, expected {want}"
        values = s.balances if r.stake and n > 1 else s.wins
        check_returns(self.game, s, [float(v) for v in values])


# ================================================================================================
# Yahtzee
# ================================================================================================

_Y_VALID: tuple[frozenset[int], ...] = (
    *(frozenset(f * k for k in range(6)) for f in range(1, 7)),
    frozenset({0, *range(5, 31)}), frozenset({0, *range(5, 31)}), frozenset({0, 25}),
    frozenset({0, 30}), frozenset({0, 40}), frozenset({0, 50}), frozenset(range(5, 31)),
)
_Y_WILD = {8: 25, 9: 30, 10: 40}
_Y_INDEX = {box: i for i, box in enumerate(Box)}


def y_natural(i: int, dice: tuple[int, ...]) -> int:
    """What the dice score in box ``i`` (0-12, card order) by its own requirement."""
    return _y_naturals(dice)[i]


@cache
def _y_naturals(dice: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(_y_natural(i, dice) for i in range(13))


def _y_natural(i: int, dice: tuple[int, ...]) -> int:
    """What the dice score in box ``i`` (0-12, card order) by its own requirement."""
    if i < 6:
        return (i + 1) * dice.count(i + 1)
    counts = sorted(dice.count(f) for f in range(1, 7))
    faces = set(dice)
    longest = run = 0
    for f in range(1, 7):
        run = run + 1 if f in faces else 0
        longest = max(longest, run)
    if i == 6:
        return sum(dice) if counts[-1] >= 3 else 0
    if i == 7:
        return sum(dice) if counts[-1] >= 4 else 0
    if i == 8:
        return 25 if counts[-2:] == [2, 3] else 0
    if i == 9:
        return 30 if longest >= 4 else 0
    if i == 10:
        return 40 if longest == 5 else 0
    if i == 11:
        return 50 if counts[-1] == 5 else 0
    return sum(dice)


def y_allowed(rules: Any, boxes: tuple[int | None, ...], dice: tuple[int, ...]) -> dict[int, int]:
    """The boxes the dice may go in now, with their points (the manual's rule or the official joker)."""
    open_boxes = [i for i in range(13) if boxes[i] is None]
    five = len(set(dice)) == 1
    extra = five and boxes[11] is not None

    def natural(i: int) -> int:  # the five_kind_house option: five of a kind is a full house too
        return 25 if i == 8 and five and rules.five_kind_house else y_natural(i, dice)

    if not extra:
        return {i: natural(i) for i in open_boxes}
    own = dice[0] - 1
    own_filled = boxes[own] is not None

    def wild(i: int) -> int:
        return _Y_WILD[i] if i in _Y_WILD else natural(i)

    if rules.joker is Joker.FREE:
        return {i: wild(i) if own_filled else natural(i) for i in open_boxes}
    if not own_filled:
        return {own: natural(own)}
    lower = [i for i in open_boxes if i >= 6]
    if lower:
        return {i: wild(i) for i in lower}
    return {i: natural(i) for i in open_boxes}


def y_total(boxes: tuple[int | None, ...], bonuses: int) -> int:
    upper = sum(v for v in boxes[:6] if v is not None)
    return sum(v for v in boxes if v is not None) + (35 if upper >= 63 else 0) + 100 * bonuses


class YahtzeeChecker(Checker):
    def __init__(self, game: Any, rules: Any, players: int) -> None:
        super().__init__(game, rules, players)
        self.checked: list[Any] = [None] * players
        self.checked_hands: list[Any] = [None] * players
        """Each seat's card as last checked (cards change only when scored)."""
        self.cards: Any = None
        self.current = -1

    def legal(self, s: Any, seat: int, legal: tuple[Any, ...]) -> None:
        if s.rolls == 0:
            assert legal == (Roll(()),)
            return
        boxes = {_Y_INDEX[m.box] for m in legal if type(m) is Score}
        want = y_allowed(self.rules, s.cards[seat].boxes, s.dice)
        assert boxes == set(want), f"boxes {sorted(boxes)}, the rules allow {sorted(want)}"
        rolls = len(legal) - len(boxes)
        if s.rolls >= 3:
            assert not rolls, "a fourth roll"
        else:  # every way to keep some of the dice but not all five (each kept die is checked when kept)
            ways = 1
            for f in set(s.dice):
                ways *= s.dice.count(f) + 1
            assert rolls == ways - 1 and len(set(legal)) == len(legal), "the rolls offered"

    def state(self, s: Any) -> None:
        if s.cards is not self.cards or s.current != self.current:  # a box was scored
            self.cards, self.current = s.cards, s.current
            self._cards(s)
        assert 0 <= s.rolls <= 3
        if s.rolling:
            assert s.rolling == 5 - len(s.kept) and s.rolls >= 1
            assert len(s.dice) == (0 if s.rolls == 1 else 5)
        elif s.rolls == 0:
            assert s.dice == () and s.kept == ()
        else:
            assert len(s.dice) == 5 and list(s.dice) == sorted(s.dice)
            assert s.dice[0] >= 1 and s.dice[-1] <= 6

    def _cards(self, s: Any) -> None:
        assert len(s.cards) == self.players
        over = all(None not in c.boxes for c in s.cards)
        f = 13 - s.cards[s.current].boxes.count(None)
        for i, card in enumerate(s.cards):
            filled = 13 - card.boxes.count(None)
            if not over:
                assert filled == (f + 1 if i < s.current else f), "turns out of order"
            if card is self.checked[i]:
                continue
            self.checked[i] = card
            for b, v in enumerate(card.boxes):
                assert v is None or v in _Y_VALID[b], f"box {b} holds {v}"
            assert card.total == y_total(card.boxes, card.yahtzee_bonuses), "the card's total"
            assert card.upper_bonus == (35 if sum(v or 0 for v in card.boxes[:6]) >= 63 else 0)
            if card.yahtzee_bonuses:
                assert card.boxes[11] is not None and card.yahtzee_bonuses <= filled - 1
                if self.rules.bonus_needs_fifty:
                    assert card.boxes[11] == 50

    def step(self, before: Any, seat: int, action: Any, after: Any) -> None:
        if seat == CHANCE:
            assert len(action) == before.rolling and all(1 <= d <= 6 for d in action)
            assert after.dice == tuple(sorted(before.kept + tuple(action)))
            return
        if isinstance(action, Roll):
            assert all(action.keep.count(f) <= before.dice.count(f) for f in set(action.keep))
            assert after.rolls == before.rolls + 1 and after.kept == action.keep
            assert after.rolling == 5 - len(action.keep)
            return
        b = _Y_INDEX[action.box]
        old, new = before.cards[seat], after.cards[seat]
        allowed = y_allowed(self.rules, old.boxes, before.dice)
        assert b in allowed
        assert new.boxes == (*old.boxes[:b], allowed[b], *old.boxes[b + 1:]), "points written"
        extra = len(set(before.dice)) == 1 and old.boxes[11] is not None
        bonus = extra and (not self.rules.bonus_needs_fifty or old.boxes[11] == 50)
        assert new.yahtzee_bonuses == old.yahtzee_bonuses + bonus, "the Yahtzee bonus"
        assert after.current == (seat + 1) % self.players and after.rolls == 0
        for other in range(self.players):
            if other != seat:
                assert after.cards[other] == before.cards[other]
        if bonus:
            self.seen["yahtzee bonus"] += 1
        if extra and b in _Y_WILD and allowed[b] == _Y_WILD[b]:
            self.seen["joker"] += 1
        if new.upper_bonus and not old.upper_bonus:
            self.seen["upper bonus"] += 1

    def end(self, s: Any) -> None:
        totals = [y_total(c.boxes, c.yahtzee_bonuses) for c in s.cards]
        if self.players == 1:
            check_returns(self.game, s, [totals[0]])
            return
        best = max(totals)
        top = [x for x in range(self.players) if totals[x] == best]
        check_returns(self.game, s, [1 / len(top) if x in top else 0.0 for x in range(self.players)])


# ================================================================================================
# Draughts
# ================================================================================================


def _rc(square: int) -> tuple[int, int]:
    r = (square - 1) // 4
    return r, 2 * ((square - 1) % 4) + (1 if r % 2 == 0 else 0)


def _square(r: int, c: int) -> int | None:
    if 0 <= r < 8 and 0 <= c < 8 and (r + c) % 2 == 1:
        return r * 4 + c // 2 + 1
    return None


_D_JUMPS: dict[int, list[tuple[int, int, int]]] = {}
"""For each square: (row step, jumped square, landing square) of every jump on the board."""
for _s in range(1, 33):
    _r, _c = _rc(_s)
    _D_JUMPS[_s] = []
    for _dr in (-1, 1):
        for _dc in (-1, 1):
            _over, _land = _square(_r + _dr, _c + _dc), _square(_r + 2 * _dr, _c + 2 * _dc)
            if _over is not None and _land is not None:
                _D_JUMPS[_s].append((_dr, _over, _land))
_BLACK_CROWN = sum(BIT[s] for s in range(29, 33))
_WHITE_CROWN = sum(BIT[s] for s in range(1, 5))
_DRAWN = (DEnding.AGREED, DEnding.REPETITION, DEnding.DECLINE_LIMIT, DEnding.NO_PROGRESS)


def d_squares(mask: int) -> list[int]:
    return [s for s in range(1, 33) if mask & BIT[s]]


def d_can_jump(own: int, opp: int, kings: int, black: bool, square: int) -> bool:
    """The piece on ``square`` has a jump (its own directions: black men go down the rows)."""
    king = bool(kings & BIT[square])
    occupied = own | opp
    for dr, over, land in _D_JUMPS[square]:
        if not king and (dr == 1) != black:
            continue
        if opp & BIT[over] and not occupied & BIT[land]:
            return True
    return False


class DraughtsChecker(Checker):
    """Pieces on dark squares, never more of them, captures as the rules say, endings justified."""

    def __init__(self, game: Any, rules: Any, players: int) -> None:
        super().__init__(game, rules, players)
        start = game.initial_state(rules, players).position
        men = start.black & ~start.kings & _BLACK_CROWN or start.white & ~start.kings & _WHITE_CROWN
        self.rows = not men  # no man set up on its crowning row: none may ever stand there

    def choose(self, state: Any, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
        """Board moves and huffs, uniformly; now and then (1 time in 40) anything legal, so that
        draws are offered, accepted and declined and games resigned, without every game ending
        in a few moves by a resignation."""
        plays = [m for m in legal if isinstance(m, DMove | Huff)]
        if not plays or rng.randrange(40) == 0:
            return legal[rng.randrange(len(legal))]
        return plays[rng.randrange(len(plays))]

    def legal(self, s: Any, seat: int, legal: tuple[Any, ...]) -> None:
        if s.offer or self.rules.huffing:
            return
        p = s.position
        own, opp = (p.black, p.white) if p.black_to_move else (p.white, p.black)
        capture = any(d_can_jump(own, opp, p.kings, p.black_to_move, sq) for sq in d_squares(own))
        moves = [m for m in legal if isinstance(m, DMove)]
        assert moves, "no move on the board, yet the game goes on"
        if capture:
            assert all(m.captured for m in moves), "a capture is compulsory"
            self.seen["capture"] += 1
        else:
            assert not any(m.captured for m in moves)

    def state(self, s: Any) -> None:
        p = s.position
        b, w, k = p.black, p.white, p.kings
        assert not b & w and not (b | w) & ~VALID and not k & ~(b | w), "pieces overlap or off the board"
        assert b.bit_count() <= 12 and w.bit_count() <= 12
        if self.rows:
            assert not b & ~k & _BLACK_CROWN and not w & ~k & _WHITE_CROWN, "an uncrowned man on the far row"
        assert s.seen[-1] == p, "the repetition list does not end with the position"
        assert s.moves == d_legal_moves(p, not self.rules.huffing), "the state's moves are another position's"
        assert tuple(play[3] for play in s.plays) == s.moves
        if s.ending is not None:
            if s.ending is DEnding.NO_PIECES:
                assert s.winner is not None and not p.pieces(s.winner.other)
            elif s.ending in _DRAWN:
                assert s.winner is None
            if s.ending is DEnding.REPETITION:
                assert s.seen.count(p) >= 3
            if s.ending is DEnding.NO_PROGRESS:
                assert s.quiet >= 2 * self.rules.no_progress_moves
            self.seen[s.ending.value] += 1

    def step(self, before: Any, seat: int, action: Any, after: Any) -> None:
        pb, pa = before.position, after.position
        assert pa.black.bit_count() <= pb.black.bit_count() and pa.white.bit_count() <= pb.white.bit_count()
        if seat == CHANCE:
            assert pa == pb
            return
        if isinstance(action, Huff):
            victim = pb.white if pb.black_to_move else pb.black
            assert victim & BIT[action.square], "huffed a piece that is not the opponent's"
            assert pa.black | pa.white == (pb.black | pb.white) & ~BIT[action.square]
            assert pa.black_to_move == pb.black_to_move
            self.seen["huff"] += 1
            return
        if not isinstance(action, DMove):
            assert pa == pb, "a word moved a piece"
            return
        black = pb.black_to_move
        own_b, opp_b = (pb.black, pb.white) if black else (pb.white, pb.black)
        own_a, opp_a = (pa.black, pa.white) if black else (pa.white, pa.black)
        path, captured = action.path, action.captured
        start, end = path[0], path[-1]
        king = bool(pb.kings & BIT[start])
        assert own_b & BIT[start] and own_a & BIT[end], "the piece did not go from start to end"
        assert own_a.bit_count() == own_b.bit_count(), "the mover lost or gained a piece"
        assert opp_a.bit_count() == opp_b.bit_count() - len(captured), "pieces taken"
        assert pa.black_to_move != black and after.plies == before.plies + 1
        for sq in captured:
            assert opp_b & BIT[sq] and not (pa.black | pa.white) & BIT[sq]
        if captured:
            assert len(path) == len(captured) + 1
            for a, over, c in zip(path, captured, path[1:], strict=False):
                jumps = {(o, land) for dr, o, land in _D_JUMPS[a] if king or (dr == 1) == black}
                assert (over, c) in jumps, f"{a}x{c} does not jump {over}"
        else:
            assert len(path) == 2
            (ra, ca), (rb, cb) = _rc(path[0]), _rc(path[1])
            assert abs(ca - cb) == 1 and (rb - ra in (-1, 1) if king else rb - ra == (1 if black else -1))
        crown = _BLACK_CROWN if black else _WHITE_CROWN
        crowned = not king and bool(BIT[end] & crown)
        assert bool(pa.kings & BIT[end]) == (king or crowned), "crowning"
        if crowned:
            self.seen["crowned"] += 1
        if captured and not crowned and not after.over and not self.rules.huffing:
            assert not d_can_jump(own_a, opp_a, pa.kings, black, end), "the capture stopped short"
        progress = bool(captured) or not king
        assert after.quiet == (0 if progress else before.quiet + 1)

    def end(self, s: Any) -> None:
        if s.winner is None:
            check_returns(self.game, s, [0.0, 0.0])
        else:
            w = s.black_seat if s.winner.value == "B" else 1 - s.black_seat
            check_returns(self.game, s, [1.0 if x == w else -1.0 for x in (0, 1)])


# ================================================================================================
# Dominoes
# ================================================================================================

_TILES = double_six_set()
_ALL28 = (1 << 28) - 1
_SHOWS = tuple(sum(1 << i for i, t in enumerate(_TILES) if n in (t.high, t.low)) for n in range(7))
_PIPS = tuple(t.high + t.low for t in _TILES)
_DOUBLES = [i for i, t in enumerate(_TILES) if t.high == t.low]


def do_line(state: Any) -> list[Any]:
    return [] if state.lead is None else [state.lead, *state.left, *state.right]


class DominoesChecker(Checker):
    def __init__(self, game: Any, rules: Any, players: int) -> None:
        super().__init__(game, rules, players)
        self.sides = (0, 1, 0, 1) if players == 4 and rules.partnerships else tuple(range(players))
        self.nsides = max(self.sides) + 1
        self.sheet_seen = 0
        self.line_key: tuple[Any, ...] | None = None
        self.line: tuple[int, list[int]] = (0, [])

    def state(self, s: Any) -> None:
        r, n = self.rules, self.players
        assert len(s.scores) == self.nsides
        if s.hands:
            assert len(s.hands) == n
            parts = [(_HAND[x], h, h.bit_count()) for x, h in enumerate(s.hands)]
            parts.append(("the sleeping tiles", s.sleeping, s.sleeping.bit_count()))
            stale = s.phase is DPhase.DRAW and s.redraws > 0  # a draw thrown in: the line is the last hand's
            line, laid = self._laid(s)
            if not stale:
                parts.append(("the line", line, sum(laid)))
            account(parts, 28, _tile_name)
            assert s.sleeping.bit_count() == 28 - n * r.hand_size
            if s.phase is DPhase.PLAY:
                for x in range(n):
                    assert s.hands[x].bit_count() + laid[x] == r.hand_size, "a hand's size"
                assert s.hands[s.current] and not s.out[s.current], "the player to act has no tiles"
        else:
            assert s.phase is DPhase.DRAW and not s.sheet and s.lead is None
        if len(s.sheet) != self.sheet_seen:
            self._sheet(s)
        if s.phase is DPhase.OVER:
            assert s.winner is not None and s.scores[s.winner] >= r.target
            assert all(v < r.target for x, v in enumerate(s.scores) if x != s.winner)
        else:
            assert s.winner is None and max(s.scores) < r.target

    def _laid(self, s: Any) -> tuple[int, list[int]]:
        """The tiles on the table and how many each seat laid (worked out when the line changes)."""
        key = self.line_key
        if key is None or s.lead is not key[0] or s.left is not key[1] or s.right is not key[2]:
            self.line_key = (s.lead, s.left, s.right)
            mask, laid = 0, [0] * self.players
            for p in do_line(s):
                assert not mask >> p.tile.index & 1, f"{p.tile} twice on the table"
                mask |= 1 << p.tile.index
                laid[p.seat] += 1
            self.line = (mask, laid)
            if s.lead is not None:
                self._line(s)
        return self.line

    def _line(self, s: Any) -> None:
        lead = s.lead
        assert lead.tile.high == lead.tile.low and lead.outer == lead.tile.high, "the lead"
        for arm in (s.left, s.right):
            number = lead.outer
            for p in arm:
                assert number in (p.tile.high, p.tile.low), f"{p.tile} does not match {number}"
                number = p.tile.low if p.tile.high == number else p.tile.high
                assert p.outer == number, "the line's open end"

    def _sheet(self, s: Any) -> None:
        scores = [0] * self.nsides
        for h in s.sheet:
            if h.winner is not None:
                scores[h.winner] += h.points
        assert list(s.scores) == scores, f"scores {s.scores}, the sheet makes {scores}"
        for h in s.sheet[self.sheet_seen:]:
            self._hand(h)
        self.sheet_seen = len(s.sheet)

    def _hand(self, h: Any) -> None:
        r, n, sides = self.rules, self.players, self.sides
        totals = [0] * self.nsides
        for x in range(n):
            totals[sides[x]] += sum(t.high + t.low for t in h.left[x])
        assert list(h.totals) == totals, "the spots left"
        if h.ending is DoEnding.CHIP_OUT:
            assert h.chipped is not None and not h.left[h.chipped] and h.winner == sides[h.chipped]
            if r.both_chip_out:
                assert all(not h.left[x] for x in range(n) if sides[x] == h.winner)
            points = 1 if r.scoring is DScoring.POINT else sum(
                t for x, t in enumerate(totals) if x != h.winner)
            self.seen["chip out"] += 1
        else:
            lead, left, right = h.line
            ends = (left[-1].outer if left else lead.outer, right[-1].outer if right else lead.outer)
            shows = _SHOWS[ends[0]] | _SHOWS[ends[1]]
            for x in range(n):
                assert not any(shows >> t.index & 1 for t in h.left[x]), "blocked, yet a tile fits"
            low = min(totals)
            best = [x for x in range(self.nsides) if totals[x] == low]
            if len(best) > 1:
                assert h.ending is DoEnding.DRAWN and h.winner is None and h.points == 0
                self.seen["drawn"] += 1
                return
            assert h.ending is DoEnding.BLOCKED and h.winner == best[0]
            others = [t for x, t in enumerate(totals) if x != h.winner]
            if r.scoring is DScoring.POINT:
                points = 1
            elif r.blocked is Blocked.DIFFERENCE:
                points = sum(t - low for t in others)
            else:
                points = sum(others)
            self.seen["blocked"] += 1
        assert h.points == points, f"the hand scores {h.points}, the rules say {points}"

    def step(self, before: Any, seat: int, action: Any, after: Any) -> None:
        n = self.players
        if seat == CHANCE:
            assert all(h.bit_count() == self.rules.hand_size for h in after.hands)
            if after.phase is DPhase.PLAY:
                held = [i for i in _DOUBLES if any(h >> i & 1 for h in after.hands)]
                top = max(held)
                assert after.hands[after.current] >> top & 1, "the highest double does not lead"
            else:
                assert not any(h >> i & 1 for h in after.hands for i in _DOUBLES), "redrawn with a double"
                assert after.redraws == before.redraws + 1
                self.seen["redraw"] += 1
            return
        ends = before.ends
        hand = before.hands[seat]
        if isinstance(action, Knock):
            assert ends is not None
            assert not hand & (_SHOWS[ends[0]] | _SHOWS[ends[1]]), "knocked, yet a tile fits"
            assert after.hands == before.hands
            self.seen["knock"] += 1
            return
        assert isinstance(action, DPlay)
        i = action.tile.index
        assert hand >> i & 1
        assert after.hands[seat] == hand & ~(1 << i), "the tile did not leave the hand"
        for x in range(n):
            if x != seat:
                assert after.hands[x] == before.hands[x]
        if ends is None:
            tops = [j for j in _DOUBLES if any(h >> j & 1 for h in before.hands)]
            assert i == max(tops), "the lead is not the highest double"
        else:
            number = ends[0] if action.end is End.LEFT else ends[1]
            assert number in (action.tile.high, action.tile.low), "the tile does not fit its end"

    def end(self, s: Any) -> None:
        out = []
        for x in range(self.players):
            mine = s.scores[self.sides[x]]
            out.append(mine - max(v for y, v in enumerate(s.scores) if y != self.sides[x]))
        check_returns(self.game, s, out)

    def perturb(self, s: Any, seat: int | None, rng: random.Random) -> list[Any]:
        """Swap a tile of another hand with a sleeping tile, and two other hands' tiles."""
        if s.phase is not DPhase.PLAY:
            return []
        others = [x for x in range(self.players) if x != seat and s.hands[x]]
        out = []
        hands = list(s.hands)
        if others and s.sleeping:
            x = rng.choice(others)
            a, b = rng.choice(bits_of(hands[x])), rng.choice(bits_of(s.sleeping))
            hands[x] ^= 1 << a | 1 << b
            out.append(dataclasses.replace(s, hands=tuple(hands), sleeping=s.sleeping ^ (1 << a | 1 << b)))
        if len(others) >= 2:
            x, y = rng.sample(others, 2)
            hands = list(s.hands)
            a, b = rng.choice(bits_of(hands[x])), rng.choice(bits_of(hands[y]))
            hands[x] ^= 1 << a | 1 << b
            hands[y] ^= 1 << a | 1 << b
            out.append(dataclasses.replace(s, hands=tuple(hands)))
        return out


# ================================================================================================
# Go Fish
# ================================================================================================

_ALL52 = (1 << 52) - 1
_RANK_BITS = tuple(sum(1 << (suit * 13 + r) for suit in range(4)) for r in range(13))


def fish_rank(rank: Any) -> int:
    return int(rank.number) - 1


class GoFishChecker(Checker):
    def __init__(self, game: Any, rules: Any, players: int) -> None:
        super().__init__(game, rules, players)
        self.history_seen = 0
        self.book_events = 0
        self.masks = Masks()

    def state(self, s: Any) -> None:
        n = self.players
        if s.phase in (FPhase.CUT, FPhase.DEAL):
            assert not s.hands and not s.stock and all(not b for b in s.books)
            return
        parts = [(_HAND[x], h, h.bit_count()) for x, h in enumerate(s.hands)]
        parts.append(("the stock", self.masks("stock", s.stock), len(s.stock)))
        ranks = set()
        for x, books in enumerate(s.books):
            made = 0
            for rank in books:
                made |= _RANK_BITS[fish_rank(rank)]
                ranks.add(rank)
            parts.append((_BOOKS[x], made, 4 * len(books)))
        account(parts, 52, _card_name)
        for h in s.hands:
            assert not (h & h >> 13 & h >> 26 & h >> 39 & 0x1FFF), "a whole book left in a hand"
        for e in s.history[self.history_seen:]:
            if e.act is FAct.BOOK:
                self.book_events += 1
                assert len(e.cards) == 4
        self.history_seen = len(s.history)
        assert self.book_events == len(ranks), "books made and books told disagree"
        ending = self.rules.ending
        if s.phase is FPhase.PLAY:
            assert s.hands[s.current], "the player to act has no cards"
            assert any(s.hands[x] for x in range(n) if x != s.current), "nobody to ask"
            assert s.stock or ending is FEnding.ALL_BOOKS, "play goes on with no stock"
            assert len(ranks) < 13
        else:
            if ending is FEnding.FIRST_OUT:
                assert not s.stock or not all(s.hands)
            elif ending is FEnding.DRAW_ON:
                assert not s.stock
            else:
                assert len(ranks) == 13

    def step(self, before: Any, seat: int, action: Any, after: Any) -> None:
        if seat == CHANCE:
            if after.phase is not FPhase.CUT and before.phase is FPhase.DEAL:
                self.seen["deal"] += 1
            return
        k = len(before.stock) - len(after.stock)
        assert k >= 0 and after.stock == before.stock[k:], "the stock is not drawn from the top"
        rb = _RANK_BITS[fish_rank(action.rank)]
        target = action.target
        assert target != seat and before.hands[target] and before.hands[seat] & rb, "an ask the rules forbid"
        given = before.hands[target] & rb
        assert not after.hands[target] & given, "the target kept the cards asked for"
        if given:
            self.seen["given"] += 1
            booked = any(fish_rank(b) == fish_rank(action.rank) for b in after.books[seat])
            assert booked or (after.hands[seat] & given) == given, "the cards handed over went astray"
        elif before.stock:
            self.seen["go fish"] += 1
            assert k >= 1, "go fish without drawing"
        else:
            assert k == 0

    def end(self, s: Any) -> None:
        counts = [len(b) for b in s.books]
        check_returns(self.game, s, [c - max(counts[:x] + counts[x + 1:]) for x, c in enumerate(counts)])

    def perturb(self, s: Any, seat: int | None, rng: random.Random) -> list[Any]:
        """Swap a card of another hand (one not known to all) with a stock card; shuffle the stock."""
        if s.phase is not FPhase.PLAY:
            return []
        known = fish_view.known_cards(s)
        out = []
        stock = list(s.stock)
        rng.shuffle(stock)
        out.append(dataclasses.replace(s, stock=tuple(stock)))
        others = [x for x in range(self.players) if x != seat and s.hands[x] & ~known[x]]
        if others and stock:
            x = rng.choice(others)
            a = rng.choice(bits_of(s.hands[x] & ~known[x]))
            j = rng.randrange(len(stock))
            hands = list(s.hands)
            hands[x] ^= 1 << a | 1 << stock[j]
            stock[j] = a
            out.append(dataclasses.replace(s, hands=tuple(hands), stock=tuple(stock)))
        return out


# ================================================================================================
# Gin Rummy
# ================================================================================================

_G_VALUE = tuple(min(i % 13 + 1, 10) for i in range(52))


def g_value(mask: int) -> int:
    return sum(_G_VALUE[c] for c in bits_of(mask))


def g_is_meld(mask: int) -> bool:
    cards = bits_of(mask)
    if len(cards) < 3:
        return False
    ranks = {c % 13 for c in cards}
    suits = {c // 13 for c in cards}
    if len(ranks) == 1:
        return len(cards) <= 4
    if len(suits) == 1:
        rs = sorted(c % 13 for c in cards)
        return rs == list(range(rs[0], rs[0] + len(rs)))
    return False


@lru_cache(maxsize=1 << 14)
def g_melds_in(hand: int) -> tuple[int, ...]:
    """Every meld made of cards of ``hand``."""
    melds = []
    for r in range(13):
        group = [c for c in (r, r + 13, r + 26, r + 39) if hand >> c & 1]
        if len(group) >= 3:
            for leave in [None, *group] if len(group) == 4 else [None]:
                melds.append(sum(1 << c for c in group if c != leave))
    for suit in range(4):
        for low in range(13):
            m = 0
            for r in range(low, 13):
                c = suit * 13 + r
                if not hand >> c & 1:
                    break
                m |= 1 << c
                if r - low >= 2:
                    melds.append(m)
    return tuple(melds)


@lru_cache(maxsize=1 << 14)
def g_min_deadwood(hand: int) -> int:
    """The least deadwood the cards can be left with, by trying every packing of melds."""
    melds = g_melds_in(hand)
    best = g_value(hand)

    def walk(i: int, used: int) -> None:
        nonlocal best
        best = min(best, g_value(hand & ~used))
        for j in range(i, len(melds)):
            if not melds[j] & used:
                walk(j + 1, used | melds[j])

    walk(0, 0)
    return best


def g_mask(cards: Any) -> int:
    m = 0
    for c in cards:
        i = c.index
        assert not m >> i & 1, f"{c} twice"
        m |= 1 << i
    return m


class GinRummyChecker(Checker):
    def __init__(self, game: Any, rules: Any, players: int) -> None:
        super().__init__(game, rules, players)
        self.sheet_seen = 0
        self.masks = Masks()

    def state(self, s: Any) -> None:
        r = self.rules
        phase = s.phase
        if phase in (GPhase.CUT, GPhase.DEAL, GPhase.OVER):
            assert s.hands == (0, 0) and not s.stock and not s.pile and s.face_down < 0 and not s.laid
        else:
            a, b = s.hands
            fd = 1 << s.face_down if s.face_down >= 0 else 0
            laid = self.masks("laid", s.laid)
            account([("hand 0", a, a.bit_count()), ("hand 1", b, b.bit_count()),
                     ("the stock", self.masks("stock", s.stock), len(s.stock)),
                     ("the pile", self.masks("pile", s.pile), len(s.pile)),
                     ("the face-down discard", fd, fd.bit_count()),
                     ("the lay-offs", laid, len(s.laid))], 52, _card_name)
            sizes = (a.bit_count(), b.bit_count())
            if phase in (GPhase.OFFER, GPhase.DRAW, GPhase.WALL):
                assert sizes == (10, 10) and s.pile
            elif phase is GPhase.DISCARD:
                assert sizes[s.current] == 11 and sizes[1 - s.current] == 10
                assert s.taken < 0 or s.hands[s.current] >> s.taken & 1
            else:
                assert phase is GPhase.LAYOFF
                assert sizes[s.knocker] == 10 and sizes[s.defender] == 10 - len(s.laid)
            assert len(s.stock) >= 2 and (phase is not GPhase.DRAW or len(s.stock) > 2), "past the wall"
            for x in (0, 1):
                assert not s.known[x] & ~(s.hands[x] | fd | laid), "known cards not where they should be"
            if s.knocker >= 0:
                self._layout(s, laid)
        if len(s.sheet) != self.sheet_seen:
            self._sheet(s)
        if phase is GPhase.OVER:
            w = s.winner
            assert s.scores[w] >= r.target > s.scores[1 - w]
        else:
            assert max(s.scores) < r.target

    def _layout(self, s: Any, laid: int) -> None:
        covered = 0
        for m in s.layout:
            assert g_is_meld(m) and not covered & m, "the knocker's layout"
            covered |= m
        hand = s.hands[s.knocker]
        assert not covered & ~hand, "laid out cards the knocker does not hold"
        left = g_value(hand & ~covered)
        assert left == g_min_deadwood(hand), "the knocker's melds are not the best"
        assert left <= self.rules.knock_limit and (left == 0) == s.gin
        table = 0
        for m in s.table:
            assert g_is_meld(m) and not table & m, "a meld on the table"
            table |= m
        assert table == covered | laid and table.bit_count() == covered.bit_count() + len(s.laid)

    def _sheet(self, s: Any) -> None:
        r = self.rules
        scores, boxes = [0, 0], [0, 0]
        for h in s.sheet:
            if h.winner is not None:
                scores[h.winner] += h.points
                boxes[h.winner] += 1
        assert list(s.scores) == scores and list(s.boxes) == boxes, "scores or boxes and the sheet"
        for h in s.sheet[self.sheet_seen:]:
            if h.outcome is GOutcome.CANCELLED:
                assert h.winner is None and h.points == 0
                self.seen["cancelled"] += 1
                continue
            k, d = h.knocker, 1 - h.knocker
            hands = []
            for x in (k, d):
                mask = 0
                for meld in h.melds[x]:
                    m = g_mask(meld)
                    assert g_is_meld(m) and not m & mask
                    mask |= m
                un = g_mask(h.unmatched[x])
                assert not un & mask
                assert h.counts[x] == g_value(un), "a deadwood count"
                hands.append(mask | un)
            lo = g_mask(h.laid_off)
            assert not lo & (hands[0] | hands[1]) and not hands[0] & hands[1]
            assert hands[0].bit_count() == 10 and hands[1].bit_count() + len(h.laid_off) == 10
            assert h.counts[k] == g_min_deadwood(hands[0]) and h.counts[d] == g_min_deadwood(hands[1])
            assert h.counts[k] <= r.knock_limit
            kc, dc = h.counts[k], h.counts[d]
            if h.outcome is GOutcome.GIN:
                assert kc == 0 and h.winner == k and h.points == r.gin_bonus + dc
            elif kc < dc:
                assert h.outcome is GOutcome.KNOCK and h.winner == k and h.points == dc - kc
            else:
                assert h.outcome is GOutcome.UNDERCUT and h.winner == d
                assert h.points == kc - dc + r.undercut_bonus
            self.seen[h.outcome.value] += 1
            if h.laid_off:
                self.seen["laid off"] += 1
        self.sheet_seen = len(s.sheet)

    def step(self, before: Any, seat: int, action: Any, after: Any) -> None:
        if len(after.sheet) > len(before.sheet) and after.phase is not GPhase.OVER:
            h = after.sheet[-1]
            if h.outcome is GOutcome.CANCELLED:
                assert after.dealer == before.dealer and len(before.stock) <= 2
            else:
                assert after.dealer == 1 - before.dealer, "the deal passes after a hand played out"

    def end(self, s: Any) -> None:
        r = self.rules
        w = s.winner
        loser = 1 - w
        bonus = r.shutout_bonus if s.scores[loser] == 0 else r.game_bonus
        totals = [s.scores[x] + r.box_bonus * s.boxes[x] + (bonus if x == w else 0) for x in (0, 1)]
        check_returns(self.game, s, [totals[0] - totals[1], totals[1] - totals[0]])

    def perturb(self, s: Any, seat: int | None, rng: random.Random) -> list[Any]:
        """Shuffle the stock; swap a card the other player holds (not known to all) with a stock card."""
        if s.phase in (GPhase.CUT, GPhase.DEAL, GPhase.OVER):
            return []
        stock = list(s.stock)
        rng.shuffle(stock)
        out = [dataclasses.replace(s, stock=tuple(stock))]
        if s.phase is GPhase.LAYOFF:
            return out
        for x in (0, 1):
            secret = s.hands[x] & ~s.known[x]
            if x != seat and secret and stock:
                swapped = list(stock)
                a = rng.choice(bits_of(secret))
                j = rng.randrange(len(swapped))
                hands = list(s.hands)
                hands[x] ^= 1 << a | 1 << swapped[j]
                swapped[j] = a
                out.append(dataclasses.replace(s, hands=(hands[0], hands[1]), stock=tuple(swapped)))
        return out


# ================================================================================================
# Blackjack
# ================================================================================================

_DECK = standard_deck()


def b_points(card: Any) -> int:
    return min(int(card.rank.number), 10)


def b_hilo(card: Any) -> int:
    v = b_points(card)
    return 1 if 2 <= v <= 6 else 0 if 7 <= v <= 9 else -1


def b_total(cards: Any) -> tuple[int, bool]:
    values = [b_points(c) for c in cards]
    total = sum(values)
    if 1 in values and total + 10 <= 21:
        return total + 10, True
    return total, False


def b_blackjack(cards: Any) -> bool:
    return len(cards) == 2 and sorted(b_points(c) for c in cards) == [1, 10]


class BlackjackChecker(Checker):
    def __init__(self, game: Any, rules: Any, players: int) -> None:
        super().__init__(game, rules, players)
        self.balances = [Fraction(rules.bankroll)] * players
        self.history_seen = 0
        self.shown = 0
        """The Hi-Lo sum of every card shown since the last shuffle."""
        self.dealt = 0
        self.checked: list[Any] = [None] * players
        self.checked_hands: list[Any] = [None] * players
        self.checked_shoe: Any = None

    def _on_table(self, s: Any) -> list[Any]:
        return [*s.dealer, *(c for hands in s.hands for h in hands for c in h.cards)]

    def state(self, s: Any) -> None:
        r = self.rules
        if len(s.history) != self.history_seen:
            for rr in s.history[self.history_seen:]:
                self._round(rr)
            self.history_seen = len(s.history)
        for x, (p, hands) in enumerate(zip(s.players, s.hands, strict=True)):
            if p is self.checked[x] and hands is self.checked_hands[x]:  # a seat changes only when it
                continue  # acts or is dealt a card
            self.checked[x], self.checked_hands[x] = p, hands
            assert p.balance == self.balances[x], (
                f"seat {x} holds {p.balance}, the rounds make {self.balances[x]}")
            assert p.out == (p.balance < r.min_bet), "out of chips, or not"
            staked = p.insurance or 0
            if p.bet is not None:
                assert r.min_bet <= p.bet <= r.max_bet and p.bet <= p.balance, "a bet out of bounds"
            for h in hands:
                assert h.values == tuple(b_points(c) for c in h.cards), "a hand's points"
                assert h.bet == p.bet * (2 if h.doubled else 1), "a hand's bet"
                assert not h.doubled or len(h.cards) <= 3
                staked += h.bet
            assert staked <= p.balance, "more on the table than the player has"
        if r.decks and s.shoe is not self.checked_shoe:
            self.checked_shoe = s.shoe
            assert list(s.shoe) == sorted(s.shoe), "the shoe's cards out of the deck's order"
            counts = list(b_counts(s.shoe))
            for c in self._on_table(s):
                counts[c.index] += 1
            assert max(counts) <= r.decks, "more cards than the shoe holds"
            assert len(s.shoe) > 0
        assert s.dealt == self.dealt, "cards dealt since the shuffle"
        assert s.count == self.shown, f"running count {s.count}, the cards shown make {self.shown}"
        if s.hole >= 0:
            assert s.phase in (BPhase.DEAL, BPhase.INSURANCE, BPhase.PLAY)
            assert r.deal is not BDeal.NO_HOLE_CARD
        if s.over:
            assert len(s.history) == s.round
            assert s.round == r.rounds or all(p.out for p in s.players)
        else:
            assert len(s.history) == s.round - 1
        if s.phase is BPhase.PLAY and not s.pending:
            x, i = s.current
            h = s.hands[x][i]
            assert not s.done(x, i) and len(h.cards) >= 2 and b_total(h.cards)[0] < 21, "a hand to play"

    def _dealer_hits(self, cards: Any) -> bool:
        total, soft = b_total(cards)
        return total < 17 or (total == 17 and soft and self.rules.soft17 is Soft17.HIT)

    def _round(self, rr: Any) -> None:
        r = self.rules
        dealer = rr.dealer
        naturals = r.blackjack.value != "none"
        dbj = naturals and b_blackjack(dealer)
        d_total = b_total(dealer)[0]
        won, staked = {"none": (1, 1), "1:1": (1, 1), "6:5": (6, 5), "3:2": (3, 2)}[r.blackjack.value]
        live = False
        naturals_seen = False
        for x, hands in enumerate(rr.hands):
            split = len(hands) > 1
            if split:
                self.seen["split"] += 1
            for h in hands:
                bet = h.bet
                total = b_total(h.cards)[0]
                natural = naturals and not split and b_blackjack(h.cards)
                naturals_seen = naturals_seen or natural
                may_surrender = r.surrender is Surrender.LATE and not split and len(h.cards) == 2
                if h.outcome is BOutcome.SURRENDER:
                    assert may_surrender and not dbj and h.net == -Fraction(bet, 2)
                    self.seen["surrender"] += 1
                    continue
                if natural:
                    want = BOutcome.PUSH if dbj else BOutcome.BLACKJACK
                elif total > 21:
                    want = BOutcome.BUST
                elif dbj:
                    want = BOutcome.LOSE
                elif d_total > 21 or total > d_total:
                    want = BOutcome.WIN
                elif total == d_total:
                    want = BOutcome.PUSH
                else:
                    want = BOutcome.LOSE
                if h.outcome is not want:  # a surrender, lost to a dealer's blackjack after all
                    assert h.outcome is BOutcome.LOSE and may_surrender and dbj, f"{h} should be {want}"
                else:
                    live = live or (want not in (BOutcome.BUST,) and not natural)
                net = {BOutcome.WIN: Fraction(bet), BOutcome.BLACKJACK: Fraction(bet * won, staked),
                       BOutcome.PUSH: Fraction(0), BOutcome.LOSE: Fraction(-bet),
                       BOutcome.BUST: Fraction(-bet)}[h.outcome]
                assert h.net == net, f"{h} should net {net}"
                self.seen[h.outcome.value] += 1
            ins = rr.insurance[x]
            if ins:
                assert r.insurance and b_points(dealer[0]) == 1 and (ins > 0) == dbj, "insurance"
                self.seen["insurance"] += 1
            self.balances[x] += rr.net(x)
        for k in range(2, len(dealer)):
            assert self._dealer_hits(dealer[:k]), "the dealer drew on a standing total"
        if len(dealer) >= 2 and live and not dbj:
            assert not self._dealer_hits(dealer), "the dealer stood too soon"
        if dbj:
            self.seen["dealer blackjack"] += 1

    def step(self, before: Any, seat: int, action: Any, after: Any) -> None:
        r = self.rules
        if after.shuffles != before.shuffles:
            assert after.shuffles == before.shuffles + 1
            if seat == CHANCE:  # the shoe's last card: refilled with every card not on the table
                assert r.decks and len(before.shoe) == 1, "shuffled in the middle of a round"
                table = self._on_table(before)
                hidden = before.dealer[before.hole] if before.hole >= 0 else None
                self.dealt = len(table)  # (the card being dealt is added below)
                self.shown = sum(map(b_hilo, table)) - (b_hilo(hidden) if hidden is not None else 0)
                self.seen["shoe run dry"] += 1
            else:
                assert before.dealt * 100 >= r.penetration * 52 * r.decks, "shuffled before the cut card"
                self.shown = self.dealt = 0
            self.seen["shuffle"] += 1
        elif seat == CHANCE and r.decks:
            assert len(before.shoe) != 1, "the shoe ran dry, and was not shuffled"
        if before.hole >= 0 and after.hole < 0:  # the hole card is turned up
            self.shown += b_hilo(before.dealer[before.hole])
        if seat != CHANCE:
            if before.phase is BPhase.BET and after.phase is not BPhase.BET:  # the deal begins
                due = bool(r.decks and before.dealt and before.dealt * 100 >= r.penetration * 52 * r.decks)
                assert (after.shuffles > before.shuffles) == due, "the shuffle at the cut card"
            if isinstance(action, DoubleDown):
                self.seen["double"] += 1
            return
        self.dealt += bool(r.decks)
        target, which = before.pending[0]
        if not (target == DEALER and which == 1):
            self.shown += b_hilo(action)
        else:
            self.seen["hole"] += 1
            if after.hole < 0:  # dealt face down and turned up at once (the dealer's blackjack)
                self.shown += b_hilo(action)
        if r.decks:
            i = action.index
            if len(before.shoe) == 1:
                full = [r.decks] * 52
                if len(after.history) == len(before.history):
                    for c in self._on_table(after):
                        full[c.index] -= 1
                    assert list(b_counts(after.shoe)) == full, "the shoe refilled wrongly"
                self.seen["refill"] += 1
            else:
                want = list(b_counts(before.shoe))
                want[i] -= 1
                assert list(b_counts(after.shoe)) == want, "the card did not come out of the shoe"

    def end(self, s: Any) -> None:
        check_returns(self.game, s, [float(p.balance - self.rules.bankroll) for p in s.players])

    def perturb(self, s: Any, seat: int | None, rng: random.Random) -> list[Any]:
        """Another hole card (from the shoe, which gets the old one back)."""
        if s.hole < 0:
            return []
        old = s.dealer[s.hole]
        dealer = list(s.dealer)
        if self.rules.decks:
            shoe = list(b_counts(s.shoe))
            shoe[old.index] += 1
            new = _DECK[rng.choice([i for i, v in enumerate(shoe) if v])]
            shoe[new.index] -= 1
            dealer[s.hole] = new
            return [dataclasses.replace(s, dealer=tuple(dealer), shoe=b_shoe_of(shoe))]
        dealer[s.hole] = rng.choice(_DECK)
        return [dataclasses.replace(s, dealer=tuple(dealer))]


CHECKERS: dict[str, type[Checker]] = {
    "shut-the-box": ShutTheBoxChecker,
    "yahtzee": YahtzeeChecker,
    "draughts": DraughtsChecker,
    "dominoes": DominoesChecker,
    "go-fish": GoFishChecker,
    "gin-rummy": GinRummyChecker,
    "blackjack": BlackjackChecker,
}


# ================================================================================================
# The runner
# ================================================================================================
MAX_STEPS = 200_000
HIDDEN_SAMPLES = 1
"""``resample_hidden`` draws per seat at each state whose views are checked."""


def _check_views(game: Any, checker: Checker, state: Any, rng: random.Random) -> int:
    """Every seat's view (and a spectator's) is the same in states that differ only in what the
    seat cannot see; the game's own resamples still satisfy the accounting.  Returns the checks."""
    done = 0
    if not game.spec.hidden_information:  # nothing hidden: the game's resample is the state itself
        for seat in [*range(checker.players), None]:
            assert game.resample_hidden(state, seat, rng) == state
        return 0
    for seat in [*range(checker.players), None]:
        view = game.view(state, seat)
        data = view.to_json()
        others = [game.resample_hidden(state, seat, rng) for _ in range(HIDDEN_SAMPLES)]
        for other in others:
            if other is not state:  # a seat's resamples are what bots play; a spectator's too
                checker.state(other)
        for other in [*others, *checker.perturb(state, seat, rng)]:
            seen = game.view(other, seat)
            assert seen == view, f"seat {seat}'s view changed with what it cannot see"
            assert seen.to_json() == data, f"seat {seat}'s view's JSON changed"
            if seat is not None:
                assert game.legal_moves(other, seat) == game.legal_moves(state, seat)
            done += 1
    return done


def _fields(state: Any) -> tuple[int, ...]:
    """The identities of a state's compared fields: a frozen state can be changed only by
    setting a field anew (``object.__setattr__``), which changes one of them (caches, not
    compared, are left out).  Much cheaper than hashing every state."""
    return tuple(map(id, _getter(type(state))(state)))


@cache
def _getter(cls: type) -> Any:
    return operator.attrgetter(*(f.name for f in dataclasses.fields(cls) if f.compare))


def _replay(game: Any, rules: Any, players: int, entries: list[Entry], states: list[Any]) -> None:
    record = Record(game.spec.name, rules_to_json(rules), tuple(f"P{i + 1}" for i in range(players)),
                    tuple(entries))
    replayed = list(Record.from_jsonl(record.to_jsonl()).states())
    assert len(replayed) == len(states), "the record replays to a different length"
    for n, (a, b) in enumerate(zip(replayed, states, strict=True)):
        assert a == b, f"the record replays to a different state at move {n}"
    assert hash(replayed[-1]) == hash(states[-1]), "equal states, different hashes"


def play_checked(name: str, case: int, seed: int, replay: bool = False,
                 views: int = 0) -> tuple[int, Counter[str]]:
    """Play one random game of ``name``'s conformance case ``case`` with ``seed``, checking every
    invariant after every action.  ``replay``: also verify every action with ``apply``, check every
    state's hash is unchanged by ``apply``, and replay the game's record to the same states (and
    hashes).  ``views``: check the views (and ``resample_hidden``) at every ``views``-th state.
    Returns the number of actions and the features met.

    Without ``replay`` actions are applied unverified (``_apply_move``, ``_apply_outcome``): they
    come from ``legal_moves`` and ``sample_chance`` of the same state, and the conformance suite
    checks that ``apply`` accepts those; immutability is then checked by the identity of the
    state's fields, much cheaper than hashing every state."""
    game = registry.get(name)
    rules, players = game.conformance_cases()[case]
    checker = CHECKERS[name](game, rules, players)
    rng = random.Random(seed)
    view_rng = random.Random(seed ^ 0x5EED)
    state = game.initial_state(rules, players)
    entries: list[Entry] = []
    states = [state]
    n = 0
    try:
        checker.state(state)
        digest = hash(state) if replay else 0
        while True:
            if views and n % views == 0:
                checker.seen["view checks"] += _check_views(game, checker, state, view_rng)
            actors = game.to_act(state)
            if not actors:
                break
            assert n < MAX_STEPS, "the game did not end"
            if actors == (CHANCE,):
                seat, action = CHANCE, game.sample_chance(state, rng)
            else:
                seat = actors[0] if len(actors) == 1 else actors[rng.randrange(len(actors))]
                legal = game.legal_moves(state, seat)
                checker.legal(state, seat, legal)
                action = checker.choose(state, seat, legal, rng)
            fields = _fields(state)
            if replay:
                entries.append(Entry(seat, game.format_action(state, seat, action)))
                after = game.apply(state, seat, action)
            elif seat == CHANCE:
                after = game._apply_outcome(state, action)
            else:
                after = game._apply_move(state, seat, action)
            n += 1
            assert _fields(state) == fields, "applying an action changed the state it was applied to"
            checker.step(state, seat, action, after)
            checker.state(after)
            if replay:
                assert hash(state) == digest, "applying an action changed the state's hash"
                digest = hash(after)
                states.append(after)
            state = after
        for other in range(players):
            assert game.legal_moves(state, other) == ()
        hash(state)
        checker.end(state)
        if replay:
            _replay(game, rules, players, entries, states)
            checker.seen["replays"] += 1
    except Exception as exc:
        raise InvariantError(
            f"{name}, case {case} ({rules!r}, {players} players), seed {seed}, move {n}: "
            f"{type(exc).__name__}: {exc}\n  reproduce: play_checked({name!r}, {case}, {seed}, "
            f"replay={replay}, views={views})"
        ) from exc
    return n, checker.seen


@dataclasses.dataclass(frozen=True)
class Sampling:
    """Which games get the heavier checks: every ``replay_every``-th game replays its record;
    every ``views_every``-th game checks views at every ``view_states``-th state."""

    replay_every: int = 10
    views_every: int = 20
    view_states: int = 8


def run_chunk(name: str, case: int, seeds: range, sampling: Sampling) -> tuple[int, int, Counter[str]]:
    """Play the games of ``seeds``; returns games, actions and the features met (and the CPU
    milliseconds taken, as ``cpu ms``)."""
    start = time.process_time()
    total = 0
    seen: Counter[str] = Counter()
    for seed in seeds:
        views = sampling.view_states if seed % sampling.views_every == 0 else 0
        moves, met = play_checked(name, case, seed, replay=seed % sampling.replay_every == 0, views=views)
        total += moves
        seen.update(met)
    seen["cpu ms"] += round(1000 * (time.process_time() - start))
    return len(seeds), total, seen
