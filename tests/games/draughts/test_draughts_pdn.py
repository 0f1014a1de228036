"""PDN: reading and writing whole games, strict errors with line and column, round trips."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.agents import make_bot
from parlour.core import driver
from parlour.core.rng import make_rng
from parlour.games.draughts import GAME, Huff, Rules
from parlour.games.draughts.board import START, Colour, Move, Position, legal_moves, play
from parlour.games.draughts.notation import format_fen
from parlour.games.draughts.pdn import (
    Comment,
    PdnError,
    PdnGame,
    read_game,
    read_games,
    record_to_pdn,
    result_of,
    write_game,
)

GAME_TEXT = """\
[Event "Cottage club night"]
[Site "The Old Barn"]
[Date "2024.08.03"]
[Round "2"]
[Black "Ann"]
[White "Bob"]
[Result "1-0"]
[GameType "21"]

1. 12-16 {an unusual start} 24-20 2. 8-12 21-17 3. 4-8 25-21 4. 9-14 27-24 5. 10-15
17x10 6. 7x14 32-27 7. 5-9 29-25 8. 14-18 23x14x5 9. 15-18 22x15 1-0
"""


def test_a_game_is_read_with_its_tags_moves_comments_and_result():
    game = read_game(GAME_TEXT)
    assert game.tag("Black") == "Ann" and game.tag("White") == "Bob" and game.tag("Missing") is None
    assert game.result == "1-0" and game.start == START
    assert [m.text for m in game.moves][:4] == ["12-16", "24-20", "8-12", "21-17"]
    assert len(game.moves) == 18 and game.moves[15] == Move((23, 14, 5), (18, 9))
    assert game.items[1] == Comment("an unusual start")
    assert game.final == _replay(START, game.moves)
    assert read_game(write_game(game)) == game


def _replay(position: Position, moves: tuple[Move, ...]) -> Position:
    for m in moves:
        assert m in legal_moves(position)
        position = play(position, m)
    return position


def test_writing_gives_tags_a_blank_line_and_numbered_moves_wrapped_at_79():
    text = write_game(read_game(GAME_TEXT))
    head, body = text.split("\n\n")
    assert head.splitlines()[0] == '[Event "Cottage club night"]'
    assert body.startswith("1. 12-16 {an unusual start} 1... 24-20 2. 8-12 21-17")
    assert body.rstrip().endswith("9. 15-18 22x15 1-0")
    assert all(len(line) <= 79 for line in text.splitlines())


def test_a_set_up_game_with_white_to_move_numbers_whites_move_with_dots():
    text = '[SetUp "1"]\n[FEN "W:W18,K27:B14,K3"]\n\n1... 18x9 2. 3-7 27-23 *'
    game = read_game(text)
    assert game.start == Position.from_fen("W:W18,K27:B14,K3")
    assert write_game(game).endswith("1... 18x9 2. 3-7 27-23 *\n")
    assert read_game("[FEN \"W:W18,K27:B14,K3\"]\n1. 18x9 *").moves == (Move((18, 9), (14,)),)


def test_moves_may_touch_their_numbers_and_short_captures_name_the_whole_jump():
    game = read_game("1.11-15 23-19 2.9-14 22-17 3.14-18 17x10x1 *".replace("17x10x1", "17-13"))
    assert len(game.moves) == 6
    jump = read_game('[FEN "B:W14,23,30:B9"] 1. 9x27 *')
    assert jump.moves == (Move((9, 18, 27), (14, 23)),)


def test_several_games_and_pdn3_results():
    games = read_games(GAME_TEXT + "\n" + "1. 9-14 2-0\n\n[Result \"0-2\"]\n1. 12-16 0-2\n1. 9-13 1-1")
    assert [g.result for g in games] == ["1-0", "1-0", "0-1", "1/2-1/2"]
    with pytest.raises(PdnError, match="expected one game, found 4"):
        read_game(GAME_TEXT + "\n1. 9-14 2-0 1. 12-16 0-2 1. 9-13 1-1")


@pytest.mark.parametrize(("text", "message"), [
    ("1. 11-15 23-19", "line 1, column 15: the game has no result"),
    ("1. 11-15\n2. 23-19 *", "line 2, column 1: move number 2 should be 1"),
    ("1. 11-15 23-19\n2. 8-11 22-17 3. 9-14 18-14 *", "line 2, column 23: 18-14 is not a legal move"
     " for White here: there is no piece on 18"),
    ("1. 11-15 2. 23-19 *", "move number 2 should be 1"),
    ("1... 11-15 *", "1... stands before White's move"),
    ("1. 1. 11-15 *", "two move numbers in a row"),
    ('[Event "x"\n1. 11-15 *', "line 1, column 1: a tag pair"),
    ('[GameType "20"]\n1. 32-28 *', "GameType 20 is not English draughts"),
    ('[FEN "B:W33:B1"]\n*', "no square 33"),
    ('[Result "0-1"]\n1. 11-15 1-0', "the Result tag says 0-1 but the game ends with 1-0"),
    ("1. 11-15 (1. 9-13) *", "column 10: variations"),
    ("1. 11-15 {unfinished *", "a comment { is never closed"),
    ("1. 11-15! *", "line 1, column 4: '11-15!' is not a move"),
    ("1. 11-15 23-19 2. 9-14 22-17 3. 14-18 23x14 *", "23x14 is not a legal move"),
    ('[FEN "B:W14,15,22,23:BK10"]\n1. 10x10 *', "10x10 could be 10x17x26x19x10 or 10x19x26x17x10"),
    ("1. 11-15 22-18 2. 9-13 *", "you must capture: 15x22 is available"),
])
def test_mistakes_are_refused_with_line_and_column(text, message):
    with pytest.raises(PdnError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_games(text)


def test_tag_values_escape_quotes_and_backslashes():
    game = PdnGame((("Event", 'The "Big" one \\ final'),), (), "*")
    text = write_game(game)
    assert '[Event "The \\"Big\\" one \\\\ final"]' in text
    assert read_game(text) == game


def test_huffs_travel_as_comments_in_huffing_games_only():
    text = '[Huffing "1"]\n[FEN "B:W23,30:B9,18"]\n1. 9-13 {huff 18} 1... 30-26 *'
    game = read_game(text)
    assert game.items == (Move((9, 13)), Huff(18), Move((30, 26)))
    assert game.final.piece_at(18) is None and read_game(write_game(game)) == game
    plain = read_game('[FEN "B:W23,30:B9,18"]\n1. 18x27 {huff 18} *')
    assert plain.items[1] == Comment("huff 18")
    with pytest.raises(PdnError, match="you must capture"):
        read_game('[FEN "B:W23,30:B9,18"]\n1. 9-13 {huff 18} 1... 30-26 *')
    for bad in ('1. 9-13 {huff 9} *', '1. 9-13 {huff 18} {huff 18} *', '1. 18x27 {huff 27} *'):
        with pytest.raises(PdnError, match="may not be huffed"):
            read_game('[Huffing "1"]\n[FEN "B:W23,30:B9,18"]\n' + bad)


def test_results_of_the_game():
    assert result_of(Colour.BLACK, True) == "1-0" and result_of(Colour.WHITE, True) == "0-1"
    assert result_of(None, True) == "1/2-1/2" and result_of(None, False) == "*"


@pytest.mark.parametrize("rules", [Rules(), Rules(huffing=True, repetition_draw=False,
                                                  no_progress_moves=20)])
def test_a_game_record_exports_to_pdn_that_replays_to_the_same_position(rules):
    for seed in range(6):
        bots = [make_bot(GAME, "random", rules), make_bot(GAME, "random", rules)]
        result = driver.play(GAME, rules, bots, make_rng(seed), names=["Ann", "Bob"])
        game = record_to_pdn(result.record, date="2024.08.03")
        text = write_game(game)
        again = read_game(text)
        assert again == game
        assert again.final == result.state.position
        black = "Ann" if result.state.black_seat == 0 else "Bob"
        assert again.tag("Black") == black and again.tag("GameType") == "21"
        assert again.result == result_of(result.state.winner, True)
        assert (again.tag("Huffing") == "1") == rules.huffing


def test_draw_talk_and_resignation_become_comments():
    from parlour.core.protocol import CHANCE
    from parlour.core.record import Record
    from parlour.games.draughts import Toss

    state = GAME.initial_state(Rules(), 2)
    record = Record.start("draughts", Rules(), ("Ann", "Bob"))
    for seat, text in ((CHANCE, "seat 2 black"), (1, "11-15"), (0, "offer draw"), (1, "decline"),
                       (0, "23-19"), (1, "resign")):
        record = record.add(seat, text)
        state = GAME.apply(state, seat, GAME.parse_action(state, seat, text))
    assert isinstance(GAME.parse_outcome(state, "seat 2 black"), Toss)
    game = record_to_pdn(record)
    assert game.items == (Move((11, 15)), Comment("White offers a draw"), Comment("Black declines the draw"),
                          Move((23, 19)), Comment("Black resigns"))
    assert game.result == "0-1" and game.tag("Black") == "Bob"


@st.composite
def games(draw: st.DrawFn) -> PdnGame:
    rng = random.Random(draw(st.integers(0, 2**32)))
    start = START
    tags: list[tuple[str, str]] = [("Event", draw(st.text(st.characters(
        blacklist_categories=("Cs", "Cc")), max_size=12)))]
    if draw(st.booleans()):
        moves = list(legal_moves(START))
        for _ in range(draw(st.integers(0, 30))):
            if not moves:
                break
            start = play(start, rng.choice(moves))
            moves = list(legal_moves(start))
        tags += [("SetUp", "1"), ("FEN", format_fen(start))]
    items: list[Move | Huff | Comment] = []
    pos = start
    for _ in range(draw(st.integers(0, 60))):
        if draw(st.integers(0, 5)) == 0:
            words = draw(st.lists(st.text("abc xyz!?-.", min_size=1, max_size=6), min_size=1, max_size=4))
            text = " ".join(" ".join(words).split())
            if text:
                items.append(Comment(text))
            continue
        moves = legal_moves(pos)
        if not moves:
            break
        move = rng.choice(moves)
        items.append(move)
        pos = play(pos, move)
    result = draw(st.sampled_from(["1-0", "0-1", "1/2-1/2", "*"]))
    if draw(st.booleans()):
        tags.append(("Result", result))
    return PdnGame(tuple(tags), tuple(items), result)


@settings(max_examples=120, deadline=None)
@given(games())
def test_pdn_round_trips_for_random_games(game):
    text = write_game(game)
    again = read_game(text)
    assert again == game
    assert write_game(again) == text
