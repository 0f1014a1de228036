"""Yahtzee: the manual's rules and the engine's documented readings of them (scoring,
bonuses, the joker rules, the turn, the end of the game, the view and the greedy bot),
driven through the public ``Game`` protocol."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Iterable
from fractions import Fraction

import pytest

from parlour.agents import make_bot
from parlour.core import registry
from parlour.core.driver import play as drive
from parlour.core.errors import IllegalMoveError, NotYourTurnError, RulesError
from parlour.core.protocol import CHANCE
from parlour.core.rng import make_rng
from parlour.games.yahtzee import GAME, Box, Card, Joker, Roll, Rules, Score, State
from parlour.games.yahtzee.bots.greedy import greedy_move

# ---- helpers -------------------------------------------------------------------

Y = Box


def new(players: int = 1, **rules: object) -> State:
    return GAME.initial_state(Rules(**rules), players)  # type: ignore[arg-type]


def play(state: State, script: Iterable[str]) -> State:
    """Play ``script`` through the text grammar and the checked ``apply``: each step is
    chance's when dice are in the air, otherwise the current player's."""
    for text in script:
        actors = GAME.to_act(state)
        assert actors, f"the game is over, but the script still has {text!r}"
        seat = actors[0]
        state = GAME.apply(state, seat, GAME.parse_action(state, seat, text))
    return state


def rolled(state: State, dice: str) -> State:
    """The current player rolls all five dice and they show ``dice``."""
    return play(state, ["roll", dice])


def with_card(state: State, seat: int = 0, bonuses: int = 0, **boxes: int) -> State:
    """The same state with these boxes filled on ``seat``'s card (by ``Box`` member name)."""
    values = list(state.cards[seat].boxes)
    for name, value in boxes.items():
        values[Box[name.upper()].index] = value
    card = Card(tuple(values), bonuses)
    return dataclasses.replace(state, cards=(*state.cards[:seat], card, *state.cards[seat + 1:]))


def full_card(**overrides: int | None) -> Card:
    """A card with every box filled (0 unless given); ``None`` leaves a box open."""
    values: list[int | None] = [0] * 13
    for name, value in overrides.items():
        values[Box[name.upper()].index] = value
    return Card(tuple(values))


def scores(state: State) -> dict[Box, int]:
    """What the current dice may score now, by box, as the legal moves and the view say."""
    allowed = [m.box for m in GAME.legal_moves(state, state.current) if isinstance(m, Score)]
    card = GAME.view(state, state.current).to_json()["cards"][state.current]
    preview = {Box(b["box"]): b["preview"] for b in card["boxes"] if b.get("allowed")}
    assert list(preview) == allowed
    return preview


def refused(state: State, seat: int, action: object,
            error: type[IllegalMoveError] = IllegalMoveError) -> str:
    """Apply must refuse ``action`` with ``error`` and leave ``state`` as it was; the reason."""
    before = copy.deepcopy(state)
    with pytest.raises(error) as info:
        GAME.apply(state, seat, action)
    assert state == before and hash(state) == hash(before)
    return info.value.reason


# ---- the game --------------------------------------------------------------------


def test_registered_with_its_facts() -> None:
    assert registry.get("yahtzee") is GAME
    assert registry.get("Yahtzee") is GAME
    spec = GAME.spec
    assert (spec.name, spec.title, spec.min_players, spec.max_players) == ("yahtzee", "Yahtzee", 1, 8)
    assert spec.chance and not spec.hidden_information


def test_defaults_are_the_manual() -> None:
    rules = GAME.default_rules()
    assert rules == Rules()
    assert rules.joker is Joker.FREE and rules.bonus_needs_fifty and rules.preview
    assert not rules.colour_code


@pytest.mark.parametrize("players", [0, 9, -1])
def test_player_counts_outside_one_to_eight_are_refused(players: int) -> None:
    with pytest.raises(RulesError, match="1 to 8 players"):
        new(players)


def test_conformance_cases_cover_every_variant() -> None:
    cases = GAME.conformance_cases()
    assert {r.joker for r, _ in cases} == set(Joker)
    assert {r.bonus_needs_fifty for r, _ in cases} == {True, False}
    assert {r.preview for r, _ in cases} == {True, False}
    assert {r.colour_code for r, _ in cases} == {True, False}
    assert {1, 2}.issubset({n for _, n in cases}) and max(n for _, n in cases) >= 3


# ---- scoring every box -------------------------------------------------------------

MANUAL = "1,3,4,4,3"


@pytest.mark.parametrize(
    ("dice", "box", "points"),
    [
        # the manual's example: "6 points in the 3's slot, 1 point in the 1's slot, or 8 points in the 4's"
        (MANUAL, Y.THREES, 6), (MANUAL, Y.ONES, 1), (MANUAL, Y.FOURS, 8),
        (MANUAL, Y.TWOS, 0), (MANUAL, Y.FIVES, 0), (MANUAL, Y.SIXES, 0),
        (MANUAL, Y.THREE_KIND, 0), (MANUAL, Y.FOUR_KIND, 0), (MANUAL, Y.FULL_HOUSE, 0),
        (MANUAL, Y.SMALL_STRAIGHT, 0), (MANUAL, Y.LARGE_STRAIGHT, 0), (MANUAL, Y.YAHTZEE, 0),
        (MANUAL, Y.CHANCE, 15),
        ("6,6,6,6,5", Y.SIXES, 24), ("2,2,2,5,5", Y.TWOS, 6), ("5,5,5,5,5", Y.FIVES, 25),
        # of a kind: the total of all five dice
        ("2,2,2,5,6", Y.THREE_KIND, 17), ("6,6,6,6,2", Y.THREE_KIND, 26),
        ("6,6,6,6,2", Y.FOUR_KIND, 26), ("2,2,2,5,6", Y.FOUR_KIND, 0),
        ("1,1,2,2,3", Y.THREE_KIND, 0), ("3,3,3,3,3", Y.FOUR_KIND, 15),
        # full house: three of one face and two of another
        ("2,2,5,5,5", Y.FULL_HOUSE, 25), ("6,6,6,1,1", Y.FULL_HOUSE, 25),
        ("2,2,5,5,6", Y.FULL_HOUSE, 0), ("2,5,5,5,5", Y.FULL_HOUSE, 0),
        # five of a kind is not a natural full house (docs/rules/yahtzee.md): the reading under
        # which the optimal strategy reproduces the published 254.5896
        ("4,4,4,4,4", Y.FULL_HOUSE, 0),
        # straights
        ("1,2,3,4,4", Y.SMALL_STRAIGHT, 30), ("3,4,5,6,6", Y.SMALL_STRAIGHT, 30),
        ("1,2,3,4,6", Y.SMALL_STRAIGHT, 30), ("2,3,4,5,5", Y.SMALL_STRAIGHT, 30),
        ("1,2,3,5,6", Y.SMALL_STRAIGHT, 0), ("1,2,3,4,6", Y.LARGE_STRAIGHT, 0),
        ("1,2,3,4,5", Y.LARGE_STRAIGHT, 40), ("2,3,4,5,6", Y.LARGE_STRAIGHT, 40),
        ("2,3,4,5,6", Y.SMALL_STRAIGHT, 30), ("1,2,3,4,4", Y.LARGE_STRAIGHT, 0),
        # Yahtzee and chance
        ("4,4,4,4,4", Y.YAHTZEE, 50), ("4,4,4,4,3", Y.YAHTZEE, 0),
        ("4,4,4,4,4", Y.CHANCE, 20), ("1,1,1,1,2", Y.CHANCE, 6),
    ],
)
def test_every_box_scores_as_the_manual_says(dice: str, box: Box, points: int) -> None:
    state = rolled(new(), dice)
    assert scores(state)[box] == points
    after = GAME.apply(state, 0, Score(box))
    assert after.cards[0][box] == points
    assert after.cards[0].total == points


def test_any_open_box_may_be_chosen_even_for_zero() -> None:
    state = rolled(new(), "1,2,3,5,6")
    legal = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Score)]
    assert [m.box for m in legal] == list(Box)
    assert GAME.apply(state, 0, Score(Box.YAHTZEE)).cards[0][Box.YAHTZEE] == 0


# ---- the upper bonus ------------------------------------------------------------------


@pytest.mark.parametrize(("ones", "bonus"), [(2, 0), (3, 35), (4, 35)])
def test_upper_bonus_at_63_not_62(ones: int, bonus: int) -> None:
    # 45 in Twos..Fives, then 18 in Sixes: the upper section makes 61 + ones
    state = with_card(new(), ones=ones, twos=6, threes=9, fours=12, fives=15)
    state = rolled(state, "6,6,6,1,2")
    line = GAME.describe(state, 0, Score(Box.SIXES), ["Ann"])
    after = GAME.apply(state, 0, Score(Box.SIXES))
    card = after.cards[0]
    assert card.upper_total == 60 + ones
    assert card.upper_bonus == bonus
    assert card.total == 60 + ones + bonus
    assert line == "Ann scores 18 in Sixes" + (" (+35 upper bonus)" if bonus else "")
    view = GAME.view(after, None).to_json()["cards"][0]
    assert view["upper_bonus"] == bonus
    assert view["upper_bonus_to_go"] == (None if ones == 2 else 0)  # None: full, and missed by 1


# ---- the Yahtzee bonus ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("in_box", "needs_fifty", "bonus"),
    [(50, True, 100), (0, True, 0), (50, False, 100), (0, False, 100)],
)
def test_yahtzee_bonus_for_an_extra_yahtzee(in_box: int, needs_fifty: bool, bonus: int) -> None:
    state = with_card(new(bonus_needs_fifty=needs_fifty), yahtzee=in_box)
    state = rolled(state, "2,2,2,2,2")
    view = GAME.view(state, 0).to_json()
    assert view["extra_yahtzee"] and view["yahtzee_bonus_now"] == bonus
    line = GAME.describe(state, 0, Score(Box.CHANCE), ["Ann"])
    after = GAME.apply(state, 0, Score(Box.CHANCE))
    card = after.cards[0]
    assert card[Box.CHANCE] == 10
    assert card.yahtzee_bonuses == (1 if bonus else 0)
    assert card.total == in_box + 10 + bonus
    assert line.endswith(" (+100 Yahtzee bonus)") is bool(bonus)


def test_the_first_yahtzee_earns_no_bonus_and_bonuses_add_up() -> None:
    state = rolled(new(), "3,3,3,3,3")
    assert GAME.view(state, 0).to_json()["yahtzee_bonus_now"] == 0
    state = GAME.apply(state, 0, Score(Box.YAHTZEE))
    assert state.cards[0].yahtzee_bonuses == 0 and state.cards[0].total == 50
    state = GAME.apply(rolled(state, "3,3,3,3,3"), 0, Score(Box.THREES))
    state = GAME.apply(rolled(state, "1,1,1,1,1"), 0, Score(Box.ONES))
    assert state.cards[0].yahtzee_bonuses == 2
    assert state.cards[0].total == 50 + 15 + 5 + 200


# ---- extra Yahtzees as wildcards: the manual's rule (joker=free) ---------------------------

MANUAL_CARD = {"ones": 3, "threes": 9, "fours": 12, "sixes": 18, "yahtzee": 50}
"""The manual's example: 1's, 3's, 4's and 6's used (and a Yahtzee scored)."""


def test_manual_example_a_yahtzee_of_fives_is_not_a_wildcard() -> None:
    state = rolled(with_card(new(), **MANUAL_CARD), "5,5,5,5,5")
    allowed = scores(state)
    # any open box may take it (free joker), but the lower boxes score only what five 5s make
    assert set(allowed) == {Y.TWOS, Y.FIVES, *[b for b in Box if not b.upper and b is not Y.YAHTZEE]}
    assert allowed[Y.FULL_HOUSE] == 0
    assert allowed[Y.SMALL_STRAIGHT] == 0
    assert allowed[Y.LARGE_STRAIGHT] == 0
    assert allowed[Y.FIVES] == 25
    assert allowed[Y.THREE_KIND] == allowed[Y.FOUR_KIND] == allowed[Y.CHANCE] == 25


def test_manual_example_a_yahtzee_of_threes_is_a_wildcard() -> None:
    state = rolled(with_card(new(), **MANUAL_CARD), "3,3,3,3,3")
    allowed = scores(state)
    assert allowed[Y.FULL_HOUSE] == 25
    assert allowed[Y.SMALL_STRAIGHT] == 30
    assert allowed[Y.LARGE_STRAIGHT] == 40
    assert allowed[Y.THREE_KIND] == allowed[Y.FOUR_KIND] == allowed[Y.CHANCE] == 15
    assert allowed[Y.TWOS] == 0  # the free joker also lets it go in another upper box, for 0
    after = GAME.apply(state, 0, Score(Y.LARGE_STRAIGHT))
    assert after.cards[0][Y.LARGE_STRAIGHT] == 40 and after.cards[0].yahtzee_bonuses == 1


@pytest.mark.parametrize("needs_fifty", [True, False])
def test_wildcards_even_after_a_zero_in_the_yahtzee_box(needs_fifty: bool) -> None:
    """'Extra yahtzees can be used as wildcards regardless of whether you got any points for the
    first one.'"""
    state = with_card(new(bonus_needs_fifty=needs_fifty), threes=6, yahtzee=0)
    after = GAME.apply(rolled(state, "3,3,3,3,3"), 0, Score(Y.FULL_HOUSE))
    assert after.cards[0][Y.FULL_HOUSE] == 25
    assert after.cards[0].yahtzee_bonuses == (0 if needs_fifty else 1)


def test_no_wildcard_without_an_extra_yahtzee() -> None:
    # the Yahtzee box is open: five of a kind is just five of a kind
    state = rolled(with_card(new(), threes=9), "3,3,3,3,3")
    allowed = scores(state)
    assert allowed[Y.LARGE_STRAIGHT] == allowed[Y.SMALL_STRAIGHT] == allowed[Y.FULL_HOUSE] == 0
    assert allowed[Y.YAHTZEE] == 50


# ---- five of a kind as a full house (the five_kind_house option) ------------------------


@pytest.mark.parametrize("house", [False, True])
def test_five_of_a_kind_in_full_house_by_the_option(house: bool) -> None:
    """'A yahtzee meets the requirements for a 3 of a kind, 4 of a kind, full house, and chance':
    by default read as the joker (0 otherwise), with the option as always 25."""
    state = rolled(new(five_kind_house=house), "4,4,4,4,4")
    assert scores(state)[Y.FULL_HOUSE] == (25 if house else 0)
    assert scores(state)[Y.LARGE_STRAIGHT] == 0  # only the full house: the straights stay jokers
    after = GAME.apply(state, 0, Score(Y.FULL_HOUSE))
    assert after.cards[0][Y.FULL_HOUSE] == after.cards[0].total == (25 if house else 0)


@pytest.mark.parametrize("house", [False, True])
def test_an_extra_yahtzee_before_its_upper_box_is_filled_by_the_option(house: bool) -> None:
    # the free joker: not yet a wildcard (the Fours box is open), but a full house with the option
    state = rolled(with_card(new(five_kind_house=house), yahtzee=50), "4,4,4,4,4")
    allowed = scores(state)
    assert allowed[Y.FULL_HOUSE] == (25 if house else 0) and allowed[Y.SMALL_STRAIGHT] == 0
    after = GAME.apply(state, 0, Score(Y.FULL_HOUSE))
    assert after.cards[0].total == 50 + (25 if house else 0) + 100


def test_the_option_leaves_the_forced_joker_its_upper_box() -> None:
    state = rolled(with_card(new(joker=Joker.FORCED, five_kind_house=True), yahtzee=50), "5,5,5,5,5")
    assert scores(state) == {Y.FIVES: 25}


def test_the_option_is_a_rule_of_the_command_line_and_the_form() -> None:
    from parlour.core.options import options, parse_assignments

    assert parse_assignments(Rules, ["five_kind_house=yes"]) == Rules(five_kind_house=True)
    info = {o.name: o for o in options(Rules)}["five_kind_house"]
    assert info.kind == "bool" and info.default is False and "full house" in info.help


# ---- the forced joker (official rules) -------------------------------------------------


def test_forced_joker_the_upper_box_of_its_number_first() -> None:
    state = rolled(with_card(new(joker=Joker.FORCED), yahtzee=50), "5,5,5,5,5")
    assert scores(state) == {Y.FIVES: 25}
    assert [m for m in GAME.legal_moves(state, 0) if isinstance(m, Score)] == [Score(Y.FIVES)]
    for box in (Y.LARGE_STRAIGHT, Y.CHANCE, Y.SIXES):
        reason = refused(state, 0, Score(box))
        assert reason == "an extra Yahtzee of 5s must go in the Fives box while it is open"
    after = GAME.apply(state, 0, Score(Y.FIVES))
    assert after.cards[0].total == 50 + 25 + 100


def test_forced_joker_then_a_lower_box_as_a_wildcard() -> None:
    state = with_card(new(joker=Joker.FORCED), fives=15, yahtzee=50, chance=20)
    state = rolled(state, "5,5,5,5,5")
    assert scores(state) == {Y.THREE_KIND: 25, Y.FOUR_KIND: 25, Y.FULL_HOUSE: 25,
                             Y.SMALL_STRAIGHT: 30, Y.LARGE_STRAIGHT: 40}
    reason = refused(state, 0, Score(Y.TWOS))
    assert "must go in an open lower-section box" in reason and "Fives box is filled" in reason
    assert refused(state, 0, Score(Y.CHANCE)) == "the Chance box is already filled"
    after = GAME.apply(state, 0, Score(Y.LARGE_STRAIGHT))
    assert after.cards[0][Y.LARGE_STRAIGHT] == 40 and after.cards[0].yahtzee_bonuses == 1


def test_forced_joker_then_an_upper_box_for_zero_when_the_lower_section_is_full() -> None:
    lower = {b.name.lower(): 10 for b in Box if not b.upper}
    lower["yahtzee"] = 50
    state = with_card(new(joker=Joker.FORCED), fives=15, ones=3, **lower)
    state = rolled(state, "5,5,5,5,5")
    assert scores(state) == {Y.TWOS: 0, Y.THREES: 0, Y.FOURS: 0, Y.SIXES: 0}
    after = GAME.apply(state, 0, Score(Y.SIXES))
    assert after.cards[0][Y.SIXES] == 0 and after.cards[0].yahtzee_bonuses == 1


def test_free_joker_allows_any_open_box_where_forced_does_not() -> None:
    card = {"yahtzee": 50}
    free = rolled(with_card(new(), **card), "6,6,6,6,6")
    forced = rolled(with_card(new(joker=Joker.FORCED), **card), "6,6,6,6,6")
    assert len(scores(free)) == 12
    assert scores(forced) == {Y.SIXES: 30}


# ---- the turn ---------------------------------------------------------------------------


def test_the_turn_starts_with_a_roll_of_all_five_dice() -> None:
    state = new()
    assert GAME.to_act(state) == (0,)
    assert GAME.legal_moves(state, 0) == (Roll(()),)
    assert refused(state, 0, Score(Y.CHANCE)) == "roll first: there are no dice to score yet"
    assert refused(state, 0, Roll((6,))).startswith("roll first")
    state = GAME.apply(state, 0, Roll(()))
    assert GAME.to_act(state) == (CHANCE,) and state.rolling == 5 and state.rolls == 1
    assert GAME.legal_moves(state, 0) == ()


def test_chance_outcomes_are_exact() -> None:
    state = GAME.apply(new(), 0, Roll(()))
    outcomes = dict(GAME.chance_outcomes(state) or ())
    assert len(outcomes) == 252
    assert sum(outcomes.values()) == 1
    assert all(isinstance(p, Fraction) for p in outcomes.values())
    assert outcomes[(1, 1, 1, 1, 1)] == Fraction(1, 7776)
    assert outcomes[(1, 2, 3, 4, 5)] == Fraction(120, 7776)
    assert outcomes[(2, 2, 5, 5, 5)] == Fraction(10, 7776)
    yahtzee = sum(p for dice, p in outcomes.items() if len(set(dice)) == 1)
    assert yahtzee == Fraction(6, 7776)
    two = play(rolled(new(), "1,2,3,5,5"), ["keep 5 5 3"])
    assert two.rolling == 2 and two.kept == (3, 5, 5)
    listed = dict(GAME.chance_outcomes(two) or ())
    assert len(listed) == 21 and listed[(1, 2)] == Fraction(1, 18) and listed[(6, 6)] == Fraction(1, 36)


def test_kept_dice_stay_and_the_rest_are_rolled() -> None:
    state = play(new(), ["roll", "1,2,3,5,5", "keep 5 5 3"])
    assert refused(state, CHANCE, (1, 2, 3)) == "(1, 2, 3) is not a possible outcome now"
    state = GAME.apply(state, CHANCE, (1, 6))
    assert state.dice == (1, 3, 5, 5, 6) and state.rolls == 2 and not state.pending


def test_every_distinct_keep_is_offered_but_not_all_five() -> None:
    state = rolled(new(), "1,2,3,4,5")
    rolls = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Roll)]
    assert len(rolls) == 31 and Roll((1, 2, 3, 4, 5)) not in rolls
    assert rolls[0] == Roll(()) and rolls[1] == Roll((1,)) and rolls[-1] == Roll((2, 3, 4, 5))
    assert [len(r.keep) for r in rolls] == sorted(len(r.keep) for r in rolls)
    state = rolled(new(), "6,6,6,6,6")
    assert [m for m in GAME.legal_moves(state, 0) if isinstance(m, Roll)] == [
        Roll(()), Roll((6,)), Roll((6, 6)), Roll((6, 6, 6)), Roll((6, 6, 6, 6))]
    assert refused(state, 0, Roll((6, 6, 6, 6, 6))) == (
        "keeping all five dice rolls nothing: score a box instead")
    state = rolled(new(), "2,2,5,5,5")
    keeps = {r.keep for r in GAME.legal_moves(state, 0) if isinstance(r, Roll)}
    assert len(keeps) == 3 * 4 - 1


def test_legal_moves_list_rolls_then_boxes_in_card_order() -> None:
    state = rolled(new(), "1,3,3,4,6")
    legal = GAME.legal_moves(state, 0)
    kinds = [type(m).__name__ for m in legal]
    assert kinds == sorted(kinds, key=lambda k: k != "Roll")
    boxes = [m.box for m in legal if isinstance(m, Score)]
    assert boxes == list(Box)


def test_three_rolls_at_most() -> None:
    state = play(new(), ["roll", "1,2,3,5,5", "keep 5 5", "1,5,6", "keep 5 5 5", "2,4"])
    assert state.rolls == 3 and state.dice == (2, 4, 5, 5, 5) and state.rolls_left == 0
    legal = GAME.legal_moves(state, 0)
    assert all(isinstance(m, Score) for m in legal) and len(legal) == 13
    assert refused(state, 0, Roll((5, 5, 5))) == "you have no rolls left: score a box"
    assert refused(state, 0, Roll(())) == "you have no rolls left: score a box"


def test_keeping_is_not_sticky() -> None:
    """Dice kept for one roll may be rolled on the next ('you can uncheck a die')."""
    state = play(new(), ["roll", "1,2,6,6,6", "keep 6 6 6", "1,2"])
    assert state.dice == (1, 2, 6, 6, 6)
    state = play(state, ["keep 2 1", "3,4,5"])  # the three 6s are rolled this time
    assert state.dice == (1, 2, 3, 4, 5)


def test_you_do_not_have_to_use_all_three_rolls() -> None:
    state = rolled(new(2), "2,3,4,5,6")
    after = GAME.apply(state, 0, Score(Y.LARGE_STRAIGHT))
    assert after.cards[0][Y.LARGE_STRAIGHT] == 40
    assert after.current == 1 and after.dice == () and after.rolls == 0
    assert GAME.to_act(after) == (1,) and GAME.legal_moves(after, 1) == (Roll(()),)


@pytest.mark.parametrize(
    ("dice", "keep", "reason"),
    [
        ("1,2,3,3,5", (6,), "you cannot keep a 6: the dice are 1,2,3,3,5"),
        ("1,2,3,3,5", (5, 5), "you cannot keep two 5s: the dice are 1,2,3,3,5"),
        ("1,2,3,3,5", (3, 3, 3), "you cannot keep three 3s: the dice are 1,2,3,3,5"),
        ("1,2,3,3,5", (7,), "you cannot keep a 7: dice show 1 to 6"),
        ("1,2,3,3,5", (1, 1, 1, 1, 1, 1), "there are only 5 dice"),
    ],
)
def test_keeping_dice_that_are_not_there_is_refused(dice: str, keep: tuple[int, ...],
                                                    reason: str) -> None:
    assert refused(rolled(new(), dice), 0, Roll(keep)) == reason


def test_a_filled_box_is_refused() -> None:
    state = rolled(with_card(new(), yahtzee=0, fours=8), "4,4,4,4,4")
    assert refused(state, 0, Score(Y.YAHTZEE)) == "the Yahtzee box is already filled"
    assert refused(state, 0, Score(Y.FOURS)) == "the Fours box is already filled"


def test_only_the_current_player_acts() -> None:
    state = new(3)
    refused(state, 1, Roll(()), NotYourTurnError)
    state = GAME.apply(state, 0, Roll(()))
    refused(state, 0, Roll(()), NotYourTurnError)  # the dice are in the air
    state = GAME.apply(state, CHANCE, (1, 2, 3, 4, 6))
    refused(state, 2, Score(Y.CHANCE), NotYourTurnError)
    refused(state, CHANCE, (1, 2, 3, 4, 6), NotYourTurnError)
    for seat in (1, 2):
        assert GAME.legal_moves(state, seat) == ()


def test_players_take_whole_turns_in_seat_order_and_the_game_ends_after_thirteen_each() -> None:
    rules = Rules()
    bots = [make_bot(GAME, "greedy", rules) for _ in range(3)]
    order: list[int] = []
    result = drive(GAME, rules, bots, make_rng(4),
                   on_step=lambda step: order.append(step.seat)
                   if isinstance(step.action, Score) else None)
    assert order == [0, 1, 2] * 13
    final = result.state
    assert GAME.is_terminal(final) and all(card.full for card in final.cards)
    refused(final, 0, Roll(()))
    assert "over" in refused(final, 0, Roll(()))


# ---- the end and the result ----------------------------------------------------------


def last_turn(state: State, cards: list[Card]) -> State:
    """``state`` with these cards: every box filled but Chance on the last seat's card."""
    return dataclasses.replace(state, cards=tuple(cards), current=len(cards) - 1)


def test_the_highest_total_wins() -> None:
    state = last_turn(new(3), [full_card(sixes=24, chance=20), full_card(chance=28, fives=20),
                               full_card(chance=None, fours=16)])
    assert not state.over and GAME.returns(state) == (0.0, 0.0, 0.0)
    assert GAME.winners(state) == ()
    state = play(state, ["roll", "6,6,6,6,5", "score chance"])
    assert state.over
    assert [c.total for c in state.cards] == [44, 48, 45]
    assert GAME.winners(state) == (1,)
    assert GAME.returns(state) == (0.0, 1.0, 0.0)
    assert GAME.seat_scores(state) == ((44,), (48,), (45,))
    names = ["Ann", "Bob", "Cy"]
    assert GAME.result_text(state, names) == "Bob wins with 48 (Ann: 44, Bob: 48, Cy: 45)."
    view = GAME.view(state, None).to_json()
    assert view["over"] and view["winners"] == [1] and view["totals"] == [44, 48, 45]
    assert view["current"] is None


def test_a_tie_on_the_highest_total_shares_the_win() -> None:
    state = last_turn(new(3), [full_card(chance=30), full_card(chance=10), full_card(chance=None)])
    state = play(state, ["roll", "6,6,6,6,6", "score chance"])
    assert GAME.winners(state) == (0, 2)
    assert GAME.returns(state) == (0.5, 0.0, 0.5)
    assert GAME.result_text(state, ["Ann", "Bob", "Cy"]) == (
        "Ann and Cy share the win with 30 (Ann: 30, Bob: 10, Cy: 30).")


def test_alone_the_result_is_the_score() -> None:
    state = last_turn(new(1), [full_card(chance=None, twos=8)])
    assert GAME.returns(state) == (8.0,)
    state = play(state, ["roll", "1,1,2,3,3", "score chance"])
    assert GAME.returns(state) == (18.0,)
    assert GAME.winners(state) == (0,)
    assert GAME.result_text(state, ["Ann"]) == "Ann scores 18."


def test_a_scripted_game_with_a_bonus_yahtzee_and_the_upper_bonus() -> None:
    script = [
        "roll", "1,1,1,2,3", "keep 1 1 1", "1,4", "score ones",    # 4
        "roll", "2,2,2,5,6", "twos",                               # 6
        "roll", "1,2,3,3,3", "3s",                                 # 9
        "roll", "1,4,4,4,4", "score fours",                        # 16
        "roll", "2,2,5,5,5", "keep 5 5 5", "1,3", "keep 5 5 5 3", "2", "score fives",  # 15
        "roll", "1,2,6,6,6", "score sixes",                        # 18: upper 68, +35
        "roll", "6,6,6,6,6", "score yahtzee",                      # 50
        "roll", "2,2,2,2,2", "ls",                                 # wildcard 40, +100
        "roll", "1,2,3,4,6", "score small",                        # 30
        "roll", "2,2,3,3,3", "full house",                         # 25
        "roll", "4,5,6,6,6", "score 3kind",                        # 27
        "roll", "1,5,5,5,5", "4k",                                 # 21
        "roll", "1,3,4,5,6", "chance",                             # 19
    ]
    state = play(new(1), script)
    card = state.cards[0]
    assert state.over and card.full
    assert card.upper_total == 68 and card.upper_bonus == 35
    assert card.lower_total == 50 + 40 + 30 + 25 + 27 + 21 + 19
    assert card.yahtzee_bonuses == 1
    assert card.total == 415
    assert GAME.result_text(state, ["Ann"]) == "Ann scores 415."


# ---- log sentences ---------------------------------------------------------------------


def test_describe() -> None:
    names = ["Ann", "Bob"]
    state = new(2)
    assert GAME.describe(state, 0, Roll(()), names) == "Ann rolls 5 dice"
    state = GAME.apply(state, 0, Roll(()))
    assert GAME.describe(state, CHANCE, (2, 3, 5, 5, 6), names) == "Ann rolls 2,3,5,5,6"
    state = GAME.apply(state, CHANCE, (2, 3, 5, 5, 6))
    assert GAME.describe(state, 0, Roll((5, 5)), names) == "Ann keeps 5 5 and rolls 3 dice"
    assert GAME.describe(state, 0, Roll((2, 3, 5, 5)), names) == "Ann keeps 5 5 3 2 and rolls 1 die"
    state = GAME.apply(state, 0, Roll((5, 5)))
    assert GAME.describe(state, CHANCE, (2, 4, 5), names) == "Ann rolls 2,4,5 → dice 2,4,5,5,5"
    state = GAME.apply(state, CHANCE, (2, 4, 5))
    assert GAME.describe(state, 0, Score(Y.FULL_HOUSE), names) == "Ann scores 0 in Full house"
    assert GAME.describe(state, 0, Score(Y.FIVES), names) == "Ann scores 15 in Fives"
    state = GAME.apply(state, 0, Score(Y.FIVES))
    assert GAME.describe(state, 1, Roll(()), names) == "Bob rolls 5 dice"
    assert GAME.describe(state, 1, Roll(()), None) == "Player 2 rolls 5 dice"


def test_describe_a_wildcard_with_its_bonus() -> None:
    state = rolled(with_card(new(), yahtzee=50, fours=12), "4,4,4,4,4")
    assert GAME.describe(state, 0, Score(Y.FULL_HOUSE), ["Ann"]) == (
        "Ann scores 25 in Full house (+100 Yahtzee bonus)")


# ---- the view -------------------------------------------------------------------------


def test_the_view_shows_every_card_the_dice_and_the_preview() -> None:
    state = with_card(new(2), seat=1, fives=20, bonuses=1, yahtzee=50)
    state = play(state, ["roll", "1,2,3,4,4"])
    data = GAME.view(state, 1).to_json()
    json.dumps(data)
    assert data["seat"] == 1 and data["current"] == 0 and data["turn"] == 1
    assert data["dice"] == [1, 2, 3, 4, 4] and data["rolls"] == 1 and data["rolls_left"] == 2
    assert len(data["cards"]) == 2
    mine, theirs = data["cards"]
    assert [b["box"] for b in mine["boxes"]] == [b.value for b in Box]
    assert mine["boxes"][0] == {"box": "ones", "title": "Ones", "section": "upper", "score": None,
                                "allowed": True, "preview": 1}
    by_box = {b["box"]: b for b in mine["boxes"]}
    assert by_box["small"]["preview"] == 30 and by_box["large"]["preview"] == 0
    assert by_box["fours"]["preview"] == 8
    # the other card has no preview; its scores and bonuses are shown
    assert all("preview" not in b and "allowed" not in b for b in theirs["boxes"])
    assert theirs["boxes"][4]["score"] == 20
    assert theirs["yahtzee_bonuses"] == 1 and theirs["yahtzee_bonus_points"] == 100
    assert theirs["total"] == 20 + 50 + 100 and data["totals"] == [0, 170]
    assert theirs["upper_subtotal"] == 20 and theirs["upper_bonus_to_go"] == 43


def test_no_preview_when_the_option_is_off_or_before_a_roll() -> None:
    state = rolled(new(preview=False), "1,2,3,4,4")
    boxes = GAME.view(state, 0).to_json()["cards"][0]["boxes"]
    assert all("preview" not in b for b in boxes) and all(b["allowed"] for b in boxes)
    boxes = GAME.view(new(), 0).to_json()["cards"][0]["boxes"]
    assert all("preview" not in b and "allowed" not in b for b in boxes)


def test_the_preview_marks_boxes_the_forced_joker_closes() -> None:
    state = rolled(with_card(new(joker=Joker.FORCED), yahtzee=50), "2,2,2,2,2")
    boxes = {b["box"]: b for b in GAME.view(state, 0).to_json()["cards"][0]["boxes"]}
    assert boxes["twos"]["allowed"] is True and boxes["twos"]["preview"] == 10
    assert boxes["chance"]["allowed"] is False and "preview" not in boxes["chance"]
    assert "allowed" not in boxes["yahtzee"]  # filled


@pytest.mark.parametrize("colour", [False, True])
def test_pace_for_the_upper_bonus(colour: bool) -> None:
    # Threes 6 (two dice: under by 3), Fours 12 (par), Sixes 24 (four dice: over by 6)
    state = with_card(new(colour_code=colour), threes=6, fours=12, sixes=24)
    card = GAME.view(state, 0).to_json()["cards"][0]
    assert card["pace"]["diff"] == 3 and card["pace"]["text"] == "+3"
    assert card["pace"]["status"] == ("ahead" if colour else None)
    boxes = {b["box"]: b for b in card["boxes"]}
    if colour:
        assert (boxes["threes"]["pace"], boxes["threes"]["pace_text"]) == ("under", "-3")
        assert (boxes["fours"]["pace"], boxes["fours"]["pace_text"]) == ("par", "par")
        assert (boxes["sixes"]["pace"], boxes["sixes"]["pace_diff"]) == ("over", 6)
        assert "pace" not in boxes["ones"] and "pace" not in boxes["3kind"]
    else:
        assert all("pace" not in b for b in boxes.values())
    behind = GAME.view(with_card(new(colour_code=True), fives=10), 0).to_json()["cards"][0]["pace"]
    assert behind == {"diff": -5, "text": "-5", "status": "behind"}
    level = GAME.view(with_card(new(colour_code=True), twos=6), 0).to_json()["cards"][0]["pace"]
    assert level == {"diff": 0, "text": "par", "status": "on track"}


# ---- the greedy bot --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "rolls", "move"),
    [
        ("2,3,4,5,6", 1, Score(Y.LARGE_STRAIGHT)),
        ("2,2,5,5,5", 1, Score(Y.FULL_HOUSE)),
        ("4,4,4,4,4", 1, Score(Y.YAHTZEE)),
        ("1,2,3,4,6", 1, Roll((1, 2, 3, 4))),
        ("1,3,4,5,6", 2, Roll((3, 4, 5, 6))),
        ("2,5,5,6,6", 1, Roll((6, 6))),
        ("1,2,4,4,6", 2, Roll((4, 4))),
        ("1,2,4,4,6", 3, Score(Y.CHANCE)),
        ("3,3,3,5,6", 3, Score(Y.THREE_KIND)),
        ("3,3,3,1,2", 3, Score(Y.THREE_KIND)),
        ("3,3,3,1,1", 3, Score(Y.FULL_HOUSE)),
    ],
)
def test_greedy_bot_choices(dice: str, rolls: int, move: object) -> None:
    state = rolled(new(), dice)
    state = dataclasses.replace(state, rolls=rolls)
    assert greedy_move(state) == move


def test_greedy_bot_ties_go_to_the_upper_box_of_its_number_and_zeros_to_ones() -> None:
    # five 6s score 30 in Sixes, Three and Four of a kind and Chance: the Sixes box takes them
    state = rolled(with_card(new(), yahtzee=0), "6,6,6,6,6")
    assert greedy_move(state) == Score(Y.SIXES)
    # nothing scores anywhere: the zero goes in Ones first, then the Yahtzee box
    upper_but_ones = {"twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6, "chance": 7}
    state = dataclasses.replace(rolled(with_card(new(), **upper_but_ones), "2,2,4,6,6"), rolls=3)
    assert greedy_move(state) == Score(Y.ONES)
    state = dataclasses.replace(rolled(with_card(new(), ones=0, **upper_but_ones), "2,2,4,6,6"),
                                rolls=3)
    assert greedy_move(state) == Score(Y.YAHTZEE)


def test_greedy_bots_finish_an_eight_player_game_and_outscore_random_play() -> None:
    rules = Rules()
    result = drive(GAME, rules, [make_bot(GAME, "greedy", rules) for _ in range(8)], make_rng(8))
    assert result.state.over and len(result.state.cards) == 8
    greedy = [c.total for c in result.state.cards]
    random_game = drive(GAME, rules, [make_bot(GAME, "random", rules)], make_rng(8))
    assert min(greedy) > 100 and sum(greedy) / 8 > 2 * random_game.state.cards[0].total
    assert "greedy" in GAME.bots()


def test_the_view_says_which_dice_were_kept_for_the_last_roll() -> None:
    state = rolled(new(), "2,5,5,6,1")
    state = GAME.apply(state, 0, Roll((5, 5)))
    state = GAME.apply(state, CHANCE, (1, 3, 4))
    view = GAME.view(state, 0).to_json()
    assert view["kept"] == [5, 5] and view["dice"] == [1, 3, 4, 5, 5]
    after = GAME.apply(state, 0, Score(Box.CHANCE))
    assert GAME.view(after, 0).to_json()["kept"] == []


def test_the_view_gives_the_games_reason_a_box_is_closed_now() -> None:
    state = with_card(new(joker=Joker.FORCED), yahtzee=50)
    state = rolled(state, "5,5,5,5,5")
    boxes = {b["box"]: b for b in GAME.view(state, 0).to_json()["cards"][0]["boxes"]}
    assert boxes["fives"]["allowed"] is True and "reason" not in boxes["fives"]
    assert boxes["chance"]["allowed"] is False
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(state, 0, Score(Box.CHANCE))
    assert boxes["chance"]["reason"] == str(refused.value) and "Fives" in boxes["chance"]["reason"]
