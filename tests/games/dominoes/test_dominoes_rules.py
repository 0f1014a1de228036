"""Every rule of the manual's dominoes (the English pub block game) and every house-rule option,
as a test: the draw and the redraw, the lead, forced play and knocking, stitching up, chipping
out, blocked hands (partners' spots added), each scoring mode, the target."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from parlour.core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, RulesError
from parlour.core.protocol import CHANCE
from parlour.core.tiles import Tile, double_six_set, parse_tiles
from parlour.games.dominoes import (
    GAME,
    Blocked,
    Draw,
    End,
    Ending,
    Event,
    Knock,
    Phase,
    Placed,
    Play,
    Rules,
    Scoring,
    State,
)
from parlour.games.dominoes.tileset import mask_of, tiles_of

L, R = End.LEFT, End.RIGHT


def t(text: str) -> Tile:
    return Tile.parse(text)


def draw_of(*hands: str) -> Draw:
    """A draw giving each seat the tiles written (in turn), the rest sleeping in set order."""
    taken = [tile for hand in hands for tile in parse_tiles(hand)]
    rest = [tile for tile in double_six_set() if tile not in taken]
    return Draw(tuple(taken + rest))


def start(*hands: str, rules: Rules | None = None) -> State:
    """A game whose first draw deals ``hands`` to seats 0, 1, ... in order."""
    state = GAME.initial_state(rules or Rules(), len(hands))
    return GAME.apply(state, CHANCE, draw_of(*hands))


def position(hands: list[str], lead: str, left: str = "", right: str = "", current: int = 0,
             rules: Rules | None = None, scores: tuple[int, ...] | None = None) -> State:
    """A hand in play: ``hands`` by seat, the line ``left`` (outward from the lead) and ``right``
    (each arm's tiles in the order laid; their outward numbers follow from the chain)."""
    rules = rules or Rules()
    state = GAME.initial_state(rules, len(hands))
    lead_tile = t(lead)

    def arm(text: str) -> tuple[Placed, ...]:
        out, end = [], lead_tile.high
        for tile in parse_tiles(text):
            end = tile.other(end)
            out.append(Placed(tile, 0, end))
        return tuple(out)

    masks = tuple(mask_of(list(parse_tiles(h))) for h in hands)
    used = mask_of([lead_tile, *parse_tiles(left), *parse_tiles(right)])
    sleeping = ((1 << 28) - 1) & ~used
    for m in masks:
        sleeping &= ~m
    return dataclasses.replace(state, phase=Phase.PLAY, hands=masks, sleeping=sleeping,
                               lead=Placed(lead_tile, 0, lead_tile.high), left=arm(left),
                               right=arm(right), current=current, out=(False,) * len(hands),
                               scores=scores if scores is not None else state.scores)


def play(state: State, *moves: str) -> State:
    for text in moves:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.parse_move(state, seat, text))
    return state


# ---- the set, the draw ------------------------------------------------------------
def test_a_double_six_set_has_28_tiles_and_168_spots():
    tiles = double_six_set()
    assert len(set(tiles)) == 28
    assert sum(tile.pips for tile in tiles) == 168
    assert sum(tile.double for tile in tiles) == 7
    assert [tile.index for tile in tiles] == list(range(28))


@pytest.mark.parametrize(("players", "size", "sleeping"), [(2, 6, 16), (3, 6, 10), (4, 6, 4), (4, 7, 0),
                                                          (2, 7, 14)])
def test_each_player_draws_six_tiles_or_seven_and_the_rest_sleep(players, size, sleeping):
    rules = Rules(hand_size=size)
    state = GAME.initial_state(rules, players)
    assert GAME.to_act(state) == (CHANCE,)
    for seed in range(20):
        after = GAME.apply(state, CHANCE, GAME.sample_chance(state, random.Random(seed)))
        if after.phase is Phase.PLAY:
            break
    assert [h.bit_count() for h in after.hands] == [size] * players
    assert after.sleeping.bit_count() == sleeping
    assert GAME.view(after, 0).sleeping == sleeping
    everything = after.sleeping
    for hand in after.hands:
        assert not everything & hand
        everything |= hand
    assert everything == (1 << 28) - 1


def test_the_holder_of_the_double_six_leads_it_and_only_it():
    state = start("5|5 6|1 2|0 3|3 4|1 0|0", "6|6 6|5 4|4 1|1 3|2 5|0")
    assert GAME.to_act(state) == (1,)
    assert GAME.legal_moves(state, 1) == (Play(t("6|6")),)
    with pytest.raises(IllegalMoveError, match=re.escape("the double that gives you the lead, 6|6")):
        GAME.apply(state, 1, Play(t("6|5")))
    with pytest.raises(IllegalMoveError, match="not seat 0's turn"):
        GAME.apply(state, 0, Play(t("5|5")))


def test_failing_the_double_six_the_double_five_leads_and_so_on():
    state = start("5|5 6|1 2|0 3|3 4|1 0|0", "6|4 6|5 4|4 1|1 3|2 5|0")  # 6|6 sleeps
    assert GAME.to_act(state) == (0,)
    assert GAME.legal_moves(state, 0) == (Play(t("5|5")),)
    state = start("6|1 2|0 3|2 4|1 1|0 5|2", "6|4 6|5 1|1 5|3 5|0 3|1", "6|0 5|4 6|2 4|3 4|2 0|0")
    assert GAME.to_act(state) == (1,)  # 1|1 beats 0|0 (6|6 … 2|2 all sleep)
    assert GAME.legal_moves(state, 1) == (Play(t("1|1")),)


def test_if_nobody_holds_a_double_the_tiles_are_shuffled_and_drawn_again():
    state = start("6|5 6|4 6|3 6|2 6|1 6|0", "5|4 5|3 5|2 5|1 5|0 4|3")
    assert state.phase is Phase.DRAW and state.redraws == 1
    assert GAME.to_act(state) == (CHANCE,)
    line = GAME.describe_for(GAME.initial_state(Rules(), 2), CHANCE, draw_of(
        "6|5 6|4 6|3 6|2 6|1 6|0", "5|4 5|3 5|2 5|1 5|0 4|3"), 0)
    assert "Nobody holds a double: the tiles are shuffled and drawn again." in line
    again = GAME.apply(state, CHANCE, draw_of("6|6 6|4 6|3 6|2 6|1 6|0", "5|4 5|3 5|2 5|1 5|0 4|3"))
    assert again.phase is Phase.PLAY and GAME.to_act(again) == (0,)
    assert again.hand_no == 1


# ---- the play ---------------------------------------------------------------------
def test_play_passes_to_the_left_and_tiles_go_on_either_end():
    state = start("6|6 1|0 2|0 3|0 4|0 5|0", "6|5 6|4 1|1 2|1 3|1 4|1", "6|3 6|2 2|2 3|2 4|2 5|2")
    state = play(state, "6|6")
    assert GAME.to_act(state) == (1,) and state.ends == (6, 6)
    legal = GAME.legal_moves(state, 1)
    assert legal == (Play(t("6|4"), L), Play(t("6|4"), R), Play(t("6|5"), L), Play(t("6|5"), R))
    state = play(state, "6|5 left")
    assert state.ends == (5, 6) and GAME.to_act(state) == (2,)
    state = play(state, "6|3 right")
    assert state.ends == (5, 3) and GAME.to_act(state) == (0,)
    state = play(state, "5|0 on 5")
    assert state.ends == (0, 3)
    assert [p.tile for p in state.left] == [t("6|5"), t("5|0")]
    assert [p.outer for p in state.left] == [5, 0]


def test_a_player_who_can_play_must_and_a_knock_is_refused_with_the_tiles_that_fit():
    state = play(start("6|6 1|0 2|0 3|0 4|0 5|0", "6|5 6|4 1|1 2|1 3|1 4|1"), "6|6")
    before = state
    with pytest.raises(IllegalMoveError, match=re.escape("a player who can play must: 6|5, 6|4 fit")):
        GAME.apply(state, 1, Knock())
    assert state == before


def test_a_player_who_cannot_play_knocks_and_everyone_sees_the_numbers_knocked_on():
    state = play(start("6|6 6|5 1|0 2|0 3|0 4|0", "5|5 4|4 1|1 2|1 3|1 4|1"), "6|6")
    assert GAME.legal_moves(state, 1) == (Knock(),)
    with pytest.raises(IllegalMoveError, match="does not fit the left end, which shows 6"):
        GAME.apply(state, 1, Play(t("4|4"), L))
    state = play(state, "knock")
    assert GAME.to_act(state) == (0,)
    assert GAME.view(state, 0).knocked == (frozenset(), frozenset({6}))
    assert GAME.view(state, None).knocked[1] == {6}
    assert GAME.describe_for(before_knock(), 1, Knock(), 0, ["Ann", "Bob"]) == "Bob knocks: no tile with 6."
    assert GAME.view(state, 0).to_json()["knocked"] == [[], [6]]


def before_knock() -> State:
    return play(start("6|6 6|5 1|0 2|0 3|0 4|0", "5|5 4|4 1|1 2|1 3|1 4|1"), "6|6")


def test_refusals_name_the_reason_and_change_nothing():
    state = position(["5|3 2|2", "4|4 1|0"], "6|6", left="6|5", right="6|1")
    assert state.ends == (5, 1)
    before = state
    for move, reason in [(Play(t("4|4"), L), "you do not hold 4|4"),
                         (Play(t("2|2"), L), "2|2 does not fit the left end, which shows 5"),
                         (Play(t("5|3"), R), "5|3 does not fit the right end, which shows 1")]:
        with pytest.raises(IllegalMoveError, match=re.escape(reason)):
            GAME.apply(state, 0, move)
        assert state == before
    with pytest.raises(IllegalMoveError, match="not seat 1's turn"):
        GAME.apply(state, 1, Play(t("1|0"), R))


def test_stitching_up_both_ends_is_said():
    state = position(["5|1 3|3", "4|4 2|1"], "6|6", left="6|5", right="6|1")
    after = play(state, "5|1 left")
    assert after.phase is Phase.PLAY
    assert after.ends == (1, 1)
    assert after.events[-1].stitched
    assert GAME.view(after, 1).stitched
    line = GAME.describe_for(state, 0, Play(t("5|1"), L), 1, ["Ann", "Bob"])
    assert line == "Ann plays 5|1 on the 5 (left); both ends show 1. Stitched up: both ends show 1!"
    other = play(position(["5|2 3|3", "4|4 2|0"], "6|6", left="6|5", right="6|1"), "5|2 left")
    assert not other.events[-1].stitched


# ---- the end of a hand ------------------------------------------------------------
def test_chipping_out_scores_the_spots_left_in_the_losers_hands():
    state = position(["5|3", "4|4 2|0"], "6|6", left="6|5", right="6|1")
    after = play(state, "5|3")
    result = after.sheet[-1]
    assert result.ending is Ending.CHIP_OUT and result.chipped == 0 and result.winner == 0
    assert result.points == 10 and after.scores == (10, 0)
    assert after.phase is Phase.DRAW and after.hand_no == 2 and GAME.to_act(after) == (CHANCE,)
    assert result.left == ((), (t("2|0"), t("4|4")))
    line = GAME.describe_for(state, 0, Play(t("5|3"), L), 1, ["Ann", "Bob"])
    assert "Ann chips out! Ann wins the hand and scores 10 points (spots left: Bob 10)." in line


def test_a_blocked_hand_is_won_by_the_fewest_spots_and_scores_the_difference():
    # 6|6 led; Bob cannot go; Ann plays 6|5; Bob must play 5|5; nobody holds a 5 or a 6.
    state = start("6|6 6|5 0|0 1|0 1|1 2|0", "5|5 4|4 3|3 4|3 2|1 2|2")
    state = play(state, "6|6", "knock", "6|5 left", "5|5")
    result = state.sheet[-1]
    assert result.ending is Ending.BLOCKED and result.chipped is None
    assert result.totals == (5, 28) and result.winner == 0
    assert result.points == 23 and state.scores == (23, 0)


def test_a_blocked_hand_can_score_all_the_losers_spots():
    rules = Rules(blocked=Blocked.LOSERS)
    state = start("6|6 6|5 0|0 1|0 1|1 2|0", "5|5 4|4 3|3 4|3 2|1 2|2", rules=rules)
    state = play(state, "6|6", "knock", "6|5 left", "5|5")
    assert state.sheet[-1].points == 28 and state.scores == (28, 0)


def test_a_blocked_hand_with_the_fewest_spots_tied_is_drawn_and_nobody_scores():
    state = start("6|6 6|5 4|4 3|3 2|2 1|1", "5|5 4|3 4|2 3|2 2|0 0|0")
    state = play(state, "6|6", "knock", "6|5 left", "5|5")
    result = state.sheet[-1]
    assert result.ending is Ending.DRAWN and result.winner is None and result.points == 0
    assert result.totals == (20, 20) and state.scores == (0, 0)
    assert state.phase is Phase.DRAW and state.hand_no == 2


def test_partners_spots_are_added_in_a_blocked_hand():
    # Seats 0 and 2 against 1 and 3.  After 6|6 and 6|5 the ends are 5 and 6; 5|5 is played and
    # nobody holds another 5 or 6.
    hands = ["4|4", "3|3 2|0", "1|0 5|5", "2|2 3|0"]
    state = position(hands, "6|6", left="6|5", current=2)
    state = play(state, "5|5")
    result = state.sheet[-1]
    assert result.ending is Ending.BLOCKED
    assert result.totals == (8 + 1, 8 + 7)  # 4|4 + 1|0 against 3|3 2|0 + 2|2 3|0
    assert result.winner == 0 and result.points == 6 and state.scores == (6, 0)
    assert GAME.winners(state) == ()  # the game goes on


def test_in_partnerships_one_chipping_out_wins_for_both():
    state = position(["5|3", "4|4 2|0", "1|0 6|0", "2|2 3|0"], "6|6", left="6|5", right="6|1")
    after = play(state, "5|3")
    result = after.sheet[-1]
    assert result.winner == 0 and result.points == 10 + 7
    assert after.scores == (17, 0)


def test_both_partners_must_chip_out_as_an_option():
    rules = Rules(both_chip_out=True)
    state = position(["5|3", "4|4 2|0", "1|0 6|0", "2|2 3|0"], "6|6", left="6|5", right="6|1",
                     rules=rules)
    state = play(state, "5|3")
    assert state.phase is Phase.PLAY and state.out == (True, False, False, False)
    assert GAME.to_act(state) == (1,) and state.ends == (3, 1)
    state = play(state, "knock", "1|0", "3|0 left")  # Bob knocks, Cat 1|0 on the 1, Dan 3|0 on the 3
    assert state.ends == (0, 0)
    assert GAME.to_act(state) == (1,)  # Ann is out and is passed over: Bob
    state = play(state, "2|0")
    assert GAME.to_act(state) == (2,)  # Cat (Ann, out, is skipped after Dan in the next round)
    state = play(state, "6|0")
    result = state.sheet[-1]
    assert result.ending is Ending.CHIP_OUT and result.chipped == 2 and result.winner == 0
    assert result.points == 8 + 4  # Bob's 4|4, Dan's 2|2


def test_without_the_option_play_skips_nobody_and_the_first_out_ends_the_hand():
    state = position(["5|3", "4|4 2|0", "1|0 6|0", "2|2 3|0"], "6|6", left="6|5", right="6|1")
    assert play(state, "5|3").phase is Phase.DRAW


def test_three_players_blocked_each_loser_pays_their_difference():
    hands = ["1|0", "3|3", "2|2 5|5"]
    state = play(position(hands, "6|6", left="6|5", current=2), "5|5")
    result = state.sheet[-1]
    assert result.ending is Ending.BLOCKED and result.totals == (1, 6, 4)
    assert result.winner == 0 and result.points == (6 - 1) + (4 - 1)
    losers = play(position(hands, "6|6", left="6|5", current=2, rules=Rules(blocked=Blocked.LOSERS)), "5|5")
    assert losers.sheet[-1].points == 10


# ---- scoring and the target ------------------------------------------------------
def test_a_point_a_hand():
    rules = Rules(scoring=Scoring.POINT, target=3)
    state = position(["5|3", "4|4 2|0"], "6|6", left="6|5", right="6|1", rules=rules)
    after = play(state, "5|3")
    assert after.sheet[-1].points == 1 and after.scores == (1, 0)
    blocked = start("6|6 6|5 0|0 1|0 1|1 2|0", "5|5 4|4 3|3 4|3 2|1 2|2", rules=rules)
    blocked = play(blocked, "6|6", "knock", "6|5 left", "5|5")
    assert blocked.sheet[-1].points == 1


def test_the_game_ends_when_a_side_reaches_the_target():
    state = position(["5|3", "4|4 2|0"], "6|6", left="6|5", right="6|1", scores=(95, 40))
    after = play(state, "5|3")
    assert after.phase is Phase.OVER and after.winner == 0 and after.scores == (105, 40)
    assert GAME.to_act(after) == () and GAME.winners(after) == (0,)
    assert GAME.returns(after) == (65.0, -65.0)
    assert "Player 1 reaches 100 points and wins the game." in GAME.describe_for(
        state, 0, Play(t("5|3"), L), 0)
    short = position(["5|3", "4|4 2|0"], "6|6", left="6|5", right="6|1", scores=(80, 40))
    assert play(short, "5|3").phase is Phase.DRAW  # 90: not yet


def test_partners_win_the_game_together():
    state = position(["5|3", "4|4 2|0", "1|0 6|0", "2|2 3|0"], "6|6", left="6|5", right="6|1",
                     scores=(110, 0), rules=Rules(target=121))
    after = play(state, "5|3")
    assert after.winner == 0 and GAME.winners(after) == (0, 2)
    assert GAME.result_text(after, ["Ann", "Bob", "Cat", "Dan"]) == (
        "Ann and Cat win (Ann and Cat: 127, Bob and Dan: 0).")


def test_presets_and_rule_checks():
    presets = GAME.presets()
    assert presets["manual"] == Rules() and presets["cribbage"].target == 121
    assert presets["a-point-a-hand"].scoring is Scoring.POINT
    for players in (1, 5):
        with pytest.raises(RulesError, match="two to four players"):
            GAME.initial_state(Rules(), players)
    with pytest.raises(RulesError, match="hand_size must be 6 or 7"):
        GAME.initial_state(Rules(hand_size=8), 2)
    with pytest.raises(RulesError, match="target must be at least 1"):
        GAME.initial_state(Rules(target=0), 2)


def test_three_or_four_players_can_play_each_for_themselves():
    state = GAME.initial_state(Rules(partnerships=False), 4)
    assert state.scores == (0, 0, 0, 0)
    assert GAME.initial_state(Rules(), 3).scores == (0, 0, 0)
    assert GAME.initial_state(Rules(), 4).scores == (0, 0)


# ---- notation ----------------------------------------------------------------------
def test_tiles_are_read_in_either_order_and_written_high_first():
    assert Tile.parse("4-6") == Tile.parse("6|4") == Tile.parse("64") == Tile.parse("6:4") == Tile(6, 4)
    assert str(Tile(3, 0)) == "3|0"
    for bad in ("7|1", "6|", "x", "6|4|2", ""):
        with pytest.raises(InvalidMoveError):
            Tile.parse(bad)


def test_a_bare_tile_goes_where_it_fits_and_asks_when_it_fits_both_ends():
    state = position(["5|3 6|1 5|1 4|4", "2|2"], "6|6", left="6|5", right="6|1")
    assert state.ends == (5, 1)
    assert GAME.parse_move(state, 0, "5|3") == Play(t("5|3"), L)
    assert GAME.parse_move(state, 0, "6|1") == Play(t("6|1"), R)
    with pytest.raises(AmbiguousMoveError, match=r"5\|1 left \(on the 5\) or 5\|1 right \(on the 1\)"):
        GAME.parse_move(state, 0, "5|1")
    assert GAME.parse_move(state, 0, "5|1 on 1") == Play(t("5|1"), R)
    assert GAME.parse_move(state, 0, "1-5 L") == Play(t("5|1"), L)
    with pytest.raises(IllegalMoveError, match=re.escape("4|4 fits neither end: the ends show 5 and 1")):
        GAME.parse_move(state, 0, "4|4")
    with pytest.raises(IllegalMoveError, match=re.escape("you do not hold 2|2")):
        GAME.parse_move(state, 0, "2|2")
    with pytest.raises(IllegalMoveError, match="no end shows 3"):
        GAME.parse_move(state, 0, "5|3 on 3")
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(state, 0, "5|3 sideways")


def test_with_both_ends_the_same_a_bare_tile_goes_on_the_shorter_arm():
    state = position(["5|3", "2|2"], "6|6", left="6|5 5|1", right="6|1")
    assert state.ends == (1, 1)
    state = position(["1|3", "2|2"], "6|6", left="6|5 5|1", right="6|1")
    assert GAME.parse_move(state, 0, "3|1") == Play(t("3|1"), R)


def test_every_legal_move_round_trips_through_its_text():
    rng = random.Random(5)
    for players in (2, 3, 4):
        state = GAME.initial_state(Rules(target=20), players)
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if seat == CHANCE:
                outcome = GAME.sample_chance(state, rng)
                text = GAME.format_outcome(state, outcome)
                assert GAME.parse_outcome(state, text) == outcome
                state = GAME.apply(state, CHANCE, outcome)
                continue
            for move in GAME.legal_moves(state, seat):
                assert notation_round_trip(state, seat, move)
            state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))


def notation_round_trip(state: State, seat: int, move: Knock | Play) -> bool:
    return GAME.parse_move(state, seat, GAME.format_move(state, seat, move)) == move and eval(repr(move), {
        "Play": Play, "Knock": Knock, "Tile": Tile, "End": End}) == move


# ---- what each player may see --------------------------------------------------------
def test_views_show_your_own_tiles_and_only_counts_of_the_others():
    state = start("6|6 1|0 2|0 3|0 4|0 5|0", "6|5 6|4 1|1 2|1 3|1 4|1")
    view = GAME.view(state, 0)
    assert view.hand == tuple(sorted(parse_tiles("6|6 1|0 2|0 3|0 4|0 5|0"), reverse=True))
    assert view.hand_sizes == (6, 6) and view.sleeping == 16
    text = str(view.to_json())
    for tile in ("6|5", "6|4", "1|1", "2|1", "3|1", "4|1"):
        assert f"'{tile}'" not in text
    spectator = GAME.view(state, None)
    assert spectator.hand is None
    assert "'6|6'" not in str(spectator.to_json())


def test_the_deal_is_told_to_each_player_only_as_their_own_tiles():
    state = GAME.initial_state(Rules(), 2)
    draw = draw_of("6|6 1|0 2|0 3|0 4|0 5|0", "6|5 6|4 1|1 2|1 3|1 4|1")
    mine = GAME.describe_for(state, CHANCE, draw, 1, ["Ann", "Bob"])
    assert "You draw 6|5 6|4 4|1 3|1 2|1 1|1." in mine
    assert "6|6" not in mine.replace("the highest double, 6|6", "")
    assert "Ann holds the highest double, 6|6, and leads." in mine
    spectator = GAME.describe_for(state, CHANCE, draw, None, ["Ann", "Bob"])
    assert "5|0" not in spectator and "6|5" not in spectator


def test_the_end_of_a_hand_shows_everyones_tiles_left():
    after = play(position(["5|3", "4|4 2|0"], "6|6", left="6|5", right="6|1"), "5|3")
    sheet = GAME.view(after, 0).to_json()["sheet"]
    assert sheet[-1]["left"] == [[], ["2|0", "4|4"]] and sheet[-1]["points"] == 10


def test_the_hidden_tiles_can_be_dealt_anew_without_changing_a_view():
    state = start("6|6 1|0 2|0 3|0 4|0 5|0", "6|5 6|4 1|1 2|1 3|1 4|1")
    other = GAME.resample_hidden(state, 0, random.Random(1))
    assert other.hands[0] == state.hands[0] and other.hands[1] != state.hands[1]
    assert GAME.view(other, 0) == GAME.view(state, 0)
    assert tiles_of(other.hands[1] | other.sleeping) == tiles_of(state.hands[1] | state.sleeping)


def test_hidden_tiles_dealt_anew_respect_the_knocks_and_the_lead():
    # Bob knocked on 6: he can be dealt no tile with a 6; Ann led 5|5, so 6|6 sleeps.
    state = play(start("5|5 5|4 1|0 2|0 3|0 4|0", "5|3 4|4 1|1 2|1 3|1 2|2"), "5|5")
    state = dataclasses.replace(state, events=(*state.events, Event(1, None, None, (6, 6))))
    sixes = mask_of([t for t in double_six_set() if t.has(6)])
    for k in range(200):
        other = GAME.resample_hidden(state, 0, random.Random(k))
        assert GAME.view(other, 0) == GAME.view(state, 0)
        assert not other.hands[1] & sixes
        assert other.sleeping >> t("6|6").index & 1
