"""Shut the Box: the text people type and records store, log sentences, and records
that replay (bots playing whole games through the driver)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.agents import make_bot
from parlour.core.driver import play as drive
from parlour.core.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    RecordError,
)
from parlour.core.protocol import CHANCE
from parlour.core.record import Record
from parlour.core.rng import make_rng
from parlour.games.shut_the_box import (
    GAME,
    Flip,
    Mode,
    OneDie,
    Rules,
    Scoring,
    State,
    Throw,
)

# ---- helpers -------------------------------------------------------------------


def new(players: int = 1, **rules: object) -> State:
    return GAME.initial_state(Rules(**rules), players)


def play(state: State, script: Iterable[str | tuple[int, str]]) -> State:
    """Play ``script`` through ``parse_action`` and ``apply`` (see test_rules.py)."""
    for step in script:
        seat, text = step if isinstance(step, tuple) else (GAME.to_act(state)[0], step)
        state = GAME.apply(state, seat, GAME.parse_action(state, seat, text))
    return state


def parse(text: str, state: State | None = None, seat: int = 0) -> object:
    return GAME.parse_move(new() if state is None else state, seat, text)


COVER_789 = ["roll 2", "3,6", "9", "roll 2", "2,6", "8", "roll 2", "1,6", "7"]
"""After this a 9-tile box may throw one die or two."""


# ---- throws -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("roll 2", Throw(2)),
        ("roll 1", Throw(1)),
        ("ROLL 2", Throw(2)),
        ("  Roll 1  ", Throw(1)),
        ("roll2", Throw(2)),
    ],
)
def test_roll_with_a_count(text: str, move: Throw) -> None:
    assert parse(text) == move


def test_bare_roll_means_the_only_throw_allowed() -> None:
    state = new()
    assert GAME.legal_moves(state, 0) == (Throw(2),)
    assert parse("roll", state) == Throw(2)


def test_bare_roll_is_ambiguous_when_one_die_is_allowed() -> None:
    state = play(new(), COVER_789)
    assert GAME.legal_moves(state, 0) == (Throw(1), Throw(2))
    with pytest.raises(AmbiguousMoveError, match=r"roll 1.*roll 2"):
        parse("roll", state)
    assert issubclass(AmbiguousMoveError, InvalidMoveError)
    assert parse("roll 1", state) == Throw(1)
    assert parse("roll 2", state) == Throw(2)


@pytest.mark.parametrize("text", ["roll 3", "roll 0", "roll 12"])
def test_roll_counts_other_than_one_or_two_are_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="one die or two"):
        parse(text)


def test_roll_1_reads_even_when_the_rules_forbid_it_and_apply_refuses_it() -> None:
    state = new()
    move = parse("roll 1", state)
    assert move == Throw(1)
    with pytest.raises(IllegalMoveError, match="both dice"):
        GAME.apply(state, 0, move)


# ---- tiles ------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["7+1", "1+7", "1 7", "7 1", "7,1", "1, 7", "7 & 1", "1&7",
                                  " 7 + 1 ", "7  1"])
def test_tile_separators_and_order(text: str) -> None:
    assert parse(text) == Flip((7, 1))


@pytest.mark.parametrize(
    ("text", "tiles"),
    [("8", (8,)), ("5+2+1", (5, 2, 1)), ("1 3 4", (4, 3, 1)), ("4,2 & 1", (4, 2, 1))],
)
def test_tile_sets(text: str, tiles: tuple[int, ...]) -> None:
    assert parse(text) == Flip(tiles)


@pytest.mark.parametrize(
    ("size", "text", "tiles"),
    [(10, "10", (10,)), (10, "9+1", (9, 1)), (12, "12", (12,)), (12, "1+11", (11, 1))],
)
def test_high_tiles_on_bigger_boxes(size: int, text: str, tiles: tuple[int, ...]) -> None:
    assert parse(text, new(tiles=size)) == Flip(tiles)


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Throw(2), "roll 2"),
        (Throw(1), "roll 1"),
        (Flip((1, 7)), "7+1"),
        (Flip((7, 1)), "7+1"),
        (Flip((8,)), "8"),
        (Flip((1, 2, 5)), "5+2+1"),
        (Flip((12, 10)), "12+10"),
    ],
)
def test_format_is_canonical(move: Throw | Flip, text: str) -> None:
    assert GAME.format_move(new(tiles=12), 0, move) == text


def test_flip_keeps_tiles_highest_first() -> None:
    assert Flip((1, 7)) == Flip((7, 1))
    assert Flip((1, 7)).tiles == (7, 1)


@pytest.mark.parametrize(
    ("size", "text", "words"),
    [
        (9, "7+7", "named twice"),
        (9, "1 1", "named twice"),
        (9, "10", "no tile 10 in a box of 9"),
        (9, "8+10", "no tile 10 in a box of 9"),
        (10, "11", "no tile 11 in a box of 10"),
        (12, "13", "no tile 13 in a box of 12"),
        (9, "0", "no tile 0"),
    ],
)
def test_bad_tiles_are_invalid(size: int, text: str, words: str) -> None:
    with pytest.raises(InvalidMoveError, match=words):
        parse(text, new(tiles=size))


@pytest.mark.parametrize(
    "text",
    ["", "   ", "abc", "seven", "7+x", "-1", "7-1", "7.5", "1/2", "rolls", "roll two",
     "roll -1", "roll 2 2", "flip 7"],
)
def test_garbage_is_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse(text)


@pytest.mark.parametrize("text", ["²", "7+²", "٢", "7,,1", "+7", "7+"])
def test_non_ascii_digits_and_stray_separators_are_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse(text)


def test_parse_reads_tiles_that_apply_then_refuses() -> None:
    state = play(new(), ["roll 2", "3,4", "7", "roll 2", "3,5"])
    move = parse("7+1", state)
    assert move == Flip((7, 1))
    with pytest.raises(IllegalMoveError, match="7 is already covered"):
        GAME.apply(state, 0, move)


# ---- dice -------------------------------------------------------------------------


def test_dice_text() -> None:
    two = GAME.apply(new(), 0, Throw(2))
    assert GAME.parse_outcome(two, "3,5") == (3, 5)
    assert GAME.parse_outcome(two, "5 3") == (3, 5)
    assert GAME.parse_action(two, CHANCE, "5,3") == (3, 5)
    assert GAME.format_outcome(two, (3, 5)) == "3,5"
    one = GAME.apply(play(new(), COVER_789), 0, Throw(1))
    assert GAME.parse_outcome(one, "4") == (4,)
    assert GAME.format_outcome(one, (4,)) == "4"


@pytest.mark.parametrize(
    ("text", "words"),
    [("4", "expected 2 dice"), ("3,5,6", "expected 2 dice"), ("0,3", "die face"),
     ("7,1", "die face"), ("", "no dice"), ("a,b", "die face")],
)
def test_bad_dice_are_invalid(text: str, words: str) -> None:
    two = GAME.apply(new(), 0, Throw(2))
    with pytest.raises(InvalidMoveError, match=words):
        GAME.parse_outcome(two, text)


def test_dice_text_when_nothing_is_thrown_is_invalid() -> None:
    with pytest.raises(InvalidMoveError, match="no dice"):
        GAME.parse_outcome(new(), "3,5")


def test_superscript_dice_are_invalid() -> None:
    two = GAME.apply(new(), 0, Throw(2))
    with pytest.raises(InvalidMoveError):
        GAME.parse_outcome(two, "²,3")


# ---- round trip, for every legal move in random states ---------------------------------

MODE_PLAYERS = {Mode.ROUND: (1, 4), Mode.LONG: (2, 2), Mode.CUMULATIVE: (2, 4),
                Mode.SIMULTANEOUS: (1, 4)}


@st.composite
def rules_and_players(draw: st.DrawFn) -> tuple[Rules, int]:
    mode = draw(st.sampled_from(list(Mode)))
    rules = Rules(
        tiles=draw(st.sampled_from([9, 10, 12])),
        one_die=draw(st.sampled_from(list(OneDie))),
        scoring=draw(st.sampled_from(list(Scoring))),
        mode=mode,
        stake=draw(st.integers(0, 3)),
        rounds=draw(st.integers(1, 3)),
        drop_out_at=draw(st.integers(20, 60)),
    )
    low, high = MODE_PLAYERS[mode]
    return rules, draw(st.integers(low, high))


def check_notation_round_trips(state: State) -> None:
    actors = GAME.to_act(state)
    if actors == (CHANCE,):
        for outcome in GAME.possible_outcomes(state):
            text = GAME.format_outcome(state, outcome)
            assert GAME.parse_action(state, CHANCE, text) == outcome
        return
    for seat in actors:
        legal = GAME.legal_moves(state, seat)
        texts = [GAME.format_move(state, seat, m) for m in legal]
        assert len(set(texts)) == len(texts)
        for move, text in zip(legal, texts, strict=True):
            assert GAME.parse_move(state, seat, text) == move
            assert GAME.parse_action(state, seat, text) == move
        if isinstance(legal[0], Throw):
            if len(legal) == 1:
                assert GAME.parse_move(state, seat, "roll") == legal[0]
            else:
                with pytest.raises(AmbiguousMoveError):
                    GAME.parse_move(state, seat, "roll")


@settings(max_examples=60, deadline=None)
@given(setup=rules_and_players(), data=st.data())
def test_every_legal_move_round_trips(setup: tuple[Rules, int], data: st.DataObject) -> None:
    rules, players = setup
    state = GAME.initial_state(rules, players)
    for _ in range(data.draw(st.integers(0, 80), label="steps")):
        actors = GAME.to_act(state)
        if not actors:
            break
        check_notation_round_trips(state)
        if actors == (CHANCE,):
            seat = CHANCE
            choices = list(GAME.possible_outcomes(state))
        else:
            seat = data.draw(st.sampled_from(actors), label="seat")
            choices = list(GAME.legal_moves(state, seat))
        action = data.draw(st.sampled_from(choices), label="action")
        text = GAME.format_action(state, seat, action)
        state = GAME.apply(state, seat, GAME.parse_action(state, seat, text))


@given(tiles=st.sets(st.integers(1, 12), min_size=1, max_size=12),
       sep=st.sampled_from(["+", " ", ",", " & ", ", ", " + "]))
def test_any_tile_set_reads_in_any_order(tiles: set[int], sep: str) -> None:
    text = sep.join(str(t) for t in sorted(tiles))
    move = parse(text, new(tiles=12))
    assert move == Flip(tuple(tiles))
    assert GAME.format_move(new(tiles=12), 0, move) == "+".join(
        str(t) for t in sorted(tiles, reverse=True))


# ---- log sentences ---------------------------------------------------------------------


def test_describe_throws_and_flips() -> None:
    state = new(2)
    names = ["Ann", "Bob"]
    assert GAME.describe(state, 0, Throw(2), names) == "Ann throws two dice"
    assert GAME.describe(state, 0, Throw(2)) == "Player 1 throws two dice"
    thrown = GAME.apply(state, 0, Throw(2))
    assert GAME.describe(thrown, CHANCE, (3, 5), names) == "Ann throws 3 and 5 (total 8)"
    placed = GAME.apply(thrown, CHANCE, (3, 5))
    assert GAME.describe(placed, 0, Flip((1, 7)), names) == "Ann covers 7 and 1"
    assert GAME.describe(placed, 0, Flip((8,)), names) == "Ann covers 8"


def test_describe_one_die() -> None:
    state = play(new(), COVER_789)
    assert GAME.describe(state, 0, Throw(1)) == "Player 1 throws one die"
    thrown = GAME.apply(state, 0, Throw(1))
    assert GAME.describe(thrown, CHANCE, (4,)) == "Player 1 throws 4"


def test_describe_names_the_thrower_in_simultaneous_play() -> None:
    state = GAME.apply(new(3, mode=Mode.SIMULTANEOUS), 2, Throw(2))
    assert GAME.describe(state, CHANCE, (2, 2), ["A", "B", "C"]) == "C throws 2 and 2 (total 4)"


def test_describe_the_long_games_uncoverer() -> None:
    script = ["roll 2", "3,6", "9", "roll 2", "1,2", "2+1", "roll 2", "1,2", "3", "roll 2", "1,2"]
    state = play(new(2, mode=Mode.LONG), script)
    assert GAME.to_act(state) == (1,)
    state = play(state, ["roll 2", "4,5"])
    assert GAME.describe(state, 1, Flip((9,)), ["Ann", "Bob"]) == "Bob uncovers 9"


def test_move_help_names_the_grammar() -> None:
    text = GAME.move_help()
    for word in ("roll 2", "roll 1", "7+1"):
        assert word in text


# ---- records replay ----------------------------------------------------------------------

RECORD_SETUPS = [
    pytest.param(Rules(), 3, id="round"),
    pytest.param(Rules(tiles=12, stake=2, rounds=2, one_die=OneDie.SEVEN_EIGHT_NINE), 2,
                 id="round-12-stakes"),
    pytest.param(Rules(tiles=10, scoring=Scoring.DIGITS, one_die=OneDie.LOW_TOTAL), 2,
                 id="digits-10"),
    pytest.param(Rules(mode=Mode.LONG, stake=1), 2, id="long"),
    pytest.param(Rules(mode=Mode.CUMULATIVE, drop_out_at=50), 3, id="cumulative"),
    pytest.param(Rules(mode=Mode.SIMULTANEOUS, rounds=2), 4, id="simultaneous"),
    pytest.param(Rules(), 1, id="solo"),
]


@pytest.mark.parametrize(("rules", "players"), RECORD_SETUPS)
@pytest.mark.parametrize("bot", ["random", "greedy", "optimal"])
def test_bot_games_replay_from_their_records(rules: Rules, players: int, bot: str) -> None:
    bots = [make_bot(GAME, bot, rules) for _ in range(players)]
    result = drive(GAME, rules, bots, make_rng(11))
    assert GAME.is_terminal(result.state)
    record = result.record
    assert record.game == "shut-the-box" and len(record.entries) == result.steps
    assert record.final_state() == result.state
    reread = Record.from_jsonl(record.to_jsonl())
    assert reread == record
    assert reread.final_state() == result.state
    states = list(record.states())
    assert states[0] == GAME.initial_state(rules, players)
    assert len(states) == result.steps + 1


def test_same_seed_same_game() -> None:
    rules = Rules(mode=Mode.SIMULTANEOUS)
    one = drive(GAME, rules, [make_bot(GAME, "greedy", rules)] * 3, make_rng(5))
    two = drive(GAME, rules, [make_bot(GAME, "greedy", rules)] * 3, make_rng(5))
    assert one.record == two.record


def test_a_record_stores_the_canonical_text() -> None:
    rules = Rules()
    result = drive(GAME, rules, [make_bot(GAME, "greedy", rules)], make_rng(3))
    state = GAME.initial_state(rules, 1)
    for entry in result.record.entries:
        action = GAME.parse_action(state, entry.seat, entry.action)
        assert GAME.format_action(state, entry.seat, action) == entry.action
        state = GAME.apply(state, entry.seat, action)
    assert state == result.state


def test_a_tampered_record_does_not_replay() -> None:
    rules = Rules()
    result = drive(GAME, rules, [make_bot(GAME, "greedy", rules)] * 2, make_rng(3))
    lines = result.record.to_jsonl().splitlines()
    # line 1 is the header, 2 "roll 2", 3 the dice, 4 the first flip: make it cover 9 twice
    assert '"seat": 0' in lines[3]
    lines[3] = '{"action": "9+9", "seat": 0}'
    with pytest.raises(RecordError, match=r"action 3 .*named twice"):
        Record.from_jsonl("\n".join(lines)).final_state()
    lines[3] = '{"action": "roll 2", "seat": 1}'
    with pytest.raises(RecordError, match="action 3"):
        Record.from_jsonl("\n".join(lines)).final_state()
