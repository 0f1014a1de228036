"""The best play of any hand at the table, from the solver: the hints, the trainer's word on a
play, and the values the ``optimal`` and ``counter`` bots play by.

For the hand being played (its cards, whether it came from a split) against the dealer's card
showing (or none, in the manual's deal), every legal decision is valued exactly as the solver
values it (:mod:`parlour.games.blackjack.solver`): per unit of the hand's bet, with the
shoe a full one less the hand's cards and the dealer's card (the composition the strategy chart
is made for; the other players' cards and the cards of earlier rounds are not counted: that is
card counting's business, and the counting bot's).  Where the dealer has peeked, the values are
those once the dealer is known to have no blackjack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from parlour.core.protocol import Advice, Hint
from parlour.games.blackjack.engine import legal_moves
from parlour.games.blackjack.moves import DoubleDown, Hit, Move, Split, Stand, SurrenderHand, TrainerNote
from parlour.games.blackjack.notation import chips, format_move
from parlour.games.blackjack.rules import Deal, Rules
from parlour.games.blackjack.solver.dealer import ZERO, Shoe, counts_of, total_of
from parlour.games.blackjack.solver.player import UpCard, needed_keys
from parlour.games.blackjack.state import Phase, State, value
from parlour.games.blackjack.view import public


def _play_rules(rules: Rules) -> Rules:
    """The rules with the table's money and length set aside (they do not change the play)."""
    return Rules(deal=rules.deal, blackjack=rules.blackjack, double=rules.double,
                 split_hands=rules.split_hands, resplit_aces=rules.resplit_aces,
                 hit_split_aces=rules.hit_split_aces, double_after_split=rules.double_after_split,
                 surrender=rules.surrender, soft17=rules.soft17, decks=rules.decks)


@lru_cache(maxsize=64)
def _up_card(rules: Rules, up: int | None) -> UpCard:
    shoe = Shoe(rules.decks)
    return UpCard(rules, shoe, up, needed_keys(rules, shoe, up))


def warm(rules: Rules) -> None:
    """Build the values against every dealer card the table can show (cached for the process)."""
    play = _play_rules(rules)
    for up in ((None,) if play.deal is Deal.MANUAL else (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)):
        _up_card(play, up)


def values(state: State, seat: int, moves: Sequence[Move]) -> dict[type, float]:
    """Each of ``moves`` (hit, stand, double, split, surrender) for the hand ``seat`` is playing,
    valued per unit of its bet; moves of other kinds are left out."""
    rules = _play_rules(state.rules)
    up_card = state.up_card
    up = None if up_card is None or rules.deal is Deal.MANUAL else value(up_card)
    solver = _up_card(rules, up)
    hand = state.hand
    cards = hand.values
    counts = counts_of(cards)
    extra = counts_of(cards[:1]) if hand.from_split else ZERO
    hard = sum(cards)
    total, _ = total_of(counts)
    removed = tuple(a + b for a, b in zip(counts, extra, strict=True))
    no_bj = solver.no_blackjack(counts)
    out: dict[type, float] = {}
    for move in moves:
        kind = type(move)
        if kind is Stand:
            got = solver.stand(removed, total)
        elif kind is Hit:
            got = solver.hit(counts, extra, hard)
        elif kind is DoubleDown:
            got = solver.double(counts, extra, hard)
        elif kind is Split:
            got = solver.split(cards[0])
        elif kind is SurrenderHand:
            got = solver.surrender(counts)
        else:
            continue
        out[kind] = got / no_bj if no_bj > 0 else got
    return out


def hint(state: State, seat: int, legal: Sequence[Move]) -> Hint[Move] | None:
    """Every play ranked by its expected return (per unit of the hand's bet), best first."""
    if state.phase is not Phase.PLAY:
        return None
    valued = values(state, seat, legal)
    ranked = sorted((m for m in legal if type(m) in valued), key=lambda m: -valued[type(m)])
    if not ranked:
        return None
    hand = state.hand
    best = valued[type(ranked[0])]
    options = []
    for m in ranked:
        v = valued[type(m)]
        why = (f"{format_move(m)}: expected return {v:+.3f} a chip bet "
               f"({_chips_word(v * hand.bet)} on this hand)")
        if m is not ranked[0]:
            why += f", {best - v:.3f} worse than {format_move(ranked[0])}"
        options.append(Advice(m, v, why))
    showing = "no dealer card showing" if state.up_card is None or state.rules.deal is Deal.MANUAL \
        else f"the dealer showing {state.up_card.pretty}"
    summary = (f"Best: {format_move(ranked[0])} on {'soft ' if hand.soft else ''}{hand.total} against "
               f"{showing} (expected return {best:+.3f} a chip bet)")
    return Hint(summary, tuple(options), "expected return")


def _chips_word(amount: float) -> str:
    sign = "+" if amount > 0 else "\u2212" if amount < 0 else "\u00b1"
    rounded = round(abs(amount), 2)
    return f"{sign}{chips(int(rounded)) if rounded == int(rounded) else f'{rounded:.2f}'} chips"


def judge(state: State, seat: int, move: Move) -> TrainerNote | None:
    """The trainer's word on ``move``, a play of the hand to act, valued from ``seat``'s view
    (``None`` for a move that plays no hand)."""
    if state.phase is not Phase.PLAY or state.pending or state.current[0] != seat:
        return None
    legal = legal_moves(state, seat)
    valued = values(public(state), seat, legal)
    if move not in legal or type(move) not in valued:
        return None
    best = max(valued, key=lambda kind: valued[kind])
    name = {type(m): format_move(m) for m in legal}
    return TrainerNote(seat, state.current[1], name[type(move)], name[best], valued[type(move)], valued[best])


def train(before: State, seat: int, move: Move, after: State) -> State:
    """``after``, the state ``move`` led to, with the trainer's word on the move and the seat's
    share of best plays (a move that plays no hand leaves both as they were)."""
    note = judge(before, seat, move)
    if note is None:
        return after
    trained = list(after.trained or [(0, 0)] * len(after.players))
    judged, best = trained[seat]
    trained[seat] = (judged + 1, best + note.correct)
    return replace(after, table=replace(after.table, trained=tuple(trained), note=note))
