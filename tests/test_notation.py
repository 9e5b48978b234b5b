"""docs/rules.md section 9: positions and records written by the engine read back the same."""

from __future__ import annotations

import json
import random

import pytest

from chromino import Game, GameOptions, InvalidSetupError
from chromino.bots import greedy_bot
from chromino.notation import parse_position, position_of, replay


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
