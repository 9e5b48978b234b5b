"""The strong Chromino bot: legal, honest (a function of its view), sensible, and its tournaments.

Every search here has an iteration budget and a seed, so each test decides
the same way on any machine, however loaded.
"""

from __future__ import annotations

import json
import pickle
import random

import pytest
from support import hypothesis_profiles
from support.engine import reference as ref
from support.engine.scenarios import at, make_game

from chromino.cli import main
from chromino.core.search import Budget
from chromino.games.chromino.actions import Action
from chromino.games.chromino.bots import BOT_LABELS, BOT_LEVELS, random_bot
from chromino.games.chromino.game import Game
from chromino.games.chromino.options import GameOptions
from chromino.games.chromino.placement import Placement
from chromino.games.chromino.strong import (
    StrongBot,
    strong_move,
)

hypothesis_profiles.load()

QUICK = Budget.of_iterations(8)
"""Enough to exercise every part of the search, cheap enough for whole games."""


def advanced_game(players: int, seed: int, moves: int, options: GameOptions) -> Game:
    """A game dealt from ``seed`` and played ``moves`` actions on by random bots."""
    game = Game.new([f"p{seat}" for seat in range(players)], seed, options)
    rng = random.Random(seed)
    while not game.is_over and len(game.moves) < moves:
        game.apply(game.current, random_bot(game.view_for(game.current), rng))
    return game


def test_the_bot_and_its_budget_travel_to_another_process() -> None:
    bot = StrongBot(Budget(seconds=0.5, iterations=100), max_depth=3)
    copy = pickle.loads(pickle.dumps(bot))
    assert copy.budget == bot.budget and copy.max_depth == 3
    game = advanced_game(2, 8, 10, GameOptions())
    view = game.view_for(game.current)
    travelled = pickle.loads(pickle.dumps(view))
    budget = Budget.of_iterations(30)
    assert strong_move(travelled, 4, budget) == strong_move(view, 4, budget)


def test_registry_levels_and_labels() -> None:
    # The strong bot's registration is the contract's (tests/engine/core).
    assert BOT_LEVELS == {"easy": "random", "medium": "greedy", "hard": "strong"}
    assert {BOT_LABELS[bot] for bot in BOT_LEVELS.values()} == {"Easy", "Medium", "Hard"}


def test_the_bot_refuses_a_view_whose_turn_it_is_not() -> None:
    game = Game.new(["a", "b"], 3)
    with pytest.raises(ValueError):
        strong_move(game.view_for(1 - game.current), 1, QUICK)


# --- tactics, worked out by hand ---------------------------------------------------


def test_spends_the_chameleon_before_it_would_be_left_alone() -> None:
    # Two tiles, PXY and BBY, both fit around the BXY start. Laying BBY would
    # leave the chameleon alone in hand, and a chameleon can never be the last
    # tile laid: the hand could not be emptied until another tile is drawn.
    # Laying PXY leaves BBY, which can go out next turn.
    game = make_game([["PXY", "BBY"], ["GGG", "RRR", "PPP", "RGR", "YPY"]], bag=["BGR", "GRR"])
    assert {p.tile for p in game.view_for(0).legal_placements()} == {"PXY", "BBY"}
    for seed in range(3):
        action = strong_move(game.view_for(0), seed, Budget.of_iterations(150))
        assert action.placement is not None and action.placement.tile == "PXY"


def test_blocks_the_face_up_last_tile_that_would_go_out() -> None:
    # Board: BXY east from (0, 0), BBY east from (0, -1) above it. The other
    # player's last tile, face up, is BGY; it fits in one place only, east from
    # (0, 1), under the start tile (B under B, G under the chameleon centre, Y
    # under Y). That player is last in the round: laying it would end the game
    # with us still holding tiles. Of our tiles only RBY fits, in two places:
    # west from (1, 1) covers two cells of BGY's place and opens no other;
    # east from (-1, 1) covers them too but gives BGY a new place on the left
    # of the start tile (B beside B at (-1, 0)... checked by the reference).
    board = [at("BBY", 0, -1)]
    bag = ["GGG", "YYY", "RGR", "PYP", "GPG", "RYR"]
    game = make_game([["RBY", "RRR", "PPP"], ["BGY"]], bag=bag, board=board)
    placements = game.board.placements
    block, other = Placement("RBY", 1, 1, "W"), Placement("RBY", -1, 1, "E")
    assert set(ref.all_legal_placements(placements, ["BGY"], "standard")) == {
        ref.physical(at("BGY", 0, 1))
    }
    assert set(ref.all_legal_placements(placements, ["RBY", "RRR", "PPP"], "standard")) == {
        ref.physical(block),
        ref.physical(other),
    }
    assert not ref.all_legal_placements([*placements, block], ["BGY"], "standard")
    assert ref.all_legal_placements([*placements, other], ["BGY"], "standard")
    for seed in range(3):
        action = strong_move(game.view_for(0), seed, Budget.of_iterations(120))
        assert action.placement is not None
        assert ref.physical(action.placement) == ref.physical(block)


def test_stuck_it_draws_then_passes() -> None:
    game = make_game([["RRR", "GGG"], ["PPP"]], bag=["RGR"])
    assert strong_move(game.view_for(0), 0, QUICK) == Action("draw")
    game.apply(0, Action("draw"))
    assert strong_move(game.view_for(0), 0, QUICK) == Action("pass")


# --- tournaments -------------------------------------------------------------------


def test_tournament_reports_rates_inside_their_intervals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ["selfplay", "--tournament", "--bots", "strong,greedy", "--players", "2"]
    arguments += ["--games", "4", "--seed", "t", "--iterations", "6", "--scoring", "expert"]
    assert main([*arguments, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4 and report["deals"] == 2
    assert report["budget"] == {"seconds": None, "iterations": 6}
    assert set(report["bots"]) == {"strong", "greedy"}
    total = 0.0
    for line in report["bots"].values():
        assert line["seats"] == 4
        low, high = line["interval_95"]
        assert low <= line["rate"] <= high
        assert line["think_ms_p90"] >= line["think_ms_median"] >= 0
        total += line["wins"]
    assert total == pytest.approx(4)
    assert main(arguments) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].startswith("tournament: 4 chromino games (2 deals x 2 seats)")
    assert any(line.split()[0] == "strong" and "%" in line for line in text[2:])
