"""docs/triominos-rules.md §8 (options) and §9 (positions and game records)."""

from __future__ import annotations

import copy
import json
from enum import StrEnum
from typing import Any

import pytest
from support.engine.tri_scenarios import DATA, START, at, full_setup, make_game

from chromino.core.errors import IllegalMoveError, InvalidSetupError, Reason
from chromino.games.triominos.actions import Action
from chromino.games.triominos.game import Game
from chromino.games.triominos.notation import (
    MoveError,
    parse_move,
    parse_position,
    position_of,
    replay,
)
from chromino.games.triominos.options import GameOptions
from chromino.games.triominos.reasons import TriominosReason

BOOK_RECORD = DATA / "book_example_record.json"
PLAY = {"player": 0, "action": "play"}


def book_record() -> dict[str, Any]:
    data = json.loads(BOOK_RECORD.read_text())
    assert isinstance(data, dict)
    return data


# --- §8 options -------------------------------------------------------------------


def test_rule_8_defaults() -> None:
    assert GameOptions().to_dict() == {
        "hand_size": None,
        "turn_seconds": 60,
        "target": 0,
        "open_hands": False,
    }
    assert GameOptions.from_dict({}) == GameOptions()


@pytest.mark.parametrize(
    ("field", "good", "bad"),
    [
        ("hand_size", [None, 5, 9, 12], [0, 4, 13, "7", 7.0, True]),
        ("turn_seconds", [0, 15, 60, 600], [1, 14, 601, -1, None, False]),
        ("target", [0, 50, 1000], [1, 49, 1001, None, "100"]),
        ("open_hands", [True, False], [0, 1, "yes", None]),
    ],
)
def test_rule_8_each_option_takes_only_its_values(
    field: str, good: list[object], bad: list[object]
) -> None:
    for value in good:
        assert GameOptions.from_dict({field: value}).to_dict()[field] == value
    for value in bad:
        with pytest.raises(InvalidSetupError) as caught:
            GameOptions.from_dict({field: value})
        assert caught.value.field == f"options.{field}"


def test_rule_8_an_unknown_option_is_refused_by_name() -> None:
    with pytest.raises(InvalidSetupError) as caught:
        GameOptions.from_dict({"hand_size": 6, "draws_per_turn": 2})
    assert caught.value.field == "options.draws_per_turn"


def test_rule_8_hand_size_overrides_the_table() -> None:
    game = Game.new(["a", "b", "c", "d"], seed=2, options=GameOptions(hand_size=12))
    assert [len(hand) for hand in game.hands] == [12] * 4
    assert len(game.bag) == 8
    assert GameOptions(hand_size=None).hand_size_for(2) == 9
    assert GameOptions(hand_size=None).hand_size_for(3) == 7


def test_rule_8_open_hands_shows_every_hand_to_everyone() -> None:
    hidden = make_game([["012"], ["345"]], bag=["000"])
    assert hidden.view_for(0).hands == (("012",), None)
    shown = make_game([["012"], ["345"]], bag=["000"], open_hands=True)
    for viewer in (0, 1, None):
        assert shown.view_for(viewer).hands == (("012",), ("345",))


# --- §9 positions -------------------------------------------------------------------


def test_rule_9_a_position_is_a_board_and_a_hand() -> None:
    document = {
        "format": "triominos-position/1",
        "board": [{"tile": "345", "x": 0, "y": 0, "rot": 0}],
        "hand": ["334", "555"],
    }
    position = parse_position(document)
    assert position.board == (START,)
    assert position.hand == ("334", "555")
    assert position_of(position.build_board(), list(position.hand)) == document
    plays = position.analyse()
    assert [(p.placement, p.points, p.figure) for p in plays] == [(at("334", 1, 0, 2), 10, None)]


def test_rule_9_an_empty_board_lists_the_first_tile_on_the_origin() -> None:
    position = parse_position({"format": "triominos-position/1", "board": [], "hand": ["555"]})
    assert [p.placement for p in position.analyse()] == [at("555", 0, 0, 0)]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"format": "chromino-position/1"}, "format"),
        ({"hand": ["210"]}, "hand[0]"),
        ({"hand": ["345"]}, "hand[0]"),
        ({"hand": "012"}, "hand"),
        ({"board": [{"tile": "345", "x": 0, "y": 0, "rot": 3}]}, "board[0]"),
        ({"board": [{"tile": "345", "x": 0, "y": 0}]}, "board[0]"),
        (
            {
                "board": [
                    {"tile": "345", "x": 0, "y": 0, "rot": 0},
                    {"tile": "111", "x": 0, "y": 0, "rot": 0},
                ]
            },
            "board[1]",
        ),
    ],
)
def test_rule_9_a_bad_position_is_refused_naming_the_field(
    change: dict[str, object], field: str
) -> None:
    document: dict[str, object] = {
        "format": "triominos-position/1",
        "board": [{"tile": "345", "x": 0, "y": 0, "rot": 0}],
        "hand": ["012"],
    }
    document.update(change)
    with pytest.raises(InvalidSetupError) as caught:
        parse_position(document)
    assert caught.value.field == field


# --- §9 records -----------------------------------------------------------------------


def test_rule_9_the_book_example_record_replays_to_minus_20_and_minus_3() -> None:
    game = replay(book_record())
    assert game.scores == [-20, -3]
    assert game.board.placements == [at("345", 0, 0, 0), at("334", 1, 0, 2)]
    assert [len(hand) for hand in game.hands] == [9 + 1 - 1 + 3, 9 - 1 + 1]
    assert len(game.bag) == 38 - 5
    assert game.current == 1
    assert not game.is_over


def test_rule_9_a_record_replays_exactly_and_round_trips() -> None:
    record = book_record()
    game = replay(record)
    assert game.to_record() == record
    assert replay(json.loads(json.dumps(game.to_record()))).snapshot() == game.snapshot()


def test_rule_9_the_bag_is_in_drawing_order() -> None:
    game = Game(full_setup([["000"], ["111"]], bag_top=["345", "012"]))
    assert game.apply(0, Action("draw")).drawn == "345"
    assert game.apply(0, Action("draw")).drawn == "012"


@pytest.mark.parametrize(
    ("where", "value", "field"),
    [
        (("hands", 0, 0), "210", "hands[0][0]"),
        (("hands", 1, 3), "013", "hands[1][3]"),  # also in seat 0's hand
        (("bag", 5), "345", "bag[5]"),  # also in seat 1's hand
        (("bag", 0), "zzz", "bag[0]"),
        (("first",), 2, "first"),
        (("first",), -1, "first"),
        (("first",), "1", "first"),
        (("options", "target"), 20, "options.target"),
        (("players",), ["ana", "ben", "cy", "di", "ed"], "players"),
    ],
)
def test_rule_9_an_inconsistent_header_is_refused_as_a_whole(
    where: tuple[object, ...], value: object, field: str
) -> None:
    record = book_record()
    target: Any = record
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    with pytest.raises(InvalidSetupError) as caught:
        replay(record)
    assert caught.value.field == field


def test_rule_9_a_record_must_hold_the_56_tiles() -> None:
    record = book_record()
    record["bag"] = record["bag"][:-1]
    with pytest.raises(InvalidSetupError) as caught:
        replay(record)
    assert caught.value.field == "bag"
    assert "555" in caught.value.message


def test_rule_9_a_bad_move_is_reported_with_its_index() -> None:
    record = book_record()
    moves = record["moves"]
    moves[2] = {"player": 0, "action": "play", "tile": "334", "x": 1, "y": 0, "rot": 1}
    with pytest.raises(MoveError) as caught:
        replay(record)
    assert caught.value.index == 2
    assert caught.value.error.reason is TriominosReason.CORNER_MISMATCH


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ({"action": "draw"}, Reason.MALFORMED_MOVE),
        ({"player": True, "action": "draw"}, Reason.MALFORMED_MOVE),
        ({"player": 0, "action": "jump"}, Reason.UNKNOWN_ACTION),
        ({**PLAY, "tile": "210", "x": 0, "y": 0, "rot": 0}, Reason.UNKNOWN_TILE),
        ({**PLAY, "tile": 12, "x": 0, "y": 0, "rot": 0}, Reason.UNKNOWN_TILE),
        ({**PLAY, "tile": "012", "x": "0", "y": 0, "rot": 0}, Reason.BAD_PLACEMENT),
        ({**PLAY, "tile": "012", "x": 0, "y": 0, "rot": None}, Reason.BAD_PLACEMENT),
        ({**PLAY, "tile": "012", "x": 0, "y": 1001, "rot": 0}, Reason.BAD_PLACEMENT),
    ],
)
def test_rule_9_a_move_that_cannot_be_read_is_refused(
    move: dict[str, object], reason: StrEnum
) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(move)
    assert caught.value.reason is reason


def test_rule_9_actions_round_trip_through_their_json_form() -> None:
    for action in (Action("draw"), Action("pass"), Action("timeout"), Action.play(START)):
        seat, parsed = parse_move({"player": 3, **action.to_dict()})
        assert (seat, parsed) == (3, action)


def test_rule_9_records_write_every_option_and_replay_a_finished_game() -> None:
    options = GameOptions(target=100, open_hands=True)
    finished = Game(full_setup([["345"], ["000"]], first=0, options=options))
    assert finished.to_record()["options"] == {
        "hand_size": None,
        "turn_seconds": 60,
        "target": 100,
        "open_hands": True,
    }
    finished.apply(0, Action.play(START))
    again = replay(copy.deepcopy(finished.to_record()))
    assert again.snapshot() == finished.snapshot()
    outcome = again.outcome()
    assert outcome is not None and outcome.ended_by == "out"
