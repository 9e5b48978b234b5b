"""The strong bot of every game in the registry: legal, honest (a function of its view),
repeatable from its view as data, and its search state plays by the game's rules.

Every search here has an iteration budget and a seed, so each test decides the
same way on any machine, however loaded. Each game brings its half
(:class:`contract.StrongCase`) in its ``<game>_case.py``; its own tactics are
in its own folder.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import hypothesis_profiles
from support.engine import chromino_case, triominos_case
from support.engine.contract import GameCase, StrongCase

from chromino import GAMES, GameDescriptor
from chromino.core.bots import Bot, random_bot
from chromino.core.search import Budget
from chromino.core.selfplay import play_bot_game
from chromino.core.strong import StrongDriver

hypothesis_profiles.load()

Case = Any
"""A :class:`GameCase` that is also a :class:`StrongCase`."""
CASES: dict[str, Case] = {case.name: case for case in (chromino_case.CASE, triominos_case.CASE)}
assert all(isinstance(case, GameCase | StrongCase) for case in CASES.values())


def advanced_game(game: GameDescriptor, players: int, seed: int, moves: int, options: Any) -> Any:
    """A game dealt from ``seed`` and played ``moves`` actions on by random bots."""
    live = game.game_type.new([f"p{seat}" for seat in range(players)], seed, options)
    rng = random.Random(seed)
    while not live.is_over and len(live.moves) < moves:
        live.apply(live.current, random_bot(live.view_for(live.current), rng))
    return live


def information_of(game: GameDescriptor) -> Any:
    """The game's information state for the search (every game here has one)."""
    assert game.information is not None, f"{game.name} has no search"
    return game.information


def strong_bot_of(game: GameDescriptor) -> Any:
    assert game.strong_bot is not None, f"{game.name} has no strong bot"
    return game.strong_bot


def strong_move(game: GameDescriptor, view: Any, seed: int, budget: Budget) -> Any:
    information = information_of(game)
    return StrongDriver(information, game.game_type.view_type).move(view, seed, budget)


def analyse(game: GameDescriptor, view: Any, rng: random.Random, budget: Budget) -> Any:
    driver = StrongDriver(information_of(game), game.game_type.view_type)
    return driver.analyse(view, rng, budget)


every_game = pytest.mark.parametrize(
    "name", [name for name, game in GAMES.items() if game.strong_bot is not None]
)
"""Every game of the registry with a search (a game may have none: no Hard bot)."""


@every_game
def test_the_strong_bot_only_ever_chooses_a_legal_action(name: str) -> None:
    game, case = GAMES[name], CASES[name]
    quick = Budget.of_iterations(case.quick)

    @settings(max_examples=case.legal_examples)
    @given(
        players=st.integers(1, case.most_players),
        options=case.option_sets(),
        seed=st.integers(0, 10_000),
        moves=st.integers(0, 90),
    )
    def run(players: int, options: Any, seed: int, moves: int) -> None:
        live = advanced_game(game, players, seed, moves, options)
        if live.is_over:
            return
        view = live.view_for(live.current)
        action = strong_move(game, view, seed, quick)
        assert action in view.legal_actions()
        live.check(live.current, action)

    run()


@every_game
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_strong_bots_play_whole_games_to_the_end(name: str, players: int) -> None:
    game, case = GAMES[name], CASES[name]
    strong = strong_bot_of(game)(Budget.of_iterations(case.quick))
    for seed, options in case.whole_games(players):
        bots: list[Bot] = [strong, game.bots["greedy"], strong, random_bot]
        live = play_bot_game(game, bots[:players], seed, options)
        assert live.is_over
        assert sum(live.turns_taken) >= players


def twin_games(case: Case, seed: int, moves: int, options: Any) -> tuple[Any, Any, int]:
    """Two games that look the same from the seat to play, dealt differently where it cannot see.

    A three-player game is played ``moves`` actions on by greedy bots; then the
    same board, the same hand for the seat to play and the same hands it may
    see are set up twice, the tiles it cannot see (the other hands and the bag)
    shuffled two different ways.
    """
    game = GAMES[case.name]
    played = game.game_type.new(["a", "b", "c"], seed, options)
    greedy = game.bots["greedy"]
    rng = random.Random(seed)
    while len(played.moves) < moves or played.drawn_tile is not None:
        played.apply(played.current, greedy(played.view_for(played.current), rng))
    assert not played.is_over
    seat = played.current
    view = played.view_for(seat)
    board = played.board.placements
    seen = {p.tile for p in board} | {name for hand in view.hands if hand for name in hand}
    unseen = [name for name in information_of(game).all_tiles if name not in seen]
    twins = []
    for shuffle_seed in (1, 2):
        random.Random(shuffle_seed).shuffle(unseen)
        left = list(unseen)
        hands = []
        for hand, count in zip(view.hands, view.hand_counts, strict=True):
            if hand is not None:
                hands.append(list(hand))
            else:
                hands.append(left[:count])
                del left[:count]
        twins.append(case.twin_game(played, hands, left[: view.bag_count], seat))
    return twins[0], twins[1], seat


TWINS = [(name, *twin) for name in GAMES for twin in CASES[name].twins()]


@pytest.mark.parametrize(("name", "seed", "moves", "options", "iterations"), TWINS)
def test_the_strong_bot_decides_from_its_view_never_from_hidden_tiles(
    name: str, seed: int, moves: int, options: Any, iterations: int
) -> None:
    game = GAMES[name]
    one, two, seat = twin_games(CASES[name], seed, moves, options)
    view_one, view_two = one.view_for(seat), two.view_for(seat)
    # Everything the seat may see is the same; what it may not see differs.
    assert view_one.to_dict() == view_two.to_dict()
    hidden = [s for s, hand in enumerate(view_one.hands) if hand is None]
    assert hidden and any(one.hands[s] != two.hands[s] for s in hidden)
    assert one.bag != two.bag
    budget = Budget.of_iterations(iterations)
    first = analyse(game, view_one, random.Random(7), budget)
    second = analyse(game, view_two, random.Random(7), budget)
    assert first.iterations > 0
    assert first == second
    bot = strong_bot_of(game)(budget)
    assert bot(view_one, random.Random(3)) == bot(view_two, random.Random(3))


@every_game
def test_the_same_view_as_data_gives_the_same_move(name: str) -> None:
    game = GAMES[name]
    players, seed, moves, options, iterations = CASES[name].as_data()
    live = advanced_game(game, players, seed, moves, options)
    view = live.view_for(live.current)
    data = json.loads(json.dumps(view.to_dict()))
    rebuilt = game.game_type.view_type.from_dict(data)
    assert rebuilt.to_dict() == view.to_dict()
    budget = Budget.of_iterations(iterations)
    assert strong_move(game, data, 11, budget) == strong_move(game, view, 11, budget)


@every_game
def test_the_strong_bot_is_registered_with_a_second_a_move(name: str) -> None:
    game = GAMES[name]
    strong = game.bots["strong"]
    assert isinstance(strong, strong_bot_of(game))
    assert strong.budget == Budget(seconds=1.0)


RULE_GAMES = [(name, *rules) for name in GAMES for rules in CASES[name].rule_games()]


@pytest.mark.parametrize(("name", "players", "options"), RULE_GAMES)
def test_the_search_plays_by_the_games_rules(name: str, players: int, options: Any) -> None:
    # The search's own copy of the turn rules, fed the same actions as the game
    # from the same deal (its bag reversed: it draws from the end), ends the
    # same way with the same scores, and only ever offers legal actions.
    game, case = GAMES[name], CASES[name]
    for seed in range(4):
        live = game.game_type.new([f"p{s}" for s in range(players)], f"rules{seed}", options)
        state = case.search_state(live)
        rng = random.Random(seed)
        while not live.is_over:
            assert not state.is_over() and state.to_move() == live.current
            legal = live.legal_actions(live.current)
            assert all(action in legal for action in state.actions())
            action = rng.choice(legal) if rng.random() < 0.3 else state.default_action(rng)
            live.apply(live.current, action)
            state.apply(action)
        outcome = live.outcome()
        assert outcome is not None and state.is_over()
        assert state.winners == outcome.winners
        assert tuple(state.scores) == outcome.scores
