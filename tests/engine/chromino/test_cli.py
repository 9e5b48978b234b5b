"""The ``chromino`` command line, run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from support.engine import reference as ref
from support.engine.cli_runs import expected_summary, greedy_game, lines, run_cli
from support.engine.scenarios import PLACEMENT_EXAMPLES, Example

from chromino.core.selfplay import play_bot_game
from chromino.games.chromino import GAME
from chromino.games.chromino.actions import Action
from chromino.games.chromino.bots import greedy_bot, random_bot
from chromino.games.chromino.game import Game
from chromino.games.chromino.options import GameOptions
from chromino.games.chromino.placement import Placement


def played_game(seed: int, moves: int | None = None, **options: object) -> Game:
    game = Game.new(["ana", "ben", "cy"], seed, GameOptions(**options))  # type: ignore[arg-type]
    played: Game = greedy_game(game, greedy_bot, seed, moves)
    return played


def test_replay_prints_the_state_after_the_last_move(tmp_path: Path) -> None:
    games = [played_game(1), played_game(2, scoring="segments"), played_game(3, moves=7)]
    source = tmp_path / "records.jsonl"
    source.write_text("\n".join(json.dumps(g.to_record()) for g in games) + "\n")
    result = run_cli("replay", str(source))
    assert result.returncode == 0, result.stderr
    assert lines(result.stdout) == [expected_summary(g) for g in games]
    assert lines(result.stdout)[2]["finished"] is False


def test_replay_of_a_hand_worked_game() -> None:
    # Expert scoring on BXY: ana lays BBY under it (2 + 3 = 5), ben lays BRY over it
    # (3 + 3 = 6) and goes out; ben closes the round, so the game ends, and with scoring
    # the highest score wins. The other options are missing: they take their defaults.
    record = {
        "format": "chromino-game/1",
        "options": {"scoring": "expert"},
        "players": ["ana", "ben"],
        "start": {"tile": "BXY", "x": 0, "y": 0, "dir": "E"},
        "hands": [["BBY", "RRR"], ["BRY"]],
        "bag": ["PPP"],
        "first": 0,
        "moves": [
            {"player": 0, "action": "play", "tile": "BBY", "x": 0, "y": 1, "dir": "E"},
            {"player": 1, "action": "play", "tile": "BRY", "x": 0, "y": -1, "dir": "E"},
        ],
    }
    result = run_cli("replay", "-", stdin=json.dumps(record))
    assert result.returncode == 0, result.stderr
    assert lines(result.stdout) == [
        {
            "finished": True,
            "ended_by": "out",
            "winners": [1],
            "scores": [5, 6],
            "hand_sizes": [1, 0],
            "board_tiles": 3,
            "bag": 1,
        }
    ]


def test_replay_reads_stdin_with_a_dash() -> None:
    game = played_game(4)
    result = run_cli("replay", "-", stdin=json.dumps(game.to_record()) + "\n")
    assert result.returncode == 0
    assert lines(result.stdout) == [expected_summary(game)]


def with_moves(game: Game, extra: list[dict[str, object]], keep: int | None = None) -> str:
    record = game.to_record()
    moves = record["moves"]
    assert isinstance(moves, list)
    record["moves"] = moves[:keep] + extra if keep is not None else moves + extra
    return json.dumps(record)


def bad_moves(game: Game) -> list[tuple[dict[str, object], str]]:
    """Moves that cannot be applied now, with the reason the engine must give."""
    seat = game.current
    own = game.hands[seat][0]
    start = game.board.placements[0]
    return [
        ({"action": "fly"}, "unknown_action"),
        ({"action": "play", "tile": "QQQ", "x": 0, "y": 0, "dir": "E"}, "unknown_tile"),
        ({"action": "play", "tile": own, "x": start.x, "y": start.y, "dir": "E"}, "overlap"),
        ({"action": "play", "tile": own, "x": 40, "y": 40, "dir": "E"}, "no_contact"),
        ({"action": "play", "tile": own, "x": 0, "y": 0, "dir": "Q"}, "bad_placement"),
        ({"action": "pass"}, "pass_not_allowed"),
        ({"player": "one", "action": "draw"}, "malformed_move"),
    ]


def test_replay_reports_the_first_move_that_cannot_be_applied() -> None:
    game = played_game(5, moves=4)
    for move, reason in bad_moves(game):
        bad = {"player": game.current, **move}
        text = with_moves(game, [bad, {"player": game.current, "action": "draw"}])
        result = run_cli("replay", "-", stdin=text + "\n")
        assert result.returncode == 0
        [line] = lines(result.stdout)
        assert line["error"]["move"] == 4
        assert line["error"]["reason"] == reason, move


def test_replay_reports_a_move_out_of_turn() -> None:
    game = played_game(6, moves=3)
    other = (game.current + 1) % 3
    result = run_cli("replay", "-", stdin=with_moves(game, [{"player": other, "action": "draw"}]))
    [line] = lines(result.stdout)
    assert set(line) == {"error"}
    assert (line["error"]["move"], line["error"]["reason"]) == (3, "not_your_turn")
    assert f"seat {other}" in line["error"]["message"]
    assert f"seat {game.current}" in line["error"]["message"]


def test_replay_reports_a_move_after_the_end() -> None:
    game = played_game(7)
    assert game.is_over
    extra = [{"player": game.current, "action": "draw"}]
    [line] = lines(run_cli("replay", "-", stdin=with_moves(game, extra)).stdout)
    assert set(line["error"]) == {"move", "reason", "message"}
    assert (line["error"]["move"], line["error"]["reason"]) == (len(game.moves), "game_over")
    assert "over" in line["error"]["message"]


def test_replay_goes_on_after_unusable_lines_and_exits_2(tmp_path: Path) -> None:
    good = played_game(8)
    missing_hands = good.to_record()
    del missing_hands["hands"]
    wrong_type = good.to_record()
    wrong_type["first"] = "zero"
    source = tmp_path / "mixed.jsonl"
    source.write_text(
        "\n".join(
            [
                "{not json",
                "[1, 2]",
                json.dumps(missing_hands),
                json.dumps(wrong_type),
                json.dumps(good.to_record()),
            ]
        )
        + "\n"
    )
    result = run_cli("replay", str(source))
    assert result.returncode == 2
    assert lines(result.stdout) == [expected_summary(good)]
    errors = result.stderr.splitlines()
    assert len(errors) == 4
    assert ":1: not JSON" in errors[0]
    assert ":2: not a JSON object" in errors[1]
    assert ":3: hands: missing" in errors[2]
    assert ":4: first:" in errors[3]
    assert "Traceback" not in result.stderr


def test_replay_names_a_bad_tile_in_the_deal() -> None:
    record = played_game(9, moves=0).to_record()
    hands = record["hands"]
    assert isinstance(hands, list)
    hands[1][2] = "ZZZ"
    result = run_cli("replay", "-", stdin=json.dumps(record))
    assert result.returncode == 2
    assert "hands[1][2]" in result.stderr
    assert "ZZZ" in result.stderr
    assert result.stdout == ""


def test_a_missing_file_is_a_clear_error_not_a_traceback(tmp_path: Path) -> None:
    result = run_cli("replay", str(tmp_path / "nope.jsonl"))
    assert result.returncode == 2
    assert "cannot read" in result.stderr
    assert "Traceback" not in result.stderr


def as_placement(move: dict[str, Any]) -> Placement:
    tile, x, y, direction = move["tile"], move["x"], move["y"], move["dir"]
    assert isinstance(tile, str) and isinstance(x, int)
    assert isinstance(y, int) and isinstance(direction, str)
    return Placement(tile, x, y, direction)


def position(board: list[Placement], hand: list[str], ruleset: str = "standard") -> str:
    return json.dumps(
        {
            "format": "chromino-position/1",
            "ruleset": ruleset,
            "board": [p.to_dict() for p in board],
            "hand": hand,
        }
    )


BXY_HAND_MOVES = [
    # Under B(0,0) X(1,0) Y(2,0), row y=1 (row y=-1 above is its mirror image):
    ("BBY", 0, 1, "E", 3),  # B-B, B-X, Y-Y
    ("BBY", -1, 1, "E", 2),  # B-B, Y-X; its first B touches nothing
    ("BBY", 1, 1, "W", 2),  # B-X, B-B; its Y touches nothing
    ("YBY", -1, 1, "E", 2),  # B-B, Y-X
    ("PXY", -1, 1, "E", 2),  # X-B, Y-X
    ("PXY", 1, 1, "E", 2),  # P-X, X-Y
    ("PXY", 1, 1, "W", 2),  # P-X, X-B
    ("PXY", 3, 1, "W", 2),  # X-Y, Y-X
    ("BBY", 0, -1, "E", 3),
    ("BBY", -1, -1, "E", 2),
    ("BBY", 1, -1, "W", 2),
    ("YBY", -1, -1, "E", 2),
    ("PXY", -1, -1, "E", 2),
    ("PXY", 1, -1, "E", 2),
    ("PXY", 1, -1, "W", 2),
    ("PXY", 3, -1, "W", 2),
]
"""Every legal placement of BBY, YBY and PXY on a lone BXY, worked out by hand: a tile
standing upright would touch a single square, and every other place has a mismatch."""


def test_moves_lists_every_legal_placement_once_with_contacts() -> None:
    board = [Placement("BXY", 0, 0, "E")]
    hand = ["BBY", "YBY", "PXY"]
    result = run_cli("moves", "-", stdin=position(board, hand) + "\n")
    assert result.returncode == 0
    [moves] = lines(result.stdout)
    assert all(set(m) == {"tile", "x", "y", "dir", "contacts"} for m in moves)
    listed = Counter((ref.physical(as_placement(m)), m["contacts"]) for m in moves)
    assert set(listed.values()) == {1}, "a physical placement is listed twice"
    by_hand = {(ref.physical(Placement(*move[:4])), move[4]) for move in BXY_HAND_MOVES}
    assert set(listed) == by_hand
    # The slow reference agrees with the hand-worked list.
    reference_board = ref.ReferenceBoard(board)
    expected = {
        (key, len(ref.analyse(reference_board, placement).contacts))
        for key, placement in ref.all_legal_placements(board, hand, "standard").items()
    }
    assert expected == by_hand


def filler(example: Example) -> str:
    """A second tile for the hand, so that a chameleon is not a lone last tile."""
    used = {p.tile for p in example.board} | {example.placement.tile}
    return next(name for name in ("PPP", "RRR", "GGG") if name not in used)


def test_moves_adds_scores_from_the_worked_examples() -> None:
    scored = [e for e in PLACEMENT_EXAMPLES if e.legal and e.score is not None]
    assert scored
    for mode in ("expert", "segments", "segments-multiply"):
        text = "\n".join(
            position(list(e.board), [e.placement.tile, filler(e)], e.ruleset) for e in scored
        )
        result = run_cli("moves", "--scoring", mode, "-", stdin=text)
        assert result.returncode == 0, result.stderr
        for example, moves in zip(scored, lines(result.stdout), strict=True):
            assert example.score is not None
            wanted = example.placement.normalized()
            [move] = [m for m in moves if as_placement(m).normalized() == wanted]
            assert move["score"] == example.score[mode]
            assert move["contacts"] == example.contacts


def test_moves_a_lone_chameleon_has_no_legal_placement() -> None:
    text = position([Placement("BXY", 0, 0, "E")], ["PXY"])
    result = run_cli("moves", "-", stdin=text)
    assert lines(result.stdout) == [[]]
    two = run_cli("moves", "-", stdin=position([Placement("BXY", 0, 0, "E")], ["PXY", "RRR"]))
    assert any(m["tile"] == "PXY" for m in lines(two.stdout)[0])


def test_moves_reports_an_overlapping_board_as_unusable() -> None:
    text = position([Placement("BXY", 0, 0, "E"), Placement("RRR", 1, -1, "S")], ["GGG"])
    result = run_cli("moves", "-", stdin=text + "\n" + position([Placement("BXY", 0, 0, "E")], []))
    assert result.returncode == 2
    assert ":1: board:" in result.stderr
    assert lines(result.stdout) == [[]]


def test_selfplay_prints_wins_turns_and_speed() -> None:
    result = run_cli(
        "selfplay", "--players", "4", "--games", "6", "--seed", "3", "--bots", "greedy,random"
    )
    assert result.returncode == 0
    assert "6 games" in result.stdout
    assert "games per second" in result.stdout


def test_selfplay_summary_counts_the_games_it_played() -> None:
    options = ["--players", "3", "--games", "6", "--seed", "3", "--bots", "greedy,random"]
    as_json = run_cli("selfplay", *options, "--json")
    assert as_json.returncode == 0, as_json.stderr
    summary = json.loads(as_json.stdout)
    assert summary["games"] == 6
    # Seats cycle through the bots, shifted by one each game: g r g, r g r, g r g, ...
    assert summary["seats"] == {"greedy": 9, "random": 9}
    # The same games, played here one by one and counted by this test.
    bots = {"greedy": greedy_bot, "random": random_bot}
    wins = dict.fromkeys(bots, 0)
    turns = blocked = 0
    for number in range(6):
        names = ["greedy", "random"] * 2
        seated = names[number % 2 : number % 2 + 3]
        game = play_bot_game(GAME, [bots[name] for name in seated], f"3:{number}", GameOptions())
        outcome = game.outcome()
        assert outcome is not None
        for seat in outcome.winners:
            wins[seated[seat]] += 1
        turns += sum(game.turns_taken)
        blocked += outcome.ended_by == "blocked"
    assert summary["wins"] == wins
    assert summary["blocked"] == blocked
    assert summary["average_turns"] == round(turns / 6, 2)


def test_selfplay_refuses_an_unknown_bot_without_a_traceback() -> None:
    result = run_cli("selfplay", "--bots", "greedy,wizard")
    assert result.returncode == 2
    assert "wizard" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_command_line_imports_only_the_standard_library() -> None:
    script = (
        "import sys, runpy\n"
        "before = set(sys.modules)\n"
        "sys.argv = ['chromino', 'selfplay', '--games', '1', '--players', '2']\n"
        "try:\n    runpy.run_module('chromino', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "loaded = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "print(sorted(loaded - set(sys.stdlib_module_names) - {'chromino'}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_record_action_forms_round_trip_through_the_cli() -> None:
    game = played_game(10, moves=12)
    game.apply(game.current, Action("timeout"))
    result = run_cli("replay", "-", stdin=json.dumps(game.to_record()))
    assert lines(result.stdout) == [expected_summary(game)]
