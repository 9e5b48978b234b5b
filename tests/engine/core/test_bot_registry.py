"""Every game's bots are found by name, with the levels and labels written once."""

from __future__ import annotations

import pytest

from chromino import GAMES
from chromino.core.bots import BOT_LABELS, BOT_LEVELS
from chromino.games.chromino.bots import bot_named as chromino_bot
from chromino.games.triominos.bots import bot_named as triominos_bot

BOT_NAMED = {"chromino": chromino_bot, "triominos": triominos_bot}


@pytest.mark.parametrize("name", list(GAMES))
def test_bots_are_found_by_name_and_an_unknown_one_is_refused(name: str) -> None:
    bot_named = BOT_NAMED[name]
    assert bot_named("greedy") is GAMES[name].bots["greedy"]
    for unknown in ("oracle", "wizard"):
        with pytest.raises(ValueError, match="greedy"):
            bot_named(unknown)


@pytest.mark.parametrize("name", list(GAMES))
def test_every_level_has_a_bot_of_every_game(name: str) -> None:
    assert set(BOT_LEVELS.values()) == set(GAMES[name].bots) == set(BOT_LABELS)


def test_the_registry_knows_every_game_and_no_other() -> None:
    assert set(BOT_NAMED) == set(GAMES)
    from chromino import game_named

    assert game_named("triominos") is GAMES["triominos"]
    with pytest.raises(ValueError, match="chromino"):
        game_named("go")
