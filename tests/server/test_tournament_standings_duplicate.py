"""Duplicate rounds: seats rotated between the tables sharing a deal, deal keys, the
comparison of everyone who held a hand, and the round points standings count."""

from __future__ import annotations

import math
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.test_tournament_standings import Played, tournaments
from web.tournaments.duplicate_rounds import (
    deal_keys,
    duplicate_scores,
    rotate_seats,
    round_points,
)
from web.tournaments.records import TableResult
from web.tournaments.standings import standings, table_points

PROPERTY = settings(max_examples=60, deadline=None)


def dealt(number: int, seats: tuple[int, ...], scores: tuple[int, ...]) -> TableResult:
    ranks = tuple(sum(other > score for other in scores) for score in scores)
    return TableResult(1, number, seats, ranks, scores, f"r1-s{len(seats)}")


def rounds_of(played: Played) -> dict[int, list[TableResult]]:
    found: dict[int, list[TableResult]] = defaultdict(list)
    for result in played.results:
        found[result.round].append(result)
    return found


# --- Seats and deal keys ----------------------------------------------------------------


def test_table_t_is_rotated_by_t() -> None:
    groups = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
    assert rotate_seats(groups) == [(1, 2, 3), (5, 6, 4), (9, 7, 8), (10, 11, 12)]


@PROPERTY
@given(st.integers(2, 8), st.integers(1, 12))
def test_each_hand_goes_to_every_position_of_pairings_order(size: int, count: int) -> None:
    groups = [[table * 10 + position for position in range(size)] for table in range(count)]
    seated = rotate_seats(groups)
    for group, seats in zip(groups, seated, strict=True):
        assert sorted(seats) == sorted(group)
    for seat in range(size):
        positions = [entrant % 10 for entrant in (seats[seat] for seats in seated)]
        # over any `size` consecutive tables, the hand was held from every position
        assert len(set(positions[:size])) == min(size, count)


def test_rotation_refuses_mixed_sizes_and_an_entrant_twice() -> None:
    with pytest.raises(ValueError, match="one size"):
        rotate_seats([[1, 2], [3, 4, 5]])
    with pytest.raises(ValueError, match="one table"):
        rotate_seats([[1, 2], [2, 3]])


def test_tables_of_a_size_share_a_deal_key() -> None:
    keys = deal_keys([(1, 2, 3), (4, 5, 6, 7), (8, 9, 10)], 3)
    assert keys == ["r3-s3", "r3-s4", "r3-s3"]


# --- Duplicate scores and round points --------------------------------------------------


def test_holders_of_a_hand_are_compared_by_score() -> None:
    results = [dealt(0, (1, 2), (30, 10)), dealt(1, (3, 4), (20, 10)), dealt(2, (5, 6), (20, 40))]
    scores = duplicate_scores(results)
    assert scores[1] == 1.0  # best of the three seat-0 hands
    assert scores[3] == scores[5] == 0.25  # equal to each other, below 1
    assert scores[2] == scores[4] == 0.25 and scores[6] == 1.0


def test_alone_on_a_hand_is_a_half() -> None:
    results = [dealt(0, (1, 2), (3, 1)), dealt(1, (3, 4, 5), (0, 0, 9))]
    scores = duplicate_scores(results)
    assert [scores[entrant] for entrant in (1, 2, 3, 4, 5)] == [0.5] * 5


def test_round_points_mix_the_table_and_the_hand_half_and_half() -> None:
    results = [dealt(0, (1, 2), (30, 12)), dealt(1, (3, 4), (5, 10))]
    points = round_points(results)
    # 1 won its table and beat 3 on hand 0; 4 won its table but lost to 2 on hand 1
    assert points == {1: 1.0, 2: 0.5, 3: 0.0, 4: 0.5}


def test_duplicate_scores_compare_one_round_of_dealt_tables() -> None:
    other = TableResult(2, 0, (5, 6), (0, 1), (1, 0), "r2-s2")
    with pytest.raises(ValueError, match="one round"):
        duplicate_scores([dealt(0, (1, 2), (1, 0)), other])
    with pytest.raises(ValueError, match="no deal key"):
        duplicate_scores([TableResult(1, 0, (1, 2), (0, 1), (1, 0))])


def test_standings_count_duplicate_rounds_only_when_asked() -> None:
    results = [dealt(0, (1, 2), (30, 10)), dealt(1, (3, 4), (5, 10))]
    asked = {
        row.entrant: row.points for row in standings(results, [], [1, 2, 3, 4], duplicate=True)
    }
    plain = {row.entrant: row.points for row in standings(results, [], [1, 2, 3, 4])}
    assert asked == round_points(results)
    assert plain == {**table_points(results[0]), **table_points(results[1])}


@PROPERTY
@given(tournaments(max_entrants=30, max_rounds=2, duplicate=True))
def test_each_hands_scores_lie_in_range_and_add_up_to_half_its_holders(played: Played) -> None:
    for results in rounds_of(played).values():
        scores = duplicate_scores(results)
        hands: dict[tuple[str | None, int], list[float]] = defaultdict(list)
        for result in results:
            for seat, entrant in enumerate(result.seats):
                hands[(result.deal, seat)].append(scores[entrant])
        for held in hands.values():
            assert all(0.0 <= value <= 1.0 for value in held)
            assert math.isclose(sum(held), len(held) / 2) or len(held) == 1


@PROPERTY
@given(tournaments(max_entrants=30, max_rounds=3, duplicate=True))
def test_round_points_lie_in_range_and_add_up_to_half_the_seats(played: Played) -> None:
    for results in rounds_of(played).values():
        points = round_points(results)
        assert all(0.0 <= value <= 1.0 for value in points.values())
        assert math.isclose(sum(points.values()), sum(len(r.seats) for r in results) / 2)
    rows = standings(played.results, played.byes, played.entrants, duplicate=True)
    expected = sum(len(r.seats) for r in played.results) / 2 + len(played.byes) / 2
    assert math.isclose(sum(row.points for row in rows), expected)
    assert all(0.0 <= row.points <= row.games + row.byes for row in rows)
