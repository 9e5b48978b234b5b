"""docs/rules.md section 4: a turn (play, draw, pass), the draw options, the last tile, timeouts.

Every scenario starts from BXY laid east from (0,0): B(0,0) X(1,0) Y(2,0).
On that lone tile BBY (under it), BRY (over it) and GXR (over X and Y) have
legal placements; RRR, GGG, PPP, RPR, GPG, PGP and RGR have none.
"""

from __future__ import annotations

import json
from dataclasses import fields

import pytest
from support.engine import reference as ref
from support.engine.scenarios import (
    START,
    at,
    draw,
    make_game,
    pass_turn,
    play,
    refused,
    refused_play,
    timeout,
)

from chromino.core.errors import InvalidSetupError, Reason
from chromino.games.chromino.actions import Action
from chromino.games.chromino.notation import replay
from chromino.games.chromino.options import GameOptions
from chromino.games.chromino.reasons import ChrominoReason
from chromino.games.chromino.tiles import ALL_NAMES

UNPLAYABLE = ("GGG", "PPP", "RPR", "GPG", "PGP", "RGR")
"""Tiles with no legal placement on the lone starting tile (asserted below)."""


def test_rule_4_the_scenario_tiles_are_as_described() -> None:
    # Checked with the slow reference, so that the scenarios do not lean on the engine.
    assert not ref.all_legal_placements([START], ["RRR", *UNPLAYABLE], "standard")
    for name in ("BBY", "BRY", "GXR"):
        assert ref.all_legal_placements([START], [name], "standard")


# --- play ---------------------------------------------------------------------


def test_rule_4_playing_a_tile_from_hand_ends_the_turn() -> None:
    game = make_game([["BBY", "RRR"], ["GGG"]], bag=["PPP"])
    event = play(game, 0, at("BBY", 0, 1))
    assert event.action == Action.play(at("BBY", 0, 1))
    assert not event.finished
    assert game.hands[0] == ["RRR"]
    assert game.board.placements[-1] == at("BBY", 0, 1)
    assert game.current == 1
    assert game.turns_taken == [1, 0]
    assert game.bag == ["PPP"]


def test_rule_4_only_a_tile_in_hand_may_be_played() -> None:
    game = make_game([["RRR", "GGG"], ["BBY"]])
    assert refused_play(game, 0, at("BBY", 0, 1)) is Reason.TILE_NOT_IN_HAND
    assert refused_play(game, 0, at("BRY", 0, -1)) is Reason.TILE_NOT_IN_HAND  # in nobody's


def test_rule_4_an_illegal_placement_is_refused_and_changes_nothing() -> None:
    game = make_game([["BBY", "RRR"], ["GGG"]], bag=["PPP"])
    assert refused_play(game, 0, at("BBY", 2, -1, "W")) is Reason.MISMATCH
    assert refused_play(game, 0, at("RRR", 1, 1, "S")) is ChrominoReason.TOO_FEW_CONTACTS
    assert game.current == 0


def test_rule_4_only_the_seat_to_play_may_act() -> None:
    game = make_game([["BBY", "RRR"], ["BRY", "GGG"]], bag=["PPP"])
    assert refused_play(game, 1, at("BRY", 0, -1)) is Reason.NOT_YOUR_TURN
    for kind in ("draw", "pass", "timeout"):
        assert refused(game, 1, Action(kind)) is Reason.NOT_YOUR_TURN
    assert refused(game, 5, Action("draw")) is Reason.NOT_YOUR_TURN


def test_rule_4_a_turn_is_a_play_a_draw_or_a_pass() -> None:
    game = make_game([["BBY", "RRR"], ["GGG"]], bag=["PPP"])
    assert refused(game, 0, Action("jump")) is Reason.UNKNOWN_ACTION
    assert refused(game, 0, Action("play")) is Reason.BAD_PLACEMENT


# --- draw ---------------------------------------------------------------------


def test_rule_4_a_draw_takes_the_first_tile_of_the_bag_and_keeps_the_turn() -> None:
    game = make_game([["RRR"], ["GGG"]], bag=["BBY", "PPP"])
    event = draw(game, 0)
    assert event.drawn == "BBY"
    assert not event.finished
    assert game.hands[0] == ["RRR", "BBY"]
    assert game.bag == ["PPP"]
    assert game.current == 0
    assert game.drawn_tile == "BBY"
    assert game.draws_this_turn == 1
    assert game.tiles_drawn == [1, 0]
    assert game.turns_taken == [0, 0]


def test_rule_4_a_draw_needs_a_tile_in_the_bag() -> None:
    game = make_game([["RRR"], ["GGG"]])
    assert refused(game, 0, Action("draw")) is Reason.BAG_EMPTY
    assert not game.can_draw(0)


def test_rule_4_after_drawing_the_drawn_tile_may_be_played() -> None:
    game = make_game([["RRR"], ["GGG"]], bag=["BBY", "PPP"])
    draw(game, 0)
    listed = {ref.physical(p) for p in game.legal_plays(0)}
    assert listed == set(ref.all_legal_placements([START], ["BBY"], "standard"))
    assert len(listed) == 6  # 3 places above BXY and 3 below
    play(game, 0, at("BBY", 0, 1))
    assert game.hands[0] == ["RRR"]
    assert game.current == 1


def test_rule_4_after_drawing_only_the_drawn_tile_may_be_played() -> None:
    game = make_game([["BBY", "RRR"], ["GGG"]], bag=["BRY", "PPP"])
    draw(game, 0)
    assert game.playable_tiles(0) == ["BRY"]
    assert {p.tile for p in game.legal_plays(0)} == {"BRY"}
    assert refused_play(game, 0, at("BBY", 0, 1)) is Reason.MUST_PLAY_DRAWN_TILE
    play(game, 0, at("BRY", 0, -1))
    assert game.hands[0] == ["BBY", "RRR"]


def test_rule_4_after_drawing_the_player_may_pass_keeping_the_tile() -> None:
    game = make_game([["RRR"], ["GGG"]], bag=["BBY", "PPP"])
    draw(game, 0)
    event = pass_turn(game, 0)  # allowed even though BBY could be played
    assert event.action == Action("pass")
    assert game.hands[0] == ["RRR", "BBY"]
    assert game.current == 1
    assert game.drawn_tile is None
    assert game.draws_this_turn == 0


def test_rule_4_draws_per_turn_1_is_the_default_and_allows_one_draw() -> None:
    assert GameOptions().draws_per_turn == 1
    game = make_game([["RRR"], ["GGG"]], bag=["PPP", "RPR", "GPG"])
    draw(game, 0)
    assert refused(game, 0, Action("draw")) is Reason.DRAW_LIMIT
    assert not game.can_draw(0)


@pytest.mark.parametrize("limit", [2, 3, 4, 5])
def test_rule_4_draws_per_turn_n_allows_up_to_n_successive_draws(limit: int) -> None:
    bag = [*UNPLAYABLE, "YRY"]
    game = make_game([["RRR"], ["YPY"]], bag=bag, draws_per_turn=limit)
    for count in range(1, limit + 1):
        assert game.can_draw(0)
        assert draw(game, 0).drawn == bag[count - 1]
        assert game.draws_this_turn == count
    assert refused(game, 0, Action("draw")) is Reason.DRAW_LIMIT
    assert len(game.hands[0]) == 1 + limit


@pytest.mark.parametrize("bad", [-1, 6])
def test_rule_4_draws_per_turn_is_0_to_5(bad: int) -> None:
    with pytest.raises(InvalidSetupError) as caught:
        GameOptions(draws_per_turn=bad)
    assert caught.value.field == "options.draws_per_turn"


def test_rule_4_draws_per_turn_0_allows_drawing_as_often_as_wanted() -> None:
    bag = [name for name in ALL_NAMES if name not in ("BXY", "RRR", "GGG")][:40]
    game = make_game([["RRR"], ["GGG"]], bag=bag, draws_per_turn=0)
    for _ in bag:
        draw(game, 0)
    assert game.hands[0] == ["RRR", *bag]
    assert game.draws_this_turn == 40
    assert refused(game, 0, Action("draw")) is Reason.BAG_EMPTY


def test_rule_4_after_each_draw_only_the_newest_drawn_tile_may_be_played() -> None:
    game = make_game([["RRR"], ["GGG"]], bag=["BBY", "BRY", "PPP"], draws_per_turn=2)
    draw(game, 0)
    draw(game, 0)  # BBY was playable; without strict_draw one may still draw on
    assert game.drawn_tile == "BRY"
    assert refused_play(game, 0, at("BBY", 0, 1)) is Reason.MUST_PLAY_DRAWN_TILE
    assert {p.tile for p in game.legal_plays(0)} == {"BRY"}
    play(game, 0, at("BRY", 0, -1))
    assert game.hands[0] == ["RRR", "BBY"]


def test_rule_4_the_draw_count_starts_again_each_turn() -> None:
    game = make_game([["RRR"], ["GGG"]], bag=["PPP", "RPR", "GPG", "PGP"])
    draw(game, 0)
    pass_turn(game, 0)
    draw(game, 1)
    pass_turn(game, 1)
    assert draw(game, 0).drawn == "GPG"


def test_rule_4_strict_draw_is_off_by_default() -> None:
    assert GameOptions().strict_draw is False
    game = make_game([["BBY", "RRR"], ["GGG"]], bag=["PPP"])
    assert game.has_legal_play(0)
    assert draw(game, 0).drawn == "PPP"


def test_rule_4_strict_draw_refuses_a_draw_while_a_hand_tile_is_playable() -> None:
    game = make_game([["BBY", "RRR"], ["GGG"]], bag=["PPP"], strict_draw=True)
    assert refused(game, 0, Action("draw")) is ChrominoReason.DRAW_WHILE_PLAYABLE
    assert not game.can_draw(0)
    assert Action("draw") not in game.legal_actions(0)


def test_rule_4_strict_draw_allows_a_draw_when_no_hand_tile_is_playable() -> None:
    game = make_game([["RRR", "GGG"], ["PPP"]], bag=["RPR"], strict_draw=True)
    assert game.can_draw(0)
    assert draw(game, 0).drawn == "RPR"


def test_rule_4_strict_draw_after_a_draw_refuses_another_when_the_drawn_tile_is_playable() -> None:
    game = make_game(
        [["RRR"], ["GGG"]], bag=["BBY", "PPP", "RPR"], strict_draw=True, draws_per_turn=3
    )
    draw(game, 0)  # BBY: playable
    assert refused(game, 0, Action("draw")) is ChrominoReason.DRAW_WHILE_PLAYABLE
    pass_turn(game, 0)  # one may still keep it and pass


def test_rule_4_strict_draw_after_a_draw_allows_another_when_the_drawn_tile_is_not() -> None:
    game = make_game(
        [["RRR"], ["GGG"]], bag=["PPP", "BBY", "RPR"], strict_draw=True, draws_per_turn=3
    )
    draw(game, 0)  # PPP: not playable
    assert draw(game, 0).drawn == "BBY"
    assert refused(game, 0, Action("draw")) is ChrominoReason.DRAW_WHILE_PLAYABLE


def test_rule_4_strict_draw_lets_a_lone_chameleon_draw() -> None:
    # The chameleon has placements on the board, but it may not be the last tile played.
    game = make_game([["GXR"], ["GGG"]], bag=["PPP"], strict_draw=True)
    assert ref.all_legal_placements([START], ["GXR"], "standard")
    assert draw(game, 0).drawn == "PPP"


# --- pass ---------------------------------------------------------------------


def test_rule_4_pass_without_drawing_is_refused_while_the_bag_is_not_empty() -> None:
    game = make_game([["RRR"], ["GGG"]], bag=["PPP"])
    assert not game.has_legal_play(0)
    assert refused(game, 0, Action("pass")) is Reason.PASS_NOT_ALLOWED
    assert not game.can_pass(0)


def test_rule_4_pass_without_drawing_is_refused_with_a_legal_play() -> None:
    game = make_game([["BBY", "RRR"], ["GGG"]])
    assert refused(game, 0, Action("pass")) is Reason.PASS_NOT_ALLOWED


def test_rule_4_pass_is_allowed_when_the_bag_is_empty_and_no_play_is_legal() -> None:
    game = make_game([["RRR", "GGG"], ["PPP"]])
    assert game.can_pass(0)
    assert game.legal_actions(0) == [Action("pass")]
    pass_turn(game, 0)
    assert game.hands[0] == ["RRR", "GGG"]
    assert game.current == 1


# --- the last tile ------------------------------------------------------------


def test_rule_4_a_last_tile_is_turned_face_up_for_every_view() -> None:
    game = make_game([["BBY", "RRR"], ["GGG", "PPP"], ["RPR", "GPG"]], bag=["PGP"])
    for viewer in (None, 1, 2):
        assert game.view_for(viewer).hands[0] is None
    event = play(game, 0, at("BBY", 0, 1))
    assert event.revealed == ((0, "RRR"),)
    for viewer in (None, 0, 1, 2):
        view = game.view_for(viewer)
        assert view.hands[0] == ("RRR",)
        assert view.to_dict()["hands"][0] == ["RRR"]  # type: ignore[index]
        assert view.hands[1] == (("GGG", "PPP") if viewer == 1 else None)


def test_rule_4_a_dealt_single_tile_is_face_up_from_the_start() -> None:
    game = make_game([["RRR"], ["GGG"]])
    for viewer in (None, 0, 1):
        assert game.view_for(viewer).hands == (("RRR",), ("GGG",))


def test_rule_4_a_chameleon_can_never_be_the_last_tile_played() -> None:
    game = make_game([["GXR"], ["GGG"]], bag=["PPP"])
    assert ref.is_legal([START], at("GXR", 1, -1), "standard")  # the board would take it
    assert refused_play(game, 0, at("GXR", 1, -1)) is ChrominoReason.LAST_TILE_CHAMELEON
    assert game.playable_tiles(0) == []
    assert game.legal_plays(0) == []
    assert not game.has_legal_play(0)


def test_rule_4_a_hand_of_just_a_chameleon_must_draw() -> None:
    game = make_game([["GXR"], ["GGG"]], bag=["BBY", "PPP"])
    assert refused(game, 0, Action("pass")) is Reason.PASS_NOT_ALLOWED
    assert game.legal_actions(0) == [Action("draw")]
    draw(game, 0)
    play(game, 0, at("BBY", 0, 1))  # the drawn tile; the chameleon stays
    assert game.hands[0] == ["GXR"]


def test_rule_4_a_hand_of_just_a_chameleon_passes_when_the_bag_is_empty() -> None:
    game = make_game([["GXR"], ["GGG"]])
    assert game.legal_actions(0) == [Action("pass")]
    pass_turn(game, 0)
    assert game.hands[0] == ["GXR"]
    assert not game.is_over


def test_rule_4_a_chameleon_may_be_played_while_other_tiles_remain() -> None:
    game = make_game([["GXR", "RRR"], ["GGG"]])
    event = play(game, 0, at("GXR", 1, -1))
    assert game.hands[0] == ["RRR"]
    assert event.revealed == ((0, "RRR"),)


# --- timeouts -----------------------------------------------------------------


def test_rule_4_timed_turns_option_turn_seconds_0_is_off() -> None:
    assert GameOptions().turn_seconds == 0
    assert [GameOptions(turn_seconds=n).turn_seconds for n in (15, 90, 600)] == [15, 90, 600]


@pytest.mark.parametrize("seconds", [-5, 1, 5, 14, 601, 86_400, True, 30.0])
def test_rule_4_a_timed_turn_is_15_to_600_seconds(seconds: object) -> None:
    with pytest.raises(InvalidSetupError) as caught:
        GameOptions(turn_seconds=seconds)  # type: ignore[arg-type]
    assert caught.value.field == "options.turn_seconds"
    assert "0, or 15 to 600" in str(caught.value)


def test_rule_4_timeout_draws_a_penalty_tile_loses_15_and_passes_in_a_scoring_game() -> None:
    game = make_game([["BBY"], ["GGG"]], bag=["PPP", "RPR"], scoring="expert", turn_seconds=60)
    event = timeout(game, 0)
    assert event.drawn == "PPP"
    assert event.points == -15
    assert game.hands[0] == ["BBY", "PPP"]
    assert game.scores == [-15, 0]
    assert game.tiles_drawn == [1, 0]
    assert game.current == 1
    assert game.turns_taken == [1, 0]


def test_rule_4_timeout_without_scoring_draws_a_penalty_tile_and_loses_nothing() -> None:
    game = make_game([["BBY"], ["GGG"]], bag=["PPP", "RPR"], turn_seconds=60)
    event = timeout(game, 0)
    assert (event.drawn, event.points) == ("PPP", 0)
    assert game.scores == [0, 0]
    assert game.current == 1


def test_rule_4_timeout_with_an_empty_bag_draws_nothing() -> None:
    game = make_game([["BBY"], ["GGG"]], scoring="segments", turn_seconds=60)
    event = timeout(game, 0)
    assert event.drawn is None
    assert game.hands[0] == ["BBY"]
    assert game.scores == [-15, 0]
    assert game.current == 1


def test_rule_4_timeout_after_a_draw_still_draws_the_penalty_tile() -> None:
    game = make_game([["RRR"], ["GGG"]], bag=["PPP", "RPR", "GPG"], turn_seconds=30)
    draw(game, 0)
    assert timeout(game, 0).drawn == "RPR"
    assert game.hands[0] == ["RRR", "PPP", "RPR"]
    assert game.tiles_drawn == [2, 0]
    assert game.current == 1


# --- assistance is not a rule of the game -------------------------------------


def test_rule_4_the_engine_accepts_a_draw_while_a_play_exists() -> None:
    # Refusing this draw is the Beginner assistance level, which the server applies for
    # one player; the game itself (strict_draw off) takes it.
    game = make_game([["BBY", "RRR"], ["GGG"]], bag=["PPP"])
    assert ref.all_legal_placements([START], ["BBY"], "standard")
    assert game.options.strict_draw is False
    assert game.can_draw(0)
    assert Action("draw") in game.view_for(0).legal_actions()
    assert draw(game, 0).drawn == "PPP"
    assert game.hands[0] == ["BBY", "RRR", "PPP"]


def test_rule_4_game_records_are_independent_of_assistance() -> None:
    # A draw with a play available, which a Beginner could not make: the record holds the
    # moves and the rule options only, and replays to the same game.
    game = make_game([["BBY", "RRR"], ["BRY", "GGG"]], bag=["PPP", "RPR"])
    draw(game, 0)
    pass_turn(game, 0)
    play(game, 1, at("BRY", 0, -1))
    record = game.to_record()
    fields_of_a_record = {"format", "options", "players", "start", "hands", "bag", "first", "moves"}
    assert set(record) == fields_of_a_record
    options = record["options"]
    assert isinstance(options, dict)
    assert set(options) == {f.name for f in fields(GameOptions)}
    text = json.dumps(record).lower()
    for word in ("assist", "beginner", "intermediate", "level", "hint", "highlight"):
        assert word not in text
    assert record["moves"] == [
        {"player": 0, "action": "draw"},
        {"player": 0, "action": "pass"},
        {"player": 1, "action": "play", "tile": "BRY", "x": 0, "y": -1, "dir": "E"},
    ]
    again = replay(json.loads(json.dumps(record)))
    assert again.snapshot() == game.snapshot()
    assert again.to_record() == record
