"""A Triominos view: what one seat or a spectator may see, and what it may do."""

from __future__ import annotations

import json

from support.engine.tri_scenarios import START, at, draw, full_setup, make_game, play

from chromino.games.triominos.game import Game
from chromino.games.triominos.options import GameOptions


def test_a_view_shows_the_own_hand_and_only_counts_of_the_others() -> None:
    game = make_game([["344", "000"], ["455", "111", "222"]], bag=["012", "555"], board=[START])
    view = game.view_for(0)
    assert view.hand == ("344", "000")
    assert view.hands == (("344", "000"), None)
    assert view.hand_counts == (2, 3)
    assert view.bag_count == 2
    data = view.to_dict()
    text = json.dumps(data)
    for hidden in ("455", "111", "222", "012", "555"):
        assert hidden not in text
    assert data["hands"] == [["344", "000"], None]
    assert data["game"] == "triominos"


def test_a_spectator_sees_no_hand_and_cannot_act() -> None:
    game = make_game([["344", "000"], ["455"]], bag=["012"], board=[START])
    view = game.view_for(None)
    assert view.hand == ()
    assert view.hands == (None, None)
    assert view.legal_actions() == []
    assert not view.can_draw() and not view.can_pass()


def test_the_drawn_tile_is_shown_to_the_drawer_only() -> None:
    game = make_game([["000"], ["111"]], bag=["344", "222"], board=[START])
    draw(game, 0)
    assert game.view_for(0).drawn_tile == "344"
    assert game.view_for(0).draws_this_turn == 1
    assert game.view_for(1).drawn_tile is None
    assert game.view_for(None).drawn_tile is None
    assert "344" not in json.dumps(game.view_for(1).to_dict())
    assert [p.placement for p in game.view_for(0).legal_plays()] == [at("344", 1, 0, 2)]


def test_a_view_offers_what_the_game_accepts() -> None:
    game = make_game([["344", "000"], ["111"]], bag=["222"], board=[START])
    view = game.view_for(0)
    assert view.legal_actions() == game.legal_actions(0)
    assert [a.kind for a in view.legal_actions()] == ["play", "draw"]
    assert view.can_draw() == game.can_draw(0)
    assert view.can_pass() == game.can_pass(0)
    [only] = view.legal_plays()
    assert (only.placement, only.points, only.figure) == (at("344", 1, 0, 2), 11, None)
    assert game.view_for(1).legal_actions() == []


def test_a_view_holds_no_seed_no_bag_order_and_no_setup() -> None:
    game = Game(full_setup([["345", "000"], ["111", "222"]]))
    data = game.view_for(0).to_dict()
    assert set(data) == {
        "game",
        "seat",
        "players",
        "options",
        "board",
        "hands",
        "hand_counts",
        "bag",
        "scores",
        "current",
        "first",
        "draws_this_turn",
        "drawn_tile",
        "turns_taken",
        "tiles_drawn",
        "moves",
        "finished",
        "ended_by",
        "winners",
        "resigned",
    }
    assert data["bag"] == 52


def test_a_finished_game_shows_how_it_ended() -> None:
    game = make_game([["344"], ["111"]], board=[START])
    play(game, 0, at("344", 1, 0, 2))
    data = game.view_for(1).to_dict()
    assert (data["finished"], data["ended_by"], data["winners"]) == (True, "out", [0])
    assert data["scores"] == [11 + 25 + 3, 0]


def test_open_hands_views_show_every_hand() -> None:
    game = Game(full_setup([["345"], ["000"]], options=GameOptions(open_hands=True)))
    assert game.view_for(None).to_dict()["hands"] == [["345"], ["000"]]
