"""The optimal Yahtzee strategy: published values, brute-force checks, the cache, advisor and bot.

The full tables are solved once per session (a few seconds each); positions near
the end of a game are checked against an independent exact expectimax written
here with fractions over the engine's own scoring (``rules.choices``).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from parlour.core import cache as parlour_cache
from parlour.core.protocol import CHANCE
from parlour.games.yahtzee import solver
from parlour.games.yahtzee.rules import (
    BOXES,
    UPPER_BONUS,
    UPPER_BONUS_AT,
    Box,
    Joker,
    Rules,
    choices,
    upper_total,
    yahtzee_bonus,
)
from parlour.games.yahtzee.solver import Variant, compute, scoring, store, strategy, widgets
from parlour.games.yahtzee.solver.strategy import Position, YahtzeeTable, table
from parlour.games.yahtzee.state import State

PUBLISHED = 254.5896
"""Verhoeff (1999): the optimal expected final score, to four decimals."""
FREE_VALUE = 254.58960948196284
"""Ours under the manual's rules (free joker, bonus only with 50 in the Yahtzee box)."""
FORCED_VALUE = 254.58772873449504
"""Ours under the official forced joker rule (bonus only with 50 in the Yahtzee box)."""
FIVE_HOUSE_VALUE = 254.60806274044
"""Ours with five of a kind always a full house (the ``five_kind_house`` option; the issue's figure)."""
ANY_BONUS_VALUE = 276.1772620789442
"""Ours with the free joker and the 100 bonus even after a scratched (0) Yahtzee box."""
SD_VALUE = 59.61143585
"""Ours: the standard deviation of the final score under the optimal strategy."""
SD_QUOTED = 59.6117
"""The figure quoted for Verhoeff's optimal player; ours differs by 3e-4 (see docs/benchmarks.md)."""

FIVES = tuple((f,) * 5 for f in range(1, 7))


# ---- the tables, solved once ------------------------------------------------------------------


@pytest.fixture(scope="session")
def solved(cache_folder: Path) -> tuple[np.ndarray, np.ndarray]:
    """The manual's rules, with second moments, saved in the session's cache folder."""
    values, moments = compute(Variant(), moments=True)
    assert moments is not None
    variant = Variant()
    assert store.save_array(store.cache_file(variant, cache_folder), variant, "values", values)
    path = store.cache_file(variant, cache_folder, moments=True)
    assert store.save_array(path, variant, "moments", moments)
    return values, moments


@pytest.fixture(scope="session")
def manual(solved: tuple[np.ndarray, np.ndarray], cache_folder: Path) -> YahtzeeTable:
    strategy.forget_tables()
    tbl = table(Rules(), cache_folder, moments=True)
    assert tbl.source == "loaded"
    return tbl


@pytest.fixture(scope="session")
def five_house(cache_folder: Path) -> YahtzeeTable:
    """Five of a kind always a full house: solved (or loaded) through ``table``, as the bots do."""
    return table(Rules(five_kind_house=True), cache_folder)


@pytest.fixture(scope="session")
def forced() -> YahtzeeTable:
    variant = Variant(Joker.FORCED)
    return YahtzeeTable(variant, compute(variant)[0])


# ---- published and pinned values --------------------------------------------------------------


def test_the_published_optimum(manual: YahtzeeTable) -> None:
    value = manual.expected()
    assert abs(value - FREE_VALUE) < 1e-9
    assert abs(value - PUBLISHED) < 5e-5
    assert f"{value:.4f}" == "254.5896"


def test_the_standard_deviation(manual: YahtzeeTable) -> None:
    sd = manual.sd()
    assert abs(sd - SD_VALUE) < 1e-6
    assert abs(sd - SD_QUOTED) < 1e-3


def test_the_forced_joker_rule(forced: YahtzeeTable) -> None:
    assert abs(forced.expected() - FORCED_VALUE) < 1e-9
    assert f"{forced.expected():.4f}" == "254.5877"  # so it is the free joker that gives 254.5896


def test_five_of_a_kind_as_a_full_house(five_house: YahtzeeTable) -> None:
    """The option's optimum, 254.60806274 (the default's is 254.5896)."""
    assert five_house.variant == Variant(five_kind_house=True)
    assert abs(five_house.expected() - FIVE_HOUSE_VALUE) < 1e-9
    assert f"{five_house.expected():.8f}" == "254.60806274"


def test_the_bonus_without_fifty() -> None:
    values, _ = compute(Variant(bonus_needs_fifty=False))
    assert abs(values[0, 0, 0] - ANY_BONUS_VALUE) < 1e-9
    assert np.array_equal(values[..., 0], values[..., 1])


@pytest.mark.parametrize("house", [False, True])
def test_the_fast_and_the_moment_passes_agree(solved: tuple[np.ndarray, np.ndarray],
                                              five_house: YahtzeeTable, house: bool) -> None:
    """The second-moment pass scores every box plainly; the value pass takes short cuts."""
    values = five_house.values if house else solved[0]
    rng = np.random.default_rng(7)
    variant = Variant(five_kind_house=house)
    for _ in range(40):
        mask = int(rng.integers(0, solver.FULL))
        ups = solver.UPPERS[mask & solver.UPPER_MASK].solve
        cols = solver.Widgets(np.full(len(ups) * 2, mask), np.repeat(ups, 2), np.tile([0, 1], len(ups)))
        if not mask & solver.Y_BIT:
            cols = solver.Widgets(cols.masks, cols.upper, np.zeros_like(cols.fifty))
        fast = np.empty((252, len(cols.masks)))
        scoring.score_now_fast(variant, values, cols, fast)
        plain = np.full_like(fast, -np.inf)
        for _, value, _ in solver.box_options(variant, values, None, cols):
            np.maximum(plain, value, out=plain)
        assert np.allclose(fast, plain, rtol=0, atol=1e-10)  # sums in another order


# ---- the solver's scoring is the engine's ---------------------------------------------------------


@pytest.mark.parametrize("house", [False, True])
def test_lower_scores_are_the_rules(house: bool) -> None:
    table_ = scoring.lower_scores(house)
    for r, dice in enumerate(solver.ROLLS):
        for i, box in enumerate(widgets.LOWER_BOXES):
            assert table_[r, i] == choices(Rules(five_kind_house=house), [None] * 13, dice)[box]


@pytest.mark.parametrize("house", [False, True])
@pytest.mark.parametrize("joker", list(Joker))
def test_jokers_are_the_rules(joker: Joker, house: bool) -> None:
    variant = Variant(joker, five_kind_house=house)
    rules = Rules(joker=joker, five_kind_house=house)
    for mask in range(solver.MASKS):
        if not mask & solver.Y_BIT:
            continue
        card = [0 if mask >> b.index & 1 else None for b in BOXES]
        card[Box.YAHTZEE.index] = 50
        mine = solver.joker_scores(variant, mask)
        for dice in FIVES:
            assert mine[dice[0]] == choices(rules, card, dice), (mask, dice)


# ---- brute force ------------------------------------------------------------------------------


@cache
def outcomes(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every throw of ``n`` dice, sorted, with its exact chance."""
    counted = Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=n))
    return tuple((t, Fraction(c, 6**n)) for t, c in sorted(counted.items()))


@cache
def float_outcomes(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    return tuple((t, float(p)) for t, p in outcomes(n))


@cache
def keeps_of(dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The distinct keeps of fewer than five dice (roll the rest)."""
    return tuple(sorted({tuple(dice[i] for i in range(5) if p >> i & 1) for p in range(31)}))


ROLLS = [t for t, _ in outcomes(5)]


Num = Fraction | float
Pair = tuple[Num, Num]


class Brute:
    """Expectimax of the rest of a game: the mean and mean square of the points to come.

    Plays by the engine's rules functions; meant for cards with one or two open
    boxes.  In fractions (``exact``) or floats.  ``ambiguous`` is set if two
    equally good best choices lead to different second moments.
    """

    def __init__(self, rules: Rules, exact: bool = False) -> None:
        self.rules = rules
        self.exact = exact
        self.memo: dict[tuple[int | None, ...], Pair] = {}
        self.ambiguous = False

    def zero(self) -> Num:
        return Fraction(0) if self.exact else 0.0

    def outcomes(self, n: int) -> tuple[tuple[tuple[int, ...], Num], ...]:
        return outcomes(n) if self.exact else float_outcomes(n)

    def best(self, options: list[Pair]) -> Pair:
        tol = 0 if self.exact else 1e-9
        top = max(v for v, _ in options)
        tied = [w for v, w in options if top - v <= tol]
        if max(tied) - min(tied) > tol:
            self.ambiguous = True
        return next(o for o in options if o[0] == top)

    def score_now(self, card: tuple[int | None, ...], dice: tuple[int, ...]) -> dict[Box, Pair]:
        out: dict[Box, Pair] = {}
        for box, points in choices(self.rules, card, dice).items():
            new = list(card)
            new[box.index] = points
            now = points + yahtzee_bonus(self.rules, card, dice)
            if upper_total(card) < UPPER_BONUS_AT <= upper_total(new):
                now += UPPER_BONUS
            v, w = self.start(tuple(new))
            out[box] = (now + v, now * now + 2 * now * v + w)
        return out

    def turn(self, card: tuple[int | None, ...]) -> tuple[dict[int, dict[tuple[int, ...], Pair]],
                                                         dict[int, dict[tuple[int, ...], Pair]]]:
        """``(by_roll, by_keep)``: values of each roll with k rolls left, of each keep with k left."""
        by_roll = {0: {d: self.best(list(self.score_now(card, d).values())) for d in ROLLS}}
        by_keep: dict[int, dict[tuple[int, ...], Pair]] = {}
        for k in (1, 2, 3):
            by_keep[k] = {}
            keeps = {()} if k == 3 else {kp for d in ROLLS for kp in keeps_of(d)}
            for keep in keeps:
                v = w = self.zero()
                for out, p in self.outcomes(5 - len(keep)):
                    rv, rw = by_roll[k - 1][tuple(sorted(keep + out))]
                    v += p * rv
                    w += p * rw
                by_keep[k][keep] = (v, w)
            if k < 3:
                by_roll[k] = {d: self.best([by_roll[0][d], *(by_keep[k][kp] for kp in keeps_of(d))])
                              for d in ROLLS}
        return by_roll, by_keep

    def start(self, card: tuple[int | None, ...]) -> Pair:
        if None not in card:
            return self.zero(), self.zero()
        if card not in self.memo:
            self.memo[card] = self.turn(card)[1][3][()]
        return self.memo[card]


def card_with(open_boxes: set[Box], **scores: int) -> tuple[int | None, ...]:
    """A card with only ``open_boxes`` open; upper boxes hold three of their face unless given."""
    card: list[int | None] = []
    for box in BOXES:
        if box in open_boxes:
            card.append(None)
        else:
            card.append(scores.get(box.name.lower(), 3 * box.face if box.upper else 0))
    return tuple(card)


def test_only_chance_left_is_seventy_thirds(manual: YahtzeeTable) -> None:
    """Five dice, two rerolls, for their sum: keep 5s and 6s, then 4s too -- 5 x 14/3 = 70/3."""
    card = card_with({Box.CHANCE}, yahtzee=0)
    brute = Brute(Rules(), exact=True)
    v, w = brute.start(card)
    assert v == Fraction(70, 3)
    position = Position.of_card(card)
    assert abs(manual.value(position) - position.score - 70 / 3) < 1e-12
    mask, upper, fifty = manual.key(position)
    assert manual.moments is not None
    assert abs(manual.moments[mask, upper, fifty] - float(w)) < 1e-9


CASES = [  # open boxes, other scores, whether the second moment is well defined (no tied best choices)
    ({Box.CHANCE}, {"yahtzee": 50}, True),
    ({Box.SIXES, Box.CHANCE}, {"yahtzee": 50}, True),                # 45 in the upper boxes: 18 more needed
    ({Box.SIXES, Box.CHANCE}, {"yahtzee": 0, "fives": 10}, True),    # 40: 23 more needed, out of reach
    ({Box.TWOS, Box.LARGE_STRAIGHT}, {"yahtzee": 50}, True),         # a joker of twos: Twos open
    ({Box.FULL_HOUSE, Box.SMALL_STRAIGHT}, {"yahtzee": 50}, True),   # jokers: wild everywhere
    ({Box.YAHTZEE, Box.FOURS}, {}, True),
    ({Box.THREE_KIND, Box.FOUR_KIND}, {"yahtzee": 0}, False),        # a zero fits either box
    ({Box.TWOS, Box.FULL_HOUSE}, {"yahtzee": 50}, True),             # a full house of twos by the option
    ({Box.YAHTZEE, Box.FULL_HOUSE}, {}, True),  # a first Yahtzee: 50 (or 25 by the option)
]


@pytest.mark.parametrize(("open_boxes", "scores", "defined"), CASES)
def test_end_games_match_brute_force(manual: YahtzeeTable, forced: YahtzeeTable, five_house: YahtzeeTable,
                                     open_boxes: set[Box], scores: dict[str, int], defined: bool) -> None:
    card = card_with(open_boxes, **scores)
    position = Position.of_card(card)
    for tbl, rules in ((manual, Rules()), (forced, Rules(joker=Joker.FORCED)),
                       (five_house, Rules(five_kind_house=True))):
        brute = Brute(rules)
        by_roll, by_keep = brute.turn(card)
        v, w = by_keep[3][()]
        assert abs(tbl.value(position) - position.score - float(v)) < 1e-9
        if tbl is manual:
            assert brute.ambiguous is not defined
        if tbl is manual and defined:
            assert manual.moments is not None
            mask, upper, fifty = manual.key(position)
            assert abs(manual.moments[mask, upper, fifty] - float(w)) < 1e-7
        for dice in [(1, 2, 3, 4, 5), (2, 2, 5, 5, 6), (6, 6, 6, 6, 6), (2, 2, 2, 2, 2), (3, 4, 4, 6, 6)]:
            for k in (0, 1, 2):
                assert abs(tbl.roll_value(position, dice, k) - position.score
                           - float(by_roll[k][dice][0])) < 1e-9
            for k in (1, 2):
                for keep, value in tbl.keep_values(position, dice, k).items():
                    assert abs(value - position.score - float(by_keep[k][keep][0])) < 1e-9
            boxes = tbl.box_values(position, dice)
            assert set(boxes) == set(choices(rules, card, dice))
            exact = brute.score_now(card, dice)
            for box, value in boxes.items():
                assert abs(value - position.score - float(exact[box][0])) < 1e-9


# ---- positions and queries ------------------------------------------------------------------------


def test_positions() -> None:
    card = card_with({Box.CHANCE, Box.SIXES}, yahtzee=50)
    pos = Position.of_card(card, yahtzee_bonuses=1)
    assert pos.upper == 45 and pos.fifty and pos.score == 45 + 50 + 100
    assert pos.filled == frozenset(BOXES) - {Box.CHANCE, Box.SIXES}
    with pytest.raises(ValueError, match="cannot be made"):
        Position(frozenset({Box.ONES}), upper=7)
    with pytest.raises(ValueError, match="open"):
        Position(frozenset(), fifty=True)
    assert strategy.sub_keeps((2, 2, 5, 5, 6))[:4] == [(), (2,), (5,), (6,)]
    assert len(strategy.sub_keeps((1, 2, 3, 4, 5))) == 31


def test_choices_rank_and_agree(manual: YahtzeeTable) -> None:
    pos = Position(frozenset({Box.ONES, Box.FULL_HOUSE}), upper=3)
    ranked = manual.choices(pos, (2, 2, 5, 5, 6), 1)
    values = [v for _, v in ranked]
    assert values == sorted(values, reverse=True)
    assert abs(ranked[0][1] - manual.roll_value(pos, (2, 2, 5, 5, 6), 1)) < 1e-9
    assert ranked[0][0] == (5, 5)
    assert manual.choices(pos, (1, 2, 3, 4, 5), 0)[0][0] is Box.LARGE_STRAIGHT
    start = Position()
    first = sum(float(p) * manual.roll_value(start, d, 2) for d, p in outcomes(5))
    assert abs(first - manual.expected()) < 1e-9


# ---- the cache --------------------------------------------------------------------------------


def test_cache_round_trip(solved: tuple[np.ndarray, np.ndarray], tmp_path: Path) -> None:
    values, _ = solved
    variant = Variant()
    path = store.cache_file(variant, tmp_path)
    assert path.name == "yahtzee-v1-free-fifty.npz"
    assert store.save_array(path, variant, "values", values)
    loaded = store.load_array(path, variant, "values")
    assert loaded is not None and np.array_equal(loaded, values)
    assert store.load_array(path, Variant(Joker.FORCED), "values") is None  # another rule set's
    assert store.load_array(path, variant, "moments") is None
    assert store.load_array(tmp_path / "missing.npz", variant, "values") is None


def test_a_table_cached_by_another_solver_is_not_read(solved: tuple[np.ndarray, np.ndarray],
                                                       tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    values, _ = solved
    variant = Variant()
    path = store.cache_file(variant, tmp_path)
    with monkeypatch.context() as m:
        m.setattr(store, "SOLVER_DIGEST", "0" * 64)  # a solver whose code differs from this one
        assert store.save_array(path, variant, "values", values)
        assert store.load_array(path, variant, "values") is not None
    assert store.load_array(path, variant, "values") is None


def test_the_solver_digest_covers_every_module_that_computes_values() -> None:
    package = Path(solver.__file__).parent
    computing = {p.name for p in package.glob("*.py")} - {
        "__init__.py", "store.py", "strategy.py", "simulate.py"}
    assert {name for pkg, name in store.SOLVED_BY if pkg.endswith(".solver")} == computing
    assert ("parlour.games.yahtzee", "rules.py") in store.SOLVED_BY
    assert store.solver_digest() == store.SOLVER_DIGEST


def damage(path: Path, how: str) -> None:
    data = bytearray(path.read_bytes())
    if how == "truncate":
        path.write_bytes(bytes(data[: len(data) // 2]))
    elif how == "flip":
        data[len(data) // 2] ^= 0xFF  # inside the values: the digest no longer matches
        path.write_bytes(bytes(data))
    else:
        path.write_text("not a table")


@pytest.mark.parametrize("how", ["truncate", "flip", "text"])
def test_a_damaged_cache_is_solved_again(solved: tuple[np.ndarray, np.ndarray], tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    values, _ = solved
    variant = Variant()
    path = store.cache_file(variant, tmp_path)
    store.save_array(path, variant, "values", values)
    damage(path, how)
    assert store.load_array(path, variant, "values") is None
    calls = []

    def fake_compute(v: Variant, moments: bool = False, progress: object = None) -> tuple[
            np.ndarray, None]:
        calls.append(v)
        return values.copy(), None

    monkeypatch.setattr(strategy, "compute", fake_compute)
    strategy.forget_tables()
    tbl = table(Rules(), tmp_path)
    assert calls == [variant] and tbl.source == "computed" and tbl.path == path
    rewritten = store.load_array(path, variant, "values")
    assert rewritten is not None and np.array_equal(rewritten, values)  # written again, whole
    strategy.forget_tables()
    again = table(Rules(), tmp_path)
    assert again.source == "loaded" and calls == [variant] and np.array_equal(again.values, values)
    assert again.seconds < 1.0
    strategy.forget_tables()


def test_the_cache_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(parlour_cache.CACHE_ENV, str(tmp_path))
    assert parlour_cache.cache_folder() == tmp_path
    assert parlour_cache.cache_folder(tmp_path / "x") == tmp_path / "x"
    monkeypatch.delenv(parlour_cache.CACHE_ENV)
    assert parlour_cache.cache_folder().name.lower() in ("parlour", "cache")


def test_the_table_rules_key() -> None:
    assert Variant.of(Rules(preview=False, colour_code=True)) == Variant()
    assert Variant.of(Rules(joker=Joker.FORCED, bonus_needs_fifty=False)).key == "forced-any"
    assert Variant.of(Rules(five_kind_house=True)).key == "free-fifty-fivehouse"


def test_the_cache_tells_the_five_of_a_kind_option_apart(solved: tuple[np.ndarray, np.ndarray],
                                                         five_house: YahtzeeTable, tmp_path: Path) -> None:
    default, house = Variant(), Variant(five_kind_house=True)
    assert store.cache_file(house, tmp_path).name == "yahtzee-v1-free-fifty-fivehouse.npz"
    path = store.cache_file(default, tmp_path)
    assert store.save_array(path, default, "values", solved[0])
    assert store.load_array(path, house, "values") is None  # the other rule's table is never read
    path = store.cache_file(house, tmp_path)
    assert store.save_array(path, house, "values", five_house.values)
    assert store.load_array(path, default, "values") is None
    loaded = store.load_array(path, house, "values")
    assert loaded is not None and np.array_equal(loaded, five_house.values)


# ---- the advisor and the bot ------------------------------------------------------------------------


def states(count: int, players: int = 1, seed: int = 3) -> Iterator[State]:
    from parlour.games.yahtzee import GAME

    rng = random.Random(seed)
    state = GAME.initial_state(Rules(), players)
    seen = 0
    while seen < count:
        if GAME.is_terminal(state):
            state = GAME.initial_state(Rules(), players)
        actors = GAME.to_act(state)
        if actors == (CHANCE,):
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        seen += 1
        yield state
        state = GAME.apply(state, actors[0], rng.choice(GAME.legal_moves(state, actors[0])))


def test_the_advisor_ranks_every_legal_move(manual: YahtzeeTable) -> None:
    from parlour.games.yahtzee import GAME
    from parlour.games.yahtzee.advisor import advise, position_of

    for state in states(150, players=2):
        seat = state.current
        hint = advise(state, seat)
        legal = GAME.legal_moves(state, seat)
        assert sorted(map(repr, (o.move for o in hint.options))) == sorted(map(repr, legal))
        values = [o.value for o in hint.options]
        assert all(a >= b - strategy.TIE for a, b in itertools.pairwise(values))
        position = position_of(state, seat)
        if state.rolls == 0:
            assert abs(values[0] - manual.value(position)) < 1e-9
        else:
            best = manual.roll_value(position, state.dice, state.rolls_left)
            assert abs(values[0] - best) < 1e-9
        assert "(best)" in hint.options[0].explanation
        assert hint.summary.startswith("Best: ")
        assert "solitaire" in hint.objective
        other = advise(state, 1 - seat)
        assert other.options == ()


def test_the_advice_reads_well(manual: YahtzeeTable) -> None:
    from parlour.games.yahtzee import GAME
    from parlour.games.yahtzee.advisor import advise

    state = GAME.initial_state(Rules(), 1)
    hint = advise(state, 0)
    assert hint.options[0].explanation == "roll all five dice: expected final score 254.6 (best)"
    state = GAME.apply(GAME.apply(state, 0, GAME.parse_move(state, 0, "roll")), CHANCE, (2, 2, 5, 5, 6))
    hint = advise(state, 0)
    assert hint.options[0].explanation.startswith("keep 5 5: expected final score 253.0 (best)")
    chance = next(o for o in hint.options if o.explanation.startswith("score Chance"))
    gap = hint.options[0].value - chance.value
    assert chance.explanation.endswith(f"({gap:.1f} less than the best)")


def test_the_optimal_bot_plays_the_best_move(manual: YahtzeeTable) -> None:
    from parlour.games.yahtzee import GAME
    from parlour.games.yahtzee.advisor import advise
    from parlour.games.yahtzee.bots.optimal import OptimalBot, make_optimal

    bot = make_optimal(Rules())
    assert isinstance(bot, OptimalBot) and bot.name == "optimal"
    rng = random.Random(5)
    for state in states(120):
        seat = state.current
        legal = GAME.legal_moves(state, seat)
        move = bot.choose(GAME, GAME.view(state, seat), legal, rng)
        assert move == advise(state, seat).options[0].move


def test_the_advisor_and_the_bot_follow_the_five_of_a_kind_option(manual: YahtzeeTable,
                                                                  five_house: YahtzeeTable) -> None:
    """Five 1s, no rolls left, Ones and Full house open (an extra Yahtzee, not yet a joker):
    by default 5 in Ones (Full house would score 0); with the option 25 in Full house."""
    from parlour.games.yahtzee import GAME
    from parlour.games.yahtzee.advisor import advise
    from parlour.games.yahtzee.bots.optimal import OptimalBot

    chosen = {}
    for house in (False, True):
        rules = Rules(five_kind_house=house)
        state = GAME.initial_state(rules, 1)
        card = card_with({Box.ONES, Box.FULL_HOUSE}, yahtzee=0, sixes=12)  # no upper bonus at stake
        state = dataclasses.replace(state, cards=(dataclasses.replace(state.cards[0], boxes=card),))
        for _ in range(3):
            state = GAME.apply(state, 0, GAME.parse_move(state, 0, "roll"))
            state = GAME.apply(state, CHANCE, (1, 1, 1, 1, 1))
        hint = advise(state, 0)
        move = OptimalBot().choose(GAME, GAME.view(state, 0), GAME.legal_moves(state, 0), random.Random(1))
        assert move == hint.options[0].move
        chosen[house] = GAME.format_action(state, 0, move)
    assert chosen == {False: "score ones", True: "score house"}


def test_the_optimal_bot_plays_whole_games(manual: YahtzeeTable) -> None:
    from parlour.games.yahtzee import GAME
    from parlour.games.yahtzee.bots.optimal import OptimalBot

    bot, rng, scores = OptimalBot(), random.Random(11), []
    for _ in range(12):
        state = GAME.initial_state(Rules(), 1)
        while not GAME.is_terminal(state):
            (seat,) = GAME.to_act(state)
            if seat == CHANCE:
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            else:
                state = GAME.apply(state, seat, bot.choose(GAME, GAME.view(state, seat),
                                                           GAME.legal_moves(state, seat), rng))
        scores.append(GAME.returns(state)[0])
    mean = sum(scores) / len(scores)
    assert abs(mean - manual.expected()) < 4 * SD_VALUE / math.sqrt(len(scores))


# ---- the command line ------------------------------------------------------------------------


def _solve(args: list[str]) -> int:
    """``parlour solve yahtzee ARGS``, in this process."""
    from parlour.cli.main import main as parlour

    return parlour(["solve", "yahtzee", *args])


def test_cli(manual: YahtzeeTable, cache_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main = _solve

    assert main(["--cache-dir", str(cache_folder)]) == 0
    out = capsys.readouterr().out
    assert "Expected final score: 254.5896" in out and "Standard deviation:   59.6114" in out
    assert str(cache_folder) in out
    assert main(["--cache-dir", str(cache_folder), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert abs(data["expected"] - FREE_VALUE) < 1e-9 and abs(data["sd"] - SD_VALUE) < 1e-6
    assert data["source"] == "loaded"
    args = ["--cache-dir", str(cache_folder), "--filled", "ones,house", "--upper", "3", "--dice", "2,2,5,5,6",
            "--rolls-left", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "keep 5 5" in out.splitlines()[4] and "(best)" in out
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["choices"][0] == {"keep": [5, 5], "value": data["dice_value"]}
    assert len(data["choices"]) == 17 + 11


@pytest.mark.parametrize(("args", "message"), [
    (["--filled", "ones,nonsense"], "no box called"),
    (["--filled", "ones", "--upper", "7"], "cannot be made"),
    (["--filled", "yahtzee"], "--yahtzee 50"),
    (["--yahtzee", "50"], "only for a filled"),
    (["--dice", "1,2,3"], "five dice"),
    (["--rule", "joker=sometimes"], "joker"),
])
def test_cli_errors(cache_folder: Path, args: list[str], message: str,
                    capsys: pytest.CaptureFixture[str]) -> None:
    assert _solve(["--cache-dir", str(cache_folder), *args]) == 2
    error = capsys.readouterr().err
    assert error.startswith("parlour: error: ") and message in error and error.count("\n") == 1
