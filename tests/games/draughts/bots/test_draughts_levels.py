"""Levels and the bots the game offers."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from parlour.agents import bot_names, make_bot
from parlour.core.protocol import CHANCE
from parlour.games.draughts import GAME, Rules, State
from parlour.games.draughts.board import START, Move, Position, legal_moves
from parlour.games.draughts.bots.levels import LEVELS, LevelPlayer, level, make_level_bot
from parlour.games.draughts.moves import AcceptDraw, DeclineDraw, Huff, Toss

SHOT = "B:W18,20,21,22,25,26,27,28,29,30,32:B1,2,3,4,5,6,7,8,10,11,19"


def test_every_level_is_a_bot_of_the_game_weakest_first():
    names = bot_names(GAME)
    assert [n for n in names if n in LEVELS] == list(LEVELS)
    assert names[-1] == "expert"
    with pytest.raises(ValueError, match="no draughts level"):
        level("grandmaster")


def test_a_level_bot_plays_legal_moves_through_the_protocol():
    rules = Rules()
    state = GAME.apply(GAME.initial_state(rules, 2), CHANCE, Toss(0))
    bots = [make_bot(GAME, "beginner", rules), make_bot(GAME, "casual", rules)]
    rng = random.Random(1)
    for _ in range(12):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_moves(state, seat)
        action = bots[seat].choose(GAME, GAME.view(state, seat), legal, rng)
        assert isinstance(action, Move) and action in legal
        state = GAME.apply(state, seat, action)


def test_the_beginner_is_random_but_repeatable():
    bot = LevelPlayer(LEVELS["beginner"])
    first = [bot.choose(START, random.Random(seed)) for seed in range(20)]
    again = [bot.choose(START, random.Random(seed)) for seed in range(20)]
    assert first == again
    assert len(set(first)) >= 3


def test_the_strong_level_finds_the_shot_and_the_beginner_often_misses_it():
    p = Position.from_fen(SHOT)
    strong = LevelPlayer(replace(LEVELS["strong"], seconds=None, nodes=60_000))
    assert strong.choose(p, random.Random(0)) == Move((19, 24))
    beginner = LevelPlayer(LEVELS["beginner"])
    picks = [beginner.choose(p, random.Random(s)) for s in range(10)]
    assert picks.count(Move((19, 24))) < 10


def _offer_state(position: Position) -> State:
    state = GAME.from_position(position, Rules(), black_seat=0)
    return replace(state, offer=True, offered=True)  # Black (seat 0, to move) has offered


def test_a_bot_accepts_a_draw_when_worse_and_declines_when_better():
    bot = make_level_bot("club")
    rng = random.Random(0)
    black_ahead = _offer_state(Position.from_squares([1, 2, 3, 10, 11], [30, 31]))
    legal = GAME.legal_moves(black_ahead, 1)
    assert set(legal) == {AcceptDraw(), DeclineDraw()}
    assert bot.choose(GAME, GAME.view(black_ahead, 1), legal, rng) == AcceptDraw()
    black_behind = _offer_state(Position.from_squares([1, 2], [22, 23, 30, 31, 32]))
    assert bot.choose(GAME, GAME.view(black_behind, 1), legal, rng) == DeclineDraw()


def test_under_the_huffing_rule_a_bot_huffs_then_moves():
    rules = Rules(huffing=True)
    p = Position.from_squares([1, 2, 3], [30, 31, 32])
    state = replace(GAME.from_position(p, rules, black_seat=0), huffable=(30, 31))
    bot = make_level_bot("casual")
    legal = GAME.legal_moves(state, 0)
    assert {Huff(30), Huff(31)} <= set(legal)
    assert isinstance(bot.choose(GAME, GAME.view(state, 0), legal, random.Random(0)), Huff)


def test_a_single_legal_move_is_played_without_search():
    p = Position.from_squares(black=[14], white=[18, 32], kings=[32])
    (only,) = legal_moves(p)
    assert LevelPlayer(LEVELS["expert"]).choose(p, random.Random(0)) == only


# ---- the endgame database the strong levels, the hints and the server use ---------------------


def test_prepare_builds_the_database_the_environment_asks_for(monkeypatch, engine_cache):
    from parlour.games.draughts.bots.levels import PREPARE_ENV, prepare_database
    from parlour.games.draughts.search import endgame

    monkeypatch.setenv(PREPARE_ENV, "2")
    path = endgame.cache_file(2, engine_cache.resolve())
    path.unlink(missing_ok=True)
    endgame.forget_databases()
    assert endgame.loaded(2) is None
    GAME.prepare(Rules())  # what the server runs in the background when a table opens
    built = endgame.loaded(2)
    assert built is not None and built.max_pieces == 2 and path.exists()
    monkeypatch.setenv(PREPARE_ENV, "0")
    assert prepare_database() is None
    monkeypatch.setenv(PREPARE_ENV, "four")
    with pytest.raises(ValueError, match="PARLOUR_DRAUGHTS_ENDGAME must be a number of pieces"):
        prepare_database()
    monkeypatch.delenv(PREPARE_ENV)
    monkeypatch.setattr(endgame, "database", lambda pieces: pieces)  # type: ignore[arg-type]
    assert prepare_database() == endgame.DEFAULT_PIECES  # the 4-piece one by default


def test_a_strong_level_takes_up_the_bigger_database_once_it_is_ready(monkeypatch, db3):
    from parlour.games.draughts.bots import levels
    from parlour.games.draughts.search import endgame

    small = endgame.database(2)
    offered = [small, small, db3]
    monkeypatch.setattr(endgame, "DEFAULT_PIECES", 3)
    monkeypatch.setattr(levels, "endgame_for_play", lambda: offered.pop(0))
    player = LevelPlayer(level("strong"))
    assert player.database() is small and player.searcher.database is small
    assert player.database() is small  # asked again: the bigger one is not ready yet
    assert player.database() is db3 and player.searcher.database is db3  # ready: taken up
    assert player.database() is db3 and offered == []  # the biggest: no more asking
    given = LevelPlayer(level("strong"), database=small)
    assert given.database() is small  # a database the caller chose is kept
    assert LevelPlayer(level("club")).database() is None  # the fixed-depth levels use none


def test_the_hint_uses_the_database_and_sees_a_won_ending(monkeypatch, db3):
    from parlour.games.draughts.search import analysis, endgame
    from parlour.games.draughts.search.searcher import is_win

    used = []
    real = analysis.hint

    def spy(position, **kwargs):
        used.append(kwargs.get("database"))
        return real(position, **kwargs)

    monkeypatch.setattr(analysis, "hint", spy)
    state = GAME.from_position(Position.from_fen("B:WK30:BK10,K13"), Rules())
    advice = GAME.advise(state, 0)
    assert advice is not None and len(used) == 1
    assert isinstance(used[0], endgame.EndgameDatabase) and used[0].max_pieces == 3  # no 4-piece here
    assert is_win(int(advice.options[0].value))
