"""Tournament standings: points by rank at tables of any size, byes, the tie-breaks and
shared places, disqualified and withdrawn entrants, and the arena's streak bonus; by
example and over random rounds (hypothesis)."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from web.tournaments.duplicate_rounds import deal_keys
from web.tournaments.records import TableResult
from web.tournaments.standings import Row, standings, table_points

PROPERTY = settings(max_examples=60, deadline=None)


@dataclass(frozen=True, slots=True)
class Played:
    """A tournament so far: its entrants, finished tables and byes (round, entrant)."""

    entrants: tuple[int, ...]
    results: tuple[TableResult, ...]
    byes: tuple[tuple[int, int], ...]


def ranks_from_scores(scores: list[int]) -> tuple[int, ...]:
    """Each seat's rank: how many seats scored more (equal scores tie)."""
    return tuple(sum(other > score for other in scores) for score in scores)


@st.composite
def one_round(
    draw: st.DrawFn, entrants: tuple[int, ...], round: int, duplicate: bool
) -> tuple[list[TableResult], list[tuple[int, int]]]:
    """Everyone shuffled into tables of 2 to 8, the one left over on a bye; in a
    duplicate round, tables of a size share that size's deal key."""
    order = draw(st.permutations(entrants))
    tables: list[tuple[int, ...]] = []
    while len(order) >= 2:
        size = draw(st.integers(2, min(8, len(order))))
        tables.append(tuple(order[:size]))
        order = order[size:]
    keys: list[str | None] = list(deal_keys(tables, round)) if duplicate else [None] * len(tables)
    results = []
    for number, (seats, key) in enumerate(zip(tables, keys, strict=True)):
        scores = draw(st.lists(st.integers(-6, 6), min_size=len(seats), max_size=len(seats)))
        ranks = ranks_from_scores(scores)
        results.append(TableResult(round, number, seats, ranks, tuple(scores), key))
    return results, [(round, entrant) for entrant in order]


@st.composite
def tournaments(
    draw: st.DrawFn, max_entrants: int = 20, max_rounds: int = 4, duplicate: bool = False
) -> Played:
    """A few rounds among a few entrants (ids need not start at 0)."""
    first = draw(st.integers(0, 1000))
    entrants = tuple(range(first, first + draw(st.integers(2, max_entrants))))
    results: list[TableResult] = []
    byes: list[tuple[int, int]] = []
    for round in range(1, draw(st.integers(1, max_rounds)) + 1):
        tables, left = draw(one_round(entrants, round, duplicate))
        results += tables
        byes += left
    return Played(entrants, tuple(results), tuple(byes))


def table(
    round: int,
    number: int,
    seats: tuple[int, ...],
    ranks: tuple[int, ...],
    scores: tuple[int, ...] = (),
) -> TableResult:
    """A finished table; scores are all 0 unless given."""
    return TableResult(round, number, seats, ranks, scores or tuple(0 for _ in seats))


def by_entrant(rows: list[Row]) -> dict[int, Row]:
    return {row.entrant: row for row in rows}


def key(row: Row) -> tuple[float, float, int, float]:
    return (row.points, row.opponents_average, row.firsts, row.score_share)


# --- Points at one table ----------------------------------------------------------------


def test_a_table_of_four_with_a_tie_in_the_middle() -> None:
    points = table_points(table(1, 0, (10, 11, 12, 13), (0, 1, 1, 3)))
    assert points == {10: 1.0, 11: 0.5, 12: 0.5, 13: 0.0}


def test_winning_a_table_of_three_or_of_five_is_worth_one() -> None:
    three = table_points(table(1, 0, (1, 2, 3), (2, 0, 1)))
    five = table_points(table(1, 1, (4, 5, 6, 7, 8), (4, 3, 2, 1, 0)))
    assert three[2] == five[8] == 1.0
    assert three[3] == five[6] == 0.5
    assert five[5] == 0.25


@PROPERTY
@given(st.lists(st.integers(0, 7), min_size=2, max_size=8))
def test_a_tables_points_are_in_range_and_add_up_to_half_its_size(raw: list[int]) -> None:
    size = len(raw)
    ranks = tuple(rank % size for rank in raw)
    points = table_points(table(1, 0, tuple(range(size)), ranks))
    assert all(0.0 <= value <= 1.0 for value in points.values())
    assert math.isclose(sum(points.values()), size / 2)


# --- Tie-breaks and places --------------------------------------------------------------


def test_opponents_average_breaks_equal_points() -> None:
    results = [
        table(1, 0, (1, 2), (0, 1)),
        table(1, 1, (3, 4), (0, 1)),
        table(2, 0, (1, 3), (0, 1)),  # 3 had won a game: 1 beat a stronger field
        table(2, 1, (2, 4), (1, 0)),
    ]
    rows = standings(results, [], [1, 2, 3, 4])
    assert [row.entrant for row in rows] == [1, 3, 4, 2]
    assert rows[1].points == rows[2].points == 1.0
    assert rows[1].opponents_average > rows[2].opponents_average


def test_firsts_break_equal_points_and_equal_schedules() -> None:
    results = [
        table(1, 0, (1, 2, 3), (0, 2, 1)),  # 1 first, 3 second
        table(2, 0, (1, 2, 3), (2, 0, 1)),  # 1 last, 3 second again
    ]
    rows = by_entrant(standings(results, [], [1, 2, 3]))
    assert rows[1].points == rows[3].points == 1.0
    assert rows[1].firsts == 1 and rows[3].firsts == 0
    assert rows[1].place < rows[3].place


def test_score_share_breaks_what_ranks_leave_equal() -> None:
    results = [
        table(1, 0, (1, 2), (0, 1), (30, 10)),
        table(1, 1, (3, 4), (0, 1), (11, 10)),
        table(2, 0, (1, 4), (1, 0), (10, 30)),
        table(2, 1, (3, 2), (1, 0), (10, 11)),
    ]
    rows = standings(results, [], [1, 2, 3, 4])
    assert all(row.points == 1.0 and row.firsts == 1 for row in rows)
    # 4 won by 20 and lost by 1; 2 lost by 20 and won by 1.
    assert [rows[0].entrant, rows[-1].entrant] == [4, 2]
    assert rows[0].score_share == pytest.approx((10 / 21 + 30 / 40) / 2)
    assert [row.place for row in rows] == [1, 2, 2, 4]  # 1 and 3 both had half


def test_a_full_tie_shares_its_place_and_the_next_place_skips() -> None:
    results = [table(1, 0, (1, 2, 3), (0, 0, 2), (5, 5, 0))]
    rows = standings(results, [], [3, 2, 1])
    assert [(row.place, row.entrant) for row in rows] == [(1, 1), (1, 2), (3, 3)]


def test_a_table_that_scored_nothing_gives_no_share() -> None:
    rows = standings([table(1, 0, (1, 2), (0, 1), (0, 0))], [], [1, 2])
    assert [row.score_share for row in rows] == [0.0, 0.0]


def test_a_table_scored_as_minus_the_tiles_left_gives_its_winner_the_largest_share() -> None:
    """Tables that keep no score record minus each seat's tiles left (the winner's 0)."""
    rows = by_entrant(standings([table(1, 0, (1, 2, 3), (0, 2, 1), (0, -5, -2))], [], [1, 2, 3]))
    assert [rows[entrant].score_share for entrant in (1, 2, 3)] == pytest.approx([5 / 8, 0, 3 / 8])


# --- Byes, withdrawals, disqualification, late entries ----------------------------------


def test_a_bye_is_worth_a_half_and_counts_no_game() -> None:
    rows = by_entrant(standings([table(1, 0, (1, 2), (0, 1))], [(1, 3)], [1, 2, 3]))
    assert rows[3].points == 0.5
    assert (rows[3].games, rows[3].byes, rows[3].opponents_average) == (0, 1, 0.0)


def test_the_disqualified_leave_the_list_but_their_games_stay() -> None:
    results = [table(1, 0, (1, 2, 3), (1, 0, 2)), table(2, 0, (1, 3), (0, 1))]
    rows = by_entrant(standings(results, [], [1, 2, 3], disqualified=[2]))
    assert set(rows) == {1, 3}
    assert rows[1].points == 0.5 + 1.0  # losing to 2 still cost 1 half a point
    assert rows[1].opponents_average == pytest.approx((1.0 + 0.0 + 0.0) / 3)


def test_the_withdrawn_keep_their_points_and_are_marked() -> None:
    results = [table(1, 0, (1, 2), (0, 1)), table(2, 0, (2, 3), (0, 1))]
    rows = standings(results, [], [1, 2, 3], withdrawn=[1])
    assert rows[0].entrant == 1 and rows[0].withdrawn and rows[0].points == 1.0
    assert not any(row.withdrawn for row in rows[1:])


def test_a_late_entry_stands_with_what_it_played() -> None:
    rows = by_entrant(standings([table(2, 0, (1, 9), (1, 0))], [], [1, 9]))
    assert (rows[9].points, rows[9].games) == (1.0, 1)


def test_an_entrant_not_entered_is_refused() -> None:
    with pytest.raises(ValueError, match="not entered"):
        standings([table(1, 0, (1, 2), (0, 1))], [], [1])
    with pytest.raises(ValueError, match="not entered"):
        standings([], [(1, 5)], [1])


# --- Arena --------------------------------------------------------------------------------


def test_the_arena_doubles_firsts_after_two_in_a_row_until_a_miss() -> None:
    pattern = "WWWWLWWW"  # bonus on the 3rd, 4th and 8th games
    results = [
        table(number, 0, (1, 2), (0, 1) if outcome == "W" else (1, 0))
        for number, outcome in enumerate(pattern, start=1)
    ]
    plain = by_entrant(standings(results, [], [1, 2]))
    arena = by_entrant(standings(results, [], [1, 2], arena=True))
    assert plain[1].points == 7.0
    assert arena[1].streak_bonus == 3.0 and arena[1].points == 10.0
    assert arena[2].streak_bonus == 0.0
    assert arena[1].opponents_average == plain[1].opponents_average


def test_the_arena_reads_games_in_their_order_not_the_lists() -> None:
    results = [
        table(3, 0, (1, 2), (0, 1)),
        table(1, 0, (1, 2), (0, 1)),
        table(2, 0, (1, 2), (1, 0)),
    ]
    assert by_entrant(standings(results, [], [1, 2], arena=True))[1].streak_bonus == 0.0


# --- Properties over random tournaments -------------------------------------------------


@PROPERTY
@given(tournaments())
def test_points_per_game_lie_between_zero_and_one(played: Played) -> None:
    for row in standings(played.results, played.byes, played.entrants):
        assert 0.0 <= row.points <= row.games + row.byes
        assert 0.0 <= row.opponents_average <= 1.0
        assert 0.0 <= row.score_share <= 1.0


@PROPERTY
@given(tournaments())
def test_all_points_add_up_to_the_tables_halves_and_the_byes(played: Played) -> None:
    rows = standings(played.results, played.byes, played.entrants)
    expected = sum(len(r.seats) for r in played.results) / 2 + len(played.byes) / 2
    assert math.isclose(sum(row.points for row in rows), expected)


@PROPERTY
@given(tournaments())
def test_places_follow_the_order_and_tie_only_on_equal_values(played: Played) -> None:
    rows = standings(played.results, played.byes, played.entrants)
    assert sorted(row.entrant for row in rows) == list(played.entrants)
    assert rows[0].place == 1
    for index, (above, below) in enumerate(itertools.pairwise(rows), start=1):
        assert key(above) >= key(below)
        if key(above) == key(below):
            assert below.place == above.place and above.entrant < below.entrant
        else:
            assert below.place == index + 1


@PROPERTY
@given(tournaments(), st.data())
def test_the_disqualified_never_appear(played: Played, data: st.DataObject) -> None:
    out = data.draw(st.sets(st.sampled_from(played.entrants)))
    rows = standings(played.results, played.byes, played.entrants, disqualified=out)
    assert {row.entrant for row in rows} == set(played.entrants) - out


@PROPERTY
@given(tournaments(), st.data())
def test_a_bye_adds_exactly_a_half(played: Played, data: st.DataObject) -> None:
    lucky = data.draw(st.sampled_from(played.entrants))
    before = by_entrant(standings(played.results, played.byes, played.entrants))
    extra = (*played.byes, (99, lucky))
    after = by_entrant(standings(played.results, extra, played.entrants))
    assert math.isclose(after[lucky].points, before[lucky].points + 0.5, rel_tol=1e-12)
    assert after[lucky].byes == before[lucky].byes + 1
    assert all(after[e].points == before[e].points for e in played.entrants if e != lucky)


@PROPERTY
@given(tournaments(), st.integers(0, 2**32), st.booleans())
def test_the_order_of_the_results_changes_nothing(played: Played, seed: int, arena: bool) -> None:
    shuffled = list(played.results)
    random.Random(seed).shuffle(shuffled)
    once = standings(played.results, played.byes, played.entrants, arena=arena)
    again = standings(shuffled, reversed(played.byes), played.entrants, arena=arena)
    assert once == again


@PROPERTY
@given(tournaments(max_rounds=8))
def test_the_arena_only_adds_a_bonus_on_top(played: Played) -> None:
    plain = by_entrant(standings(played.results, played.byes, played.entrants))
    arena = by_entrant(standings(played.results, played.byes, played.entrants, arena=True))
    for entrant, row in arena.items():
        assert row.streak_bonus >= 0.0
        assert math.isclose(row.points, plain[entrant].points + row.streak_bonus)
        assert row.streak_bonus <= max(0, row.firsts - 2)
