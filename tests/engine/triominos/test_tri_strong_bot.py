"""The strong Triominos bot: legal, honest (a function of its view), sensible, and its tournaments.

Every search here has an iteration budget and a seed, so each test decides
the same way on any machine.
"""

from __future__ import annotations

import json

import pytest
from support import hypothesis_profiles
from support.engine.tri_scenarios import HEXAGON_BOARD, START, at, draw, make_game

from chromino.cli import main
from chromino.core.search import Budget
from chromino.games.triominos.actions import Action
from chromino.games.triominos.strong import (
    strong_move,
)

hypothesis_profiles.load()

QUICK = Budget.of_iterations(6)


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
