"""Seasons as stored (web.tournaments.seasons, season_runs), on a fake clock: members
fill divisions from the top, each arena opens one ahead for its division's members
alone (who hear of it), its points add up to the division's standings, and after the
last arena the season keeps each member's place and move and the next season begins
once, with the best of each division one up and the last one down."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select
from support.seasons import START, arenas, due, enter, play_out, season_of, status
from support.tournaments import NOW, person

from web.clock import FakeClock
from web.db import Database
from web.models import Notice, Season, SeasonMember, User
from web.notify.words import notice_text
from web.tournaments import TournamentError, register
from web.tournaments.season_runs import run_seasons
from web.tournaments.seasons import join_season


def test_a_season_runs_its_arenas_and_moves_its_members_into_the_next(db: Database) -> None:
    clock = FakeClock(NOW)
    public_id, users = season_of(db, 7)
    top, bottom = users[:4], users[4:]
    due(db, clock)
    made = arenas(db, public_id)
    assert set(made) == {(1, 1), (1, 2)}  # the second arena opens when the first starts
    with db.session() as session:
        told = session.scalars(select(Notice.user_id).where(Notice.kind == "tournament_open"))
        assert sorted(told) == sorted(users)
        with pytest.raises(TournamentError) as refused:
            register(session, made[1, 1], session.get_one(User, bottom[0]), NOW)
        assert refused.value.field == "division"

    entries = enter(db, made[1, 1], top)
    lower = enter(db, made[1, 2], bottom[:2])  # the last member of division 2 plays nothing
    clock.set(START)
    play_out(db, made[1, 1], clock, [entries[user] for user in top])
    clock.set(START)
    play_out(db, made[1, 2], clock, [lower[user] for user in bottom[:2]])
    assert set(arenas(db, public_id)) == {(1, 1), (1, 2), (2, 1), (2, 2)}

    clock.set(START + timedelta(days=7))
    due(db, clock)  # nobody entered the second arenas: they seat nobody
    assert status(db, public_id) == "open"
    clock.advance(61 * 60)
    due(db, clock)
    due(db, clock)  # the end, and a second sweep that must change nothing
    assert status(db, public_id) == "finished"

    with db.session() as session:
        season = session.scalars(select(Season).where(Season.public_id == public_id)).one()
        kept = {
            member.user_id: (member.division, member.place, member.move)
            for member in session.scalars(
                select(SeasonMember).where(SeasonMember.season_id == season.id)
            )
        }
        following = session.scalars(select(Season).where(Season.follows_id == season.id)).all()
        assert len(following) == 1
        [follower] = following
        assert follower.number == 2 and follower.status == "open"
        assert follower.starts_at.replace(tzinfo=None) == (START + timedelta(days=14)).replace(
            tzinfo=None
        )
        carried = dict(
            session.execute(
                select(SeasonMember.user_id, SeasonMember.division).where(
                    SeasonMember.season_id == follower.id
                )
            ).all()
        )
    with db.session() as session:
        over = {
            notice.user_id: notice.details
            for notice in session.scalars(select(Notice).where(Notice.kind == "season_over"))
        }
    assert set(over) == {*top, *bottom[:2]}  # the idle member hears nothing
    assert (over[bottom[0]]["division"], over[bottom[0]]["place"], over[bottom[0]]["won"]) == (
        2,
        1,
        True,
    )
    assert notice_text("season_over", over[top[3]], "en", "UTC") == (
        "Season 1 of Winter league is over: you placed 4 of 4 in division 1"
    )
    assert kept[top[3]] == (1, 4, "down")  # lost every game
    assert kept[top[0]][1:] == (1, "stay")
    assert kept[bottom[0]] == (2, 1, "up")
    assert kept[bottom[1]] == (2, 2, "stay")
    assert kept[bottom[2]] == (2, 3, "out")  # played nothing
    assert carried == {
        top[0]: 1,
        top[1]: 1,
        top[2]: 1,
        bottom[0]: 1,
        top[3]: 2,
        bottom[1]: 2,
    }


def test_a_late_member_in_a_new_division_gets_an_arena_while_its_window_is_open(
    db: Database,
) -> None:
    clock = FakeClock(NOW)
    public_id, _ = season_of(db, 4)
    due(db, clock)
    assert set(arenas(db, public_id)) == {(1, 1)}
    with db.session() as session:
        late = person(session, "late")
        member = join_season(session, public_id, late, NOW)
        session.commit()
        assert member.division == 2
    clock.set(START + timedelta(minutes=30))
    due(db, clock)
    assert set(arenas(db, public_id)) == {(1, 1), (1, 2), (2, 1), (2, 2)}
    with db.session() as session:
        run_seasons(session, clock.now())  # again: each arena is made once
    assert len(arenas(db, public_id)) == 4


def test_a_season_without_repeat_ends_with_no_follower(db: Database) -> None:
    clock = FakeClock(NOW)
    public_id, _ = season_of(db, 2, legs=1, repeat=False)
    due(db, clock)
    clock.set(START + timedelta(minutes=61))
    due(db, clock)
    due(db, clock)
    assert status(db, public_id) == "finished"
    with db.session() as session:
        assert session.scalars(select(Season).where(Season.follows_id.is_not(None))).all() == []


@pytest.mark.parametrize(
    ("choice", "field"),
    [
        ({"movers": 3}, "movers"),
        ({"legs": 0}, "legs"),
        ({"window_minutes": 8 * 24 * 60}, "window_minutes"),
        ({"division_size": 3, "movers": 1}, "division_size"),
        ({"starts_at": NOW - timedelta(minutes=1)}, "starts_at"),
        ({"kind": "chess"}, "kind"),
    ],
)
def test_a_refused_season_names_its_choice_and_stores_nothing(
    db: Database, choice: dict[str, Any], field: str
) -> None:
    with pytest.raises(TournamentError) as refused:
        season_of(db, 0, **choice)
    assert refused.value.field == field
    with db.session() as session:
        assert session.scalars(select(Season)).all() == []


def test_a_season_nobody_played_ends_without_a_follower(db: Database) -> None:
    """Nobody would be carried on, so no empty season follows it (nor one after that)."""
    clock = FakeClock(NOW)
    public_id, _ = season_of(db, 3, legs=1)
    due(db, clock)
    clock.set(START + timedelta(days=30))
    due(db, clock)
    due(db, clock)
    assert status(db, public_id) == "finished"
    with db.session() as session:
        assert session.scalars(select(Season).where(Season.status == "open")).all() == []
