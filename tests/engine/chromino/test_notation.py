"""docs/rules.md section 9: positions and records written by the engine read back the same."""

from __future__ import annotations

import json
import random
from dataclasses import fields

import pytest

from chromino.core.errors import InvalidSetupError, Reason
from chromino.games.chromino.bots import greedy_bot
from chromino.games.chromino.game import Game, Setup
from chromino.games.chromino.notation import MoveError, parse_position, position_of, replay
from chromino.games.chromino.options import GameOptions


def test_rule_9_a_position_written_by_the_engine_reads_back_the_same() -> None:
    game = Game.new(["a", "b"], 3, GameOptions(ruleset="junior"))
    rng = random.Random(3)
    for _ in range(12):
        game.apply(game.current, greedy_bot(game.view_for(game.current), rng))
    document = json.loads(json.dumps(position_of(game.board, game.hands[0])))
    assert document["format"] == "chromino-position/1"
    position = parse_position(document)
    assert position.ruleset == "junior"
    assert list(position.board) == game.board.placements
    assert list(position.hand) == game.hands[0]
    rebuilt = position.build_board()
    hand = game.hands[0]
    assert list(rebuilt.legal_placements(hand)) == list(game.board.legal_placements(hand))


def test_rule_9_a_record_round_trips_through_json() -> None:
    game = Game.new(["ana", "ben", "cy"], "seed", GameOptions(scoring="segments"))
    rng = random.Random(1)
    while not game.is_over:
        game.apply(game.current, greedy_bot(game.view_for(game.current), rng))
    record = json.loads(json.dumps(game.to_record()))
    assert record["format"] == "chromino-game/1"
    assert set(record) == {
        "format",
        "options",
        "players",
        "start",
        "hands",
        "bag",
        "first",
        "moves",
    }
    assert replay(record).snapshot() == game.snapshot()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"format": "chromino-position/2"}, "format"),
        ({"ruleset": "chess"}, "ruleset"),
        ({"board": []}, "board"),
        ({"hand": "RRR"}, "hand"),
        ({"hand": ["RRR", "RRR"]}, "hand[1]"),
    ],
)
def test_rule_9_a_bad_position_names_its_field(change: dict[str, object], field: str) -> None:
    document: dict[str, object] = {
        "format": "chromino-position/1",
        "ruleset": "standard",
        "board": [{"tile": "BXY", "x": 0, "y": 0, "dir": "E"}],
        "hand": ["RRR"],
    }
    document.update(change)
    with pytest.raises(InvalidSetupError) as error:
        parse_position(document)
    assert error.value.field == field


# --- reading a record ------------------------------------------------------------


def small_record(**changes: object) -> dict[str, object]:
    """A hand-made record on BXY: ana holds BBY and RRR, ben BRY and GGG; PPP, RPR in the bag."""
    record: dict[str, object] = {
        "format": "chromino-game/1",
        "options": {},
        "players": ["ana", "ben"],
        "start": {"tile": "BXY", "x": 0, "y": 0, "dir": "E"},
        "hands": [["BBY", "RRR"], ["BRY", "GGG"]],
        "bag": ["PPP", "RPR"],
        "first": 0,
        "moves": [],
    }
    record.update(changes)
    return record


def test_rule_9_missing_options_take_the_defaults() -> None:
    defaults = {
        "ruleset": "standard",
        "scoring": "none",
        "start": "chameleon",
        "hand_size": 8,
        "draws_per_turn": 1,
        "strict_draw": False,
        "open_hands": False,
        "turn_seconds": 0,
    }
    without = small_record()
    del without["options"]
    for record in (without, small_record(), small_record(options={"scoring": "expert"})):
        game = replay(record)
        given = record.get("options", {})
        assert isinstance(given, dict)
        assert game.options.to_dict() == {**defaults, **given}
        # A record written by the engine spells every option out.
        written = game.to_record()["options"]
        assert written == {**defaults, **given}


def test_rule_9_a_draw_takes_bag_0_first() -> None:
    moves = [
        {"player": 0, "action": "draw"},
        {"player": 0, "action": "pass"},
        {"player": 1, "action": "draw"},
    ]
    game = replay(small_record(moves=moves))
    assert game.hands == [["BBY", "RRR", "PPP"], ["BRY", "GGG", "RPR"]]
    assert game.bag == []


def test_rule_9_hands_i_is_the_deal_of_seat_i() -> None:
    game = replay(small_record(first=1))
    for seat, hand in enumerate((["BBY", "RRR"], ["BRY", "GGG"])):
        assert game.view_for(seat).hand == tuple(hand)
        assert game.view_for(seat).players[seat] == ("ana", "ben")[seat]
    # Seat 1 plays first and holds BRY; BBY, dealt to seat 0, is not its to play.
    bad = {"player": 1, "action": "play", "tile": "BBY", "x": 0, "y": 1, "dir": "E"}
    with pytest.raises(MoveError) as caught:
        replay(small_record(first=1, moves=[bad]))
    assert caught.value.error.reason is Reason.TILE_NOT_IN_HAND
    good = {"player": 1, "action": "play", "tile": "BRY", "x": 0, "y": -1, "dir": "E"}
    assert replay(small_record(first=1, moves=[good])).hands == [["BBY", "RRR"], ["GGG"]]


@pytest.mark.parametrize("seat", [1, -1, 2, 7])
def test_rule_9_a_move_by_the_wrong_seat_is_refused_in_a_record(seat: int) -> None:
    moves = [
        {"player": 0, "action": "draw"},
        {"player": 0, "action": "pass"},
        {"player": 1, "action": "draw"},
        {"player": 1, "action": "pass"},
        {"player": seat, "action": "draw"},  # seat 0's turn
    ]
    with pytest.raises(MoveError) as caught:
        replay(small_record(moves=moves))
    assert caught.value.index == 4
    assert caught.value.error.reason is Reason.NOT_YOUR_TURN
    assert replay(small_record(moves=moves[:4])).current == 0


def test_rule_9_a_move_after_the_end_is_refused_in_a_record() -> None:
    # Ana lays BBY under BXY; ben lays BRY over it and goes out, closing the round.
    moves: list[dict[str, object]] = [
        {"player": 0, "action": "play", "tile": "BBY", "x": 0, "y": 1, "dir": "E"},
        {"player": 1, "action": "play", "tile": "BRY", "x": 0, "y": -1, "dir": "E"},
    ]
    record = small_record(hands=[["BBY", "RRR"], ["BRY"]], moves=moves)
    assert replay(record).is_over
    for late in ({"player": 0, "action": "draw"}, {"player": 1, "action": "pass"}):
        with pytest.raises(MoveError) as caught:
            replay({**record, "moves": [*moves, late]})
        assert caught.value.index == 2
        assert caught.value.error.reason is Reason.GAME_OVER


# --- records stay on the server ------------------------------------------------------


def assert_view_carries_no_record(game: Game) -> None:
    """No view holds the record, nor the parts of it a player may not see."""
    record = game.to_record()
    bag = record["bag"]
    moves = record["moves"]
    assert isinstance(bag, list) and isinstance(moves, list)
    viewers: list[int | None] = [*range(game.player_count), None]
    for viewer in viewers:
        view = game.view_for(viewer)
        assert not hasattr(view, "to_record")
        for value in (getattr(view, f.name) for f in fields(view)):
            assert not isinstance(value, (Game, Setup, list, dict)), value
        data = view.to_dict()
        text = json.dumps(data)
        assert "chromino-game/1" not in text
        assert isinstance(data["bag"], int) and isinstance(data["moves"], int)
        assert data["moves"] == len(moves)
        if len(bag) >= 2:
            assert json.dumps(bag)[1:-1] not in text  # the drawing order
        if moves:
            assert json.dumps(moves[-1]) not in text


def test_rule_9_records_are_server_side_a_view_never_carries_the_record() -> None:
    game = Game.new(["ana", "ben", "cy"], "records", GameOptions(scoring="expert"))
    rng = random.Random(9)
    assert_view_carries_no_record(game)
    while not game.is_over:
        game.apply(game.current, greedy_bot(game.view_for(game.current), rng))
        assert_view_carries_no_record(game)
