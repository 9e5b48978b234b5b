"""The seasons' API through the app: a member creates a season, people join into
divisions from the top, read it whole (standings, schedule, their own division) and
leave; every refusal names its field, changes nothing and shows no trace; a guest may
not create one under the server's default setting."""

from __future__ import annotations

import itertools
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from web.db import Database
from web.models import AuditEntry, Season, SeasonMember

BASE_URL = "http://127.0.0.1:8000"
NUMBERS = itertools.count(1)
LATER = "2030-01-10T18:30:00Z"


pytestmark = pytest.mark.usefixtures("quick_hasher")


def expect(response: httpx.Response, status: int) -> Any:
    assert response.status_code == status, response.text
    assert "Traceback" not in response.text
    return response.json() if response.content else None


def refused(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    detail: dict[str, Any] = expect(response, status)["detail"]
    assert detail["code"] == code, detail
    assert detail["message"]
    return detail


def member(client: TestClient) -> TestClient:
    """A person with a password, in a browser of their own."""
    their = TestClient(client.app, base_url=BASE_URL)
    expect(their.put("/api/me/name", json={"name": f"Member{next(NUMBERS)}"}), 200)
    expect(their.put("/api/me/password", json={"password": "correct horse battery"}), 200)
    return their


def counts(db: Database) -> tuple[int, ...]:
    with db.session() as session:
        return tuple(
            session.scalar(select(func.count()).select_from(model)) or 0
            for model in (Season, SeasonMember, AuditEntry)
        )


def season_body(**choices: Any) -> dict[str, Any]:
    return {
        "name": "Spring league",
        "kind": "chromino",
        "starts_at": LATER,
        "division_size": 4,
        "movers": 1,
        **choices,
    }


def test_a_member_creates_a_season_and_people_join_divisions_from_the_top(
    site: tuple[TestClient, Database],
) -> None:
    client, _ = site
    organiser = member(client)
    made = expect(organiser.post("/api/seasons", json=season_body(legs=3)), 201)
    assert (made["number"], made["status"], made["legs"], made["my_division"]) == (
        1,
        "open",
        3,
        None,
    )
    assert [leg["leg"] for leg in made["schedule"]] == [1, 2, 3]
    assert made["schedule"][1]["starts_at"].startswith("2030-01-17T18:30")
    people = [member(client) for _ in range(5)]
    joined = [
        expect(reader.post(f"/api/seasons/{made['id']}/members"), 201)["division"]
        for reader in people
    ]
    assert joined == [1, 1, 1, 1, 2]
    shown = expect(people[4].get(f"/api/seasons/{made['id']}"), 200)
    assert shown["my_division"] == 2
    assert [len(division["members"]) for division in shown["divisions"]] == [4, 1]
    assert all(row["move"] == "out" for d in shown["divisions"] for row in d["members"])
    assert [line["id"] for line in expect(client.get("/api/seasons"), 200)["seasons"]] == [
        made["id"]
    ]
    refused(people[0].post(f"/api/seasons/{made['id']}/members"), 409, "join_refused")
    assert expect(people[0].delete(f"/api/seasons/{made['id']}/members"), 204) is None
    again = refused(people[0].delete(f"/api/seasons/{made['id']}/members"), 409, "leave_refused")
    assert again["field"] == "member"


@pytest.mark.parametrize(
    ("choices", "field"),
    [
        ({"movers": 3}, "movers"),
        ({"every_days": 1, "window_minutes": 25 * 60}, "window_minutes"),
        ({"kind": "chess"}, "kind"),
        ({"starts_at": "2020-01-01T00:00:00Z"}, "starts_at"),
    ],
)
def test_a_refused_season_names_its_field_and_changes_nothing(
    site: tuple[TestClient, Database], choices: dict[str, Any], field: str
) -> None:
    client, db = site
    organiser = member(client)
    before = counts(db)
    detail = refused(
        organiser.post("/api/seasons", json=season_body(**choices)), 422, "invalid_season"
    )
    assert detail["field"] == field
    assert counts(db) == before


def test_malformed_bodies_and_unknown_ids_are_named(site: tuple[TestClient, Database]) -> None:
    client, db = site
    organiser = member(client)
    before = counts(db)
    unknown = expect(organiser.post("/api/seasons", json=season_body(colour="red")), 422)
    assert "colour" in str(unknown["detail"])
    loose = expect(organiser.post("/api/seasons", json=season_body(legs="4")), 422)
    assert "legs" in str(loose["detail"])
    refused(organiser.get("/api/seasons/nope"), 404, "no_season")
    refused(organiser.post("/api/seasons/nope/members"), 404, "no_season")
    assert counts(db) == before


def test_a_guest_may_not_create_a_season_under_the_default_setting(
    site: tuple[TestClient, Database],
) -> None:
    client, db = site
    visitor = TestClient(client.app, base_url=BASE_URL)
    expect(visitor.post("/api/me"), 200)
    before = counts(db)
    detail = refused(visitor.post("/api/seasons", json=season_body()), 403, "organisers_only")
    assert detail["setting"] == "members"
    assert counts(db) == before
