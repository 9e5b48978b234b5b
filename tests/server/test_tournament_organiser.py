"""The organiser's hand through the API: starting a round deals its games; pausing,
resuming and ending early, each written to the audit log, each refused with its
reason when the tournament's state does not allow it (changing nothing), and only
for the organiser; a table that ends after an early end counts for nothing, and the
interrupted round's secret is shown once its last game has ended."""

from __future__ import annotations

import itertools
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

from web.db import Database, utcnow
from web.models import AuditEntry, Game, TournamentRound
from web.tournaments import TournamentError, record_result, standings_of, tables_ended

BASE_URL = "http://127.0.0.1:8000"
NUMBERS = itertools.count(1)


pytestmark = pytest.mark.usefixtures("quick_hasher")


def expect(response: httpx.Response, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def refused(response: httpx.Response, code: str, words: str) -> None:
    """A 409 with the code, the field at fault, and the reason in its words."""
    detail = expect(response, 409)["detail"]
    assert (detail["code"], detail["field"]) == (code, "tournament"), detail
    assert detail["message"] == words


def member(client: TestClient) -> TestClient:
    their = TestClient(client.app, base_url=BASE_URL)
    expect(their.put("/api/me/name", json={"name": f"Organ{next(NUMBERS)}"}), 200)
    expect(their.put("/api/me/password", json={"password": "correct horse battery"}), 200)
    return their


def audited(db: Database) -> list[tuple[str, dict[str, Any]]]:
    with db.session() as session:
        rows = session.scalars(
            select(AuditEntry).where(AuditEntry.action.like("tournament_%")).order_by(AuditEntry.id)
        )
        return [(row.action, row.details) for row in rows]


def rounds_and_games(db: Database) -> tuple[int, int]:
    with db.session() as session:
        counted = [
            session.scalar(select(func.count()).select_from(m)) or 0
            for m in (TournamentRound, Game)
        ]
        return counted[0], counted[1]


def end_the_game(db: Database, game_id: str) -> None:
    """The game ends as the event store ends one: its row marked finished, then, in the
    same transaction, what follows a game's end."""
    with db.engine.begin() as connection:
        connection.execute(update(Game).where(Game.id == game_id).values(status="finished"))
        result = {"places": [1, 2], "scores": [0, 0], "hand_sizes": [0, 2]}
        tables_ended(connection, [(game_id, result)], utcnow())


def test_pause_resume_and_end_early(client: TestClient, db: Database) -> None:
    organiser = member(client)
    made = expect(
        organiser.post(
            "/api/tournaments",
            json={"name": "Spring", "kind": "chromino", "pace": "days", "smallest": 2,
                  "largest": 2, "rounds": 3},
        ),
        201,
    )  # fmt: skip
    tid = made["id"]
    players = [member(client) for _ in range(4)]
    for player in players:
        expect(player.post(f"/api/tournaments/{tid}/entries"), 201)

    not_started = "the tournament has not started yet"
    refused(organiser.post(f"/api/tournaments/{tid}/pause"), "pause_refused", not_started)
    refused(organiser.post(f"/api/tournaments/{tid}/end"), "end_refused", not_started)
    refused(
        organiser.post(f"/api/tournaments/{tid}/resume"),
        "resume_refused",
        "the tournament is not paused",
    )
    assert audited(db) == [("tournament_create", {"tournament": tid})]

    started = expect(organiser.post(f"/api/tournaments/{tid}/start"), 200)
    shown = expect(organiser.get(f"/api/tournaments/{tid}"), 200)
    assert all(table["game_id"] for table in shown["rounds"][0]["tables"])
    assert rounds_and_games(db) == (1, len(started["tables"]))

    stranger = players[0].post(f"/api/tournaments/{tid}/pause")
    assert expect(stranger, 403)["detail"]["code"] == "not_organiser"
    assert expect(organiser.post(f"/api/tournaments/{tid}/pause"), 200)["status"] == "paused"
    refused(
        organiser.post(f"/api/tournaments/{tid}/pause"), "pause_refused", "the tournament is paused"
    )
    again = expect(organiser.post(f"/api/tournaments/{tid}/start"), 200)  # the round in play
    assert (again["number"], again["created"]) == (1, False)
    assert expect(organiser.post(f"/api/tournaments/{tid}/resume"), 200)["status"] == "running"

    # One table ends, then the organiser ends the tournament: the other table's end
    # counts for nothing.
    first, second = shown["rounds"][0]["tables"]
    with db.session() as session:
        record_result(session, tid, 1, first["number"], ranks=[0, 1], scores=[-1, -4], now=utcnow())
    ended = expect(organiser.post(f"/api/tournaments/{tid}/end"), 200)
    assert ended["status"] == "finished" and ended["finished_at"] is not None
    assert ended["ended_early"] is True
    with db.session() as session:
        before = standings_of(session, tid)
        with pytest.raises(TournamentError) as late:
            record_result(
                session, tid, 1, second["number"], ranks=[0, 1], scores=[0, -2], now=utcnow()
            )
        assert late.value.field == "round"
        assert standings_of(session, tid) == before
    assert [row["games"] for row in ended["standings"]].count(1) == 2
    assert ended["rounds"][0]["secret"] is None  # a hand dealt from it is still in play
    end_the_game(db, second["game_id"])
    assert expect(organiser.get(f"/api/tournaments/{tid}"), 200)["rounds"][0]["secret"] is None
    end_the_game(db, first["game_id"])  # its result was stored by hand before the end
    revealed = expect(organiser.get(f"/api/tournaments/{tid}"), 200)
    assert revealed["rounds"][0]["secret"] is not None
    assert revealed["standings"] == ended["standings"]
    for act in ("pause", "resume", "end"):
        response = organiser.post(f"/api/tournaments/{tid}/{act}")
        expected = (
            "the tournament is not paused" if act == "resume" else "the tournament is finished"
        )
        refused(response, f"{act}_refused", expected)
    refused(
        organiser.post(f"/api/tournaments/{tid}/start"),
        "round_refused",
        "the tournament is finished",
    )
    assert rounds_and_games(db) == (1, len(started["tables"]))
    assert [action for action, _ in audited(db)] == [
        "tournament_create", "tournament_pause", "tournament_resume", "tournament_end_early"
    ]  # fmt: skip
    assert audited(db)[-1][1] == {"tournament": tid, "rounds": 1}


def test_an_unknown_act_is_refused(client: TestClient, db: Database) -> None:
    organiser = member(client)
    tid = expect(organiser.post("/api/tournaments", json={"name": "X", "kind": "chromino"}), 201)[
        "id"
    ]
    response = organiser.post(f"/api/tournaments/{tid}/dance")
    assert response.status_code == 404, response.text
    detail = response.json()["detail"]
    assert (detail["code"], detail["field"]) == ("no_act", "act")
    assert "'dance'" in detail["message"] and "pause, resume, end" in detail["message"]
    assert audited(db) == [("tournament_create", {"tournament": tid})]


def test_the_view_says_what_a_tournament_waits_for_and_its_break(
    client: TestClient, db: Database
) -> None:
    organiser = member(client)
    body = {"name": "Quick", "kind": "chromino", "live_break": 30}
    made = expect(organiser.post("/api/tournaments", json=body), 201)
    assert (made["waiting"], made["settings"]["live_break"]) == ("entrants", 30)
    tid = made["id"]
    for player in (member(client), member(client)):
        expect(player.post(f"/api/tournaments/{tid}/entries"), 201)
    shown = expect(organiser.get(f"/api/tournaments/{tid}"), 200)
    assert (shown["waiting"], shown["ended_early"]) == (None, False)
    default = {"name": "Plain", "kind": "chromino"}
    assert (
        expect(organiser.post("/api/tournaments", json=default), 201)["settings"]["live_break"]
        == 60
    )
    too_long = organiser.post("/api/tournaments", json={**default, "live_break": 3601})
    assert expect(too_long, 422)["detail"][0]["loc"] == ["body", "live_break"]
