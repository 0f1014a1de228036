"""A Blackjack strategy chart's exact expectation, and its regret against the best play.

A *chart* says what to do with a hand against the dealer's card showing: for each row of
:class:`~parlour.games.blackjack.solver.HandClass` (hard totals, soft totals and, where
splitting is allowed, pairs) and each dealer card that may show (2..10, 1 for the ace; ``None``
in the manual's deal, where no card shows), a code in the solver's chart letters:

* ``H`` hit, ``S`` stand;
* ``D`` double, else hit; ``Ds`` double, else stand;
* ``P`` split (pair rows only: when the pair may not be split, the hand's total row decides);
* ``Rh``, ``Rs``, ``Rp``: surrender, else hit, stand or split.

The chart decides every hand, the first two cards and every later card alike (a hand of three
cards or more reads its hard or soft total's row; a decision not allowed there falls back as the
letters say).  A total of 21 always stands, as in the solver.

It is valued by the solver itself (:mod:`parlour.games.blackjack.solver`): the same dealer
outcomes, the same deal, peek and payouts, the same recursion for splits; only where the solver
takes the best decision, the chart's is taken.  So the optimal chart of an infinite deck has a
regret of exactly 0, and a chart's figures carry the solver's model (its docstring): exact for an
infinite deck; with finite decks the best play is composition dependent (it may decide by the
exact cards, which no chart of totals can) and splits are approximated as there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from parlour.games.blackjack.rules import Rules, hand_total
from parlour.games.blackjack.solver import HandClass, Kind, Strategy, solve
from parlour.games.blackjack.solver.chart import play_out
from parlour.games.blackjack.solver.dealer import Counts, Shoe, counts_of, total_of
from parlour.games.blackjack.solver.player import UpCard

Cell = tuple[HandClass, int | None]
"""A chart's cell: a row and the dealer's card showing (``None`` when none shows)."""

Chart = Mapping[Cell, str] | Callable[[HandClass, int | None], str]
"""A strategy chart: a mapping from cells to codes, or a callable ``(row, dealer card) -> code``."""

FALLBACK: dict[str, tuple[str, ...]] = {
    "H": ("hit",), "S": ("stand",), "D": ("double", "hit"), "Ds": ("double", "stand"),
    "P": ("split",), "Rh": ("surrender", "hit"), "Rs": ("surrender", "stand"),
    "Rp": ("surrender", "split"),
}
"""Each code's decisions, most wanted first (standing is always the last resort)."""

TOTAL_CODES = ("H", "S", "D", "Ds", "Rh", "Rs")
"""The codes a hard or soft row may hold; a pair row may also hold ``P`` and ``Rp``."""


@dataclass(frozen=True)
class ChartValue:
    """A chart's exact expectation beside the best play's, per unit of the initial bet."""

    rules: Rules
    expectation: float
    """The chart's expected return of a round per unit initial bet (insurance never taken)."""
    optimum: float
    """The best play's (:attr:`Strategy.expectation <parlour.games.blackjack.solver.Strategy>`)."""

    @property
    def regret(self) -> float:
        """What the chart gives up against the best play, per unit bet (0 or more)."""
        return self.optimum - self.expectation

    def __str__(self) -> str:
        return (f"expectation {self.expectation:.4%} a unit bet (best {self.optimum:.4%}, "
                f"regret {100 * self.regret:.4f} points)")


@lru_cache(maxsize=8)
def solved(rules: Rules) -> Strategy:
    """The solver's answer for these rules, remembered (a six-deck shoe takes seconds)."""
    return solve(rules)


def cells(rules: Rules) -> tuple[Cell, ...]:
    """Every cell a chart needs for these rules, row by row."""
    optimum = solved(rules)
    return tuple((row, up) for row in optimum.rows for up in optimum.dealer_cards)


def best_chart(rules: Rules) -> dict[Cell, str]:
    """The solver's chart for these rules (its best decision for each row's hands together)."""
    optimum = solved(rules)
    return {(row, up): cell.code
            for row, line in zip(optimum.rows, optimum.cells, strict=True)
            for up, cell in zip(optimum.dealer_cards, line, strict=True)}


def chart_of(rule: Callable[[HandClass, int | None], str], rules: Rules) -> dict[Cell, str]:
    """A chart as a table, ``rule`` asked once for every cell."""
    return {cell: rule(*cell) for cell in cells(rules)}


def evaluate_chart(chart: Chart, rules: Rules | None = None) -> ChartValue:
    """The exact expectation of playing ``chart`` under ``rules`` (default: the manual's game),
    beside the best play's.  A chart missing a cell or holding a code a row cannot take is refused
    with a :class:`ValueError` naming it."""
    rules = rules or Rules()
    table = _checked(chart, rules)

    def player(rules: Rules, shoe: Shoe, up: int | None, keys: list[Counts]) -> UpCard:
        return ChartPlayer(rules, shoe, up, keys, table)

    expectation, _, _ = play_out(rules, player)
    return ChartValue(rules, expectation, solved(rules).expectation)


def _checked(chart: Chart, rules: Rules) -> dict[Cell, str]:
    table: dict[Cell, str] = {}
    for row, up in cells(rules):
        where = f"row {row.label} ({row.kind.value}) against {_card(up)}"
        try:
            code = chart[(row, up)] if isinstance(chart, Mapping) else chart(row, up)
        except KeyError:
            raise ValueError(f"the chart has no code for {where}") from None
        allowed = TOTAL_CODES + (("P", "Rp") if row.kind is Kind.PAIR else ())
        if code not in allowed:
            raise ValueError(f"the chart's code for {where} is {code!r}: use one of {', '.join(allowed)}")
        table[(row, up)] = code
    return table


def _card(up: int | None) -> str:
    return "no dealer card" if up is None else "an ace" if up == 1 else f"a {up}"


class ChartPlayer(UpCard):
    """The solver's values against one dealer card, every decision the chart's."""

    def __init__(self, rules: Rules, shoe: Shoe, up: int | None, keys: list[Counts],
                 chart: dict[Cell, str]) -> None:
        super().__init__(rules, shoe, up, keys)
        self.chart = chart

    def choices(self, first: int, second: int) -> dict[str, float]:
        """Only the chart's decision on the first two cards (or the natural)."""
        options = super().choices(first, second)
        if "natural" in options:
            return options
        taken = self.decide(counts_of((first, second)), options)
        return {taken: options[taken]}

    def choose(self, hand: Counts, options: dict[str, float]) -> float:
        return options[self.decide(hand, options)]

    def decide(self, hand: Counts, options: dict[str, float]) -> str:
        """The chart's decision on ``hand`` among ``options``."""
        if len(options) == 1:  # a total of 21, or split aces that may not draw
            return next(iter(options))
        if "play" in options:  # split a pair again, or play it on
            code = self.chart[(self._pair_row(hand), self.up)]
            return "split" if "split" in FALLBACK[code] else "play"
        if "split" not in options and total_of(hand)[0] == 21:  # as a split hand may be
            return "stand"
        row = self._pair_row(hand) if "split" in options else self._total_row(hand)
        for decision in FALLBACK[self.chart[(row, self.up)]]:
            if decision in options:
                return decision
        if "split" in options:  # a pair row without a split: the hand's total row decides
            return self.decide(hand, {k: v for k, v in options.items() if k != "split"})
        return "stand"

    def _total_row(self, hand: Counts) -> HandClass:
        total, soft = total_of(hand)
        return HandClass(Kind.SOFT if soft else Kind.HARD, total)

    @staticmethod
    def _pair_row(hand: Counts) -> HandClass:
        return HandClass(Kind.PAIR, hand.index(2) + 1)


def stand_on(hard: int, soft: int | None = None) -> Callable[[HandClass, int | None], str]:
    """The simplest charts: stand on a hard total of ``hard`` or more and a soft total of
    ``soft`` (default: the same) or more, else hit; never double, split or surrender."""
    soft_at = hard if soft is None else soft

    def rule(row: HandClass, up: int | None) -> str:
        if row.kind is Kind.PAIR:
            total, is_soft = hand_total((row.total, row.total))
        else:
            total, is_soft = row.total, row.kind is Kind.SOFT
        return "S" if total >= (soft_at if is_soft else hard) else "H"

    return rule


__all__ = ["FALLBACK", "Cell", "Chart", "ChartPlayer", "ChartValue", "best_chart", "cells", "chart_of",
           "evaluate_chart", "solved", "stand_on"]
