"""Go Fish's encoding: the contract over random games, the action numbers (relative seats), and
observations of positions made to order."""

from __future__ import annotations

import random

import encodingkit
import numpy as np
import pytest

from parlour.core.cards import Rank, parse_cards
from parlour.core.errors import RulesError
from parlour.games.go_fish import GAME, Ask, Ending, Phase, Rules, State, Table
from parlour.games.go_fish.encoding import GoFishEncoding

R = Rank


def position(hands: list[str], stock: str = "", rules: Rules | None = None, current: int = 0) -> State:
    """A game in play: ``hands`` by seat, the stock ``stock`` (top first); the deck's other cards
    are out of the game."""
    masks = tuple(sum(1 << c.index for c in parse_cards(h)) for h in hands)
    table = Table(rules=rules or Rules(), players=len(hands), dealer=len(hands) - 1, phase=Phase.PLAY)
    return State(table=table, hands=masks, stock=tuple(c.index for c in parse_cards(stock)),
                 books=((),) * len(hands), current=current, drawn=((),) * len(hands))


def ask(state: State, target: int, rank: Rank) -> State:
    return GAME.apply(state, GAME.to_act(state)[0], Ask(target, rank))


def field(encoding: GoFishEncoding, observation: np.ndarray, name: str) -> np.ndarray:
    """One field of an observation; a per-seat-and-rank field as rows by relative seat."""
    length = {n: length for n, length, _ in encoding.fields()}[name]
    part = observation[encoding.offset(name):encoding.offset(name) + length]
    return part.reshape(encoding.players, 13) if length == 13 * encoding.players else part


def test_the_contract_holds_over_random_games_of_every_conformance_case():
    assert encodingkit.check_encoding("go-fish", games=10) > 2000


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_spaces_for_every_player_count_and_rule_set(players: int):
    for rules in [Rules(hand_size=size, ending=ending) for size in (0, 5, 6, 7) for ending in Ending]:
        encoding = GAME.encoding(rules, players)
        assert isinstance(encoding, GoFishEncoding) and encoding.game is GAME
        assert encoding.shape == (22 + 56 * players,) and encoding.actions == 13 * (players - 1)
    encoding = GoFishEncoding(Rules(), players)
    for seat in range(players):  # every ask a seat can make has an action of its own, and back
        view = GAME.view(position(["AC"] * players, current=seat), seat)
        codes = [encoding.code(view, Ask(target, rank)) for target in range(players) if target != seat
                 for rank in Rank]
        assert sorted(codes) == [(a,) for a in range(encoding.actions)]


def test_seven_or_one_players_make_no_encoding():
    for players in (1, 7):
        with pytest.raises(RulesError):
            GAME.encoding(Rules(), players)


def test_asks_are_numbered_by_the_targets_place_to_the_left_then_rank():
    encoding = GoFishEncoding(Rules(), 4)
    view = GAME.view(position(["AC", "AD", "AH", "2C"], current=2), 2)
    assert encoding.code(view, Ask(3, R.ACE)) == (0,)  # the next seat to the left: +1
    assert encoding.code(view, Ask(0, R.SEVEN)) == (19,)  # +2, sevens (rank 6)
    assert encoding.code(view, Ask(1, R.KING)) == (38,)  # +3, kings
    assert [encoding.action_name(a) for a in (0, 19, 38)] == [
        "ask +1 for aces", "ask +2 for sevens", "ask +3 for kings"]


def test_what_the_asks_tell_as_the_third_player_sees_it():
    encoding = GoFishEncoding(Rules(), 3)
    state = position(["7H 7S KD 2C", "7D QH QS 9D", "3D 4D 5D 6D"], stock="8H 9S TC JC")
    state = ask(state, 1, R.SEVEN)  # Ann gets Bob's 7D and asks again
    state = ask(state, 2, R.KING)  # "Go fish!": Ann draws 8H, unseen; Cat is to ask
    obs = encoding.observe(GAME.view(state, 1))  # Bob's: +0 Bob, +1 Cat, +2 Ann
    seven, king, queen, nine = 6, 12, 11, 8
    hand = field(encoding, obs, "hand")
    assert np.allclose(hand, np.eye(13)[queen] * 2 / 3 + np.eye(13)[nine] / 3)
    assert np.allclose(field(encoding, obs, "hand_sizes"), np.array([3, 4, 6]) / 39)
    assert np.isclose(field(encoding, obs, "stock")[0], 3 / 52)
    known = field(encoding, obs, "known")
    assert np.allclose(known, np.eye(13)[[0, 0, seven]] * [[0], [0], [1 / 3]])  # Ann holds 7D
    surely = field(encoding, obs, "surely")
    assert surely[2, seven] == surely[2, king] == 1 and surely.sum() == 2  # Ann asked for both
    may_hold = field(encoding, obs, "may_hold")
    assert may_hold[0, seven] == 0 and may_hold[1, king] == 0  # Bob gave his, Cat went fishing
    assert may_hold[2].all() and may_hold[0].sum() == 12 and may_hold[1].sum() == 12
    assert list(field(encoding, obs, "to_act")) == [0, 1, 0]
    assert not field(encoding, obs, "books").any() and not field(encoding, obs, "winners").any()
    phase = field(encoding, obs, "phase")
    assert phase[list(Phase).index(Phase.PLAY)] == 1 and phase.sum() == 1
    assert list(field(encoding, obs, "ending")) == [1, 0, 0] and field(encoding, obs, "dealt")[0] == 5 / 7
    rng = random.Random(5)
    for _ in range(10):  # Bob's observation is blind to where the unseen cards are
        other = GAME.resample_hidden(state, 1, rng)
        assert np.array_equal(obs, encoding.observe(GAME.view(other, 1)))


def test_a_book_and_the_winners_at_the_end():
    encoding = GoFishEncoding(Rules(), 2)
    state = position(["7H 7S 7C 2C", "7D QH"], stock="8H")
    state = ask(state, 1, R.SEVEN)  # Ann books sevens; Bob still holds QH; Ann asks again
    obs = encoding.observe(GAME.view(state, 1))  # Bob's: +1 is Ann
    books = field(encoding, obs, "books")
    assert books[1, 6] == 1 and books.sum() == 1
    assert list(field(encoding, obs, "book_counts")) == [0, pytest.approx(1 / 13)]
    assert field(encoding, obs, "may_hold")[:, 6].sum() == 0  # a booked rank is held by nobody
    state = ask(state, 1, R.TWO)  # "Go fish!": Ann draws 8H and the stock is out: the game ends
    assert state.phase is Phase.OVER
    obs = encoding.observe(GAME.view(state, 0))
    assert list(field(encoding, obs, "winners")) == [1, 0] and not field(encoding, obs, "to_act").any()


def test_a_spectator_is_observed_from_seat_0_without_a_hand():
    encoding = GoFishEncoding(Rules(), 3)
    state = ask(position(["7H 7S KD 2C", "7D QH QS 9D", "3D 4D 5D 6D"], stock="8H"), 1, R.SEVEN)
    obs = encoding.observe(GAME.view(state, None))
    assert not field(encoding, obs, "hand").any()
    assert field(encoding, obs, "known")[0, 6] == pytest.approx(1 / 3)  # seat 0 (Ann) holds 7D
