"""docs/triominos-rules.md §7: going out, a blocked game, the target score, winners, solo.

Scenarios start from 345 on (0,0) rot 0: 344 fits east ((1,0) rot 2) and
455 below ((0,1) rot 1); 000, 111, 222, 012 and 555 fit nowhere on it.
"""

from __future__ import annotations

import pytest
from support.engine.steps import assert_over_and_frozen as frozen
from support.engine.tri_scenarios import (
    START,
    at,
    draw,
    make_game,
    pass_turn,
    play,
    refused,
    timeout,
)

from chromino.core.outcome import EndedBy
from chromino.games.triominos.actions import Action
from chromino.games.triominos.game import Game


def assert_over_and_frozen(game: Game) -> None:
    frozen(game, refused, lambda name: at(name, 1, 0, 2))


# --- going out ----------------------------------------------------------------


def test_rule_7_laying_the_last_tile_ends_the_game_at_once() -> None:
    game = make_game([["000"], ["344"], ["111"]], bag=["222"], board=[START], first=1)
    event = play(game, 1, at("344", 1, 0, 2))
    assert event.went_out and event.finished
    assert event.ended_by is EndedBy.OUT
    assert game.is_over
    assert game.turns_taken == [0, 1, 0]  # seats 2 and 0 never finish the round
    assert_over_and_frozen(game)


def test_rule_7_going_out_scores_25_and_every_other_hand_the_others_unchanged() -> None:
    game = make_game([["012", "555"], ["344"], ["111"]], bag=["222"], board=[START], first=1)
    event = play(game, 1, at("344", 1, 0, 2))
    others = (0 + 1 + 2) + (5 + 5 + 5) + (1 + 1 + 1)
    assert event.points == 11
    assert event.end_points == (0, 25 + others, 0)
    assert game.scores == [0, 11 + 25 + 21, 0]
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.ended_by, outcome.winners, outcome.scores) == ("out", (1,), (0, 57, 0))


# --- blocked ------------------------------------------------------------------


def test_rule_7_blocked_after_a_round_of_idle_turns_begun_with_the_bag_empty() -> None:
    game = make_game([["000", "012"], ["111"], ["222"]], board=[START])
    pass_turn(game, 0)
    timeout(game, 1)
    assert not game.is_over
    event = pass_turn(game, 2)
    assert event.finished and event.ended_by is EndedBy.BLOCKED
    assert_over_and_frozen(game)


def test_rule_7_blocked_every_player_loses_their_own_hand_value_and_nobody_gets_25() -> None:
    game = make_game([["000", "012"], ["111"], ["222"]], board=[START])
    pass_turn(game, 0)
    timeout(game, 1)
    event = pass_turn(game, 2)
    assert event.end_points == (-3, -3, -6)
    assert game.scores == [-10 - 3, -15 - 3, -10 - 6]
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.scores == (-13, -18, -16)


def test_rule_7_a_turn_that_lays_a_tile_starts_the_count_again() -> None:
    game = make_game([["000", "344"], ["111"], ["222"]], board=[START])
    play(game, 0, at("344", 1, 0, 2))
    pass_turn(game, 1)
    pass_turn(game, 2)
    assert not game.is_over
    pass_turn(game, 0)
    assert game.is_over


def test_rule_7_a_turn_begun_with_tiles_in_the_bag_does_not_count() -> None:
    # Seat 0 empties the bag with its draw: its turn began with a tile in the bag.
    game = make_game([["000"], ["111"], ["222"]], bag=["012"], board=[START])
    draw(game, 0)
    pass_turn(game, 0)
    pass_turn(game, 1)
    pass_turn(game, 2)
    assert not game.is_over
    pass_turn(game, 0)
    assert game.is_over
    outcome = game.outcome()
    assert outcome is not None and outcome.ended_by is EndedBy.BLOCKED


def test_rule_7_timeouts_count_like_passes() -> None:
    game = make_game([["000"], ["111"]], board=[START])
    timeout(game, 0)
    timeout(game, 1)
    outcome = game.outcome()
    assert outcome is not None and outcome.ended_by is EndedBy.BLOCKED
    assert game.scores == [-15 - 0, -15 - 3]


# --- target score ---------------------------------------------------------------


def test_rule_7_reaching_the_target_ends_the_game_at_once_without_end_points() -> None:
    game = make_game([["344", "000", "555"], ["111", "222"]], bag=["012"], board=[START], target=50)
    game.scores[0] = 40  # as if earlier turns had scored
    event = play(game, 0, at("344", 1, 0, 2))
    assert event.finished and event.ended_by is EndedBy.TARGET
    assert event.end_points == (0, 0)
    assert game.scores == [51, 0]
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert_over_and_frozen(game)


def test_rule_7_below_the_target_the_game_goes_on() -> None:
    game = make_game([["344", "000", "555"], ["111", "222"]], bag=["012"], board=[START], target=50)
    game.scores[0] = 38
    play(game, 0, at("344", 1, 0, 2))
    assert not game.is_over


def test_rule_7_target_zero_is_off() -> None:
    game = make_game([["344", "000"], ["111", "222"]], bag=["012"], board=[START], target=0)
    game.scores[0] = 5000
    play(game, 0, at("344", 1, 0, 2))
    assert not game.is_over


def test_rule_7_going_out_comes_before_the_target() -> None:
    game = make_game([["344"], ["111", "222"]], bag=["012"], board=[START], target=50)
    game.scores[0] = 45
    event = play(game, 0, at("344", 1, 0, 2))
    assert event.ended_by is EndedBy.OUT
    assert game.scores == [45 + 11 + 25 + 3 + 6, 0]


# --- winners, solo, negative scores -----------------------------------------------


def test_rule_7_players_tied_for_the_best_score_all_win() -> None:
    game = make_game([["000", "012"], ["111"], ["003"]], board=[START])
    pass_turn(game, 0)  # -10, then -3 for 000 + 012
    pass_turn(game, 1)  # -10, then -3 for 111
    pass_turn(game, 2)  # -10, then -3 for 003
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == (-13, -13, -13)
    assert outcome.winners == (0, 1, 2)


def test_rule_7_solo_going_out_follows_the_same_rules() -> None:
    game = make_game([["344"]], bag=["000"], board=[START])
    event = play(game, 0, at("344", 1, 0, 2))
    assert event.ended_by is EndedBy.OUT
    assert game.scores == [11 + 25]
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_rule_7_solo_is_blocked_by_one_idle_turn_begun_with_the_bag_empty() -> None:
    game = make_game([["000", "555"]], board=[START])
    pass_turn(game, 0)
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.ended_by, outcome.scores) == (EndedBy.BLOCKED, (-10 - 15,))


@pytest.mark.parametrize("kind", ["draw", "timeout"])
def test_rule_7_scores_may_go_below_zero(kind: str) -> None:
    game = make_game([["000"], ["111"]], bag=["222", "012"], board=[START])
    game.apply(0, Action(kind))
    assert game.scores[0] < 0
