"""A finished game's places, which the ratings read (``TileGame.places()``,
docs/ratings.md): one test per rule, in both games, on hand-made scenarios.

Chromino scenarios start from BXY laid east from (0,0) (tests/support/engine/scenarios.py):
BBY fits under it and BRY over it; RRR, GGG, PPP, RPR, GPG and PGP fit nowhere.
Triominos scenarios start from 345 on (0,0) (tests/support/engine/tri_scenarios.py):
344 fits east of it; 000, 111, 222, 012 and 555 fit nowhere. A pass with the bag empty
costs 10 in Triominos, and a blocked game takes each hand's value off its own score.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.engine import scenarios as chromino
from support.engine import tri_scenarios as triominos

from chromino import GAMES
from chromino.core.actions import RESIGN
from chromino.core.outcome import Outcome

every_game = pytest.mark.parametrize("name", list(GAMES))


def outcome_of(game: Any) -> Outcome:
    outcome: Outcome | None = game.outcome()
    assert outcome is not None
    return outcome


def finished_places(game: Any) -> tuple[int, ...]:
    assert game.is_over
    places: tuple[int, ...] = game.places()
    return places


# --- joint winners ------------------------------------------------------------------


def test_joint_winners_share_first_place_and_the_next_place_is_skipped_chromino() -> None:
    game = chromino.make_game([["BBY"], ["RRR", "GGG"], ["BRY"]], bag=["PPP", "RPR"])
    chromino.play(game, 0, chromino.at("BBY", 0, 1))  # out
    chromino.draw(game, 1)
    chromino.pass_turn(game, 1)
    chromino.play(game, 2, chromino.at("BRY", 0, -1))  # out too, in the same round
    assert outcome_of(game).winners == (0, 2)
    assert finished_places(game) == (1, 3, 1)


def test_joint_winners_share_first_place_and_the_next_place_is_skipped_triominos() -> None:
    game = triominos.make_game([["012"], ["111"], ["222"]], board=[triominos.START])
    for seat in range(3):
        triominos.pass_turn(game, seat)
    assert outcome_of(game).scores == (-13, -13, -16)
    assert finished_places(game) == (1, 1, 3)


def test_everyone_tied_shares_first_place_triominos() -> None:
    game = triominos.make_game([["000", "012"], ["111"], ["003"]], board=[triominos.START])
    for seat in range(3):
        triominos.pass_turn(game, seat)
    assert finished_places(game) == (1, 1, 1)


# --- the others, by score or by tiles left ----------------------------------------


def test_a_scored_game_ranks_the_others_by_score_chromino_expert() -> None:
    game = chromino.make_game([["BBY"], ["BRY", "RRR"], ["GGG"]], scoring="expert")
    chromino.play(game, 0, chromino.at("BBY", 0, 1))  # 5 points, out
    chromino.play(game, 1, chromino.at("BRY", 0, -1))  # 6 points: the best score wins
    chromino.pass_turn(game, 2)
    assert outcome_of(game).scores == (5, 6, 0)
    assert finished_places(game) == (2, 1, 3)


def test_a_scored_game_ranks_the_others_by_score_triominos() -> None:
    game = triominos.make_game([["000", "012"], ["111"], ["222"]], board=[triominos.START])
    triominos.pass_turn(game, 0)
    triominos.timeout(game, 1)
    triominos.pass_turn(game, 2)
    assert outcome_of(game).scores == (-13, -18, -16)
    assert finished_places(game) == (1, 3, 2)


def test_an_unscored_chromino_ranks_those_who_did_not_go_out_by_fewer_tiles_left() -> None:
    game = chromino.make_game([["BBY"], ["RRR"], ["GGG", "PPP"], ["RPR", "GPG", "PGP"]])
    chromino.play(game, 0, chromino.at("BBY", 0, 1))
    for seat in (1, 2, 3):
        chromino.pass_turn(game, seat)
    assert outcome_of(game).scores == (0, 0, 0, 0)
    assert finished_places(game) == (1, 2, 3, 4)


def test_an_unscored_chromino_gives_equal_tiles_left_an_equal_place() -> None:
    game = chromino.make_game([["BBY"], ["RRR"], ["GGG"], ["PPP", "RPR"]])
    chromino.play(game, 0, chromino.at("BBY", 0, 1))
    for seat in (1, 2, 3):
        chromino.pass_turn(game, seat)
    assert finished_places(game) == (1, 2, 2, 4)


def test_an_unscored_chromino_puts_who_went_out_first_even_with_more_tiles_seen() -> None:
    # Seat 1 holds one tile it cannot lay; seat 0 went out: going out beats one tile left.
    game = chromino.make_game([["BBY"], ["RRR"]])
    chromino.play(game, 0, chromino.at("BBY", 0, 1))
    chromino.pass_turn(game, 1)
    assert finished_places(game) == (1, 2)


# --- seats that left ------------------------------------------------------------


def test_a_seat_who_left_is_last_even_with_the_best_score_chromino_expert() -> None:
    game = chromino.make_game([["BBY", "GGG"], ["BRY", "RRR"], ["PPP"]], scoring="expert")
    chromino.play(game, 0, chromino.at("BBY", 0, 1))  # 5 points
    chromino.play(game, 1, chromino.at("BRY", 0, -1))  # 6 points, then leaves
    game.apply(1, RESIGN)
    chromino.pass_turn(game, 2)
    chromino.pass_turn(game, 0)  # a round of idle turns: blocked
    assert outcome_of(game).scores == (5, 6, 0)
    assert finished_places(game) == (1, 3, 2)


def test_a_seat_who_left_is_last_even_with_the_best_score_triominos() -> None:
    game = triominos.make_game([["000", "012"], ["344", "111"], ["222"]], board=[triominos.START])
    triominos.pass_turn(game, 0)
    triominos.play(game, 1, triominos.at("344", 1, 0, 2))  # 11 points, then leaves
    game.apply(1, RESIGN)
    triominos.pass_turn(game, 2)
    triominos.pass_turn(game, 0)
    assert outcome_of(game).scores == (-23, 11, -16)
    assert finished_places(game) == (2, 3, 1)


def test_a_seat_who_left_is_last_though_its_hand_is_empty_chromino() -> None:
    # A leaver's tiles leave the game: its hand is empty, fewer tiles than anyone's.
    game = chromino.make_game([["BBY", "GGG"], ["RRR"], ["PPP", "RPR", "GPG"]])
    game.apply(1, RESIGN)
    assert game.hands[1] == []
    chromino.play(game, 0, chromino.at("BBY", 0, 1))
    chromino.pass_turn(game, 2)
    chromino.pass_turn(game, 0)  # a round of idle turns: blocked
    assert finished_places(game) == (1, 3, 2)


@every_game
def test_several_who_left_share_the_last_place_below_the_seat_that_stayed(name: str) -> None:
    game = GAMES[name].game_type.new(["Ann", "Bob", "Cy", "Di"], 7)
    stayer = game.current
    for seat in range(4):
        if seat != stayer:
            game.apply(seat, RESIGN)
    places = finished_places(game)
    assert places[stayer] == 1
    assert sorted(places) == [1, 2, 2, 2]


@every_game
def test_seats_who_left_share_the_last_place_below_every_seat_that_stayed(name: str) -> None:
    kind = GAMES[name]
    game = kind.game_type.new(["Ann", "Bob", "Cy", "Di"], 11)
    leavers = [(game.current + 1) % 4, (game.current + 3) % 4]
    for seat in leavers:
        game.apply(seat, RESIGN)
    rng = random.Random(11)
    while not game.is_over:
        game.apply(game.current, kind.bots["greedy"](game.view_for(game.current), rng))
    places = finished_places(game)
    stayed = [seat for seat in range(4) if seat not in leavers]
    assert [places[seat] for seat in leavers] == [3, 3]
    assert sorted(places[seat] for seat in stayed) in ([1, 1], [1, 2])


# --- a game still going --------------------------------------------------------


@every_game
def test_a_game_still_going_has_no_places(name: str) -> None:
    game = GAMES[name].game_type.new(["Ann", "Bob"], 3)
    assert not game.is_over
    with pytest.raises(ValueError, match="no places"):
        game.places()
