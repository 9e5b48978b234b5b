"""The published schemas (docs/records.md) and the engine's readers agree: every record
and position the engine writes, and every one under tests/data, is valid; malformed
ones are refused by both."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from support import records

from chromino import GAMES
from chromino.core.descriptor import GameDescriptor
from chromino.core.errors import InvalidSetupError
from chromino.core.notation import MoveError, record_of
from chromino.core.puzzle_files import shipped_puzzles
from chromino.core.record_schemas import game_formats, shipped_schemas
from chromino.core.selfplay import play_bot_game

DATA = Path(__file__).resolve().parents[2] / "data"

OPTION_SETS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "chromino": [
        (2, {}),
        (1, {}),
        (3, {"ruleset": "junior", "scoring": "expert"}),
        (4, {"start": "tricolor", "hand_size": 5, "draws_per_turn": 0, "strict_draw": True}),
        (2, {"open_hands": True, "scoring": "segments-multiply", "turn_seconds": 30}),
    ],
    "triominos": [
        (2, {}),
        (1, {"turn_seconds": 0}),
        (4, {"hand_size": 12, "target": 200}),
        (3, {"open_hands": True}),
    ],
}


def validator(format_name: str) -> Draft202012Validator:
    found = records.validator(format_name)
    assert found is not None, format_name
    return found


def played_records() -> Iterator[tuple[str, dict[str, Any]]]:
    for name, sets in OPTION_SETS.items():
        game = GAMES[name]
        greedy = game.bots["greedy"]
        for index, (seats, options) in enumerate(sets):
            played = play_bot_game(
                game, [greedy] * seats, f"schema/{index}", game.options_type.from_dict(options)
            )
            yield name, json.loads(json.dumps(record_of(played)))


RECORDS = list(played_records())


def test_every_game_ships_a_valid_schema_for_each_of_its_formats() -> None:
    shipped = shipped_schemas(GAMES.values())
    assert set(shipped) == {f for game in GAMES.values() for f in game_formats(game)}
    for format_name, schema in shipped.items():
        Draft202012Validator.check_schema(schema)
        assert schema["title"] == format_name
        assert schema["properties"]["format"] == {"const": format_name}


@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_every_record_the_engine_writes_is_valid(index: int) -> None:
    name, record = RECORDS[index]
    validator(GAMES[name].record_format).validate(record)


def test_every_position_the_engine_writes_is_valid() -> None:
    for name, record in RECORDS:
        game = GAMES[name]
        assert game.position_of is not None
        played = game.replay(record)
        position = game.position_of(played.board, list(played.hands[0]))
        validator(game.position_format).validate(json.loads(json.dumps(position)))


def test_the_records_and_positions_under_tests_data_are_valid() -> None:
    found = 0
    for path in sorted(DATA.rglob("*.json")) + sorted(DATA.rglob("*.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines() if path.suffix == ".jsonl" else []
        documents = [json.loads(line) for line in lines if line.strip()] or [
            json.loads(path.read_text(encoding="utf-8"))
        ]
        for document in documents:
            if isinstance(document, dict) and "format" in document:
                validator(document["format"]).validate(document)
                found += 1
    assert found > 0


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(record: dict[str, Any]) -> None:
        target: Any = record
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value

    return change


def _drop(path: tuple[Any, ...]) -> Callable[[dict[str, Any]], None]:
    def change(record: dict[str, Any]) -> None:
        target: Any = record
        for step in path[:-1]:
            target = target[step]
        del target[path[-1]]

    return change


def _first_play(record: dict[str, Any]) -> int:
    return next(i for i, move in enumerate(record["moves"]) if move["action"] == "play")


MALFORMED: dict[str, Callable[[dict[str, Any]], None]] = {
    "no moves": _drop(("moves",)),
    "no hands": _drop(("hands",)),
    "first is a string": _set(("first",), "0"),
    "a player's name is a number": _set(("players", 0), 7),
    "an unknown tile in a hand": _set(("hands", 0, 0), "ZZZ"),
    "an unknown option": _set(("options", "speed"), 3),
    "a hand size that is a string": _set(("options", "hand_size"), "9"),
    "the bag is not a list": _set(("bag",), "none"),
    "an empty hand": _set(("hands", 0), []),
    "another game's format": _set(("format",), "chess-game/1"),
}
MALFORMED_MOVES: dict[str, Callable[[dict[str, Any]], None]] = {
    "an unknown action": lambda r: r["moves"][0].update(action="jump"),
    "a seat that is not a number": lambda r: r["moves"][0].update(player=True),
    "a play without its x": lambda r: r["moves"][_first_play(r)].pop("x"),
    "a play at half a cell": lambda r: r["moves"][_first_play(r)].update(x=1.5),
    "a play far off the board": lambda r: r["moves"][_first_play(r)].update(y=5000),
    "a move that is not an object": lambda r: r["moves"].__setitem__(0, "draw"),
}


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
@pytest.mark.parametrize("problem", sorted(MALFORMED) + sorted(MALFORMED_MOVES))
def test_a_malformed_record_is_refused_by_the_schema_and_by_the_engine(
    name: str, problem: str
) -> None:
    game: GameDescriptor = GAMES[name]
    record = copy.deepcopy(next(r for n, r in RECORDS if n == name))
    (MALFORMED | MALFORMED_MOVES)[problem](record)
    errors = list(validator(game.record_format).iter_errors(record))
    assert errors, problem
    with pytest.raises((InvalidSetupError, MoveError)):
        game.replay(record)


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_a_malformed_position_is_refused_by_the_schema(name: str) -> None:
    game = GAMES[name]
    check = validator(game.position_format)
    good = {"format": game.position_format, "board": [], "hand": []}
    for bad in (
        {**good, "board": "none"},
        {**good, "hand": [1, 2]},
        {key: value for key, value in good.items() if key != "hand"},
        {**good, "format": "chess-position/1"},
    ):
        assert list(check.iter_errors(bad)), bad


BEYOND_THE_SCHEMA: dict[str, Callable[[dict[str, Any]], None]] = {
    "a tile dealt twice": lambda r: r["hands"][0].__setitem__(0, r["bag"][0]),
    "a first seat nobody sits in": lambda r: r.update(first=len(r["players"])),
    "more hands than players": lambda r: r["hands"].append(list(r["hands"][0])),
    "a move by the seat not to play": lambda r: r["moves"][0].update(
        player=(r["moves"][0]["player"] + 1) % len(r["players"])
    ),
}
"""Rules that tie fields together, which a schema cannot say (docs/records.md, "What
the schema does not say"): the engine's reader refuses them."""


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
@pytest.mark.parametrize("problem", sorted(BEYOND_THE_SCHEMA))
def test_what_the_schema_cannot_say_the_engine_refuses(name: str, problem: str) -> None:
    game = GAMES[name]
    record = copy.deepcopy(next(r for n, r in RECORDS if n == name and len(r["players"]) > 1))
    BEYOND_THE_SCHEMA[problem](record)
    with pytest.raises((InvalidSetupError, MoveError)):
        game.replay(record)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_shipped_puzzles_position_is_valid(name: str) -> None:
    game = GAMES[name]
    check = validator(game.position_format)
    positions = [puzzle.to_dict()["position"] for puzzle in shipped_puzzles(game)]
    assert positions
    for position in positions:
        check.validate(position)


def test_every_record_under_tests_data_writes_back_as_it_was_read() -> None:
    for path in sorted(DATA.rglob("*_record.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        game = next(g for g in GAMES.values() if g.record_format == record["format"])
        assert record_of(game.replay(record)) == record, path


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_reader_refuses_another_major_version_saying_which_it_reads(name: str) -> None:
    game = GAMES[name]
    record = copy.deepcopy(next(r for n, r in RECORDS if n == name))
    family = game.record_format.rpartition("/")[0]
    record["format"] = f"{family}/2"
    with pytest.raises(InvalidSetupError) as refused:
        game.replay(record)
    assert refused.value.field == "format"
    assert refused.value.message == (
        f"{family}/2 is a version this reader cannot read; it reads {game.record_format}"
    )
