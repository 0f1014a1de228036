"""The rules in motion: the start, whose turn it is, the legal moves and their effect, chance,
the scoring of a hand and the end of the game.

Legal moves, in this order:

* the up-card offer: ``take``, ``pass``;
* the draw: ``draw``, then ``take`` (only ``draw`` when both players refused the up-card);
* holding eleven cards: every ``discard`` (cards in bit order: clubs, diamonds, hearts, spades,
  ace to king), then every ``knock``, then every ``gin``; never the card just taken from the
  discard pile; only knocks and gins after taking the last discard at the wall;
* at the wall (``wall_take``): ``take`` if the card would let the player knock or go gin, then
  ``pass``;
* laying off: every ``lay off`` card that fits now (bit order), ``done``, ``lay off best``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Container
from fractions import Fraction
from functools import lru_cache
from typing import Any

from parlour.core.cards import Card, standard_deck
from parlour.core.errors import RulesError
from parlour.core.protocol import CHANCE
from parlour.games.gin_rummy.deck import CARDS, INDEX, bits, cards_of
from parlour.games.gin_rummy.layoff import Table, best_layoff, fits, knock_layout, lay_off
from parlour.games.gin_rummy.melds import arrange, deadwood, discard_deadwoods, unmatched
from parlour.games.gin_rummy.moves import (
    Act,
    BestLayOff,
    Chance,
    Deal,
    Discard,
    Done,
    Draw,
    FirstDealer,
    Gin,
    HandResult,
    Knock,
    LayOff,
    Move,
    Pass,
    Take,
)
from parlour.games.gin_rummy.rules import Outcome, Rules, hand_score, settle
from parlour.games.gin_rummy.state import Phase, State, event_code

PLAYING = (Phase.OFFER, Phase.DRAW, Phase.DISCARD, Phase.WALL, Phase.LAYOFF)
WALL = 2
"""The hand ends when a discard leaves this many cards in the stock."""

_OFFER: tuple[Move, ...] = (Take(), Pass())
_DRAW: tuple[Move, ...] = (Draw(), Take())
_DRAW_ONLY: tuple[Move, ...] = (Draw(),)
_PASS_ONLY: tuple[Move, ...] = (Pass(),)


def initial_state(rules: Rules, players: int) -> State:
    """A game before the first dealer is drawn (``RulesError`` unless two play by sound rules)."""
    if players != 2:
        raise RulesError(f"Gin Rummy is for two players, not {players}")
    rules.check()
    return State(rules=rules)


def to_act(state: State) -> tuple[int, ...]:
    """Chance before each hand (the first dealer, then the deal), else the seat to act."""
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    if phase is Phase.CUT or phase is Phase.DEAL:
        return (CHANCE,)
    return (state.current,)


# ---- chance ------------------------------------------------------------------------------------

CUT = ((FirstDealer(0), Fraction(1, 2)), (FirstDealer(1), Fraction(1, 2)))
"""The first dealer: each seat with 1/2."""
_DECK = frozenset(standard_deck())


class AnyShuffle(Container[Any]):
    """Every order of the 52 cards (a deal is sampled, never listed)."""

    def __contains__(self, outcome: object) -> bool:
        return (isinstance(outcome, Deal) and len(outcome.cards) == 52
                and frozenset(outcome.cards) == _DECK)


def chance_outcomes(state: State) -> tuple[tuple[Chance, Fraction], ...] | None:
    """The first dealer's odds; a deal is sampled (``None``)."""
    return CUT if state.phase is Phase.CUT else None


def possible_outcomes(state: State) -> list[Chance] | AnyShuffle | tuple[()]:
    if state.phase is Phase.CUT:
        return [o for o, _ in CUT]
    if state.phase is Phase.DEAL:
        return AnyShuffle()
    return ()


def sample_chance(state: State, rng: random.Random) -> Chance:
    """The first dealer by lot, or the deck shuffled."""
    if state.phase is Phase.CUT:
        return FirstDealer(rng.randrange(2))
    deck = list(standard_deck())
    rng.shuffle(deck)
    return Deal(tuple(deck))


def deal(state: State, outcome: Deal) -> State:
    """The deck dealt: ten cards each, one at a time, non-dealer first; the 21st face up."""
    order = [INDEX[c] for c in outcome.cards]
    non = 1 - state.dealer
    hands = [0, 0]
    for i, card in enumerate(order[:20]):
        hands[non if i % 2 == 0 else state.dealer] |= 1 << card
    return dataclasses.replace(
        state, phase=Phase.OFFER, current=non, hands=(hands[0], hands[1]), stock=tuple(order[21:]),
        pile=(order[20],), taken=-1, refused=0, must_knock=False, history=(), known=(0, 0), knocker=-1,
        gin=False, face_down=-1, layout=(), table=(), laid=())


def apply_outcome(state: State, outcome: Chance) -> State:
    if isinstance(outcome, FirstDealer):
        return dataclasses.replace(state, phase=Phase.DEAL, dealer=outcome.seat)
    return deal(state, outcome)


# ---- moves -------------------------------------------------------------------------------------

def _set(pair: tuple[int, int], seat: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


@lru_cache(maxsize=1 << 15)
def eleven_card_moves(hand: int, taken: int, must_knock: bool, limit: int) -> tuple[Move, ...]:
    """The moves of a player holding eleven cards (see the module's docstring)."""
    options = [(c, left) for c, left in discard_deadwoods(hand) if c != taken]
    discards: list[Move] = [] if must_knock else [Discard(CARDS[c]) for c, _ in options]
    knocks: list[Move] = [Knock(CARDS[c]) for c, left in options if 0 < left <= limit]
    gins: list[Move] = [Gin(CARDS[c]) for c, left in options if left == 0]
    return (*discards, *knocks, *gins)


def can_knock_with(hand: int, card: int, limit: int) -> bool:
    """Whether taking ``card`` lets a player holding ``hand`` knock or go gin (discarding another)."""
    return any(c != card and left <= limit for c, left in discard_deadwoods(hand | 1 << card))


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    phase = state.phase
    if phase not in PLAYING or seat != state.current:
        return ()
    if phase is Phase.DISCARD:
        return eleven_card_moves(state.hands[seat], state.taken, state.must_knock,
                                 state.rules.knock_limit)
    if phase is Phase.DRAW:
        return _DRAW_ONLY if state.refused == 2 else _DRAW
    if phase is Phase.OFFER:
        return _OFFER
    if phase is Phase.WALL:
        top = state.pile[-1]
        return _OFFER if can_knock_with(state.hands[seat], top, state.rules.knock_limit) else _PASS_ONLY
    hand = state.hands[seat]
    lays: list[Move] = [LayOff(CARDS[c]) for c in bits(hand) if fits(state.table, c) >= 0]
    return (*lays, Done(), BestLayOff())


def _push(state: State, seat: int, act: Act, card: int = -1) -> tuple[int, ...]:
    return (*state.history, event_code(seat, act, card))


def apply_move(state: State, seat: int, move: Move) -> State:
    """Apply a move known to be legal."""
    replace = dataclasses.replace
    hand = state.hands[seat]
    if isinstance(move, Take):
        top = state.pile[-1]
        return replace(state, phase=Phase.DISCARD, hands=_set(state.hands, seat, hand | 1 << top),
                       pile=state.pile[:-1], taken=top, must_knock=state.phase is Phase.WALL,
                       history=_push(state, seat, Act.TAKE, top),
                       known=_set(state.known, seat, state.known[seat] | 1 << top))
    if isinstance(move, Pass):
        history = _push(state, seat, Act.PASS)
        if state.phase is Phase.WALL:
            return cancel(replace(state, history=history))
        if state.refused == 0:
            return replace(state, current=state.dealer, refused=1, history=history)
        return replace(state, phase=Phase.DRAW, current=1 - state.dealer, refused=2, history=history)
    if isinstance(move, Draw):
        top = state.stock[0]
        return replace(state, phase=Phase.DISCARD, hands=_set(state.hands, seat, hand | 1 << top),
                       stock=state.stock[1:], taken=-1, history=_push(state, seat, Act.DRAW))
    if isinstance(move, Discard):
        card = INDEX[move.card]
        after = replace(state, hands=_set(state.hands, seat, hand ^ 1 << card),
                        pile=(*state.pile, card), taken=-1, refused=0,
                        history=_push(state, seat, Act.DISCARD, card),
                        known=_set(state.known, seat, state.known[seat] & ~(1 << card)))
        if len(state.stock) > WALL:
            return replace(after, phase=Phase.DRAW, current=1 - seat)
        if state.rules.wall_take:
            return replace(after, phase=Phase.WALL, current=1 - seat)
        return cancel(after)
    if isinstance(move, Knock | Gin):
        return knock(state, seat, INDEX[move.card], isinstance(move, Gin))
    if isinstance(move, LayOff):
        return after_lay_off(lay(state, seat, INDEX[move.card]))
    if isinstance(move, BestLayOff):
        for card in best_layoff(state.table, hand).cards:
            state = lay(state, seat, card)
        return score(state)
    assert isinstance(move, Done)
    return score(state)


def knock(state: State, seat: int, card: int, gin: bool) -> State:
    """Discard face down, lay out (``layoff.knock_layout``); then the lay-off step or the score."""
    hand = state.hands[seat] ^ 1 << card
    layout = knock_layout(hand).melds
    after = dataclasses.replace(
        state, hands=_set(state.hands, seat, hand), taken=-1, must_knock=False, knocker=seat, gin=gin,
        face_down=card, layout=layout, table=layout,
        history=_push(state, seat, Act.GIN if gin else Act.KNOCK))
    if gin:
        return score(after)
    return after_lay_off(after)


def lay(state: State, seat: int, card: int) -> State:
    return dataclasses.replace(
        state, hands=_set(state.hands, seat, state.hands[seat] ^ 1 << card),
        table=lay_off(state.table, card), laid=(*state.laid, card),
        history=_push(state, seat, Act.LAY_OFF, card))


def can_lay_off(table: Table, hand: int) -> bool:
    return any(fits(table, c) >= 0 for c in bits(hand))


def after_lay_off(state: State) -> State:
    """The defender's turn to lay off, unless no card of theirs fits (then the hand is scored)."""
    defender = state.defender
    if can_lay_off(state.table, state.hands[defender]):
        return dataclasses.replace(state, phase=Phase.LAYOFF, current=defender)
    return score(state)


def _clear(state: State) -> State:
    """Forget the hand's cards (the score sheet keeps what the rules showed)."""
    return dataclasses.replace(state, hands=(0, 0), stock=(), pile=(), taken=-1, refused=0,
                               must_knock=False, history=(), known=(0, 0), knocker=-1, gin=False,
                               face_down=-1, layout=(), table=(), laid=())


def cancel(state: State) -> State:
    """The wall: no score, the same dealer deals again."""
    result = HandResult(state.hand_number, state.dealer, Outcome.CANCELLED)
    return _clear(dataclasses.replace(state, phase=Phase.DEAL, sheet=(*state.sheet, result)))


def score(state: State) -> State:
    """Score a knock or gin; the next deal (the other player deals), or the end of the game."""
    knocker, defender = state.knocker, state.defender
    knocker_hand, defender_hand = state.hands[knocker], state.hands[defender]
    knocker_count = deadwood(knocker_hand)
    rest = arrange(defender_hand)
    outcome, points = hand_score(state.rules, knocker_count, rest.deadwood, state.gin)
    winner = defender if outcome is Outcome.UNDERCUT else knocker
    melds: list[tuple[tuple[Card, ...], ...]] = [(), ()]
    loose: list[tuple[Card, ...]] = [(), ()]
    counts = [0, 0]
    melds[knocker] = tuple(cards_of(m) for m in state.layout)
    loose[knocker] = cards_of(unmatched(knocker_hand, state.layout))
    counts[knocker] = knocker_count
    melds[defender] = tuple(cards_of(m) for m in rest.melds)
    loose[defender] = cards_of(rest.unmatched)
    counts[defender] = rest.deadwood
    result = HandResult(
        state.hand_number, state.dealer, outcome, knocker, winner, points, (counts[0], counts[1]),
        (melds[0], melds[1]), (loose[0], loose[1]), tuple(CARDS[c] for c in state.laid))
    scores = _set(state.scores, winner, state.scores[winner] + points)
    boxes = _set(state.boxes, winner, state.boxes[winner] + 1)
    over = scores[winner] >= state.rules.target
    return _clear(dataclasses.replace(
        state, phase=Phase.OVER if over else Phase.DEAL, dealer=state.dealer if over else 1 - state.dealer,
        scores=scores, boxes=boxes, sheet=(*state.sheet, result)))


def returns(state: State) -> tuple[float, float]:
    """At the end: what each player wins, the loser paying the difference of the totals (hand
    points, game bonus, box bonuses).  Before: the difference of the hand points."""
    winner = state.winner
    if winner is None:
        diff = state.scores[0] - state.scores[1]
    else:
        totals = settle(state.rules, state.scores, state.boxes, winner).totals
        diff = totals[0] - totals[1]
    return (float(diff), float(-diff))


def winners(state: State) -> tuple[int, ...]:
    """The player who reached the target (whatever the bonuses make of the payment)."""
    winner = state.winner
    return () if winner is None else (winner,)


def seat_scores(state: State) -> tuple[tuple[int, ...], ...]:
    """Each seat's points in every hand played out (0 in the hands the other won)."""
    played = [h for h in state.sheet if h.winner is not None]
    return tuple(tuple(h.points if h.winner == s else 0 for h in played) for s in (0, 1))


def explain(state: State, seat: int, move: Move) -> str:
    """Why ``move`` is not legal now (called only when it is not)."""
    phase = state.phase
    if phase is Phase.OFFER:
        return "the up-card is offered: take it or pass"
    if phase is Phase.WALL:
        if isinstance(move, Take):
            return (f"taking {CARDS[state.pile[-1]]} would not let you knock or go gin; "
                    "at the wall you may take it only to knock or go gin (else pass)")
        return "at the wall you may take the last discard to knock or go gin, or pass"
    if phase is Phase.DRAW:
        if isinstance(move, Take) and state.refused == 2:
            return "both players refused the up-card: draw from the stock"
        return "draw first: draw from the stock, or take the top discard"
    if phase is Phase.LAYOFF:
        if isinstance(move, LayOff):
            if not state.hands[seat] >> INDEX[move.card] & 1:
                return f"you do not hold {move.card}"
            return f"{move.card} does not fit on any of the knocker's melds now"
        return "lay cards off on the knocker's melds (lay off CARD, lay off best), or say done"
    if not isinstance(move, Discard | Knock | Gin):
        return "you hold eleven cards: discard, knock or go gin"
    card = INDEX[move.card]
    hand = state.hands[seat]
    if not hand >> card & 1:
        return f"you do not hold {move.card}"
    if card == state.taken:
        return f"you took {move.card} from the discard pile this turn: discard another card"
    if isinstance(move, Discard):
        return "you took the last discard at the wall: you must knock or go gin"
    left = deadwood(hand ^ 1 << card)
    limit = state.rules.knock_limit
    if isinstance(move, Knock):
        if left == 0:
            return f"discarding {move.card} leaves no deadwood: that is gin (gin {move.card})"
        if limit == 0:
            return f"discarding {move.card} leaves {left} deadwood: these rules allow only gin"
        return f"discarding {move.card} leaves {left} deadwood: you may knock with {limit} or less"
    return f"discarding {move.card} leaves {left} deadwood: gin needs none"
