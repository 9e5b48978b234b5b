"""docs/rules.md section 2: setup (start tile, bag, hands, first player) and its options."""

from __future__ import annotations

from collections import Counter

import pytest
from support.engine.scenarios import draw, make_game, make_setup, pass_turn

from chromino.core.errors import InvalidSetupError
from chromino.games.chromino.game import Game
from chromino.games.chromino.options import GameOptions
from chromino.games.chromino.placement import Placement
from chromino.games.chromino.tiles import ALL_NAMES, CHAMELEON_NAMES, TRICOLOR_NAMES

SEEDS = range(40)
FOUR = ("ana", "ben", "cy", "dee")


def test_rule_2_1_the_starting_tile_is_laid_in_the_middle_of_the_table() -> None:
    for seed in SEEDS:
        game = Game.new(FOUR, seed)
        start = game.setup.start
        assert (start.x, start.y, start.dir) == (0, 0, "E")
        assert game.board.placements == [start]
        assert start.tile not in {name for hand in game.hands for name in hand}
        assert start.tile not in game.bag


def test_rule_2_1_default_start_is_a_random_chameleon() -> None:
    assert GameOptions().start == "chameleon"
    starts = {Game.new(FOUR, seed).setup.start.tile for seed in SEEDS}
    assert starts <= set(CHAMELEON_NAMES)
    # Random, not fixed: over 40 deals every chameleon comes up.
    assert starts == set(CHAMELEON_NAMES)


def test_rule_2_1_option_start_tricolor_is_a_random_three_colour_regular_tile() -> None:
    options = GameOptions(start="tricolor")
    starts = {Game.new(FOUR, seed, options).setup.start.tile for seed in SEEDS}
    assert starts <= set(TRICOLOR_NAMES)
    assert all(len(set(name)) == 3 and "X" not in name for name in starts)
    assert len(starts) > 10
    with pytest.raises(InvalidSetupError) as caught:
        GameOptions(start="single")
    assert caught.value.field == "options.start"


def test_rule_2_2_all_other_tiles_go_in_the_bag() -> None:
    for seed in SEEDS:
        game = Game.new(FOUR, seed)
        everything = [game.setup.start.tile, *game.bag]
        everything += [name for hand in game.hands for name in hand]
        assert Counter(everything) == Counter(ALL_NAMES)
        assert len(game.bag) == 80 - 1 - 4 * 8


def test_rule_2_2_the_bag_is_shuffled() -> None:
    bags = [tuple(Game.new(FOUR, seed).bag) for seed in range(5)]
    assert len(set(bags)) == 5
    for bag in bags:
        assert list(bag) != sorted(bag)


def test_rule_2_3_each_player_is_dealt_8_tiles() -> None:
    assert GameOptions().hand_size == 8
    for count in range(1, 9):
        game = Game.new([f"p{i}" for i in range(count)], seed=count)
        assert [len(hand) for hand in game.hands] == [8] * count
        assert len(game.bag) == 79 - 8 * count


@pytest.mark.parametrize("size", [1, 5, 12])
def test_rule_2_3_option_hand_size(size: int) -> None:
    game = Game.new(FOUR, seed=2, options=GameOptions(hand_size=size))
    assert [len(hand) for hand in game.hands] == [size] * 4
    assert len(game.bag) == 79 - 4 * size


def test_rule_2_3_hand_size_must_fit_the_79_tiles() -> None:
    Game.new([f"p{i}" for i in range(8)], seed=1, options=GameOptions(hand_size=9))  # 72 fit
    with pytest.raises(InvalidSetupError) as caught:
        Game.new([f"p{i}" for i in range(8)], seed=1, options=GameOptions(hand_size=10))
    assert caught.value.field == "options.hand_size"
    for bad in (0, -1, 80):
        with pytest.raises(InvalidSetupError) as caught:
            GameOptions(hand_size=bad)
        assert caught.value.field == "options.hand_size"


def test_rule_2_3_hands_are_hidden_from_the_others() -> None:
    game = Game.new(FOUR, seed=5)
    assert GameOptions().open_hands is False
    for seat in range(4):
        view = game.view_for(seat)
        for other in range(4):
            if other == seat:
                assert view.hands[other] == tuple(game.hands[seat])
            else:
                assert view.hands[other] is None
        assert view.hand_counts == (8, 8, 8, 8)
    spectator = game.view_for(None)
    assert spectator.hands == (None, None, None, None)
    assert spectator.hand == ()


def test_rule_2_3_option_open_hands_shows_every_hand_to_everyone() -> None:
    game = Game.new(FOUR, seed=5, options=GameOptions(open_hands=True))
    expected = tuple(tuple(hand) for hand in game.hands)
    for viewer in (None, 0, 1, 2, 3):
        assert game.view_for(viewer).hands == expected


def test_rule_2_4_first_player_is_random_and_reproducible_from_the_seed() -> None:
    firsts = set()
    for seed in SEEDS:
        game = Game.new(FOUR, seed)
        again = Game.new(FOUR, seed)
        assert again.setup == game.setup
        assert game.current == game.setup.first
        firsts.add(game.setup.first)
    assert firsts == {0, 1, 2, 3}
    assert Game.new(FOUR, "table-7").setup == Game.new(FOUR, "table-7").setup


def test_rule_2_4_different_seeds_give_different_deals() -> None:
    setups = {Game.new(FOUR, seed).setup.hands for seed in range(10)}
    assert len(setups) == 10


def test_rule_2_4_play_goes_round_in_seat_order_from_the_first_player() -> None:
    # Nobody can play on the lone BXY with these tiles: each seat draws and passes.
    game = make_game(
        [["RRR"], ["GGG"], ["PPP"]],
        bag=["RPR", "GPG", "PGP", "RGR", "YRY"],
        first=2,
    )
    order = []
    for _ in range(5):
        seat = game.current
        order.append(seat)
        draw(game, seat)
        pass_turn(game, seat)
    assert order == [2, 0, 1, 2, 0]


def test_rule_2_a_tile_may_be_in_only_one_place() -> None:
    with pytest.raises(InvalidSetupError) as caught:
        make_setup([["RRR", "GGG"], ["PPP"]], bag=["GGG"])
    assert caught.value.field == "bag[0]"
    with pytest.raises(InvalidSetupError) as caught:
        make_setup([["BXY"]], start=Placement("BXY", 0, 0, "E"))
    assert caught.value.field == "hands[0][0]"


def test_rule_9_a_placement_spelled_backwards_lies_on_the_same_cells() -> None:
    from chromino.games.chromino.actions import parse_placement

    # Section 9: {"tile": "BGR", "x": 2, "y": 0, "dir": "W"} covers R(0,0) G(1,0) B(2,0);
    # RGB read east from (0,0) is that same placement, spelled backwards.
    placement = parse_placement({"tile": "RGB", "x": 0, "y": 0, "dir": "E"})
    assert placement.tile == "BGR"
    assert sorted(placement.cells()) == [(0, 0, "R"), (1, 0, "G"), (2, 0, "B")]
    west = parse_placement({"tile": "RGB", "x": 2, "y": 0, "dir": "W"})
    assert sorted(west.cells()) == [(0, 0, "B"), (1, 0, "G"), (2, 0, "R")]


def test_rule_2_a_setup_names_tiles_by_their_names_only() -> None:
    from chromino.games.chromino.game import Setup

    with pytest.raises(InvalidSetupError, match=r"hands\[0\]\[0\]"):
        Setup(GameOptions(), ("a",), Placement("BXY", 0, 0, "E"), (("RGB",),), (), 0)
