"""The strategy chart: every hand class (hard and soft totals, pairs) against every dealer card
that may show, the value of each decision, and the whole game's expectation (the model: the
package's docstring)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from parlour.games.blackjack.rules import Rules, peeks
from parlour.games.blackjack.solver.dealer import Counts, Shoe
from parlour.games.blackjack.solver.player import UpCard, needed_keys

DEALER_CARDS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
"""The dealer cards that may be showing, in chart order (the ace last)."""


class Action(enum.Enum):
    """A decision on the first two cards, valued by its chart letter."""

    STAND = "S"
    HIT = "H"
    DOUBLE = "D"
    SPLIT = "P"
    SURRENDER = "R"
    NATURAL = "BJ"
    """A blackjack: no decision, it is paid."""


_NAMES = {"stand": Action.STAND, "hit": Action.HIT, "double": Action.DOUBLE,
          "split": Action.SPLIT, "surrender": Action.SURRENDER, "natural": Action.NATURAL}


@dataclass(frozen=True)
class Decision:
    """The legal decisions on a hand against one dealer card, each with its value per unit bet."""

    values: tuple[tuple[Action, float], ...]

    def value(self, action: Action) -> float | None:
        """The value of ``action``, or None where it is not allowed."""
        return dict(self.values).get(action)

    @property
    def best(self) -> Action:
        return max(self.values, key=lambda av: av[1])[0]

    @property
    def best_value(self) -> float:
        return max(v for _, v in self.values)

    @property
    def code(self) -> str:
        """The chart letters: H, S, P, D (double, else hit), Ds (double, else stand), Rh / Rs /
        Rp (surrender, else hit / stand / split), BJ."""
        best = self.best
        if best in (Action.HIT, Action.STAND, Action.SPLIT, Action.NATURAL):
            return str(best.value)
        if best is Action.DOUBLE:  # else (with three cards or more): hit or stand
            hit, stand = self.value(Action.HIT), self.value(Action.STAND)
            return "D" if hit is None or stand is None or hit >= stand else "Ds"
        rest = Decision(tuple(av for av in self.values if av[0] is not best))
        return "R" + rest.code[0].lower()


class Kind(enum.Enum):
    HARD = "hard"
    SOFT = "soft"
    PAIR = "pair"


@dataclass(frozen=True)
class HandClass:
    """A row of the chart: a hard or soft two-card total, or a pair (``total`` is then the
    card: 1 for aces)."""

    kind: Kind
    total: int

    @property
    def label(self) -> str:
        if self.kind is Kind.HARD:
            return str(self.total)
        if self.kind is Kind.SOFT:
            return f"A,{_card(self.total - 11)}"
        return f"{_card(self.total)},{_card(self.total)}"

    def holds(self, first: int, second: int) -> bool:
        """Whether a first two cards belong to this class (a pair belongs to its pair row and to
        its hard or soft total)."""
        if self.kind is Kind.PAIR:
            return first == second == self.total
        soft = 1 in (first, second)
        total = first + second + (10 if soft else 0)
        return (self.kind is Kind.SOFT) == soft and total == self.total


def _card(v: int) -> str:
    return "A" if v == 1 else "T" if v == 10 else str(v)


@dataclass(frozen=True)
class Strategy:
    """The solved game: :meth:`decision` per chart cell, :meth:`hand` per exact two cards."""

    rules: Rules
    expectation: float
    """The whole game's expected return per unit initial bet (insurance never taken)."""
    dealer_cards: tuple[int | None, ...]
    """The columns: the dealer's card showing (1 = ace), or ``(None,)`` when none shows."""
    rows: tuple[HandClass, ...]
    cells: tuple[tuple[Decision, ...], ...]
    """``cells[r][d]``: the row's decisions against ``dealer_cards[d]``, the two-card hands of
    the row weighted by their chances."""
    hands: tuple[tuple[tuple[int, int], tuple[Decision, ...]], ...]
    """Every first two cards ``(low, high)`` and its decisions against each dealer card."""

    def decision(self, row: HandClass | str, dealer: int | None) -> Decision:
        """A chart cell, the row by class or label (``"16"``, ``"A,7"``, ``"8,8"``; ``"A,A"`` is
        the pair's row where splitting is allowed, else the soft 12 row)."""
        found = [i for i, h in enumerate(self.rows) if h == row or h.label == row]
        r = found[-1]
        return self.cells[r][self.dealer_cards.index(dealer)]

    def hand(self, first: int, second: int, dealer: int | None) -> Decision:
        """The decisions on exactly these two cards."""
        pair = (min(first, second), max(first, second))
        found = next(d for cards, d in self.hands if cards == pair)
        return found[self.dealer_cards.index(dealer)]

    def exceptions(self) -> list[tuple[HandClass, tuple[int, int], int | None, str]]:
        """Two-card hands whose best decision differs from their row's (finite decks)."""
        out = []
        for row, cells in zip(self.rows, self.cells, strict=True):
            for cards, decisions in self.hands:
                if not row.holds(*cards):
                    continue
                for d, cell, own in zip(self.dealer_cards, cells, decisions, strict=True):
                    mine = own if row.kind is Kind.PAIR else _without_split(own)
                    if mine.code != cell.code:
                        out.append((row, cards, d, mine.code))
        return out


def _without_split(d: Decision) -> Decision:
    return Decision(tuple(av for av in d.values if av[0] is not Action.SPLIT))


def _first_two(shoe: Shoe, up: int | None) -> list[tuple[tuple[int, int], float]]:
    """Each first two cards (low, high) and its chance with ``up`` out of the shoe."""
    gone = (0,) * 10 if up is None else tuple(int(v == up) for v in range(1, 11))
    p1 = shoe.probs(gone)
    out = []
    for a in range(1, 11):
        after = tuple(g + (v == a) for v, g in zip(range(1, 11), gone, strict=True))
        p2 = shoe.probs(after)
        for b in range(a, 11):
            p = p1[a - 1] * p2[b - 1] * (1 if a == b else 2)
            if p > 0:
                out.append(((a, b), p))
    return out


Column = dict[tuple[int, int], tuple[dict[str, float], float, float]]
"""Against one dealer card: each first two cards ``(low, high)`` with the values of its decisions
(as :meth:`UpCard.choices` gives them), its chance, and the chance of no dealer blackjack."""

Player = Callable[[Rules, Shoe, int | None, list[Counts]], UpCard]
"""Makes the player's values against one dealer card: :class:`UpCard` (the best play), or a
subclass of it that plays a fixed strategy."""


def play_out(rules: Rules, player: Player = UpCard) -> tuple[float, tuple[int | None, ...], list[Column]]:
    """Every first two cards against every dealer card that may show, with the values of its
    decisions; and the whole game's expectation per unit bet, each hand taking the decision of
    most value among those ``player`` offers (all of them for :class:`UpCard`)."""
    shoe = Shoe(rules.decks)
    dealer_cards: tuple[int | None, ...] = (None,) if not rules.dealer_shows_card else DEALER_CARDS
    up_probs = shoe.probs((0,) * 10)
    expectation = 0.0
    columns: list[Column] = []
    for up in dealer_cards:
        solver = player(rules, shoe, up, needed_keys(rules, shoe, up))
        p_up = 1.0 if up is None else up_probs[up - 1]
        column = {}
        for cards, p in _first_two(shoe, up):
            hand = tuple(int(v == cards[0]) + int(v == cards[1]) for v in range(1, 11))
            raw = solver.choices(*cards)
            no_bj = solver.no_blackjack(hand)
            column[cards] = (raw, p, no_bj)
            value = max(raw.values())
            if peeks(rules, up):  # the rounds ended at once by a dealer blackjack
                value += (1.0 - no_bj) * (0.0 if "natural" in raw else -1.0)
            expectation += p_up * p * value
        columns.append(column)
    return expectation, dealer_cards, columns


def solve(rules: Rules) -> Strategy:
    """Solve the game under ``rules`` (only the rules of play and the decks matter)."""
    expectation, dealer_cards, columns = play_out(rules)

    def conditioned(raw: dict[str, float], no_bj: float) -> Decision:
        return Decision(tuple((_NAMES[k], v / no_bj) for k, v in raw.items()))

    hands = tuple(
        (cards, tuple(conditioned(col[cards][0], col[cards][2]) for col in columns))
        for cards in sorted(columns[0]))
    rows = _rows(rules)
    cells = []
    for row in rows:
        line = []
        for col in columns:
            total: dict[str, float] = {}
            weight = no_bj_weight = 0.0
            for cards, (raw, p, no_bj) in col.items():
                if not row.holds(*cards):
                    continue
                weight += p
                no_bj_weight += p * no_bj
                for k, v in raw.items():
                    if k != "split" or row.kind is Kind.PAIR:
                        total[k] = total.get(k, 0.0) + p * v
            line.append(Decision(tuple((_NAMES[k], v / no_bj_weight) for k, v in total.items())))
        cells.append(tuple(line))
    return Strategy(rules, expectation, dealer_cards, rows, tuple(cells), hands)


def _rows(rules: Rules) -> tuple[HandClass, ...]:
    rows = [HandClass(Kind.HARD, t) for t in range(4, 21)]
    rows += [HandClass(Kind.SOFT, t) for t in range(12, 21 if rules.naturals else 22)]
    if rules.split_hands > 1:
        rows += [HandClass(Kind.PAIR, v) for v in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)]
    return tuple(rows)


__all__ = ["DEALER_CARDS", "Action", "Column", "Decision", "HandClass", "Kind", "Player", "Strategy",
           "play_out", "solve"]
