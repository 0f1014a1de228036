"""Yahtzee: the text people type and records store, and records that replay."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.agents import make_bot
from parlour.core.driver import play as drive
from parlour.core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, RecordError
from parlour.core.protocol import CHANCE
from parlour.core.record import Record
from parlour.core.rng import make_rng
from parlour.games.yahtzee import GAME, Box, Joker, Roll, Rules, Score, State
from parlour.games.yahtzee import moves as moves_module
from parlour.games.yahtzee.notation import HELP, format_move, parse_box, parse_move


def new(players: int = 1, **rules: object) -> State:
    return GAME.initial_state(Rules(**rules), players)  # type: ignore[arg-type]


def parse(text: str) -> object:
    return GAME.parse_move(new(), 0, text)


# ---- rolls and keeps ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("roll", Roll(())),
        ("  ROLL ", Roll(())),
        ("keep 5 5 3", Roll((3, 5, 5))),
        ("keep 3 5 5", Roll((3, 5, 5))),
        ("keep 553", Roll((3, 5, 5))),
        ("keep 5,5,3", Roll((3, 5, 5))),
        ("keep 5, 5 ,3", Roll((3, 5, 5))),
        ("hold 5 5 3", Roll((3, 5, 5))),
        ("Keep 55 3", Roll((3, 5, 5))),
        ("HOLD 6", Roll((6,))),
        ("keep 1 2 3 4", Roll((1, 2, 3, 4))),
        ("keep 66666", Roll((6, 6, 6, 6, 6))),  # read; apply refuses it (see below)
    ],
)
def test_rolls_and_keeps(text: str, move: Roll) -> None:
    assert parse(text) == move


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Roll(()), "roll"),
        (Roll((3, 5, 5)), "keep 5 5 3"),
        (Roll((5, 3, 5)), "keep 5 5 3"),
        (Roll((6, 6, 3)), "keep 6 6 3"),
        (Roll((1,)), "keep 1"),
        (Roll((1, 2, 3, 4)), "keep 4 3 2 1"),
    ],
)
def test_keeps_are_written_highest_first(move: Roll, text: str) -> None:
    assert GAME.format_move(new(), 0, move) == text


def test_keep_stores_values_lowest_first() -> None:
    assert Roll((5, 3, 5)) == Roll((3, 5, 5))
    assert Roll((5, 3, 5)).keep == (3, 5, 5)
    assert Roll((5, 3, 5)).rolling == 2


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("keep 7", "'7' is not a die face"),
        ("keep 5 0", "'0' is not a die face"),
        ("keep 5 5 5 5 5 5", "only 5 dice, not 6"),
        ("keep 555555", "only 5 dice, not 6"),
        ("keep", "keep which dice"),
        ("keep   ", "keep which dice"),
        ("keep 5,,3", "stray comma"),
        ("keep 5,", "stray comma"),
        ("keep ,5", "stray comma"),
        ("keep 5 x", "'x' is not a die face"),
        ("keep 5.5", "'.' is not a die face"),
        ("keep -5", "'-' is not a die face"),
        ("keep ²", "not a die face"),
        ("keep \u0665", "not a die face"),  # an Arabic-Indic 5
        ("roll 2", "name the dice to keep"),
        ("roll 5 5", "name the dice to keep"),
        ("roll all", "name the dice to keep"),
    ],
)
def test_bad_keeps_are_invalid(text: str, words: str) -> None:
    with pytest.raises(InvalidMoveError, match=words):
        parse(text)


def test_keeping_all_five_reads_but_is_not_allowed() -> None:
    state = GAME.apply(GAME.apply(new(), 0, Roll(())), CHANCE, (6, 6, 6, 6, 6))
    move = GAME.parse_move(state, 0, "keep 6 6 6 6 6")
    with pytest.raises(IllegalMoveError, match="keeping all five dice rolls nothing"):
        GAME.apply(state, 0, move)


def test_parse_reads_keeps_that_apply_then_refuses() -> None:
    state = GAME.apply(GAME.apply(new(), 0, Roll(())), CHANCE, (1, 2, 3, 3, 5))
    move = GAME.parse_move(state, 0, "keep 6")
    assert move == Roll((6,))
    with pytest.raises(IllegalMoveError, match=r"you cannot keep a 6: the dice are 1,2,3,3,5"):
        GAME.apply(state, 0, move)


# ---- boxes ------------------------------------------------------------------------------

ALIASES = {
    Box.ONES: ["ones", "aces", "1s", "1's", "score ones", "Score Aces", "ONES"],
    Box.TWOS: ["twos", "2s", "2's", "score 2s"],
    Box.THREES: ["threes", "3s", "score threes"],
    Box.FOURS: ["fours", "4s", "score fours", "score 4's", "  Fours  "],
    Box.FIVES: ["fives", "5s"],
    Box.SIXES: ["sixes", "6s", "score   sixes"],
    Box.THREE_KIND: ["3kind", "3k", "three of a kind", "Three-of-a-kind", "3 of a kind",
                     "score 3kind", "3oak"],
    Box.FOUR_KIND: ["4kind", "4k", "four of a kind", "Four-Of-A-Kind", "score 4 of a kind"],
    Box.FULL_HOUSE: ["house", "fh", "full house", "Full House", "fullhouse", "score full_house",
                     "FH"],
    Box.SMALL_STRAIGHT: ["small", "ss", "small straight", "score small-straight"],
    Box.LARGE_STRAIGHT: ["large", "ls", "large straight", "LS"],
    Box.YAHTZEE: ["yahtzee", "y", "Y", "score yahtzee", "YAHTZEE"],
    Box.CHANCE: ["chance", "c", "score chance"],
}


@pytest.mark.parametrize(("box", "text"), [(b, t) for b, ts in ALIASES.items() for t in ts])
def test_box_names_and_aliases(box: Box, text: str) -> None:
    assert parse(text) == Score(box)


@pytest.mark.parametrize("box", list(Box))
def test_scores_are_written_with_the_canonical_box_name(box: Box) -> None:
    text = GAME.format_move(new(), 0, Score(box))
    assert text == f"score {box.value}"
    assert parse(text) == Score(box)
    assert parse(box.value) == Score(box)


def test_canonical_names() -> None:
    assert " ".join(b.value for b in Box) == (
        "ones twos threes fours fives sixes 3kind 4kind house small large yahtzee chance")


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("score banana", InvalidMoveError, "no box called 'banana'"),
        ("banana", InvalidMoveError, "not a move"),
        ("", InvalidMoveError, "no move given"),
        ("   ", InvalidMoveError, "no move given"),
        ("score", InvalidMoveError, "score which box"),
        ("score 5", InvalidMoveError, "'5' is not a box: type 'fives'"),
        ("score straight", AmbiguousMoveError, "'small' or 'large'"),
        ("straight", AmbiguousMoveError, "'small' or 'large'"),
        ("of a kind", AmbiguousMoveError, "'3kind' or '4kind'"),
        ("5", AmbiguousMoveError, "the Fives box or keeping a 5"),
        ("3", AmbiguousMoveError, "'score threes' or 'keep 3'"),
        ("7", InvalidMoveError, "not a move"),
        ("553", InvalidMoveError, "not a move"),
        ("keep553", InvalidMoveError, "not a move"),
        ("rolls", InvalidMoveError, "not a move"),
        ("scorefours", InvalidMoveError, "not a move"),
        ("score fours please", InvalidMoveError, "no box called"),
        ("fours fives", InvalidMoveError, "not a move"),
        ("this is not a move ###", InvalidMoveError, "not a move"),
    ],
)
def test_strict_refusals(text: str, error: type[InvalidMoveError], words: str) -> None:
    with pytest.raises(error, match=words) as info:
        parse(text)
    assert type(info.value) is error


def test_ambiguous_is_a_kind_of_invalid() -> None:
    assert issubclass(AmbiguousMoveError, InvalidMoveError)
    with pytest.raises(AmbiguousMoveError):
        parse_box("straight")


def test_help_names_every_box() -> None:
    assert GAME.move_help() == HELP
    for box in Box:
        assert box.value in HELP
    assert "keep 6 6 3" in HELP and "roll" in HELP


# ---- dice --------------------------------------------------------------------------------


def test_dice_text() -> None:
    five = GAME.apply(new(), 0, Roll(()))
    assert GAME.parse_outcome(five, "5,3,1,6,6") == (1, 3, 5, 6, 6)
    assert GAME.parse_outcome(five, "1 3 5 6 6") == (1, 3, 5, 6, 6)
    assert GAME.parse_action(five, CHANCE, "6,6,6,6,6") == (6, 6, 6, 6, 6)
    assert GAME.format_outcome(five, (1, 3, 5, 6, 6)) == "1,3,5,6,6"
    two = GAME.apply(GAME.apply(five, CHANCE, (1, 3, 5, 6, 6)), 0, Roll((5, 6, 6)))
    assert GAME.parse_outcome(two, "4,2") == (2, 4)
    assert GAME.format_outcome(two, (2, 4)) == "2,4"


@pytest.mark.parametrize(
    ("text", "words"),
    [("1,2,3,4", "expected 5 dice, got 4"), ("1,2,3,4,5,6", "expected 5 dice, got 6"),
     ("0,1,2,3,4", "die face"), ("7,1,2,3,4", "die face"), ("", "no dice"),
     ("a,b,c,d,e", "die face"), ("²,1,2,3,4", "die face")],
)
def test_bad_dice_are_invalid(text: str, words: str) -> None:
    five = GAME.apply(new(), 0, Roll(()))
    with pytest.raises(InvalidMoveError, match=words):
        GAME.parse_outcome(five, text)


def test_dice_text_when_nothing_is_rolled_is_invalid() -> None:
    with pytest.raises(InvalidMoveError, match="no dice are being rolled"):
        GAME.parse_outcome(new(), "1,2,3,4,5")


# ---- round trips ---------------------------------------------------------------------------


def test_repr_is_pasteable() -> None:
    for move in (Roll(()), Roll((3, 5, 5)), Score(Box.FULL_HOUSE), Score(Box.ONES)):
        assert eval(repr(move), vars(moves_module)) == move
    assert repr(Roll((5, 3, 5))) == "Roll((3, 5, 5))"
    assert repr(Score(Box.SMALL_STRAIGHT)) == "Score(Box.SMALL_STRAIGHT)"


keeps = st.lists(st.integers(1, 6), min_size=0, max_size=5)


@given(values=keeps, data=st.data())
def test_any_keep_round_trips_in_any_spelling(values: list[int], data: st.DataObject) -> None:
    move = Roll(tuple(values))
    text = format_move(move)
    assert parse_move(text) == move
    assert format_move(parse_move(text)) == text
    if values:
        shuffled = data.draw(st.permutations(values), label="order")
        sep = data.draw(st.sampled_from([" ", ",", ", ", "  ", ""]), label="separator")
        verb = data.draw(st.sampled_from(["keep", "hold", "KEEP", "Hold"]), label="verb")
        assert parse_move(f"{verb} {sep.join(map(str, shuffled))}") == move


@given(box=st.sampled_from(list(Box)), prefix=st.sampled_from(["", "score ", "SCORE ", "Score  "]))
def test_any_box_round_trips(box: Box, prefix: str) -> None:
    assert parse_move(prefix + box.value) == Score(box)
    assert parse_move(format_move(Score(box))) == Score(box)


@given(text=st.text(max_size=20))
def test_parsing_never_fails_except_with_invalid_move_error(text: str) -> None:
    try:
        move = parse_move(text)
    except InvalidMoveError:
        return
    assert parse_move(format_move(move)) == move


def check_round_trips(state: State) -> None:
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
            assert GAME.parse_action(state, seat, text) == move


@settings(max_examples=40, deadline=None)
@given(joker=st.sampled_from(list(Joker)), fifty=st.booleans(), players=st.integers(1, 3),
       data=st.data())
def test_every_legal_move_round_trips(joker: Joker, fifty: bool, players: int,
                                      data: st.DataObject) -> None:
    state = GAME.initial_state(Rules(joker=joker, bonus_needs_fifty=fifty), players)
    for _ in range(data.draw(st.integers(0, 120), label="steps")):
        actors = GAME.to_act(state)
        if not actors:
            break
        check_round_trips(state)
        if actors == (CHANCE,):
            seat, choices = CHANCE, list(GAME.possible_outcomes(state))
            choices.sort()
        else:
            seat, choices = actors[0], list(GAME.legal_moves(state, actors[0]))
        action = data.draw(st.sampled_from(choices), label="action")
        text = GAME.format_action(state, seat, action)
        state = GAME.apply(state, seat, GAME.parse_action(state, seat, text))


# ---- records ------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "players"), [(Rules(), 2), (Rules(joker=Joker.FORCED), 1)])
def test_a_game_between_bots_replays_from_its_record(rules: Rules, players: int) -> None:
    bots = [make_bot(GAME, "greedy", rules) for _ in range(players)]
    result = drive(GAME, rules, bots, make_rng(21))
    text = result.record.to_jsonl()
    record = Record.from_jsonl(text)
    assert record.final_state() == result.state
    actions = [e.action for e in record.entries]
    assert actions[0] == "roll" and actions[1].count(",") == 4
    assert sum(a.startswith("score ") for a in actions) == 13 * players
    lines = text.splitlines()
    bad = lines[-1].replace('"score ', '"score banana')
    assert bad != lines[-1]
    with pytest.raises(RecordError):
        Record.from_jsonl("\n".join([*lines[:-1], bad])).final_state()
