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
from support.engine import reference as ref
from support.engine.scenarios import at, draw, make_game, play, refused_play

from chromino.core.errors import IllegalMoveError, Reason
from chromino.games.chromino.actions import Action
from chromino.games.chromino.game import Game
from chromino.games.chromino.options import GameOptions
from chromino.games.chromino.view import Play

SCORED = ("expert", "segments", "segments-multiply")


Physical = frozenset[tuple[int, int, str]]


def by_reference(game: Game, tiles: list[str], scoring: str) -> dict[Physical, tuple[int, int]]:
    """Every legal placement of ``tiles`` with its contacts and points, by the slow reference."""
    board = game.board.placements
    reference_board = ref.ReferenceBoard(board)
    return {
        key: (len(ref.analyse(reference_board, p).contacts), ref.points(board, p, scoring))
        for key, p in ref.all_legal_placements(board, tiles, game.options.ruleset).items()
    }


def shown(plays: list[Play]) -> dict[Physical, tuple[int, int]]:
    """What a view's legal plays show: contacts and points per physical placement."""
    found = {ref.physical(p.placement): (p.contacts, p.points) for p in plays}
    assert len(found) == len(plays), "a physical placement is listed twice"
    return found


@pytest.mark.parametrize("scoring", SCORED)
def test_rule_8_a_views_legal_plays_carry_points_in_a_scoring_game(scoring: str) -> None:
    game = make_game([["BBY", "BRY", "RRR"], ["GGG"]], scoring=scoring)
    plays = game.view_for(0).legal_plays()
    assert shown(plays) == by_reference(game, ["BBY", "BRY", "RRR"], scoring)
    by_placement = {p.placement.normalized(): p for p in plays}
    # By hand, on BXY (value 3, worth 4 a square): BBY (value 2, worth 2) and BRY
    # (value 3, worth 4) right under or over it make three side-by-side contacts.
    bby = by_placement[at("BBY", 0, 1)]
    bry = by_placement[at("BRY", 0, -1)]
    assert bby.contacts == bry.contacts == 3
    assert bby.points == {"expert": 5, "segments": 18, "segments-multiply": 18}[scoring]
    assert bry.points == {"expert": 6, "segments": 24, "segments-multiply": 24}[scoring]
    # The points shown are the points made.
    assert play(game, 0, bry.placement).points == bry.points
    assert game.scores == [bry.points, 0]


def test_rule_8_without_scoring_legal_plays_show_no_points() -> None:
    game = make_game([["BBY", "BRY", "RRR"], ["GGG"]])
    plays = game.view_for(0).legal_plays()
    assert plays
    assert {p.points for p in plays} == {0}


def test_rule_8_a_view_highlights_the_playable_tiles_and_their_legal_placements() -> None:
    game = Game.new(["ana", "ben", "cy"], seed=4)
    seat = game.current
    view = game.view_for(seat)
    hand = list(view.hand)
    assert sorted(hand) == sorted(game.hands[seat]) and len(hand) == 8
    assert sorted(view.playable_tiles()) == sorted(hand)  # no draw yet, no lone chameleon
    expected = ref.all_legal_placements(game.board.placements, hand, "standard")
    assert expected, "seed 4 deals a hand with something to lay"
    listed = [ref.physical(p) for p in view.legal_placements()]
    assert len(listed) == len(set(listed))
    assert set(listed) == set(expected)
    highlighted = {p.tile for p in view.legal_placements()}
    assert highlighted == {p.tile for p in expected.values()}
    assert highlighted < set(hand)  # some tile of this hand fits nowhere


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


def playable_by_the_rules(game: Game) -> list[str]:
    """Section 4: only the newest drawn tile after a draw; never a chameleon as last tile."""
    hand = game.hands[game.current]
    candidates = list(hand) if game.drawn_tile is None else [game.drawn_tile]
    if len(hand) == 1:
        candidates = [name for name in candidates if "X" not in name]
    return candidates


@pytest.mark.parametrize("seed", range(4))
def test_rule_8_a_view_offers_exactly_what_the_game_accepts(seed: int) -> None:
    strict = seed % 2 == 1
    game = Game.new(["a", "b"], seed, GameOptions(draws_per_turn=2, strict_draw=strict))
    for _ in range(25):
        if game.is_over:
            break
        seat = game.current
        view = game.view_for(seat)
        actions = view.legal_actions()
        # The plays offered are the reference's, each once.
        offered = [ref.physical(a.placement) for a in actions if a.placement is not None]
        playable = playable_by_the_rules(game)
        expected = ref.all_legal_placements(game.board.placements, playable, "standard")
        assert len(offered) == len(set(offered))
        assert set(offered) == set(expected)
        # Draw and pass are offered exactly when section 4 allows them.
        may_draw = bool(game.bag) and game.draws_this_turn < 2 and not (strict and bool(expected))
        may_pass = game.draws_this_turn > 0 or (not game.bag and not expected)
        assert (Action("draw") in actions) is may_draw
        assert (Action("pass") in actions) is may_pass
        # The game accepts every action offered, and refuses a draw or pass not offered.
        for action in actions:
            game.check(seat, action)
        for kind in ("draw", "pass"):
            if Action(kind) not in actions:
                with pytest.raises(IllegalMoveError):
                    game.check(seat, Action(kind))
        other = game.view_for(1 - seat)
        assert other.legal_actions() == [] and not other.is_my_turn
        game.apply(seat, actions[-1] if strict else actions[0])


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
