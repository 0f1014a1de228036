"""Unit tests of the core helpers every game builds on."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.agents import RandomBot, make_bot
from parlour.core import registry
from parlour.core.cards import Card, Rank, Suit, parse_cards, standard_deck
from parlour.core.dice import format_dice, parse_dice, throw_outcomes, total_distribution
from parlour.core.driver import play
from parlour.core.errors import InvalidMoveError, RecordError, RulesError, UnknownGameError
from parlour.core.options import non_defaults, options, parse_assignments, rules_from_json, rules_to_json
from parlour.core.record import Record
from parlour.core.rng import make_rng
from parlour.games.shut_the_box import Mode, OneDie, Rules


# ---- cards -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "card"),
    [("TH", Card(Rank.TEN, Suit.HEARTS)), ("th", Card(Rank.TEN, Suit.HEARTS)),
     ("10h", Card(Rank.TEN, Suit.HEARTS)), ("10♥", Card(Rank.TEN, Suit.HEARTS)),
     ("AS", Card(Rank.ACE, Suit.SPADES)), ("7♣", Card(Rank.SEVEN, Suit.CLUBS)),
     ("qd", Card(Rank.QUEEN, Suit.DIAMONDS))],
)
def test_cards_parse_every_accepted_spelling(text, card):
    assert Card.parse(text) == card


@pytest.mark.parametrize("text", ["", "T", "1H", "11S", "TX", "HT", "10", "A♠♠", "ZZ"])
def test_cards_refuse_anything_else(text):
    with pytest.raises(InvalidMoveError):
        Card.parse(text)


def test_the_deck_has_52_distinct_cards_and_notation_round_trips():
    deck = standard_deck()
    assert len(deck) == len(set(deck)) == 52
    assert sorted(c.index for c in deck) == list(range(52))
    for card in deck:
        assert Card.parse(str(card)) == card == Card.parse(card.pretty)
        assert eval(repr(card)) == card
    assert parse_cards("AS, 10h 2c") == (Card.parse("AS"), Card.parse("TH"), Card.parse("2C"))
    assert Rank.parse("sevens") is Rank.SEVEN and Rank.KING.number == 13
    assert Suit.HEARTS.red and not Suit.SPADES.red


# ---- dice ----------------------------------------------------------------------
def test_dice_distributions_are_exact():
    assert sum(p for _, p in throw_outcomes(2)) == 1
    assert dict(throw_outcomes(2))[(3, 5)] == Fraction(2, 36)
    assert dict(throw_outcomes(2))[(4, 4)] == Fraction(1, 36)
    assert dict(total_distribution(2))[7] == Fraction(1, 6)
    assert len(throw_outcomes(1)) == 6 and len(throw_outcomes(2)) == 21


@given(st.lists(st.integers(1, 6), min_size=1, max_size=5))
def test_dice_text_round_trips(faces):
    assert parse_dice(format_dice(tuple(faces))) == tuple(sorted(faces))


@pytest.mark.parametrize("text", ["", "0", "7", "3,x", "-1"])
def test_bad_dice_are_refused(text):
    with pytest.raises(InvalidMoveError):
        parse_dice(text)


def test_dice_count_is_checked():
    with pytest.raises(InvalidMoveError, match="expected 2 dice"):
        parse_dice("4", ndice=2)


# ---- options -----------------------------------------------------------------------
def test_options_are_described_from_the_dataclass():
    described = {o.name: o for o in options(Rules)}
    assert described["tiles"].kind == "int" and described["tiles"].choices == (9, 10, 12)
    assert described["one_die"].kind == "choice" and OneDie.NEVER in described["one_die"].choices
    assert described["doubles_extra_turn"].kind == "bool"
    assert all(o.help for o in described.values())
    json.dumps([o.to_json() for o in described.values()])


def test_rules_from_assignments_and_json():
    rules = parse_assignments(Rules, ["tiles=12", "mode=long", "doubles-extra-turn=no",
                                      "one_die=LOW_TOTAL"])
    assert rules == Rules(tiles=12, mode=Mode.LONG, doubles_extra_turn=False,
                          one_die=OneDie.LOW_TOTAL)
    assert rules_from_json(Rules, rules_to_json(rules)) == rules
    assert non_defaults(rules) == {"tiles": 12, "mode": "long", "doubles_extra_turn": False,
                                   "one_die": "low-total"}


@pytest.mark.parametrize(
    ("data", "message"),
    [({"tiles": "nine"}, "whole number"), ({"tiles": True}, "whole number"),
     ({"mode": "fast"}, "mode must be one of"), ({"doubles_extra_turn": "maybe"}, "true or false"),
     ({"colour": 1}, "unknown rule"), ({"tiles": 7}, "one of 9, 10, 12, not 7"),
     ({"stake": -1}, "at least 0, not -1"), ({"stake": 1001}, "at most 1000, not 1001")],
)
def test_bad_rules_are_refused(data, message):
    with pytest.raises(RulesError, match=message):
        rules_from_json(Rules, data)


# ---- registry, driver, records ---------------------------------------------------------------
def test_registry_finds_games_by_name_and_alias():
    game = registry.get("shut-the-box")
    assert registry.get("Shut the Box") is game and registry.get("canoga") is game
    with pytest.raises(UnknownGameError, match=r"the games are: .*shut-the-box"):
        registry.get("snap")
    with pytest.raises(ValueError, match="already registered"):
        registry.register(game)


def test_make_bot_names_the_choices():
    game = registry.get("shut-the-box")
    assert isinstance(make_bot(game, "random", Rules()), RandomBot)
    with pytest.raises(RulesError, match="random, greedy, optimal"):
        make_bot(game, "clever", Rules())


def test_records_refuse_broken_text():
    good = play(registry.get("shut-the-box"), Rules(), [RandomBot()], make_rng(1)).record
    text = good.to_jsonl()
    header, *rest = text.splitlines()
    for bad, message in [
        ("", "empty"),
        ("not json", "not valid"),
        (json.dumps({"record": "other"}), "header"),
        (text.replace('"version": 1', '"version": 9'), "version"),
        ("\n".join([header, json.dumps({"seat": "x", "action": 1})]), "line 2"),
        (text.replace('"mode": "round"', '"mode": "warp"'), "set-up"),
        ("\n".join([header, *rest[1:]]), "does not replay"),
    ]:
        with pytest.raises(RecordError, match=message):
            list(Record.from_jsonl(bad).states())


def test_the_dice_do_not_depend_on_the_bots():
    """Chance and bots draw from separate streams: the first throw is the same whoever plays."""
    game = registry.get("shut-the-box")
    rules = Rules()
    a = play(game, rules, [RandomBot()], make_rng(5)).record.entries
    b = play(game, rules, [make_bot(game, "optimal", rules)], make_rng(5)).record.entries
    assert a[1] == b[1] and a[1].seat == -1


def test_log_lines_tell_everyone_everything_in_a_game_without_hidden_information():
    game = registry.get("shut-the-box")
    result = play(game, game.default_rules(), [RandomBot(), RandomBot()], make_rng(3))
    states = list(result.record.states())
    names = ["Ann", "Bob"]
    for before, entry in zip(states, result.record.entries, strict=False):
        action = game.parse_action(before, entry.seat, entry.action)
        told = {game.describe_for(before, entry.seat, action, viewer, names) for viewer in (0, 1, None)}
        assert told == {game.describe(before, entry.seat, action, names)}


def test_by_default_a_hidden_information_games_chance_outcomes_are_not_told():
    import dataclasses

    class Hidden(type(registry.get("shut-the-box"))):  # type: ignore[misc]
        spec = dataclasses.replace(registry.get("shut-the-box").spec, hidden_information=True)

    game = Hidden()
    state = game.apply(game.initial_state(game.default_rules(), 1), 0, game.parse_move(
        game.initial_state(game.default_rules(), 1), 0, "roll 2"))
    told = game.describe_for(state, -1, (3, 5), 0)
    assert "3" not in told and "5" not in told and "hidden" in told
    assert game.describe_for(state, -1, (3, 5), None) == told


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.spec.name)
def test_an_unhashable_chance_outcome_is_refused_not_a_crash(game):
    import random

    from parlour.core.errors import IllegalMoveError
    from parlour.core.protocol import CHANCE

    rng = random.Random(5)
    rules, players = game.conformance_cases()[0]
    state = game.initial_state(rules, players)
    for _ in range(10_000):
        actors = game.to_act(state)
        if actors == (CHANCE,):
            break
        assert actors, f"{game.spec.name}: no chance event before the end"
        seat = actors[0]
        state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    if game.to_act(state) != (CHANCE,):
        pytest.skip(f"{game.spec.name} has no chance events")
    digest = hash(state)
    for bad in ([1, 2, 3, 4, 5], {"card": 1}, [[0]]):
        with pytest.raises(IllegalMoveError, match="not a possible outcome"):
            game.apply(state, CHANCE, bad)
    assert hash(state) == digest
