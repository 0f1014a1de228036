"""The search: tactics, known results, repetitions, limits and determinism (depth and node
limits only, never the clock)."""

from __future__ import annotations

import random

from parlour.games.draughts.board import (
    START,
    Colour,
    Move,
    Position,
    legal_moves,
    material,
    play,
)
from parlour.games.draughts.search import MATE, Limits, Searcher, best_move
from parlour.games.draughts.search.evaluate import KING, MAN
from parlour.games.draughts.search.searcher import is_win, plies_to_end

SHOT = "B:W18,20,21,22,25,26,27,28,29,30,32:B1,2,3,4,5,6,7,8,10,11,19"
"""Black gives a man with 19-24 (28x19 is forced), then 11-15 forces 18x11 and 8x15x24x31 takes
three and crowns."""


def line_gain(position: Position, line: tuple[Move, ...]) -> int:
    """Material (men 2, kings 3) won by the side to move over a line, by the board's rules."""
    me = position.turn
    before = material(position, me) - material(position, me.other)
    for m in line:
        position = play(position, m)
    return material(position, me) - material(position, me.other) - before


def test_finds_the_shot_that_a_one_ply_look_misses():
    p = Position.from_fen(SHOT)
    assert best_move(p, Limits(depth=1)).move != Move((19, 24))
    r = best_move(p, Limits(depth=7))
    assert r.move == Move((19, 24))
    assert [m.text for m in r.pv[:5]] == ["19-24", "28x19", "11-15", "18x11", "8x15x24x31"]
    assert line_gain(p, r.pv) >= 2  # at least a man up at the end of the line
    assert r.score >= 100


def test_takes_the_bigger_capture():
    # Black may take one man (15x22) or two (14x23x30... here 18x25x32 style): it takes two
    p = Position.from_squares(black=[14, 15], white=[18, 19, 26, 27], turn=Colour.BLACK)
    r = best_move(p, Limits(depth=4))
    assert len(r.move.captured) == max(len(m.captured) for m in legal_moves(p)) == 2


def test_never_drops_a_man_that_a_short_material_look_would_keep():
    """The engine's move (6 plies) is never a man worse, by a plain 4-ply material count, than
    the best move by that count."""

    def material_only(b: int, w: int, k: int, btm: bool) -> int:
        s = MAN * ((b & ~k).bit_count() - (w & ~k).bit_count()) + KING * (
            (b & k).bit_count() - (w & k).bit_count())
        return s if btm else -s

    rng = random.Random(21)
    checked = 0
    while checked < 20:
        p = START
        for _ in range(rng.randint(6, 50)):
            if not legal_moves(p):
                break
            p = play(p, rng.choice(legal_moves(p)))
        if len(legal_moves(p)) < 2:
            continue
        checked += 1
        move = best_move(p, Limits(depth=6)).move
        judge = Searcher(evaluator=material_only).search(p, Limits(depth=4), all_moves=True)
        scores = dict(judge.scores)
        assert scores[move] > judge.scores[0][1] - 60, (p.fen(), move)


def test_a_forced_win_is_scored_with_its_distance():
    # two kings against one: the endgame database says Black wins in 7 plies
    p = Position.from_fen("B:WK30:BK10,K13")
    r = best_move(p, Limits(depth=9))
    assert is_win(r.score)
    n = plies_to_end(r.score)
    assert n == 7
    # the line really ends the game after n plies, with White to move and no move left
    q = p
    for m in r.pv[:n]:
        q = play(q, m)
    assert len(r.pv) == n and not legal_moves(q) and q.turn is Colour.WHITE


def test_no_legal_move_is_a_loss_and_one_legal_move_is_played_at_once():
    lost = Position.from_squares(black=[1], white=[5], turn=Colour.WHITE)  # 5 is blocked
    assert not legal_moves(lost)
    r = best_move(lost, Limits(depth=3))
    assert r.move is None and r.score == -MATE
    forced = Position.from_squares(black=[14], white=[18, 32], kings=[32], turn=Colour.BLACK)
    assert len(legal_moves(forced)) == 1
    r = best_move(forced, Limits(depth=5))
    assert r.source == "forced" and r.move == legal_moves(forced)[0]


def test_a_repetition_scores_as_a_draw():
    """Black is far ahead; a king move that brings back a position from the game scores 0."""
    q = Position.from_squares(black=[1, 2, 3, 14], white=[31], kings=[14, 31], turn=Colour.WHITE)
    r = play(q, Move((31, 27)))
    s = play(r, Move((14, 10)))
    p = play(s, Move((27, 31)))  # Black to move; 10-14 would bring back q
    back = Move((10, 14))
    plain = Searcher().search(p, Limits(depth=4), all_moves=True)
    assert dict(plain.scores)[back] > 200
    seen = Searcher().search(p, Limits(depth=4), history=[q, r, s], all_moves=True)
    assert dict(seen.scores)[back] == 0
    assert seen.move != back  # and so the engine, being ahead, plays something else


def test_move_ordering_and_the_table_change_speed_not_the_value():
    rng = random.Random(5)
    for _ in range(6):
        p = START
        for _ in range(rng.randint(4, 30)):
            if not legal_moves(p):
                break
            p = play(p, rng.choice(legal_moves(p)))
        if not legal_moves(p):
            continue
        plain = Searcher(use_tt=False, ordering=False).search(p, Limits(depth=4), all_moves=True)
        tuned = Searcher(use_tt=False, ordering=True).search(p, Limits(depth=4), all_moves=True)
        assert dict(plain.scores) == dict(tuned.scores)
        assert tuned.nodes <= plain.nodes * 1.5


def test_deterministic_under_a_node_limit_and_the_limit_holds():
    a = best_move(START, Limits(nodes=20_000))
    b = best_move(START, Limits(nodes=20_000))
    assert (a.move, a.score, a.depth, a.nodes, a.pv) == (b.move, b.score, b.depth, b.nodes, b.pv)
    assert 20_000 <= a.nodes < 20_000 + 1024
    assert a.move in legal_moves(START)


def test_depth_limit_and_a_tiny_time_limit_still_give_a_legal_move():
    r = best_move(START, Limits(depth=3))
    assert r.depth == 3 and r.move == r.pv[0]
    quick = best_move(START, Limits(seconds=0.001))
    assert quick.move in legal_moves(START)


def test_scores_are_for_the_side_to_move():
    # the same position with the colours swapped and the board turned gets the same score
    p = Position.from_fen("B:W18,20,21,22,25,26,27,28,30,32:B1,2,3,5,6,7,8,10,11,19")
    flipped = Position.from_squares(black=[33 - s for s in p.squares(Colour.WHITE)],
                                    white=[33 - s for s in p.squares(Colour.BLACK)],
                                    turn=Colour.WHITE)
    assert best_move(p, Limits(depth=5)).score == best_move(flipped, Limits(depth=5)).score
