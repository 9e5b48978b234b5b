"""Bots: legal, deterministic, blind to hidden tiles, and greedy where they should be."""

from __future__ import annotations

import random

from chromino import Action, Game, GameOptions, Placement, Setup
from chromino.bots import BOTS, bot_named, greedy_bot, random_bot
from chromino.selfplay import play_bot_game, run_selfplay
from chromino.tiles import ALL_NAMES, TILES


def setup_with(hand: list[str], others: list[str], bag: list[str], **options: object) -> Game:
    """Seat 0 to play from ``hand`` on a board of one BXY tile laid east at (0, 0)."""
    return Game(
        Setup(
            GameOptions(**options),  # type: ignore[arg-type]
            ("me", "you"),
            Placement("BXY", 0, 0, "E"),
            (tuple(hand), tuple(others)),
            tuple(bag),
            0,
        )
    )


def test_every_bot_only_ever_takes_legal_actions_to_the_end() -> None:
    for name, bot in BOTS.items():
        for seed in range(8):
            options = GameOptions(scoring="expert" if seed % 2 else "none", draws_per_turn=seed % 3)
            game = play_bot_game([bot] * (2 + seed % 3), f"{name}{seed}", options)
            assert game.is_over


def test_a_bot_is_a_function_of_its_view_not_of_hidden_tiles() -> None:
    mine = ["BBY", "RRR", "YGY"]
    first = setup_with(mine, ["PPP", "GGG"], ["BGR", "GRR", "PPY"])
    second = setup_with(mine, ["BGR", "GRR"], ["PPY", "GGG", "PPP"])
    for bot in BOTS.values():
        one = bot(first.view_for(0), random.Random(5))
        two = bot(second.view_for(0), random.Random(5))
        assert one == two


def test_greedy_lays_the_placement_with_most_contacts_without_scoring() -> None:
    game = setup_with(["BBY", "GGG", "RRR"], ["PPP"], ["BGR"])
    view = game.view_for(0)
    action = greedy_bot(view, random.Random(1))
    assert action.placement is not None
    most = max(play.contacts for play in view.legal_plays())
    assert game.board.contact_count(action.placement) == most == 3


def test_greedy_lays_the_placement_that_scores_most_in_a_scoring_game() -> None:
    game = setup_with(["BBY", "YYY", "RRR"], ["PPP"], ["BGR"], scoring="segments")
    view = game.view_for(0)
    action = greedy_bot(view, random.Random(2))
    best = max(play.points for play in view.legal_plays())
    assert action.placement is not None
    assert [p.points for p in view.legal_plays() if p.placement == action.placement] == [best]


def test_greedy_keeps_its_chameleon_while_a_regular_tile_fits() -> None:
    game = setup_with(["PXY", "BBY", "RRR"], ["PPP"], ["BGR"])
    assert any(p.tile == "PXY" for p in game.legal_plays(0))
    action = greedy_bot(game.view_for(0), random.Random(3))
    assert action.placement is not None and action.placement.tile == "BBY"


def test_greedy_spends_its_chameleon_when_nothing_else_fits() -> None:
    game = setup_with(["PXY", "RRR", "GGG"], ["PPP"], ["BGR"])
    assert {p.tile for p in game.legal_plays(0)} == {"PXY"}
    action = greedy_bot(game.view_for(0), random.Random(4))
    assert action.placement is not None and action.placement.tile == "PXY"


def test_greedy_spends_its_chameleon_before_it_would_be_left_alone() -> None:
    game = setup_with(["PXY", "BBY"], ["PPP"], ["BGR"])
    action = greedy_bot(game.view_for(0), random.Random(4))
    assert action.placement is not None and action.placement.tile == "PXY"


def test_stuck_bots_draw_then_pass() -> None:
    game = setup_with(["RRR", "GGG"], ["PPP"], ["RGR"])
    for bot in (greedy_bot, random_bot):
        assert bot(game.view_for(0), random.Random(0)) == Action("draw")
    game.apply(0, Action("draw"))
    for bot in (greedy_bot, random_bot):
        assert bot(game.view_for(0), random.Random(0)) == Action("pass")


def test_greedy_beats_random_in_scoring_games() -> None:
    summary = run_selfplay(["greedy", "random"], 2, 60, "duel", GameOptions(scoring="expert"))
    assert summary.seats == {"greedy": 60, "random": 60}
    assert summary.wins["greedy"] > summary.wins["random"] * 1.5


def test_selfplay_is_reproducible_from_its_seed() -> None:
    one = run_selfplay(["greedy", "random"], 3, 5, 11).to_dict()
    two = run_selfplay(["greedy", "random"], 3, 5, 11).to_dict()
    del one["games_per_second"], two["games_per_second"]
    assert one == two


def test_bot_named_rejects_an_unknown_name() -> None:
    assert bot_named("greedy") is greedy_bot
    try:
        bot_named("oracle")
    except ValueError as error:
        assert "greedy" in str(error)
    else:
        raise AssertionError("an unknown bot was accepted")


def test_bots_never_see_a_tile_they_should_not() -> None:
    game = Game.new(["a", "b", "c"], 9)
    seen: list[str] = []
    view = game.view_for(game.current)
    hidden = set(ALL_NAMES) - set(view.hand) - {p.tile for p in view.board.placements}
    data = repr(view.to_dict())
    seen = [name for name in hidden if name in data]
    assert seen == []
    assert len(TILES) == 80
