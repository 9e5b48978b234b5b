"""Leaving a game and ending it by agreement (docs/rules-interpretations.md, "Leaving a
game"; docs/triominos-rules.md section 10): one test per rule, for every registered game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from chromino import GAMES
from chromino.core.actions import DRAW, END_AGREED, PASS, RESIGN, TIMEOUT, Action
from chromino.core.errors import IllegalMoveError, Reason
from chromino.core.notation import parse_move
from chromino.games.chromino.game import Game as ChrominoGame
from chromino.games.chromino.options import GameOptions as ChrominoOptions

every_game = pytest.mark.parametrize("name", list(GAMES))


def three_players(name: str, seed: int = 7) -> Any:
    return GAMES[name].game_type.new(["Ann", "Bob", "Cy"], seed)


def next_after(game: Any, seat: int) -> int:
    count: int = game.player_count
    return (seat + 1) % count


@every_game
def test_a_player_may_resign_when_it_is_not_their_turn(name: str) -> None:
    game = three_players(name)
    leaver = next_after(game, game.current)
    to_play = game.current
    game.apply(leaver, RESIGN)
    assert game.resigned == [leaver]
    assert game.current == to_play
    assert not game.is_over


@every_game
def test_the_leavers_tiles_leave_the_game_shown_to_nobody(name: str) -> None:
    game = three_players(name)
    leaver = next_after(game, game.current)
    tiles = list(game.hands[leaver])
    game.apply(leaver, RESIGN)
    assert game.hands[leaver] == []
    assert game.out_of_play[leaver] == tiles
    for viewer in [*range(game.player_count), None]:
        text = json.dumps(game.view_for(viewer).to_dict())
        assert not any(f'"{tile}"' in text for tile in tiles), viewer
        assert game.view_for(viewer).resigned == (leaver,)


@every_game
def test_resigning_on_ones_turn_gives_the_turn_to_the_next_player_still_in(name: str) -> None:
    game = three_players(name)
    leaver = game.current
    game.apply(leaver, RESIGN)
    assert game.current == next_after(game, leaver)
    assert game.drawn_tile is None and game.draws_this_turn == 0


@every_game
def test_the_turn_order_skips_a_player_who_left(name: str) -> None:
    game = three_players(name)
    skipped = next_after(game, game.current)
    game.apply(skipped, RESIGN)
    game.apply(game.current, TIMEOUT)
    assert game.current == next_after(game, skipped)


@every_game
def test_the_last_player_left_wins(name: str) -> None:
    game = three_players(name)
    stayer = game.current
    for seat in range(game.player_count):
        if seat != stayer:
            game.apply(seat, RESIGN)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.ended_by == "resigned"
    assert outcome.winners == (stayer,)


@every_game
def test_a_player_who_left_cannot_win_even_with_the_best_score(name: str) -> None:
    game = three_players(name)
    leaver = next_after(game, game.current)
    game.scores[leaver] = 500
    game.apply(leaver, RESIGN)
    game.apply(game.current, END_AGREED)
    outcome = game.outcome()
    assert outcome is not None
    assert leaver not in outcome.winners
    assert outcome.winners


@every_game
def test_a_player_who_left_may_do_nothing_more(name: str) -> None:
    game = three_players(name)
    leaver = game.current
    game.apply(leaver, RESIGN)
    for action in (RESIGN, END_AGREED, DRAW, PASS, TIMEOUT):
        before = game.snapshot()
        with pytest.raises(IllegalMoveError) as refused:
            game.apply(leaver, action)
        assert refused.value.reason is Reason.SEAT_RESIGNED
        assert game.snapshot() == before


@every_game
def test_only_a_seat_of_the_game_may_resign(name: str) -> None:
    game = three_players(name)
    for seat in (-1, 3, 9):
        with pytest.raises(IllegalMoveError) as refused:
            game.apply(seat, RESIGN)
        assert refused.value.reason is Reason.NO_SUCH_SEAT


@every_game
def test_an_agreed_end_may_come_from_any_player_still_in(name: str) -> None:
    game = three_players(name)
    carrier = next_after(game, game.current)
    event = game.apply(carrier, END_AGREED)
    assert event.finished
    outcome = game.outcome()
    assert outcome is not None and outcome.ended_by == "agreed"


@every_game
def test_a_record_with_leavers_and_an_agreement_replays_to_the_same_game(name: str) -> None:
    game = three_players(name)
    game.apply(game.current, TIMEOUT)
    game.apply(next_after(game, game.current), RESIGN)
    game.apply(game.current, TIMEOUT)
    game.apply(game.current, END_AGREED)
    record = json.loads(json.dumps(game.to_record()))
    assert record["format"].endswith("-game/1")
    assert {"player": game.resigned[0], "action": "resign"} in record["moves"]
    assert record["moves"][-1]["action"] == "end_agreed"
    again = GAMES[name].replay(record)
    assert again.snapshot() == game.snapshot()


def test_a_move_of_a_kind_an_older_reader_does_not_know_is_refused_not_misread() -> None:
    """What a reader before these actions does with them: it refuses the move by its kind."""
    parse_placement = GAMES["chromino"].parse_placement
    with pytest.raises(IllegalMoveError) as refused:
        parse_move({"player": 0, "action": "leave"}, parse_placement)
    assert refused.value.reason is Reason.UNKNOWN_ACTION
    assert parse_move({"player": 0, "action": "resign"}, parse_placement) == (0, RESIGN)


def test_a_solo_player_who_resigns_ends_the_game_without_a_winner() -> None:
    game = ChrominoGame.new(["Solo"], 3)
    game.apply(0, RESIGN)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.ended_by == "resigned"
    assert outcome.winners == ()


def test_an_agreed_end_is_scored_as_it_stands_without_the_hand_penalty() -> None:
    game = ChrominoGame.new(["Ann", "Bob"], 11, ChrominoOptions(scoring="segments"))
    before = list(game.scores)
    game.apply(game.current, END_AGREED)
    outcome = game.outcome()
    assert outcome is not None
    assert list(outcome.scores) == before


def test_an_agreed_end_without_points_ranks_by_the_fewest_tiles_in_hand() -> None:
    game = ChrominoGame.new(["Ann", "Bob"], 11)
    assert not game.options.scored
    game.apply(game.current, DRAW)
    drawer = game.current
    game.apply(drawer, END_AGREED)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (1 - drawer,)


def test_a_chromino_round_ends_with_the_last_player_still_in_once_someone_went_out() -> None:
    game = ChrominoGame.new(["Ann", "Bob", "Cy"], 5)
    first = game.setup.first
    last = (first - 1) % 3
    game.went_out.append(first)
    game.apply(last, RESIGN)
    game.apply(first, TIMEOUT)
    assert not game.is_over
    game.apply(game.current, TIMEOUT)
    outcome = game.outcome()
    assert outcome is not None and outcome.ended_by == "out"


def test_a_play_by_a_player_who_left_is_refused_as_resigned() -> None:
    game = three_players("chromino")
    leaver = game.current
    play = game.legal_actions(leaver)[0] if game.legal_actions(leaver) else Action("play")
    game.apply(leaver, RESIGN)
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(leaver, play)
    assert refused.value.reason is Reason.SEAT_RESIGNED
