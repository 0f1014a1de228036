"""The meld optimizer: exact against a brute-force reference, and the manual's meld rules."""

from __future__ import annotations

from gin_helpers import cards
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.games.gin_rummy.deck import CARDS, VALUE, bits, cards_of, format_cards, value_of
from parlour.games.gin_rummy.melds import (
    arrange,
    best_arrangements,
    best_discard,
    deadwood,
    discard_deadwoods,
    is_meld,
    is_run,
    is_set,
    meldable,
)


def every_meld() -> list[int]:
    """Every meld of the deck, written out plainly: runs of 3 to 13 cards, sets of 3 and 4."""
    melds = []
    for suit in range(4):
        for low in range(13):
            for high in range(low + 2, 13):
                melds.append(sum(1 << (suit * 13 + r) for r in range(low, high + 1)))
    for rank in range(13):
        four = [suit * 13 + rank for suit in range(4)]
        melds.append(sum(1 << c for c in four))
        for skip in four:
            melds.append(sum(1 << c for c in four if c != skip))
    return melds


MELDS = every_meld()


def reference(hand: int) -> int:
    """The least deadwood by trying every set of disjoint melds (slow and obvious)."""
    inside = [m for m in MELDS if m & hand == m]
    best = value_of(hand)

    def walk(start: int, used: int) -> None:
        nonlocal best
        best = min(best, value_of(hand & ~used))
        for i in range(start, len(inside)):
            if not inside[i] & used:
                walk(i + 1, used | inside[i])

    walk(0, 0)
    return best


def mask(cs: set[int]) -> int:
    return sum(1 << c for c in cs)


CLUSTER = [suit * 13 + rank for suit in range(4) for rank in range(7)]
"""Ace to seven of every suit: hands drawn from these are full of melds."""

hands = st.one_of(
    st.sets(st.integers(0, 51), max_size=11),
    st.sets(st.sampled_from(CLUSTER), max_size=11),
    st.sets(st.sampled_from([c for c in range(52) if c % 13 >= 7 or c < 13]), max_size=11),
).map(mask)


def test_melds_counted_plainly_are_the_expected_number():
    assert len(MELDS) == 4 * sum(13 - n + 1 for n in range(3, 14)) + 13 * 5


@settings(max_examples=400, deadline=None)
@given(hands)
def test_the_optimizer_finds_the_least_deadwood_of_any_hand(hand: int) -> None:
    assert deadwood(hand) == reference(hand)


@settings(max_examples=250, deadline=None)
@given(hands)
def test_the_arrangement_is_valid_and_optimal(hand: int) -> None:
    a = arrange(hand)
    covered = 0
    for meld in a.melds:
        assert is_meld(meld) and meld & hand == meld and not meld & covered
        covered |= meld
    assert a.unmatched == hand & ~covered
    assert a.deadwood == value_of(a.unmatched) == deadwood(hand)
    assert arrange(hand) == a  # deterministic
    assert a in best_arrangements(hand)


@settings(max_examples=200, deadline=None)
@given(hands.filter(lambda h: h.bit_count() >= 1))
def test_each_discard_and_the_best_discard_are_exact(hand: int) -> None:
    options = discard_deadwoods(hand)
    assert [c for c, _ in options] == bits(hand)
    for card, left in options:
        assert left == reference(hand ^ 1 << card)
    card, left = best_discard(hand)
    assert left == min(x for _, x in options)
    keep = bits(hand)[0]
    if hand.bit_count() > 1:
        other, left2 = best_discard(hand, keep)
        assert other != keep and left2 == min(x for c, x in options if c != keep)


@settings(max_examples=200, deadline=None)
@given(hands)
def test_meldable_cards_are_exactly_those_in_some_meld(hand: int) -> None:
    expected = 0
    for meld in MELDS:
        if meld & hand == meld:
            expected |= meld
    assert meldable(hand) == expected


def test_card_values_ace_one_faces_ten():
    assert value_of(cards("AS")) == 1 and value_of(cards("7D")) == 7 and value_of(cards("TC")) == 10
    assert value_of(cards("JH QH KH")) == 30
    assert [VALUE[c] for c in range(13)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_ace_is_low_a23_is_a_run_qka_is_not():
    assert deadwood(cards("AH 2H 3H")) == 0
    assert deadwood(cards("QH KH AH")) == 21
    assert is_run(cards("AH 2H 3H")) and not is_run(cards("QH KH AH"))
    assert not is_run(cards("KC AD 2D"))  # no wrapping across suits either


def test_runs_are_three_or_more_of_a_suit_sets_three_or_four_of_a_rank():
    assert deadwood(cards("4H 5H")) == 9
    assert deadwood(cards("4H 5H 6H 7H 8H 9H TH JH QH KH")) == 0
    assert deadwood(cards("4H 5D 6H")) == 15  # mixed suits are no run
    assert deadwood(cards("9C 9D")) == 18
    assert deadwood(cards("9C 9D 9H")) == 0 and deadwood(cards("9C 9D 9H 9S")) == 0
    assert is_set(cards("9C 9D 9H 9S")) and not is_set(cards("9C 9D 8H"))


def test_a_card_belongs_to_one_meld_only():
    # 7H could finish the run 7-8-9H or the set of sevens, not both: the run leaves 7C 7D (14)
    assert deadwood(cards("7H 8H 9H 7C 7D")) == 14
    assert format_cards(cards_of(arrange(cards("7H 8H 9H 7C 7D")).unmatched)) == "7C 7D"
    # a set of four gives a card to a run when that is better: 5H in 3-4-5H, the set keeps three
    assert deadwood(cards("3H 4H 5H 5C 5D 5S")) == 0
    # ... and 5H goes to the set of fives when that leaves less: 3H 4H (7) rather than 5C 5D (10)
    assert deadwood(cards("3H 4H 5H 5C 5D")) == 7


def test_the_tie_break_is_fixed_and_runs_side_by_side_are_one_run():
    a = arrange(cards("3H 4H 5H 6H 7H 8H 6C 6D 6S KD"))
    assert [format_cards(cards_of(m)) for m in a.melds] == ["6C 6D 6S", "3H 4H 5H 6H 7H 8H"]
    assert a.deadwood == 10
    # no deadwood either way: the lowest card (6C: clubs come first) goes in a set, four before three
    b = arrange(cards("3H 4H 5H 6H 6C 6D 6S"))
    assert [format_cards(cards_of(m)) for m in b.melds] == ["6C 6D 6H 6S", "3H 4H 5H"]
    # the lowest card goes in the longest run that keeps the optimum
    c = arrange(cards("3C 4C 5C 6C 6D 6H 6S"))
    assert [format_cards(cards_of(m)) for m in c.melds] == ["6D 6H 6S", "3C 4C 5C 6C"]
    assert {tuple(x.melds) for x in best_arrangements(cards("3H 4H 5H 6H 6C 6D 6S"))} == {
        (cards("6C 6D 6S"), cards("3H 4H 5H 6H")), (cards("6C 6D 6H 6S"), cards("3H 4H 5H"))}


def test_ties_among_discards_go_to_the_highest_card():
    # KD and QS both leave the same deadwood: the higher rank goes
    hand = cards("AC 2C 3C 4D 5D 6D 7H 8H 9H KD QS")
    card, left = best_discard(hand)
    assert str(CARDS[card]) == "KD" and left == 10
