"""The Blackjack strategy solver: the published figure and charts, and checks of its arithmetic
against plain enumerations written here independently."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from parlour.games.blackjack.rules import Deal, Double, Payout, Rules, Soft17, Surrender
from parlour.games.blackjack.solver import DEALER_CARDS, Action, HandClass, Kind, Strategy, solve

P_INF = {v: Fraction(4 if v == 10 else 1, 13) for v in range(1, 11)}


@pytest.fixture(scope="module")
def s17() -> Strategy:
    return solve(Rules.casino(decks=0))


@pytest.fixture(scope="module")
def six() -> Strategy:
    return solve(Rules.casino())


@pytest.fixture(scope="module")
def h17() -> Strategy:
    return solve(Rules.casino(decks=0, soft17=Soft17.HIT))


def _row(s: Strategy, label: str) -> str:
    return " ".join(s.decision(label, d).code for d in s.dealer_cards)


def test_casino_rules_are_the_published_game() -> None:
    r = Rules.casino(decks=0)
    assert (r.deal, r.blackjack, r.double, r.split_hands, r.resplit_aces, r.hit_split_aces,
            r.double_after_split, r.surrender, r.soft17, r.decks) == (
        Deal.PEEK, Payout.THREE_TWO, Double.ANY, 4, False, False, True, Surrender.NONE,
        Soft17.STAND, 0)


def test_the_published_infinite_deck_figure(s17: Strategy) -> None:
    """Wizard of Odds (wizardofodds.com, blackjack house edge, infinite deck): dealer stands on
    soft 17, double any two cards, double after split, split to four hands, no resplitting aces,
    one card to each split ace, blackjack 3:2, dealer peeks: the player's expectation is
    -0.5117%."""
    assert round(s17.expectation * 100, 4) == -0.5117


def test_the_standard_chart_dealer_stands_on_soft_17(s17: Strategy) -> None:
    """The basic strategy chart for 4 to 8 decks, dealer stands on soft 17, double after split
    (Wizard of Odds, "4-Deck to 8-Deck Blackjack Strategy"; the same as the infinite deck's):
    16 v 10 hit, 12 v 2-3 hit and v 4-6 stand, 11 v ace hit, A,8 v 6 stand, A,7 doubles v 3-6,
    9,9 stands v 7, 10 and ace, 4,4 splits v 5-6, 8,8 and A,A always split."""
    assert _row(s17, "16") == "S S S S S H H H H H"
    assert _row(s17, "12") == "H H S S S H H H H H"
    assert _row(s17, "11") == "D D D D D D D D D H"
    assert _row(s17, "10") == "D D D D D D D D H H"
    assert _row(s17, "9") == "H D D D D H H H H H"
    assert _row(s17, "A,8") == "S S S S S S S S S S"
    assert _row(s17, "A,7") == "S Ds Ds Ds Ds S S H H H"
    assert _row(s17, "9,9") == "P P P P P S P P S S"
    assert _row(s17, "4,4") == "H H H P P H H H H H"
    assert _row(s17, "8,8") == _row(s17, "A,A") == "P P P P P P P P P P"
    assert _row(s17, "T,T") == "S S S S S S S S S S"
    assert s17.decision("16", 10).best is Action.HIT


STANDARD_S17_DAS = {
    "8": "H H H H H H H H H H", "9": "H D D D D H H H H H", "10": "D D D D D D D D H H",
    "11": "D D D D D D D D D H", "12": "H H S S S H H H H H", "13": "S S S S S H H H H H",
    "14": "S S S S S H H H H H", "15": "S S S S S H H H H H", "16": "S S S S S H H H H H",
    "17": "S S S S S S S S S S",
    "A,2": "H H H D D H H H H H", "A,3": "H H H D D H H H H H", "A,4": "H H D D D H H H H H",
    "A,5": "H H D D D H H H H H", "A,6": "H D D D D H H H H H", "A,7": "S Ds Ds Ds Ds S S H H H",
    "A,8": "S S S S S S S S S S", "A,9": "S S S S S S S S S S",
    "A,A": "P P P P P P P P P P", "2,2": "P P P P P P H H H H", "3,3": "P P P P P P H H H H",
    "4,4": "H H H P P H H H H H", "5,5": "D D D D D D D D H H", "6,6": "P P P P P H H H H H",
    "7,7": "P P P P P P H H H H", "8,8": "P P P P P P P P P P", "9,9": "P P P P P S P P S S",
    "T,T": "S S S S S S S S S S",
}
"""The basic strategy chart for 4 to 8 decks, dealer stands on soft 17, double after split, no
surrender (Wizard of Odds, "4-Deck to 8-Deck Blackjack Strategy"), as chart letters."""


def test_the_six_deck_chart_is_the_published_basic_strategy(six: Strategy) -> None:
    """Six decks, composition dependent, each row's hands weighted by their chances: every cell
    of the published chart (above)."""
    for label, expected in STANDARD_S17_DAS.items():
        assert _row(six, label) == expected, label
    assert round(six.expectation * 100, 2) == -0.40


def test_the_standard_chart_dealer_hits_soft_17(h17: Strategy) -> None:
    """The same source's chart for a dealer hitting soft 17: 11 doubles v an ace, A,8 doubles
    (else stands) v 6, A,7 doubles v 2; hitting soft 17 costs the player about 0.2%."""
    assert _row(h17, "11") == "D D D D D D D D D D"
    assert h17.decision("A,8", 6).code == "Ds"
    assert h17.decision("A,7", 2).code == "Ds"
    assert 0.0015 < (solve(Rules.casino(decks=0)).expectation - h17.expectation) < 0.0025


def test_late_surrender_cells() -> None:
    """Late surrender (Wizard of Odds charts, 4-8 decks): dealer stands on soft 17: surrender
    16 v 9, 10, ace and 15 v 10; dealer hits soft 17: also 15 v ace, 17 v ace, and 8,8 v ace."""
    s = solve(Rules.casino(decks=0, surrender=Surrender.LATE))
    assert _row(s, "16") == "S S S S S H H Rh Rh Rh"
    assert _row(s, "15") == "S S S S S H H H Rh H"
    h = solve(Rules.casino(decks=0, surrender=Surrender.LATE, soft17=Soft17.HIT))
    assert _row(h, "15") == "S S S S S H H H Rh Rh"
    assert h.decision("17", 1).code == "Rs" and h.decision("8,8", 1).code == "Rp"
    assert s.decision("16", 10).value(Action.SURRENDER) == -0.5


def test_no_peek_changes_the_play_and_costs_about_a_tenth_of_a_percent(s17: Strategy) -> None:
    """Without a peek (a dealer blackjack taking doubles and splits) the known changes: 11 hits
    v 10, 8,8 hits v 10 and ace; the cost is about 0.11% (Wizard of Odds, rule variations).
    Late surrender without a peek is the solver's model (see the module): honoured only when the
    dealer has no blackjack."""
    for deal in (Deal.NO_PEEK, Deal.NO_HOLE_CARD):
        s = solve(Rules.casino(decks=0, deal=deal))
        assert s.decision("11", 10).best is Action.HIT
        assert _row(s, "8,8") == "P P P P P P P P H H"
        assert 0.0009 < s17.expectation - s.expectation < 0.0013
    late = solve(Rules.casino(decks=0, deal=Deal.NO_PEEK, surrender=Surrender.LATE))
    # late surrender with no peek: a dealer blackjack (an ace hole card, 1/13) takes the whole bet
    assert late.decision("16", 10).value(Action.SURRENDER) == pytest.approx(-0.5 - 0.5 / 13)
    assert late.decision("16", 9).value(Action.SURRENDER) == -0.5


def test_the_expectation_is_the_weighted_sum_of_the_best_decisions(s17: Strategy) -> None:
    """Infinite deck: sum over dealer cards and first two cards of the best value, with the
    rounds a peeked dealer blackjack ends at once (-1, or 0 for a player blackjack)."""
    p = {v: float(x) for v, x in P_INF.items()}
    total = 0.0
    for up in DEALER_CARDS:
        bj = p[10] if up == 1 else p[1] if up == 10 else 0.0
        for (a, b), decisions in s17.hands:
            chance = p[a] * p[b] * (1 if a == b else 2)
            natural = decisions[0].best is Action.NATURAL
            value = decisions[DEALER_CARDS.index(up)].best_value
            total += p[up] * chance * (bj * (0.0 if natural else -1.0) + (1 - bj) * value)
    assert total == pytest.approx(s17.expectation, abs=1e-12)
    assert s17.hand(1, 10, 5).value(Action.NATURAL) == pytest.approx(1.5)
    assert s17.hand(10, 1, 1).value(Action.NATURAL) == pytest.approx(1.5)  # after the peek


def test_rows_are_their_hands_for_an_infinite_deck(s17: Strategy) -> None:
    for d in (2, 10, 1):
        assert dict(s17.decision("16", d).values) == pytest.approx(dict(s17.hand(7, 9, d).values))
        row = dict(s17.decision("12", d).values)
        for cards in ((2, 10), (3, 9), (6, 6)):
            own = {a: v for a, v in s17.hand(*cards, d).values if a is not Action.SPLIT}
            assert own == pytest.approx(row)
    assert s17.exceptions() == []


# ---- brute force ------------------------------------------------------------------------------

def _dealer(counts: tuple[int, ...], cards: tuple[int, ...], rules: Rules,
            no_bj: bool) -> dict[str, Fraction]:
    """The dealer's final totals by enumerating every card sequence from the ``counts`` left,
    with exact fractions (``no_bj``: the hole card cannot make a blackjack)."""
    out: dict[str, Fraction] = {}

    def walk(cards: tuple[int, ...], counts: tuple[int, ...], p: Fraction) -> None:
        total = sum(cards)
        soft = 1 in cards and total + 10 <= 21
        best = total + 10 if soft else total
        if len(cards) >= 2 and (best > 17 or (best == 17 and not (soft and rules.soft17 is Soft17.HIT))):
            key = "bust" if best > 21 else "bj" if len(cards) == 2 and best == 21 and rules.naturals \
                else str(best)
            out[key] = out.get(key, Fraction(0)) + p
            return
        allowed = [v for v in range(1, 11) if counts[v - 1]
                   and not (no_bj and len(cards) == 1 and sorted((cards[0], v)) == [1, 10])]
        left = sum(counts[v - 1] for v in allowed)
        for v in allowed:
            rest = tuple(n - (i == v - 1) for i, n in enumerate(counts))
            walk((*cards, v), rest, p * Fraction(counts[v - 1], left))

    walk(cards, counts, Fraction(1))
    return out


def _stand(total: int, dealer: dict[str, Fraction]) -> Fraction:
    value = Fraction(0)
    for key, p in dealer.items():
        d = 0 if key == "bust" else 22 if key == "bj" else int(key)
        value += p * (1 if total > d else 0 if total == d else -1)
    return value


def _left(decks: int, gone: tuple[int, ...]) -> tuple[int, ...]:
    full = [4 * decks] * 9 + [16 * decks]
    for c in gone:
        full[c - 1] -= 1
    return tuple(full)


@pytest.mark.parametrize("deal", [Deal.NO_PEEK, Deal.PEEK])
def test_one_deck_stand_and_double_values_match_enumeration(deal: Deal) -> None:
    """One deck, composition dependent: standing on 10,6 and 9,8 v ten and v ace, and doubling
    5,6 v ten, against every dealer card sequence enumerated exactly."""
    rules = Rules.casino(decks=1, deal=deal, split_hands=1)
    s = solve(rules)
    for cards, up in (((10, 6), 10), ((8, 9), 1), ((9, 8), 7), ((5, 6), 10)):
        peek = deal is Deal.PEEK and up in (1, 10)
        counts = _left(1, (*cards, up))
        stand = _stand(sum(cards), _dealer(counts, (up,), rules, peek))
        got = s.hand(*cards, up)
        assert got.value(Action.STAND) == pytest.approx(float(stand), abs=1e-12)
        if cards == (5, 6):  # under a peek the drawn card is weighted by the hole card's chances
            excluded = 11 - up if peek else 0
            double = Fraction(0)
            for v in range(1, 11):
                p = Fraction(counts[v - 1], sum(counts))
                rest = tuple(n - (i == v - 1) for i, n in enumerate(counts))
                no_bj = 1 - Fraction(rest[excluded - 1], sum(rest)) if peek else 1
                double += 2 * p * no_bj * _stand(11 + v,
                                                 _dealer(rest, (up,), rules, peek))
            no_bj = 1 - Fraction(counts[excluded - 1], sum(counts)) if peek else 1
            assert got.value(Action.DOUBLE) == pytest.approx(float(double / no_bj), abs=1e-12)


def test_the_manual_game_matches_an_independent_recursion() -> None:
    """The manual's game on an infinite deck: no dealer card showing, no naturals, the player
    stands or hits on their total; a plain recursion over totals written here agrees."""
    rules = Rules(decks=0)
    dealer: dict[str, Fraction] = {}

    @cache
    def draw(total: int, soft: bool, n: int) -> tuple[tuple[str, Fraction], ...]:
        best = total + 10 if soft and total + 10 <= 21 else total
        if n >= 2 and best >= 17:
            return (("bust" if best > 21 else str(best), Fraction(1)),)
        out: dict[str, Fraction] = {}
        for v, p in P_INF.items():
            for key, q in draw(total + v, soft or v == 1, n + 1):
                out[key] = out.get(key, Fraction(0)) + p * q
        return tuple(out.items())

    dealer = dict(draw(0, False, 0))

    @cache
    def play(total: int, soft: bool) -> Fraction:
        best = total + 10 if soft and total + 10 <= 21 else total
        hit = sum((p * (play(total + v, soft or v == 1) if total + v <= 21 else Fraction(-1))
                   for v, p in P_INF.items()), Fraction(0))
        return max(_stand(best, dealer), hit)

    expected = sum((P_INF[a] * P_INF[b] * play(a + b, 1 in (a, b))
                    for a in range(1, 11) for b in range(1, 11)), Fraction(0))
    s = solve(rules)
    assert s.dealer_cards == (None,)
    assert s.expectation == pytest.approx(float(expected), abs=1e-12)
    assert round(s.expectation * 100, 4) == -6.4047
    assert " ".join(s.decision(str(t), None).code for t in range(12, 18)) == "H H H S S S"


def test_the_manual_game_with_one_deck() -> None:
    s = solve(Rules())
    assert s.rules.decks == 1 and s.dealer_cards == (None,)
    assert round(s.expectation * 100, 4) == -6.2351
    assert s.decision("A,T", None).value(Action.HIT) is not None  # a two-card 21 is just 21


def test_finite_decks_converge_to_the_infinite_deck(s17: Strategy, six: Strategy) -> None:
    """Fewer decks are better for the player (a well-known effect), and six decks come within
    0.15% of the infinite deck.  One deck, composition dependent, shows the single-deck chart's
    well-known exceptions (Wizard of Odds, single-deck basic strategy notes): 8 doubles v 5 and 6
    but not as 6,2; 7,7 stands v 10; 10,2 hits v 4 and 6; 10,3 hits v 2."""
    one = solve(Rules.casino(decks=1))
    assert one.expectation > six.expectation > s17.expectation
    assert abs(six.expectation - s17.expectation) < 0.0015
    assert one.decision("8", 5).best is Action.DOUBLE and one.hand(2, 6, 5).best is Action.HIT
    assert one.hand(7, 7, 10).best is Action.STAND
    assert one.hand(2, 10, 4).best is Action.HIT and one.hand(2, 10, 6).best is Action.HIT
    assert one.hand(3, 10, 2).best is Action.HIT and one.hand(4, 9, 2).best is Action.STAND


def test_composition_exceptions_are_the_hands_whose_own_best_differs(six: Strategy) -> None:
    """The solver's finding for six decks: 10,2 v 4 is a hit though 12 v 4 stands (the row's
    hands weighted together); every exception listed is such a cell, and no other."""
    assert six.hand(2, 10, 4).best is Action.HIT and six.decision("12", 4).best is Action.STAND
    assert (HandClass(Kind.HARD, 12), (2, 10), 4, "H") in six.exceptions()
    for row, cards, dealer, code in six.exceptions():
        assert six.decision(row, dealer).code != code
        own = {a: v for a, v in six.hand(*cards, dealer).values
               if a is not Action.SPLIT or row.kind is Kind.PAIR}
        assert max(own, key=lambda a: own[a]).value == code[0]


def test_a_split_to_two_hands_is_twice_a_hand_played_on() -> None:
    """Infinite deck, one split and no doubling after it: splitting 8,8 is worth twice the mean,
    over the card each 8 gets, of the better of standing and hitting on that hand (the values of
    those two-card hands are read off the strategy itself)."""
    s = solve(Rules.casino(decks=0, split_hands=2, double_after_split=False))
    p = {v: float(x) for v, x in P_INF.items()}
    for d in DEALER_CARDS:
        own = sum(p[c] * max(s.hand(8, c, d).value(Action.STAND) or -9.0,
                             s.hand(8, c, d).value(Action.HIT) or -9.0) for c in range(1, 11))
        assert s.hand(8, 8, d).value(Action.SPLIT) == pytest.approx(2 * own, abs=1e-12)
    more = solve(Rules.casino(decks=0, split_hands=4, double_after_split=False))
    assert all((more.hand(8, 8, d).value(Action.SPLIT) or 0) > (s.hand(8, 8, d).value(Action.SPLIT) or 0)
               for d in DEALER_CARDS)
