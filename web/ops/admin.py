"""A host's tools on the people and games of a server: pruning idle guests, stuck
games, chat reports and ending a game (``chromino admin``, and the admin page).

Each function works on a :class:`~web.db.Database` (or a session) and raises
:class:`AdminError` with a message for people when it cannot do what is asked;
``web.ops.cli`` prints it. Backups and restores are :mod:`web.ops.backups`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from ..db import Database, as_utc, utcnow
from ..games import game_kind
from ..models import (
    ChatMessage,
    ChatReport,
    Game,
    GameEvent,
    GamePlayer,
    GameTable,
    Preference,
    TableSeat,
    User,
)
from ..people import FORMER_PLAYER, without_a_way_in
from ..records import forget_imports

PRUNE_BATCH = 200


class AdminError(Exception):
    """A host's command that cannot be carried out; the message says why."""


# --- guests -------------------------------------------------------------------------


def prune_guests(
    database: Database, days: int, *, now: datetime | None = None, dry_run: bool = False
) -> list[int]:
    """Delete guest accounts (no password) unseen for ``days`` days; returns their ids.

    A guest seated at a game in progress, or at a table that is open or playing,
    stays whatever the date. The finished games a pruned guest played stay,
    readable by everyone, the seat named "a former player" as a deleted person's; so
    do the finished tables they created.
    """
    if days < 1:
        raise AdminError("--days must be at least 1")
    cutoff = (now or utcnow()) - timedelta(days=days)
    pruned: list[int] = []
    while True:
        with database.session() as session:
            seen = pruned if dry_run else []  # (pruned ones are gone)
            ids = _idle_guests(session, cutoff, exclude=seen, limit=PRUNE_BATCH)
            if not ids:
                return pruned
            if dry_run:
                pruned.extend(ids)
                session.rollback()
                continue
            _forget(session, ids)
            pruned.extend(ids)


def _idle_guests(session: Session, cutoff: datetime, exclude: list[int], limit: int) -> list[int]:
    in_game = (
        select(GamePlayer.user_id)
        .join(Game, Game.id == GamePlayer.game_id)
        .where(Game.status == "playing", GamePlayer.user_id.is_not(None))
    )
    at_table = (
        select(TableSeat.user_id)
        .join(GameTable, GameTable.id == TableSeat.table_id)
        .where(GameTable.status.in_(("open", "playing")), TableSeat.user_id.is_not(None))
    )
    created_table = select(GameTable.creator_id).where(
        GameTable.status.in_(("open", "playing")), GameTable.creator_id.is_not(None)
    )
    query = (
        select(User.id)
        .where(
            without_a_way_in(),  # no password, no passkey
            User.last_seen_at < cutoff,
            User.id.not_in(in_game),
            User.id.not_in(at_table),
            User.id.not_in(created_table),
        )
        .order_by(User.id)
        .limit(limit)
        .with_for_update()  # PostgreSQL: a guest coming back waits until we are done
    )
    if exclude:
        query = query.where(User.id.not_in(exclude))
    return list(session.scalars(query))


def _forget(session: Session, ids: list[int]) -> None:
    """Detach the guests from what they leave behind, then delete them."""
    games = session.scalars(
        select(Game).where(
            Game.id.in_(select(GamePlayer.game_id).where(GamePlayer.user_id.in_(ids)))
        )
    )
    for game in games:
        seats = [dict(seat) for seat in game.seats]
        players = list(game.setup.get("players", []))
        for index, seat in enumerate(seats):
            if seat.get("user_id") in ids:
                seats[index] = {"user_id": None, "bot": None, "name": FORMER_PLAYER}
                if index < len(players):
                    players[index] = FORMER_PLAYER
        game.seats = seats  # new objects: JSON columns do not see changes in place
        game.setup = {**game.setup, "players": players}
    session.execute(update(GamePlayer).where(GamePlayer.user_id.in_(ids)).values(user_id=None))
    session.execute(update(GameEvent).where(GameEvent.user_id.in_(ids)).values(user_id=None))
    session.execute(update(TableSeat).where(TableSeat.user_id.in_(ids)).values(user_id=None))
    session.execute(update(GameTable).where(GameTable.creator_id.in_(ids)).values(creator_id=None))
    forget_imports(session, ids)
    session.flush()
    session.execute(delete(Preference).where(Preference.user_id.in_(ids)))
    session.execute(delete(User).where(User.id.in_(ids)))


# --- games ----------------------------------------------------------------------------


@dataclass(frozen=True)
class StuckGame:
    """A game in progress with no event for a while."""

    game_id: str
    version: int
    players: list[str]
    last_activity: datetime
    idle: timedelta


def stuck_games(
    database: Database, hours: float, *, now: datetime | None = None
) -> list[StuckGame]:
    """Games in progress whose last event (or start) is more than ``hours`` old."""
    if hours <= 0:
        raise AdminError("--hours must be more than 0")
    now = now or utcnow()
    last_event = (
        select(GameEvent.game_id, func.max(GameEvent.created_at).label("at"))
        .group_by(GameEvent.game_id)
        .subquery()
    )
    with database.session() as session:
        rows = session.execute(
            select(Game, last_event.c.at)
            .outerjoin(last_event, last_event.c.game_id == Game.id)
            .where(Game.status == "playing")
            .order_by(Game.created_at)
        ).all()
        stuck = []
        for game, at in rows:
            moment = as_utc(at or game.created_at)
            if now - moment > timedelta(hours=hours):
                names = [str(seat.get("name")) for seat in game.seats]
                stuck.append(StuckGame(game.id, game.version, names, moment, now - moment))
        return stuck


@dataclass(frozen=True)
class ReportedLine:
    """A chat line someone reported, as the host reads it."""

    report_id: int
    game_id: str
    seq: int
    author: str
    said: str
    reporter: str
    reason: str
    at: datetime


def chat_reports(database: Database, *, handled: bool = False) -> list[ReportedLine]:
    """The reports of chat lines not yet handled (all of them with ``handled``), oldest first."""
    with database.session() as session:
        query = (
            select(ChatReport, ChatMessage, User.name)
            .join(ChatMessage, ChatMessage.id == ChatReport.message_id)
            .outerjoin(User, User.id == ChatReport.reporter_id)
            .order_by(ChatReport.created_at)
        )
        if not handled:
            query = query.where(ChatReport.handled.is_(False))
        return [
            ReportedLine(
                report.id,
                line.game_id,
                line.seq,
                line.name,
                line.text if line.text is not None else f"[{line.preset}]",
                reporter or "(gone)",
                report.reason,
                as_utc(report.created_at),
            )
            for report, line, reporter in session.execute(query)
        ]


def handle_report(database: Database, report_id: int) -> None:
    """Mark a report as dealt with (it stays, with its line)."""
    with database.session() as session, session.begin():
        report = session.get(ChatReport, report_id)
        if report is None:
            raise AdminError(f"no report has the id {report_id}")
        report.handled = True


def end_game(database: Database, game_id: str, reason: str = "ended by the host") -> dict[str, Any]:
    """Mark a game in progress finished, with a result that says the host ended it.

    Its scores are those it had; nobody wins. A running server notices at the
    game's next move (its commit finds the game no longer playing) and refuses
    every move after that; a server started later never takes it up again.
    """
    with database.session() as session:
        return end_game_in(session, game_id, reason)


def end_game_in(session: Session, game_id: str, reason: str) -> dict[str, Any]:
    """:func:`end_game` in the caller's transaction (the admin page writes its audit
    entry in the same one)."""
    game = session.get(Game, game_id, with_for_update=True)
    if game is None:
        raise AdminError(f"no game has the id {game_id!r}")
    if game.status != "playing":
        raise AdminError(f"the game {game_id} is already {game.status}")
    events = session.scalars(
        select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
    )
    kind = game_kind(game.kind)
    live = kind.restore(game.setup)
    for event in events:
        live.apply(event.seat, kind.stored_action(event.action))
    standing = live.view(None)  # what everyone may see: scores, turns, hand counts
    result: dict[str, Any] = {
        "ended_by": "host",
        "reason": reason,
        "winners": [],
        "scores": list(standing["scores"]),
        "turns": list(standing["turns_taken"]),
        "draws": list(standing["tiles_drawn"]),
        "hand_sizes": list(standing["hand_counts"]),
    }
    game.status = "finished"
    game.result = result
    game.finished_at = utcnow()
    game.turn_deadline_at = None
    session.execute(update(GameTable).where(GameTable.game_id == game_id).values(status="finished"))
    return result
