"""The tournaments' pages as the server writes them: the list's tabs and lines (start
times in the reader's zone), the create form only for whoever may create one, a
tournament's settings, entering, the reader's table, the organiser's acts, standings
and rounds (the secret only once a round ends), and "My games" naming the tournament."""

from __future__ import annotations

import itertools
import re
import time
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from web.db import Database, utcnow
from web.models import Game, Tournament, TournamentRound, TournamentTable
from web.tournaments import create_games, record_result

BASE_URL = "http://127.0.0.1:8000"
NUMBERS = itertools.count(1)


pytestmark = pytest.mark.usefixtures("quick_hasher")


def ok(response: httpx.Response, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json() if "json" in response.headers["content-type"] else response.text


def member(client: TestClient, zone: str = "UTC") -> tuple[TestClient, int]:
    """A member with a password and a time zone, in a browser of their own."""
    their = TestClient(client.app, base_url=BASE_URL, headers={"Accept-Language": "en"})
    me = ok(their.put("/api/me/name", json={"name": f"Pager{next(NUMBERS)}"}))
    ok(their.put("/api/me/password", json={"password": "correct horse battery"}))
    ok(their.patch("/api/me/preferences", json={"time_zone": zone}))
    return their, int(me["id"])


def created(organiser: TestClient, **choices: Any) -> str:
    body = {"name": "Winter cup", "kind": "chromino", "smallest": 2, "largest": 2, **choices}
    made = ok(organiser.post("/api/tournaments", json=body), 201)
    return str(made["id"])


def text(html: str) -> str:
    """The page's words, tags dropped and spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_list_shows_each_tab_with_start_times_in_my_zone(
    site: tuple[TestClient, Database],
) -> None:
    client, _ = site
    organiser, _ = member(client)
    starts = "2027-01-10T18:30:00+00:00"
    created(organiser, name="Tokyo night", starts_at=starts, rounds=3)
    reader, _ = member(client, zone="Asia/Tokyo")
    page = text(ok(reader.get("/tournaments")))
    assert "Tokyo night" in page
    assert "Start: Jan 11, 2027, 3:30 AM" in page  # 18:30 UTC is 03:30 the next day in Tokyo
    assert "Swiss" in page and "Tables of 2" in page and "0 entrants" in page
    assert "Being played" in page and "Finished" in page
    running = text(ok(reader.get("/tournaments?tab=running")))
    assert "Tokyo night" not in running
    assert "No tournament is being played just now." in running


def test_the_create_form_follows_the_servers_setting(site: tuple[TestClient, Database]) -> None:
    client, _ = site
    visitor = TestClient(client.app, base_url=BASE_URL)
    ok(visitor.post("/api/me"))
    assert 'id="tournament-form"' not in ok(visitor.get("/tournaments"))
    someone, _ = member(client)
    assert 'id="tournament-form"' in ok(someone.get("/tournaments"))


def test_a_tournament_page_offers_entry_and_names_its_settings(
    site: tuple[TestClient, Database],
) -> None:
    client, _ = site
    organiser, _ = member(client)
    public_id = created(organiser, rounds=2, move_seconds=30)
    reader, _ = member(client)
    page = ok(reader.get(f"/tournaments/{public_id}"))
    assert 'data-testid="enter"' in page and 'data-testid="withdraw"' not in page
    words = text(page)
    assert "Swiss, 2 rounds" in words and "Live, 30 seconds a move" in words
    assert "Nobody has entered yet." in words
    assert 'data-testid="organiser-tools"' not in page
    ok(reader.post(f"/api/tournaments/{public_id}/entries"), 201)
    entered = ok(reader.get(f"/tournaments/{public_id}"))
    assert 'data-testid="withdraw"' in entered and "You are entered." in text(entered)


def test_an_unknown_tournament_is_a_page_that_says_so(site: tuple[TestClient, Database]) -> None:
    client, _ = site
    reader, _ = member(client)
    response = reader.get("/tournaments/nothing-here")
    assert response.status_code == 404
    assert "No such tournament" in response.text


def _finish(db: Database, public_id: str, number: int) -> None:
    """Every table of the round ends, seat order finishing order."""
    with db.session() as session:
        tables = session.scalars(
            select(TournamentTable)
            .join(TournamentRound, TournamentRound.id == TournamentTable.round_id)
            .join(Tournament, Tournament.id == TournamentRound.tournament_id)
            .where(Tournament.public_id == public_id, TournamentRound.number == number)
        ).all()
        for table in tables:
            size = len(table.seats)
            scores = [10 * (size - seat) for seat in range(size)]
            record_result(
                session,
                public_id,
                number,
                table.number,
                ranks=list(range(size)),
                scores=scores,
                now=utcnow(),
            )


def test_a_round_shows_my_table_then_standings_and_its_secret(
    site: tuple[TestClient, Database],
) -> None:
    client, db = site
    organiser, _ = member(client)
    public_id = created(organiser, rounds=1)
    players = [member(client) for _ in range(4)]
    for their, _ in players:
        ok(their.post(f"/api/tournaments/{public_id}/entries"), 201)
    before = ok(organiser.get(f"/tournaments/{public_id}"))
    assert 'data-testid="start-round"' in before and "Start round 1" in before
    assert 'data-testid="tournament-pause"' not in before  # nothing to pause yet
    ok(organiser.post(f"/api/tournaments/{public_id}/start"))
    with db.session() as session:
        create_games(session, public_id, 1, utcnow())  # unless starting dealt them already
    tables = ok(organiser.get(f"/api/tournaments/{public_id}"))["rounds"][0]["tables"]
    games = {table["number"]: table["game_id"] for table in tables}
    running = ok(organiser.get(f"/tournaments/{public_id}"))
    assert 'data-testid="tournament-pause"' in running  # the server has the route
    assert 'data-testid="tournament-end"' in running
    assert 'data-testid="tournament-resume"' not in running  # not while it runs
    assert "Round 1 is being played" in running
    first, _ = players[0]
    playing = ok(first.get(f"/tournaments/{public_id}"))
    assert "your table is ready" in playing
    assert any(f'href="/g/{game}"' in playing for game in games.values())
    assert 'data-testid="secret"' not in playing
    my_games = ok(first.get("/api/me/games"))
    assert [line["tournament"] for line in my_games] == [
        {"id": public_id, "name": "Winter cup", "round": 1}
    ]
    _finish(db, public_id, 1)
    done = ok(first.get(f"/tournaments/{public_id}"))
    assert "Final standings" in done and 'data-testid="secret"' in done
    places = re.findall(r'data-testid="standing-place">(\d+)<', done)
    assert places == ["1", "1", "3", "3"]  # two tables of two: both winners share first


def test_the_organiser_fills_the_field_with_a_bot_that_plays_its_seat(
    site: tuple[TestClient, Database],
) -> None:
    client, db = site
    organiser, _ = member(client)
    public_id = created(organiser, rounds=1)
    ana, _ = member(client)
    ok(ana.post(f"/api/tournaments/{public_id}/entries"), 201)
    refused = ana.post(f"/api/tournaments/{public_id}/entries/bot")
    assert refused.status_code == 403 and refused.json()["detail"]["code"] == "not_organiser"
    assert 'data-testid="add-bot"' in ok(organiser.get(f"/tournaments/{public_id}"))
    bot = ok(organiser.post(f"/api/tournaments/{public_id}/entries/bot"), 201)
    assert bot["entry"] == 2
    detail = ok(organiser.get(f"/api/tournaments/{public_id}"))
    assert detail["entrants"][1]["bot"] == "strong"
    assert "Hard bot 2" in text(ok(ana.get(f"/tournaments/{public_id}")))
    ok(organiser.post(f"/api/tournaments/{public_id}/start"))
    with db.session() as session:
        create_games(session, public_id, 1, utcnow())
    game_id = ok(organiser.get(f"/api/tournaments/{public_id}"))["rounds"][0]["tables"][0][
        "game_id"
    ]
    with db.session() as session:
        game = session.get(Game, game_id)
        assert game is not None
        assert sorted(seat["bot"] or "person" for seat in game.seats) == ["person", "strong"]


def test_a_table_of_bots_the_organiser_starts_plays_with_nobody_watching(
    site: tuple[TestClient, Database],
) -> None:
    """The organiser's start opens the games it deals, as the timer's start does: a
    table nobody opens (here two bots) still plays on."""
    client, db = site
    organiser, _ = member(client)
    public_id = created(organiser, rounds=1, options={"hand_size": 2})
    for _ in range(2):
        ok(organiser.post(f"/api/tournaments/{public_id}/entries/bot"), 201)
    ok(organiser.post(f"/api/tournaments/{public_id}/start"))
    game_id = ok(organiser.get(f"/api/tournaments/{public_id}"))["rounds"][0]["tables"][0][
        "game_id"
    ]
    deadline = time.monotonic() + 60
    while _version(db, game_id) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)  # the bots think in the server's own loop and workers
    assert _version(db, game_id) >= 2  # each bot has moved


def _version(db: Database, game_id: str) -> int:
    with db.session() as session:
        game = session.get(Game, game_id)
        assert game is not None
        return game.version
