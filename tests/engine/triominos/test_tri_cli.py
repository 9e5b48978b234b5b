"""``chromino replay`` and ``chromino moves`` on Triominos documents, run as a real subprocess."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from support.engine.cli_runs import expected_summary, greedy_game, lines, run_cli
from support.engine.tri_scenarios import DATA

from chromino.games.chromino.game import Game as ChrominoGame
from chromino.games.triominos.bots import greedy_bot
from chromino.games.triominos.game import Game
from chromino.games.triominos.options import GameOptions

BOOK_RECORD = DATA / "book_example_record.json"
BOOK_POSITIONS = DATA / "book_examples.jsonl"


def played_game(seed: int, moves: int | None = None, players: int = 3, **options: Any) -> Game:
    game = Game.new(["ana", "ben", "cy", "di"][:players], seed, GameOptions(**options))
    played: Game = greedy_game(game, greedy_bot, seed, moves)
    return played


# --- replay -------------------------------------------------------------------------


def test_replay_reports_the_book_example_record() -> None:
    # The file is pretty-printed over several lines: give it as one line.
    one_line = json.dumps(json.loads(BOOK_RECORD.read_text()))
    result = run_cli("replay", "-", stdin=one_line + "\n")
    assert result.returncode == 0, result.stderr
    assert lines(result.stdout) == [
        {
            "finished": False,
            "ended_by": None,
            "winners": [],
            "scores": [-20, -3],
            "hand_sizes": [12, 9],
            "board_tiles": 2,
            "bag": 33,
        }
    ]


def ended_by(kind: str, players: int, **options: Any) -> Game:
    """The first greedy game (by seed) that ends that way."""
    for seed in range(100):
        game = played_game(seed, players=players, **options)
        outcome = game.outcome()
        if outcome is not None and outcome.ended_by == kind:
            return game
    raise AssertionError(f"no game ended by {kind}")


def test_replay_reports_how_each_game_ended(tmp_path: Path) -> None:
    games = [
        ended_by("out", 3),
        ended_by("blocked", 1),
        ended_by("target", 2, target=50),
        played_game(3, moves=9),
    ]
    games += [played_game(seed, players=seed % 4 + 1) for seed in range(4, 12)]
    source = tmp_path / "records.jsonl"
    source.write_text("\n".join(json.dumps(g.to_record()) for g in games) + "\n")
    result = run_cli("replay", str(source))
    assert result.returncode == 0, result.stderr
    summaries = lines(result.stdout)
    assert summaries == [expected_summary(g) for g in games]
    assert [s["ended_by"] for s in summaries[:4]] == ["out", "blocked", "target", None]


def test_replay_reads_chromino_and_triominos_records_in_one_file() -> None:
    chromino = ChrominoGame.new(["a", "b"], seed=1)
    triominos = played_game(5)
    text = json.dumps(chromino.to_record()) + "\n" + json.dumps(triominos.to_record()) + "\n"
    result = run_cli("replay", "-", stdin=text)
    assert result.returncode == 0, result.stderr
    first, second = lines(result.stdout)
    assert first["board_tiles"] == 1  # Chromino's starting tile
    assert second == expected_summary(triominos)


def test_replay_reports_the_first_move_that_cannot_be_applied() -> None:
    record = json.loads(BOOK_RECORD.read_text())
    play = {"player": 0, "action": "play"}
    cases = [
        ({**play, "tile": "334", "x": 1, "y": 0, "rot": 1}, "corner_mismatch"),
        ({**play, "tile": "334", "x": 5, "y": 5, "rot": 2}, "no_edge_contact"),
        ({**play, "tile": "210", "x": 1, "y": 0, "rot": 2}, "unknown_tile"),
        ({**play, "tile": "013", "x": 1, "y": 0, "rot": 0}, "must_play_drawn_tile"),
        ({"player": 0, "action": "pass"}, "pass_not_allowed"),
        ({"player": 1, "action": "draw"}, "not_your_turn"),
    ]
    for move, reason in cases:
        changed = dict(record, moves=[*record["moves"][:2], move])
        result = run_cli("replay", "-", stdin=json.dumps(changed) + "\n")
        assert result.returncode == 0, result.stderr
        [line] = lines(result.stdout)
        assert line["error"]["move"] == 2
        assert line["error"]["reason"] == reason, move


def test_replay_refuses_an_inconsistent_header_naming_the_field() -> None:
    record = json.loads(BOOK_RECORD.read_text())
    repeated = json.loads(BOOK_RECORD.read_text())
    repeated["bag"][0] = "013"
    short = json.loads(BOOK_RECORD.read_text())
    short["bag"].pop()
    far = dict(record, first=2)
    text = "\n".join(json.dumps(d) for d in (repeated, short, far, record)) + "\n"
    result = run_cli("replay", "-", stdin=text)
    assert result.returncode == 2
    errors = result.stderr.splitlines()
    assert len(errors) == 3
    assert ":1: bag[0]:" in errors[0] and "013" in errors[0]
    assert ":2: bag:" in errors[1] and "56" in errors[1]
    assert ":3: first:" in errors[2]
    assert lines(result.stdout)[0]["scores"] == [-20, -3]
    assert "Traceback" not in result.stderr


# --- moves ---------------------------------------------------------------------------


def test_moves_lists_the_book_examples_with_score_and_figure() -> None:
    result = run_cli("moves", str(BOOK_POSITIONS))
    assert result.returncode == 0, result.stderr
    first, hexagon, bridge = lines(result.stdout)
    assert first == [
        {"tile": "334", "x": 1, "y": 0, "rot": 2, "score": 10, "figure": None},
        {"tile": "344", "x": 1, "y": 0, "rot": 2, "score": 11, "figure": None},
        {"tile": "445", "x": 0, "y": 1, "rot": 1, "score": 13, "figure": None},
        {"tile": "455", "x": 0, "y": 1, "rot": 1, "score": 14, "figure": None},
    ]
    assert {"tile": "113", "x": -2, "y": 0, "rot": 2, "score": 55, "figure": "hexagon"} in hexagon
    assert {"tile": "003", "x": 0, "y": 1, "rot": 2, "score": 43, "figure": "bridge"} in bridge


def test_moves_lists_a_triple_once_with_the_smallest_rot() -> None:
    document = {"format": "triominos-position/1", "board": [], "hand": ["555", "012"]}
    [moves] = lines(run_cli("moves", "-", stdin=json.dumps(document)).stdout)
    assert moves == [
        {"tile": "012", "x": 0, "y": 0, "rot": 0, "score": 3, "figure": None},
        {"tile": "012", "x": 0, "y": 0, "rot": 1, "score": 3, "figure": None},
        {"tile": "012", "x": 0, "y": 0, "rot": 2, "score": 3, "figure": None},
        {"tile": "555", "x": 0, "y": 0, "rot": 0, "score": 15, "figure": None},
    ]


def test_moves_reads_chromino_and_triominos_positions_in_one_file() -> None:
    chromino = {
        "format": "chromino-position/1",
        "board": [{"tile": "BXY", "x": 0, "y": 0, "dir": "E"}],
        "hand": ["BBY"],
    }
    triominos = {"format": "triominos-position/1", "board": [], "hand": ["000"]}
    text = json.dumps(chromino) + "\n" + json.dumps(triominos) + "\n"
    result = run_cli("moves", "-", stdin=text)
    assert result.returncode == 0, result.stderr
    chromino_moves, triominos_moves = lines(result.stdout)
    assert all("dir" in move and "contacts" in move for move in chromino_moves)
    assert triominos_moves == [
        {"tile": "000", "x": 0, "y": 0, "rot": 0, "score": 0, "figure": None}
    ]


def test_moves_reports_an_unusable_triominos_position() -> None:
    bad = [
        {"format": "triominos-position/1", "board": [], "hand": ["210"]},
        {"format": "triominos-position/1", "board": [{"tile": "012", "x": 0, "y": 0}], "hand": []},
    ]
    good = {"format": "triominos-position/1", "board": [], "hand": []}
    text = "\n".join(json.dumps(d) for d in [*bad, good]) + "\n"
    result = run_cli("moves", "-", stdin=text)
    assert result.returncode == 2
    errors = result.stderr.splitlines()
    assert ":1: hand[0]:" in errors[0] and "210" in errors[0]
    assert ":2: board[0]:" in errors[1]
    assert lines(result.stdout) == [[]]


# --- selfplay ------------------------------------------------------------------------


def test_selfplay_plays_triominos_games() -> None:
    result = run_cli(
        "selfplay", "--game", "triominos", "--players", "4", "--games", "5", "--seed", "2", "--json"
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["games"] == 5
    assert summary["seats"] == {"greedy": 20}
    text = run_cli("selfplay", "--game", "triominos", "--games", "3", "--bots", "greedy,random")
    assert "3 triominos games" in text.stdout


def test_selfplay_refuses_five_triominos_players_without_a_traceback() -> None:
    result = run_cli("selfplay", "--game", "triominos", "--players", "5")
    assert result.returncode == 2
    assert "1 to 4 players" in result.stderr
    assert "Traceback" not in result.stderr
