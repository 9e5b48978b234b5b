"""Two first sign-ups at the same moment on PostgreSQL: only one becomes the admin
(and on an invitation-only server, only the first is let in without an invitation).

On PostgreSQL transactions really interleave, so without a lock both would read
"no admin yet" and both be crowned. SQLite runs one writer at a time already.
"""

from __future__ import annotations

import threading

from fastapi import HTTPException
from sqlalchemy import update
from support.live import make_settings

from web.db import Database
from web.models import User
from web.people import crown_the_first, refuse_a_sign_up


def _without_an_admin(database: Database) -> None:
    """The module's database as a server that has no admin yet, whichever test ran
    before (the tests run in a random order on one database)."""
    with database.session() as session:
        session.execute(update(User).values(role="member"))


def _person(database: Database, name: str) -> int:
    with database.session() as session:
        person = User(name=name, name_key=name.lower(), password_hash="x")
        session.add(person)
        session.flush()
        return person.id


def test_two_first_sign_ups_at_once_make_one_admin(pg_url: str) -> None:
    database = Database(pg_url)
    settings = make_settings(pg_url, first_sign_up_admin=True)
    _without_an_admin(database)
    first, second = _person(database, "First"), _person(database, "Second")
    second_done = threading.Event()
    crowned: dict[str, bool] = {}

    def the_second() -> None:
        with database.session() as session:
            crowned["second"] = crown_the_first(session, settings, session.get_one(User, second))
        second_done.set()

    with database.session() as session:
        crowned["first"] = crown_the_first(session, settings, session.get_one(User, first))
        racer = threading.Thread(target=the_second)
        racer.start()
        # The second sign-up is held by the first's lock for as long as it is open.
        assert not second_done.wait(0.5)
    assert second_done.wait(10)
    racer.join()
    assert crowned == {"first": True, "second": False}
    with database.session() as session:
        assert session.get_one(User, second).role == "member"
    database.dispose()


def test_two_strangers_founding_an_invitation_only_server_at_once_make_one_admin(
    pg_url: str,
) -> None:
    """Both sign up without an invitation while there is no admin: the first is let in
    and crowned; the second waits on the first's lock, then is refused as any stranger
    without an invitation is."""
    database = Database(pg_url)
    settings = make_settings(pg_url, join="invitation", first_sign_up_admin=True)
    _without_an_admin(database)
    first, second = _person(database, "Una"), _person(database, "Duo")
    second_done = threading.Event()
    outcome: dict[str, object] = {}

    def the_second() -> None:
        with database.session() as session:
            try:
                refuse_a_sign_up(session, settings, invited=False)
                outcome["second"] = crown_the_first(
                    session, settings, session.get_one(User, second)
                )
            except HTTPException as error:
                detail: object = error.detail
                outcome["second"] = detail.get("code") if isinstance(detail, dict) else detail
        second_done.set()

    with database.session() as session:
        refuse_a_sign_up(session, settings, invited=False)
        outcome["first"] = crown_the_first(session, settings, session.get_one(User, first))
        racer = threading.Thread(target=the_second)
        racer.start()
        assert not second_done.wait(0.5)  # held by the first's founding lock
    assert second_done.wait(10)
    racer.join()
    assert outcome == {"first": True, "second": "invitation_needed"}
    database.dispose()
