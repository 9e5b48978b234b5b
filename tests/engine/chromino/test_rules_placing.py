"""docs/rules.md section 3 (placing a tile) and the junior rule set of section 6.

Scenario boards are small and drawn in comments with x growing east and y
growing south (section 9). The worked examples of ``tests/data/placements.json``
are all checked here, at the board and at the game level.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.engine.scenarios import (
    EIGHT_CONTACT_BOARD,
    EIGHT_CONTACT_PLAY,
    PLACEMENT_EXAMPLES,
    START,
    Example,
    at,
    board_of,
    make_game,
    play,
    refused_play,
)

from chromino.core.errors import IllegalMoveError, Reason
from chromino.games.chromino.actions import Action
from chromino.games.chromino.board import Board
from chromino.games.chromino.game import Game
from chromino.games.chromino.options import GameOptions
from chromino.games.chromino.placement import DIRECTIONS, Placement
from chromino.games.chromino.reasons import ChrominoReason
from chromino.games.chromino.tiles import ALL_NAMES

# --- a reference reading of the rule text, cell by cell ------------------------

Cells = dict[tuple[int, int], tuple[str, int, int]]
"""(x, y) -> (letter, tile index, tile axis) for a board."""


def _cells_of(placements: list[Placement]) -> Cells:
    cells: Cells = {}
    for index, placement in enumerate(placements):
        for x, y, letter in placement.cells():
            cells[(x, y)] = (letter, index, placement.axis)
    return cells


def _contacts(cells: Cells, placement: Placement) -> list[tuple[str, str, int, int, int]]:
    """(new letter, board letter, new square index, contact axis, board tile axis) per contact."""
    found = []
    for index, (x, y, letter) in enumerate(placement.cells()):
        for dx, dy in DIRECTIONS.values():
            other = cells.get((x + dx, y + dy))
            if other is not None:
                found.append((letter, other[0], index, 0 if dy == 0 else 1, other[2]))
    return found


def _matches(a: str, b: str) -> bool:
    return a == b or "X" in (a, b)


def _rule_book_legal(cells: Cells, placement: Placement, *, junior: bool) -> bool:
    """Section 3 (standard) or section 6 (junior) read literally."""
    if any((x, y) in cells for x, y, _ in placement.cells()):
        return False
    contacts = _contacts(cells, placement)
    if not junior:
        return len(contacts) >= 2 and all(_matches(a, b) for a, b, *_ in contacts)
    if len(contacts) != 1:
        return False
    new_letter, board_letter, square, contact_axis, board_axis = contacts[0]
    if not _matches(new_letter, board_letter):
        return False
    new_axis = placement.axis
    end_to_end = contact_axis == new_axis == board_axis
    crosswise = square == 1 and new_letter == "X" and contact_axis == board_axis
    branch = contact_axis == new_axis and board_letter == "X"
    return end_to_end or crosswise or branch


def _touching_placements(cells: Cells, names: list[str]) -> Iterator[Placement]:
    """Every placement of the names covering at least one empty cell next to the board."""
    frontier = {(x + dx, y + dy) for x, y in cells for dx, dy in DIRECTIONS.values()} - cells.keys()
    origins = set()
    for x, y in frontier:
        for direction, (dx, dy) in DIRECTIONS.items():
            for i in range(3):
                origins.add((x - i * dx, y - i * dy, direction))
    for name in names:
        for x, y, direction in sorted(origins):
            yield Placement(name, x, y, direction)


def _grown_board(seed: int, moves: int, *, junior: bool = False) -> list[Placement]:
    """The board after a few turns of a seeded game where each seat plays its first legal play."""
    options = GameOptions(ruleset="junior" if junior else "standard", draws_per_turn=0)
    game = Game.new(["a", "b", "c"], seed, options)
    for _ in range(moves):
        seat = game.current
        plays = game.legal_plays(seat)
        if plays:
            play(game, seat, plays[len(plays) // 2])
        elif game.can_draw(seat):
            game.apply(seat, Action("draw"))
        else:
            game.apply(seat, Action("pass"))
        if game.is_over:
            break
    return game.board.placements


def _agree_with_rule_book(placements: list[Placement], *, junior: bool) -> None:
    board = Board.from_placements(placements, junior=junior)
    cells = _cells_of(placements)
    on_board = {p.tile for p in placements}
    names = [name for name in ALL_NAMES if name not in on_board]
    expected = set()
    for placement in _touching_placements(cells, names):
        verdict = _rule_book_legal(cells, placement, junior=junior)
        assert board.is_legal(placement) is verdict, placement
        if verdict:
            expected.add(placement.normalized())
            assert board.contact_count(placement) == len(_contacts(cells, placement))
    listed = list(board.legal_placements(names))
    assert len({p.normalized() for p in listed}) == len(listed), "a placement listed twice"
    assert {p.normalized() for p in listed} == expected


# --- section 3: the grid, contacts, matching ----------------------------------


def test_rule_3_a_tile_covers_three_cells_in_a_straight_line() -> None:
    # Section 9 notation: the first letter on (x, y), then along the direction.
    assert at("BGR", 0, 0, "E").cells() == ((0, 0, "B"), (1, 0, "G"), (2, 0, "R"))
    assert at("BGR", 2, 0, "W").cells() == ((2, 0, "B"), (1, 0, "G"), (0, 0, "R"))
    assert at("BGR", 5, -1, "S").cells() == ((5, -1, "B"), (5, 0, "G"), (5, 1, "R"))
    assert at("BGR", 5, 1, "N").cells() == ((5, 1, "B"), (5, 0, "G"), (5, -1, "R"))
    assert at("RGR", 0, 0, "E").same_physical(at("RGR", 2, 0, "W"))
    assert not at("BGR", 0, 0, "E").same_physical(at("BGR", 2, 0, "W"))


def test_rule_3_the_board_is_unbounded() -> None:
    far = [at("BXY", 500, -700), at("BBY", 500, -699), at("BRY", 500, -701)]
    board = board_of(*far[:2])
    assert board.check(far[2]) == 3


def test_rule_3_a_tile_may_not_overlap_another() -> None:
    game = make_game([["BBY", "RRR"]])
    assert refused_play(game, 0, at("BBY", 0, 0, "S")) is Reason.OVERLAP
    assert refused_play(game, 0, at("BBY", 2, -1, "S")) is Reason.OVERLAP
    assert refused_play(game, 0, at("BBY", 1, 0)) is Reason.OVERLAP


def test_rule_3_a_placement_touching_no_tile_is_illegal() -> None:
    game = make_game([["BBY", "RRR"]])
    assert refused_play(game, 0, at("BBY", 0, 2)) is Reason.NO_CONTACT
    assert refused_play(game, 0, at("RRR", 3, 1)) is Reason.NO_CONTACT  # only a corner


def test_rule_3_a_placement_far_from_every_tile_is_refused() -> None:
    # 4097 rows down: such a tile touches nothing. (The engine once took it for BBY at
    # (0,1), whose cells it aliased in its packed cell encoding.)
    game = make_game([["BBY", "RRR"], ["GGG"]])
    assert not game.board.is_legal(at("BBY", -1, 4097))
    assert refused_play(game, 0, at("BBY", -1, 4097)) is Reason.BAD_PLACEMENT
    assert refused_play(game, 0, at("BBY", 0, 1001)) is Reason.BAD_PLACEMENT
    assert refused_play(game, 0, at("BBY", -5000, 0)) is Reason.BAD_PLACEMENT
    assert refused_play(game, 0, at("BBY", 0, 1000)) is Reason.NO_CONTACT


def test_rule_3_a_contact_is_a_pair_of_edge_adjacent_cells_new_and_board() -> None:
    board = board_of(START)
    # BBY under BXY: each new square has one board square above it.
    contacts = board.contacts(at("BBY", 0, 1))
    assert [(c.new_index, c.new_letter, c.board_letter) for c in contacts] == [
        (0, "B", "B"),
        (1, "B", "X"),
        (2, "Y", "Y"),
    ]
    assert all(c.board_tile == 0 and c.direction_axis == 1 for c in contacts)


def test_rule_3_a_new_square_touching_two_board_squares_makes_two_contacts() -> None:
    #      x: 0 1 2 3 4 5
    # y=0     B X Y y G G   <- new GGY laid west from (5,0): its Y on (3,0)
    # y=1           Y
    # y=2           Y
    # y=3           P
    board = board_of(START, at("PYY", 3, 3, "N"))
    placement = at("GGY", 5, 0, "W")
    contacts = board.contacts(placement)
    assert len(contacts) == 2
    assert {c.new_index for c in contacts} == {2}
    assert {c.board_tile for c in contacts} == {0, 1}
    assert board.check(placement) == 2


def test_rule_3_a_placement_can_make_up_to_8_contacts() -> None:
    board = board_of(*EIGHT_CONTACT_BOARD)
    contacts = board.contacts(EIGHT_CONTACT_PLAY)
    # R(0,0) touches R west, X above, X below; R(1,0) touches R above and below;
    # R(2,0) touches R east, R above, R below: 3 + 2 + 3.
    assert [c.new_index for c in contacts].count(0) == 3
    assert [c.new_index for c in contacts].count(1) == 2
    assert [c.new_index for c in contacts].count(2) == 3
    assert board.check(EIGHT_CONTACT_PLAY) == 8
    assert board.contact_count(EIGHT_CONTACT_PLAY) == 8
    assert EIGHT_CONTACT_PLAY in list(board.legal_placements(["RRR"]))
    # A 3-cell strip has exactly 8 edge neighbours, so 8 is the most.
    neighbours = {
        (x + dx, y + dy) for x, y, _ in EIGHT_CONTACT_PLAY.cells() for dx, dy in DIRECTIONS.values()
    } - {(x, y) for x, y, _ in EIGHT_CONTACT_PLAY.cells()}
    assert len(neighbours) == 8


def test_rule_3_the_8_contact_placement_is_legal_in_a_game() -> None:
    game = make_game(
        [["RRR", "GGG"], ["PPP"]], start=EIGHT_CONTACT_BOARD[0], board=EIGHT_CONTACT_BOARD[1:]
    )
    event = play(game, 0, EIGHT_CONTACT_PLAY)
    assert event.seat == 0
    assert game.board.letter_at(1, 0) == "R"
    assert game.current == 1


def test_rule_3_no_legal_placement_ever_makes_more_than_8_contacts() -> None:
    for seed in range(3):
        board = Board.from_placements(_grown_board(seed, 30))
        counts = [board.contact_count(p) for p in board.legal_placements(ALL_NAMES)]
        assert counts
        assert max(counts) <= 8
        assert min(counts) >= 2


def test_rule_3_same_colours_match() -> None:
    #      x: 0 1 2
    # y=-1    B R Y   <- BRY on top: B-B, R-X, Y-Y
    # y=0     B X Y
    board = board_of(START)
    assert board.check(at("BRY", 0, -1)) == 3
    assert all(c.matches for c in board.contacts(at("BRY", 0, -1)))


def test_rule_3_a_board_chameleon_centre_matches_any_colour() -> None:
    #      x: 0 1 2 3
    # y=0     B X Y
    # y=1       R Y P  <- PYR laid west from (3,1): R under X, Y under Y
    board = board_of(START)
    placement = at("PYR", 3, 1, "W")
    contacts = board.contacts(placement)
    assert [(c.new_letter, c.board_letter) for c in contacts] == [("Y", "Y"), ("R", "X")]
    assert all(c.matches for c in contacts)
    assert board.check(placement) == 2
    # Any colour under the X will do, as long as the Y square still matches.
    for colour in "RYGBP":
        spelled = colour + "YP"
        name = min(spelled, spelled[::-1])
        placement = at(name, 1, 1) if name == spelled else at(name, 3, 1, "W")
        assert placement.cells()[0 if name == spelled else 2] == (1, 1, colour)
        assert board.check(placement) == 2, placement


def test_rule_3_a_new_chameleon_centre_matches_any_colour() -> None:
    #      x: -1 0 1 2
    # y=0        B X Y
    # y=1     B  X G    <- BXG: its X under B, its G under the board X
    board = board_of(START)
    placement = at("BXG", -1, 1)
    contacts = board.contacts(placement)
    assert [(c.new_letter, c.board_letter) for c in contacts] == [("X", "B"), ("G", "X")]
    assert board.check(placement) == 2


def test_rule_3_a_chameleon_centre_may_match_two_different_colours_on_its_two_sides() -> None:
    #      x: -1 0 1
    # y=-1     B B B
    # y=0      R X G   <- the new chameleon's X between R and G
    # y=1      Y Y Y
    board = board_of(at("BRY", -1, -1, "S"), at("BGY", 1, -1, "S"))
    placement = at("BXY", 0, -1, "S")
    contacts = board.contacts(placement)
    centre = {c.board_letter for c in contacts if c.new_index == 1}
    assert centre == {"R", "G"}
    assert board.check(placement) == 6
    # No regular tile can go there: its middle would have to be both R and G.
    for name in ("BBY", "BPY", "BYY"):
        with pytest.raises(IllegalMoveError) as caught:
            board.check(at(name, 0, -1, "S"))
        assert caught.value.reason is Reason.MISMATCH


def test_rule_3_a_new_chameleon_centre_between_two_colours_in_a_game() -> None:
    game = make_game(
        [["BXY", "RRR"], ["PPP"]], start=at("BRY", -1, -1, "S"), board=[at("BGY", 1, -1, "S")]
    )
    assert refused_play(game, 0, at("RRR", 0, -1, "S")) is Reason.MISMATCH
    play(game, 0, at("BXY", 0, -1, "S"))
    assert game.board.letter_at(0, 0) == "X"


def test_rule_3_a_board_chameleon_centre_matches_one_colour_above_and_another_below() -> None:
    #      x: 0 1 2
    # y=-1    B R Y   <- seat 0: R above the X
    # y=0     B X Y
    # y=1     B G Y   <- seat 1: G below the X
    game = make_game([["BRY", "RRR"], ["BGY", "GGG"]])
    play(game, 0, at("BRY", 0, -1))
    play(game, 1, at("BGY", 0, 1))
    assert (game.board.letter_at(1, -1), game.board.letter_at(1, 0)) == ("R", "X")
    assert game.board.letter_at(1, 1) == "G"


def test_rule_3_a_single_mismatch_makes_placement_illegal() -> None:
    # BBB under BXY: B-B and B-X match, B-Y does not.
    game = make_game([["BBB", "BBY"]])
    assert refused_play(game, 0, at("BBB", 0, 1)) is Reason.MISMATCH
    play(game, 0, at("BBY", 0, 1))


def test_rule_3_a_single_mismatch_among_seven_matches_makes_placement_illegal() -> None:
    # The 8-contact board with PPR turned round: P, not R, east of the hole.
    board_tiles = [*EIGHT_CONTACT_BOARD[1:5], at("PPR", 3, 0, "E")]
    board = board_of(EIGHT_CONTACT_BOARD[0], *board_tiles)
    contacts = board.contacts(EIGHT_CONTACT_PLAY)
    assert len(contacts) == 8
    assert sum(not c.matches for c in contacts) == 1
    with pytest.raises(IllegalMoveError) as caught:
        board.check(EIGHT_CONTACT_PLAY)
    assert caught.value.reason is Reason.MISMATCH
    game = make_game([["RRR", "GGG"]], start=EIGHT_CONTACT_BOARD[0], board=board_tiles)
    assert refused_play(game, 0, EIGHT_CONTACT_PLAY) is Reason.MISMATCH


def test_rule_3_one_matching_contact_is_not_enough() -> None:
    game = make_game([["YYY", "RRR"]])
    assert refused_play(game, 0, at("YYY", 3, 0)) is ChrominoReason.TOO_FEW_CONTACTS  # end to end
    assert refused_play(game, 0, at("YYY", 2, 1, "S")) is ChrominoReason.TOO_FEW_CONTACTS  # under Y


def test_rule_3_two_matching_contacts_are_enough() -> None:
    # The two contacts of GGY's Y square (see the board above): Y-Y west and Y-Y south.
    game = make_game([["GGY", "RRR"], ["PPP"]], board=[at("PYY", 3, 3, "N")])
    assert game.board.contact_count(at("GGY", 5, 0, "W")) == 2
    play(game, 0, at("GGY", 5, 0, "W"))
    assert game.hands[0] == ["RRR"]


def test_rule_3_contacts_with_a_chameleon_centre_count_toward_the_2() -> None:
    game = make_game([["PYR", "RRR"]])
    # RRR below the X alone: one contact, with the centre.
    assert refused_play(game, 0, at("RRR", 1, 1, "S")) is ChrominoReason.TOO_FEW_CONTACTS
    # PYR: one contact with the centre plus one Y-Y: two, legal.
    play(game, 0, at("PYR", 3, 1, "W"))
    assert game.board.letter_at(1, 1) == "R"


def test_rule_3_legal_moves_name_each_physical_placement_once() -> None:
    board = board_of(START)
    for name in ("BYB", "YBY", "BBY", "BXG"):
        listed = list(board.legal_placements([name]))
        assert len({p.normalized() for p in listed}) == len(listed)
    # A symmetric tile's two spellings are one move: both are legal, one is listed.
    yby = list(board.legal_placements(["YBY"]))
    assert all(p.dir in ("E", "S") for p in yby)


def test_rule_3_a_symmetric_tile_may_be_played_in_either_spelling() -> None:
    # GYG over X and Y: G(1,-1) Y(2,-1) G(3,-1), read east from (1,-1) or west from (3,-1).
    east, west = at("GYG", 1, -1), at("GYG", 3, -1, "W")
    assert east.same_physical(west)
    for spelling in (east, west):
        game = make_game([["GYG", "RRR"], ["PPP"]])
        play(game, 0, spelling)
        assert [game.board.letter_at(x, -1) for x in (1, 2, 3)] == ["G", "Y", "G"]
        assert game.snapshot()["board"] == [START, east]


@pytest.mark.parametrize("seed", [0, 1])
def test_rule_3_every_placement_is_judged_as_the_rule_text_says(seed: int) -> None:
    _agree_with_rule_book([START], junior=False)
    _agree_with_rule_book(list(EIGHT_CONTACT_BOARD), junior=False)
    _agree_with_rule_book(_grown_board(seed, 12), junior=False)


# --- section 6: the junior rule set -------------------------------------------


def _junior(*board: Placement) -> Board:
    return board_of(*(board or (START,)), junior=True)


def test_rule_6_junior_end_to_end_is_legal() -> None:
    board = _junior()
    assert board.check(at("YYY", 3, 0)) == 1  # east of the Y end
    assert board.check(at("BBB", -3, 0)) == 1  # west of the B end
    assert board.check(at("PXY", 5, 0, "W")) == 1  # a chameleon end to end too
    game = make_game([["YYY", "RRR"], ["GGG"]], ruleset="junior")
    play(game, 0, at("YYY", 3, 0))


def test_rule_6_junior_end_to_end_between_vertical_tiles_is_legal() -> None:
    board = _junior(at("GXR", 0, 0, "S"))  # G(0,0) X(0,1) R(0,2)
    assert board.check(at("RRY", 0, 3, "S")) == 1
    assert board.check(at("GGP", 0, -1, "N")) == 1


def test_rule_6_junior_a_chameleon_laid_crosswise_is_legal() -> None:
    board = _junior()
    assert board.check(at("GXR", 3, -1, "S")) == 1  # X against the Y end's short side
    assert board.check(at("PXR", -1, -1, "S")) == 1  # X against the B end's short side
    game = make_game([["GXR", "RRR"], ["GGG"]], ruleset="junior")
    play(game, 0, at("GXR", 3, -1, "S"))


def test_rule_6_junior_a_regular_tile_laid_crosswise_is_illegal() -> None:
    # YYY's middle Y touches the Y end: one matching contact, but long side to short side.
    game = make_game([["YYY", "RRR"], ["GGG"]], ruleset="junior")
    assert refused_play(game, 0, at("YYY", 3, -1, "S")) is ChrominoReason.JUNIOR_NOT_DOMINO


def test_rule_6_junior_a_branch_off_a_chameleon_centre_is_legal() -> None:
    board = _junior()
    assert board.check(at("RRR", 1, 1, "S")) == 1  # below the starting tile's X
    assert board.check(at("PPP", 1, -1, "N")) == 1  # above it
    game = make_game([["RRR", "PPP"], ["GGG"]], ruleset="junior")
    play(game, 0, at("RRR", 1, 1, "S"))


def test_rule_6_junior_a_branch_off_a_later_chameleon_is_legal() -> None:
    # GXR crosswise on the Y end puts a second centre on (3,0); PPP branches east of it.
    game = make_game([["GXR", "RRR"], ["PPP", "GGG"]], ruleset="junior")
    play(game, 0, at("GXR", 3, -1, "S"))
    play(game, 1, at("PPP", 4, 0))
    assert game.board.letter_at(4, 0) == "P"


def test_rule_6_junior_a_short_side_against_a_long_side_is_illegal() -> None:
    game = make_game([["BBB", "RRR"], ["GGG"]], ruleset="junior")
    assert refused_play(game, 0, at("BBB", 0, 1, "S")) is ChrominoReason.JUNIOR_NOT_DOMINO
    assert refused_play(game, 0, at("BBB", 0, -1, "N")) is ChrominoReason.JUNIOR_NOT_DOMINO


def test_rule_6_junior_a_long_side_against_a_long_side_is_illegal() -> None:
    # YYY on row 1 from x=2: only its Y(2,1) touches Y(2,0), side by side.
    game = make_game([["YYY", "RRR"], ["GGG"]], ruleset="junior")
    assert refused_play(game, 0, at("YYY", 2, 1)) is ChrominoReason.JUNIOR_NOT_DOMINO


def test_rule_6_junior_placement_makes_exactly_one_contact() -> None:
    game = make_game([["BBY", "PYR"], ["GGG"]], ruleset="junior")
    assert refused_play(game, 0, at("BBY", 0, 1)) is ChrominoReason.JUNIOR_ONE_CONTACT  # 3 contacts
    assert refused_play(game, 0, at("PYR", 3, 1, "W")) is ChrominoReason.JUNIOR_ONE_CONTACT  # 2


def test_rule_6_junior_the_one_contact_must_match() -> None:
    game = make_game([["RRR", "GGG"], ["PPP"]], ruleset="junior")
    assert refused_play(game, 0, at("RRR", 3, 0)) is Reason.MISMATCH  # R against the Y end


@pytest.mark.parametrize("seed", [0, 1])
def test_rule_6_junior_every_placement_is_judged_as_the_rule_text_says(seed: int) -> None:
    _agree_with_rule_book([START], junior=True)
    # A chameleon crosswise on the Y end and a branch off its centre.
    _agree_with_rule_book([START, at("GXR", 3, -1, "S"), at("PPP", 4, 0)], junior=True)
    _agree_with_rule_book(_grown_board(seed, 14, junior=True), junior=True)


# --- the worked examples ------------------------------------------------------

_EXPECTED_REASON = {
    0: Reason.MISMATCH,
    2: ChrominoReason.TOO_FEW_CONTACTS,
    3: ChrominoReason.TOO_FEW_CONTACTS,
    4: Reason.OVERLAP,
    8: ChrominoReason.JUNIOR_NOT_DOMINO,
    9: ChrominoReason.JUNIOR_ONE_CONTACT,
}
"""Why each illegal worked example is refused (the examples give it in words)."""


@pytest.mark.parametrize(
    ("number", "example"), list(enumerate(PLACEMENT_EXAMPLES)), ids=lambda v: str(v)[:40]
)
def test_rule_3_and_6_worked_example_legality_and_contacts(number: int, example: Example) -> None:
    junior = example.ruleset == "junior"
    board = board_of(*example.board, junior=junior)
    assert board.is_legal(example.placement) is example.legal, example.why
    if example.contacts is not None:
        assert board.contact_count(example.placement) == example.contacts
        assert len(board.contacts(example.placement)) == example.contacts
    listed = {p.normalized() for p in board.legal_placements([example.placement.tile])}
    assert (example.placement.normalized() in listed) is example.legal
    if example.legal:
        assert board.check(example.placement) == example.contacts
    else:
        with pytest.raises(IllegalMoveError) as caught:
            board.check(example.placement)
        assert caught.value.reason is _EXPECTED_REASON[number]


@pytest.mark.parametrize(
    ("number", "example"), list(enumerate(PLACEMENT_EXAMPLES)), ids=lambda v: str(v)[:40]
)
def test_rule_3_and_6_worked_example_in_a_game(number: int, example: Example) -> None:
    start, *rest = example.board
    spare = "GGG" if example.placement.tile != "GGG" else "PPP"
    game = make_game(
        [[example.placement.tile, spare], ["RPR"]],
        start=start,
        board=rest,
        ruleset=example.ruleset,
    )
    if example.legal:
        event = play(game, 0, example.placement)
        assert event.points == 0
        assert game.hands[0] == [spare]
    else:
        assert refused_play(game, 0, example.placement) is _EXPECTED_REASON[number]
