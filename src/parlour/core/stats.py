"""A simulation's tallies: each seat's wins, returns and scores, with rates and margins."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass
class SeatStats:
    label: str
    wins: float = 0.0
    """Games won; a shared win counts as a share."""
    returns: float = 0.0
    returns_sq: float = 0.0
    scores: Counter[int] = field(default_factory=Counter)


@dataclass
class SimulationResult:
    game: str
    games: int
    seats: list[SeatStats]
    highlight: str | None = None
    highlight_score: int | None = None
    unfinished: int = 0
    """Games the driver stopped at its move cap (counted in ``games``, won by nobody)."""

    @staticmethod
    def _rate(k: float, n: int) -> tuple[float, float]:
        p = k / n if n else 0.0
        return p, math.sqrt(p * (1 - p) / n) if n else 0.0

    def to_json(self) -> dict[str, Any]:
        seats = []
        for s in self.seats:
            win, win_se = self._rate(s.wins, self.games)
            mean = s.returns / self.games
            var = max(0.0, s.returns_sq / self.games - mean * mean)
            turns = sum(s.scores.values())
            item: dict[str, Any] = {
                "seat": s.label,
                "win_rate": win,
                "win_rate_se": win_se,
                "win_rate_95": [max(0.0, win - 1.96 * win_se), min(1.0, win + 1.96 * win_se)],
                "mean_return": mean,
                "mean_return_se": math.sqrt(var / self.games),
            }
            if turns:
                item["rounds"] = turns
                item["mean_score"] = sum(k * v for k, v in s.scores.items()) / turns
                item["score_distribution"] = {str(k): v for k, v in sorted(s.scores.items())}
                if self.highlight is not None:
                    rate, se = self._rate(s.scores[self.highlight_score or 0], turns)
                    item[f"{self.highlight}_rate"] = rate
                    item[f"{self.highlight}_rate_se"] = se
            seats.append(item)
        return {"game": self.game, "games": self.games, "unfinished": self.unfinished, "seats": seats}


__all__ = ["SeatStats", "SimulationResult"]
