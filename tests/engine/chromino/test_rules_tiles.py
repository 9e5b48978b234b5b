"""docs/rules.md section 1: components (colours, the 80 tiles, their names, 1 to 8 players)."""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Final

import pytest
from support.engine.scenarios import make_setup

from chromino.core.errors import InvalidSetupError
from chromino.games.chromino.game import Game
from chromino.games.chromino.options import GameOptions
from chromino.games.chromino.tiles import (
    ALL_NAMES,
    CHAMELEON_NAMES,
    COLOUR_LETTERS,
    REGULAR_NAMES,
    TILES,
    TRICOLOR_NAMES,
    Tile,
    UnknownTileError,
    canonical_name,
    tile_named,
)


def _kind(name: str) -> str:
    """Classify a regular tile as the rule book does: aaa, aab, aba or abc."""
    a, b, c = name[0], name[1], name[2]
    if a == b == c:
        return "aaa"
    if a == c:
        return "aba"
    if b in (a, c):
        return "aab"
    return "abc"


def test_rule_1_the_colours_are_red_yellow_green_blue_purple() -> None:
    assert set(COLOUR_LETTERS) == {"R", "Y", "G", "B", "P"}
    assert len(COLOUR_LETTERS) == 5
    letters_on_tiles = {letter for name in REGULAR_NAMES for letter in name}
    assert letters_on_tiles == set("RYGBP")


STRINGS: Final = tuple("".join(letters) for letters in product("RYGBP", repeat=3))
"""Every 3-letter colour string, spelled out here rather than taken from the engine."""


def _physical_regular_tiles() -> set[frozenset[str]]:
    """Regular tiles as the rule book defines them: a string and its reverse are one tile."""
    return {frozenset((string, string[::-1])) for string in STRINGS}


def _engine_regular_tiles() -> list[Tile]:
    """The regular tiles in the engine's actual tile list."""
    return [tile for tile in TILES.values() if "X" not in tile.name]


def test_rule_1_there_are_75_regular_tiles_and_5_chameleons() -> None:
    assert len(STRINGS) == 125
    assert len(_physical_regular_tiles()) == 75
    assert len(_engine_regular_tiles()) == 75
    chameleons = [tile for tile in TILES.values() if "X" in tile.name]
    assert sorted(tile.name for tile in chameleons) == sorted(CHAMELEON_NAMES)
    assert all(tile.is_chameleon for tile in chameleons)
    assert not any(tile.is_chameleon for tile in _engine_regular_tiles())
    assert len(TILES) == len(ALL_NAMES) == 80
    assert sorted(REGULAR_NAMES) == sorted(tile.name for tile in _engine_regular_tiles())


def test_rule_1_regular_tiles_are_every_3_letter_string_counting_reverses_once() -> None:
    # Each engine tile reads as exactly one of the rule book's string-and-reverse pairs,
    # and every pair is an engine tile: no tile missing, none twice.
    engine = Counter(frozenset(tile.spellings()) for tile in _engine_regular_tiles())
    assert set(engine) == _physical_regular_tiles()
    assert set(engine.values()) == {1}
    for tile in _engine_regular_tiles():
        assert set(tile.spellings()) == {tile.name, tile.name[::-1]}


def test_rule_1_regular_tiles_are_5_single_20_aab_20_aba_30_three_colour() -> None:
    expected = {"aaa": 5, "aab": 20, "aba": 20, "abc": 30}
    # The rule book's numbers follow from the strings themselves ...
    by_pair = Counter(_kind(sorted(pair)[0]) for pair in _physical_regular_tiles())
    assert by_pair == expected
    # ... and the engine's tile list has exactly those classes.
    assert Counter(_kind(tile.name) for tile in _engine_regular_tiles()) == expected
    engine_tricolor = sorted(t.name for t in _engine_regular_tiles() if _kind(t.name) == "abc")
    assert sorted(TRICOLOR_NAMES) == engine_tricolor


def test_rule_1_chameleons_are_the_five_pairs_of_the_physical_set() -> None:
    assert set(CHAMELEON_NAMES) == {"BXY", "PXY", "BXG", "PXR", "GXR"}
    pairs = {frozenset((name[0], name[2])) for name in CHAMELEON_NAMES}
    expected = [("B", "Y"), ("P", "Y"), ("B", "G"), ("P", "R"), ("R", "G")]
    assert pairs == {frozenset(pair) for pair in expected}
    for name in CHAMELEON_NAMES:
        assert name[1] == "X"
        assert name[0] != name[2]
        assert TILES[name].is_chameleon


def test_rule_1_the_wild_centre_x_is_only_ever_a_chameleon_centre() -> None:
    for name in ALL_NAMES:
        if "X" in name:
            assert name in CHAMELEON_NAMES
            assert name.index("X") == 1 and name.count("X") == 1


def test_rule_1_every_colour_is_on_exactly_two_chameleons() -> None:
    on = Counter(letter for name in CHAMELEON_NAMES for letter in (name[0], name[2]))
    assert on == {"R": 2, "Y": 2, "G": 2, "B": 2, "P": 2}


def test_rule_1_a_tile_name_is_the_smaller_of_its_string_and_its_reverse() -> None:
    for name in ALL_NAMES:
        assert name == min(name, name[::-1])
        assert canonical_name(name[::-1]) == name
    assert canonical_name("RXG") == "GXR"
    assert canonical_name("GXR") == "GXR"
    # Alphabetically B < R, so the three-colour tile read R-G-B is named BGR, not RGB.
    assert canonical_name("RGB") == "BGR"


def test_rule_1_there_are_80_names_in_all_each_once() -> None:
    assert len(set(ALL_NAMES)) == 80
    assert set(TILES) == set(ALL_NAMES)
    assert all(TILES[name].name == name for name in ALL_NAMES)
    # Every string a tile can be read as belongs to one tile only: the 125 regular
    # strings and the two readings of each of the 5 chameleons.
    readings = Counter(s for tile in TILES.values() for s in tile.spellings())
    chameleon_readings = {s for name in CHAMELEON_NAMES for s in (name, name[::-1])}
    assert set(readings) == set(STRINGS) | chameleon_readings
    assert len(readings) == 125 + 10
    assert set(readings.values()) == {1}


def test_rule_1_a_reversed_spelling_reads_the_same_tile() -> None:
    # A name spelled backwards (RGB for BGR, RXG for GXR) is understood on input.
    assert tile_named("GXR") is TILES["GXR"]
    assert tile_named("RXG") is TILES["GXR"]
    assert tile_named("RGB") is TILES["BGR"]
    for bad in ("", "RR", "RRRR", "XXX", "RXR", "ZZZ", 7, None):
        with pytest.raises(UnknownTileError):
            tile_named(bad)


@pytest.mark.parametrize("count", [1, 2, 5, 8])
def test_rule_1_one_to_eight_players(count: int) -> None:
    game = Game.new([f"p{i}" for i in range(count)], seed=count)
    assert game.player_count == count
    assert len(game.hands) == count
    assert all(len(hand) == 8 for hand in game.hands)


@pytest.mark.parametrize("count", [0, 9])
def test_rule_1_fewer_than_one_or_more_than_eight_players_is_refused(count: int) -> None:
    names = [f"p{i}" for i in range(count)]
    with pytest.raises(InvalidSetupError) as caught:
        Game.new(names, seed=1, options=GameOptions(hand_size=1))
    assert caught.value.field == "players"
    hands = [[name] for name in REGULAR_NAMES[:count]]
    with pytest.raises(InvalidSetupError) as caught:
        make_setup(hands, players=names)
    assert caught.value.field == "players"


def test_rule_1_one_player_is_the_solo_game() -> None:
    game = Game.new(["solo"], seed=3)
    assert game.player_count == 1
    assert game.current == 0
    assert len(game.bag) == 80 - 1 - 8
