"""Go Fish: the engine, notation, views and bots."""

from parlour.games.go_fish.game import GAME, GoFish
from parlour.games.go_fish.notation import Ask, Deal, FirstDealer, Move, Outcome
from parlour.games.go_fish.rules import Ending, Rules
from parlour.games.go_fish.state import Act, Event, Phase, State
from parlour.games.go_fish.view import GoFishView

__all__ = ["GAME", "Act", "Ask", "Deal", "Ending", "Event", "FirstDealer", "GoFish", "GoFishView", "Move",
           "Outcome", "Phase", "Rules", "State"]
