"""The core's values and tables: cards, their numbers and indexes, and the generic chance
sampler (the same draws as building the cumulative table afresh)."""

from __future__ import annotations

import bisect
import copy
import dataclasses
import math
import pickle
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.cards import Card, Rank, Suit, standard_deck
from parlour.core.dice import throw_outcomes
from parlour.core.protocol import Game

# ---- cards ---------------------------------------------------------------------------------------


def test_card_index_is_the_position_in_the_standard_deck() -> None:
    deck = standard_deck()
    assert [card.index for card in deck] == list(range(52))
    for card in deck:
        assert card.index == list(Suit).index(card.suit) * 13 + list(Rank).index(card.rank)


def test_rank_number_counts_from_ace_to_king() -> None:
    assert [rank.number for rank in Rank] == list(range(1, 14))
    for rank in Rank:
        assert rank.number == tuple(Rank).index(rank) + 1
    assert Rank.ACE.number == 1 and Rank.TEN.number == 10 and Rank.KING.number == 13


def test_suit_symbols_and_colours() -> None:
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s.red for s in Suit] == [False, True, True, False]


def test_cards_are_values() -> None:
    deck = standard_deck()
    assert len(set(deck)) == 52
    for card in deck:
        again = Card(card.rank, card.suit)
        assert again == card and hash(again) == hash(card)
        assert Card(rank=card.rank, suit=card.suit) == card
        assert Card.parse(str(card)) == card
        assert copy.copy(card) == card and copy.deepcopy(card) == card
        for protocol_version in range(pickle.HIGHEST_PROTOCOL + 1):
            assert pickle.loads(pickle.dumps(card, protocol_version)) == card
    ace = Card(Rank.ACE, Suit.SPADES)
    assert dataclasses.replace(ace, suit=Suit.HEARTS) == Card(Rank.ACE, Suit.HEARTS)
    assert ace != Card(Rank.ACE, Suit.HEARTS) and ace != Card(Rank.TWO, Suit.SPADES)
    other: object = (Rank.ACE, Suit.SPADES)
    assert ace != other and ace != str(ace)  # type: ignore[comparison-overlap]
    assert {ace: 1}[Card.parse("as")] == 1


def test_cards_stay_frozen_and_keep_their_dataclass_shape() -> None:
    card = Card(Rank.SEVEN, Suit.CLUBS)
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = Rank.ACE  # type: ignore[misc]
    assert [f.name for f in dataclasses.fields(Card)] == ["rank", "suit"]
    assert dataclasses.asdict(card) == {"rank": Rank.SEVEN, "suit": Suit.CLUBS}
    assert repr(card) == "Card.parse('7C')" and str(card) == "7C" and card.pretty == "7♣"
    with pytest.raises(TypeError):
        _ = card < Card(Rank.EIGHT, Suit.CLUBS)  # type: ignore[operator]


def test_enum_members_hash_consistently_with_equality() -> None:
    for member in (*Rank, *Suit):
        assert hash(member) == hash(type(member)(member.value))
        assert pickle.loads(pickle.dumps(member)) is member
    assert len({*Rank, *Suit}) == 17


# ---- the generic chance sampler ------------------------------------------------------------------


def _reference_draw(listed: Any, rng: random.Random) -> Any:
    """The draw as the protocol first made it: the table built afresh, then one ``randrange``."""
    denominator = math.lcm(*(p.denominator for _, p in listed))
    bounds, acc = [], 0
    for _, p in listed:
        acc += p.numerator * (denominator // p.denominator)
        bounds.append(acc)
    assert acc == denominator
    return [o for o, _ in listed][bisect.bisect_right(bounds, rng.randrange(denominator))]


class _Chance(Game[Any, Any, Any, Any, Any]):
    """Only ``chance_outcomes``: whatever the test hands it."""

    def __init__(self) -> None:
        self.listed: Any = ()

    def chance_outcomes(self, state: Any) -> Any:
        return self.listed

    initial_state = to_act = legal_moves = _apply_move = _apply_outcome = returns = view = None  # type: ignore[assignment]
    parse_move = format_move = parse_outcome = format_outcome = None  # type: ignore[assignment]


_Chance.__abstractmethods__ = frozenset()


def _chances(weights: list[int]) -> tuple[tuple[int, Fraction], ...]:
    total = sum(weights)
    return tuple((i, Fraction(w, total)) for i, w in enumerate(weights) if w)


@given(st.lists(st.lists(st.integers(0, 9), min_size=1, max_size=12).filter(any), min_size=1,
                max_size=20), st.integers(0, 2**32))
def test_sample_chance_draws_as_a_table_built_afresh(tables: list[list[int]], seed: int) -> None:
    game = _Chance()
    ours, theirs = random.Random(seed), random.Random(seed)
    for weights in tables:
        for listed in (_chances(weights), _chances(weights), list(_chances(weights))):
            game.listed = listed
            assert game.sample_chance(None, ours) == _reference_draw(listed, theirs)
    assert ours.getstate() == theirs.getstate()


def test_sample_chance_with_a_shared_tuple_draws_as_ever() -> None:
    game = _Chance()
    ours, theirs = random.Random(3), random.Random(3)
    for n in (1, 2, 5, 2, 1):
        game.listed = throw_outcomes(n)
        for _ in range(200):
            assert game.sample_chance(None, ours) == _reference_draw(throw_outcomes(n), theirs)


def test_sample_chance_reads_a_list_anew_each_time() -> None:
    game = _Chance()
    listed = [("a", Fraction(1)), ("b", Fraction(0))]
    game.listed = listed
    assert game.sample_chance(None, random.Random(1)) == "a"
    listed[:] = [("a", Fraction(0)), ("b", Fraction(1))]
    assert game.sample_chance(None, random.Random(1)) == "b"


def test_sample_chance_refuses_probabilities_that_do_not_add_up() -> None:
    game = _Chance()
    game.listed = (("a", Fraction(1, 2)), ("b", Fraction(1, 3)))
    rng = random.Random(0)
    before = rng.getstate()
    for _ in range(2):
        with pytest.raises(ValueError, match="add up to 1"):
            game.sample_chance(None, rng)
    assert rng.getstate() == before


def test_dice_games_draw_their_throws_as_the_protocol_would() -> None:
    """Shut the Box and Yahtzee draw from a kept ``throw_distribution``: the same throws, from
    the same generator, as the protocol's own ``sample_chance`` working the table out anew."""
    from parlour.agents import RandomBot
    from parlour.core import registry
    from parlour.core.dice import throw_distribution
    from parlour.core.driver import Step, play
    from parlour.core.rng import make_rng

    for n in (1, 2, 5):
        ours, theirs = random.Random(n), random.Random(n)
        for _ in range(300):
            assert throw_distribution(n).draw(ours) == _reference_draw(throw_outcomes(n), theirs)
    for name in ("shut-the-box", "yahtzee"):
        game = registry.get(name)
        chance_states: list[Any] = []

        def keep(step: Step, found: list[Any] = chance_states) -> None:
            if step.seat == -1:
                found.append(step.before)

        play(game, game.default_rules(), [RandomBot(), RandomBot()], make_rng(5), on_step=keep)
        assert chance_states
        for k, state in enumerate(chance_states):
            plain = Game.sample_chance(game, state, random.Random(k))
            assert game.sample_chance(state, random.Random(k)) == plain
