"""Analysis: every move scored, explanations in words, hints, and marking a game's mistakes."""

from __future__ import annotations

from parlour.games.draughts.board import START, Move, Position, legal_moves, play
from parlour.games.draughts.search import (
    MATE,
    Limits,
    analyse,
    explain,
    format_score,
    hint,
    mark_mistakes,
)
from parlour.games.draughts.search.analysis import effect

SHOT = "B:W18,20,21,22,25,26,27,28,29,30,32:B1,2,3,4,5,6,7,8,10,11,19"


def test_analyse_scores_every_legal_move_best_first():
    p = Position.from_fen(SHOT)
    a = analyse(p, Limits(depth=7))
    assert {ms.move for ms in a.moves} == set(legal_moves(p))
    scores = [ms.score for ms in a.moves]
    assert scores == sorted(scores, reverse=True)
    assert a.best == a.moves[0].move == a.pv[0] and a.score == scores[0]
    assert a.score_of(Move((19, 24))) >= 100 > a.score_of(Move((6, 9)))
    assert a.summary.startswith("Black to move: +")


def test_explanations_say_what_a_move_wins_or_loses_and_show_the_line():
    p = Position.from_fen(SHOT)
    text = explain(p, Move((19, 24)), Limits(depth=7))
    assert text.startswith("19-24 wins a man")
    assert "28x19 11-15 18x11 8x15x24x31" in text
    # a blunder in the opening that drops two men to a double jump
    game = ["9-13", "24-19", "5-9", "23-18"]
    q = START
    for t in game:
        q = play(q, next(m for m in legal_moves(q) if m.text == t))
    bad = next(m for m in legal_moves(q) if m.text == "13-17")
    assert explain(q, bad, Limits(depth=4)).startswith("13-17 loses two men: 13-17 21x14x5")


def test_effect_counts_material_over_a_line():
    p = Position.from_fen(SHOT)
    line = []
    q = p
    for t in ["19-24", "28x19", "11-15", "18x11", "8x15x24x31"]:
        m = next(m for m in legal_moves(q) if m.text == t)
        line.append(m)
        q = play(q, m)
    assert effect(p, line) == "wins a man and crowns a king"  # two given, three taken
    assert effect(p, line[:2]) == "loses a man"
    assert effect(START, []) == ""


def test_hint_lists_every_move_with_the_best_explained():
    p = Position.from_fen(SHOT)
    h = hint(p, Limits(depth=6))
    assert len(h.options) == len(legal_moves(p))
    assert h.options[0].move in (Move((19, 24)), Move((19, 23)))
    assert "wins a man" in h.options[0].explanation and h.summary.startswith("Best: 19-")
    assert "against the best" in h.options[-1].explanation


def test_mark_mistakes_finds_the_blunder_and_only_it():
    limits = Limits(depth=4)
    pos = START
    game = []
    for ply in range(10):
        a = analyse(pos, limits)
        move = a.best
        if ply == 4:  # Black's third move: 13-17? drops two men to 21x14x5
            move = next(m for m in legal_moves(pos) if m.text == "13-17")
        assert move is not None
        game.append((pos, move))
        pos = play(pos, move)
    assert [m.text for _, m in game[:5]] == ["9-13", "24-19", "5-9", "23-18", "13-17"]
    found = mark_mistakes(game, limits)
    assert [m.ply for m in found] == [4]
    (mistake,) = found
    assert mistake.played.text == "13-17" and mistake.better.text != "13-17"
    assert mistake.loss >= 200 and mistake.best_score - mistake.played_score == mistake.loss
    assert "loses two men" in str(mistake) and "Better: " in str(mistake)


def test_format_score():
    assert format_score(135) == "+1.35"
    assert format_score(-20) == "-0.20"
    assert format_score(MATE - 7) == "wins in 4 moves"
    assert format_score(-(MATE - 2)) == "loses in 1 move"
