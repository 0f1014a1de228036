"""Draughts' encoding: the contract over random games of every conformance case, and known
positions giving known observation entries and known codes (routes, broken-off captures under
the huffing rule, huffs, draw offers)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from encodingkit import check_encoding, codes_of

from parlour.core.errors import RulesError
from parlour.games.draughts import (
    GAME,
    START,
    Colour,
    Colours,
    DeclineDraw,
    Huff,
    Move,
    OfferDraw,
    Rules,
    State,
)
from parlour.games.draughts.encoding import ACTIONS, FLAGS, PLANES, DraughtsEncoding
from parlour.games.draughts.notation import parse_fen

ENCODING = DraughtsEncoding(Rules(), 2)
SQUARES = 32


def setup(fen: str, black_seat: int = 0, **rules: object) -> State:
    return GAME.from_position(parse_fen(fen), Rules(**rules), black_seat=black_seat)  # type: ignore[arg-type]


def plane(observation: np.ndarray, name: str) -> list[int]:
    """The squares set in one plane of an observation."""
    start = PLANES.index(name) * SQUARES
    return [i + 1 for i in np.flatnonzero(observation[start:start + SQUARES])]


def flag(observation: np.ndarray, name: str) -> float:
    return float(observation[len(PLANES) * SQUARES + [n for n, _ in FLAGS].index(name)])


def names(code: tuple[int, ...]) -> list[str]:
    return [ENCODING.action_name(a) for a in code]


def seat_to_act(state: State) -> int:
    (seat,) = GAME.to_act(state)
    return seat


def legal_codes(state: State) -> dict[tuple[int, ...], object]:
    seat = seat_to_act(state)
    return codes_of(GAME.encoding(state.rules, 2), GAME.view(state, seat), GAME.legal_moves(state, seat))


def test_the_contract_holds_over_random_games_of_every_conformance_case() -> None:
    assert check_encoding("draughts", games=12) > 100


def test_draughts_is_for_two() -> None:
    with pytest.raises(RulesError, match="draughts takes 2 players, not 3"):
        GAME.encoding(Rules(), 3)


def test_the_board_planes_are_the_viewers_pieces_and_the_opponents() -> None:
    state = setup("B:W18,24,27,K10:B12,16,K22", black_seat=0)
    black = ENCODING.observe(GAME.view(state, 0))
    assert (plane(black, "own men"), plane(black, "own kings")) == ([12, 16], [22])
    assert (plane(black, "opponent's men"), plane(black, "opponent's kings")) == ([18, 24, 27], [10])
    assert flag(black, "plays black") == 1 and flag(black, "own turn") == 1
    white = ENCODING.observe(GAME.view(state, 1))
    assert (plane(white, "own men"), plane(white, "own kings")) == ([18, 24, 27], [10])
    assert (plane(white, "opponent's men"), plane(white, "opponent's kings")) == ([12, 16], [22])
    assert flag(white, "plays black") == 0 and flag(white, "own turn") == 0
    assert black.shape == (len(PLANES) * SQUARES + len(FLAGS),) == ENCODING.shape


def test_a_simple_move_is_one_action_and_a_multi_jump_one_action_a_hop() -> None:
    assert ACTIONS == 98 + 72 + 72 + 32 + 4  # the blocks the class docstring gives
    assert [ENCODING.action_name(a) for a in (0, 97, 98, 169, 170, 241, 242, 273, 274, 277)] == [
        "step 1-5", "step 32-28", "last jump 1x10", "last jump 32x23", "jump on 1x10",
        "jump on 32x23", "huff 1", "huff 32", "offer draw", "resign"]
    start = GAME.from_position(START)
    view = GAME.view(start, 0)
    (step,) = ENCODING.code(view, Move((11, 15)))
    assert ENCODING.action_name(step) == "step 11-15"
    state = setup("B:W15,22:B11")
    assert [str(m) for m in GAME.legal_moves(state, 0)[:1]] == ["11x18x25"]
    code = ENCODING.code(GAME.view(state, 0), Move((11, 18, 25), (15, 22)))
    assert names(code) == ["jump on 11x18", "last jump 18x25"]
    # a step and a jump between the same squares can never share an action
    assert ENCODING.action_name(ENCODING.code(view, Move((11, 18), (15,)))[0]) == "last jump 11x18"


def test_two_routes_round_the_same_pieces_have_different_codes() -> None:
    state = setup("B:W14,15,22,23:BK10")
    codes = legal_codes(state)
    routes = {tuple(names(c)): str(m) for c, m in codes.items() if isinstance(m, Move)}
    assert routes == {
        ("jump on 10x17", "jump on 17x26", "jump on 26x19", "last jump 19x10"): "10x17x26x19x10",
        ("jump on 10x19", "jump on 19x26", "jump on 26x17", "last jump 17x10"): "10x19x26x17x10"}


def test_under_huffing_a_capture_broken_off_and_the_whole_one_are_told_apart() -> None:
    state = setup("B:W14,23,32:B9", huffing=True)
    codes = legal_codes(state)  # prefix-free, checked
    by_text = {GAME.format_move(state, 0, m): names(c) for c, m in codes.items()}
    assert by_text["9x18"] == ["last jump 9x18"]
    assert by_text["9x18x27"] == ["jump on 9x18", "last jump 18x27"]
    assert by_text["9-13"] == ["step 9-13"] and by_text["offer draw"] == ["offer draw"]


def test_a_huff_and_the_draw_talk_have_actions_and_show_in_the_observation() -> None:
    state = setup("B:W23,30:B9,18", huffing=True)
    state = GAME.apply(state, 0, Move((9, 13)))
    codes = legal_codes(state)
    assert names(ENCODING.code(GAME.view(state, 1), Huff(18))) == ["huff 18"]
    assert Huff(18) in codes.values()
    white = ENCODING.observe(GAME.view(state, 1))
    assert plane(white, "huffable") == [18] and flag(white, "huffed this turn") == 0
    huffed = GAME.apply(state, 1, Huff(18))
    assert flag(ENCODING.observe(GAME.view(huffed, 1)), "huffed this turn") == 1
    offered = GAME.apply(huffed, 1, OfferDraw())
    assert sorted(n for c in legal_codes(offered) for n in names(c)) == ["accept draw", "decline draw"]
    black = ENCODING.observe(GAME.view(offered, 0))
    assert flag(black, "draw offered") == 1 and flag(black, "offered this turn") == 1
    declined = GAME.apply(offered, 0, DeclineDraw())  # Black declined: held to 40 moves
    black = ENCODING.observe(GAME.view(declined, 0))
    assert flag(black, "own limit") == 1 and flag(black, "own moves left") == 1
    assert flag(black, "opponent's limit") == 0 and flag(black, "draw offered") == 0


def test_the_pending_route_has_planes_of_its_own() -> None:
    state = setup("B:W14,15,22,23:BK10")
    view = GAME.view(state, 0)
    first, second, *_ = ENCODING.code(view, Move((10, 17, 26, 19, 10), (14, 22, 23, 15)))
    partway = ENCODING.observe(view, (first, second))
    assert (plane(partway, "route start"), plane(partway, "route now")) == ([10], [26])
    assert plane(partway, "route taken") == [14, 22]
    assert plane(partway, "own kings") == [10]  # the board is the position before the move
    before = ENCODING.observe(view)
    assert plane(before, "route start") == plane(before, "route now") == plane(before, "route taken") == []


def test_a_pending_code_must_be_jumps_that_go_on_one_from_another() -> None:
    view = GAME.view(setup("B:W14,15,22,23:BK10"), 0)
    last = ENCODING.code(view, Move((10, 17, 26, 19, 10), (14, 22, 23, 15)))[-1]
    with pytest.raises(ValueError, match="only jumps that go on"):
        ENCODING.observe(view, (last,))
    on_10_17 = ENCODING.code(view, Move((10, 17, 26, 19, 10), (14, 22, 23, 15)))[0]
    with pytest.raises(ValueError, match="does not go on from 17"):
        ENCODING.observe(view, (on_10_17, on_10_17))


def test_counts_are_scaled_into_range() -> None:
    state = setup("W:WK1:BK32", no_progress_moves=5, repetition_draw=True)
    for move in ("1-5", "32-28", "5-1", "28-32"):
        seat = seat_to_act(state)
        state = GAME.apply(state, seat, GAME.parse_move(state, seat, move))
    observation = ENCODING.observe(GAME.view(state, 0))
    assert flag(observation, "quiet moves") == pytest.approx(4 / 10)
    assert flag(observation, "repetitions") == pytest.approx(2 / 3)


def test_every_legal_move_of_long_games_under_every_rule_set_has_a_distinct_code() -> None:
    """Random games that never resign nor talk of draws run long, through crowning, kings' routes
    and (huffing) broken-off captures and huffs: every legal move has a code, prefix-free."""
    rng = random.Random(27)
    seen = {"multi-jump": 0, "broken off": 0, "huff": 0}
    for rules, _ in GAME.conformance_cases():
        encoding = GAME.encoding(rules, 2)
        for _ in range(6):
            state = GAME.initial_state(rules, 2)
            while actors := GAME.to_act(state):
                if actors == (-1,):
                    state = GAME.apply(state, -1, GAME.sample_chance(state, rng))
                    continue
                (seat,) = actors
                legal = GAME.legal_moves(state, seat)
                codes = codes_of(encoding, GAME.view(state, seat), legal)
                for code, move in codes.items():
                    if isinstance(move, Move) and len(code) > 1:
                        seen["multi-jump"] += 1
                    if isinstance(move, Move) and move.captured and any(
                            isinstance(m, Move) and m.path[:len(move.path)] == move.path and m != move
                            for m in legal):
                        seen["broken off"] += 1
                    seen["huff"] += isinstance(move, Huff)
                playing = [m for m in legal if isinstance(m, Move | Huff)] or list(legal)
                state = GAME.apply(state, seat, rng.choice(playing))
    assert all(seen.values()), seen


def test_the_environment_asks_for_a_kings_route_hop_by_hop() -> None:
    """Through the AEC environment: the king's two routes round four pieces, chosen hop by hop,
    the mask offering only the hops that continue a route, the board unchanged until the last."""
    from parlour.envs import aec

    env = aec("draughts", Rules(start="B:W14,15,22,23:BK10", colours=Colours.FIRST_BLACK))
    env.reset(seed=0)
    action = {ENCODING.action_name(a): a for a in range(ACTIONS)}

    def allowed() -> list[str]:
        return sorted(ENCODING.action_name(a) for a in np.flatnonzero(env.observe("seat_0")["action_mask"]))

    assert env.agent_selection == "seat_0"
    assert allowed() == ["jump on 10x17", "jump on 10x19", "offer draw", "resign"]
    for hop, then in (("jump on 10x19", ["jump on 19x26"]), ("jump on 19x26", ["jump on 26x17"]),
                      ("jump on 26x17", ["last jump 17x10"])):
        env.step(action[hop])
        assert env.agent_selection == "seat_0" and allowed() == then
        assert env.table.state.position.squares(Colour.WHITE) == (14, 15, 22, 23)
    assert plane(env.observe("seat_0")["observation"], "route taken") == [15, 22, 23]
    env.step(action["last jump 17x10"])
    assert env.table.state.over and env.table.state.winner is Colour.BLACK
    assert env.rewards == {"seat_0": 1.0, "seat_1": -1.0}
