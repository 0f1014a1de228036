"""Invariants after every move of many random games: at least 10,000 complete games of every
registered game in CI, ten times as many with ``PARLOUR_LONG=1``.

The checkers (``invariantkit.py``) are written against each game's state, not its views:

* everything accounted for after every action: the 52 cards (Go Fish: hands, stock, books; Gin
  Rummy: hands, stock, pile, the face-down discard, lay-offs) and the 28 tiles (hands, sleeping
  tiles, the line) exactly once; Blackjack's shoe and the cards on the table never more than
  the decks hold; dice in range and the right number; draughts pieces on playing squares, never
  more of them, captures and crowning as the rules say;
* scores as the rules make them, recomputed here: Shut the Box scores are the open tiles, wins
  and stakes follow the rounds; Yahtzee boxes hold what the dice score (the joker rules too), the
  totals, the upper bonus and the Yahtzee bonuses; domino scores are the sum of the score sheet,
  each hand's points recomputed from the tiles left; Gin Rummy's hands rescored from the melds
  and deadwood (checked optimal by a brute-force search of our own), scores and boxes the sum
  of the sheet; a Blackjack bankroll is the start plus every hand's net, each hand's outcome
  judged again from the cards, the dealer's drawing checked, the Hi-Lo count recounted;
* every state's fields untouched by ``apply`` (immutable), the returns at the end consistent;
* for one game in ``replay_every`` (see ``SAMPLING``): every action verified by ``apply``,
  hashes unchanged by ``apply``, and the record (JSON lines, each action in the game's
  notation) replayed to equal states with equal hashes;
* for one game in ``views_every``, at every ``view_states``-th state of it: for every seat and
  a spectator, the view (and its JSON) is the same in the game's ``resample_hidden`` and in our
  own rearrangements of what the seat cannot see (another hand's unknown cards swapped with the
  stock or sleeping tiles, the stock shuffled, another hole card), the seat's legal moves too,
  and the game's resamples for a seat satisfy the accounting invariants (not a spectator's: in
  Go Fish those may, rarely, leave a whole book in a hand).  Games without hidden information
  must resample to the state itself.

How many games (``PLAN``): for each game, the games of each conformance case, in all at least
10,000 complete games.  Gin Rummy's cases (the game's own ``conformance_cases``) play to low
targets, 1 point (after a knock at up to 30) and 50 points (knocking at up to 60), so that random
players finish games: the 10,000 Gin Rummy games counted are whole games under those rules,
each to its end (the first to reach the target), cancelled hands included; none is a game to
100 under the manual's knock limit, which random players take thousands of hands to finish.
Draughts players move at random among the moves on the board and huffs, and one time in 40 pick
among everything legal (offering, accepting or declining a draw, resigning), so that games do
not all end at once in a resignation.

The games run in two worker processes (both cores in CI); each game is seeded, so a failure
names the game, its case, the seed and the move, and how to replay it with ``play_checked``.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from typing import Any

import pytest
from invariantkit import (
    CHECKERS,
    Checker,
    DominoesChecker,
    InvariantError,
    Sampling,
    _check_views,
    _replay,
    play_checked,
    run_chunk,
)

from parlour.core import registry
from parlour.core.protocol import CHANCE
from parlour.core.record import Entry
from parlour.games.blackjack.state import shoe_counts, shoe_of

LONG = os.environ.get("PARLOUR_LONG", "") not in ("", "0")
SCALE = 10 if LONG else 1
WORKERS = 2

PLAN: dict[str, tuple[int, ...]] = {
    # 13 ways of playing: more of the quick ones (one or two players, one round)
    "shut-the-box": (1400, 1400, 300, 800, 300, 800, 800, 400, 400, 800, 400, 800, 1400),
    # one player (both joker rules) the most: a game of three takes three times as long
    "yahtzee": (3700, 600, 3700, 600, 500, 300, 600),
    "draughts": (2000,) * 5,
    "dominoes": (3000, 2500, 2000, 1250, 1250),
    "go-fish": (1700, 1700, 1650, 1650, 1650, 1650),
    "gin-rummy": (2500, 2500, 5000),
    "blackjack": (2500,) * 4,
}
"""Games played in each conformance case (times ``SCALE``)."""

SAMPLING = Sampling(replay_every=25, views_every=40, view_states=12)

FEATURES: dict[str, tuple[str, ...]] = {
    "shut-the-box": ("shut", "stuck", "one die"),
    "yahtzee": ("yahtzee bonus", "joker"),
    "draughts": ("capture", "crowned", "huff", "no-pieces", "no-moves", "resigned", "agreed",
                 "repetition", "decline-limit", "no-progress"),
    "dominoes": ("knock", "blocked", "chip out", "drawn", "redraw", "view checks"),
    "go-fish": ("given", "go fish", "view checks"),
    "gin-rummy": ("knock", "undercut", "cancelled", "laid off", "view checks"),
    "blackjack": ("split", "double", "surrender", "insurance", "dealer blackjack", "blackjack",
                  "shuffle", "refill", "push", "bust", "hole", "view checks"),
}
"""Features the random games must reach, so that the invariants about them are exercised."""

NAMES = [game.spec.name for game in registry.games()]


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    with ProcessPoolExecutor(max_workers=WORKERS, mp_context=multiprocessing.get_context("fork")) as ex:
        yield ex


def test_every_registered_game_has_a_checker_and_a_plan() -> None:
    for game in registry.games():
        name = game.spec.name
        assert name in CHECKERS, f"write invariants for {name} in invariantkit.py"
        assert len(PLAN[name]) == len(game.conformance_cases()), f"PLAN[{name!r}]: one count per case"
        assert sum(PLAN[name]) >= 10_000


@pytest.mark.timeout(0 if LONG else 600)
@pytest.mark.parametrize("name", NAMES)
def test_invariants_hold_after_every_move_of_many_random_games(pool: ProcessPoolExecutor, name: str) -> None:
    futures = []
    for case, count in enumerate(PLAN[name]):
        count *= SCALE
        size = max(20, count // 16)
        for start in range(0, count, size):
            seeds = range(start, min(count, start + size))
            futures.append(pool.submit(run_chunk, name, case, seeds, SAMPLING))
    games = moves = 0
    seen: Counter[str] = Counter()
    try:
        for future in futures:
            played, actions, met = future.result()
            games += played
            moves += actions
            seen.update(met)
    finally:
        for future in futures:
            future.cancel()
    print(f"{name}: {games} games, {moves} actions, {seen['replays']} replayed, "
          f"{seen['view checks']} views checked, {seen['cpu ms'] / 1000:.1f} s of CPU")
    assert games == sum(PLAN[name]) * SCALE >= 10_000
    assert seen["replays"] >= games // SAMPLING.replay_every
    missing = [f for f in FEATURES[name] if not seen[f]]
    assert not missing, f"{name}: the random games never reached {missing} ({dict(seen)})"


# ---- the checkers can fail ----------------------------------------------------------------------
def reach(name: str, case: int, seed: int, until: Callable[[Any], bool]) -> tuple[Any, Checker, Any]:
    """Play a checked random game until ``until(state)``; the game, its checker and the state."""
    game = registry.get(name)
    rules, players = game.conformance_cases()[case]
    checker = CHECKERS[name](game, rules, players)
    rng = random.Random(seed)
    state = game.initial_state(rules, players)
    checker.state(state)
    while not until(state):
        actors = game.to_act(state)
        assert actors, "the game ended first"
        if actors == (CHANCE,):
            seat, action = CHANCE, game.sample_chance(state, rng)
        else:
            seat = actors[rng.randrange(len(actors))]
            action = checker.choose(state, seat, game.legal_moves(state, seat), rng)
        after = game.apply(state, seat, action)
        checker.step(state, seat, action, after)
        checker.state(after)
        state = after
    return game, checker, state


def fails(check: Callable[[], Any], match: str) -> None:
    with pytest.raises(AssertionError, match=match):
        check()


def test_the_accounting_catches_a_card_or_tile_duplicated_or_lost() -> None:
    # Go Fish: a card of the stock also in a hand; a card gone
    _, checker, s = reach("go-fish", 0, 1, lambda s: len(s.history) > 6 and s.stock)
    fails(lambda: checker.state(dataclasses.replace(s, hands=(s.hands[0] | 1 << s.stock[0], *s.hands[1:]))),
          "is in hand 0 and the stock")
    fails(lambda: checker.state(dataclasses.replace(s, stock=s.stock[1:])), "is in no place")
    # dominoes: a sleeping tile also in a hand; a tile of the line gone
    _, checker, s = reach("dominoes", 0, 2, lambda s: len(s.left) + len(s.right) >= 2)
    low = s.sleeping & -s.sleeping
    fails(lambda: checker.state(dataclasses.replace(s, hands=(s.hands[0] | low, *s.hands[1:]))),
          "is in hand 0 and the sleeping tiles")
    fails(lambda: checker.state(dataclasses.replace(s, left=s.left[:-1], right=s.right[:-1])),
          "a hand's size|is in no place")
    # Gin Rummy: the top discard also in the stock
    _, checker, s = reach("gin-rummy", 2, 3, lambda s: s.phase.value == "draw")
    fails(lambda: checker.state(dataclasses.replace(s, stock=(*s.stock, s.pile[-1]))),
          "is in the stock and the pile")
    # Blackjack: a card dealt and still counted in the shoe
    _, checker, s = reach("blackjack", 1, 4, lambda s: s.phase.value == "play" and not s.pending)
    shoe = list(shoe_counts(s.shoe))
    shoe[s.dealer[0].index] = s.rules.decks
    checker.checked_shoe = None
    fails(lambda: checker.state(dataclasses.replace(s, shoe=shoe_of(shoe))), "shoe holds")
    # draughts: a piece appears from nowhere
    _, checker, s = reach("draughts", 0, 5, lambda s: s.plies >= 6)
    more = dataclasses.replace(s.position, black=s.position.black | 1 << 17)  # padding bit 17
    fails(lambda: checker.state(dataclasses.replace(s, position=more, seen=(*s.seen[:-1], more))),
          "off the board")
    # Shut the Box: three dice
    _, checker, s = reach("shut-the-box", 1, 6, lambda s: any(s.dice))
    fails(lambda: checker.state(dataclasses.replace(s, dice=((1, 2, 3), *s.dice[1:]))), "bad dice")


def test_the_scores_are_recomputed_not_trusted() -> None:
    # Shut the Box: a finished turn's score is the open tiles
    _, checker, s = reach("shut-the-box", 2, 1, lambda s: any(x is not None for x in s.scores))
    seat = next(x for x, v in enumerate(s.scores) if v is not None)
    scores = list(s.scores)
    scores[seat] += 1
    fails(lambda: checker.state(dataclasses.replace(s, scores=tuple(scores))), "open tiles")
    # Yahtzee: a box written with one point too many
    game, checker, s = reach("yahtzee", 0, 2, lambda s: s.rolls == 3 and not s.rolling)
    move = game.legal_moves(s, 0)[0]
    after = game.apply(s, 0, move)
    card = after.cards[0]
    i = move.box.index
    wrong = dataclasses.replace(card, boxes=(*card.boxes[:i], card.boxes[i] + 1, *card.boxes[i + 1:]))
    fails(lambda: checker.step(s, 0, move, dataclasses.replace(after, cards=(wrong,))), "points written")
    # dominoes: a hand's points on the sheet
    _, checker, s = reach("dominoes", 0, 3, lambda s: len(s.sheet) == 1)
    fresh = DominoesChecker(checker.game, checker.rules, checker.players)
    bad = dataclasses.replace(s.sheet[0], points=s.sheet[0].points + 1)
    scores = list(s.scores)
    if bad.winner is not None:
        scores[bad.winner] += 1
    fails(lambda: fresh.state(dataclasses.replace(s, sheet=(bad,), scores=tuple(scores))), "rules say")
    # Gin Rummy: scores that are not the sum of the sheet
    _, checker, s = reach("gin-rummy", 2, 4, lambda s: len(s.sheet) == 1 and s.phase.value != "over")
    checker.sheet_seen = 0
    fails(lambda: checker.state(dataclasses.replace(s, scores=(s.scores[0] + 1, s.scores[1]))), "sheet")
    # Blackjack: a bankroll off by half a chip; the running count off by one
    _, checker, s = reach("blackjack", 0, 5, lambda s: len(s.history) == 2)
    players = (dataclasses.replace(s.players[0], balance=s.players[0].balance + Fraction(1, 2)),
               *s.players[1:])
    checker.checked = [None] * len(players)
    fails(lambda: checker.state(dataclasses.replace(s, table=dataclasses.replace(s.table, players=players))),
          "the rounds make")
    fails(lambda: checker.state(dataclasses.replace(s, count=s.count + 1)), "running count")
    # Go Fish: the returns at the end
    game, checker, s = reach("go-fish", 0, 6, lambda s: s.phase.value == "over")

    class Wrong(type(game)):  # type: ignore[misc]
        def returns(self, state: Any) -> tuple[float, ...]:
            return tuple(-v for v in super().returns(state))

    checker.game = Wrong()
    fails(lambda: checker.end(s), "returns")


class _Leaky(type(registry.get("dominoes"))):  # type: ignore[misc]
    """Dominoes whose spectator sees seat 0's hand."""

    def view(self, state: Any, seat: int | None) -> Any:
        return super().view(state, 0 if seat is None else seat)


def test_a_leaky_view_is_caught() -> None:
    game, checker, s = reach("dominoes", 3, 7, lambda s: s.phase.value == "play" and s.lead is not None)
    assert _check_views(game, checker, s, random.Random(1)) > 0
    checker.game = leaky = _Leaky()
    fails(lambda: _check_views(leaky, checker, s, random.Random(1)), "view changed")


def test_a_replay_that_differs_is_caught() -> None:
    game = registry.get("shut-the-box")
    rules, players = game.conformance_cases()[1]
    state = game.initial_state(rules, players)
    entries, states = [], [state]
    for seat, action in [(0, game.legal_moves(state, 0)[-1]), (CHANCE, (3, 4))]:
        entries.append(Entry(seat, game.format_action(state, seat, action)))
        state = game.apply(state, seat, action)
        states.append(state)
    _replay(game, rules, players, entries, states)
    states[-1] = dataclasses.replace(states[-1], dice=((3, 5), *states[-1].dice[1:]))
    fails(lambda: _replay(game, rules, players, entries, states), "different state at move 2")


def test_a_failure_names_the_game_the_seed_and_the_move(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken(CHECKERS["shut-the-box"]):  # type: ignore[misc, valid-type]
        def step(self, before: Any, seat: int, action: Any, after: Any) -> None:
            super().step(before, seat, action, after)
            assert seat != CHANCE or sum(action) != 7, "no sevens"

    monkeypatch.setitem(CHECKERS, "shut-the-box", Broken)
    with pytest.raises(InvariantError, match=r"shut-the-box, case 2 .* seed \d+, move \d+: .*no sevens"):
        for seed in range(50):
            play_checked("shut-the-box", 2, seed)


# ---- bugs these invariants found ----------------------------------------------------------------
def test_regression_a_dealer_blackjack_turned_up_at_the_peek_is_counted() -> None:
    """The running count missed the hole card when the dealer peeked and turned up a blackjack."""
    from parlour.core.cards import Card
    from parlour.games.blackjack.moves import Bet
    from parlour.games.blackjack.rules import Deal, Rules

    game = registry.get("blackjack")
    state = game.initial_state(Rules.casino(deal=Deal.PEEK, decks=1, rounds=2), 1)
    state = game.apply(state, 0, Bet(10))
    for text in ("5C", "AH", "6D", "KS"):  # the player, the dealer's ace, the player, the hole card
        state = game.apply(state, CHANCE, Card.parse(text))
    assert len(state.history) == 1 and state.history[0].dealer[1] == Card.parse("KS")
    assert state.count == 0  # +1 -1 +1 -1: the king, turned up, counts too


def test_regression_resampled_go_fish_hands_hold_no_whole_book() -> None:
    """``resample_hidden`` could deal all four cards of a rank to one hand, which no real deal
    leaves (books are set aside at once)."""
    game, _, state = reach("go-fish", 0, 0, lambda s: s.phase.value == "play" and len(s.history) >= 12)
    for seed in range(300):
        rng = random.Random(seed)
        for seat in (0, 1, None):
            hands = game.resample_hidden(state, seat, rng).hands
            assert not any(h & h >> 13 & h >> 26 & h >> 39 & 0x1FFF for h in hands)
