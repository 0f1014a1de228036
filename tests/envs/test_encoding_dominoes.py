"""Dominoes' encoding: the contract over random games of every conformance case, and known deals
giving known observation entries and known codes, in every player count and partnership mode."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from encodingkit import check_encoding, codes_of

from parlour.core.errors import RulesError
from parlour.core.protocol import CHANCE
from parlour.core.tiles import Tile
from parlour.games.dominoes import GAME
from parlour.games.dominoes.encoding import ACTIONS, DominoEncoding
from parlour.games.dominoes.moves import Draw, End, Knock, Play
from parlour.games.dominoes.rules import Rules, Scoring
from parlour.games.dominoes.state import State
from parlour.games.dominoes.tileset import TILES


def t(text: str) -> Tile:
    return Tile.parse(text)


def indices(tiles: str) -> list[int]:
    """The indices of some tiles (``"6|6 5|4"``), in set order."""
    return sorted(t(x).index for x in tiles.split())


def dealt(rules: Rules, players: int, *hands: str) -> State:
    """A game whose first hand is dealt as given (each hand as ``"6|6 5|4 ..."``), the rest of the
    set sleeping."""
    chosen = [t(x) for hand in hands for x in hand.split()]
    rest = [tile for tile in TILES if tile not in chosen]
    state = GAME.initial_state(rules, players)
    return GAME.apply(state, CHANCE, Draw((*chosen, *rest)))


def fields(encoding: DominoEncoding, observation: np.ndarray) -> dict[str, Any]:
    """The observation cut into its named fields."""
    out, at = {}, 0
    for name, length, _ in encoding.fields():
        out[name] = observation[at:at + length]
        at += length
    assert at == observation.size
    return out


def ones(values: np.ndarray) -> list[int]:
    return [int(i) for i in np.flatnonzero(values)]


def test_the_contract_holds_over_random_games_of_every_conformance_case() -> None:
    assert check_encoding("dominoes", games=4) > 1000


def test_every_move_there_can_be_has_its_own_action_and_name() -> None:
    """Every move of every rule set is a tile on the left or the right, a double led, or a
    knock: each has an action of its own, and every action is one of them."""
    encoding = DominoEncoding(Rules(), 4)
    view = GAME.view(dealt(Rules(), 4, "6|6 5|4 3|2 1|0 6|1 2|2"), 0)
    moves = [Play(tile, end) for tile in TILES for end in End]
    moves += [Play(tile) for tile in TILES if tile.double] + [Knock()]
    codes = [encoding.code(view, move) for move in moves]
    assert sorted(codes) == [(a,) for a in range(ACTIONS)] and ACTIONS == 64
    assert encoding.code(view, Play(t("6|4"), End.LEFT)) == (50,)
    assert encoding.action_name(50) == "play 6|4 left" and encoding.action_name(51) == "play 6|4 right"
    assert encoding.code(view, Play(t("6|6"))) == (62,) and encoding.action_name(62) == "lead 6|6"
    assert encoding.code(view, Knock()) == (63,) and encoding.action_name(63) == "knock"
    assert encoding.action_name(0) == "play 0|0 left"
    with pytest.raises(ValueError, match="only a double leads"):
        encoding.code(view, Play(t("6|4")))


def test_a_known_hand_gives_known_entries() -> None:
    rules = Rules(target=50)
    state = dealt(rules, 2, "6|6 6|5 4|4 3|1 2|0 1|1", "6|4 5|5 5|0 3|3 2|2 4|1")
    encoding = DominoEncoding(rules, 2)
    assert GAME.to_act(state) == (0,)  # the 6|6 leads
    state = GAME.apply(state, 0, Play(t("6|6")))
    state = GAME.apply(state, 1, Play(t("6|4"), End.LEFT))
    seen = fields(encoding, encoding.observe(GAME.view(state, 0)))
    assert ones(seen["hand"]) == indices("6|5 4|4 3|1 2|0 1|1")
    laid = seen["laid"].reshape(2, 28)
    assert ones(laid[0]) == [t("6|6").index] and ones(laid[1]) == [t("6|4").index]
    assert ones(seen["left end"]) == [4] and ones(seen["right end"]) == [6]
    assert list(seen["hand sizes"]) == pytest.approx([5 / 6, 5 / 6])
    assert list(seen["sleeping"]) == pytest.approx([16 / 28])
    assert ones(seen["to act"]) == [0] and ones(seen["partners"]) == [0]
    assert list(seen["scores"]) == [0, 0]
    other = fields(encoding, encoding.observe(GAME.view(state, 1)))  # the same table, seat 1's way
    assert ones(other["to act"]) == [1] and ones(other["laid"].reshape(2, 28)[0]) == [t("6|4").index]
    assert ones(other["hand"]) == indices("5|5 5|0 3|3 2|2 4|1")


def test_a_knock_shows_the_numbers_knocked_on_for_that_seat() -> None:
    rules = Rules(target=50)
    state = dealt(rules, 2, "6|6 6|5 4|4 3|1 2|0 1|1", "5|5 5|0 3|3 2|2 4|1 3|0")
    state = GAME.apply(state, 0, Play(t("6|6")))
    assert GAME.legal_moves(state, 1) == (Knock(),)
    state = GAME.apply(state, 1, Knock())
    encoding = DominoEncoding(rules, 2)
    knocked = fields(encoding, encoding.observe(GAME.view(state, 0)))["knocked"].reshape(2, 7)
    assert ones(knocked[0]) == [] and ones(knocked[1]) == [6]


def test_partners_and_sides_are_counted_from_the_viewer() -> None:
    rules = Rules(target=40)
    state = dealt(rules, 4, "6|6 0|0 1|0 2|0 3|0 4|0", "5|5 1|1 2|1 3|1 4|1 5|1",
                  "4|4 2|2 3|2 4|2 5|2 6|2", "3|3 4|3 5|3 6|3 5|4 6|4")
    encoding = DominoEncoding(rules, 4)
    assert encoding.shape == (28 + 4 * 28 + 7 + 7 + 4 * 7 + 4 + 1 + 4 + 4 + 4 + 2,)
    from_1 = fields(encoding, encoding.observe(GAME.view(state, 1)))
    assert ones(from_1["partners"]) == [0, 2] and ones(from_1["to act"]) == [3]  # seat 0 leads
    assert list(from_1["sleeping"]) == pytest.approx([4 / 28])
    alone = DominoEncoding(Rules(partnerships=False, scoring=Scoring.POINT, target=3), 4)
    assert alone.shape[0] == encoding.shape[0] + 2  # four sides' scores
    three = DominoEncoding(Rules(hand_size=7), 3)
    state = dealt(Rules(hand_size=7), 3, "6|6 0|0 1|0 2|0 3|0 4|0 5|0", "5|5 1|1 2|1 3|1 4|1 5|1 6|1",
                  "4|4 2|2 3|2 4|2 5|2 6|2 3|3")
    from_2 = fields(three, three.observe(GAME.view(state, 2)))
    assert ones(from_2["partners"]) == [0] and ones(from_2["to act"]) == [1]
    assert list(from_2["hand sizes"]) == [1.0, 1.0, 1.0] and list(from_2["sleeping"]) == [7 / 28]


def test_scores_are_scaled_by_the_target_and_ordered_from_the_viewers_side() -> None:
    rules = Rules(target=30, partnerships=False)
    encoding = DominoEncoding(rules, 3)
    rng = random.Random(5)
    state = GAME.initial_state(rules, 3)
    while GAME.to_act(state) and not any(state.scores):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.sample_chance(state, rng) if seat == CHANCE
                           else rng.choice(GAME.legal_moves(state, seat)))
    for viewer in range(3):
        scores = fields(encoding, encoding.observe(GAME.view(state, viewer)))["scores"]
        expected = [min(1, state.scores[(viewer + r) % 3] / 30) for r in range(3)]
        assert list(scores) == pytest.approx(expected)


def test_player_counts_outside_two_to_four_are_refused() -> None:
    for players in (1, 5):
        with pytest.raises(RulesError, match=f"two to four players, not {players}"):
            GAME.encoding(Rules(), players)


def test_a_spectator_sees_an_empty_hand() -> None:
    state = dealt(Rules(), 2, "6|6 6|5 4|4 3|1 2|0 1|1", "6|4 5|5 5|0 3|3 2|2 4|1")
    encoding = DominoEncoding(Rules(), 2)
    seen = fields(encoding, encoding.observe(GAME.view(state, None)))
    assert ones(seen["hand"]) == [] and list(seen["hand sizes"]) == [1.0, 1.0]


def test_every_legal_move_of_every_rule_set_and_player_count_has_a_distinct_code() -> None:
    rng = random.Random(27)
    cases = [(Rules(target=20, hand_size=size, partnerships=partners, both_chip_out=both), players)
             for players in (2, 3, 4) for size in (6, 7) for partners in (True, False)
             for both in (False, True) if players * size <= 28]
    kinds: set[str] = set()
    for rules, players in cases:
        encoding = GAME.encoding(rules, players)
        state = GAME.initial_state(rules, players)
        while actors := GAME.to_act(state):
            (seat,) = actors
            if seat == CHANCE:
                state = GAME.apply(state, seat, GAME.sample_chance(state, rng))
                continue
            codes = codes_of(encoding, GAME.view(state, seat), GAME.legal_moves(state, seat))
            kinds.update("knock" if isinstance(move, Knock) else "lead" if move.end is None
                         else move.end.value for move in codes.values())
            state = GAME.apply(state, seat, rng.choice(list(codes.values())))
    assert {"lead", "left", "right", "knock"} <= kinds
