"""One object for each ask (equal asks are the same object, as cards are), views that make their
hand and known cards when first read, and the driver's shared record entries: each the same, by
value, as what it replaces."""

from __future__ import annotations

import copy
import dataclasses
import gc
import pickle
import random
import weakref

from parlour.agents import RandomBot
from parlour.core.cards import Rank
from parlour.core.driver import play
from parlour.core.rng import make_rng
from parlour.games.go_fish import GAME, Ask, Ending, GoFishView, Rules
from parlour.games.go_fish.notation import format_move, parse_move
from parlour.games.go_fish.state import cards_of


def test_an_ask_is_one_object_however_it_is_made():
    ask = Ask(1, Rank.SEVEN)
    assert Ask(1, Rank.SEVEN) is ask and Ask(target=1, rank=Rank.SEVEN) is ask
    assert parse_move("ask 2 for sevens") is ask
    assert copy.copy(ask) is ask and copy.deepcopy(ask) is ask
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(ask, protocol)) is ask
    assert dataclasses.replace(ask, target=2) is Ask(2, Rank.SEVEN)
    assert ask == Ask(1, Rank.SEVEN) and ask != Ask(1, Rank.EIGHT) and ask != Ask(2, Rank.SEVEN)
    assert len({ask, Ask(1, Rank.SEVEN), Ask(2, Rank.SEVEN)}) == 2
    assert (ask.target, ask.rank) == (1, Rank.SEVEN) and repr(ask) == "Ask(1, Rank.SEVEN)"


def _state_where_seat_0_asks_seat_1():
    state = GAME.initial_state(Rules(ending=Ending.ALL_BOOKS), 2)
    rng = random.Random(3)
    while GAME.to_act(state) != (0,):
        seat = GAME.to_act(state)[0]
        if seat < 0:
            state = GAME.apply(state, seat, GAME.sample_chance(state, rng))
        else:
            state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    return state


def test_an_ask_of_a_seat_that_is_not_at_any_table_is_equal_while_alive_and_then_let_go():
    far = parse_move("ask 1000 for kings")
    assert far is Ask(999, Rank.KING) and far == Ask(999, Rank.KING)
    assert format_move(far) == "ask 1000 for kings"
    alive = weakref.ref(far)
    del far
    gc.collect()
    assert alive() is None  # not kept: typed numbers cannot fill memory


def test_legal_moves_are_the_shared_asks_and_are_found_by_identity():
    state = _state_where_seat_0_asks_seat_1()
    legal = GAME.legal_moves(state, 0)
    assert legal
    for move in legal:
        assert Ask(move.target, move.rank) is move
        assert GAME.format_action(state, 0, move) == format_move(move) == GAME.format_move(state, 0, move)


def test_a_view_makes_its_hand_and_known_cards_when_read_and_equals_one_made_whole():
    result = play(GAME, Rules(), [RandomBot(), RandomBot()], make_rng(11))
    checked = 0
    for state in result.record.states():
        for seat in (None, 0, 1):
            lazy = GAME.view(state, seat)
            whole = GoFishView(**{f.name: getattr(GAME.view(state, seat), f.name)
                                  for f in dataclasses.fields(GoFishView)})
            assert "hand" not in lazy.__dict__ and "known" not in lazy.__dict__
            assert lazy == whole and repr(lazy) == repr(whole) and lazy.to_json() == whole.to_json()
            assert lazy.hand == (None if seat is None else cards_of(state.hands[seat])
                                 if state.hands else ())
            assert copy.deepcopy(lazy) == whole and pickle.loads(pickle.dumps(lazy)) == whole
            checked += 1
    assert checked > 30
