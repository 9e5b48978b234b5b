"""Joining a server: looking makes no account, the first action does (if the join
policy lets the visitor in), invitation links, signing up, the first admin, bans."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from support.api import BASE_URL, PASSWORD, make_admin, refusal, server, signed_in

from web.db import Database, utcnow
from web.models import AuditEntry, BanNotice, SiteInvitation, User
from web.people import FOREVER, accounts
from web.people.access import invitations, policy
from web.people.access.tokens import token_hash

pytestmark = pytest.mark.usefixtures("quick_hasher")


def browser(client: TestClient) -> TestClient:
    """Another browser on the same server (its own empty cookie jar)."""
    return TestClient(client.app, base_url=BASE_URL)


def expect(response: httpx.Response, status: int) -> Any:
    assert response.status_code == status, response.text
    assert "Traceback" not in response.text
    return (
        response.json()
        if response.content and "json" in response.headers.get("content-type", "")
        else response.text
    )


def accounts_in(db: Database) -> int:
    with db.sessions() as session:
        return int(session.scalar(select(func.count()).select_from(User)) or 0)


# --- looking makes no account ---------------------------------------------------------


LOOKS = [
    "/",
    "/rules",
    "/learn/chromino",
    "/api/me",
    "/api/me/games",
    "/games",
    "/solo",
    "/friends",
    "/preferences",
    "/api/friends",
    "/api/me/preferences",
    "/api/me/vacations",
    "/api/invitations",
    "/api/invitation-links",
    "/api/me/mutes",
    "/api/me/solo-best",
]


def test_looking_makes_no_account(client: TestClient, db: Database) -> None:
    for _ in range(10):
        for path in LOOKS:
            expect(browser(client).get(path), 200)
    assert accounts_in(db) == 0


def test_a_visitor_is_shown_the_same_name_on_every_page(client: TestClient) -> None:
    first = expect(client.get("/api/me"), 200)
    assert first["visitor"] is True and first["id"] is None
    page = expect(client.get("/"), 200)
    assert first["name"].split()[-1] in page  # the drawn number, worded in the page
    assert expect(client.get("/api/me"), 200)["name"] == first["name"]


def test_the_first_action_makes_the_account(client: TestClient, db: Database) -> None:
    shown = expect(client.get("/api/me"), 200)
    made = expect(client.post("/api/solo", json={}), 201)
    assert accounts_in(db) == 1
    me = expect(client.get("/api/me"), 200)
    assert me["visitor"] is False and me["name"] == shown["name"]
    lines = expect(client.get("/api/me/games"), 200)
    assert [line["id"] for line in lines] == [made["game_id"]]
    # more actions use the same account
    expect(client.put("/api/me/name", json={"name": "Zoé"}), 200)
    assert accounts_in(db) == 1


def test_a_failed_first_action_keeps_the_name_shown(client: TestClient, db: Database) -> None:
    shown = expect(client.get("/api/me"), 200)
    expect(client.put("/api/me/name", json={"name": "<bad>"}), 422)
    assert accounts_in(db) == 0
    assert expect(client.get("/api/me"), 200)["name"] == shown["name"]


# --- the join policy ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("join", "guests", "code"),
    [
        ("open", False, "sign_up_needed"),
        ("invitation", True, "invitation_needed"),
        ("invitation", False, "invitation_needed"),
        ("closed", True, "closed"),
        ("closed", False, "closed"),
    ],
)
def test_a_visitor_acting_is_refused_by_the_policy(
    database_url: str, db: Database, join: str, guests: bool, code: str
) -> None:
    with server(database_url, join=join, guests=guests) as client:
        page = expect(client.get("/"), 200)
        assert f'data-refusal="{code}"' in page  # the panel says how to get in
        assert 'data-testid="join-panel"' not in expect(client.get("/rules"), 200)
        for action in (
            client.post("/api/solo", json={}),
            client.post("/api/tables", json={"seats": [{"kind": "human"}, {"kind": "bot"}]}),
            client.put("/api/me/name", json={"name": "Eve"}),
            client.patch("/api/me/preferences", json={"sound": False}),
            client.post("/api/me"),
        ):
            refusal(action, 403, code)
    assert accounts_in(db) == 0


def test_a_private_servers_people_are_not_shown_to_strangers(
    database_url: str, db: Database
) -> None:
    make_admin(db)
    with db.sessions() as session:
        ada = session.scalar(select(User.id).where(User.name == "Ada"))
    with server(database_url, join="invitation") as client:
        lobby = expect(client.get("/"), 200)
        assert 'data-testid="join-panel"' in lobby
        assert 'id="play-solo"' not in lobby  # no form that would only be refused
        for page in ("/leaderboard", f"/players/{ada}"):
            shown = expect(client.get(page), 200)
            assert 'data-testid="join-panel"' in shown and "Ada" not in shown
        refusal(client.get("/api/leaderboard"), 403, "invitation_needed")
        refusal(client.get(f"/api/players/{ada}/profile"), 403, "invitation_needed")
        signed_in(client, "Ada")
        assert 'id="play-solo"' in expect(client.get("/"), 200)
        assert expect(client.get(f"/api/players/{ada}/profile"), 200)["name"] == "Ada"
        expect(client.get("/api/leaderboard"), 200)
    assert accounts_in(db) == 1


def test_an_open_server_with_guests_shows_no_panel(client: TestClient) -> None:
    assert 'data-testid="join-panel"' not in expect(client.get("/"), 200)


def test_signing_up_without_guests(database_url: str, db: Database) -> None:
    with server(database_url, guests=False) as client:
        shown = expect(client.get("/"), 200)
        assert 'data-testid="sign-up-form"' in shown
        me = expect(client.post("/api/sign-up", json={"name": "Ana", "password": PASSWORD}), 201)
        assert me["registered"] is True and me["name"] == "Ana" and me["name_chosen"] is True
        expect(client.post("/api/solo", json={}), 201)  # an account now: it plays
        refusal(
            client.post("/api/sign-up", json={"name": "Bo", "password": PASSWORD}),
            409,
            "already_in",
        )
        other = browser(client)
        refusal(
            other.post("/api/sign-up", json={"name": "ANA", "password": PASSWORD}),
            409,
            "name_taken",
        )
        body = expect(other.post("/api/sign-up", json={"name": "Bo", "password": "short"}), 422)
        assert body["detail"][0]["loc"][-1] == "password"
        expect(other.post("/api/sign-up", json={"name": "Bo", "password": PASSWORD, "x": 1}), 422)
    assert accounts_in(db) == 1


def test_a_closed_server_lets_its_people_sign_in(database_url: str, db: Database) -> None:
    make_admin(db)
    with server(database_url, join="closed") as client:
        refusal(
            client.post("/api/sign-up", json={"name": "Bo", "password": PASSWORD}), 403, "closed"
        )
        signed_in(client, "Ada")
        expect(client.post("/api/solo", json={}), 201)
        assert 'data-testid="join-panel"' not in expect(client.get("/"), 200)
    assert accounts_in(db) == 1


def test_an_admins_change_of_policy_takes_effect_at_once(client: TestClient, db: Database) -> None:
    with db.sessions() as session:
        policy.change(session, "join", "invitation")
        session.commit()
    refusal(client.post("/api/me"), 403, "invitation_needed")
    with db.sessions() as session:
        policy.reset(session, "join")
        session.commit()
    expect(client.post("/api/me"), 200)


# --- invitation links -----------------------------------------------------------------


def admin_link(client: TestClient, **body: Any) -> str:
    """A link made by the admin Ada (signed in on her own browser): its token."""
    ada = signed_in(browser(client), "Ada")
    made = expect(ada.post("/api/invitation-links", json=body), 201)
    path: str = made["path"]
    assert path.startswith("/join/")
    return path.removeprefix("/join/")


def test_a_link_lets_one_guest_in_once(database_url: str, db: Database) -> None:
    make_admin(db)
    with server(database_url, join="invitation") as client:
        token = admin_link(client)
        page = expect(client.get(f"/join/{token}"), 200)
        assert 'data-outcome="join_as_guest"' in page
        assert 'data-testid="join-panel"' not in page
        expect(client.get(f"/join/{token}"), 200)  # looking (a link preview) uses nothing
        me = expect(client.post(f"/api/join/{token}"), 200)
        assert me["visitor"] is False and me["registered"] is False
        expect(client.post("/api/solo", json={}), 201)
        # the same browser again: already in
        assert 'data-outcome="already_in"' in expect(client.get(f"/join/{token}"), 200)
        refusal(client.post(f"/api/join/{token}"), 409, "already_in")
        # someone else: the link is used up
        late = browser(client)
        assert 'data-outcome="invitation_used_up"' in expect(late.get(f"/join/{token}"), 410)
        refusal(late.post(f"/api/join/{token}"), 410, "invitation_used_up")
        refusal(late.post("/api/me"), 403, "invitation_needed")
    with db.sessions() as session:
        joined = session.scalar(select(User).where(User.id == me["id"]))
        stored = session.scalar(select(SiteInvitation))
        assert joined is not None and stored is not None
        assert joined.invitation_id == stored.id and stored.used == 1
        # only the token's hash is kept
        assert stored.token_hash == token_hash(token) and token not in stored.token_hash
    assert accounts_in(db) == 2


def test_a_link_for_three_lets_three_in(database_url: str, db: Database) -> None:
    make_admin(db)
    with server(database_url, join="invitation") as client:
        token = admin_link(client, uses=3)
        for _ in range(3):
            expect(browser(client).post(f"/api/join/{token}"), 200)
        refusal(browser(client).post(f"/api/join/{token}"), 410, "invitation_used_up")
    assert accounts_in(db) == 4


def test_a_link_without_guests_signs_up(database_url: str, db: Database) -> None:
    make_admin(db)
    with server(database_url, join="invitation", guests=False) as client:
        token = admin_link(client)
        page = expect(client.get(f"/join/{token}"), 200)
        assert 'data-outcome="sign_up"' in page and 'data-testid="sign-up-form"' in page
        refusal(client.post(f"/api/join/{token}"), 403, "sign_up_needed")
        refusal(
            client.post("/api/sign-up", json={"name": "Bo", "password": PASSWORD}),
            403,
            "invitation_needed",
        )
        body = {"name": "Bo", "password": PASSWORD, "invitation": token}
        me = expect(client.post("/api/sign-up", json=body), 201)
        assert me["registered"] is True
        refusal(
            browser(client).post("/api/sign-up", json={**body, "name": "Cy"}),
            410,
            "invitation_used_up",
        )


def test_an_expired_link_is_refused(database_url: str, db: Database) -> None:
    make_admin(db)
    with server(database_url, join="invitation") as client:
        token = admin_link(client, days=2)
        client.app.state.clock.advance(timedelta(days=2, seconds=1).total_seconds())  # type: ignore[attr-defined]
        page = expect(client.get(f"/join/{token}"), 410)
        assert 'data-outcome="invitation_expired"' in page
        refusal(client.post(f"/api/join/{token}"), 410, "invitation_expired")
    assert accounts_in(db) == 1


@pytest.mark.parametrize(
    "token",
    ["short", "x" * 43, "A" * 43, "../../etc/passwd", "%00" * 20, "é" * 43],
    ids=["short", "unknown", "unknown-2", "path", "nul", "unicode"],
)
def test_a_malformed_or_forged_link_gets_a_clear_404(
    database_url: str, db: Database, token: str
) -> None:
    with server(database_url, join="invitation") as client:
        response = client.get(f"/join/{token}")
        if response.status_code == 404 and "data-testid" not in response.text:
            return  # the router's own 404 for a path it does not serve (the "path" case)
        assert 'data-outcome="bad_invitation"' in expect(response, 404)
        refusal(client.post(f"/api/join/{token}"), 404, "bad_invitation")
    assert accounts_in(db) == 0


def test_a_revoked_link_lets_nobody_more_in(database_url: str, db: Database) -> None:
    make_admin(db)
    with server(database_url, join="invitation") as client:
        ada = signed_in(browser(client), "Ada")
        made = expect(ada.post("/api/invitation-links", json={"uses": 5, "note": "club"}), 201)
        token = made["path"].removeprefix("/join/")
        expect(browser(client).post(f"/api/join/{token}"), 200)
        number = made["invitation"]["id"]
        # not someone else's to withdraw
        outsider = browser(client)
        expect(outsider.post(f"/api/join/{token}"), 200)
        refusal(outsider.delete(f"/api/invitation-links/{number}"), 404, "no_such_invitation")
        revoked = expect(ada.delete(f"/api/invitation-links/{number}"), 200)
        assert revoked["state"] == "revoked" and revoked["used"] == 2
        assert 'data-outcome="invitation_revoked"' in expect(client.get(f"/join/{token}"), 410)
        refusal(client.post(f"/api/join/{token}"), 410, "invitation_revoked")
        listed = expect(ada.get("/api/invitation-links"), 200)
        assert listed["may_invite"] is True and listed["limit"] is None
        assert [link["state"] for link in listed["invitations"]] == ["revoked"]
        assert "token" not in str(listed) and token not in str(listed)
    with db.sessions() as session:
        actions = list(session.scalars(select(AuditEntry.action).order_by(AuditEntry.id)))
        assert actions == ["invitation_made", "invitation_revoked"]


def test_members_invite_within_their_quota(database_url: str, db: Database) -> None:
    with server(database_url, member_invitations=2) as client:
        expect(client.post("/api/me"), 200)
        made = [
            expect(client.post("/api/invitation-links", json={"uses": 50}), 201) for _ in range(2)
        ]
        assert made[0]["invitation"]["uses"] == invitations.MAX_MEMBER_USES
        refusal(client.post("/api/invitation-links", json={}), 409, "invitation_quota")
        listed = expect(client.get("/api/invitation-links"), 200)
        assert listed["limit"] == 2 and len(listed["invitations"]) == 2
        # withdrawing one makes room for another
        expect(client.delete(f"/api/invitation-links/{made[0]['invitation']['id']}"), 200)
        expect(client.post("/api/invitation-links", json={"note": "Mia"}), 201)
    with server(database_url) as client:  # member_invitations 0: only staff invite
        expect(client.post("/api/me"), 200)
        assert expect(client.get("/api/invitation-links"), 200)["may_invite"] is False
        refusal(client.post("/api/invitation-links", json={}), 403, "no_invitations")


@pytest.mark.parametrize(
    "body",
    [{"uses": 0}, {"uses": "2"}, {"days": 91}, {"note": "x" * 101}, {"token": "mine"}],
    ids=["no-uses", "uses-text", "too-long", "long-note", "unknown-field"],
)
def test_bad_link_requests_are_refused(client: TestClient, body: dict[str, Any]) -> None:
    expect(client.post("/api/me"), 200)
    expect(client.post("/api/invitation-links", json=body), 422)


def test_invitation_functions_for_the_admin_page(db: Database) -> None:
    """What /admin uses: make, list (everyone's), a clock passed in, revoke."""
    make_admin(db)
    with db.sessions() as session:
        ada = session.scalar(select(User).where(User.name == "Ada"))
        assert ada is not None
        rules = policy.Policy(
            join="invitation", guests=True, member_invitations=0, tournament_organisers="members"
        )
        now = utcnow()
        invitation, token = invitations.make_invitation(
            session, ada, 2, 1, " the club ", rules=rules, now=now
        )
        assert invitation.note == "the club"
        assert invitations.find(session, token, now).id == invitation.id
        assert invitations.redeem(session, token, now).used == 1
        later = now + timedelta(days=1)
        assert invitations.seen(invitation, later).state == "expired"
        with pytest.raises(invitations.InvitationError) as refused:
            invitations.redeem(session, token, later)
        assert refused.value.code == "invitation_expired"
        assert [i.id for i in invitations.list_invitations(session)] == [invitation.id]
        invitations.revoke(session, invitation.id, ada, now)
        assert invitations.seen(invitation, now).state == "revoked"


# --- the first admin, bans ------------------------------------------------------------


def test_the_first_to_set_a_password_becomes_admin(database_url: str, db: Database) -> None:
    with server(database_url, first_sign_up_admin=True) as client:
        expect(client.put("/api/me/name", json={"name": "Host"}), 200)
        old_cookie = client.cookies["chromino_session"]
        expect(client.put("/api/me/password", json={"password": PASSWORD}), 200)
        assert client.cookies["chromino_session"] != old_cookie  # a new session
        other = browser(client)
        expect(other.post("/api/sign-up", json={"name": "Second", "password": PASSWORD}), 201)
    with db.sessions() as session:
        roles = {row.name: row.role for row in session.execute(select(User.name, User.role))}
        assert roles == {"Host": "admin", "Second": "member"}
        crowned = session.scalars(select(AuditEntry).where(AuditEntry.action == "first_admin"))
        assert [entry.target_name for entry in crowned] == ["Host"]


@pytest.mark.parametrize("join", ["invitation", "closed"])
def test_a_private_server_gets_its_first_admin_by_signing_up(
    database_url: str, db: Database, join: str
) -> None:
    with server(database_url, join=join, first_sign_up_admin=True) as client:
        page = expect(client.get("/"), 200)
        assert 'data-refusal="first_admin"' in page and 'data-testid="sign-up-form"' in page
        refusal(client.post("/api/me"), 403, "invitation_needed" if join == "invitation" else join)
        body = {"name": "Host", "password": PASSWORD}
        assert expect(client.post("/api/sign-up", json=body), 201)["registered"] is True
        # Once the server has its admin, the offer is gone and the policy holds.
        late = browser(client)
        page = expect(late.get("/"), 200)
        assert "first_admin" not in page and 'data-testid="sign-up-form"' not in page
        code = "invitation_needed" if join == "invitation" else "closed"
        refusal(late.post("/api/sign-up", json={**body, "name": "Late"}), 403, code)
    with db.sessions() as session:
        assert dict(session.execute(select(User.name, User.role)).all()) == {"Host": "admin"}


def test_a_private_server_without_the_setting_offers_no_founding(
    database_url: str, db: Database
) -> None:
    with server(database_url, join="invitation") as client:
        assert 'data-refusal="invitation_needed"' in expect(client.get("/"), 200)
        body = {"name": "Host", "password": PASSWORD}
        refusal(client.post("/api/sign-up", json=body), 403, "invitation_needed")
    assert accounts_in(db) == 0


def test_without_the_setting_nobody_is_crowned(client: TestClient, db: Database) -> None:
    expect(client.put("/api/me/password", json={"password": PASSWORD}), 200)
    with db.sessions() as session:
        assert session.scalar(select(User.role)) == "member"


def test_a_banned_persons_other_browser_is_told_why_and_until_when(
    database_url: str, db: Database
) -> None:
    make_admin(db)
    with server(database_url, join="invitation") as client:
        ada = signed_in(browser(client), "Ada")
        token = admin_link(client)
        body = {"name": "Mel", "password": PASSWORD, "invitation": token}
        mel = expect(client.post("/api/sign-up", json=body), 201)
        other_tab = signed_in(browser(client), "Mel")
        stranger = browser(client)
        assert expect(other_tab.get("/api/ban-notice"), 200) == {"banned": False}
        until = "2031-01-02T10:00:00+00:00"
        ban = {"reason": "rude to everyone", "until": until}
        expect(ada.post(f"/api/admin/people/{mel['id']}/ban", json=ban), 204)
        # Both browsers of Mel are strangers to the server now, but are told why.
        for tab in (client, other_tab):
            page = expect(tab.get("/"), 200)
            assert 'data-testid="join-panel"' in page
            notice = expect(tab.get("/api/ban-notice", headers={"accept-language": "fr"}), 200)
            assert notice["banned"] is True and notice["code"] == "banned"
            assert notice["reason"] == "rude to everyone" and notice["until"] == until
            assert "rude to everyone" in notice["message"] and "banni" in notice["message"]
        assert expect(stranger.get("/api/ban-notice"), 200) == {"banned": False}
        with db.sessions() as session:
            digests = set(session.scalars(select(BanNotice.session_digest)))
            assert len(digests) == 2 and all(len(digest) == 64 for digest in digests)
        # Lifted: the notices go, and the browsers are strangers like any other.
        expect(ada.post(f"/api/admin/people/{mel['id']}/unban", json={}), 204)
        assert expect(other_tab.get("/api/ban-notice"), 200) == {"banned": False}
        with db.sessions() as session:
            assert session.scalar(select(func.count()).select_from(BanNotice)) == 0


def test_a_banned_person_may_not_make_or_join_tables(
    client: TestClient, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = browser(client)
    seats = {"seats": [{"kind": "human"}, {"kind": "human"}]}
    code = expect(host.post("/api/tables", json=seats), 201)["invite_code"]
    me = expect(client.post("/api/me"), 200)
    with db.sessions() as session:
        banned = session.get(User, me["id"])
        assert banned is not None
        banned.banned_until = FOREVER
        banned.ban_reason = "cheating"
        session.commit()
    # A ban ends the person's sessions; should one outlive it (a request already under
    # way), the lobby refuses them anyway.
    monkeypatch.setattr(accounts, "is_banned", lambda user, now=None: False)
    for action in (
        client.post("/api/tables", json=seats),
        client.post(f"/api/tables/{code}/join"),
        client.post("/api/solo", json={}),
    ):
        assert "cheating" in refusal(action, 403, "banned")
    monkeypatch.undo()
    assert expect(client.get("/api/me"), 200)["visitor"] is True  # the session is gone


def test_a_friend_link_makes_a_guest_only_where_the_policy_lets_one_in(
    database_url: str, db: Database
) -> None:
    with server(database_url) as client:
        link = expect(client.get("/api/friends"), 200)["link"]
        assert link == ""  # a visitor has no link yet
        expect(client.post("/api/me"), 200)
        link = expect(client.get("/api/friends"), 200)["link"]
        newcomer = browser(client)
        opened = newcomer.get(link, follow_redirects=False)
        assert opened.status_code == 303 and opened.headers["location"].startswith(
            "/friends?added="
        )
        assert len(expect(newcomer.get("/api/friends"), 200)["friends"]) == 1
    with db.sessions() as session:
        policy.change(session, "join", "invitation")
        session.commit()
    with server(database_url) as client:
        stranger = browser(client)
        opened = stranger.get(link, follow_redirects=False)
        assert opened.status_code == 303 and opened.headers["location"] == "/"
    assert accounts_in(db) == 2


def test_a_visitor_kept_out_still_chooses_the_language(database_url: str, db: Database) -> None:
    with server(database_url, join="invitation") as client:
        chosen = expect(client.patch("/api/me/preferences", json={"language": "fr"}), 200)
        assert chosen["language"] == "fr"
        assert '<html lang="fr">' in expect(client.get("/rules"), 200)
        assert expect(client.get("/api/me"), 200)["preferences"]["language"] == "fr"
        refusal(
            client.patch("/api/me/preferences", json={"sound": False}), 403, "invitation_needed"
        )
        expect(client.patch("/api/me/preferences", json={"language": "auto"}), 200)
        assert '<html lang="en">' in expect(client.get("/rules"), 200)
    assert accounts_in(db) == 0


def test_a_banned_persons_forgotten_tab_makes_no_new_guest_on_an_open_server(
    client: TestClient, db: Database
) -> None:
    """On an open server with guests, acting in a tab whose session a ban ended is
    refused with why and until when, rather than making the banned person a new guest."""
    make_admin(db)
    ada = signed_in(browser(client), "Ada")
    mel = browser(client)
    expect(mel.put("/api/me/name", json={"name": "Mel"}), 200)
    expect(mel.put("/api/me/password", json={"password": PASSWORD}), 200)
    forgotten = browser(client)
    forgotten.cookies.update(mel.cookies)
    mel_id = expect(mel.get("/api/me"), 200)["id"]
    ban = {"reason": "rude to everyone", "until": "2031-01-02T10:00:00+00:00"}
    expect(ada.post(f"/api/admin/people/{mel_id}/ban", json=ban), 204)
    with db.sessions() as session:
        people = session.scalar(select(func.count()).select_from(User))
    seats = {"seats": [{"kind": "human"}, {"kind": "human"}]}
    refused = forgotten.post("/api/tables", json=seats)
    assert refused.status_code == 403, refused.text
    detail = refused.json()["detail"]
    assert detail["code"] == "banned" and detail["reason"] == "rude to everyone"
    assert detail["until"] == ban["until"]
    with db.sessions() as session:
        assert session.scalar(select(func.count()).select_from(User)) == people
    # a browser that never was theirs still becomes a guest on this open server
    expect(browser(client).post("/api/tables", json=seats), 201)
