"""docs/rules.md section 8 (player assistance) as far as the engine serves it, and what views show.

Assistance levels are a server matter: the engine's part is that a seat's
view lists the playable tiles, their legal placements with contacts and, in a
scoring game, points; says whether a legal play exists (so a server can refuse
a Beginner's draw); and that the game validates every move whatever a view
offered. Views also carry the visibility rules of sections 2 and 4.
"""

from __future__ import annotations

import json

import pytest
from scenarios import at, draw, make_game, play, refused_play

from chromino import Action, Game, GameOptions, Reason
from chromino.scoring import placement_points

SCORED = ("expert", "segments", "segments-multiply")


@pytest.mark.parametrize("scoring", SCORED)
def test_rule_8_a_views_legal_plays_carry_points_in_a_scoring_game(scoring: str) -> None:
    game = make_game([["BBY", "BRY", "RRR"], ["GGG"]], scoring=scoring)
    plays = game.view_for(0).legal_plays()
    assert plays
    by_placement = {p.placement: p for p in plays}
    bby = by_placement[at("BBY", 0, 1)]
    assert bby.contacts == 3
    assert bby.points == {"expert": 5, "segments": 18, "segments-multiply": 18}[scoring]
    for item in plays:
        assert item.points == placement_points(game.board, item.placement, scoring)
        assert item.points > 0
        assert item.contacts == game.board.contact_count(item.placement)
    # The points shown are the points made.
    choice = max(plays, key=lambda p: p.points)
    assert play(game, 0, choice.placement).points == choice.points
    assert game.scores[0] == choice.points


def test_rule_8_without_scoring_legal_plays_show_no_points() -> None:
    game = make_game([["BBY", "BRY", "RRR"], ["GGG"]])
    plays = game.view_for(0).legal_plays()
    assert plays
    assert {p.points for p in plays} == {0}


def test_rule_8_a_view_highlights_the_playable_tiles_and_their_legal_placements() -> None:
    game = Game.new(["ana", "ben", "cy"], seed=4)
    seat = game.current
    view = game.view_for(seat)
    assert view.playable_tiles() == game.hands[seat]
    assert view.legal_placements() == game.legal_plays(seat)
    for placement in view.legal_placements():
        assert game.board.is_legal(placement)
        assert placement.tile in game.hands[seat]
    playable = {p.tile for p in view.legal_placements()}
    for name in game.hands[seat]:
        assert (name in playable) is game.board.has_legal_placement([name])


def test_rule_8_after_a_draw_the_view_offers_only_the_drawn_tile() -> None:
    game = make_game([["BBY", "RRR"], ["GGG"]], bag=["BRY"])
    draw(game, 0)
    view = game.view_for(0)
    assert view.drawn_tile == "BRY"
    assert view.playable_tiles() == ["BRY"]
    assert {p.placement.tile for p in view.legal_plays()} == {"BRY"}


def test_rule_8_the_engine_says_whether_a_legal_play_exists() -> None:
    # What a server needs to refuse a Beginner's draw (not a rule of the game).
    can = make_game([["BBY", "RRR"], ["GGG"]], bag=["PPP"])
    cannot = make_game([["RRR", "GGG"], ["BBY"]], bag=["PPP"])
    assert can.has_legal_play(0) and not cannot.has_legal_play(0)
    # Without strict_draw, the game itself lets both draw.
    assert can.can_draw(0) and cannot.can_draw(0)
    assert Action("draw") in can.view_for(0).legal_actions()


def test_rule_8_the_engine_validates_every_move_whatever_the_view_offered() -> None:
    game = make_game([["BBY", "RRR"], ["GGG"]], bag=["PPP"])
    offered = game.view_for(0).legal_actions()
    assert Action.play(at("RRR", 0, 1)) not in offered
    assert refused_play(game, 0, at("RRR", 0, 1)) is Reason.MISMATCH


def test_rule_8_a_view_offers_exactly_what_the_game_accepts() -> None:
    for seed in range(4):
        game = Game.new(["a", "b"], seed, GameOptions(draws_per_turn=2, strict_draw=seed % 2 == 1))
        for _ in range(25):
            if game.is_over:
                break
            seat = game.current
            view = game.view_for(seat)
            actions = view.legal_actions()
            assert actions == game.legal_actions(seat)
            assert (Action("draw") in actions) is game.can_draw(seat)
            assert (Action("pass") in actions) is game.can_pass(seat)
            other = game.view_for(1 - seat)
            assert other.legal_actions() == [] and not other.is_my_turn
            game.apply(seat, actions[-1] if seed % 2 else actions[0])


# --- what a view shows ----------------------------------------------------------


def test_rule_2_a_view_shows_counts_but_never_the_bag_or_hidden_hands() -> None:
    game = make_game([["BBY", "RRR"], ["GGG", "PPP"]], bag=["BRY", "RPR"])
    draw(game, 0)
    for viewer in (None, 0, 1):
        view = game.view_for(viewer)
        assert view.hand_counts == (3, 2)
        assert view.bag_count == 1
        data = view.to_dict()
        text = json.dumps(data)
        assert "RPR" not in text  # the bag's content
        if viewer != 0:
            assert "BRY" not in text  # the tile seat 0 drew
            assert "RRR" not in text and data["drawn_tile"] is None
        if viewer != 1:
            assert "GGG" not in text
    assert game.view_for(0).drawn_tile == "BRY"


def test_rule_4_the_last_tile_is_shown_in_every_view_including_a_spectators() -> None:
    game = make_game([["BBY", "RRR"], ["GGG", "PPP"]], bag=["RPR"])
    play(game, 0, at("BBY", 0, 1))
    for viewer in (None, 0, 1):
        data = game.view_for(viewer).to_dict()
        assert data["hands"] == [["RRR"], ["GGG", "PPP"] if viewer == 1 else None]
    assert game.view_for(None).hand == ()


def test_rule_5_a_finished_games_view_shows_the_outcome() -> None:
    game = make_game([["BBY"], ["BRY"]], scoring="expert")
    play(game, 0, at("BBY", 0, 1))
    play(game, 1, at("BRY", 0, -1))
    data = game.view_for(None).to_dict()
    assert data["finished"] is True
    assert data["ended_by"] == "out"
    assert data["winners"] == [1]  # BRY made 6, BBY 5
    assert data["scores"] == [5, 6]
    assert data["went_out"] == [0, 1]
