"""docs/rules.md section 5 (end of the game) and section 7 (solo).

Every scenario starts from BXY laid east from (0,0): B(0,0) X(1,0) Y(2,0).
BBY fits under it (0,1)-(2,1) and BRY over it (0,-1)-(2,-1); tiles of red,
green and purple only (RRR, GGG, PPP, RPR, GPG, PGP) fit nowhere on such a
board, which the scenarios assert where it matters.
"""

from __future__ import annotations

import pytest
from support.engine import reference as ref
from support.engine.scenarios import at, draw, make_game, pass_turn, play, refused, timeout
from support.engine.steps import assert_over_and_frozen

from chromino.core.errors import Reason
from chromino.core.outcome import EndedBy
from chromino.games.chromino.actions import Action
from chromino.games.chromino.game import Game
from chromino.games.chromino.notation import replay


def _stuck(game: Game, *seats: int) -> bool:
    """Whether none of these seats' tiles has a legal placement, by the slow reference."""
    board, ruleset = game.board.placements, game.options.ruleset
    return not any(ref.all_legal_placements(board, game.hands[seat], ruleset) for seat in seats)


def _assert_over_and_frozen(game: Game) -> None:
    assert_over_and_frozen(game, refused, lambda name: at(name, 9, 9))


# --- going out ----------------------------------------------------------------


def test_rule_5_a_player_who_places_their_last_tile_goes_out() -> None:
    game = make_game([["BBY"], ["RRR"], ["GGG"]], bag=["PPP", "RPR"])
    event = play(game, 0, at("BBY", 0, 1))
    assert event.went_out
    assert game.hands[0] == []
    assert game.went_out == [0]


def test_rule_5_going_out_mid_round_lets_the_round_finish() -> None:
    game = make_game([["BBY"], ["RRR"], ["GGG"]], bag=["PPP", "RPR"])
    event = play(game, 0, at("BBY", 0, 1))
    assert not event.finished
    assert not game.is_over
    assert game.current == 1
    draw(game, 1)
    pass_turn(game, 1)
    assert not game.is_over
    draw(game, 2)
    event = pass_turn(game, 2)
    assert event.finished
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.ended_by, outcome.winners) == (EndedBy.OUT, (0,))
    _assert_over_and_frozen(game)


def test_rule_5_final_round_runs_to_end_of_round_with_joint_winners() -> None:
    game = make_game([["BBY"], ["RRR", "GGG"], ["BRY"]], bag=["PPP", "RPR"])
    play(game, 0, at("BBY", 0, 1))  # out, first of the round
    draw(game, 1)
    pass_turn(game, 1)
    event = play(game, 2, at("BRY", 0, -1))  # out too, last of the round
    assert event.went_out and event.finished
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.ended_by == EndedBy.OUT
    assert outcome.winners == (0, 2)
    assert outcome.scores == (0, 0, 0)
    assert game.went_out == [0, 2]


def test_rule_5_rounds_start_with_the_first_player() -> None:
    # First player is seat 1, so a round is 1, 2, 0: seat 2 goes out, seat 0 still plays,
    # and seat 1 does not play again.
    game = make_game([["BRY", "PPP"], ["RRR", "GGG"], ["BBY"]], bag=["RPR", "GPG"], first=1)
    draw(game, 1)
    pass_turn(game, 1)
    play(game, 2, at("BBY", 0, 1))
    assert not game.is_over
    assert game.current == 0
    event = play(game, 0, at("BRY", 0, -1))
    assert event.finished and not event.went_out
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (2,)
    assert refused(game, 1, Action("draw")) is Reason.GAME_OVER


def test_rule_5_the_game_ends_at_once_when_the_last_player_of_the_round_goes_out() -> None:
    game = make_game([["RRR"], ["GGG"], ["BBY"]], bag=["PPP", "RPR"])
    draw(game, 0)
    pass_turn(game, 0)
    draw(game, 1)
    pass_turn(game, 1)
    event = play(game, 2, at("BBY", 0, 1))
    assert event.went_out and event.finished
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.ended_by, outcome.winners) == (EndedBy.OUT, (2,))
    _assert_over_and_frozen(game)


def test_rule_5_the_last_player_of_the_round_depends_on_the_first_player() -> None:
    # With seat 2 first, seat 1 closes the round: seat 1 going out ends the game at once.
    game = make_game([["RRR"], ["BBY"], ["GGG"]], bag=["PPP", "RPR"], first=2)
    draw(game, 2)
    pass_turn(game, 2)
    draw(game, 0)
    pass_turn(game, 0)
    assert play(game, 1, at("BBY", 0, 1)).finished


def test_rule_5_with_two_players_the_second_still_plays_after_the_first_goes_out() -> None:
    game = make_game([["BBY"], ["BRY"]], bag=["PPP"])
    play(game, 0, at("BBY", 0, 1))
    assert not game.is_over
    play(game, 1, at("BRY", 0, -1))
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (0, 1)


# --- the blocked game ---------------------------------------------------------


def test_rule_5_blocked_game_after_n_consecutive_idle_turns_begun_with_empty_bag() -> None:
    game = make_game([["RRR", "GGG"], ["PPP"], ["RPR", "GPG"]])
    assert _stuck(game, 0, 1, 2)
    pass_turn(game, 0)
    pass_turn(game, 1)
    assert not game.is_over
    event = pass_turn(game, 2)
    assert event.finished
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.ended_by == EndedBy.BLOCKED
    _assert_over_and_frozen(game)


def test_rule_5_blocked_game_winners_hold_the_fewest_tiles() -> None:
    game = make_game([["RRR", "GGG"], ["PPP"], ["RPR", "GPG"]])
    for seat in (0, 1, 2):
        pass_turn(game, seat)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (1,)


def test_rule_5_blocked_game_winners_are_joint_when_tied() -> None:
    game = make_game([["RRR"], ["PPP", "GPG"], ["GGG"]])
    for seat in (0, 1, 2):
        pass_turn(game, seat)
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.ended_by, outcome.winners) == (EndedBy.BLOCKED, (0, 2))


def test_rule_5_a_turn_begun_with_tiles_in_the_bag_is_not_idle() -> None:
    # Seat 0 empties the bag: its turn began with a tile in it, so it does not count.
    game = make_game([["RRR"], ["GGG"], ["PPP"]], bag=["RPR"])
    draw(game, 0)
    pass_turn(game, 0)
    pass_turn(game, 1)
    pass_turn(game, 2)
    assert not game.is_over
    assert pass_turn(game, 0).finished
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.ended_by, outcome.winners) == (EndedBy.BLOCKED, (1, 2))


def test_rule_5_a_placed_tile_starts_the_idle_count_again() -> None:
    game = make_game([["RRR", "GGG"], ["BBY", "PPP"], ["RPR", "GPG"]])
    pass_turn(game, 0)  # idle 1
    play(game, 1, at("BBY", 0, 1))  # a tile laid: back to 0
    assert _stuck(game, 0, 1, 2)
    pass_turn(game, 2)  # 1
    pass_turn(game, 0)  # 2: three turns since the start, but not three idle in a row
    assert not game.is_over
    assert pass_turn(game, 1).finished
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.ended_by, outcome.winners) == (EndedBy.BLOCKED, (1,))


def test_rule_5_timeouts_with_an_empty_bag_are_idle_turns() -> None:
    # Both could play, but neither lays a tile.
    game = make_game([["BBY", "RRR"], ["BRY"]], turn_seconds=20)
    timeout(game, 0)
    assert timeout(game, 1).finished
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.ended_by, outcome.winners) == (EndedBy.BLOCKED, (1,))


# --- with scoring -------------------------------------------------------------


def test_rule_5_with_scoring_winners_have_the_highest_score_when_someone_goes_out() -> None:
    game = make_game([["BRY", "PPP"], ["BBY"]], bag=["RPR"], scoring="expert")
    assert play(game, 0, at("BRY", 0, -1)).points == 6  # BRY 3 + BXY 3
    event = play(game, 1, at("BBY", 0, 1))  # BBY 2 + BXY 3 = 5, and out
    assert (event.points, event.went_out, event.finished) == (5, True, True)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.ended_by == EndedBy.OUT
    assert outcome.scores == (6, 5)
    assert outcome.winners == (0,)  # not the player who went out


def test_rule_5_with_scoring_winners_have_the_highest_score_when_blocked() -> None:
    game = make_game([["BRY", "RRR", "GGG"], ["PPP"]], scoring="expert")
    play(game, 0, at("BRY", 0, -1))  # 6 points
    assert _stuck(game, 0, 1)
    pass_turn(game, 1)
    pass_turn(game, 0)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.ended_by == EndedBy.BLOCKED
    assert outcome.scores == (6, 0)
    assert outcome.winners == (0,)  # though seat 1 holds fewer tiles


def test_rule_5_with_scoring_equal_best_scores_are_joint_winners() -> None:
    game = make_game([["RRR", "GGG"], ["PPP"]], scoring="expert")
    pass_turn(game, 0)
    pass_turn(game, 1)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == (0, 0)
    assert outcome.winners == (0, 1)  # tile counts do not matter with scoring


# --- section 7: solo ----------------------------------------------------------


def test_rule_7_solo_uses_the_same_setup() -> None:
    game = Game.new(["solo"], seed=11)
    assert game.board.placements == [game.setup.start]
    assert len(game.hands[0]) == 8
    assert len(game.bag) == 71
    assert game.current == 0


def test_rule_7_solo_ends_when_the_hand_is_empty_counting_turns_and_draws() -> None:
    game = make_game([["BBY"]], bag=["BRY", "PPP"])
    draw(game, 0)
    play(game, 0, at("BRY", 0, -1))  # turn 1: one draw, the drawn tile played
    assert not game.is_over
    event = play(game, 0, at("BBY", 0, 1))  # turn 2: out
    assert event.went_out and event.finished
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.ended_by, outcome.winners) == (EndedBy.OUT, (0,))
    assert game.turns_taken == [2]
    assert game.tiles_drawn == [1]
    view = game.view_for(0).to_dict()
    assert (view["turns_taken"], view["tiles_drawn"]) == ([2], [1])


def test_rule_7_solo_ends_when_blocked_counting_turns_and_draws() -> None:
    game = make_game([["RRR"]], bag=["GGG"])
    draw(game, 0)
    pass_turn(game, 0)  # turn 1 began with a tile in the bag: not idle
    assert not game.is_over
    assert pass_turn(game, 0).finished  # turn 2: one idle turn blocks a solo game
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.ended_by, outcome.winners) == (EndedBy.BLOCKED, (0,))
    assert (game.turns_taken, game.tiles_drawn) == ([2], [1])
    assert game.hands[0] == ["RRR", "GGG"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rule_7_a_solo_game_always_ends(seed: int) -> None:
    game = Game.new(["solo"], seed)
    while not game.is_over:
        plays = game.legal_plays(0)
        if plays:
            play(game, 0, plays[0])
        elif game.can_draw(0):
            draw(game, 0)
        else:
            pass_turn(game, 0)
        assert game.turns_taken[0] <= 200
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (0,)
    if outcome.ended_by == EndedBy.OUT:
        assert game.hands[0] == []
    else:
        assert game.bag == []


def _solo_result(game: Game) -> tuple[int, int, str]:
    """What a personal best is built from: turns taken, tiles drawn, how the game ended."""
    outcome = game.outcome()
    assert outcome is not None
    return game.turns_taken[0], game.tiles_drawn[0], outcome.ended_by


def test_rule_7_personal_best_the_solo_result_is_turns_drawn_tiles_and_how_it_ended() -> None:
    # Emptied in 2 turns with 1 draw; stuck after 2 turns with 1 draw; emptied in 1 turn.
    emptied = make_game([["BBY"]], bag=["BRY", "PPP"])
    draw(emptied, 0)
    play(emptied, 0, at("BRY", 0, -1))
    play(emptied, 0, at("BBY", 0, 1))
    blocked = make_game([["RRR"]], bag=["GGG"])
    draw(blocked, 0)
    pass_turn(blocked, 0)
    pass_turn(blocked, 0)
    quick = make_game([["BBY", "BRY"]])
    play(quick, 0, at("BRY", 0, -1))
    play(quick, 0, at("BBY", 0, 1))
    assert _solo_result(emptied) == (2, 1, EndedBy.OUT)
    assert _solo_result(blocked) == (2, 1, EndedBy.BLOCKED)
    assert _solo_result(quick) == (2, 0, EndedBy.OUT)
    for game in (emptied, blocked, quick):
        # Every part of the result is in the player's view and survives a replay of the
        # record, which is what the server keeps.
        data = game.view_for(0).to_dict()
        result = _solo_result(game)
        assert (data["turns_taken"], data["tiles_drawn"], data["ended_by"]) == (
            [result[0]],
            [result[1]],
            result[2],
        )
        assert _solo_result(replay(game.to_record())) == result
