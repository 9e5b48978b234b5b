"""A season's divisions, pure (web.tournaments.divisions): newcomers start at the
bottom, a division ranks by points then best arena then seniority, and the end moves
each active member at most one division, the best of each division up and the last
down, never both, dropping those who played nothing and leaving no division empty."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from web.tournaments.divisions import (
    DOWN,
    OUT,
    STAY,
    UP,
    SeasonScore,
    division_for_newcomer,
    moves,
    next_divisions,
    ranked,
)


def test_a_newcomer_fills_the_lowest_division_then_opens_one_below() -> None:
    assert division_for_newcomer({}, 4) == 1
    assert division_for_newcomer({1: 4, 2: 3}, 4) == 2
    assert division_for_newcomer({1: 4, 2: 4}, 4) == 3


def test_a_division_ranks_by_points_then_best_arena_then_the_earlier_member() -> None:
    scores = [
        SeasonScore(1, (2.0, 2.0)),
        SeasonScore(2, (4.0,)),
        SeasonScore(3, ()),
        SeasonScore(4, (3.0, 1.0)),
        SeasonScore(5, (3.0, 1.0)),
    ]
    joined = {1: 4, 2: 3, 3: 0, 4: 2, 5: 1}
    assert [score.member for score in ranked(scores, joined)] == [2, 5, 4, 1, 3]


def test_the_best_go_up_the_last_go_down_and_the_idle_are_out() -> None:
    divisions = {
        1: [SeasonScore(1, (5.0,)), SeasonScore(2, (3.0,)), SeasonScore(3, (1.0,))],
        2: [SeasonScore(4, (6.0,)), SeasonScore(5, (2.0,)), SeasonScore(6, ())],
    }
    decided = moves(divisions, 1)
    assert decided == {1: STAY, 2: STAY, 3: DOWN, 4: UP, 5: STAY, 6: OUT}
    assert next_divisions(divisions, decided) == {1: 1, 2: 1, 3: 2, 4: 1, 5: 2}


@st.composite
def seasons(draw: st.DrawFn) -> tuple[dict[int, list[SeasonScore]], int]:
    count = draw(st.integers(1, 5))
    member = 0
    divisions: dict[int, list[SeasonScore]] = {}
    for division in range(1, count + 1):
        scores = []
        for _ in range(draw(st.integers(0 if division == count else 1, 9))):
            member += 1
            legs = draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0]), max_size=3))
            scores.append(SeasonScore(member, tuple(legs)))
        divisions[division] = scores
    return divisions, draw(st.integers(0, 5))


@given(seasons())
def test_the_end_moves_each_active_member_at_most_one_division(
    season: tuple[dict[int, list[SeasonScore]], int],
) -> None:
    divisions, movers = season
    decided = moves(divisions, movers)
    every = {score.member: division for division, scores in divisions.items() for score in scores}
    assert set(decided) == set(every)
    for division, scores in divisions.items():
        active = [score.member for score in scores if score.legs]
        ups = [member for member in active if decided[member] == UP]
        downs = [member for member in active if decided[member] == DOWN]
        assert ups == active[: len(ups)] and downs == active[len(active) - len(downs) :]
        assert len(ups) + len(downs) <= len(active)
        assert len(ups) <= movers and len(downs) <= movers
        if division == 1:
            assert not ups
        if division == max(divisions):
            assert not downs
        assert all(decided[score.member] == OUT for score in scores if not score.legs)
    carried = next_divisions(divisions, decided)
    assert set(carried) == {member for member in every if decided[member] != OUT}
    if carried:
        assert sorted(set(carried.values())) == list(range(1, max(carried.values()) + 1))
    for member, division in carried.items():
        others = [other for other in carried if every[other] == every[member]]
        # the order inside a division survives: a member placed above another of their
        # own division never lands in a lower division than them
        for other in others:
            above = [score.member for score in divisions[every[member]]].index(member) < [
                score.member for score in divisions[every[member]]
            ].index(other)
            if above:
                assert division <= carried[other]
