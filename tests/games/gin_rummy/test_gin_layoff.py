"""Lay-offs: the defender's best, chained ones included, against an exhaustive search; the
knocker's layout."""

from __future__ import annotations

from gin_helpers import cards
from hypothesis import given, settings
from hypothesis import strategies as st
from test_gin_melds import MELDS, reference

from parlour.games.gin_rummy.deck import CARDS, bits, cards_of, format_cards
from parlour.games.gin_rummy.layoff import best_layoff, fits, knock_layout, lay_off, spots
from parlour.games.gin_rummy.melds import deadwood

MELD_SET = frozenset(MELDS)


def reachable(table: tuple[int, ...], hand: int) -> set[int]:
    """Every set of cards that can be laid off one by one, each on any meld it extends to a meld."""
    out: set[int] = set()
    seen = set()
    stack = [(table, 0)]
    while stack:
        t, laid = stack.pop()
        if (t, laid) in seen:
            continue
        seen.add((t, laid))
        out.add(laid)
        for card in bits(hand & ~laid):
            for i, meld in enumerate(t):
                if meld | 1 << card in MELD_SET:
                    stack.append(((*t[:i], meld | 1 << card, *t[i + 1:]), laid | 1 << card))
    return out


CLUSTER = [suit * 13 + rank for suit in range(4) for rank in range(3, 10)]


@st.composite
def deals(draw: st.DrawFn) -> tuple[int, int]:
    chosen = draw(st.lists(st.sampled_from(CLUSTER), min_size=14, max_size=20, unique=True))
    knocker = sum(1 << c for c in chosen[:10])
    defender = sum(1 << c for c in chosen[10:])
    return knocker, defender


@settings(max_examples=300, deadline=None)
@given(deals())
def test_the_best_layoff_is_the_least_deadwood_over_every_possible_layoff(pair: tuple[int, int]) -> None:
    knocker, defender = pair
    table = knock_layout(knocker).melds
    plan = best_layoff(table, defender)
    options = reachable(table, defender)
    assert plan.deadwood == min(reference(defender ^ laid) for laid in options)
    assert plan.laid in options
    # the plan's order works card by card with the game's own rule of where a card goes
    t = table
    for card in plan.cards:
        assert fits(t, card) >= 0
        t = lay_off(t, card)
    assert sum(1 << c for c in plan.cards) == plan.laid
    assert plan.rest.deadwood == plan.deadwood == deadwood(defender ^ plan.laid)


def test_chained_layoffs_9h_then_th_on_6_7_8h():
    table = (cards("6H 7H 8H"),)
    hand = cards("9H TH KS KD 4C")
    assert fits(table, cards_index("TH")) == -1  # TH alone does not fit yet
    plan = best_layoff(table, hand)
    assert [str(CARDS[c]) for c in plan.cards] == ["9H", "TH"]
    assert plan.deadwood == 24
    after = lay_off(table, cards_index("9H"))
    assert fits(after, cards_index("TH")) == 0


def cards_index(text: str) -> int:
    return bits(cards(text))[0]


def test_runs_are_extended_at_either_end_and_sets_take_the_fourth_card():
    table = (cards("5H 6H 7H"), cards("QC QD QS"))
    plan = best_layoff(table, cards("4H 3H 8H QH 2S"))
    assert format_cards(cards_of(plan.laid)) == "3H 4H 8H QH" and plan.deadwood == 2
    assert fits(table, cards_index("2H")) == -1 and fits(table, cards_index("9H")) == -1


def test_a_card_kept_in_the_defenders_own_meld_when_that_is_better():
    # 9H could go on 6-7-8H, but it makes a set with 9C 9D: keeping it leaves TH alone (10),
    # laying off 9H and TH leaves 9C 9D (18)
    table = (cards("6H 7H 8H"),)
    plan = best_layoff(table, cards("9H TH 9C 9D"))
    assert plan.laid == 0 and plan.deadwood == 10


def test_laying_off_a_card_of_a_set_of_four_frees_the_next_one():
    # laid out on its own the hand is a set of four nines and TH (10); laying off 9H then TH
    # keeps 9C 9D 9S as a set and leaves nothing
    table = (cards("6H 7H 8H"),)
    hand = cards("9C 9D 9H 9S TH")
    assert deadwood(hand) == 10
    plan = best_layoff(table, hand)
    assert [str(CARDS[c]) for c in plan.cards] == ["9H", "TH"] and plan.deadwood == 0


def test_a_card_that_extends_a_run_and_completes_a_set_goes_on_the_run():
    table = (cards("5C 5D 5S"), cards("2H 3H 4H"))
    after = lay_off(table, cards_index("5H"))
    assert after == (cards("5C 5D 5S"), cards("2H 3H 4H 5H"))
    assert fits(after, cards_index("6H")) == 1


def test_the_knocker_lays_out_to_give_the_fewest_places_to_lay_off():
    # 3-4-5-6H with 6C 6D 6S: as [3H-5H] [6C-6S] only 2H fits; as [3H-6H] [6C 6D 6S] 2H and 7H
    hand = cards("3H 4H 5H 6H 6C 6D 6S 2C 2D 4S")
    layout = knock_layout(hand)
    assert layout.melds == (cards("6C 6D 6H 6S"), cards("3H 4H 5H"))
    assert layout.deadwood == 8
    assert format_cards(cards_of(spots(layout.melds, hand))) == "2H"
    assert best_layoff(layout.melds, cards("7H 8H 9H KC")).laid == 0
