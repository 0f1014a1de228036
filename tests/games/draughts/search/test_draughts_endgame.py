"""The endgame database: textbook endings, agreement with plain search and with itself, the
cache, and the engine's play in covered positions.  Built for 3 pieces only (a second or two);
the 4-piece build is measured in the benchmarks."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from parlour.games.draughts.board import Colour, Position, from_square_mask, legal_moves, play, plays
from parlour.games.draughts.search import Limits, Searcher, endgame
from parlour.games.draughts.search.endgame_build import black_moves
from parlour.games.draughts.search.endgame_index import classes, index_of, positions_of

WIN = 1000


def negamax(p: Position, depth: int, alpha: int, beta: int, ply: int = 0) -> int:
    """Plain alpha-beta over the board's own moves: ``WIN - plies`` for a forced win, 0 unknown."""
    moves = legal_moves(p)
    if not moves:
        return ply - WIN
    if depth == 0:
        return 0
    best = -10 * WIN
    for m in moves:
        best = max(best, -negamax(play(p, m), depth - 1, -beta, -alpha, ply + 1))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def random_covered(rng: random.Random, pieces: int) -> Position:
    squares = rng.sample(range(1, 33), pieces)
    nb = rng.randint(1, pieces - 1)
    black, white = squares[:nb], squares[nb:]
    kings = [s for s in squares if rng.random() < 0.5 or (s in black and s >= 29)
             or (s in white and s <= 4)]
    return Position.from_squares(black, white, kings, rng.choice([Colour.BLACK, Colour.WHITE]))


def test_the_builders_moves_are_the_move_generators():
    """The build lists the moves of many positions at once (NumPy): each position's the same as
    the move generator's, every capture path once."""
    rng = random.Random(8)
    positions = [random_covered(rng, rng.randint(2, 12)) for _ in range(3000)]
    positions = [Position(p.black, p.white, p.kings, True) for p in positions]
    boards = [np.array([getattr(p, side) for p in positions], dtype=np.uint64)
              for side in ("black", "white", "kings")]
    row, black, white, kings = black_moves(*boards)
    listed: list[list[tuple[int, int, int]]] = [[] for _ in positions]
    for r, b, w, k in zip(row.tolist(), black.tolist(), white.tolist(), kings.tolist(), strict=True):
        listed[r].append((b, w, k))
    for p, found in zip(positions, listed, strict=True):
        assert sorted(found) == sorted((p.black ^ c[0], p.white ^ c[1], p.kings ^ c[2])
                                       for c in plays(p.black, p.white, p.kings, True)), p.fen()


def test_two_kings_beat_one_and_one_king_against_one_is_a_draw(db3):
    # two kings against one, far apart, either side to move: the two kings win
    p = Position.from_squares(black=[1, 2], white=[31], kings=[1, 2, 31], turn=Colour.BLACK)
    assert db3.result(p).outcome == "win"
    assert db3.result(Position(p.black, p.white, p.kings, False)).outcome == "loss"
    # every such position with the single king unable to take at once is a win for the two
    idx, *_ = positions_of((0, 2, 0, 1))
    values = db3.tables[(0, 2, 0, 1)][idx]
    assert (values > 0).mean() > 0.99 and (values < 0).sum() == 0
    # one king against one in the open is a draw
    assert db3.result(Position.from_squares([14], [27], [14, 27])).outcome == "draw"
    # ... unless the side to move can take the other at once
    take = Position.from_squares([14], [18], [14, 18])
    assert db3.result(take).outcome == "win" and db3.result(take).plies == 1


def test_a_king_catches_a_lone_man_before_it_crowns(db3):
    # Black's king on 18 against White's man still on its back row (31), Black to move
    p = Position.from_squares(black=[18], white=[31], kings=[18], turn=Colour.BLACK)
    assert db3.result(p).outcome == "win"


def test_database_distances_agree_with_plain_search(db3):
    rng = random.Random(2)
    checked = 0
    while checked < 80:
        p = random_covered(rng, rng.randint(2, 3))
        r = db3.result(p)
        assert r is not None
        if r.plies is not None and r.plies > 7:
            continue
        value = negamax(p, 7, -10 * WIN, 10 * WIN)
        expected = {"win": WIN - (r.plies or 0), "loss": (r.plies or 0) - WIN, "draw": 0}[r.outcome]
        assert value == expected, (p.fen(), str(r))
        checked += 1


def test_every_value_agrees_with_the_values_one_move_on(db3):
    """The Bellman equations, checked with the board's move generation on a sample of every class:
    a win in n has a move to a loss in n - 1 and none quicker; a loss in n has every move to a
    win, the longest in n - 1; a draw has no move to a loss and some move to a draw.  With the
    lost-now positions right, only the true values satisfy them."""
    rng = np.random.default_rng(3)
    for c in classes(3):
        idx, black, white, kings = positions_of(c)
        for i in rng.choice(len(idx), size=min(60, len(idx)), replace=False):
            p = Position(*(from_square_mask(int(x[i])) for x in (black, white, kings)), True)
            v = db3.probe(p.black, p.white, p.kings, True)
            after = [play(p, m) for m in legal_moves(p)]
            kids = [db3.probe(q.black, q.white, q.kings, q.black_to_move) for q in after]
            assert all(k is not None for k in kids)
            ks = [k for k in kids if k is not None]
            losses = [-k - 1 for k in ks if k < 0]
            if not ks:
                expected = -1
            elif losses:
                expected = min(losses) + 1
            elif all(k > 0 for k in ks):
                expected = -(max(ks) + 1) - 1
            else:
                expected = 0
            assert v == expected, p.fen()


def test_white_to_move_is_the_same_position_turned_round(db3):
    rng = random.Random(4)
    for _ in range(200):
        p = random_covered(rng, 3)
        turned = Position.from_squares(black=[33 - s for s in p.squares(Colour.WHITE)],
                                       white=[33 - s for s in p.squares(Colour.BLACK)],
                                       kings=[33 - s for s in p.squares(Colour.BLACK, True)]
                                       + [33 - s for s in p.squares(Colour.WHITE, True)],
                                       turn=p.turn.other)
        assert index_of(p.black, p.white, p.kings, p.black_to_move) == index_of(
            turned.black, turned.white, turned.kings, turned.black_to_move)
        assert db3.result(p) == db3.result(turned)


def test_the_engine_never_misplays_a_covered_position(db3):
    """From won positions the engine wins in exactly the database's distance against the best
    defence; in every covered position its move keeps the best result."""
    rng = random.Random(6)
    played = 0
    while played < 6:
        p = random_covered(rng, 3)
        r = db3.result(p)
        if r is None or r.outcome != "win" or (r.plies or 0) < 9:
            continue
        played += 1
        engine = Searcher(database=db3)
        plies = 0
        while legal_moves(p):
            if plies % 2 == 0:  # the winner is the side first to move
                move = engine.search(p, Limits(depth=3)).move
                assert move in db3.best_moves(p)
            else:
                move = db3.best_moves(p)[0]  # the longest defence
            p = play(p, move)
            plies += 1
            assert plies <= (r.plies or 0)
        assert plies == r.plies


def test_draws_and_losses_are_held_as_long_as_possible(db3):
    rng = random.Random(7)
    seen = {"draw": 0, "loss": 0}
    while min(seen.values()) < 5:
        p = random_covered(rng, 3)
        r = db3.result(p)
        if r is None or r.outcome == "win" or len(legal_moves(p)) < 2:
            continue
        seen[r.outcome] += 1
        move = Searcher(database=db3).search(p, Limits(depth=4)).move
        assert move in db3.best_moves(p)
        after = db3.result(play(p, move))
        assert after is not None
        assert after.outcome == {"draw": "draw", "loss": "win"}[r.outcome]
        if r.outcome == "loss":
            assert after.plies == (r.plies or 0) - 1


def test_cached_on_disk_loaded_again_and_rebuilt_when_damaged(tmp_path: Path):
    calls: list[tuple[int, int]] = []
    first = endgame.database(2, cache_dir=tmp_path, progress=lambda d, t: calls.append((d, t)))
    assert first.source == "computed" and first.path is not None and first.path.exists()
    assert calls and calls[-1][0] == calls[-1][1]
    endgame.forget_databases()
    again = endgame.database(2, cache_dir=tmp_path)
    assert again.source == "loaded"
    assert all(np.array_equal(again.tables[c], first.tables[c]) for c in first.tables)
    assert first.path.name == "draughts-endgame-v1-2.npz"
    first.path.write_bytes(b"not a database")
    endgame.forget_databases()
    assert endgame.loaded(2, cache_dir=tmp_path) is None
    assert endgame.database(2, cache_dir=tmp_path).source == "computed"


def test_uses_the_cache_folder_from_the_environment(engine_cache: Path, db3):
    assert db3.path is not None and db3.path.parent == engine_cache.resolve()
    found = endgame.loaded(3)
    assert found is not None and found.path == db3.path


def test_refuses_sizes_it_does_not_build():
    with pytest.raises(ValueError):
        endgame.database(1)
    with pytest.raises(ValueError):
        endgame.database(9)
    assert endgame.loaded(5, cache_dir="/nonexistent/folder") is None


def test_positions_beyond_the_database_are_not_covered(db3):
    p = Position.from_squares([1, 2], [31, 32])
    assert db3.result(p) is None and not db3.covers(p)
    assert db3.probe(p.black, 0, 0, False) == -1  # White to move with nothing left: lost
    assert db3.probe(p.black, 0, 0, True) is None  # Black to move, White already gone: no value


def test_loaded_answers_at_once_while_another_thread_builds(tmp_path, monkeypatch):
    """The bots and hints ask ``loaded`` on every move: a server's background build must not hold
    them up (they use the smaller database meanwhile)."""
    import threading

    started, release = threading.Event(), threading.Event()
    real = endgame._load_or_build

    def slow(*args):
        started.set()
        release.wait(10)  # if loaded() waited for the build, it would only return after this
        return real(*args)

    monkeypatch.setattr(endgame, "_load_or_build", slow)
    builder = threading.Thread(target=endgame.database, args=(2, tmp_path))
    builder.start()
    assert started.wait(10)
    assert endgame.loaded(2, cache_dir=tmp_path) is None  # being built: not ready, and no waiting
    release.set()
    builder.join(10)
    ready = endgame.loaded(2, cache_dir=tmp_path)
    assert ready is not None and ready is endgame.database(2, cache_dir=tmp_path)
