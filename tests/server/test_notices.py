"""Notices that never miss a turn and never spam: email confirmed before use, one digest a
day at the person's hour in their own time, the 90 % reminder by email, a one-click
unsubscribe without signing in, nothing pushed in quiet hours but the last reminder.
A real SMTP server (aiosmtpd) and a real push endpoint receive what the server sends."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from support.days import (
    days_settings,
    eventually,
    game_row,
    notices,
    sweep,
    tick,
    turn_based_game,
    visit_and_move,
)
from support.fixtures import LiveServers
from support.live import LiveServer, Player
from support.pushservice import PushService
from support.smtpserver import MailCatcher

from web.db import Database
from web.notify.links import unsubscribe_link

START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
DAY = 86400


@pytest.fixture(scope="module")
def mailbox() -> Iterator[MailCatcher]:
    with MailCatcher() as catcher:
        yield catcher


@pytest.fixture(scope="module")
def server(mailbox: MailCatcher, serve: LiveServers) -> LiveServer:
    live = serve(**days_settings(START, mailbox), mail_from="Chromino <games@chromino.test>")
    live.settings.public_url = live.url
    return live


@pytest.fixture
def database_url(server: LiveServer) -> str:
    """The server's database, for the suite's `db` to look at."""
    return server.settings.database_url


def link_in(text: str) -> str:
    found = re.search(r"https?://\S+", text)
    assert found, text
    return found.group(0)


def body_of(message: object) -> str:
    part = message.get_body(preferencelist=("plain",))  # type: ignore[attr-defined]
    return str(part.get_content())


def confirmed(person: Player, mailbox: MailCatcher, address: str) -> None:
    """Give an address and follow the link the server mails to it."""
    count = len(mailbox.received)
    given = person.http.put("/api/me/email", json={"email": address})
    assert given.status_code == 200, given.text
    assert given.json()["email_verified"] is False
    mail = mailbox.wait_for(count + 1)[count].message
    assert mail["To"] == address
    link = link_in(body_of(mail))
    page = person.http.get(link.replace(person.base_url, ""))
    assert 'data-outcome="verified"' in page.text
    assert person.http.get("/api/me/preferences").json()["email_verified"] is True


def settle_people(*people: Player, zone: str, night: tuple[int, int], digest: int) -> None:
    for person in people:
        changed = person.http.patch(
            "/api/me/preferences",
            json={
                "time_zone": zone,
                "quiet": {"start": night[0], "end": night[1]},
                "digest_hour": digest,
            },
        )
        assert changed.status_code == 200, changed.text


def mails_to(mailbox: MailCatcher, address: str, about: str = "") -> list[object]:
    """What reached the address (its subject containing ``about``), the confirmation
    left out."""
    return [
        r.message
        for r in mailbox.received
        if r.message["To"] == address
        and about in str(r.message["Subject"])
        and "Confirm" not in str(r.message["Subject"])
    ]


def test_no_email_goes_to_an_address_before_its_link_is_followed(
    server: LiveServer, mailbox: MailCatcher
) -> None:
    ana = Player(server.url)
    count = len(mailbox.received)
    given = ana.http.put("/api/me/email", json={"email": "ana@example.test"})
    assert given.status_code == 200
    confirmation = mailbox.wait_for(count + 1)[count].message
    assert "Confirm your address" in confirmation["Subject"]
    forged = ana.http.get("/email/verify?token=not-a-token")
    assert 'data-outcome="verify_malformed"' in forged.text
    assert ana.http.get("/api/me/preferences").json()["email_verified"] is False
    bad = ana.http.put("/api/me/email", json={"email": "no address"})
    assert bad.status_code == 422


def test_one_digest_a_day_at_the_persons_hour_in_their_own_time(
    server: LiveServer, mailbox: MailCatcher, db: Database
) -> None:
    # The day starts at 02:00 UTC (11:00 in Tokyo), well before Bob's hour: begun past
    # it, his game would rightly be in that evening's digest at once. The server's
    # clock only ever moves on (other tests of the module have moved it already).
    now = server.clock.now()
    morning = datetime(now.year, now.month, now.day, 2, 0, tzinfo=UTC) + timedelta(days=1)
    server.clock.set(morning)
    ana, bob = Player(server.url), Player(server.url)
    # Bob is in Tokyo (UTC+9), sleeps 23:00-07:00, wants his digest at 20:00 his time
    settle_people(ana, zone="Europe/Paris", night=(0, 0), digest=18)
    settle_people(bob, zone="Asia/Tokyo", night=(23 * 60, 7 * 60), digest=20)
    confirmed(bob, mailbox, "bob@example.test")
    game_id = turn_based_game(ana, [bob], days=7)
    sweep(server)
    if game_row(db, game_id).current_seat == 0:
        visit_and_move(ana, game_id, random.Random(3))
    assert game_row(db, game_id).current_seat == 1
    now = server.clock.now()
    tokyo_eight = datetime(now.year, now.month, now.day, 11, 0, tzinfo=UTC)  # 20:00 in Tokyo
    if tokyo_eight <= now:
        tokyo_eight += timedelta(days=1)
    server.clock.set(tokyo_eight - timedelta(minutes=5))
    sweep(server)
    assert mails_to(mailbox, "bob@example.test") == []
    server.clock.set(tokyo_eight + timedelta(minutes=1))
    sweep(server)
    [digest] = eventually(lambda: mails_to(mailbox, "bob@example.test"), what="the digest")
    assert "waiting for your move" in str(digest["Subject"])  # type: ignore[index]
    text = body_of(digest)
    assert f"/g/{game_id}" in text
    assert digest["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"  # type: ignore[index]
    for _ in range(4):  # the rest of his day: still one
        tick(server, 3600)
    assert len(mails_to(mailbox, "bob@example.test")) == 1
    server.clock.set(tokyo_eight + timedelta(days=1, minutes=1))
    sweep(server)
    eventually(lambda: len(mails_to(mailbox, "bob@example.test")) == 2, what="the next day's")


def test_one_click_unsubscribe_works_without_signing_in(
    server: LiveServer, mailbox: MailCatcher
) -> None:
    cy = Player(server.url)
    confirmed(cy, mailbox, "cy@example.test")

    link = unsubscribe_link(server.settings, server.app_state().secret, cy.me["id"])
    # a mail client's one-click: a POST with no cookie at all
    with httpx.Client(base_url=server.url) as stranger:
        page = stranger.get(link.replace(server.url, ""))
        assert 'data-outcome="unsubscribe_ask"' in page.text
        assert cy.http.get("/api/me/preferences").json()["switched_off"]["email"] == []
        done = stranger.post(link.replace(server.url, ""))
        assert 'data-outcome="unsubscribed"' in done.text
        forged = stranger.post("/email/unsubscribe?token=" + link.rsplit("=", 1)[1][:-2] + "xx")
        assert 'data-outcome="unsubscribe_tampered"' in forged.text
    switched = cy.http.get("/api/me/preferences").json()["switched_off"]["email"]
    assert sorted(switched) == ["digest", "reminder", "tournament"]  # every kind of email


def test_nothing_is_pushed_inside_quiet_hours_except_the_last_reminder(
    server: LiveServer, mailbox: MailCatcher, db: Database
) -> None:
    ana, bob = Player(server.url), Player(server.url)
    settle_people(ana, bob, zone="UTC", night=(22 * 60, 8 * 60), digest=8)
    confirmed(bob, mailbox, "bob.quiet@example.test")
    confirmed(ana, mailbox, "ana.quiet@example.test")
    with PushService() as push:
        for person in (ana, bob):
            added = person.http.post("/api/me/push-devices", json=push.subscribe())
            assert added.status_code == 201
        now = server.clock.now()
        night = datetime(now.year, now.month, now.day, 23, 0, tzinfo=UTC)
        if night <= now:
            night += timedelta(days=1)
        server.clock.set(night)
        game_id = turn_based_game(ana, [bob], days=1)  # dealt at 23:00: the mover sleeps
        sweep(server)
        tick(server, 120)
        [turn] = notices(db, game_id, "turn")
        assert turn.pushed is None and turn.due_at is not None
        assert turn.due_at.hour == 8, "the turn notice waits for the morning"
        assert push.received == []
        # the clock starts at 08:00; 14 waking hours; 90 % is at 20:36, the deadline 22:00
        morning = night.replace(hour=8) + timedelta(days=1)
        server.clock.set(morning + timedelta(minutes=1))
        sweep(server)
        assert len(push.wait_for(1)) == 1
        server.clock.set(morning + timedelta(hours=7, minutes=1))  # half: 15:00
        sweep(server)
        server.clock.set(morning + timedelta(hours=12, minutes=37))
        sweep(server)
        kinds = [n.kind for n in notices(db, game_id)]
        assert kinds == ["turn", "half", "ninety"]
        assert len(push.wait_for(3)) == 3
        mover = "ana.quiet@example.test"
        if game_row(db, game_id).current_seat == 1:
            mover = "bob.quiet@example.test"
        reminders = [m for m in mails_to(mailbox, mover) if "nearly up" in str(m["Subject"])]  # type: ignore[index]
        assert len(reminders) == 1, "the 90 % reminder also by email"


def test_a_tournament_over_days_mails_the_table_ready_and_the_final_place(
    server: LiveServer, mailbox: MailCatcher
) -> None:
    """An entrant with a confirmed address hears by email that their table is ready and,
    at the end, where they finished; the organiser's tournament is one round at a
    table of two, against the bot the organiser added."""
    now = server.clock.now()
    noon = datetime(now.year, now.month, now.day, 12, 0, tzinfo=UTC) + timedelta(days=1)
    server.clock.set(noon)
    organiser, dan = Player(server.url), Player(server.url)
    settle_people(organiser, dan, zone="UTC", night=(23 * 60, 6 * 60), digest=6)
    assert organiser.http.put("/api/me/password", json={"password": "a long password"}).is_success
    confirmed(dan, mailbox, "dan.cup@example.test")
    choices = {"name": "Letter cup", "kind": "chromino", "pace": "days", "rounds": 1}
    made = organiser.http.post("/api/tournaments", json={**choices, "largest": 2})
    assert made.status_code == 201, made.text
    public_id = made.json()["id"]
    assert dan.http.post(f"/api/tournaments/{public_id}/entries").status_code == 201
    added = organiser.http.post(f"/api/tournaments/{public_id}/entries/bot")
    assert added.status_code == 201, added.text
    tick(server, 120)
    [ready] = eventually(lambda: mails_to(mailbox, "dan.cup@example.test", "Letter cup"))
    assert "your table" in str(ready["Subject"])  # type: ignore[index]
    ended = organiser.http.post(f"/api/tournaments/{public_id}/end")
    assert ended.status_code == 200, ended.text
    tick(server, 120)
    [over] = eventually(lambda: mails_to(mailbox, "dan.cup@example.test", "is over"))
    assert "Letter cup" in str(over["Subject"])  # type: ignore[index]
