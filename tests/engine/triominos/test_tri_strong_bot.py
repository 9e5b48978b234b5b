"""The strong Triominos bot: legal, honest (a function of its view), sensible, and its tournaments.

Every search here has an iteration budget and a seed, so each test decides
the same way on any machine.
"""

from __future__ import annotations

import json
import random

import hypothesis_profiles
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tri_scenarios import HEXAGON_BOARD, START, at, draw, make_game

from chromino.cli import main
from chromino.core.search import Budget
from chromino.core.selfplay import play_bot_game
from chromino.games.triominos import GAME
from chromino.games.triominos.actions import Action
from chromino.games.triominos.bots import BOTS, Bot, greedy_bot, random_bot
from chromino.games.triominos.game import Game
from chromino.games.triominos.options import GameOptions
from chromino.games.triominos.strong import (
    StrongBot,
    TriominosState,
    analyse,
    strong_move,
    view_from_dict,
)
from chromino.games.triominos.tiles import ALL_NAMES

hypothesis_profiles.load()

QUICK = Budget.of_iterations(6)


def advanced_game(players: int, seed: int, moves: int, options: GameOptions) -> Game:
    """A game dealt from ``seed`` and played ``moves`` actions on by random bots."""
    game = Game.new([f"p{seat}" for seat in range(players)], seed, options)
    rng = random.Random(seed)
    while not game.is_over and len(game.moves) < moves:
        game.apply(game.current, random_bot(game.view_for(game.current), rng))
    return game


@settings(max_examples=30)
@given(
    players=st.integers(1, 4),
    hand_size=st.sampled_from([None, 5, 9, 12]),
    target=st.sampled_from([0, 50, 200]),
    open_hands=st.booleans(),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 90),
)
def test_the_strong_bot_only_ever_chooses_a_legal_action(
    *, players: int, hand_size: int | None, target: int, open_hands: bool, seed: int, moves: int
) -> None:
    options = GameOptions(hand_size=hand_size, target=target, open_hands=open_hands)
    game = advanced_game(players, seed, moves, options)
    if game.is_over:
        return
    view = game.view_for(game.current)
    action = strong_move(view, seed, QUICK)
    assert action in view.legal_actions()
    game.check(game.current, action)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_strong_bots_play_whole_games_to_the_end(players: int) -> None:
    strong = StrongBot(QUICK)
    bots: list[Bot] = [strong, greedy_bot, strong, random_bot]
    bots = bots[:players]
    game = play_bot_game(GAME, bots, f"whole-{players}", GameOptions(target=[0, 150][players % 2]))
    assert game.is_over


def twin_games(seed: int, moves: int) -> tuple[Game, Game, int]:
    """Two games that look the same from the seat to play, dealt differently where it cannot see."""
    played = Game.new(["a", "b", "c"], seed)
    rng = random.Random(seed)
    while len(played.moves) < moves or played.drawn_tile is not None:
        played.apply(played.current, greedy_bot(played.view_for(played.current), rng))
    assert not played.is_over
    seat = played.current
    view = played.view_for(seat)
    board = played.board.placements
    seen = {p.tile for p in board} | {name for hand in view.hands if hand for name in hand}
    unseen = [name for name in ALL_NAMES if name not in seen]
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
        twins.append(make_game(hands, bag=left[: view.bag_count], first=seat, board=board))
    return twins[0], twins[1], seat


def test_the_strong_bot_decides_from_its_view_never_from_hidden_tiles() -> None:
    one, two, seat = twin_games(12, 14)
    view_one, view_two = one.view_for(seat), two.view_for(seat)
    assert view_one.to_dict() == view_two.to_dict()
    hidden = [s for s, hand in enumerate(view_one.hands) if hand is None]
    assert hidden and any(one.hands[s] != two.hands[s] for s in hidden)
    assert one.bag != two.bag
    budget = Budget.of_iterations(80)
    first = analyse(view_one, random.Random(7), budget)
    second = analyse(view_two, random.Random(7), budget)
    assert first.iterations > 0
    assert first == second
    bot = StrongBot(budget)
    assert bot(view_one, random.Random(3)) == bot(view_two, random.Random(3))


def test_the_same_view_as_data_gives_the_same_move() -> None:
    game = advanced_game(2, 4, 16, GameOptions())
    view = game.view_for(game.current)
    data = json.loads(json.dumps(view.to_dict()))
    assert view_from_dict(data).to_dict() == view.to_dict()
    budget = Budget.of_iterations(30)
    assert strong_move(data, 11, budget) == strong_move(view, 11, budget)


def test_strong_is_registered_with_a_second_a_move() -> None:
    assert isinstance(BOTS["strong"], StrongBot)
    assert BOTS["strong"].budget == Budget(seconds=1.0)


# --- tactics, worked out by hand ---------------------------------------------------


def test_takes_the_hexagon_before_the_game_ends() -> None:
    # docs/triominos-rules.md §10: five of the six cells around (0, 1) are
    # covered, all showing 1 there; 113 on (-2, 0) rot 2 closes the ring for
    # 5 + 50 = 55. Hands are open, and the other player's one tile, 344, fits
    # (on (1, 1) or (1, 0)) whatever we lay: they go out next turn, scoring its
    # 11, the 25 bonus and what we still hold. Closing the hexagon now leaves us
    # 55 against 11 + 25 + 13 (155 and 011) = 49; anything else scores at most
    # 11 and loses. (With time to spare the hexagon could wait: only 113 fits
    # that cell.)
    hand = ["113", "155", "011"]
    game = make_game(
        [hand, ["344"]], bag=["000", "222", "045"], board=HEXAGON_BOARD, open_hands=True
    )
    view = game.view_for(0)
    assert max(p.points for p in view.legal_plays() if p.placement.tile != "113") <= 11
    for seed in range(3):
        action = strong_move(view, seed, Budget.of_iterations(100))
        assert action == Action.play(at("113", -2, 0, 2))


def test_stuck_it_draws_then_passes() -> None:
    game = make_game([["000"], ["111"]], bag=["222", "012", "555"], board=[START])
    assert strong_move(game.view_for(0), 0, QUICK) == Action("draw")
    for _ in range(3):
        draw(game, 0)
    assert strong_move(game.view_for(0), 0, QUICK) == Action("pass")


def test_tournament_of_triominos(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["selfplay", "--tournament", "--game", "triominos", "--bots", "strong,greedy"]
    arguments += ["--players", "2", "--games", "2", "--seed", "t", "--iterations", "4", "--json"]
    assert main(arguments) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "triominos" and report["games"] == 2
    for line in report["bots"].values():
        low, high = line["interval_95"]
        assert line["seats"] == 2 and low <= line["rate"] <= high


@pytest.mark.parametrize(
    ("players", "options"),
    [(1, GameOptions()), (2, GameOptions(target=150)), (3, GameOptions()), (4, GameOptions())],
)
def test_the_search_plays_by_the_games_rules(players: int, options: GameOptions) -> None:
    # The search's copy of the turn rules, fed the same actions as the game from
    # the same deal (its bag reversed: it draws from the end), ends the same way
    # with the same scores, and only ever offers legal actions.
    for seed in range(4):
        game = Game.new([f"p{s}" for s in range(players)], f"rules{seed}", options)
        state = TriominosState(
            options=options,
            board=game.board.copy(),
            hands=[list(hand) for hand in game.hands],
            scores=list(game.scores),
            seat=game.current,
            draws=0,
            drawn=None,
        )
        state.bag = list(reversed(game.bag))
        rng = random.Random(seed)
        while not game.is_over:
            assert not state.is_over() and state.to_move() == game.current
            legal = game.legal_actions(game.current)
            assert all(action in legal for action in state.actions())
            action = rng.choice(legal) if rng.random() < 0.3 else state.default_action(rng)
            game.apply(game.current, action)
            state.apply(action)
        outcome = game.outcome()
        assert outcome is not None and state.is_over()
        assert state.winners == outcome.winners
        assert tuple(state.scores) == outcome.scores
