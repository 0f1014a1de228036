"""The ``strong`` bot's perfect-information search: alpha-beta over one deal with every hand known.

A position is the hands (bit masks of ``Tile.index``), the two open ends and the seat to play; the
sleeping tiles are never drawn, so they play no part.  The moves and the end of a hand are the
engine's rules on this plain layout (``children``, ``next_seat``, ``finished``; the tests hold
them to ``engine.legal_moves`` and ``engine.apply_move``): a player who can play must, one who
cannot knocks (no choice, so knocks are not nodes of the tree); after each play the hand ends when
the player chips out (with ``both_chip_out`` in partnerships, when the partners both have) or
when nobody holding tiles can play (blocked).  A finished hand is scored by
``engine.hand_score``.

The value of a finished hand is ``Payoff``'s, from one side's point of view: what that side wins
less what the others win (the hand's points under the real ``Rules``, optionally made
score-aware).  Other sides minimise it (with three sides or more, they are taken to play
against the searching side together: "paranoid" search).

The search is exact (alpha-beta with a transposition table of bounds) until a node budget runs
out; below a depth limit the position is scored by ``estimate`` (the difference in spots, plus a
play-out by a greedy rule).  ``Search`` counts its nodes so that the bot keeps to a budget.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.core.bitset import bits
from parlour.games.dominoes.engine import hand_score
from parlour.games.dominoes.rules import Rules, sides_of
from parlour.games.dominoes.tileset import NUMBER_MASKS, PIPS, TILES, spots

HIGH = tuple(t.high for t in TILES)
LOW = tuple(t.low for t in TILES)

EXACT, LOWER, UPPER = 0, 1, 2
"""Transposition-table entries: an exact value, a lower bound, an upper bound."""
WIN_BONUS = 1000
"""Added to a hand's value (by ``Payoff`` with ``score_aware``) when it wins the whole game."""


@dataclass(frozen=True)
class Payoff:
    """What a finished hand is worth to ``side``: ``value(winner, points)`` for the winning side
    (``None``: a drawn hand, 0).

    Plainly the points won, positive when ``side`` wins and negative when another side does.
    With ``score_aware``, points beyond those a side needs to reach the target count for
    nothing, and reaching it is worth ``WIN_BONUS`` more (the game, not the margin, is what
    counts near the end)."""

    side: int
    scores: tuple[int, ...]
    target: int
    score_aware: bool = False

    def value(self, winner: int | None, points: int) -> int:
        if winner is None:
            return 0
        if self.score_aware:
            need = self.target - self.scores[winner]
            if points >= need:
                points = need + WIN_BONUS
        return points if winner == self.side else -points


class Search:
    """Alpha-beta over the deal ``hands`` for ``payoff.side`` (see the module's docstring)."""

    def __init__(self, rules: Rules, players: int, payoff: Payoff, node_limit: int,
                 depth_limit: int, model: tuple[tuple[float, ...], float] | None = None) -> None:
        self.rules = rules
        self.players = players
        self.sides = sides_of(rules, players)
        self.side_count = max(self.sides) + 1
        self.payoff = payoff
        self.node_limit = node_limit
        self.depth_limit = depth_limit
        self.model = model
        """Opponents' nodes: ``None`` for the worst case, or (each tile's weight, share)
        (``modelled``)."""
        self.nodes = 0
        self.cut = False
        """Whether the depth limit cut the search short somewhere."""
        self.table: dict[tuple[tuple[int, ...], int, int, int], tuple[float, int]] = {}
        self.partners = tuple(tuple(s for s in range(players) if self.sides[s] == self.sides[seat])
                              for seat in range(players))
        self.both_out = rules.both_chip_out and self.side_count < players

    # ---- the rules ------------------------------------------------------------
    def next_seat(self, hands: tuple[int, ...], seat: int) -> int:
        """The next seat to the left holding tiles."""
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if hands[candidate]:
                return candidate
        raise AssertionError("nobody holds a tile")  # pragma: no cover

    def finished(self, hands: tuple[int, ...], seat: int, left: int, right: int) -> int | None:
        """The value of the hand if the play just made by ``seat`` (leaving ``hands`` and the
        ends ``left``, ``right``) ended it, else ``None``."""
        if not hands[seat] and not (self.both_out and any(hands[s] for s in self.partners[seat])):
            return self.chip_out(hands, self.sides[seat])
        fit = NUMBER_MASKS[left] | NUMBER_MASKS[right]
        if any(h & fit for h in hands):
            return None
        return self.blocked(hands)

    def totals(self, hands: tuple[int, ...]) -> list[int]:
        """Each side's spots left."""
        totals = [0] * self.side_count
        for seat, hand in enumerate(hands):
            if hand:
                totals[self.sides[seat]] += spots(hand)
        return totals

    def chip_out(self, hands: tuple[int, ...], winner: int) -> int:
        """The value of the hand won by side ``winner`` chipping out."""
        return self.payoff.value(*hand_score(self.rules, self.totals(hands), winner))

    def blocked(self, hands: tuple[int, ...]) -> int:
        """The value of the hand blocked."""
        return self.payoff.value(*hand_score(self.rules, self.totals(hands), None))

    def children(self, hands: tuple[int, ...], seat: int, left: int,
                 right: int) -> list[tuple[int, int, int]]:
        """The plays of ``seat``: (tile index, new left end, new right end), heaviest tiles first;
        a tile fitting both ends the same way is listed once."""
        hand = hands[seat]
        out = []
        playable = hand & (NUMBER_MASKS[left] | NUMBER_MASKS[right])
        for index in sorted(bits(playable), key=lambda i: -PIPS[i]):
            high, low = HIGH[index], LOW[index]
            if high == left or low == left:
                out.append((index, high + low - left, right))
            if (high == right or low == right) and left != right:
                out.append((index, left, high + low - right))
        return out

    # ---- the search ------------------------------------------------------------
    def value(self, hands: tuple[int, ...], seat: int, left: int, right: int, depth: int,
              alpha: float, beta: float) -> float:
        """The value of ``seat`` to play (it may have to knock) before any end is reached."""
        self.nodes += 1
        fit = NUMBER_MASKS[left] | NUMBER_MASKS[right]
        while not hands[seat] & fit:
            seat = self.next_seat(hands, seat)
        if depth >= self.depth_limit or self.nodes >= self.node_limit:
            self.cut = self.cut or depth >= self.depth_limit
            return self.estimate(hands, seat, left, right)
        key = (hands, min(left, right), max(left, right), seat)
        entry = self.table.get(key)
        if entry is not None:
            stored, flag = entry
            if flag == EXACT:
                return stored
            if flag == LOWER and stored >= beta:
                return stored
            if flag == UPPER and stored <= alpha:
                return stored
        maximise = self.sides[seat] == self.payoff.side
        if not maximise and self.model is not None:
            return self.modelled(hands, seat, left, right, depth, key)
        start_alpha, start_beta = alpha, beta
        best: float = -10**9 if maximise else 10**9
        for play in self.children(hands, seat, left, right):
            result = self.after(hands, seat, play, depth, alpha, beta)
            if maximise:
                if result > best:
                    best = result
                alpha = max(alpha, best)
            else:
                if result < best:
                    best = result
                beta = min(beta, best)
            if alpha >= beta:
                break
        if self.nodes < self.node_limit:
            flag = UPPER if best <= start_alpha else LOWER if best >= start_beta else EXACT
            self.table[key] = (best, flag)
        return best

    def modelled(self, hands: tuple[int, ...], seat: int, left: int, right: int, depth: int,
                 key: tuple[tuple[int, ...], int, int, int]) -> float:
        """An opponent's node with ``model`` (weights, share): ``share`` of the worst of its plays
        for the searching side, the rest their average, each weighted by its tile's weight (a
        player who cannot see the other hands, shedding heavy tiles: ``model.weights``)."""
        assert self.model is not None
        tile_weights, share = self.model
        results: list[float] = []
        weights: list[float] = []
        for play in self.children(hands, seat, left, right):
            results.append(self.after(hands, seat, play, depth, -10**9, 10**9))
            weights.append(tile_weights[play[0]])
        best = share * min(results) + (1 - share) * sum(
            w * r for w, r in zip(weights, results, strict=True)) / sum(weights)
        if self.nodes < self.node_limit:
            self.table[key] = (best, EXACT)
        return best

    def root(self, hands: tuple[int, ...], seat: int, left: int, right: int,
             plays: list[tuple[int, int, int]]) -> list[float]:
        """The exact value (within the budget) of each of ``seat``'s ``plays``."""
        return [self.after(hands, seat, play, 0, -10**9, 10**9) for play in plays]

    def after(self, hands: tuple[int, ...], seat: int, play: tuple[int, int, int], depth: int,
              alpha: float, beta: float) -> float:
        """The value after ``seat``, at ``depth``, makes ``play`` (tile index, new left and right
        ends): the hand's if that ends it, else the next seat's to play."""
        index, left, right = play
        after = list(hands)
        after[seat] &= ~(1 << index)
        done = tuple(after)
        result = self.finished(done, seat, left, right)
        if result is None:
            return self.value(done, self.next_seat(done, seat), left, right, depth + 1, alpha, beta)
        return result

    # ---- beyond the horizon -------------------------------------------------------
    def estimate(self, hands: tuple[int, ...], seat: int, left: int, right: int) -> int:
        """A play-out of the position in which each player lays its heaviest tile that fits,
        on the first end it fits (the result of the hand it reaches)."""
        hands_list = list(hands)
        while True:
            self.nodes += 1
            hand = hands_list[seat]
            playable = hand & (NUMBER_MASKS[left] | NUMBER_MASKS[right])
            if playable:
                index = max(bits(playable), key=lambda i: PIPS[i])
                hands_list[seat] = hand & ~(1 << index)
                if HIGH[index] == left or LOW[index] == left:
                    left = HIGH[index] + LOW[index] - left
                else:
                    right = HIGH[index] + LOW[index] - right
                after = tuple(hands_list)
                result = self.finished(after, seat, left, right)
                if result is not None:
                    return result
            seat = self.next_seat(tuple(hands_list), seat)
