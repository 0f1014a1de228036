"""States are plain values: equal states play alike through the protocol, whoever made them (the
engine, ``dataclasses.replace`` or a constructor), and the bets and the settlement read only the
state's fields."""

from __future__ import annotations

import dataclasses
import pickle
import random
from fractions import Fraction

from parlour.core.cards import Card
from parlour.core.protocol import CHANCE
from parlour.games.blackjack import GAME, Bet, Stand
from parlour.games.blackjack.rules import Deal, Rules
from parlour.games.blackjack.state import Player, State

RULES = Rules(deal=Deal.NO_PEEK, rounds=1, max_bet=1, penetration=0)


def _fresh(state: State) -> State:
    """``state`` made anew: an equal value, another object."""
    return dataclasses.replace(state)


def test_a_first_card_from_equal_states_gives_equal_states() -> None:
    start = GAME.initial_state(RULES, 1)
    assert GAME.initial_state(RULES, 1) == start
    after_bet = GAME.apply(start, 0, Bet(1))
    assert GAME.apply(_fresh(start), 0, Bet(1)) == after_bet
    for card in GAME.possible_outcomes(after_bet)[:5]:
        made = GAME.apply(after_bet, CHANCE, card)
        again = GAME.apply(_fresh(after_bet), CHANCE, card)
        assert again == made and hash(again) == hash(made)
        assert made.shoe.count(card.index) == after_bet.shoe.count(card.index) - 1
        assert made.dealt == after_bet.dealt + 1


def test_random_games_from_a_state_and_from_copies_of_it_are_the_same_games() -> None:
    """The same random games from the initial state and from a copy made at every step (and one
    through pickle): the same moves, cards and results."""
    for seed in range(40):
        ends = []
        for copy in (None, _fresh, lambda s: pickle.loads(pickle.dumps(s))):
            rng = random.Random(seed)
            state = GAME.initial_state(RULES, 1)
            while actors := GAME.to_act(state):
                if actors == (CHANCE,):
                    state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                else:
                    legal = GAME.legal_moves(state, actors[0])
                    state = GAME.apply(state, actors[0], legal[rng.randrange(len(legal))])
                if copy is not None:
                    state = copy(state)
            ends.append(state)
        assert ends[0] == ends[1] == ends[2]
        assert ends[0].history == ends[1].history and len(ends[0].history) == 1


def test_the_bets_follow_each_seats_chips() -> None:
    rich = GAME.initial_state(dataclasses.replace(RULES, max_bet=5), 2)
    poorer = (Player(2), rich.players[1])
    poor = dataclasses.replace(rich, table=dataclasses.replace(rich.table, players=poorer))
    assert [m.amount for m in GAME.legal_moves(rich, 0)] == [1, 2, 3, 4, 5]
    assert [m.amount for m in GAME.legal_moves(poor, 0)] == [1, 2]
    assert [m.amount for m in GAME.legal_moves(poor, 1)] == [1, 2, 3, 4, 5]
    assert GAME.legal_moves(rich, 2) == () and GAME.legal_moves(rich, CHANCE) == ()
    half_bet = GAME.apply(poor, 0, Bet(2))
    assert GAME.legal_moves(half_bet, 0) == () and GAME.to_act(half_bet) == (1,)


def test_a_balance_of_any_fraction_is_settled_exactly() -> None:
    for balance in (Fraction(50), Fraction(101, 2)):
        start = GAME.initial_state(RULES, 1)
        state = dataclasses.replace(start, table=dataclasses.replace(start.table, players=(Player(balance),)))
        state = GAME.apply(state, 0, Bet(1))
        for text in ("TS", "9H", "8D", "7C"):  # 18 against 16: the dealer draws
            state = GAME.apply(state, CHANCE, Card.parse(text))
        state = GAME.apply(state, 0, Stand())
        state = GAME.apply(state, CHANCE, Card.parse("KC"))  # the dealer busts
        assert GAME.to_act(state) == ()
        assert state.players[0].balance == balance + 1
        assert state.history[0].hands[0][0].net == 1


def test_the_engine_gives_a_new_states_fields_in_their_order_each_named_after_its_field() -> None:
    """The engine (and the view) makes states with the constructor, the fields given in their
    order; each argument reads as its field (``count``, ``state.count``; the phase may be a phase
    by name), so that a field out of place shows."""
    import ast
    from pathlib import Path

    import parlour.games.blackjack.engine as engine
    from parlour.games.blackjack import state

    phases = {name for name in dir(state) if isinstance(getattr(state, name), state.Phase)}

    def reads_as(arg: ast.expr, field: str) -> bool:
        if isinstance(arg, ast.Name):
            return arg.id == field or (field == "phase" and arg.id in phases)
        if isinstance(arg, ast.Attribute):
            return arg.attr == field
        return False

    fields = [field.name for field in dataclasses.fields(State)]
    calls = 0
    package = Path(engine.__file__).parent.parent
    for module in [*package.glob("engine/*.py"), package / "view.py"]:
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "State":
                calls += 1
                where = f"{module.name}:{node.lineno}"
                assert len(node.args) + len(node.keywords) == len(fields), where
                assert all(reads_as(arg, field) for field, arg in zip(fields, node.args, strict=False)), where
                assert [k.arg for k in node.keywords] == fields[len(node.args):], where
    assert calls >= 6
