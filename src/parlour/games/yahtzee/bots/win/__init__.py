"""The ``win`` bot: with two or more players it plays to beat the others, not for its average.

:mod:`.bot` is the bot; :mod:`.plan` the maths that values a turn's choices by the chance to win.
"""

from parlour.games.yahtzee.bots.win.bot import EXACT_BOXES, PLAN_BOXES, WinBot, make_win

__all__ = ["EXACT_BOXES", "PLAN_BOXES", "WinBot", "make_win"]
