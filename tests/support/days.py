"""Helpers for games played over days: turn-based tables, a fake clock moved on by the
test, people who come and go, and what the server stored for them."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import select

from support.live import GameSocket, LiveServer, Player
from support.smtpserver import MailCatcher
from support.wsplay import FAST, choose
from web.db import Database
from web.models import Game, GameEvent, Notice

T = TypeVar("T")


def days_settings(start: datetime, mailbox: MailCatcher | None = None) -> dict[str, Any]:
    """The settings of a server for play over days (for ``serve``): its clock a fake one
    from ``start``, its sweep run by the test (:func:`sweep`; its own rounds are 300 s of
    real time apart), a Hard bot that thinks briefly, no coach, and email to ``mailbox``
    when one is given."""
    settings: dict[str, Any] = {
        "fake_clock": True,
        "fake_clock_start": start,
        "sweep_seconds": 300,
        "bot_seconds": 0.05,
        "coach": False,
        **FAST,
    }
    if mailbox is not None:
        settings |= {"smtp_host": mailbox.host, "smtp_port": mailbox.port, "smtp_security": "none"}
    return settings


def eventually(check: Callable[[], T | None], timeout: float = 15, what: str = "") -> T:
    """Wait until ``check`` gives something true (the server works in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting for {what or check}")
        time.sleep(0.02)


def turn_based_game(
    creator: Player,
    others: list[Player],
    *,
    days: int | None = 1,
    on_timeout: str = "substitute",
    bots: tuple[str, ...] = (),
    vacation: bool = True,
    game: str = "chromino",
) -> str:
    """A turn-based table of the creator, the others (joining in order) and bots, dealt."""
    seats = [{"kind": "human"}] * (1 + len(others)) + [{"kind": "bot", "bot": b} for b in bots]
    body = {
        "game": game,
        "seats": seats,
        "turn_days": days,
        "on_timeout": on_timeout,
        "vacation": vacation,
    }
    created = creator.http.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    invite = created.json()["invite_code"]
    for person in others:
        joined = person.http.post(f"/api/tables/{invite}/join")
        assert joined.status_code == 200, joined.text
    started = creator.http.post(f"/api/tables/{invite}/start")
    assert started.status_code == 200, started.text
    game_id: str = started.json()["game_id"]
    return game_id


def play_once(sock: GameSocket, message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Play the viewer's turn (drawing first when nothing fits); the last event."""
    command = choose(message, rng, 0.0)
    sock.send({**command, "id": f"c{rng.random()}", "version": message["version"]})
    event = sock.recv_until("event")
    if command["type"] == "draw" and event["state"]["current"] == message["seat"]:
        return play_once(sock, event, rng)
    return event


def visit_and_move(person: Player, game_id: str, rng: random.Random) -> dict[str, Any]:
    """Open the game, make my move, close it: how a turn-based player plays."""
    with person.connect(game_id) as sock:
        welcome = sock.recv_until("welcome")
        assert welcome["state"]["current"] == welcome["seat"], "not my turn"
        return play_once(sock, welcome, rng)


def game_row(db: Database, game_id: str) -> Game:
    with db.session() as session:
        game = session.get(Game, game_id)
        assert game is not None
        session.expunge(game)
        return game


def notices(db: Database, game_id: str, kind: str | None = None) -> list[Notice]:
    with db.session() as session:
        query = select(Notice).where(Notice.game_id == game_id).order_by(Notice.id)
        if kind is not None:
            query = query.where(Notice.kind == kind)
        rows = list(session.scalars(query))
        session.expunge_all()
        return rows


def events(db: Database, game_id: str) -> list[GameEvent]:
    with db.session() as session:
        query = select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
        rows = list(session.scalars(query))
        session.expunge_all()
        return rows


def sweep(server: LiveServer) -> int:
    """Run a round of the server's sweep (and its outbox) now, on the server's loop, and
    wait for it: what the sweep does at this moment is done when this returns (its own
    rounds, run when the fake clock moves on, may do part of it first)."""
    state = server.app_state()
    settled: int = asyncio.run_coroutine_threadsafe(state.sweep.once(), state.loop).result(30)
    return settled


def tick(server: LiveServer, seconds: float) -> datetime:
    """Move the server's clock on, then sweep."""
    moment = server.clock.advance(seconds)
    sweep(server)
    return moment


def walk(server: LiveServer, until: datetime, step: timedelta = timedelta(minutes=30)) -> None:
    """Move the clock on in steps, sweeping at each."""
    while server.clock.now() < until:
        server.clock.set(min(until, server.clock.now() + step))
        sweep(server)


def loaded(server: LiveServer, game_id: str) -> bool:
    return game_id in server.app_state().hub.rooms
