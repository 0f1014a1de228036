"""The best play of Blackjack under any house rules, and what it is worth.

:func:`solve` gives a :class:`Strategy`: for every hand class (hard totals, soft totals, pairs)
and every dealer card that may be showing (2..10, ace; or, in the manual's deal, no card
showing) the value of each legal decision per unit of initial bet, the best decision, and the
expected return of the whole game per unit bet (:attr:`Strategy.expectation`).

The model
---------
* The player decides knowing their own cards and the dealer's card showing (if any), never the
  other players' cards.  Values are expectations per unit of the initial bet.
* ``Deal.PEEK`` (with blackjacks paying): a dealer blackjack ends the round before the players
  act; the player loses the bet, or pushes with a blackjack.  Each chart value is the value once
  the dealer has peeked and found no blackjack (the usual convention); the draws that follow are
  conditioned on the hole card exactly (the hole card is one more unknown card, not a ten under an
  ace and not an ace under a ten).  The game's expectation adds the blackjack rounds back.
* ``Deal.NO_PEEK`` and ``Deal.NO_HOLE_CARD``: the dealer's second card is unknown to the player
  (whether dealt before or after the players, it is equally likely to be any unseen card); a
  dealer blackjack takes every bet, doubles and split hands included, and pushes with a
  player's blackjack.  Late surrender is honoured only when the dealer turns out to have no
  blackjack: a surrendered hand loses the whole bet to a dealer blackjack shown later.
* ``Deal.MANUAL``: no dealer card showing, the dealer's cards all unknown; a player bust loses
  even if the dealer busts; with ``Payout.NONE`` a two-card 21 is just 21 for both sides.  With
  paying blackjacks and the manual deal, a dealer blackjack (shown after the players) is treated
  as without a peek.
* Insurance is a side bet and is never taken here (it is not part of the expectation).
* Infinite deck (``decks=0``): exact.  Split hands are independent given the dealer's cards, so a
  split is worth the sum of its hands, each played on its own, resplitting when that is worth
  more than playing the pair on (the expected number of hands by a small recursion).
* Finite decks: composition dependent — every decision uses the cards actually out of the shoe
  (the player's cards, the dealer's card showing, and the cards drawn so far), and the dealer's
  final totals are computed from the shoe less those cards.  **Approximation for splits**: each
  split hand is played on its own with the shoe less the pair, the dealer's card and that hand's
  own cards (the other split hands' cards are not removed), and the chance of drawing another pair
  card is taken from the shoe less the pair and the dealer's card for every resplit.

The package: :mod:`.dealer` (the shoe, the dealer's final totals), :mod:`.player` (the player's
values against one dealer card), :mod:`.chart` (:func:`solve`, the chart and the expectation).
"""

from parlour.games.blackjack.solver.chart import (
    DEALER_CARDS,
    Action,
    Decision,
    HandClass,
    Kind,
    Strategy,
    solve,
)

__all__ = ["DEALER_CARDS", "Action", "Decision", "HandClass", "Kind", "Strategy", "solve"]
