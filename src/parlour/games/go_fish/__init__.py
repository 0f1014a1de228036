"""Go Fish: the rules (``engine``), notation, views and bots.

The package follows ``docs/architecture.md``; besides the template's modules, ``deck.py`` holds
the cards as bits of a mask, and ``track.py`` reads what the public history tells about every
hand (for the bots, and for ``view.resample_hidden``).
"""

from parlour.games.go_fish.game import GAME, GoFish
from parlour.games.go_fish.moves import Act, Ask, Deal, Event, FirstDealer, Move, Outcome
from parlour.games.go_fish.rules import Ending, Rules
from parlour.games.go_fish.state import Phase, State, Table
from parlour.games.go_fish.view import GoFishView

__all__ = ["GAME", "Act", "Ask", "Deal", "Ending", "Event", "FirstDealer", "GoFish", "GoFishView", "Move",
           "Outcome", "Phase", "Rules", "State", "Table"]
