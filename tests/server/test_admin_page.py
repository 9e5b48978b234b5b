"""The admin page and its API (web.club.admin): who may open it (every route, found from
the app), recent sign-in before actions and confirming it's me, every action written to
the audit log, bans refused at sign-in, mutes, and the ``chromino admin`` commands for
roles."""

from __future__ import annotations

import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from fastapi import FastAPI
from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from support.live import TEST_SECRET

from web.db import Database, as_utc, utcnow
from web.models import AuditEntry, ChatMessage, ChatReport, Game, SiteInvitation, User, UserSession
from web.people import FOREVER

BASE_URL = "http://127.0.0.1:8000"
PASSWORD = "correct horse battery"
ROUTE_PREFIXES = ("/admin", "/api/admin")
PATH_VALUES = {
    "person_id": "1",
    "game_id": "abcdefgh",
    "report_id": "1",
    "invitation_id": "1",
    "section": "games",
}


pytestmark = pytest.mark.usefixtures("quick_hasher")


# --- helpers -----------------------------------------------------------------------


def expect(response: httpx.Response, status: int) -> Any:
    """The JSON body of a response with this status (never a trace)."""
    assert response.status_code == status, response.text
    assert "Traceback" not in response.text
    if not response.content or "json" not in response.headers.get("content-type", ""):
        return None
    return response.json()


def browser(client: TestClient) -> TestClient:
    """Another browser on the same app, with its own cookies."""
    return TestClient(client.app, base_url=BASE_URL)


def person(
    client: TestClient, db: Database, name: str, role: str = "member"
) -> tuple[TestClient, int]:
    """A registered person of ``role``, signed in just now in a browser of their own."""
    their = browser(client)
    me = expect(their.put("/api/me/name", json={"name": name}), 200)
    expect(their.put("/api/me/password", json={"password": PASSWORD}), 200)
    with db.session() as session, session.begin():
        session.execute(update(User).where(User.id == me["id"]).values(role=role))
    return their, int(me["id"])


def guest(client: TestClient) -> tuple[TestClient, int]:
    their = browser(client)
    me = expect(their.post("/api/me"), 200)
    return their, int(me["id"])


def stale(db: Database, user_id: int) -> None:
    """The person's sign-in is 16 minutes old: too old for admin actions."""
    with db.session() as session, session.begin():
        session.execute(
            update(UserSession)
            .where(UserSession.user_id == user_id)
            .values(signed_in_at=utcnow() - timedelta(minutes=16))
        )


def last_entry(db: Database) -> AuditEntry:
    with db.session() as session:
        entry = session.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())).first()
        assert entry is not None
        session.expunge(entry)
        return entry


def stored(db: Database, user_id: int) -> User:
    with db.session() as session:
        user = session.get(User, user_id)
        assert user is not None
        session.expunge(user)
        return user


def admin_routes(client: TestClient) -> list[tuple[str, str]]:
    """Every (method, path) of the app under /admin or /api/admin, path values filled."""
    found = []
    app: FastAPI = client.app  # type: ignore[assignment]
    for context in iter_route_contexts(app.routes):
        path = str(getattr(context, "path", ""))
        if not path.startswith(ROUTE_PREFIXES):
            continue
        filled = re.sub(r"\{(\w+)\}", lambda match: PATH_VALUES[match.group(1)], path)
        for method in sorted(getattr(context, "methods", None) or ()):
            if method != "HEAD":
                found.append((method, filled))
    return found


@pytest.fixture
def admin(client: TestClient, db: Database) -> tuple[TestClient, int]:
    return person(client, db, "Ada", "admin")


@pytest.fixture
def member(client: TestClient, db: Database) -> tuple[TestClient, int]:
    return person(client, db, "Mel")


# --- who may open /admin ----------------------------------------------------------


def test_every_admin_route_is_refused_to_visitors_guests_and_members_and_never_cached(
    client: TestClient, db: Database, member: tuple[TestClient, int]
) -> None:
    routes = admin_routes(client)
    assert len(routes) > 25  # every section's routes were found
    visitor = browser(client)
    a_guest, _ = guest(client)
    for who, asking in (("visitor", visitor), ("guest", a_guest), ("member", member[0])):
        for method, path in routes:
            body: dict[str, Any] | None = {} if method in ("POST", "PUT", "PATCH") else None
            answer = asking.request(method, path, json=body)
            assert answer.status_code == 403, (who, method, path, answer.text)
            assert answer.headers["cache-control"] == "no-store", (who, method, path)
            if path.startswith("/api/"):
                assert answer.json()["detail"]["code"] == "staff_only"
            else:
                assert "Admins only" in answer.text
    with db.session() as session:  # nothing happened, and the visitor got no account
        assert session.scalar(select(AuditEntry.id)) is None
        assert session.scalar(select(User.id).where(User.name_key.like("guest%"))) is not None


def test_staff_read_every_section_uncached(
    client: TestClient, db: Database, admin: tuple[TestClient, int]
) -> None:
    moderator, _ = person(client, db, "Mo", "moderator")
    for browser_of in (admin[0], moderator):
        for path in (
            "/admin",
            *(
                f"/admin/{s}"
                for s in (
                    "games",
                    "reports",
                    "invitations",
                    "guests",
                    "backups",
                    "settings",
                    "health",
                    "audit",
                )
            ),
            f"/admin/people/{admin[1]}",
        ):
            page = browser_of.get(path)
            assert page.status_code == 200, (path, page.text[:300])
            assert page.headers["cache-control"] == "no-store"
        for path in (
            "/api/admin/people",
            "/api/admin/games",
            "/api/admin/reports",
            "/api/admin/invitations",
            "/api/admin/policy",
            "/api/admin/guests",
            "/api/admin/backups",
            "/api/admin/settings",
            "/api/admin/health",
            "/api/admin/audit",
        ):
            answer = browser_of.get(path)
            assert answer.status_code == 200, (path, answer.text)
            assert answer.headers["cache-control"] == "no-store"
    assert admin[0].get("/admin/nowhere").status_code == 404


def test_admin_actions_are_same_origin_only(
    client: TestClient, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    answer = admin[0].post(
        f"/api/admin/people/{member[1]}/ban",
        json={"reason": "spam"},
        headers={"Origin": "https://evil.example"},
    )
    assert expect(answer, 403)["detail"]["code"] == "cross_site_request"


def test_settings_in_force_never_show_secrets(
    client: TestClient, admin: tuple[TestClient, int]
) -> None:
    shown = {
        s["name"]: s["value"] for s in expect(admin[0].get("/api/admin/settings"), 200)["settings"]
    }
    assert shown["secret_key"] == "set"
    assert shown["smtp_password"] == "unset"
    assert TEST_SECRET not in admin[0].get("/admin/settings").text
    assert shown["join"] == "open"


def test_health_says_the_database_answers(
    client: TestClient, admin: tuple[TestClient, int]
) -> None:
    health = expect(admin[0].get("/api/admin/health"), 200)
    assert health["database"] == {"kind": "sqlite", "reachable": True}
    assert health["redis"]["configured"] is False
    assert health["process"]["games_loaded"] >= 0


# --- a recent sign-in before acting ---------------------------------------------------


def test_a_stale_sign_in_must_be_confirmed_by_password_before_an_action(
    client: TestClient, db: Database, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    ada, ada_id = admin
    stale(db, ada_id)
    refused = expect(
        ada.post(
            f"/api/admin/people/{member[1]}/mute",
            json={"until": (utcnow() + timedelta(days=1)).isoformat()},
        ),
        403,
    )
    assert refused["detail"]["code"] == "reauthenticate"
    assert stored(db, member[1]).muted_until is None
    wrong = expect(ada.post("/api/me/reauthenticate", json={"password": "not my password"}), 401)
    assert wrong["detail"]["code"] == "wrong_password"
    old_cookie = dict(ada.cookies)
    expect(ada.post("/api/me/reauthenticate", json={"password": PASSWORD}), 204)
    assert dict(ada.cookies) != old_cookie  # a new session: the old cookie is worth nothing
    copy = browser(client)
    copy.cookies.update(old_cookie)
    assert copy.get("/api/admin/people").status_code == 403
    expect(
        ada.post(
            f"/api/admin/people/{member[1]}/mute",
            json={"until": (utcnow() + timedelta(days=1)).isoformat()},
        ),
        204,
    )
    assert stored(db, member[1]).muted_until is not None


def test_wrong_passwords_at_confirming_are_limited(
    client: TestClient, db: Database, admin: tuple[TestClient, int]
) -> None:
    ada, _ = admin
    for _attempt in range(5):
        expect(ada.post("/api/me/reauthenticate", json={"password": "guess"}), 401)
    limited = ada.post("/api/me/reauthenticate", json={"password": PASSWORD})
    assert expect(limited, 429)["detail"]["code"] == "too_many_attempts"
    assert int(limited.headers["retry-after"]) >= 1


def test_confirming_wants_a_password_and_a_signed_in_person(client: TestClient) -> None:
    visitor = browser(client)
    assert (
        expect(visitor.post("/api/me/reauthenticate", json={"password": "x"}), 401)["detail"][
            "code"
        ]
        == "not_signed_in"
    )
    assert visitor.post("/api/me/reauthenticate", json={"password": 5}).status_code == 422
    assert (
        visitor.post("/api/me/reauthenticate", json={"password": "x", "more": 1}).status_code == 422
    )


def test_someone_made_admin_while_signed_in_confirms_before_acting(
    client: TestClient, db: Database, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    ada, _ = admin
    mel, mel_id = member
    expect(ada.put(f"/api/admin/people/{mel_id}/role", json={"role": "admin"}), 204)
    assert stored(db, mel_id).role == "admin"
    assert mel.get("/api/admin/people").status_code == 200  # Mel sees the page at once
    refused = mel.post("/api/admin/guests/prune", json={"days": 30})
    assert expect(refused, 403)["detail"]["code"] == "reauthenticate"


# --- each action, audited ---------------------------------------------------------------


def test_a_ban_ends_every_session_and_is_refused_at_sign_in_with_reason_and_end(
    client: TestClient, db: Database, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    ada, ada_id = admin
    mel, mel_id = member
    other_device = browser(client)
    expect(other_device.post("/api/login", json={"name": "Mel", "password": PASSWORD}), 200)
    until = (utcnow() + timedelta(days=3)).replace(microsecond=0)
    expect(
        ada.post(
            f"/api/admin/people/{mel_id}/ban",
            json={"reason": "cheating", "until": until.isoformat()},
        ),
        204,
    )
    with db.session() as session:
        assert session.scalar(select(UserSession.id).where(UserSession.user_id == mel_id)) is None
    assert mel.get("/api/me").json().get("id") != mel_id  # signed out, on both devices
    assert other_device.get("/api/me").json().get("id") != mel_id
    refused = expect(
        browser(client).post("/api/login", json={"name": "Mel", "password": PASSWORD}), 403
    )
    assert refused["detail"]["code"] == "banned"
    assert refused["detail"]["reason"] == "cheating"
    assert refused["detail"]["until"] == until.isoformat()
    assert "cheating" in refused["detail"]["message"]
    entry = last_entry(db)
    assert (entry.action, entry.actor_id, entry.target_id) == ("ban", ada_id, mel_id)
    assert entry.details == {"reason": "cheating", "until": until.isoformat(), "sessions": 2}


def test_a_ban_for_good_and_its_lifting_are_audited(
    client: TestClient, db: Database, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    ada, _ = admin
    expect(ada.post(f"/api/admin/people/{member[1]}/ban", json={"reason": "spam"}), 204)
    assert as_utc(stored(db, member[1]).banned_until) == FOREVER  # type: ignore[arg-type]
    assert last_entry(db).details["until"] is None
    expect(ada.post(f"/api/admin/people/{member[1]}/unban"), 204)
    assert stored(db, member[1]).banned_until is None
    assert last_entry(db).action == "unban"
    expect(browser(client).post("/api/login", json={"name": "Mel", "password": PASSWORD}), 200)
    assert (
        expect(ada.post(f"/api/admin/people/{member[1]}/unban"), 409)["detail"]["code"]
        == "not_banned"
    )


def test_bad_bans_change_nothing(
    client: TestClient, db: Database, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    ada, ada_id = admin
    past = (utcnow() - timedelta(days=1)).isoformat()
    for body, status, code in (
        ({"reason": "x", "until": past}, 422, "in_the_past"),
        ({"reason": ""}, 422, None),
        ({"reason": "x", "until": "tomorrow"}, 422, None),
        ({"reason": "x", "forever": True}, 422, None),
        ({"reason": "x", "until": "2030-01-01T00:00:00"}, 422, None),  # no time zone
    ):
        answer = expect(ada.post(f"/api/admin/people/{member[1]}/ban", json=body), status)
        if code:
            assert answer["detail"]["code"] == code
    assert (
        expect(ada.post(f"/api/admin/people/{ada_id}/ban", json={"reason": "x"}), 409)["detail"][
            "code"
        ]
        == "yourself"
    )
    assert (
        expect(ada.post("/api/admin/people/999999/ban", json={"reason": "x"}), 404)["detail"][
            "code"
        ]
        == "no_such_person"
    )
    assert (
        ada.post(
            f"/api/admin/people/{member[1]}/ban",
            content=b"{not json",
            headers={"Content-Type": "application/json"},
        ).status_code
        == 422
    )
    assert stored(db, member[1]).banned_until is None
    with db.session() as session:
        assert session.scalar(select(AuditEntry.id)) is None


def test_moderators_act_on_members_but_not_on_roles_settings_deletions_or_staff(
    client: TestClient, db: Database, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    moderator, _ = person(client, db, "Mo", "moderator")
    for method, path, body in (
        ("PUT", f"/api/admin/people/{member[1]}/role", {"role": "moderator"}),
        ("PATCH", "/api/admin/policy", {"join": "closed"}),
        ("DELETE", f"/api/admin/people/{member[1]}", None),
        ("POST", "/api/admin/backups", None),
    ):
        assert (
            expect(moderator.request(method, path, json=body), 403)["detail"]["code"]
            == "admins_only"
        )
    assert (
        expect(moderator.post(f"/api/admin/people/{admin[1]}/ban", json={"reason": "x"}), 403)[
            "detail"
        ]["code"]
        == "admins_only"
    )
    expect(moderator.post(f"/api/admin/people/{member[1]}/ban", json={"reason": "x"}), 204)


def test_a_mute_and_unmute_are_audited(
    client: TestClient, db: Database, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    ada, ada_id = admin
    until = (utcnow() + timedelta(hours=5)).replace(microsecond=0)
    expect(ada.post(f"/api/admin/people/{member[1]}/mute", json={"until": until.isoformat()}), 204)
    assert as_utc(stored(db, member[1]).muted_until) == until  # type: ignore[arg-type]
    entry = last_entry(db)
    assert (entry.action, entry.actor_id, entry.target_id, entry.details) == (
        "mute",
        ada_id,
        member[1],
        {"until": until.isoformat()},
    )
    shown = expect(ada.get(f"/api/admin/people/{member[1]}"), 200)
    assert shown["muted_until"] == until.isoformat()
    expect(ada.post(f"/api/admin/people/{member[1]}/unmute"), 204)
    assert stored(db, member[1]).muted_until is None
    assert last_entry(db).action == "unmute"


def test_a_role_change_is_audited(
    client: TestClient, db: Database, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    ada, ada_id = admin
    expect(ada.put(f"/api/admin/people/{member[1]}/role", json={"role": "moderator"}), 204)
    entry = last_entry(db)
    assert (entry.action, entry.actor_id, entry.target_id, entry.details) == (
        "role",
        ada_id,
        member[1],
        {"before": "member", "after": "moderator"},
    )
    assert (
        expect(ada.put(f"/api/admin/people/{ada_id}/role", json={"role": "member"}), 409)["detail"][
            "code"
        ]
        == "yourself"
    )
    assert ada.put(f"/api/admin/people/{member[1]}/role", json={"role": "king"}).status_code == 422


def test_a_recovery_link_is_made_and_audited(
    client: TestClient, db: Database, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    ada, ada_id = admin
    made = expect(ada.post(f"/api/admin/people/{member[1]}/recovery-link"), 201)
    assert "/recover/" in made["link"]
    entry = last_entry(db)
    assert (entry.action, entry.actor_id, entry.target_id) == ("recovery_link", ada_id, member[1])
    assert made["link"].rsplit("/", 1)[1] not in str(entry.details)  # the link is not kept


def test_deleting_an_account_is_audited(
    client: TestClient, db: Database, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    ada, ada_id = admin
    expect(ada.delete(f"/api/admin/people/{member[1]}"), 204)
    with db.session() as session:
        assert session.get(User, member[1]) is None
    entry = last_entry(db)
    assert (entry.action, entry.actor_id, entry.target_name) == ("delete_account", ada_id, "Mel")


def game_in_progress(client: TestClient, player: TestClient) -> str:
    created = expect(
        player.post(
            "/api/tables", json={"seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}
        ),
        201,
    )
    started = expect(player.post(f"/api/tables/{created['invite_code']}/start"), 200)
    return str(started["game_id"])


def test_ending_a_game_is_audited(
    client: TestClient, db: Database, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    ada, ada_id = admin
    game_id = game_in_progress(client, member[0])
    listed = expect(ada.get("/api/admin/games"), 200)
    assert game_id in [game["id"] for game in listed["games"]]
    expect(ada.post(f"/api/admin/games/{game_id}/end", json={"reason": "abandoned"}), 204)
    with db.session() as session:
        game = session.get(Game, game_id)
        assert game is not None and game.status == "finished" and game.result is not None
        assert game.result["reason"] == "abandoned"
    entry = last_entry(db)
    assert (entry.action, entry.actor_id, entry.details) == (
        "end_game",
        ada_id,
        {"game": game_id, "reason": "abandoned"},
    )
    assert (
        expect(ada.post(f"/api/admin/games/{game_id}/end", json={}), 409)["detail"]["code"]
        == "not_in_progress"
    )
    assert (
        expect(ada.post("/api/admin/games/nosuchgame/end", json={}), 409)["detail"]["code"]
        == "not_in_progress"
    )


def test_marking_a_report_handled_is_audited(
    client: TestClient, db: Database, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    ada, ada_id = admin
    game_id = game_in_progress(client, member[0])
    with db.session() as session, session.begin():
        line = ChatMessage(
            game_id=game_id,
            seq=1,
            room="players",
            user_id=member[1],
            name="Mel",
            seat=0,
            text="rude words",
        )
        session.add(line)
        session.flush()
        report = ChatReport(message_id=line.id, reporter_id=ada_id, reason="rude")
        session.add(report)
        session.flush()
        report_id = report.id
    listed = expect(ada.get("/api/admin/reports"), 200)["reports"]
    assert [(r["id"], r["author_id"], r["said"], r["handled"]) for r in listed] == [
        (report_id, member[1], "rude words", False)
    ]
    assert "rude words" in ada.get("/admin/reports").text
    expect(ada.post(f"/api/admin/reports/{report_id}/handled"), 204)
    entry = last_entry(db)
    assert (entry.action, entry.actor_id, entry.details) == (
        "report_handled",
        ada_id,
        {"report": report_id},
    )
    assert expect(ada.get("/api/admin/reports"), 200)["reports"] == []
    assert (
        expect(ada.post(f"/api/admin/reports/{report_id}/handled"), 409)["detail"]["code"]
        == "already_handled"
    )


def test_invitation_links_made_and_revoked_are_audited(
    client: TestClient, db: Database, admin: tuple[TestClient, int]
) -> None:
    ada, ada_id = admin
    made = expect(
        ada.post("/api/admin/invitations", json={"uses": 5, "days": 3, "note": "club"}), 201
    )
    assert made["path"].startswith("/join/")
    entry = last_entry(db)
    assert (entry.action, entry.actor_id) == ("invitation_made", ada_id)
    listed = expect(ada.get("/api/admin/invitations"), 200)["invitations"]
    assert [(i["note"], i["maker"], i["state"]) for i in listed] == [("club", "Ada", "live")]
    assert made["path"].split("/")[-1] not in ada.get("/admin/invitations").text
    expect(ada.delete(f"/api/admin/invitations/{made['invitation']['id']}"), 200)
    assert last_entry(db).action == "invitation_revoked"
    with db.session() as session:
        assert session.scalars(select(SiteInvitation)).one().revoked_at is not None


def test_the_join_policy_changed_and_reset_is_audited(
    client: TestClient, db: Database, admin: tuple[TestClient, int]
) -> None:
    ada, ada_id = admin
    changed = expect(
        ada.patch("/api/admin/policy", json={"join": "invitation", "guests": False}), 200
    )
    assert (changed["join"], changed["guests"], changed["changed"]) == (
        "invitation",
        False,
        ["guests", "join"],
    )
    with db.session() as session:
        entries = session.scalars(select(AuditEntry).order_by(AuditEntry.id)).all()
        assert [(e.action, e.details) for e in entries] == [
            ("setting", {"name": "join", "before": "open", "after": "invitation"}),
            ("setting", {"name": "guests", "before": True, "after": False}),
        ]
    assert 'data-testid="policy-reset-join"' in ada.get("/admin/invitations").text
    assert expect(ada.patch("/api/admin/policy", json={"join": "sometimes"}), 422)
    reset = expect(ada.post("/api/admin/policy/reset", json={"name": "join"}), 200)
    assert reset["join"] == "open" and reset["changed"] == ["guests"]
    entry = last_entry(db)
    assert (entry.action, entry.actor_id, entry.details) == (
        "setting_reset",
        ada_id,
        {"name": "join", "before": "invitation"},
    )


def test_pruning_guests_counts_first_and_is_audited(
    client: TestClient, db: Database, admin: tuple[TestClient, int]
) -> None:
    ada, ada_id = admin
    _, idle_id = guest(client)
    with db.session() as session, session.begin():
        session.execute(
            update(User)
            .where(User.id == idle_id)
            .values(last_seen_at=utcnow() - timedelta(days=40))
        )
    assert expect(ada.get("/api/admin/guests?days=30"), 200) == {"days": 30, "count": 1}
    assert stored(db, idle_id).id == idle_id  # counting changes nothing
    assert expect(ada.post("/api/admin/guests/prune", json={"days": 30}), 200) == {
        "days": 30,
        "count": 1,
    }
    entry = last_entry(db)
    assert (entry.action, entry.actor_id, entry.details) == (
        "prune_guests",
        ada_id,
        {"days": 30, "count": 1},
    )
    assert ada.post("/api/admin/guests/prune", json={"days": 0}).status_code == 422


def test_a_backup_is_made_beside_the_database_and_audited(
    client: TestClient, db: Database, admin: tuple[TestClient, int], database_url: str
) -> None:
    ada, ada_id = admin
    made = expect(ada.post("/api/admin/backups"), 201)
    folder = Path(database_url.removeprefix("sqlite:///")).parent / "backups"
    assert (folder / made["name"]).stat().st_size == made["size"] > 0
    listed = expect(ada.get("/api/admin/backups"), 200)
    assert [b["name"] for b in listed["backups"]] == [made["name"]]
    entry = last_entry(db)
    assert (entry.action, entry.actor_id, entry.details) == (
        "backup",
        ada_id,
        {"file": made["name"], "size": made["size"]},
    )


def test_the_audit_log_reads_newest_first_a_page_at_a_time(
    client: TestClient, db: Database, admin: tuple[TestClient, int], member: tuple[TestClient, int]
) -> None:
    ada, _ = admin
    for _ in range(3):
        expect(ada.post(f"/api/admin/people/{member[1]}/ban", json={"reason": "x"}), 204)
        expect(ada.post(f"/api/admin/people/{member[1]}/unban"), 204)
    log = expect(ada.get("/api/admin/audit"), 200)
    assert [e["action"] for e in log["entries"]] == ["unban", "ban"] * 3
    assert (log["page"], log["pages"]) == (1, 1)
    assert expect(ada.get("/api/admin/audit?page=2"), 200)["entries"] == []
    assert "Mel" in ada.get("/admin/audit").text


# --- the command line -----------------------------------------------------------------


def cli(database_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "web", "admin", *args, "--database-url", database_url],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_create_admin_and_set_role_from_the_command_line(
    client: TestClient, db: Database, database_url: str, member: tuple[TestClient, int]
) -> None:
    made = cli(database_url, "create-admin", "Héloïse")
    assert made.returncode == 0, made.stderr
    link = re.search(r"https?://\S+/recover/\S+", made.stdout)
    assert link, made.stdout
    with db.session() as session:
        heloise = session.scalars(select(User).where(User.name == "Héloïse")).one()
        assert (heloise.role, heloise.password_hash is not None) == ("admin", True)
    entry = last_entry(db)
    assert (entry.action, entry.actor_id, entry.actor_name, entry.details) == (
        "role",
        None,
        "command line",
        {"before": "member", "after": "admin"},
    )
    promoted = cli(database_url, "set-role", "mel", "moderator")
    assert promoted.returncode == 0, promoted.stderr
    assert stored(db, member[1]).role == "moderator"
    assert last_entry(db).details == {"before": "member", "after": "moderator"}
    again = cli(database_url, "create-admin", "Mel")
    assert again.returncode == 0 and "recover" not in again.stdout
    assert stored(db, member[1]).role == "admin"
    nobody = cli(database_url, "set-role", "Nobody", "admin")
    assert nobody.returncode == 1 and "no account is named" in nobody.stderr
    wrong = cli(database_url, "set-role", "Mel", "king")
    assert wrong.returncode == 2


# --- times in the admin's own zone ---------------------------------------------------


def test_every_time_on_the_admin_pages_is_in_the_admins_zone(
    client: TestClient, db: Database
) -> None:
    ada, _ = person(client, db, "Ada", "admin")
    _, mel = person(client, db, "Mel")
    seen = utcnow().replace(year=2030, month=1, day=2, hour=23, minute=30, second=0, microsecond=0)
    until = seen + timedelta(days=400)
    with db.session() as session, session.begin():
        session.execute(
            update(User)
            .where(User.id == mel)
            .values(last_seen_at=seen, banned_until=until, ban_reason="spam")
        )
    expect(ada.post("/api/admin/invitations", json={"note": "club"}), 201)
    expect(ada.patch("/api/me/preferences", json={"time_zone": "Asia/Tokyo"}), 200)
    # 23:30 UTC is 08:30 the next morning in Tokyo; the zone is said once, no "UTC".
    people = expect_page(ada.get("/admin?q=Mel"))
    assert "2030-01-03 08:30" in people and "2030-01-02 23:30" not in people
    assert "Asia/Tokyo" in people and "(UTC)" not in people
    one = expect_page(ada.get(f"/admin/people/{mel}"))
    assert "2030-01-03 08:30" in one and "(UTC)" not in one and "(your time)" not in one
    assert "Banned until 2031-02-07 08:30" in one
    made = as_utc(stored_invitation(db).created_at).astimezone(ZoneInfo("Asia/Tokyo"))
    links = expect_page(ada.get("/admin/invitations"))
    assert made.strftime("%Y-%m-%d %H:%M") in links and "(UTC)" not in links
    audit = expect_page(ada.get("/admin/audit"))
    assert made.strftime("%Y-%m-%d %H:%M") in audit and " UTC<" not in audit
    # Until the browser tells the admin's zone, it is UTC, and the page says so.
    expect(ada.patch("/api/me/preferences", json={"time_zone": "UTC"}), 200)
    assert "2030-01-02 23:30" in expect_page(ada.get("/admin?q=Mel"))


def expect_page(response: httpx.Response) -> str:
    assert response.status_code == 200, response.text
    return response.text


def stored_invitation(db: Database) -> SiteInvitation:
    with db.session() as session:
        link = session.scalars(select(SiteInvitation)).one()
        session.expunge(link)
        return link
