"""Go Fish through the protocol, over many seeded random games of every rule set: the legal moves
in their documented order, what each seat's view shows (its history with the cards others drew
and kept hidden, the cards everyone knows each seat holds), moves and views as plain values, and
the deck's bit helpers against card-by-card loops."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest
from test_go_fish_bots import random_states

from parlour.core.cards import Rank
from parlour.core.errors import IllegalMoveError
from parlour.games.go_fish import GAME, Act, Ask, Ending, Event, Phase, Rules, State
from parlour.games.go_fish.deck import CARDS, RANK_MASKS, RANKS, books_held, cards_of, ranks_held

CASES = [(Rules(), 2), (Rules(), 4), (Rules(), 6), (Rules(ending=Ending.DRAW_ON), 3),
         (Rules(ending=Ending.ALL_BOOKS), 2), (Rules(ending=Ending.ALL_BOOKS, hand_size=7), 5)]
IDS = [f"{r.ending.value}-{r.hand_size}-{n}p" for r, n in CASES]


def played(rules: Rules, players: int, seed: int) -> list[State]:
    """Every state of a seeded game of random asks at which a player is to ask."""
    return random_states(rules, players, seed, every=1)


def plain_legal(state: State, seat: int) -> list[Ask]:
    """Each other seat holding cards, from the asker's left; each rank the asker holds, ace first."""
    if state.phase is not Phase.PLAY or seat != state.current:
        return []
    ranks = [r for r in RANKS if state.hands[seat] & RANK_MASKS[r.number - 1]]
    targets = [(seat + step) % state.players for step in range(1, state.players)]
    return [Ask(t, r) for t in targets if state.hands[t] for r in ranks]


def plain_history(state: State, seat: int | None) -> tuple[Event, ...]:
    """The history as ``seat`` saw it: each of its draws that showed no card (a draw, or an
    unlucky "Go fish!") with the next of the cards it drew and kept; everyone else's without."""
    mine = list(state.drawn[seat]) if seat is not None else []
    out = []
    for e in state.history:
        if e.act in (Act.FISH, Act.DRAW) and not e.lucky:
            assert e.drawn == -1  # what the table saw
            if e.seat == seat:
                e = dataclasses.replace(e, drawn=mine.pop(0))
        out.append(e)
    assert not mine  # one card for each of its draws
    return tuple(out)


def plain_known(state: State) -> list[set[str]]:
    """For each seat, the cards of its hand whose last showing (an ask, a lucky draw) put them there."""
    last: dict[str, int] = {}
    for event in state.history:
        for card in event.cards:
            last[str(card)] = -1 if event.act is Act.BOOK else event.seat
    return [{str(c) for c in cards_of(hand) if last.get(str(c)) == seat}
            for seat, hand in enumerate(state.hands)]


@pytest.mark.parametrize(("rules", "players"), CASES, ids=IDS)
def test_legal_moves_are_every_seat_holding_cards_asked_for_every_rank_held(rules, players):
    checked = 0
    for seed in range(6):
        for state in played(rules, players, seed):
            for seat in range(players):
                legal = GAME.legal_moves(state, seat)
                assert list(legal) == plain_legal(state, seat)
                checked += bool(legal)
            if state.phase is Phase.PLAY:  # an ask of a rank not held is refused
                seat = state.current
                missing = [r for r in RANKS if not state.hands[seat] & RANK_MASKS[r.number - 1]]
                if missing:
                    with pytest.raises(IllegalMoveError):
                        GAME.apply(state, seat, Ask((seat + 1) % players, missing[0]))
    assert checked > 100


@pytest.mark.parametrize(("rules", "players"), CASES, ids=IDS)
def test_each_view_hides_the_cards_others_drew_and_shows_what_everyone_knows(rules, players):
    hidden = known = 0
    for seed in range(4):
        for state in played(rules, players, seed):
            for seat in (None, *range(players)):
                view = GAME.view(state, seat)
                assert view.seen_history == plain_history(state, seat)
                assert [e.to_json() for e in view.seen_history] == view.to_json()["history"]
                hidden += sum(1 for e in view.seen_history if e.act in (Act.FISH, Act.DRAW) and e.drawn < 0)
            public = GAME.view(state, None)
            assert [{str(c) for c in k} for k in public.known] == plain_known(state)
            known += sum(map(len, public.known))
    assert hidden > 50 and known > 50


def test_moves_and_views_are_plain_values():
    ask = Ask(1, Rank.SEVEN)
    assert GAME.parse_move(GAME.initial_state(Rules(), 3), 0, "ask 2 for sevens") == ask
    assert hash(Ask(1, Rank.SEVEN)) == hash(ask) and ask != Ask(1, Rank.EIGHT) and ask != Ask(2, Rank.SEVEN)
    assert copy.deepcopy(ask) == ask and pickle.loads(pickle.dumps(ask)) == ask
    with pytest.raises(dataclasses.FrozenInstanceError):
        ask.target = 2  # type: ignore[misc]  # (frozen: the point of the test)
    states = played(Rules(), 3, 11)
    for state in states[::5]:
        assert dataclasses.replace(state) == state and hash(dataclasses.replace(state)) == hash(state)
        for seat in (None, 0, 1, 2):
            view = GAME.view(state, seat)
            assert view == GAME.view(state, seat)
            assert copy.deepcopy(view) == view and pickle.loads(pickle.dumps(view)) == view
            assert pickle.loads(pickle.dumps(view)).to_json() == view.to_json()


def test_the_deck_helpers_agree_with_card_by_card_loops():
    rng = random.Random(3)
    for _ in range(3000):
        mask = rng.getrandbits(52) & rng.getrandbits(52) if rng.random() < 0.5 else rng.getrandbits(52)
        assert cards_of(mask) == tuple(CARDS[suit * 13 + r] for r in range(13) for suit in range(4)
                                       if mask >> (suit * 13 + r) & 1)
        assert ranks_held(mask) == sum(1 << r for r in range(13) if mask & RANK_MASKS[r])
        assert books_held(mask) == sum(1 << r for r in range(13) if mask & RANK_MASKS[r] == RANK_MASKS[r])
    assert cards_of(0) == ()
    assert len(cards_of((1 << 52) - 1)) == 52
