"""Bots: legal, deterministic, blind to hidden tiles, and greedy where they should be."""

from __future__ import annotations

import random

import pytest
from support.engine import reference as ref

from chromino.core.search import Budget
from chromino.core.selfplay import play_bot_game, run_selfplay
from chromino.games.chromino import GAME
from chromino.games.chromino.actions import Action
from chromino.games.chromino.bots import BOTS as REGISTERED
from chromino.games.chromino.bots import Bot, greedy_bot, random_bot
from chromino.games.chromino.game import Game, Setup
from chromino.games.chromino.options import GameOptions
from chromino.games.chromino.placement import Placement
from chromino.games.chromino.strong import StrongBot
from chromino.games.chromino.tiles import ALL_NAMES

BOTS: dict[str, Bot] = {**REGISTERED, "strong": StrongBot(Budget.of_iterations(4))}
"""Every registered bot; the strong one with a few iterations instead of its second a move,
so that these games stay quick and repeatable (tests/test_strong_bot.py searches deeper)."""

Physical = frozenset[tuple[int, int, str]]


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
            game = play_bot_game(GAME, [bot] * (2 + seed % 3), f"{name}{seed}", options)
            assert game.is_over


def test_a_bot_is_a_function_of_its_view_not_of_hidden_tiles() -> None:
    mine = ["BBY", "RRR", "YGY"]
    first = setup_with(mine, ["PPP", "GGG"], ["BGR", "GRR", "PPY"])
    second = setup_with(mine, ["BGR", "GRR"], ["PPY", "GGG", "PPP"])
    for bot in BOTS.values():
        one = bot(first.view_for(0), random.Random(5))
        two = bot(second.view_for(0), random.Random(5))
        assert one == two


def reference_plays(game: Game, seat: int) -> dict[Physical, Placement]:
    """The seat's legal placements by the slow reference, keyed by physical placement."""
    return ref.all_legal_placements(game.board.placements, game.hands[seat], game.options.ruleset)


def chosen(action: Action[Placement]) -> Physical:
    """The physical placement a bot's play lays."""
    assert action.kind == "play" and action.placement is not None, action
    return ref.physical(action.placement)


def test_greedy_lays_the_placement_with_most_contacts_without_scoring() -> None:
    # On BXY, BBY fits in six places; only right under or over it (0,±1) makes 3 contacts.
    game = setup_with(["BBY", "GGG", "RRR"], ["PPP"], ["BGR"])
    board = ref.ReferenceBoard(game.board.placements)
    contacts = {
        key: len(ref.analyse(board, placement).contacts)
        for key, placement in reference_plays(game, 0).items()
    }
    assert sorted(contacts.values()) == [2, 2, 2, 2, 3, 3]
    for seed in range(6):
        action = greedy_bot(game.view_for(0), random.Random(seed))
        assert chosen(action) in {
            ref.physical(Placement("BBY", 0, 1, "E")),
            ref.physical(Placement("BBY", 0, -1, "E")),
        }
        assert contacts[chosen(action)] == 3


def test_greedy_lays_the_placement_that_scores_most_in_a_scoring_game() -> None:
    # Segments on BXY (worth 4): BBY (2) right under or over it scores 3 x (2 + 4) = 18;
    # BBY shifted by one makes 2 contacts, 12; YYY (1) over X and Y, 2 x (1 + 4) = 10.
    game = setup_with(["BBY", "YYY", "RRR"], ["PPP"], ["BGR"], scoring="segments")
    placements = game.board.placements
    points = {
        key: ref.points(placements, placement, "segments")
        for key, placement in reference_plays(game, 0).items()
    }
    assert sorted(points.values()) == [10, 10, 12, 12, 12, 12, 18, 18]
    for seed in range(6):
        action = greedy_bot(game.view_for(0), random.Random(seed))
        assert points[chosen(action)] == 18


def test_greedy_keeps_its_chameleon_while_a_regular_tile_fits() -> None:
    game = setup_with(["PXY", "BBY", "RRR"], ["PPP"], ["BGR"])
    assert {p.tile for p in reference_plays(game, 0).values()} == {"PXY", "BBY"}
    action = greedy_bot(game.view_for(0), random.Random(3))
    assert action.placement is not None and action.placement.tile == "BBY"


def test_greedy_spends_its_chameleon_when_nothing_else_fits() -> None:
    game = setup_with(["PXY", "RRR", "GGG"], ["PPP"], ["BGR"])
    assert {p.tile for p in reference_plays(game, 0).values()} == {"PXY"}
    action = greedy_bot(game.view_for(0), random.Random(4))
    assert action.placement is not None and action.placement.tile == "PXY"


def test_greedy_spends_its_chameleon_before_it_would_be_left_alone() -> None:
    game = setup_with(["PXY", "BBY"], ["PPP"], ["BGR"])
    assert {p.tile for p in reference_plays(game, 0).values()} == {"PXY", "BBY"}
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
    summary = run_selfplay(
        GAME, ["greedy", "random"], 2, 60, "duel", options=GameOptions(scoring="expert")
    )
    assert summary.seats == {"greedy": 60, "random": 60}
    assert summary.wins["greedy"] > summary.wins["random"] * 1.5


def test_selfplay_is_reproducible_from_its_seed() -> None:
    one = run_selfplay(GAME, ["greedy", "random"], 3, 5, 11).to_dict()
    two = run_selfplay(GAME, ["greedy", "random"], 3, 5, 11).to_dict()
    del one["games_per_second"], two["games_per_second"]
    assert one == two


def test_the_view_a_bot_decides_from_shows_no_hidden_tile() -> None:
    game = Game.new(["a", "b", "c"], 9)
    view = game.view_for(game.current)
    hidden = set(ALL_NAMES) - set(view.hand) - {p.tile for p in view.board.placements}
    data = repr(view.to_dict())
    assert [name for name in hidden if name in data] == []


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_lay_only_their_own_tiles_where_the_rule_book_allows(name: str) -> None:
    bot = BOTS[name]
    for seed in range(4):
        options = GameOptions(ruleset=("standard", "junior")[seed % 2], scoring="expert")
        game = Game.new(["a", "b", "c"], f"{name}-{seed}", options)
        rng = random.Random(seed)
        plays = 0
        while not game.is_over:
            seat = game.current
            view = game.view_for(seat)
            action = bot(view, rng)
            if action.kind == "play":
                placement = action.placement
                assert placement is not None
                assert placement.tile in view.hand
                if view.drawn_tile is not None:
                    assert placement.tile == view.drawn_tile
                assert ref.is_legal(game.board.placements, placement, options.ruleset)
                plays += 1
            else:
                # A bot draws or passes only when the reference finds nothing to lay.
                playable = [view.drawn_tile] if view.drawn_tile else list(view.hand)
                if len(view.hand) == 1:
                    playable = [tile for tile in playable if "X" not in tile]
                board = game.board.placements
                assert not ref.all_legal_placements(board, playable, options.ruleset)
            game.apply(seat, action)
        assert plays >= 8
