"""The tournaments' API through the app, on SQLite and PostgreSQL: create, list, read,
enter and withdraw, start a round, disqualify; the server's setting of who may create
tournaments in its three values; private tournaments; every refusal named, in the
reader's language, and changing nothing; a round's secret shown only once it ends."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update
from support.live import make_settings

from web.app import create_app
from web.db import Database, utcnow
from web.models import (
    AuditEntry,
    Tournament,
    TournamentEntry,
    TournamentRound,
    TournamentTable,
    User,
)
from web.tournaments import record_result, verify

BASE_URL = "http://127.0.0.1:8000"
PASSWORD = "correct horse battery"
NUMBERS = itertools.count(1)
"""Names stay unique across the tests sharing one PostgreSQL database."""


pytestmark = pytest.mark.usefixtures("quick_hasher")


@pytest.fixture(params=["sqlite", "postgresql"])
def site(
    request: pytest.FixtureRequest, database_url: str
) -> Iterator[tuple[TestClient, Database]]:
    """The app on either database, and the database to look at what it stored."""
    url = database_url if request.param == "sqlite" else request.getfixturevalue("pg_url")
    database = Database(url)
    with TestClient(create_app(make_settings(url)), base_url=BASE_URL) as client:
        yield client, database
    database.dispose()


# --- helpers -------------------------------------------------------------------------


def expect(response: httpx.Response, status: int) -> Any:
    """The JSON body of a response with this status (never a trace)."""
    assert response.status_code == status, response.text
    assert "Traceback" not in response.text
    return response.json()


def refused(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    detail: dict[str, Any] = expect(response, status)["detail"]
    assert detail["code"] == code, detail
    assert detail["message"]
    return detail


def browser(client: TestClient, **headers: str) -> TestClient:
    return TestClient(client.app, base_url=BASE_URL, headers=headers)


def person(client: TestClient, db: Database, role: str = "member") -> tuple[TestClient, int]:
    """A member (or staff) with a password, signed in just now in a browser of their own."""
    their = browser(client)
    me = expect(their.put("/api/me/name", json={"name": f"Player{next(NUMBERS)}"}), 200)
    expect(their.put("/api/me/password", json={"password": PASSWORD}), 200)
    if role != "member":
        with db.session() as session:
            session.execute(update(User).where(User.id == me["id"]).values(role=role))
    return their, int(me["id"])


def guest(client: TestClient) -> TestClient:
    their = browser(client)
    expect(their.post("/api/me"), 200)
    return their


def counts(db: Database) -> tuple[int, ...]:
    """Tournaments, entries, rounds and audit entries: what a refusal must not move."""
    with db.session() as session:
        return tuple(
            session.scalar(select(func.count()).select_from(model)) or 0
            for model in (Tournament, TournamentEntry, TournamentRound, AuditEntry)
        )


LATER = "2030-01-10T18:30:00Z"


def created(organiser: TestClient, **choices: Any) -> dict[str, Any]:
    body = {"name": "Winter cup", "kind": "chromino", **choices}
    made: dict[str, Any] = expect(organiser.post("/api/tournaments", json=body), 201)
    return made


def listed(reader: TestClient, **query: Any) -> list[str]:
    found = expect(reader.get("/api/tournaments", params=query), 200)
    return [line["id"] for line in found["tournaments"]]


def finish_round(db: Database, public_id: str, number: int) -> None:
    """Every table of the round ends: seat order is finishing order."""
    with db.session() as session:
        tables = session.scalars(
            select(TournamentTable)
            .join(TournamentRound, TournamentRound.id == TournamentTable.round_id)
            .join(Tournament, Tournament.id == TournamentRound.tournament_id)
            .where(Tournament.public_id == public_id, TournamentRound.number == number)
        ).all()
        for table in tables:
            seats = len(table.seats)
            record_result(
                session,
                public_id,
                number,
                table.number,
                ranks=list(range(seats)),
                scores=[10 * (seats - seat) for seat in range(seats)],
                now=utcnow(),
            )


# --- the whole life through the API ---------------------------------------------------


def test_a_tournament_is_created_entered_started_and_read(
    site: tuple[TestClient, Database],
) -> None:
    client, db = site
    organiser, organiser_id = person(client, db)
    # A start to come: the server's timer would start a tournament whose start has come
    # by itself once two are present, racing the organiser's start below.
    made = created(organiser, smallest=2, largest=4, rounds=2, move_seconds=30, starts_at=LATER)
    assert made["organiser"]["id"] == organiser_id
    assert made["status"] == "registering" and made["entrants"] == made["rounds"] == []
    assert made["settings"]["move_seconds"] == 30
    assert made["settings"]["options"]["hand_size"] == 8  # the game's options, normalized
    tid = made["id"]
    assert tid in listed(browser(client), status="upcoming")
    assert tid not in listed(browser(client), status="running")

    players = [person(client, db)[0] for _ in range(5)]
    entries = [expect(p.post(f"/api/tournaments/{tid}/entries"), 201) for p in players]
    assert [entry["entry"] for entry in entries] == [1, 2, 3, 4, 5]
    left = expect(players[4].delete(f"/api/tournaments/{tid}/entries"), 200)
    assert (left["entry"], left["withdrawn"]) == (5, True)

    started = expect(organiser.post(f"/api/tournaments/{tid}/start"), 200)
    assert started["number"] == 1 and started["created"] is True
    assert sorted(n for table in started["tables"] for n in table) == [1, 2, 3, 4]
    again = expect(organiser.post(f"/api/tournaments/{tid}/start"), 200)
    assert (again["number"], again["created"]) == (1, False)

    shown = expect(browser(client).get(f"/api/tournaments/{tid}"), 200)
    assert shown["status"] == "running" and tid in listed(browser(client), status="running")
    (round_one,) = shown["rounds"]
    assert round_one["commitment"] == started["commitment"]
    assert round_one["secret"] is None  # the deals are being played
    assert [seat["entry"] for seat in round_one["tables"][0]["seats"]] == started["tables"][0]
    assert round_one["tables"][0]["result"] is None
    assert [e["withdrawn"] for e in shown["entrants"]] == [False] * 4 + [True]

    finish_round(db, tid, 1)
    shown = expect(browser(client).get(f"/api/tournaments/{tid}"), 200)
    (round_one,) = shown["rounds"]
    assert round_one["secret"] is not None and round_one["finished_at"] is not None
    assert verify(round_one["commitment"], round_one["secret"])
    first = shown["standings"][0]
    assert first["place"] == 1 and first["firsts"] == 1 and first["games"] == 1
    assert {"opponents_average", "score_share", "points"} <= set(first)
    assert [row["entry"] for row in shown["standings"]].count(5) == 1  # withdrawn, kept


def test_the_organiser_disqualifies_with_a_reason_written_to_the_audit_log(
    site: tuple[TestClient, Database],
) -> None:
    client, db = site
    organiser, organiser_id = person(client, db)
    tid = created(organiser)["id"]
    cheat, cheat_id = person(client, db)
    expect(cheat.post(f"/api/tournaments/{tid}/entries"), 201)
    body = {"entry": 1, "reason": "  shared a hand  "}
    struck = expect(organiser.post(f"/api/tournaments/{tid}/disqualify", json=body), 200)
    assert (struck["entry"], struck["disqualified"]) == (1, True)
    shown = expect(cheat.get(f"/api/tournaments/{tid}"), 200)
    assert shown["entrants"][0]["disqualified"] is True and shown["standings"] == []
    with db.session() as session:
        entry = session.scalars(
            select(AuditEntry).where(AuditEntry.action == "tournament_disqualify")
        ).one()
        assert (entry.actor_id, entry.details["reason"]) == (organiser_id, "shared a hand")
        assert entry.details["tournament"] == tid and cheat_id != organiser_id
    again = refused(
        organiser.post(f"/api/tournaments/{tid}/disqualify", json=body), 409, "disqualify_refused"
    )
    assert again["field"] == "entry" and "already" in again["message"]


# --- who may create tournaments -------------------------------------------------------


def set_organisers(admin: TestClient, value: str) -> None:
    state = expect(admin.patch("/api/admin/policy", json={"tournament_organisers": value}), 200)
    assert state["tournament_organisers"] == value


def test_the_setting_says_who_may_create_tournaments(client: TestClient, db: Database) -> None:
    admin, _ = person(client, db, "admin")
    moderator, _ = person(client, db, "moderator")
    member, _ = person(client, db)
    a_guest = guest(client)
    body = {"name": "Open", "kind": "chromino"}
    policy = expect(admin.get("/api/admin/policy"), 200)
    assert policy["tournament_organisers"] == "members"  # the default
    assert 'data-testid="policy-organisers"' in admin.get("/admin/invitations").text

    before = counts(db)
    for asking in (a_guest, browser(client)):
        detail = refused(asking.post("/api/tournaments", json=body), 403, "organisers_only")
        assert detail["setting"] == "members" and "members" in detail["message"]
    assert counts(db) == before
    created(member)

    set_organisers(admin, "staff")
    before = counts(db)
    detail = refused(member.post("/api/tournaments", json=body), 403, "organisers_only")
    assert detail["setting"] == "staff" and "moderators" in detail["message"]
    assert counts(db) == before
    created(moderator)
    created(admin)

    set_organisers(admin, "anyone")
    created(a_guest)
    visitor = browser(client)
    made = created(visitor)  # a visitor becomes a guest, who runs the tournament
    assert made["organiser"]["id"] == expect(visitor.get("/api/me"), 200)["id"]

    reset = expect(
        admin.post("/api/admin/policy/reset", json={"name": "tournament_organisers"}), 200
    )
    assert reset["tournament_organisers"] == "members"
    refused(a_guest.post("/api/tournaments", json=body), 403, "organisers_only")
    with db.session() as session:
        changes = session.scalars(
            select(AuditEntry.details).where(AuditEntry.action == "setting").order_by(AuditEntry.id)
        ).all()
    assert [change["after"] for change in changes] == ["staff", "anyone"]


def test_a_member_may_not_change_the_setting(client: TestClient, db: Database) -> None:
    member, _ = person(client, db)
    answer = member.patch("/api/admin/policy", json={"tournament_organisers": "anyone"})
    refused(answer, 403, "staff_only")
    admin, _ = person(client, db, "admin")
    assert expect(admin.patch("/api/admin/policy", json={"tournament_organisers": "all"}), 422)


# --- who sees a tournament ------------------------------------------------------------


def test_link_tournaments_are_reached_by_id_and_members_ones_by_members(
    site: tuple[TestClient, Database],
) -> None:
    client, db = site
    organiser, _ = person(client, db)
    member, _ = person(client, db)
    by_link = created(organiser, visibility="link")["id"]
    for_members = created(organiser, visibility="members")["id"]
    visitor, a_guest = browser(client), guest(client)

    for reader in (visitor, a_guest, member):
        assert by_link not in listed(reader)
        assert expect(reader.get(f"/api/tournaments/{by_link}"), 200)["id"] == by_link
    assert for_members in listed(member) and for_members not in listed(visitor)
    assert expect(member.get(f"/api/tournaments/{for_members}"), 200)["id"] == for_members
    before = counts(db)
    for reader in (visitor, a_guest):
        refused(reader.get(f"/api/tournaments/{for_members}"), 403, "members_only")
        refused(reader.post(f"/api/tournaments/{for_members}/entries"), 403, "members_only")
    assert counts(db) == before
    expect(member.post(f"/api/tournaments/{for_members}/entries"), 201)


def test_the_list_is_newest_first_and_paged(client: TestClient, db: Database) -> None:
    organiser, _ = person(client, db)
    made = [created(organiser, name=f"Cup {n}")["id"] for n in range(23)]
    first = expect(client.get("/api/tournaments"), 200)
    assert [line["id"] for line in first["tournaments"]] == made[::-1][:20]
    assert first["more"] is True and first["tournaments"][0]["organiser"]["name"]
    second = expect(client.get("/api/tournaments", params={"page": 2}), 200)
    assert [line["id"] for line in second["tournaments"]] == made[::-1][20:]
    assert second["more"] is False
    assert expect(client.get("/api/tournaments", params={"page": 0}), 422)
    assert expect(client.get("/api/tournaments", params={"status": "soon"}), 422)


# --- refusals -------------------------------------------------------------------------


BAD_BODIES = [
    ({"name": "Cup", "kind": "chromino", "colour": "red"}, "colour", "extra_forbidden"),
    ({"name": "Cup", "kind": "chromino", "smallest": 1}, "smallest", "greater_than_equal"),
    ({"name": "Cup", "kind": "chromino", "largest": 9}, "largest", "less_than_equal"),
    ({"name": "Cup", "kind": "chromino", "rounds": "5"}, "rounds", "int_type"),
    ({"name": "Cup", "kind": "chromino", "duplicate": "yes"}, "duplicate", "bool_type"),
    ({"name": "Cup", "kind": "chromino", "format": "knockout"}, "format", "literal_error"),
    ({"name": "", "kind": "chromino"}, "name", "string_too_short"),
    ({"kind": "chromino"}, "name", "missing"),
]


@pytest.mark.parametrize(("body", "field", "problem"), BAD_BODIES)
def test_a_malformed_tournament_is_refused_naming_the_field(
    refusing_client: TestClient,
    refusing_db: Database,
    body: dict[str, Any],
    field: str,
    problem: str,
) -> None:
    organiser, _ = person(refusing_client, refusing_db)
    before = counts(refusing_db)
    problems = expect(organiser.post("/api/tournaments", json=body), 422)["detail"]
    assert [(p["loc"], p["type"]) for p in problems] == [(["body", field], problem)]
    assert counts(refusing_db) == before


STORE_REFUSALS = [
    ({"kind": "go"}, "kind"),
    ({"smallest": 5, "largest": 3}, "largest"),
    ({"kind": "triominos", "largest": 6}, "largest"),
    ({"smallest": 4, "largest": 4, "entry_limit": 3}, "entry_limit"),
    ({"format": "arena", "duplicate": True}, "duplicate"),
]


@pytest.mark.parametrize(("choices", "field"), STORE_REFUSALS)
def test_a_choice_the_store_refuses_is_named(
    refusing_client: TestClient, refusing_db: Database, choices: dict[str, Any], field: str
) -> None:
    organiser, _ = person(refusing_client, refusing_db)
    before = counts(refusing_db)
    body = {"name": "Cup", "kind": "chromino", **choices}
    detail = refused(organiser.post("/api/tournaments", json=body), 422, "invalid_tournament")
    assert detail["field"] == field
    assert counts(refusing_db) == before


def test_an_arena_keeps_its_window_and_other_formats_have_none(
    refusing_client: TestClient, refusing_db: Database
) -> None:
    organiser, _ = person(refusing_client, refusing_db)
    for choices, window in (({"format": "arena", "window_minutes": 45}, 45), ({}, None)):
        body = {"name": "Cup", "kind": "chromino", **choices}
        made = expect(organiser.post("/api/tournaments", json=body), 201)
        assert made["settings"]["window_minutes"] == window


def test_unknown_ids_and_other_peoples_tournaments_are_refused_and_change_nothing(
    site: tuple[TestClient, Database],
) -> None:
    client, db = site
    organiser, _ = person(client, db)
    stranger, _ = person(client, db)
    tid = created(organiser)["id"]
    expect(stranger.post(f"/api/tournaments/{tid}/entries"), 201)
    disqualifying = {"entry": 1, "reason": "no"}
    before = counts(db)
    for answer in (
        stranger.get("/api/tournaments/nope"),
        stranger.post("/api/tournaments/nope/entries"),
        stranger.delete("/api/tournaments/nope/entries"),
        organiser.post("/api/tournaments/nope/start"),
        organiser.post("/api/tournaments/nope/disqualify", json=disqualifying),
    ):
        assert refused(answer, 404, "no_tournament")["field"] == "tournament"
    for answer in (
        stranger.post(f"/api/tournaments/{tid}/start"),
        stranger.post(f"/api/tournaments/{tid}/disqualify", json=disqualifying),
        browser(client).post(f"/api/tournaments/{tid}/start"),
    ):
        assert refused(answer, 403, "not_organiser")["field"] == "organiser"
    unknown_act = refused(organiser.post(f"/api/tournaments/{tid}/shuffle"), 404, "no_act")
    assert unknown_act["field"] == "act" and "'shuffle'" in unknown_act["message"]
    wrong_entry = {"entry": 7, "reason": "no"}
    answer = organiser.post(f"/api/tournaments/{tid}/disqualify", json=wrong_entry)
    assert "7" in refused(answer, 422, "disqualify_refused")["message"]
    answer = organiser.post(f"/api/tournaments/{tid}/disqualify", json={"entry": 1, "why": "x"})
    assert expect(answer, 422)
    twice = refused(stranger.post(f"/api/tournaments/{tid}/entries"), 409, "entry_refused")
    assert twice["field"] == "entry" and "already entered" in twice["message"]
    not_in = refused(organiser.delete(f"/api/tournaments/{tid}/entries"), 409, "entry_refused")
    assert "has not entered" in not_in["message"]
    refused(browser(client).delete(f"/api/tournaments/{tid}/entries"), 409, "entry_refused")
    too_few = refused(organiser.post(f"/api/tournaments/{tid}/start"), 409, "round_refused")
    assert too_few["field"] == "round"
    assert counts(db) == before


def test_refusals_are_worded_in_the_readers_language(client: TestClient, db: Database) -> None:
    organiser, _ = person(client, db)
    tid = created(organiser)["id"]
    player, _ = person(client, db)
    expect(player.post(f"/api/tournaments/{tid}/entries"), 201)
    french = {"Accept-Language": "fr"}
    twice = player.post(f"/api/tournaments/{tid}/entries", headers=french)
    message = refused(twice, 409, "entry_refused")["message"]
    assert "already" not in message and "Player" in message  # the name kept, the words French
    unknown = refused(client.get("/api/tournaments/nope", headers=french), 404, "no_tournament")
    assert "nope" in unknown["message"] and "no tournament" not in unknown["message"]


def test_a_change_from_another_site_is_refused(client: TestClient, db: Database) -> None:
    organiser, _ = person(client, db)
    tid = created(organiser)["id"]
    attacker = browser(client, Origin="http://evil.example")
    attacker.cookies.update(organiser.cookies)
    before = counts(db)
    for method, path in (
        ("POST", "/api/tournaments"),
        ("POST", f"/api/tournaments/{tid}/entries"),
        ("DELETE", f"/api/tournaments/{tid}/entries"),
        ("POST", f"/api/tournaments/{tid}/start"),
        ("POST", f"/api/tournaments/{tid}/disqualify"),
    ):
        refused(attacker.request(method, path, json={}), 403, "cross_site_request")
    assert counts(db) == before


def test_the_api_description_lists_the_routes(client: TestClient) -> None:
    paths = expect(client.get("/api/openapi.json"), 200)["paths"]
    assert set(paths["/api/tournaments"]) == {"get", "post"}
    assert set(paths["/api/tournaments/{tournament_id}"]) == {"get"}
    assert set(paths["/api/tournaments/{tournament_id}/entries"]) == {"post", "delete"}
    assert set(paths["/api/tournaments/{tournament_id}/start"]) == {"post"}
    assert set(paths["/api/tournaments/{tournament_id}/disqualify"]) == {"post"}
