"""A profile's trophies (web.tournaments.trophies): the podiums of finished public
tournaments, first to third, as the tournament's own standings place them; nothing for
a tournament still played, by link or for members, nor for a disqualified entrant;
shown on the profile's page and in its JSON; and the seasons played to their end, with
the division, place and move."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from support.seasons import START, arenas, due, enter, play_out, season_of, status
from support.tournaments import NOW, tournament_with

from web.clock import FakeClock
from web.db import Database
from web.models import Tournament, User
from web.tournaments import (
    disqualify,
    podiums_of,
    record_result,
    season_results_of,
    start_round,
)


def one_table_played(db: Database, **choices: Any) -> tuple[str, list[int]]:
    """A one-round tournament of four at one table, started, its table not yet ended:
    its id and its people's ids in entry order."""
    public_id, users = tournament_with(db, 4, smallest=4, largest=4, rounds=1, **choices)
    with db.session() as session:
        start_round(session, public_id, NOW)
    return public_id, users


def end_in_entry_order(db: Database, public_id: str) -> None:
    """The table ends with entry 1 first, entry 2 second and so on."""
    with db.session() as session:
        seats = start_round(session, public_id, NOW).tables[0]
        ranks = [entry - 1 for entry in seats]
        record_result(session, public_id, 1, 1, ranks=ranks, scores=[-r for r in ranks], now=NOW)


def places(db: Database, user_id: int) -> list[tuple[str, int, int]]:
    with db.session() as session:
        return [(p.tournament_id, p.place, p.entrants) for p in podiums_of(session, user_id)]


def test_the_first_three_of_a_finished_public_tournament_get_a_trophy(db: Database) -> None:
    public_id, users = one_table_played(db)
    assert places(db, users[0]) == []  # still played
    end_in_entry_order(db, public_id)
    assert [places(db, user) for user in users] == [
        [(public_id, 1, 4)],
        [(public_id, 2, 4)],
        [(public_id, 3, 4)],
        [],
    ]


def test_a_private_tournament_and_a_removed_entrant_get_none(db: Database) -> None:
    hidden, hidden_users = one_table_played(db, visibility="link")
    end_in_entry_order(db, hidden)
    assert places(db, hidden_users[0]) == []
    public_id, users = one_table_played(db)
    with db.session() as session:
        query = select(Tournament).where(Tournament.public_id == public_id)
        organiser = session.get_one(User, session.scalars(query).one().organiser_id)
        removed = session.get_one(User, users[0])
        disqualify(session, public_id, organiser, removed, reason="Asked to leave", now=NOW)
    end_in_entry_order(db, public_id)
    assert places(db, users[0]) == []
    assert places(db, users[1])[0][1] == 1  # the next one up takes the first place


def test_the_profile_shows_its_trophies(client: TestClient, db: Database) -> None:
    public_id, users = one_table_played(db, name="Spring open")
    end_in_entry_order(db, public_id)
    profile = client.get(f"/api/players/{users[0]}/profile")
    assert profile.status_code == 200, profile.text
    [trophy] = profile.json()["trophies"]
    assert (trophy["tournament_id"], trophy["name"], trophy["place"]) == (
        public_id,
        "Spring open",
        1,
    )
    page = client.get(f"/players/{users[0]}")
    assert 'data-testid="trophy" data-place="1"' in page.text
    assert f'href="/tournaments/{public_id}"' in page.text
    assert "trophies" not in client.get(f"/players/{users[3]}").text  # the fourth has none


def season_played_out(db: Database) -> tuple[str, list[int]]:
    """A one-arena season of four in one division, its arena played in entry order by
    the first three (the fourth plays nothing), and the season ended."""
    clock = FakeClock(NOW)
    public_id, users = season_of(db, 4, legs=1, movers=1, largest=3)
    due(db, clock)
    arena = arenas(db, public_id)[1, 1]
    entries = enter(db, arena, users[:3])
    clock.set(START)
    play_out(db, arena, clock, [entries[user] for user in users[:3]])
    due(db, clock)
    assert status(db, public_id) == "finished"
    return public_id, users


def test_a_season_played_to_its_end_is_on_the_profile(client: TestClient, db: Database) -> None:
    public_id, users = season_played_out(db)
    with db.session() as session:
        results = [season_results_of(session, user) for user in users]
    assert [
        [(r.season_id, r.division, r.members, r.move) for r in mine] for mine in results[:3]
    ] == [[(public_id, 1, 4, "stay")]] * 3
    assert results[3] == []  # played nothing: out, with nothing to show
    first = results[0][0].place
    assert first == 1
    profile = client.get(f"/api/players/{users[0]}/profile")
    assert profile.status_code == 200, profile.text
    [season] = profile.json()["seasons"]
    assert (season["season_id"], season["number"], season["place"]) == (public_id, 1, 1)
    page = client.get(f"/players/{users[0]}")
    assert 'data-testid="season-result" data-move="stay"' in page.text
    assert f'href="/seasons/{public_id}"' in page.text
