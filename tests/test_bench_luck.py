"""The luck measurement's parts (bench/luck*.py): strength bots replay from their seeds
and a large gap in strength wins far more often, a duplicate round deals every table of
a size the same hands seat by seat and its scoring ignores the tables' order, plain and
duplicate tournaments play as many games, a field's figures follow from its seed alone,
and Kendall's tau and the intervals are right where they are known."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import hypothesis_profiles

from bench.luck import TournamentFigures, one_field, summarise
from bench.luck_figures import Interval, kendall_tau, order_found, strongest_first
from bench.luck_play import (
    DAWDLE_RANGE,
    deal_repeats,
    play_table,
    strength_bot,
    strength_check,
)
from bench.luck_swiss import (
    Finished,
    ladder,
    play_round,
    play_tournament,
    rotated,
    round_seeds,
    shuffled_field,
)
from chromino import GAMES, GameDescriptor
from chromino.core.actions import DRAW
from web.tournaments import Row, standings

hypothesis_profiles.load()

EVERY_GAME = pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))


@EVERY_GAME
def test_a_table_replays_exactly_from_its_seeds(game: GameDescriptor) -> None:
    first = play_table(game, [0.2, 0.5, 0.8, 1.0], "deal-a", "bots-a")
    again = play_table(game, [0.2, 0.5, 0.8, 1.0], "deal-a", "bots-a")
    assert (first.ranks, first.scores) == (again.ranks, again.scores)
    assert first.game.to_record() == again.game.to_record()
    assert sorted(first.ranks)[0] == 0


@EVERY_GAME
def test_a_strength_bot_chooses_by_its_seed_and_its_strength(game: GameDescriptor) -> None:
    live = game.new_game(4, "choices")
    view = live.view_for(live.current)
    assert view.can_draw()
    greedy = game.bots["greedy"]
    middling = strength_bot(game, 0.5)
    assert middling.dawdle == pytest.approx(DAWDLE_RANGE / 2)
    assert middling(view, random.Random(7)) == middling(view, random.Random(7))
    # The coin comes first: under the dawdling chance the weakest draws, at or above it
    # greedy chooses from what is left of the generator; the strongest never dawdles.
    dawdling, keen = _generators_whose_coin_falls(below=DAWDLE_RANGE)
    assert strength_bot(game, 0.0)(view, random.Random(dawdling)) == DRAW
    for seed in (dawdling, keen):
        coin = random.Random(seed)
        coin.random()
        assert strength_bot(game, 1.0)(view, random.Random(seed)) == greedy(view, coin)
    coin = random.Random(keen)
    coin.random()
    assert strength_bot(game, 0.0)(view, random.Random(keen)) == greedy(view, coin)


def _generators_whose_coin_falls(below: float) -> tuple[int, int]:
    """A seed whose generator's first number is below ``below``, and one whose is not."""
    seeds = range(100)
    under = next(seed for seed in seeds if random.Random(seed).random() < below)
    over = next(seed for seed in seeds if random.Random(seed).random() >= below)
    return under, over


@EVERY_GAME
def test_the_strongest_beats_the_weakest_head_to_head(game: GameDescriptor) -> None:
    strongest, weakest = strength_check(game, (1.0, 0.0), 6, "gap")
    assert strongest + weakest == pytest.approx(1.0)
    assert strongest >= 0.75


@EVERY_GAME
def test_a_replayed_deal_counts_the_replays_whose_winner_is_the_same(
    game: GameDescriptor,
) -> None:
    share = deal_repeats(game, 0.5, 4, "again")
    assert deal_repeats(game, 0.5, 4, "again") == share
    agreed = 0.0
    for deal in range(4):
        winners = [
            {seat for seat, rank in enumerate(played.ranks) if rank == 0}
            for played in (
                play_table(game, [0.5, 0.5], f"again:{deal}", f"again:{deal}:{replay}")
                for replay in ("first", "again")
            )
        ]
        agreed += len(winners[0] & winners[1]) / (len(winners[0]) * len(winners[1]))
    assert share == pytest.approx(agreed / 4)


def test_a_strength_is_between_zero_and_one() -> None:
    game = next(iter(GAMES.values()))
    with pytest.raises(ValueError, match="between 0 and 1"):
        strength_bot(game, 1.5)


def _round_tables() -> list[tuple[int, ...]]:
    """Three tables of four and two of three, in a round of 18 entrants."""
    return [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14), (15, 16, 17)]


@EVERY_GAME
def test_a_duplicate_round_deals_each_table_of_a_size_the_same_hands(
    game: GameDescriptor,
) -> None:
    tables = _round_tables()
    seats = rotated(tables)
    keys, seeds = round_seeds(seats, 2, 11, duplicate=True)
    assert len(set(keys)) == 2
    hands_by_key: dict[str | None, set[object]] = {}
    for table, seed, key in zip(seats, seeds, keys, strict=True):
        dealt = game.new_game(len(table), seed).setup
        hands_by_key.setdefault(key, set()).add((dealt.hands, dealt.bag, dealt.first))
    assert all(len(deals) == 1 for deals in hands_by_key.values())
    # The plain round of the same tables deals every table its own hands.
    _, plain = round_seeds(tables, 2, 11, duplicate=False)
    plain_hands = {game.new_game(len(t), s).setup.hands for t, s in zip(tables, plain, strict=True)}
    assert len(plain_hands) == len(tables)
    # The control keys its tables as the duplicate round does, and deals them as the plain.
    control_keys, control = round_seeds(seats, 2, 11, duplicate=True, shared_deal=False)
    assert (control_keys, control) == (keys, plain)


@EVERY_GAME
def test_a_played_duplicate_round_gave_each_hand_to_several_players(
    game: GameDescriptor,
) -> None:
    field = shuffled_field(ladder(12), 5)
    tables = [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)]
    results = play_round(game, field, tables, 0, 5, duplicate=True)
    assert {result.deal for result in results} == {"r0-s4"}
    seats_held = [{result.seats[seat] for result in results} for seat in range(4)]
    assert all(len(holders) == 3 for holders in seats_held)
    assert [result.seats for result in results] == rotated(tables)


def test_seats_rotate_only_among_tables_of_one_size() -> None:
    tables = _round_tables()
    seats = rotated(tables)
    assert [set(table) for table in seats] == [set(table) for table in tables]
    assert seats[1] == (5, 6, 7, 4)
    assert seats[4] == (16, 17, 15)


@pytest.mark.parametrize("entrants", [16, 14])
def test_plain_and_duplicate_tournaments_play_as_many_games(entrants: int) -> None:
    game = next(iter(GAMES.values()))
    field = shuffled_field(ladder(entrants), 3)
    plain = play_tournament(game, field, 3, 4, 3, duplicate=False)
    duplicate = play_tournament(game, field, 3, 4, 3, duplicate=True)
    assert len(plain.results) == len(duplicate.results) > 0
    assert len(plain.byes) == len(duplicate.byes)
    assert all(result.deal is None for result in plain.results)
    assert all(result.deal is not None for result in duplicate.results)
    for finished in (plain, duplicate):
        assert sorted(row.entrant for row in finished.rows) == list(range(entrants))


def test_the_field_is_the_ladder_dealt_out_by_the_seed() -> None:
    assert ladder(5) == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert sorted(shuffled_field(ladder(16), 9)) == ladder(16)
    assert shuffled_field(ladder(16), 9) == shuffled_field(ladder(16), 9)
    assert shuffled_field(ladder(16), 9) != shuffled_field(ladder(16), 10)


def test_tau_on_known_small_inputs() -> None:
    assert kendall_tau([1, 2, 3, 4], [10, 20, 30, 40]) == 1.0
    assert kendall_tau([1, 2, 3, 4], [4, 3, 2, 1]) == -1.0
    # One discordant pair of six: (5 - 1) / 6.
    assert kendall_tau([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(4 / 6)
    # Tau-b with a tie in y: 5 pairs untied in y, 6 in x, 4 concordant, 1 discordant.
    assert kendall_tau([1, 2, 3, 4], [1, 2, 2, 4]) == pytest.approx(5 / (6 * 5) ** 0.5)
    with pytest.raises(ValueError, match="order"):
        kendall_tau([1, 2, 3], [5, 5, 5])
    with pytest.raises(ValueError, match="length"):
        kendall_tau([1, 2], [1, 2, 3])


def _tau_by_counting(xs: list[int], ys: list[int]) -> float:
    """Tau-b spelt out from its definition, pair list by pair list."""
    pairs = list(itertools.combinations(range(len(xs)), 2))
    concordant = sum((xs[i] - xs[j]) * (ys[i] - ys[j]) > 0 for i, j in pairs)
    discordant = sum((xs[i] - xs[j]) * (ys[i] - ys[j]) < 0 for i, j in pairs)
    untied_x = sum(xs[i] != xs[j] for i, j in pairs)
    untied_y = sum(ys[i] != ys[j] for i, j in pairs)
    return float((concordant - discordant) / (untied_x * untied_y) ** 0.5)


@settings(max_examples=60)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=2, max_size=12))
def test_tau_is_symmetric_bounded_and_agrees_with_its_definition(
    pairs: list[tuple[int, int]],
) -> None:
    xs = [x for x, _ in pairs]
    ys = [y for _, y in pairs]
    if len(set(xs)) < 2 or len(set(ys)) < 2:
        return
    tau = kendall_tau(xs, ys)
    assert -1.0 <= tau <= 1.0
    assert tau == pytest.approx(kendall_tau(ys, xs))
    assert tau == pytest.approx(_tau_by_counting(xs, ys))
    assert kendall_tau(xs, [-y for y in ys]) == pytest.approx(-tau)


def _finished(places: list[int]) -> tuple[Row, ...]:
    rows = tuple(
        Row(
            place=place,
            entrant=entrant,
            points=0.0,
            games=0,
            byes=0,
            firsts=0,
            opponents_average=0.0,
            score_share=0.0,
        )
        for entrant, place in enumerate(places)
    )
    return Finished(rows, (), ()).rows


def test_the_strongest_first_counts_a_shared_first_place_as_a_share() -> None:
    field = [0.2, 1.0, 0.5]
    assert strongest_first(field, _finished([2, 1, 3])) == 1.0
    assert strongest_first(field, _finished([1, 1, 3])) == 0.5
    assert strongest_first(field, _finished([1, 2, 3])) == 0.0
    assert order_found(field, _finished([3, 1, 2])) == 1.0
    assert order_found(field, _finished([1, 3, 2])) == -1.0


@EVERY_GAME
def test_duplicate_scoring_ignores_the_order_of_the_tables(game: GameDescriptor) -> None:
    field = shuffled_field(ladder(18), 4)
    results = play_round(game, field, _round_tables(), 0, 4, duplicate=True)
    shuffled = list(results)
    random.Random(1).shuffle(shuffled)
    renumbered = [dataclasses.replace(result, table=index) for index, result in enumerate(shuffled)]
    entrants = range(len(field))
    expected = standings(results, [], entrants, duplicate=True)
    assert standings(shuffled, [], entrants, duplicate=True) == expected
    assert standings(renumbered, [], entrants, duplicate=True) == expected


def test_a_fields_figures_follow_from_its_seed_alone() -> None:
    first = one_field(("triominos", 4, 3), entrants=8, rounds=2)
    assert one_field(("triominos", 4, 3), entrants=8, rounds=2) == first
    assert one_field(("triominos", 4, 4), entrants=8, rounds=2) != first
    assert first.games == 3 * 2 * 2
    for tau in (first.tau_plain, first.tau_duplicate, first.tau_control):
        assert -1.0 <= tau <= 1.0


def test_the_paired_difference_is_the_difference_of_the_means() -> None:
    fields = [
        TournamentFigures(1.0, 0.0, 0.25, 0.5, 0.5, 40),
        TournamentFigures(0.0, 0.5, 0.5, 0.25, 0.0, 40),
        TournamentFigures(0.0, 1.0, 0.125, 0.625, 0.25, 40),
    ]
    found = summarise("triominos", 4, fields)
    assert (found.tournaments, found.games) == (3, 120)
    assert found.first_gain.mean == pytest.approx(0.5 / 3)
    assert found.tau_gain.mean == pytest.approx(found.tau_duplicate.mean - found.tau_plain.mean)
    assert found.tau_gain.low <= found.tau_gain.mean <= found.tau_gain.high
    assert found.tau_deal.mean == pytest.approx((1.375 - 0.75) / 3)


def test_a_bootstrap_interval_holds_its_mean_and_repeats() -> None:
    values = [0.0, 1.0, 0.0, 0.0, 1.0, 0.5, 0.0, 1.0]
    interval = Interval.bootstrap(values, "seed")
    assert interval.mean == pytest.approx(3.5 / 8)
    assert 0.0 <= interval.low < interval.mean < interval.high <= 1.0
    assert Interval.bootstrap(values, "seed") == interval
    assert Interval.bootstrap([0.25] * 5) == Interval(0.25, 0.25, 0.25)
    alone = Interval.bootstrap([0.7])
    assert alone.mean == 0.7 and math.isnan(alone.low) and math.isnan(alone.high)
    with pytest.raises(ValueError, match="at least one"):
        Interval.bootstrap([])


def test_a_wilson_interval_on_known_counts() -> None:
    # 8 wins of 10: the textbook Wilson interval is [0.490, 0.943].
    interval = Interval.wilson(8, 10)
    assert (interval.mean, round(interval.low, 3), round(interval.high, 3)) == (0.8, 0.49, 0.943)
    every = Interval.wilson(20, 20)
    assert every.high == 1.0 and 0.8 < every.low < 1.0
    with pytest.raises(ValueError, match="at least one game"):
        Interval.wilson(0, 0)
