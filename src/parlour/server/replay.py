"""A game at a table step by step, for the replay page: the position before each action and after
it, rebuilt from the stored log by applying each recorded action (chance outcomes included) again.

Every position is shown as a spectator sees it (``game.view(state, None)``), so a replay never shows
more than somebody watching the table saw: the cards a game reveals at its end (a showdown, the
dealer's hole card) appear where the game itself turned them up.  A game with hidden cards is replayed
only once it is over; a game without (draughts, Shut the Box, Yahtzee) may also be stepped through
while it is played (``live``: draughts' "look back"), since every step of it is on the table already.
A chance outcome's notation is given only in games without hidden cards (in others it would be a
deck's order: the seed in another form).
"""

from __future__ import annotations

from typing import Any

from parlour.core.protocol import CHANCE
from parlour.server.live import RequestError
from parlour.server.tables import Hub


async def game_steps(hub: Hub, code: str, game_no: int | None, live: bool = False) -> dict[str, Any]:
    """Game ``game_no`` of table ``code`` (the current game by default) as ``steps``: step 0 the
    position before any action, step ``n`` the position after action ``n``.  Each step has ``n``,
    ``seat`` (``-1`` for chance, ``None`` for step 0), ``who``, ``move`` (the notation, or ``None``),
    ``text`` (the log line a spectator reads), ``view`` (the spectator's view JSON) and ``to_act``."""
    table, number = await hub.game_of(code, game_no)
    game = table.game
    in_play = number == table.game_no and not table.over
    if in_play and not live:
        raise RequestError("not-over", "this game is still being played: it can be replayed once "
                           "it is over", 409)
    if in_play and game.spec.hidden_information:
        raise RequestError("not-over", "this game has hidden cards: it can be replayed once it "
                           "is over", 409)
    names = table.names()
    state = game.initial_state(table.rules, len(table.seats))
    steps: list[dict[str, Any]] = [_step(game, state, 0, None, "", None, "The start of the game")]
    for n, (seat, text, _) in enumerate(await hub.db.read(hub.storage.game_log, table.id, number), start=1):
        action = game.parse_action(state, seat, text)
        line = game.describe_for(state, seat, action, None, names)
        state = game.apply(state, seat, action)
        public = seat != CHANCE or not game.spec.hidden_information
        who = "Chance" if seat == CHANCE else names[seat]
        steps.append(_step(game, state, n, seat, who, text if public else None, line))
    over = game.is_terminal(state)
    return {
        "code": table.code, "game": game.spec.name, "title": game.spec.title, "game_no": number,
        "games": table.game_no, "over": over, "names": names,
        "result": game.result_text(state, names) if over else None,
        "winners": list(game.winners(state)) if over else [],
        "steps": steps,
    }


def _step(game: Any, state: Any, n: int, seat: int | None, who: str, move: str | None,
          text: str) -> dict[str, Any]:
    return {"n": n, "seat": seat, "who": who, "move": move, "text": text,
            "view": game.view(state, None).to_json(), "to_act": list(game.to_act(state))}


__all__ = ["game_steps"]
