"""docs/triominos-rules.md §5: players, hands, the bag, who starts."""

from __future__ import annotations

from collections import Counter

import pytest
from support.engine.tri_scenarios import at, draw, make_game, play, timeout

from chromino.core.errors import InvalidSetupError
from chromino.games.triominos.game import Game, deal, deal_with_first_draw, draw_for_first
from chromino.games.triominos.options import GameOptions
from chromino.games.triominos.tiles import ALL_NAMES


@pytest.mark.parametrize("count", [0, 5, 8])
def test_rule_5_one_to_four_players(count: int) -> None:
    names = [f"p{i}" for i in range(count)]
    with pytest.raises(InvalidSetupError) as caught:
        Game.new(names, seed=1)
    assert caught.value.field == "players"


@pytest.mark.parametrize(("count", "size"), [(1, 9), (2, 9), (3, 7), (4, 7)])
def test_rule_5_hands_of_nine_for_one_or_two_players_seven_for_three_or_four(
    count: int, size: int
) -> None:
    game = Game.new([f"p{i}" for i in range(count)], seed=3)
    assert [len(hand) for hand in game.hands] == [size] * count


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_rule_5_the_rest_is_the_bag_and_every_tile_is_dealt_once(count: int) -> None:
    game = Game.new([f"p{i}" for i in range(count)], seed=count)
    dealt = [name for hand in game.hands for name in hand] + game.bag
    assert Counter(dealt) == Counter(ALL_NAMES)
    assert len(game.bag) == 56 - count * len(game.hands[0])
    assert len(game.board) == 0


def test_rule_5_the_highest_tile_drawn_starts() -> None:
    # seat 0 draws 012 (3), seat 1 draws 345 (12), seat 2 draws 114 (6).
    drawn = draw_for_first(["012", "345", "114", "555"], 3)
    assert drawn.first == 1
    assert drawn.rounds == (((0, "012"), (1, "345"), (2, "114")),)


def test_rule_5_ties_draw_again_comparing_only_the_new_tiles() -> None:
    # Round 1: seats 0 and 2 tie on 12 (345, 255); seat 1 drew 000 and is out
    # of it. Round 2: only seats 0 and 2 draw: 001 (1) against 002 (2).
    drawn = draw_for_first(["345", "000", "255", "001", "002", "555"], 3)
    assert drawn.first == 2
    assert drawn.rounds == (
        ((0, "345"), (1, "000"), (2, "255")),
        ((0, "001"), (2, "002")),
    )


def test_rule_5_each_round_compares_only_that_rounds_tiles() -> None:
    # Round 1: 345 and 444 tie on 12. Round 2: seat 0 draws 111 (3), seat 1
    # 003 (3): tied again, whatever round 1 said. Round 3: 000 (0) against 001 (1).
    drawn = draw_for_first(["345", "444", "111", "003", "000", "001"], 2)
    assert drawn.first == 1
    assert len(drawn.rounds) == 3


def test_rule_5_when_the_bag_runs_short_the_lowest_tied_seat_starts() -> None:
    # Seats 1 and 2 tie on 13 (355 and 445); one tile is left for the second
    # round, not enough for both.
    drawn = draw_for_first(["000", "355", "445", "001"], 3)
    assert drawn.first == 1
    assert drawn.rounds == (((0, "000"), (1, "355"), (2, "445")),)


def test_rule_5_alone_the_solo_player_starts() -> None:
    assert draw_for_first(["012"], 1).first == 0
    assert Game.new(["solo"], seed=5).current == 0


def test_rule_5_the_drawn_tiles_go_back_and_the_bag_is_shuffled_again() -> None:
    setup, first_draw = deal_with_first_draw(["a", "b", "c", "d"], "shuffle", GameOptions())
    drawn_tiles = {tile for round_ in first_draw.rounds for _, tile in round_}
    assert drawn_tiles <= set(setup.bag)
    assert len(setup.bag) == 56 - 28
    assert first_draw.first == setup.first
    best = max(sum(map(int, tile)) for _, tile in first_draw.rounds[-1])
    assert [s for s, t in first_draw.rounds[-1] if sum(map(int, t)) == best] == [setup.first]
    # The tiles drawn for the first player are not simply back on top, in order.
    on_top = tuple(tile for _, tile in first_draw.rounds[0])
    assert setup.bag[: len(on_top)] != on_top


def test_rule_5_everything_comes_from_the_seed() -> None:
    players = ["ana", "ben", "cy"]
    assert deal(players, "seed-1", GameOptions()) == deal(players, "seed-1", GameOptions())
    assert deal(players, 7, GameOptions()) == deal(players, 7, GameOptions())
    deals = {deal(players, seed, GameOptions()) for seed in range(12)}
    assert len(deals) == 12
    assert len({setup.first for setup in deals}) > 1


def test_rule_5_play_goes_clockwise_from_the_first_seat() -> None:
    game = make_game([["012"], ["000"], ["555", "111"]], bag=["001", "002", "003"], first=2)
    order = [game.current]
    play(game, 2, at("555", 0, 0, 0))
    for _ in range(3):
        order.append(game.current)
        timeout(game, game.current)
    assert order == [2, 0, 1, 2]


def test_rule_5_the_first_player_lays_any_tile_on_the_origin_for_its_value() -> None:
    game = make_game([["012", "455"], ["000"]], first=1)
    assert game.current == 1
    event = play(game, 1, at("000", 0, 0, 0))
    assert event.points == 0
    assert event.went_out
    game = make_game([["012", "455"], ["000", "111"]])
    assert play(game, 0, at("455", 0, 0, 2)).points == 14


def test_rule_5_the_first_player_may_draw_instead() -> None:
    game = make_game([["012", "455"], ["000"]], bag=["345"])
    event = draw(game, 0)
    assert event.drawn == "345"
    assert game.current == 0
    assert play(game, 0, at("345", 0, 0, 1)).points == 12
