"""The first-game lessons (chromino/games/<game>/lessons.py, docs/lessons.md): every
position is a real position of its game, its goal can be reached by a legal placement,
and a wrong placement does not reach it. Then, lesson by lesson, that each teaches
what docs/rules.md and docs/triominos-rules.md say."""

from __future__ import annotations

from typing import Any

import pytest

from chromino import GAMES
from chromino.core.errors import IllegalMoveError, InvalidSetupError, Reason
from chromino.core.lesson import SEAT, Lesson, lesson_named
from chromino.games.chromino import lessons as chromino_lessons
from chromino.games.chromino.placement import Placement as ChrominoPlacement
from chromino.games.chromino.reasons import ChrominoReason
from chromino.games.chromino.tiles import TILES as CHROMINO_TILES
from chromino.games.triominos import lessons as triominos_lessons
from chromino.games.triominos.placement import Placement as TriominosPlacement
from chromino.games.triominos.reasons import TriominosReason

EVERY_LESSON = [
    pytest.param(name, lesson, id=f"{name}-{lesson.key}")
    for name, game in GAMES.items()
    for lesson in game.lessons
]


def test_both_games_have_three_lessons_with_distinct_keys() -> None:
    for name in ("chromino", "triominos"):
        keys = [lesson.key for lesson in GAMES[name].lessons]
        assert len(keys) == 3, name
        assert len(set(keys)) == len(keys), name


@pytest.mark.parametrize(("name", "lesson"), EVERY_LESSON)
def test_the_position_is_a_game_of_its_kind_with_seat_0_to_play(
    name: str, lesson: Lesson[Any]
) -> None:
    game = lesson.position()
    assert isinstance(game, GAMES[name].game_type)
    assert game.player_count == 1
    assert game.current == SEAT
    assert not game.is_over
    assert game.hands[SEAT], "a hand to play from"
    assert game.legal_plays(SEAT), "some tile fits"
    assert len(game.board.placements) >= 2, "a board to lay against"


@pytest.mark.parametrize(("name", "lesson"), EVERY_LESSON)
def test_every_goal_placement_is_legal_and_achieves_the_point(
    name: str, lesson: Lesson[Any]
) -> None:
    goals = lesson.goal_placements()
    assert goals, "the lesson can be done"
    legal = {p.normalized() for p in lesson.position().legal_plays(SEAT)}
    for placement in goals:
        assert placement.normalized() in legal
        attempt = lesson.attempt(placement)
        assert attempt.achieved
        assert attempt.event.action.placement == placement
        assert placement.tile not in attempt.game.hands[SEAT]


@pytest.mark.parametrize(("name", "lesson"), EVERY_LESSON)
def test_a_placement_the_rules_refuse_is_refused_and_changes_no_lesson(
    name: str, lesson: Lesson[Any]
) -> None:
    game = lesson.position()
    tile = game.hands[SEAT][0]
    occupied = game.board.placements[0]
    wrong = {"tile": tile, "x": occupied.x, "y": occupied.y}
    placement = GAMES[name].parse_placement({**occupied.to_dict(), **wrong})
    with pytest.raises(IllegalMoveError):
        lesson.attempt(placement)
    # Stateless: the next attempt starts from the lesson's own position.
    assert lesson.position().snapshot() == game.snapshot()
    assert lesson.attempt(lesson.goal_placements()[0]).achieved


@pytest.mark.parametrize(("name", "lesson"), EVERY_LESSON)
def test_the_keyboard_lands_on_a_goal_whatever_target_of_its_turn_it_starts_on(
    name: str, lesson: Lesson[Any]
) -> None:
    """The page's keyboard walk turns the goal's tile as the goal lies and lays it where
    the ghost lands: every place for that tile turned that way makes the point."""
    goal = lesson.goal_placements()[0]

    def turned(placement: Any) -> object:
        return placement.dir if isinstance(placement, ChrominoPlacement) else placement.rot

    same_way = [
        p
        for p in lesson.position().legal_plays(SEAT)
        if p.tile == goal.tile and turned(p) == turned(goal)
    ]
    assert same_way
    assert all(lesson.attempt(p).achieved for p in same_way)


def test_lesson_named_finds_a_lesson_by_its_key() -> None:
    lessons = GAMES["chromino"].lessons
    assert lesson_named(lessons, "chameleon") is lessons[1]
    assert lesson_named(lessons, "no-such-lesson") is None


# --- Chromino: docs/rules.md sections 3 and 4 -------------------------------------------


def chromino(key: str) -> Lesson[Any]:
    lesson = lesson_named(chromino_lessons.LESSONS, key)
    assert lesson is not None
    return lesson


def test_two_contacts_one_square_touching_is_refused_two_matching_are_laid() -> None:
    lesson = chromino("two-contacts")
    assert [p.to_dict() for p in lesson.goal_placements()] == [
        {"tile": "RYY", "x": 2, "y": 2, "dir": "E"}
    ]
    # Only its red end under the red square: one contact.
    with pytest.raises(IllegalMoveError) as refused:
        lesson.attempt(ChrominoPlacement("RYY", 2, 2, "S"))
    assert refused.value.reason is ChrominoReason.TOO_FEW_CONTACTS
    # One place to the left: its red square would lie under the green one.
    with pytest.raises(IllegalMoveError) as refused:
        lesson.attempt(ChrominoPlacement("RYY", 1, 2, "E"))
    assert refused.value.reason is Reason.MISMATCH
    # All purple fits nowhere: no purple square on the board.
    assert not [p for p in lesson.position().legal_plays(SEAT) if p.tile == "PPP"]


def test_chameleon_only_the_wild_middle_fits_and_it_makes_the_contact() -> None:
    lesson = chromino("chameleon")
    plays = lesson.position().legal_plays(SEAT)
    assert plays
    assert all(CHROMINO_TILES[p.tile].is_chameleon for p in plays)
    for placement in plays:
        attempt = lesson.attempt(placement)
        assert attempt.achieved
        middle_contacts = [
            contact
            for contact in lesson.position().board.contacts(placement)
            if contact.new_index == 1
        ]
        assert middle_contacts, "the wild middle touches the board"
        assert all(contact.board_letter != "X" for contact in middle_contacts)


def test_last_tile_a_chameleon_left_alone_cannot_be_laid() -> None:
    lesson = chromino("last-tile")
    plays = lesson.position().legal_plays(SEAT)
    chameleon = [p for p in plays if CHROMINO_TILES[p.tile].is_chameleon]
    ordinary = [p for p in plays if not CHROMINO_TILES[p.tile].is_chameleon]
    assert chameleon and ordinary, "both tiles fit: the choice is the lesson"
    # The ordinary tile first: legal, but the chameleon is left, face up, and can never be laid.
    missed = lesson.attempt(ordinary[0])
    assert not missed.achieved
    game = missed.game
    assert game.hands[SEAT] == ["GXR"]
    assert game.view_for(None).hands[SEAT] == ("GXR",), "a last tile is face up"
    assert game.legal_plays(SEAT) == []
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(SEAT, lesson.attempt(chameleon[0]).event.action)
    assert refused.value.reason is ChrominoReason.LAST_TILE_CHAMELEON
    # The chameleon first: the ordinary tile is left, and it still fits.
    done = lesson.attempt(chameleon[0])
    assert done.achieved
    assert done.game.hands[SEAT] == ["PYY"]


def test_a_chromino_lesson_board_is_checked_tile_by_tile() -> None:
    with pytest.raises(IllegalMoveError):
        chromino_lessons.position(
            (ChrominoPlacement("BGR", 0, 0, "E"), ChrominoPlacement("PPP", 0, 1, "E")), ("RRR",)
        )
    with pytest.raises(InvalidSetupError):
        chromino_lessons.position(chromino_lessons.BOARD, ("GRY",))


# --- Triominos: docs/triominos-rules.md sections 3 and 4 ---------------------------------


def triominos(key: str) -> Lesson[Any]:
    lesson = lesson_named(triominos_lessons.LESSONS, key)
    assert lesson is not None
    return lesson


def test_corners_a_mismatched_corner_is_refused_a_matching_tile_scores_its_sum() -> None:
    lesson = triominos("corners")
    [goal] = lesson.goal_placements()
    assert goal.to_dict() == {"tile": "455", "x": 0, "y": 1, "rot": 1}
    assert lesson.attempt(goal).event.points == 14
    with pytest.raises(IllegalMoveError) as refused:
        lesson.attempt(TriominosPlacement("455", 0, 1, 0))
    assert refused.value.reason is TriominosReason.CORNER_MISMATCH
    assert not [p for p in lesson.position().legal_plays(SEAT) if p.tile == "555"]


def test_bridge_scores_40_more_and_the_same_tile_elsewhere_does_not() -> None:
    lesson = triominos("bridge")
    [goal] = lesson.goal_placements()
    assert goal.to_dict() == {"tile": "003", "x": 0, "y": 1, "rot": 2}
    assert lesson.attempt(goal).event.points == 3 + 40
    elsewhere = lesson.attempt(TriominosPlacement("003", -1, 0, 1))
    assert not elsewhere.achieved
    assert elsewhere.event.points == 3


def test_hexagon_closing_the_ring_scores_50_more() -> None:
    lesson = triominos("hexagon")
    [goal] = lesson.goal_placements()
    assert goal.to_dict() == {"tile": "113", "x": -2, "y": 0, "rot": 2}
    assert lesson.attempt(goal).event.points == 5 + 50
    beside = lesson.attempt(TriominosPlacement("113", -3, 1, 0))
    assert not beside.achieved
    assert beside.event.points == 5


def test_a_triominos_lesson_board_is_checked_tile_by_tile() -> None:
    with pytest.raises(IllegalMoveError):
        triominos_lessons.position(
            (TriominosPlacement("345", 0, 0, 0), TriominosPlacement("555", 1, 0, 0)), ("012",)
        )
    with pytest.raises(InvalidSetupError):
        triominos_lessons.position(triominos_lessons.CORNERS_BOARD, ("345",))
