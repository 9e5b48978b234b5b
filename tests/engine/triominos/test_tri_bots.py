"""Triominos bots: legal, deterministic, blind to hidden tiles, greedy where they should be."""

from __future__ import annotations

import random

from support.engine.tri_scenarios import HEXAGON_BOARD, START, at, draw, make_game

from chromino.core.search import Budget
from chromino.core.selfplay import play_bot_game, run_selfplay
from chromino.games.triominos import GAME
from chromino.games.triominos.actions import Action
from chromino.games.triominos.bots import BOTS as REGISTERED
from chromino.games.triominos.bots import Bot, greedy_bot, random_bot
from chromino.games.triominos.options import GameOptions
from chromino.games.triominos.strong import StrongBot

BOTS: dict[str, Bot] = {**REGISTERED, "strong": StrongBot(Budget.of_iterations(4))}
"""Every registered bot; the strong one with a few iterations instead of its second a move,
so that these games stay quick and repeatable (test_tri_strong_bot.py searches deeper)."""


def test_every_bot_plays_legal_games_to_the_end_with_every_player_count() -> None:
    for name, bot in BOTS.items():
        for players in range(1, 5):
            options = GameOptions(target=[0, 100][players % 2])
            game = play_bot_game(GAME, [bot] * players, f"{name}{players}", options)
            assert game.is_over


def test_bot_games_replay_from_their_seed() -> None:
    bots = [BOTS["greedy"], BOTS["random"], BOTS["greedy"]]
    one = play_bot_game(GAME, bots, "same", GameOptions())
    two = play_bot_game(GAME, bots, "same", GameOptions())
    assert one.to_record() == two.to_record()


def test_a_bot_is_a_function_of_its_view_not_of_hidden_tiles() -> None:
    mine = ["344", "455", "000"]
    first = make_game([mine, ["111", "222"]], bag=["012", "555"], board=[START])
    second = make_game([mine, ["012", "555"]], bag=["222", "111"], board=[START])
    for bot in BOTS.values():
        assert bot(first.view_for(0), random.Random(5)) == bot(second.view_for(0), random.Random(5))


def test_greedy_takes_the_hexagon() -> None:
    game = make_game([["113", "555", "011"], ["000"]], board=HEXAGON_BOARD)
    plays = game.view_for(0).legal_plays()
    assert len(plays) > 1
    action = greedy_bot(game.view_for(0), random.Random(1))
    assert action == Action.play(at("113", -2, 0, 2))


def test_greedy_lays_the_highest_score() -> None:
    game = make_game([["334", "455", "000"], ["111"]], bag=["222"], board=[START])
    action = greedy_bot(game.view_for(0), random.Random(3))
    assert action == Action.play(at("455", 0, 1, 1))  # 14 beats 334's 10


def test_greedy_keeps_the_flexible_tile_and_lays_the_rigid_one() -> None:
    # 345 on (0,0) and 344 on (1,0) rot 2. 355 fits only west, on (-1,0) rot 1
    # (5, 5, 3): 13 points. 445 fits below, on (0,1) rot 1 (4, 5, 4), and east
    # of 344, on (2,0) rot 1 (4, 5, 4: 4 on top (3,0) and bottom left (2,1)):
    # 13 points each. Greedy keeps the flexible 445 and lays 355.
    board = [START, at("344", 1, 0, 2)]
    game = make_game([["445", "355"], ["111"]], bag=["222"], board=board)
    plays = {(p.placement, p.points) for p in game.view_for(0).legal_plays()}
    assert plays == {
        (at("355", -1, 0, 1), 13),
        (at("445", 0, 1, 1), 13),
        (at("445", 2, 0, 1), 13),
    }
    for seed in range(10):
        action = greedy_bot(game.view_for(0), random.Random(seed))
        assert action == Action.play(at("355", -1, 0, 1))


def test_greedy_trades_a_few_points_for_flexibility_but_not_more() -> None:
    # Same board: 335 fits only west, on (-1,0) rot 2 (5, 3, 3), for 11 points,
    # 2 less than either 445: worth 11 - 3 = 8 against 13 - 2 * 3 = 7.
    board = [START, at("344", 1, 0, 2)]
    game = make_game([["445", "335"], ["111"]], bag=["222"], board=board)
    action = greedy_bot(game.view_for(0), random.Random(0))
    assert action == Action.play(at("335", -1, 0, 2))
    # 035 (8 points, west only: worth 5) is not worth giving up 13 for.
    game = make_game([["445", "035"], ["111"]], bag=["222"], board=board)
    action = greedy_bot(game.view_for(0), random.Random(0))
    assert action.placement is not None and action.placement.tile == "445"


def test_stuck_bots_draw_then_pass() -> None:
    game = make_game([["000"], ["111"]], bag=["222", "012", "555"], board=[START])
    for bot in BOTS.values():
        assert bot(game.view_for(0), random.Random(0)) == Action("draw")
    for _ in range(3):
        draw(game, 0)
    for bot in BOTS.values():
        assert bot(game.view_for(0), random.Random(0)) == Action("pass")


def test_random_bot_picks_among_the_legal_plays() -> None:
    game = make_game([["334", "455", "445"], ["111"]], bag=["222"], board=[START])
    legal = set(game.legal_plays(0))
    chosen = {random_bot(game.view_for(0), random.Random(seed)).placement for seed in range(40)}
    assert chosen == legal


def test_greedy_beats_random_over_many_games() -> None:
    summary = run_selfplay(GAME, ["greedy", "random"], 2, 200, "strength")
    assert summary.wins["greedy"] > summary.wins["random"]
    assert summary.games == 200
