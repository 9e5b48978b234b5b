"""Stored tournaments for tests: people made straight in the database, a tournament
with entrants, and a round started from a process of its own (by ``start_round``, or
by the timer's ``run_due``)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from web.clock import FakeClock
from web.db import Database
from web.games import DEFAULT_GAME
from web.models import User
from web.tournaments import TournamentSpec, create_tournament, register, run_due, start_round

NOW = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)


def person(session: Session, name: str = "player") -> User:
    """A member with a name of their own (names are unique across the database)."""
    tag = secrets.token_hex(4)
    user = User(name=f"{name}-{tag}"[:40], name_key=f"{name}-{tag}".lower())
    session.add(user)
    session.flush()
    return user


def spec(**choices: Any) -> TournamentSpec:
    """A Swiss tournament of the default game at tables of 2 to 4, with ``choices``."""
    given: dict[str, Any] = {"name": "Winter cup", "kind": DEFAULT_GAME, **choices}
    return TournamentSpec(**given)


def tournament_with(db: Database, entrants: int, **choices: Any) -> tuple[str, list[int]]:
    """A tournament with ``entrants`` registered: its public id and their user ids, in
    entry-number order."""
    with db.session() as session:
        organiser = person(session, "organiser")
        made = create_tournament(session, organiser, spec(**choices), NOW)
        users = [person(session) for _ in range(entrants)]
        for user in users:
            register(session, made.public_id, user, NOW)
        return made.public_id, [user.id for user in users]


def start_in_own_process(url: str, public_id: str, ready: Any, go: Any, out: Any) -> None:
    """Start ``public_id``'s next round with an engine of this process's own, once every
    racer is ready; put what it got (commitment, tables, created) on ``out``."""
    db = Database(url)
    try:
        ready.put(True)
        go.wait(30)
        with db.session() as session:
            started = start_round(session, public_id, NOW)
        out.put((started.commitment, started.tables, started.created))
    finally:
        db.dispose()


def run_due_in_own_process(url: str, ready: Any, goes: Sequence[Any], out: Any) -> None:
    """Run the tournaments' timer at ``NOW`` with an engine of this process's own, once
    after each of the events ``goes`` is set (the test sets each once every racer is
    ready); put the rounds each run started and the games it created on ``out``."""
    db = Database(url)
    try:
        ready.put(True)
        for go in goes:
            go.wait(60)
            with db.session() as session:
                due = run_due(session, FakeClock(NOW))
            out.put((due.started, due.games))
    finally:
        db.dispose()
