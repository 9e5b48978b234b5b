"""Seasons over HTTP: the API (create, list, read, join, leave, and its refusals), the
season's page (its schedule with each division's arena in the reader's zone, each
division's standings with the moves were it to end now, joining and leaving), the
seasons on the tournaments' list with the form to create one, the not-found page for
an unknown id, and a season's arena naming its season."""

from __future__ import annotations

import itertools
import re
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from web.db import Database, utcnow
from web.tournaments.season_pages import next_arena_start
from web.tournaments.season_runs import run_seasons

BASE_URL = "http://127.0.0.1:8000"
NUMBERS = itertools.count(1)
STARTS = "2030-01-10T18:30:00+00:00"

pytestmark = pytest.mark.usefixtures("quick_hasher")


def ok(response: httpx.Response, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json() if "json" in response.headers["content-type"] else response.text


def member(client: TestClient, zone: str = "UTC") -> tuple[TestClient, int]:
    """A member with a password and a time zone, in a browser of their own."""
    their = TestClient(client.app, base_url=BASE_URL, headers={"Accept-Language": "en"})
    me = ok(their.put("/api/me/name", json={"name": f"Seasoned{next(NUMBERS)}"}))
    ok(their.put("/api/me/password", json={"password": "correct horse battery"}))
    ok(their.patch("/api/me/preferences", json={"time_zone": zone}))
    return their, int(me["id"])


def created(organiser: TestClient, **choices: Any) -> dict[str, Any]:
    body = {"name": "Winter league", "kind": "chromino", "starts_at": STARTS, **choices}
    made: dict[str, Any] = ok(organiser.post("/api/seasons", json=body), 201)
    return made


def text(html: str) -> str:
    """The page's words, tags dropped and spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_api_creates_lists_reads_joins_and_leaves(site: tuple[TestClient, Database]) -> None:
    client, _ = site
    organiser, organiser_id = member(client)
    made = created(organiser, legs=3, every_days=2, division_size=4, movers=1)
    assert (made["number"], made["legs"], made["status"]) == (1, 3, "open")
    assert made["organiser"]["id"] == organiser_id and made["my_division"] is None
    listed = ok(client.get("/api/seasons"))["seasons"]
    assert [(s["id"], s["members"]) for s in listed] == [(made["id"], 0)]
    reader, _ = member(client)
    joined = ok(reader.post(f"/api/seasons/{made['id']}/members"), 201)
    assert joined == {"season": made["id"], "division": 1}
    again = reader.post(f"/api/seasons/{made['id']}/members")
    assert again.status_code == 409 and again.json()["detail"]["code"] == "join_refused"
    detail = ok(reader.get(f"/api/seasons/{made['id']}"))
    assert detail["my_division"] == 1 and len(detail["schedule"]) == 3
    assert [row["person"]["name"] for row in detail["divisions"][0]["members"]] != []
    assert reader.delete(f"/api/seasons/{made['id']}/members").status_code == 204
    gone = reader.delete(f"/api/seasons/{made['id']}/members")
    assert gone.status_code == 409 and gone.json()["detail"]["code"] == "leave_refused"
    unknown = reader.get("/api/seasons/nothing-here")
    assert unknown.status_code == 404 and unknown.json()["detail"]["code"] == "no_season"


def test_the_api_refuses_a_season_at_the_field_at_fault(site: tuple[TestClient, Database]) -> None:
    client, _ = site
    organiser, _ = member(client)
    body = {"name": "Past", "kind": "chromino", "starts_at": "2001-01-01T00:00:00+00:00"}
    refused = organiser.post("/api/seasons", json=body)
    assert refused.status_code == 422
    assert refused.json()["detail"]["field"] == "starts_at"
    visitor = TestClient(client.app, base_url=BASE_URL)
    ok(visitor.post("/api/me"))
    assert visitor.post("/api/seasons", json={**body, "starts_at": STARTS}).status_code == 403


def test_the_season_page_shows_its_schedule_and_divisions(
    site: tuple[TestClient, Database],
) -> None:
    client, database = site
    organiser, _ = member(client)
    season = created(organiser, legs=2, every_days=7, division_size=4, movers=1)
    reader, _ = member(client, zone="Asia/Tokyo")
    page = ok(reader.get(f"/seasons/{season['id']}"))
    assert 'data-act="join"' in page and 'data-act="leave"' not in page
    words = text(page)
    assert "Winter league Season 1" in words and "Nobody has joined yet." in words
    assert "Arena 1 of 2 Jan 11, 2030, 3:30 AM" in words  # 18:30 UTC is 03:30 in Tokyo
    assert "Arena 2 of 2 Jan 18, 2030, 3:30 AM" in words
    assert "2 arenas, one every 7 days, each open for 60 minutes" in words
    ok(reader.post(f"/api/seasons/{season['id']}/members"), 201)
    ok(organiser.post(f"/api/seasons/{season['id']}/members"), 201)
    with database.session() as session:
        run_seasons(session, utcnow())  # the first arena opens at once
    joined = ok(reader.get(f"/seasons/{season['id']}"))
    assert 'data-act="leave"' in joined and 'data-act="join"' not in joined
    words = text(joined)
    assert "You play in division 1." in words
    assert "The moves are what would happen if the season ended now." in words
    assert words.count("(yours)") == 2  # the division's arena and its standings
    assert re.search(r'href="/tournaments/[^"]+">Division 1</a>', joined)
    assert "Open for entries" in words and "0 entrants" in words
    assert words.count(" out ") >= 2  # nobody has played: each would be out


def test_an_unknown_season_is_a_page_that_says_so(site: tuple[TestClient, Database]) -> None:
    client, _ = site
    reader, _ = member(client)
    response = reader.get("/seasons/nothing-here")
    assert response.status_code == 404
    assert "No such season" in response.text


def test_a_season_arena_names_its_season_and_the_list_shows_seasons(
    site: tuple[TestClient, Database],
) -> None:
    client, database = site
    organiser, _ = member(client)
    season = created(organiser, name="Spring league", legs=3)
    ok(organiser.post(f"/api/seasons/{season['id']}/members"), 201)
    with database.session() as session:
        run_seasons(session, utcnow())
    detail = ok(organiser.get(f"/api/seasons/{season['id']}"))
    arena = detail["schedule"][0]["arenas"][0]["id"]
    page = ok(organiser.get(f"/tournaments/{arena}"))
    assert f'href="/seasons/{season["id"]}"' in page
    assert 'data-testid="enter"' in page  # a member of its division
    stranger, _ = member(client)
    closed = ok(stranger.get(f"/tournaments/{arena}"))
    assert 'data-testid="enter"' not in closed
    assert "Only the members of division 1 of the season may enter." in text(closed)
    assert "Division 1 of Spring league, season 1 — arena 1 of 3" in text(page)
    listed = ok(organiser.get("/tournaments"))
    assert f'href="/seasons/{season["id"]}"' in listed and 'id="season-form"' in listed
    words = text(listed)
    assert "Spring league · Season 1" in words and "1 member" in words
    assert "Next arena: Jan 10, 2030, 6:30 PM" in words
    arena_line = listed.split(f'data-id="{arena}"', 1)[1].split("</li>", 1)[0]
    assert "Division 1 of Spring league, season 1 — arena 1 of 3" in text(arena_line)
    assert ok(organiser.get("/api/tournaments"))["tournaments"][0]["season"]["division"] == 1
    visitor = TestClient(client.app, base_url=BASE_URL)
    ok(visitor.post("/api/me"))
    assert 'id="season-form"' not in ok(visitor.get("/tournaments"))


def test_the_next_arena_is_the_first_not_yet_started() -> None:
    first = datetime(2030, 1, 10, 18, 30, tzinfo=UTC)
    assert next_arena_start(first, 3, 7, datetime(2030, 1, 1, tzinfo=UTC)) == first
    later = next_arena_start(first, 3, 7, datetime(2030, 1, 11, tzinfo=UTC))
    assert later == datetime(2030, 1, 17, 18, 30, tzinfo=UTC)
    assert next_arena_start(first, 3, 7, datetime(2030, 2, 1, tzinfo=UTC)) is None
