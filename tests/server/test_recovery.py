"""Account recovery: "forgot my password" by email through a real SMTP server (aiosmtpd),
the link a person gets in their own language, good once and for a while, which ends
every other session; the same answer whether or not a name exists; forged, cut and
spent links refused with a clear page; the link an admin makes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from support.fixtures import LiveServers
from support.live import LiveServer, Player, make_settings, migrated_sqlite
from support.smtpserver import MailCatcher

from web.club.recovery_mail import SUBJECT
from web.db import Database
from web.i18n import gettext_in
from web.models import AuditEntry, Passkey, RecoveryToken, User
from web.people import recovery

PASSWORD = "an-old-password-1"
NEW_PASSWORD = "a-brand-new-password-2"


@pytest.fixture(scope="module")
def mailbox() -> Iterator[MailCatcher]:
    with MailCatcher() as catcher:
        yield catcher


@pytest.fixture(scope="module")
def server(mailbox: MailCatcher, serve: LiveServers) -> LiveServer:
    return serve(
        own_url=True,
        fake_clock=True,
        smtp_host=mailbox.host,
        smtp_port=mailbox.port,
        smtp_security="none",
        mail_from="Chromino <games@chromino.test>",
        recovery_minutes=30,
    )


def body_of(message: Any, kind: str = "plain") -> str:
    return str(message.get_body(preferencelist=(kind,)).get_content())


def link_in(text: str) -> str:
    found = re.search(r"https?://\S+/recover/\S+", text)
    assert found, text
    return found.group(0)


def member(server: LiveServer, mailbox: MailCatcher, name: str, language: str = "en") -> Player:
    """A registered person with a password and a confirmed address."""
    person = Player(server.url)
    assert person.http.put("/api/me/name", json={"name": name}).status_code == 200
    assert person.http.put("/api/me/password", json={"password": PASSWORD}).status_code == 200
    changed = person.http.patch("/api/me/preferences", json={"language": language})
    assert changed.status_code == 200
    count = len(mailbox.received)
    address = f"{name.lower()}@example.test"
    assert person.http.put("/api/me/email", json={"email": address}).status_code == 200
    confirmation = mailbox.wait_for(count + 1)[count].message
    verify = re.search(r"https?://\S+", body_of(confirmation))
    assert verify
    assert person.http.get(verify.group(0).replace(server.url, "")).status_code == 200
    assert person.http.get("/api/me").json()["preferences"]["email_verified"] is True
    person.me = person.http.get("/api/me").json()
    return person


def ask(server: LiveServer, who: str) -> httpx.Response:
    with httpx.Client(base_url=server.url) as stranger:
        return stranger.post("/api/recovery", json={"who": who})


def mails_to(mailbox: MailCatcher, address: str) -> list[Any]:
    return [r.message for r in mailbox.received if r.message["To"] == address]


def recovery_mail(mailbox: MailCatcher, address: str, before: int) -> Any:
    """The next recovery email to ``address`` (``before``: how many it had)."""
    deadline_count = before + 1
    for _ in range(200):
        found = mails_to(mailbox, address)
        if len(found) >= deadline_count:
            return found[-1]
        mailbox.wait_for(len(mailbox.received) + 1, timeout=10)
    raise AssertionError("no recovery email")


def test_a_link_by_email_in_the_persons_language_works_once_and_ends_every_session(
    server: LiveServer, mailbox: MailCatcher
) -> None:
    ana = member(server, mailbox, "Anabelle", language="fr")
    other_device = Player(server.url)
    signed_in = other_device.http.post(
        "/api/login", json={"name": "Anabelle", "password": PASSWORD}
    )
    assert signed_in.status_code == 200
    before = len(mails_to(mailbox, "anabelle@example.test"))

    asked = ask(server, "anabelle")  # as typed: names are found regardless of case
    assert asked.status_code == 202
    assert asked.json() == {"minutes": 30}
    mail = recovery_mail(mailbox, "anabelle@example.test", before)
    assert mail["Subject"] == gettext_in("fr", SUBJECT)
    assert mail["Subject"] != SUBJECT
    assert mail["Content-Language"] == "fr"
    text = body_of(mail)
    assert "Anabelle" in text and "30 minutes" in text
    link = link_in(text)
    assert link in body_of(mail, "html")

    browser = httpx.Client(base_url=server.url)
    path = link.replace(server.url, "")
    for _ in range(2):  # a mail client's preview does not use the link up
        page = browser.get(path)
        assert page.status_code == 200
        assert 'data-outcome="ready"' in page.text and "Anabelle" in page.text
        assert page.headers["referrer-policy"] == "no-referrer"
    token = path.rsplit("/", 1)[1]
    short = browser.post(f"/api/recover/{token}", json={"password": "short"})
    assert short.status_code == 422  # nothing used by a refused answer
    used = browser.post(f"/api/recover/{token}", json={"password": NEW_PASSWORD})
    assert used.status_code == 200, used.text
    assert used.json()["name"] == "Anabelle" and used.json()["registered"] is True
    assert browser.get("/api/me").json()["id"] == ana.me["id"]  # this browser is Ana now

    for device in (ana, other_device):  # every other session ended
        assert device.http.get("/api/me").json().get("id") != ana.me["id"]
    old = httpx.post(f"{server.url}/api/login", json={"name": "Anabelle", "password": PASSWORD})
    assert old.status_code == 401
    new = httpx.post(f"{server.url}/api/login", json={"name": "Anabelle", "password": NEW_PASSWORD})
    assert new.status_code == 200

    again = browser.post(f"/api/recover/{token}", json={"password": "yet-another-one-3"})
    assert again.status_code == 410
    assert again.json()["detail"]["code"] == "recovery_used"
    spent = browser.get(path)
    assert spent.status_code == 410 and 'data-outcome="used"' in spent.text
    browser.close()


def test_the_answer_is_the_same_whoever_is_named(server: LiveServer, mailbox: MailCatcher) -> None:
    member(server, mailbox, "Bastien")
    no_address = Player(server.url)
    assert no_address.http.put("/api/me/name", json={"name": "Celestine"}).status_code == 200
    answers = [
        ask(server, who)
        for who in ("Nobody-here", "Celestine", "nobody@example.test", "bastien@example.test")
    ]
    assert {answer.status_code for answer in answers} == {202}
    assert len({answer.text for answer in answers}) == 1
    mail = recovery_mail(mailbox, "bastien@example.test", 1)  # by the address, too
    assert "Bastien" in body_of(mail)
    strays = [r for r in mailbox.received if r.message["To"] == "nobody@example.test"]
    assert strays == []


def test_a_link_expires_and_a_newer_one_replaces_it(
    server: LiveServer, mailbox: MailCatcher
) -> None:
    member(server, mailbox, "Dorothea")
    address = "dorothea@example.test"
    first = link_in(body_of(recovery_mail(mailbox, address, _sent(server, mailbox, address))))
    second = link_in(body_of(recovery_mail(mailbox, address, _sent(server, mailbox, address))))
    with httpx.Client(base_url=server.url) as browser:
        replaced = browser.get(first.replace(server.url, ""))
        assert replaced.status_code == 404 and 'data-outcome="unknown"' in replaced.text
        server.clock.advance(31 * 60)
        late = browser.get(second.replace(server.url, ""))
        assert late.status_code == 410 and 'data-outcome="expired"' in late.text
        token = second.rsplit("/", 1)[1]
        refused = browser.post(f"/api/recover/{token}", json={"password": NEW_PASSWORD})
        assert refused.status_code == 410
        assert refused.json()["detail"]["code"] == "recovery_expired"
        assert refused.json()["detail"]["message"]


def _sent(server: LiveServer, mailbox: MailCatcher, address: str) -> int:
    before = len(mails_to(mailbox, address))
    assert ask(server, address).status_code == 202
    return before


@pytest.mark.parametrize(
    ("token", "status", "outcome"),
    [
        ("not-a-token", 404, "malformed"),
        ("A" * 43, 404, "unknown"),
        ("A" * 42 + "%3C", 404, "malformed"),
        ("x" * 400, 404, "malformed"),
    ],
)
def test_forged_and_cut_links_get_a_clear_page_and_change_nothing(
    server: LiveServer, token: str, status: int, outcome: str
) -> None:
    with httpx.Client(base_url=server.url) as browser:
        page = browser.get(f"/recover/{token}")
        assert page.status_code == status
        assert f'data-outcome="{outcome}"' in page.text
        assert "Traceback" not in page.text
        answer = browser.post(f"/api/recover/{token}", json={"password": NEW_PASSWORD})
        assert answer.status_code == status
        assert answer.json()["detail"]["code"] == f"recovery_{outcome}"


def test_requests_are_checked_and_limited(server: LiveServer) -> None:
    with httpx.Client(base_url=server.url) as stranger:
        for body in ({}, {"who": ""}, {"who": "x", "extra": 1}, {"who": 5}):
            refused = stranger.post("/api/recovery", json=body)
            assert refused.status_code == 422, body
        malformed = stranger.post(
            "/api/recovery", content=b"{not json", headers={"Content-Type": "application/json"}
        )
        assert malformed.status_code == 422
        cross_site = stranger.post(
            "/api/recovery", json={"who": "x"}, headers={"Origin": "https://evil.example"}
        )
        assert cross_site.status_code == 403
        limits = server.app_state().limits.recovery_requests
        statuses = [
            stranger.post("/api/recovery", json={"who": "x"}).status_code for _ in range(12)
        ]
        assert 429 in statuses
        limited = stranger.post("/api/recovery", json={"who": "x"})
        assert limited.status_code == 429 and limited.headers["Retry-After"]
        limits._attempts.clear()  # the next tests ask from the same address


def test_an_admins_link_lasts_a_day_is_audited_and_voids_the_earlier_one(
    server: LiveServer, mailbox: MailCatcher, database: Database
) -> None:
    emil = member(server, mailbox, "Emilienne")
    person = Player(server.url)
    assert person.http.put("/api/me/name", json={"name": "Florentin"}).status_code == 200
    target_id = person.http.get("/api/me").json()["id"]
    with database.session() as session:  # (SQLite: the server waits while it is open)
        admin = session.get(User, emil.me["id"])
        target = session.get(User, target_id)
        assert admin is not None and target is not None
        now = server.clock.now()
        first = recovery.make_link(
            session,
            target,
            made_by=admin,
            lifetime=recovery.ADMIN_LINK_LIFETIME,
            base_url=server.url,
            now=now,
        )
        link = recovery.admin_recovery_link(session, target, admin, server.url, now)
        session.commit()
        stored = session.query(RecoveryToken).filter_by(user_id=target.id).all()
        assert len(stored) == 1 and stored[0].made_by == admin.id
        assert link.rsplit("/", 1)[1] not in stored[0].token_hash
        entry = session.query(AuditEntry).filter_by(target_id=target.id).one()
        assert entry.action == "recovery_link" and entry.actor_name == "Emilienne"
        assert link not in str(entry.details)
    with httpx.Client(base_url=server.url) as browser:
        assert browser.get(first.replace(server.url, "")).status_code == 404
        path = link.replace(server.url, "")
        page = browser.get(path)
        assert page.status_code == 200 and "Florentin" in page.text
        token = path.rsplit("/", 1)[1]
        done = browser.post(f"/api/recover/{token}", json={"password": NEW_PASSWORD})
        assert done.status_code == 200 and done.json()["name"] == "Florentin"
    assert person.http.get("/api/me").json().get("name") != "Florentin"


def test_without_email_the_request_says_to_ask_an_admin(tmp_path: Any) -> None:
    url = migrated_sqlite(tmp_path / "chromino.sqlite3")
    live = LiveServer(make_settings(url)).start()
    try:
        answer = httpx.post(f"{live.url}/api/recovery", json={"who": "Anyone"})
        assert answer.status_code == 409
        assert answer.json()["detail"]["code"] == "no_email"
        assert "admin" in answer.json()["detail"]["message"]
        page = httpx.get(f"{live.url}/")
        assert 'data-testid="recovery-no-email"' in page.text
    finally:
        live.stop()


def test_an_account_with_passkeys_only_gets_a_password_back(
    server: LiveServer, mailbox: MailCatcher, database: Database
) -> None:
    gia = member(server, mailbox, "Giacomo")
    with database.session() as session:  # the password given up for a passkey
        user = session.get(User, gia.me["id"])
        assert user is not None
        user.password_hash = None
        session.add(
            Passkey(user_id=user.id, credential_id="cred-giacomo", public_key=b"k", name="Phone")
        )
    address = "giacomo@example.test"
    link = link_in(body_of(recovery_mail(mailbox, address, _sent(server, mailbox, address))))
    token = link.rsplit("/", 1)[1]
    with httpx.Client(base_url=server.url) as browser:
        done = browser.post(f"/api/recover/{token}", json={"password": NEW_PASSWORD})
        assert done.status_code == 200 and done.json()["registered"] is True
    with database.session() as session:
        user = session.get(User, gia.me["id"])
        assert user is not None and user.password_hash is not None
        assert session.query(Passkey).filter_by(user_id=user.id).count() == 1
