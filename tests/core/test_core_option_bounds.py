"""Every number a house rule takes is bounded by the rule's own metadata, and JSON values must have
their option's type: ``rules_from_json`` refuses anything else, naming the option and the bound."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.core import registry
from parlour.core.errors import RulesError
from parlour.core.options import OptionInfo, options, parse_assignments, rules_from_json

NUMBERS = [(game.spec.name, option) for game in registry.games()
           for option in options(game.rules_type) if option.kind == "int"]
BOOLS = [(game.spec.name, option) for game in registry.games()
         for option in options(game.rules_type) if option.kind == "bool"]


def _rules_type(name: str) -> Any:
    return registry.get(name).rules_type


def test_every_game_has_numeric_options_to_check():
    assert len({name for name, _ in NUMBERS}) >= 6, NUMBERS


@pytest.mark.parametrize(("game", "option"), NUMBERS, ids=[f"{g}-{o.name}" for g, o in NUMBERS])
def test_every_numeric_option_has_bounds_and_refuses_one_past_them(game: str, option: OptionInfo):
    assert option.min is not None and option.max is not None, f"{game}: {option.name} has no bounds"
    assert option.min <= option.default <= option.max
    json = option.to_json()
    assert (json["min"], json["max"]) == (option.min, option.max)  # the lobby's form reads them
    rules_type = _rules_type(game)
    for value in (option.max + 1, option.min - 1, 10**19):
        with pytest.raises(RulesError, match=rf"^{option.name} must be ") as refused:
            rules_from_json(rules_type, {option.name: value})
        message = str(refused.value)
        assert str(option.max if value > option.max else option.min) in message or (
            option.choices and "one of" in message), message
    # the bound itself is an option's value (alone, or with the others it needs)
    top = {option.name: option.max}
    if (game, option.name) == ("blackjack", "min_bet"):
        top.update(max_bet=option.max, bankroll=option.max)
    assert getattr(rules_from_json(rules_type, top), option.name) == option.max


@pytest.mark.parametrize(("game", "option"), BOOLS, ids=[f"{g}-{o.name}" for g, o in BOOLS])
def test_booleans_are_booleans(game: str, option: OptionInfo):
    rules_type = _rules_type(game)
    for value in ("yes", "true", 1, 0, None):
        with pytest.raises(RulesError, match=rf"^{option.name} must be true or false"):
            rules_from_json(rules_type, {option.name: value})
    needs = {"deal": "peek"} if option.name == "insurance" else {}  # a dealer card showing
    assert getattr(rules_from_json(rules_type, {option.name: True, **needs}), option.name) is True


@pytest.mark.parametrize("value", ["12", 12.0, True, "1e3"])
def test_numbers_are_numbers(value: Any):
    with pytest.raises(RulesError, match=r"^stake must be a whole number"):
        rules_from_json(_rules_type("shut-the-box"), {"stake": value})


def test_a_huge_number_is_named_briefly():
    with pytest.raises(RulesError) as refused:
        rules_from_json(_rules_type("gin-rummy"), {"target": 10**4000})
    assert str(refused.value) == "target must be at most 1000, not a number of 4001 digits"


def test_the_command_line_still_reads_words_and_digits_and_checks_the_bounds():
    rules_type = _rules_type("shut-the-box")
    rules = parse_assignments(rules_type, ["stake=5", "doubles-extra-turn=no"])
    assert (rules.stake, rules.doubles_extra_turn) == (5, False)
    with pytest.raises(RulesError, match=r"^stake must be at most 1000, not 1001$"):
        parse_assignments(rules_type, ["stake=1001"])
    with pytest.raises(RulesError, match=r"^stake must be a whole number"):
        parse_assignments(rules_type, ["stake=" + "9" * 5000])
