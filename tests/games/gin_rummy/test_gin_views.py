"""Views and logs: each seat learns only what the rules show it, across whole games."""

from __future__ import annotations

import json
import random
import re

import pytest
from gin_helpers import play, start
from test_gin_rules import KNOCKER, MELDED, UP

from parlour.agents import RandomBot
from parlour.core.driver import play as play_game
from parlour.core.rng import make_rng
from parlour.games.gin_rummy import GAME, Gin, Knock, Phase, Rules, State
from parlour.games.gin_rummy.bots import SimpleBot
from parlour.games.gin_rummy.deck import CARDS, FULL, INDEX, bits
from parlour.games.gin_rummy.view import known_cards, revealed

PLAYING = (Phase.OFFER, Phase.DRAW, Phase.DISCARD, Phase.WALL, Phase.LAYOFF)


def hidden_from(state: State, viewer: int | None) -> set[str]:
    """The cards ``viewer`` may not know of in ``state``."""
    if state.phase not in PLAYING:
        return set()
    out = {str(CARDS[c]) for c in state.stock}
    known = known_cards(state)
    if not revealed(state):
        for seat in (0, 1):
            if seat != viewer:
                out |= {str(CARDS[c]) for c in bits(state.hands[seat] & ~known[seat])}
    face_down, knocker = state.face_down, state.knocker
    if face_down >= 0 and viewer != knocker and not state.known[knocker] >> face_down & 1:
        out.add(str(CARDS[face_down]))
    return out


def leaks(text: str, hidden: set[str]) -> list[str]:
    return [card for card in hidden if re.search(rf"\b{card}\b", text)]


def games(rules: Rules, seeds: range) -> list[list[tuple[State, int, object, State]]]:
    out = []
    for seed in seeds:
        steps: list[tuple[State, int, object, State]] = []
        play_game(GAME, rules, [SimpleBot(), RandomBot()], make_rng(seed),
                  on_step=lambda s, steps=steps: steps.append((s.before, s.seat, s.action, s.after)))
        out.append(steps)
    return out


@pytest.mark.parametrize("rules", [Rules(target=30), Rules(target=30, wall_take=True, knock_limit=15)])
def test_no_log_line_or_view_tells_a_seat_a_card_it_may_not_know(rules):
    told = 0
    for steps in games(rules, range(3)):
        for before, seat, action, after in steps:
            for viewer in (0, 1, None):
                if after.phase in PLAYING:
                    hidden = hidden_from(after, viewer)
                else:  # the action ended the hand: the stock and a face-down discard stay hidden
                    hidden = {str(CARDS[c]) for c in before.stock}
                    knocker = seat if isinstance(action, Knock | Gin) else before.knocker
                    face_down = INDEX[action.card] if isinstance(action, Knock | Gin) else before.face_down
                    if face_down >= 0 and viewer != knocker and not before.known[knocker] >> face_down & 1:
                        hidden.add(str(CARDS[face_down]))
                text = GAME.describe_for(before, seat, action, viewer, ["Ann", "Bob"])
                assert leaks(text, hidden) == [], (text, viewer)
                data = GAME.view(after, viewer).to_json()
                del data["sheet"]  # past hands as they were laid down: those cards are dealt anew since
                assert leaks(json.dumps(data), hidden_from(after, viewer)) == [], viewer
                told += 1
    assert told > 300


def test_each_player_is_told_their_own_deal_and_draws_and_only_that_a_card_was_drawn_otherwise():
    state = start(KNOCKER, f"{MELDED} 9C", UP)
    from parlour.games.gin_rummy.moves import FirstDealer

    base = GAME.apply(GAME.initial_state(Rules(), 2), -1, FirstDealer(0))
    from gin_helpers import deal

    d = deal(KNOCKER, f"{MELDED} 9C", UP, stock="4S")
    assert GAME.describe_for(base, -1, d, 1, ["Ann", "Bob"]) == (
        "Hand 1: Ann deals. You are dealt AC 2C 3C 4D 5D 6D 7H 8H 9H KS; the up-card is 5S.")
    assert GAME.describe_for(base, -1, d, None, ["Ann", "Bob"]) == "Hand 1: Ann deals; the up-card is 5S."
    assert "4S" in GAME.describe(base, -1, d, ["Ann", "Bob"])  # the private log tells everything
    drawing = play(GAME.apply(base, -1, d), "pass", "pass")
    draw = GAME.parse_move(drawing, 1, "draw")
    assert GAME.describe_for(drawing, 1, draw, 1, ["Ann", "Bob"]) == "Bob draws 4S from the stock."
    assert GAME.describe_for(drawing, 1, draw, 0, ["Ann", "Bob"]) == "Bob draws from the stock."
    assert state.phase is Phase.OFFER


def test_the_knock_discard_is_face_down_to_the_other_player_and_the_showdown_shows_both_hands():
    state = play(start(KNOCKER, "2D 2H 2S JC QC KC TH JH 3D 9S", UP), "take")
    knock = GAME.parse_move(state, 1, "knock KS")
    mine = GAME.describe_for(state, 1, knock, 1, ["Ann", "Bob"])
    theirs = GAME.describe_for(state, 1, knock, 0, ["Ann", "Bob"])
    assert "KS" in mine and "KS" not in theirs and "discarding face down" in theirs
    assert "[AC 2C 3C] [4D 5D 6D] [7H 8H 9H], deadwood 5S (5)" in theirs
    after = GAME.apply(state, 1, knock)
    assert GAME.view(after, 1).face_down is not None and str(GAME.view(after, 1).face_down) == "KS"
    for viewer in (0, None):
        view = GAME.view(after, viewer)
        assert view.face_down is None and "KS" not in json.dumps(view.to_json())
        assert view.showdown is not None and view.showdown.knocker == 1
        assert [str(c) for c in view.known[0]] == ["JC", "QC", "KC", "2D", "3D", "2H", "TH", "JH", "2S", "9S"]


def test_a_spectator_sees_no_hand_and_a_player_sees_their_own_sorted_with_melds():
    state = start(KNOCKER, f"{MELDED} 9C", UP)
    assert GAME.view(state, None).hand is None and GAME.view(state, None).arrangement is None
    view = GAME.view(state, 1)
    assert [str(c) for c in view.hand or ()] == KNOCKER.split()
    assert view.arrangement is not None and view.arrangement.deadwood == 10
    data = view.to_json()
    assert data["melds"] == [["AC", "2C", "3C"], ["4D", "5D", "6D"], ["7H", "8H", "9H"]]
    assert data["deadwood"] == 10 and data["stock_size"] == 31 and data["pile"] == ["5S"]
    took = GAME.view(play(state, "take"), 1)
    assert len(took.discards) == 11 and {str(c): n for c, n in took.discards}["KS"] == 5
    assert [e.to_json() for e in took.history] == [{"seat": 1, "act": "take", "card": "5S"}]


def test_every_card_is_somewhere_and_resampled_states_keep_what_the_seat_knows():
    rng = random.Random(5)
    for steps in games(Rules(target=20, knock_limit=20), range(2)):
        for _before, _seat, _action, after in steps:
            if after.phase not in PLAYING:
                continue
            for viewer in (0, 1, None):
                other = GAME.resample_hidden(after, viewer, rng)
                for st in (after, other):
                    total = st.hands[0] | st.hands[1] | sum(1 << c for c in (*st.stock, *st.pile, *st.laid))
                    if st.face_down >= 0:
                        total |= 1 << st.face_down
                    assert total == FULL
                    assert st.hands[0].bit_count() + st.hands[1].bit_count() + len(st.stock) + len(st.pile) \
                        + len(st.laid) + (st.face_down >= 0) == 52
                assert GAME.view(other, viewer) == GAME.view(after, viewer)
                if viewer is not None:
                    assert other.hands[viewer] == after.hands[viewer]


def test_a_single_layoff_that_leaves_nothing_else_to_lay_scores_the_hand():
    state = play(start(KNOCKER, f"{MELDED} TH", UP), "take", "knock KS")
    assert state.phase is Phase.LAYOFF
    state = play(state, "lay off TH")
    assert state.phase is Phase.DEAL and state.sheet[-1].counts == (0, 5)
