"""Exact baselines of Blackjack: a strategy chart's expectation against the best play's."""

from __future__ import annotations

from functools import cache

import pytest

from parlour.envs.evaluate.blackjack import best_chart, chart_of, evaluate_chart, stand_on
from parlour.games.blackjack.rules import Double, Rules, Surrender
from parlour.games.blackjack.solver import HandClass, Kind

INFINITE_MANUAL = Rules(decks=0)


def test_the_optimal_chart_has_no_regret_under_every_infinite_deck_rule_set() -> None:
    for rules in (INFINITE_MANUAL, Rules.casino(decks=0),
                  Rules.casino(decks=0, surrender=Surrender.LATE, double=Double.NINE_TO_ELEVEN),
                  Rules.casino(decks=0, resplit_aces=True, hit_split_aces=True)):
        value = evaluate_chart(best_chart(rules), rules)
        assert value.regret == pytest.approx(0, abs=1e-15), rules
    manual = evaluate_chart(best_chart(INFINITE_MANUAL), INFINITE_MANUAL)
    assert round(manual.optimum * 100, 4) == -6.4047


def dealer_bust() -> float:
    """The chance the dealer busts drawing to 17 (standing on soft 17) from an infinite deck,
    worked out here on its own."""
    chance = [1 / 13] * 9 + [4 / 13]

    @cache
    def bust(total: int, soft: bool) -> float:
        if total > 21:
            return 1.0
        if total >= 17:
            return 0.0
        p = 0.0
        for card, q in enumerate(chance, start=1):
            t, s = total + card, soft
            if card == 1 and t + 10 <= 21:
                t, s = t + 10, True
            if t > 21 and s:
                t, s = t - 10, False
            p += q * bust(t, s)
        return p

    return bust(0, False)


def test_mimicking_the_dealer_loses_the_square_of_the_dealers_bust_chance() -> None:
    """In the manual's game the player who draws to 17 as the dealer does has the dealer's
    chances; equal totals push and the player's bust comes first, so the expectation is
    -P(bust)^2 exactly."""
    value = evaluate_chart(stand_on(17), INFINITE_MANUAL)
    assert value.expectation == pytest.approx(-dealer_bust() ** 2, abs=1e-12)
    assert value.regret == pytest.approx(0.015247055, abs=1e-9)
    assert value.regret > 0
    assert str(value) == "expectation -7.9295% a unit bet (best -6.4047%, regret 1.5247 points)"


def test_a_finite_shoe_chart_falls_short_of_composition_dependent_play() -> None:
    rules = Rules()  # the manual's single pack
    value = evaluate_chart(best_chart(rules), rules)
    assert 0 < value.regret < 0.001


def test_a_chart_as_a_table_and_its_mistakes_refused() -> None:
    rules = Rules.casino(decks=0)
    chart = chart_of(stand_on(17), rules)
    assert evaluate_chart(chart, rules).expectation == evaluate_chart(stand_on(17), rules).expectation
    # splitting eights against everything, the rest as before: better than never splitting
    eights = dict(chart)
    for up in (2, 3, 4, 5, 6, 7, 8, 9, 10, 1):
        eights[(HandClass(Kind.PAIR, 8), up)] = "P"
    assert evaluate_chart(eights, rules).regret < evaluate_chart(chart, rules).regret
    del chart[(HandClass(Kind.SOFT, 18), 7)]
    with pytest.raises(ValueError, match="no code for row A,7 \\(soft\\) against a 7"):
        evaluate_chart(chart, rules)
    with pytest.raises(ValueError,
                       match="row 4 \\(hard\\) against an ace is 'P': use one of H, S, D, Ds, Rh, Rs"):
        evaluate_chart(lambda row, up: "P" if up == 1 else "H", rules)
