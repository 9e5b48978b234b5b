"""docs/rules.md section 6: the rule-set and scoring options, every scoring mode on worked numbers.

Worths used below (section 6):

=========  ============  ===============
tile       expert value  segment worth
=========  ============  ===============
RRR, YYY   1             1
BBY, GGY   2             2 (``aab``)
RGR        2             3 (``aba``)
BRY, BGR   3             4 (three colours)
BXY, GXR   3             4 (chameleon)
=========  ============  ===============
"""

from __future__ import annotations

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
    pass_turn,
    play,
    timeout,
)

from chromino.core.errors import InvalidSetupError
from chromino.games.chromino.options import SCORINGS, GameOptions
from chromino.games.chromino.placement import Placement
from chromino.games.chromino.scoring import hand_penalty, placement_points
from chromino.games.chromino.tiles import ALL_NAMES, TILES

SCORED = ("expert", "segments", "segments-multiply")


# --- the options --------------------------------------------------------------


def test_rule_6_ruleset_option_is_standard_or_junior() -> None:
    assert GameOptions().ruleset == "standard"
    assert not GameOptions().junior
    assert GameOptions(ruleset="junior").junior
    assert make_game([["RRR"]], ruleset="junior").board.junior
    assert not make_game([["RRR"]]).board.junior
    with pytest.raises(InvalidSetupError) as caught:
        GameOptions(ruleset="bambino")
    assert caught.value.field == "options.ruleset"


def test_rule_6_standard_ruleset_is_the_rule_of_section_3() -> None:
    board = board_of(START)
    assert board.is_legal(at("BBY", 0, 1))  # three contacts
    assert not board.is_legal(at("YYY", 3, 0))  # one contact, junior-style


def test_rule_6_scoring_option_is_none_expert_segments_or_segments_multiply() -> None:
    assert GameOptions().scoring == "none"
    assert SCORINGS == ("none", "expert", "segments", "segments-multiply")
    assert not GameOptions().scored
    assert all(GameOptions(scoring=mode).scored for mode in SCORED)
    with pytest.raises(InvalidSetupError) as caught:
        GameOptions(scoring="triominos")
    assert caught.value.field == "options.scoring"


def test_rule_6_scoring_none_scores_nothing_and_the_first_out_wins() -> None:
    game = make_game([["BRY", "PPP"], ["BBY"]], bag=["RPR"])
    assert play(game, 0, at("BRY", 0, -1)).points == 0
    assert play(game, 1, at("BBY", 0, 1)).points == 0
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == (0, 0)
    assert outcome.winners == (1,)
    assert placement_points(board_of(*EIGHT_CONTACT_BOARD), EIGHT_CONTACT_PLAY, "none") == 0


# --- expert -------------------------------------------------------------------


def test_rule_6_expert_tile_value_is_its_number_of_colours() -> None:
    assert [TILES[n].colour_count for n in ("RRR", "GRR", "RGR", "BGR")] == [1, 2, 2, 3]
    for name in ALL_NAMES:
        expected = 3 if "X" in name else len(set(name))
        assert TILES[name].colour_count == expected, name


def test_rule_6_expert_a_chameleon_is_worth_3() -> None:
    assert {TILES[name].colour_count for name in ALL_NAMES if "X" in name} == {3}


def test_rule_6_expert_scores_the_placed_tile_plus_every_distinct_touched_tile() -> None:
    board = board_of(START)
    # BBY under BXY: three contacts but one touched tile: 2 + 3 = 5 (not 2 + 3 * 3).
    assert placement_points(board, at("BBY", 0, 1), "expert") == 5
    # RRR in the 8-contact hole: RRR 1 + PXR 3 + RRY 2 + GXR 3 + BRR 2 + GRR 2 + PPR 2 = 15.
    eight = board_of(*EIGHT_CONTACT_BOARD)
    assert placement_points(eight, EIGHT_CONTACT_PLAY, "expert") == 15


def test_rule_6_expert_points_go_to_the_player_in_a_game() -> None:
    game = make_game([["BBY", "RRR"], ["BRY", "GGG"]], scoring="expert")
    assert play(game, 0, at("BBY", 0, 1)).points == 5
    # BRY over BXY touches BXY only: 3 + 3 = 6.
    assert play(game, 1, at("BRY", 0, -1)).points == 6
    assert game.scores == [5, 6]


# --- segments -----------------------------------------------------------------


def test_rule_6_segment_worth_of_each_kind_of_tile() -> None:
    assert TILES["RRR"].segment_worth == 1
    assert TILES["GRR"].segment_worth == 2
    assert TILES["RGR"].segment_worth == 3
    assert TILES["BGR"].segment_worth == 4
    assert TILES["GXR"].segment_worth == 4
    for name in ALL_NAMES:
        a, b, c = name[0], name[1], name[2]
        if b == "X" or len({a, b, c}) == 3:
            expected = 4
        elif a == b == c:
            expected = 1
        elif a == c:
            expected = 3
        else:
            expected = 2
        assert TILES[name].segment_worth == expected, name


def test_rule_6_segments_scores_each_contact_as_new_worth_plus_touched_worth() -> None:
    board = board_of(START)
    # BBY (2) under BXY (4): three contacts of 2 + 4.
    assert placement_points(board, at("BBY", 0, 1), "segments") == 18
    # RRR (1) in the 8-contact hole; touched worths, contact by contact:
    # west GRR 2, above PXR 4, below GXR 4 | above PXR 4, below GXR 4 |
    # east PPR 2, above RRY 2, below BRR 2  ->  3+5+5 + 5+5 + 3+3+3 = 32.
    eight = board_of(*EIGHT_CONTACT_BOARD)
    assert placement_points(eight, EIGHT_CONTACT_PLAY, "segments") == 32


def test_rule_6_segments_counts_both_contacts_of_one_square() -> None:
    # GGY (2) laid west from (5,0): its Y touches Y of BXY (4) west and Y of PYY (2) south.
    board = board_of(START, at("PYY", 3, 3, "N"))
    assert placement_points(board, at("GGY", 5, 0, "W"), "segments") == (2 + 4) + (2 + 2)


def test_rule_6_segments_end_of_game_hand_penalty() -> None:
    assert hand_penalty(["RRR", "GRR", "RGR", "BGR", "GXR"], "segments") == 3 * (1 + 2 + 3 + 4 + 4)
    assert TILES["BGR"].hand_penalty == 12
    game = make_game([["BRY", "BGR", "GPR"], ["BBY"]], bag=["RPR"], scoring="segments")
    # BRY (4) over BXY (4): 3 * (4 + 4) = 24.  BBY (2) under BXY: 3 * (2 + 4) = 18, and out.
    assert play(game, 0, at("BRY", 0, -1)).points == 24
    assert play(game, 1, at("BBY", 0, 1)).points == 18
    outcome = game.outcome()
    assert outcome is not None
    # Seat 0 still holds BGR and GPR: 24 - (12 + 12) = 0. Seat 1 holds nothing: 18.
    assert outcome.scores == (0, 18)
    assert game.scores == [0, 18]
    assert outcome.winners == (1,)  # the penalty turned the lead round


def test_rule_6_segments_hand_penalty_also_applies_to_a_blocked_game() -> None:
    game = make_game([["BBY", "RRR"], ["PPP", "BGR"]], scoring="segments")
    assert play(game, 0, at("BBY", 0, 1)).points == 18
    pass_turn(game, 1)
    pass_turn(game, 0)
    outcome = game.outcome()
    assert outcome is not None
    # 18 - RRR 3 = 15; 0 - (PPP 3 + BGR 12) = -15.
    assert outcome.scores == (15, -15)
    assert outcome.winners == (0,)


def test_rule_6_segments_multiply_has_the_same_hand_penalty() -> None:
    assert hand_penalty(["RRR", "BGR"], "segments-multiply") == 15
    game = make_game([["BRY", "BGR", "GPR"], ["BBY"]], bag=["RPR"], scoring="segments-multiply")
    play(game, 0, at("BRY", 0, -1))  # no end-to-end contact: 24 as in segments
    play(game, 1, at("BBY", 0, 1))  # 18
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == (0, 18)


@pytest.mark.parametrize("scoring", ["none", "expert"])
def test_rule_6_only_the_segment_scorings_have_a_hand_penalty(scoring: str) -> None:
    assert hand_penalty(["RRR", "BGR"], scoring) == 0
    game = make_game([["BRY", "BGR", "GPR"], ["BBY"]], bag=["RPR"], scoring=scoring)
    play(game, 0, at("BRY", 0, -1))
    play(game, 1, at("BBY", 0, 1))
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == ((6, 5) if scoring == "expert" else (0, 0))


# --- segments-multiply --------------------------------------------------------


def test_rule_6_segments_multiply_end_to_end_contacts_score_the_product() -> None:
    # The 8-contact hole: the west (GRR 2) and east (PPR 2) contacts are end to end:
    # 1 * 2 instead of 1 + 2 each, so 32 - 1 - 1 = 30.
    eight = board_of(*EIGHT_CONTACT_BOARD)
    assert placement_points(eight, EIGHT_CONTACT_PLAY, "segments-multiply") == 30
    # GGY's Y against BXY's Y end is end to end (2 * 4); against PYY's end it is not
    # (PYY is vertical, GGY horizontal): 8 + (2 + 2) = 12, where segments gives 10.
    board = board_of(START, at("PYY", 3, 3, "N"))
    assert placement_points(board, at("GGY", 5, 0, "W"), "segments-multiply") == 12


def test_rule_6_segments_multiply_end_to_end_between_vertical_tiles() -> None:
    board = board_of(at("GXR", 0, 0, "S"), junior=True)  # G(0,0) X(0,1) R(0,2)
    # RRY (2) under the R end, in one line: 2 * 4 = 8; segments: 2 + 4 = 6.
    assert placement_points(board, at("RRY", 0, 3, "S"), "segments-multiply") == 8
    assert placement_points(board, at("RRY", 0, 3, "S"), "segments") == 6


def test_rule_6_segments_multiply_other_contacts_still_add() -> None:
    board = board_of(START, junior=True)
    # Side by side (BBY under BXY), a branch off the centre, a crosswise chameleon:
    # none is short side against short side, so all add as in segments.
    for placement, points in (
        (at("BBY", 0, 1), 18),
        (at("RRR", 1, 1, "S"), 1 + 4),
        (at("GXR", 3, -1, "S"), 4 + 4),
    ):
        assert placement_points(board, placement, "segments-multiply") == points
        assert placement_points(board, placement, "segments") == points


def test_rule_6_scoring_is_independent_of_the_rule_set() -> None:
    # Junior end to end: YYY (1) against BXY's Y end (value 3, worth 4).
    for scoring, points in (("none", 0), ("expert", 4), ("segments", 5), ("segments-multiply", 4)):
        game = make_game([["YYY", "RRR"], ["GGG"]], ruleset="junior", scoring=scoring)
        assert play(game, 0, at("YYY", 3, 0)).points == points
        assert game.scores == [points, 0]


@pytest.mark.parametrize("scoring", SCORINGS)
def test_rule_6_timeout_costs_15_points_in_scoring_games_only(scoring: str) -> None:
    game = make_game([["BBY"], ["GGG"]], bag=["PPP"], scoring=scoring, turn_seconds=45)
    expected = 0 if scoring == "none" else -15
    assert timeout(game, 0).points == expected
    assert game.scores == [expected, 0]


# --- the worked examples, every scoring mode ----------------------------------

_SCORED_EXAMPLES = [
    pytest.param(example, mode, points, id=f"{number}-{mode}")
    for number, example in enumerate(PLACEMENT_EXAMPLES)
    if example.score is not None
    for mode, points in example.score.items()
]


def test_rule_6_every_scored_worked_example_gives_the_three_modes() -> None:
    assert len(_SCORED_EXAMPLES) == 5 * 3
    for example in PLACEMENT_EXAMPLES:
        assert (example.score is not None) is example.legal
        if example.score is not None:
            assert set(example.score) == set(SCORED)


@pytest.mark.parametrize(("example", "scoring", "points"), _SCORED_EXAMPLES)
def test_rule_6_worked_example_score(example: Example, scoring: str, points: int) -> None:
    board = board_of(*example.board, junior=example.ruleset == "junior")
    assert placement_points(board, example.placement, scoring) == points
    start, *rest = example.board
    game = make_game(
        [[example.placement.tile, "PPP"], ["RPR"]],
        start=start,
        board=rest,
        ruleset=example.ruleset,
        scoring=scoring,
    )
    event = play(game, 0, example.placement)
    assert event.points == points
    assert game.scores == [points, 0]


def test_rule_6_the_last_worked_example_by_hand() -> None:
    # BBR laid west from (3,-10): B(3,-10) B(2,-10) R(1,-10). Its R touches R(0,-10), the
    # east end of RGR (worth 3, horizontal: end to end) and R(1,-9) of GRR (worth 2, below).
    example = PLACEMENT_EXAMPLES[-1]
    assert example.placement == Placement("BBR", 3, -10, "W")
    board = board_of(*example.board)
    # expert: BBR 2 + RGR 2 + GRR 2 = 6
    assert placement_points(board, example.placement, "expert") == 6
    # segments: (2 + 3) + (2 + 2) = 9; multiply: 2 * 3 + (2 + 2) = 10
    assert placement_points(board, example.placement, "segments") == 9
    assert placement_points(board, example.placement, "segments-multiply") == 10
