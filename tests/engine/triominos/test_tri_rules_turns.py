"""docs/triominos-rules.md §6: play, draw (-5, at most 3), pass (-10), timeout (-15).

Scenarios start from 345 on (0,0) rot 0. On it 344 fits east ((1,0) rot 2)
and 455 below ((0,1) rot 1); 000, 111, 222, 012 and 555 fit nowhere.
"""

from __future__ import annotations

import pytest
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

from chromino.core.errors import Reason
from chromino.games.triominos.actions import Action

STUCK = ("000", "111", "222", "012", "555")


def test_rule_6_the_scenario_tiles_are_as_described() -> None:
    game = make_game([["344"], ["455"]], board=[START])
    assert not game.board.has_legal_placement(STUCK)
    assert game.board.is_legal(at("344", 1, 0, 2))
    assert game.board.is_legal(at("455", 0, 1, 1))


# --- play ---------------------------------------------------------------------


def test_rule_6_a_play_scores_and_ends_the_turn() -> None:
    game = make_game([["344", "000"], ["111"]], bag=["222"], board=[START])
    event = play(game, 0, at("344", 1, 0, 2))
    assert event.points == 11
    assert game.scores == [11, 0]
    assert game.hands[0] == ["000"]
    assert game.current == 1
    assert game.turns_taken == [1, 0]
    assert game.bag == ["222"]


def test_rule_6_only_the_seat_to_play_may_act() -> None:
    game = make_game([["344", "000"], ["455", "111"]], bag=["222"], board=[START])
    assert refused(game, 1, Action.play(at("455", 0, 1, 1))) is Reason.NOT_YOUR_TURN
    for kind in ("draw", "pass", "timeout"):
        assert refused(game, 1, Action(kind)) is Reason.NOT_YOUR_TURN
        assert refused(game, 5, Action(kind)) is Reason.NOT_YOUR_TURN


def test_rule_6_an_unknown_action_is_refused() -> None:
    game = make_game([["344"], ["455"]], board=[START])
    assert refused(game, 0, Action("surrender")) is Reason.UNKNOWN_ACTION


# --- draw ---------------------------------------------------------------------


def test_rule_6_a_draw_takes_the_top_tile_for_minus_5_and_the_turn_goes_on() -> None:
    game = make_game([["000"], ["111"]], bag=["222", "344"], board=[START])
    event = draw(game, 0)
    assert (event.drawn, event.points) == ("222", -5)
    assert game.hands[0] == ["000", "222"]
    assert game.bag == ["344"]
    assert game.scores == [-5, 0]
    assert game.current == 0
    assert game.draws_this_turn == 1
    assert game.drawn_tile == "222"
    assert game.tiles_drawn == [1, 0]


def test_rule_6_a_draw_is_allowed_even_with_a_legal_play() -> None:
    game = make_game([["344", "000"], ["111"]], bag=["222"], board=[START])
    assert game.legal_plays(0)
    assert game.can_draw(0)
    draw(game, 0)


def test_rule_6_after_a_draw_only_the_tile_drawn_last_may_be_played() -> None:
    game = make_game([["344", "000"], ["111"]], bag=["455", "222"], board=[START])
    draw(game, 0)
    assert game.legal_plays(0) == [at("455", 0, 1, 1)]
    assert refused(game, 0, Action.play(at("344", 1, 0, 2))) is Reason.MUST_PLAY_DRAWN_TILE
    play(game, 0, at("455", 0, 1, 1))
    assert game.scores == [-5 + 14, 0]
    assert game.hands[0] == ["344", "000"]


def test_rule_6_tiles_drawn_earlier_in_the_turn_stay_in_hand_unplayable() -> None:
    game = make_game([["000"], ["111"]], bag=["344", "222", "555"], board=[START])
    draw(game, 0)
    draw(game, 0)
    assert game.drawn_tile == "222"
    assert refused(game, 0, Action.play(at("344", 1, 0, 2))) is Reason.MUST_PLAY_DRAWN_TILE
    assert game.legal_plays(0) == []
    assert game.hands[0] == ["000", "344", "222"]


def test_rule_6_at_most_three_draws_a_turn() -> None:
    game = make_game([["000"], ["111"]], bag=["222", "012", "555", "344"], board=[START])
    for _ in range(3):
        draw(game, 0)
    assert not game.can_draw(0)
    assert refused(game, 0, Action("draw")) is Reason.DRAW_LIMIT
    assert game.scores == [-15, 0]


def test_rule_6_no_draw_from_an_empty_bag() -> None:
    game = make_game([["000"], ["111"]], board=[START])
    assert refused(game, 0, Action("draw")) is Reason.BAG_EMPTY


def test_rule_6_the_draw_count_starts_again_each_turn() -> None:
    game = make_game([["000"], ["111"]], bag=["222", "012", "555", "344", "011"], board=[START])
    draw(game, 0)
    pass_refused = refused(game, 0, Action("pass"))
    assert pass_refused is Reason.PASS_NOT_ALLOWED
    timeout(game, 0)
    assert game.current == 1
    assert game.draws_this_turn == 0
    assert game.drawn_tile is None
    assert game.can_draw(1)


# --- pass ---------------------------------------------------------------------


def test_rule_6_a_pass_after_three_draws_costs_10_and_ends_the_turn() -> None:
    game = make_game([["000"], ["111"]], bag=["222", "012", "555", "344"], board=[START])
    for _ in range(3):
        draw(game, 0)
    event = pass_turn(game, 0)
    assert event.points == -10
    assert game.scores == [-25, 0]
    assert game.current == 1


def test_rule_6_a_pass_is_allowed_after_three_draws_even_if_the_drawn_tile_fits() -> None:
    game = make_game([["000"], ["111"]], bag=["222", "012", "344", "555"], board=[START])
    for _ in range(3):
        draw(game, 0)
    assert game.legal_plays(0) == [at("344", 1, 0, 2)]
    pass_turn(game, 0)


def test_rule_6_a_pass_is_allowed_with_the_bag_empty_even_if_a_tile_fits() -> None:
    game = make_game([["344", "000"], ["111"]], board=[START])
    assert game.legal_plays(0)
    assert game.can_pass(0)
    assert pass_turn(game, 0).points == -10


def test_rule_6_a_pass_is_allowed_when_ones_own_draw_emptied_the_bag() -> None:
    game = make_game([["000"], ["111"]], bag=["344"], board=[START])
    draw(game, 0)
    assert game.bag == []
    assert game.can_pass(0)
    pass_turn(game, 0)
    assert game.scores == [-15, 0]


@pytest.mark.parametrize("draws", [0, 1, 2])
def test_rule_6_no_pass_while_the_bag_has_tiles_and_fewer_than_three_draws(draws: int) -> None:
    game = make_game([["000"], ["111"]], bag=["222", "012", "555", "011"], board=[START])
    for _ in range(draws):
        draw(game, 0)
    assert not game.can_pass(0)
    assert refused(game, 0, Action("pass")) is Reason.PASS_NOT_ALLOWED


# --- timeout ------------------------------------------------------------------


def test_rule_6_a_timeout_takes_the_top_tile_and_costs_15_in_all() -> None:
    game = make_game([["344", "000"], ["111"]], bag=["222", "555"], board=[START])
    event = timeout(game, 0)
    assert (event.points, event.drawn) == (-15, "222")
    assert game.scores == [-15, 0]
    assert game.hands[0] == ["344", "000", "222"]
    assert game.bag == ["555"]
    assert game.current == 1
    assert game.tiles_drawn == [1, 0]


def test_rule_6_a_timeout_after_three_draws_still_takes_a_tile_and_the_draws_stand() -> None:
    game = make_game([["000"], ["111"]], bag=["222", "012", "555", "344"], board=[START])
    for _ in range(3):
        draw(game, 0)
    event = timeout(game, 0)
    assert event.drawn == "344"
    assert game.scores == [-5 * 3 - 15, 0]
    assert len(game.hands[0]) == 5


def test_rule_6_a_timeout_with_the_bag_empty_costs_15_and_takes_nothing() -> None:
    game = make_game([["000"], ["111"]], board=[START])
    event = timeout(game, 0)
    assert (event.points, event.drawn) == (-15, None)
    assert game.hands[0] == ["000"]


@pytest.mark.parametrize("turn_seconds", [0, 15, 600])
def test_rule_6_a_timeout_is_accepted_whatever_turn_seconds_says(turn_seconds: int) -> None:
    game = make_game([["000"], ["111"]], bag=["222"], board=[START], turn_seconds=turn_seconds)
    timeout(game, 0)
    assert game.current == 1


def test_rule_6_a_timeout_is_not_offered_as_a_choice() -> None:
    game = make_game([["344", "000"], ["111"]], bag=["222"], board=[START])
    kinds = [action.kind for action in game.legal_actions(0)]
    assert kinds == ["play", "draw"]
    assert game.can_draw(0) and not game.can_pass(0)
