"""The coach (chromino.core.coach): its assessment says what its values measure, so the
replay can call a win chance a win chance and a blend of winning and the lead not one."""

from __future__ import annotations

import random

import pytest

from chromino import GAMES
from chromino.core.coach import assess
from chromino.core.search import Budget
from chromino.games.chromino.options import GameOptions as ChrominoOptions
from chromino.games.triominos.options import GameOptions as TriominosOptions


def assessed(name: str, players: int, options: object) -> object:
    """The coach on the first move of a seeded deal (an iteration budget: same on any machine)."""
    game = GAMES[name]
    live = game.game_type.new([f"p{seat}" for seat in range(players)], "coach", options)
    view = live.view_for(live.current)
    information = game.information
    assert information is not None
    played = live.legal_actions(live.current)[0]
    return assess(information(view), played, random.Random(1), Budget(iterations=20))


@pytest.mark.parametrize(
    ("name", "players", "options", "meaning"),
    [
        ("chromino", 2, ChrominoOptions(scoring="none"), "win"),
        ("chromino", 2, ChrominoOptions(scoring="expert"), "win_and_margin"),
        ("chromino", 1, ChrominoOptions(scoring="none"), "solo"),
        ("triominos", 2, TriominosOptions(), "win_and_margin"),
        ("triominos", 1, TriominosOptions(), "solo"),
    ],
)
def test_an_assessment_says_what_its_values_measure(
    name: str, players: int, options: object, meaning: str
) -> None:
    note = assessed(name, players, options)
    assert note.meaning == meaning  # type: ignore[attr-defined]
    assert 0 <= note.played_value <= 1  # type: ignore[attr-defined]
