"""Puzzles the engine proves (chromino.core.puzzles), for every registered game and the
toy third game: a puzzle's answer is the one best placement of its position, checked
against every legal placement counted again here; a position with two equally good
answers is refused (the toy game builds them on purpose: a tile that fits both ends of
its line scores the same at either); a found puzzle proves again from its position
alone, and a changed solution or fact does not; the commands find and re-prove files."""

from __future__ import annotations

import io
import itertools
import json
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.toy_line import GAME as NUMBER_LINE
from support.toy_line import TILES as TOY_TILES
from support.toy_line import Placement as ToyPlacement

from chromino import GAMES
from chromino.cli import main
from chromino.core.descriptor import GameDescriptor
from chromino.core.puzzles import (
    FEWEST_CHOICES,
    GOALS,
    Puzzle,
    PuzzleError,
    find_puzzles,
    judge,
    most_points,
    positions_from_games,
    prove,
    read_puzzle,
    same_position,
    verify,
)

WITH_POINTS = {"chromino": "expert", "triominos": None}
"""Each registered game under a scoring that counts points."""
every_game = pytest.mark.parametrize("name", list(GAMES))
LAST_TILE_SEEDS = {"chromino": [0, 1, 2, 38], "triominos": [0, 1, 2, 49]}
"""Bot games with both outcomes of the last tile's goal: a puzzle is rare (about one
Chromino game in thirty, one Triominos game in four hundred), so the deals holding one
were looked for once and are named here."""


def options_for(game: GameDescriptor, scoring: str | None) -> Any:
    if not game.scorings:
        return None
    return game.table_options(game.rulesets[0] if game.rulesets else "", scoring or "")


def best_answers(game: GameDescriptor, position: dict[str, object], scoring: str | None) -> Any:
    """Every physical placement's points, worked out here from the moves list alone."""
    points: dict[Any, int] = {}
    for move in game.position_moves(position, scoring):
        points[game.parse_placement(move).normalized()] = int(str(move.get("score", 0)))
    return points


@every_game
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_answer_is_the_one_best_placement_and_a_tie_is_refused(name: str, seed: int) -> None:
    game = GAMES[name]
    scoring = WITH_POINTS[name]
    positions = positions_from_games(game, [seed], options_for(game, scoring))
    for position in itertools.islice(positions, 12):
        points = best_answers(game, position, scoring)
        proof = most_points(game, position, scoring)
        ranked = sorted(points.values(), reverse=True)
        if len(points) < FEWEST_CHOICES or ranked[0] == ranked[1]:
            assert proof is None
            continue
        assert proof is not None
        answer = game.parse_placement(proof.solution).normalized()
        assert points[answer] == ranked[0] > max(v for k, v in points.items() if k != answer)
        assert proof.facts == {"placements": len(points), "best": ranked[0], "next_best": ranked[1]}


def test_the_sample_of_real_positions_holds_both_puzzles_and_refused_ties() -> None:
    """The property above meets both outcomes in real games, not only one of them."""
    seen: Counter[str] = Counter()
    for name, scoring in WITH_POINTS.items():
        game = GAMES[name]
        positions = positions_from_games(game, range(3), options_for(game, scoring))
        for position in itertools.islice(positions, 40):
            points = sorted(best_answers(game, position, scoring).values(), reverse=True)
            if len(points) >= FEWEST_CHOICES:
                tied = points[0] == points[1]
                seen["tie" if tied else "puzzle"] += 1
                assert (most_points(game, position, scoring) is None) is tied
    assert seen["tie"] and seen["puzzle"], seen


@settings(max_examples=60, deadline=None)
@given(
    centre=st.sampled_from(sorted(TOY_TILES)),
    hand=st.lists(st.sampled_from(sorted(TOY_TILES)), min_size=3, max_size=5, unique=True),
)
def test_a_line_of_one_tile_is_never_a_puzzle_each_end_scores_alike(
    centre: str, hand: list[str]
) -> None:
    """On a line of one tile both ends touch only it, so whatever fits one end fits the
    other for the same points: every best answer has a twin, and no puzzle comes out."""
    hand = [tile for tile in hand if tile != centre]
    position = {
        "format": "numberline-position/1",
        "board": [{"tile": centre, "x": 0}],
        "hand": hand,
    }
    moves = NUMBER_LINE.position_moves(position, None)
    assert len(moves) % 2 == 0 and {m["x"] for m in moves} <= {-1, 1}
    assert most_points(NUMBER_LINE, position, None) is None
    assert prove(NUMBER_LINE, "most_points", position, None) is None


LONGER_LINE = {
    "format": "numberline-position/1",
    "board": [{"tile": "n5", "x": 0}, {"tile": "n2", "x": 1}],
    "hand": ["n8", "n4", "n3", "n1"],
}


def test_a_longer_toy_line_makes_a_puzzle_with_one_best_end() -> None:
    position = LONGER_LINE
    # n8 fits only beside n5 (left), n4 and n3 fit both ends, n1 fits beside n2 only
    puzzle = prove(NUMBER_LINE, "most_points", position, None)
    assert puzzle is not None
    assert puzzle.solution == {"tile": "n8", "x": -1}
    assert puzzle.facts == {"placements": 6, "best": 8, "next_best": 4}
    assert ToyPlacement("n8", -1) == NUMBER_LINE.parse_placement(puzzle.solution)


def test_an_id_is_checked_when_given_and_a_position_is_one_in_any_order() -> None:
    puzzle = prove(NUMBER_LINE, "most_points", LONGER_LINE, None)
    assert puzzle is not None
    games = {NUMBER_LINE.name: NUMBER_LINE}
    document = puzzle.to_dict()
    assert read_puzzle({k: v for k, v in document.items() if k != "id"}, games) == puzzle
    with pytest.raises(PuzzleError, match=f"id: expected '{puzzle.id}'"):
        read_puzzle({**document, "id": "0" * 12}, games)
    board, hand = LONGER_LINE["board"], LONGER_LINE["hand"]
    listed_otherwise = {**LONGER_LINE, "board": board[::-1], "hand": hand[::-1]}
    assert same_position(listed_otherwise) == same_position(LONGER_LINE)
    assert same_position({**LONGER_LINE, "hand": hand[1:]}) != same_position(LONGER_LINE)


def keeps_a_place(game: GameDescriptor, position: dict[str, Any], move: dict[str, Any]) -> bool:
    """Whether the tile left has a legal place once ``move`` is laid, asked of the
    moves list of the position after it, built here from the documents."""
    hand = list(position["hand"])
    hand.remove(move["tile"])
    placed = {k: v for k, v in move.items() if k not in ("score", "figure", "contacts")}
    after = {**position, "board": [*position["board"], placed], "hand": hand}
    return bool(game.position_moves(after, None))


@every_game
def test_the_last_tile_answer_is_the_only_placement_that_keeps_a_place(name: str) -> None:
    game = GAMES[name]
    options = options_for(game, "none" if game.scorings else None)
    outcomes: Counter[bool] = Counter()
    for position in positions_from_games(game, LAST_TILE_SEEDS[name], options):
        if len(position["hand"]) != 2:  # type: ignore[arg-type]
            continue
        distinct = {
            game.parse_placement(m).normalized(): m for m in game.position_moves(position, None)
        }
        keeping = [key for key, move in distinct.items() if keeps_a_place(game, position, move)]
        proof = GOALS["last_tile"](game, position, None)
        expected = len(distinct) >= FEWEST_CHOICES and len(keeping) == 1
        outcomes[expected] += 1
        assert (proof is not None) is expected
        if proof is not None:
            assert game.parse_placement(proof.solution).normalized() == keeping[0]
            assert proof.facts == {"placements": len(distinct), "keeping": 1}
    assert outcomes[False] and outcomes[True], outcomes  # both met in real games


@pytest.mark.parametrize(("name", "scoring"), list(WITH_POINTS.items()))
def test_found_puzzles_prove_again_and_a_changed_one_does_not(
    name: str, scoring: str | None
) -> None:
    game = GAMES[name]
    found = list(
        itertools.islice(
            find_puzzles(
                game, "most_points", scoring, options_for(game, scoring), itertools.count()
            ),
            4,
        )
    )
    assert len(found) == 4 and len({puzzle.id for puzzle in found}) == 4
    for puzzle in found:
        again = read_puzzle(json.loads(json.dumps(puzzle.to_dict())), GAMES)
        assert again == puzzle and verify(again, GAMES) is None
        moves = game.position_moves(puzzle.position, scoring)
        other = next(
            m
            for m in moves
            if game.parse_placement(m).normalized()
            != game.parse_placement(puzzle.solution).normalized()
        )
        wrong = Puzzle(
            puzzle.game,
            puzzle.goal,
            puzzle.scoring,
            puzzle.position,
            {k: v for k, v in other.items() if k not in ("score", "figure", "contacts")},
            puzzle.facts,
        )
        assert "solution" in (verify(wrong, GAMES) or "")
        padded = Puzzle(
            puzzle.game,
            puzzle.goal,
            puzzle.scoring,
            puzzle.position,
            puzzle.solution,
            {**puzzle.facts, "best": 99},
        )
        assert "facts" in (verify(padded, GAMES) or "")


def test_the_commands_find_puzzles_and_prove_a_file_again(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out):
        assert (
            main(["puzzles", "generate", "--game", "triominos", "--count", "3", "--seed", "5"]) == 0
        )
    lines = out.getvalue().splitlines()
    assert len(lines) == 3 and all(
        json.loads(line)["format"] == "chromino-puzzle/1" for line in lines
    )
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(lines) + "\n")
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        assert main(["puzzles", "verify", str(good)]) == 0
    assert "3 proven, 0 failed" in err.getvalue()

    broken = json.loads(lines[0])
    broken["facts"]["best"] += 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(broken) + "\n" + '{"format": "chromino-puzzle/1", "game": "go"}\n')
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        assert main(["puzzles", "verify", str(bad)]) == 2
    assert f"bad.jsonl:1: puzzle {broken['id']} fails: the facts are" in out.getvalue()
    assert "bad.jsonl:2: not a puzzle: game: unknown game 'go'" in err.getvalue()


def test_every_goal_is_named_in_a_puzzle_document() -> None:
    assert set(GOALS) == {"most_points", "last_tile"}


def found(name: str, goal: str, scoring: str | None, count: int) -> list[Puzzle]:
    """The first puzzles of ``goal`` in seeded bot games of the game."""
    game = GAMES[name]
    options = options_for(game, scoring if scoring is not None or not game.scorings else "none")
    seeds = LAST_TILE_SEEDS[name] if goal == "last_tile" else itertools.count()
    return list(itertools.islice(find_puzzles(game, goal, scoring, options, seeds), count))


@pytest.mark.parametrize(("name", "scoring"), list(WITH_POINTS.items()))
def test_each_placement_is_judged_by_its_points_and_only_the_solution_is_right(
    name: str, scoring: str | None
) -> None:
    game = GAMES[name]
    for puzzle in found(name, "most_points", scoring, 2):
        points = best_answers(game, puzzle.position, scoring)
        for move in game.position_moves(puzzle.position, scoring):
            verdict = judge(game, puzzle, move)
            key = game.parse_placement(move).normalized()
            assert verdict.points == points[key]
            assert verdict.correct is (verdict.points == puzzle.facts["best"])
            assert (verdict.left, verdict.left_fits) == (None, None)


@every_game
def test_a_wrong_last_tile_leaves_the_other_tile_without_a_place(name: str) -> None:
    game = GAMES[name]
    for puzzle in found(name, "last_tile", None, 2):
        for move in game.position_moves(puzzle.position, None):
            verdict = judge(game, puzzle, move)
            hand = list(puzzle.position["hand"])  # type: ignore[call-overload]
            hand.remove(move["tile"])
            assert verdict.left == hand[0]
            assert verdict.left_fits is keeps_a_place(game, puzzle.position, move)
            assert verdict.correct is verdict.left_fits
            assert verdict.points is None


@pytest.mark.parametrize(("name", "scoring"), list(WITH_POINTS.items()))
def test_a_puzzles_position_is_a_game_that_allows_exactly_its_moves(
    name: str, scoring: str | None
) -> None:
    """The game a puzzle is shown and judged on lays what the moves list lists, no more."""
    game = GAMES[name]
    assert game.position_game is not None
    for puzzle in found(name, "most_points", scoring, 2):
        live = game.position_game(puzzle.position, scoring)
        plays = {placement.normalized() for placement in live.legal_plays(0)}
        listed = {
            game.parse_placement(m).normalized()
            for m in game.position_moves(puzzle.position, scoring)
        }
        assert plays == listed
        assert sorted(live.hands[0]) == sorted(puzzle.position["hand"])  # type: ignore[call-overload]


def test_a_question_that_counts_no_points_has_one_id_whatever_the_scoring() -> None:
    game = GAMES["chromino"]
    puzzle = found("chromino", "last_tile", None, 1)[0]
    for scoring in game.scorings:
        again = prove(game, "last_tile", puzzle.position, scoring)
        assert again is not None
        assert (again.scoring, again.id) == (None, puzzle.id)
