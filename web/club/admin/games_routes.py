"""The games and reports sections' API: games in progress (the stuck ones first), ending
one, the chat lines players reported and marking them handled."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response, status
from sqlalchemy import select

from ... import ops
from ...db import Database
from ...i18n import N_
from ...lobby import ID_SHAPE
from ...models import ChatMessage, ChatReport
from ...people import SessionDep, audit
from .access import Acting, NoStoreRoute, Staff, refusal
from .schemas import EndGameBody

router = APIRouter(prefix="/api/admin", route_class=NoStoreRoute)
STUCK_HOURS = 24.0
"""A game in progress with no move for this long is listed as stuck."""
SHOWN = 200


def games_in_progress(database: Database, stuck_hours: float) -> dict[str, Any]:
    """Every game in progress (at most :data:`SHOWN`), the longest idle first, each
    marked stuck when idle over ``stuck_hours``."""
    games = ops.stuck_games(database, 1e-9)  # idle for any time at all: all of them
    games.sort(key=lambda game: game.idle, reverse=True)
    return {
        "stuck_hours": stuck_hours,
        "total": len(games),
        "games": [
            {
                "id": game.game_id,
                "moves": game.version,
                "players": game.players,
                "last_activity": game.last_activity.isoformat(),
                "idle_hours": round(game.idle.total_seconds() / 3600, 1),
                "stuck": game.idle.total_seconds() > stuck_hours * 3600,
            }
            for game in games[:SHOWN]
        ],
    }


@router.get("/games")
def list_games(
    staff: Staff,
    session: SessionDep,
    request: Request,
    hours: Annotated[float, Query(gt=0, le=24 * 365)] = STUCK_HOURS,
) -> dict[str, Any]:
    """Games in progress, the longest idle first; those idle for ``hours`` are stuck."""
    session.commit()  # (SQLite: the request's transaction would hold up the reading)
    return games_in_progress(request.app.state.db, hours)


@router.post("/games/{game_id}/end", status_code=status.HTTP_204_NO_CONTENT)
def end_game(
    game_id: Annotated[str, Path(max_length=40)],
    body: EndGameBody,
    actor: Acting,
    session: SessionDep,
    request: Request,
) -> Response:
    """End a game in progress: nobody wins, the scores stay as they were. Its room here
    closes (its viewers reconnect to the finished game); other processes follow at its
    next move."""
    if not ID_SHAPE.fullmatch(game_id):
        raise refusal(404, "no_such_game", N_("no game has this id"))
    reason = body.reason or "ended by an admin"
    try:
        ops.end_game_in(session, game_id, reason)
    except ops.AdminError:
        raise refusal(409, "not_in_progress", N_("this game is not in progress")) from None
    audit.record(session, actor, "end_game", None, game=game_id, reason=reason)
    session.commit()
    request.app.state.loop.call_soon_threadsafe(_close_room, request.app.state.hub, game_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


def _close_room(hub: Any, game_id: str) -> None:
    room = hub.rooms.get(game_id)
    if room is not None:
        hub.evict(room)
    hub.lobby_changed()


def reports(session: SessionDep, database: Database, everything: bool) -> list[dict[str, Any]]:
    """The reported lines (``everything``: the handled ones too), newest first, each
    with its author's id (the page links to them) and whether it was handled."""
    session.commit()  # (SQLite: the request's transaction would hold up the reading)
    lines = ops.chat_reports(database, handled=everything)
    ids = [line.report_id for line in lines]
    rows = session.execute(
        select(ChatReport.id, ChatMessage.user_id)
        .join(ChatMessage, ChatMessage.id == ChatReport.message_id)
        .where(ChatReport.id.in_(ids))
    )
    authors: dict[int, int | None] = dict(rows.all())
    handled = set(
        session.scalars(select(ChatReport.id).where(ChatReport.id.in_(ids), ChatReport.handled))
    )
    return [
        {
            "id": line.report_id,
            "game": line.game_id,
            "seq": line.seq,
            "author": line.author,
            "author_id": authors.get(line.report_id),
            "said": line.said,
            "reporter": line.reporter,
            "reason": line.reason,
            "at": line.at.isoformat(),
            "handled": line.report_id in handled,
        }
        for line in reversed(lines)
    ]


@router.get("/reports")
def list_reports(
    staff: Staff, session: SessionDep, request: Request, all: bool = False
) -> dict[str, Any]:
    """Chat lines players reported, newest first (``all``: the handled ones too)."""
    return {"reports": reports(session, request.app.state.db, all)}


@router.post("/reports/{report_id}/handled", status_code=status.HTTP_204_NO_CONTENT)
def mark_handled(
    report_id: Annotated[int, Path(ge=1, le=2**53)], actor: Acting, session: SessionDep
) -> Response:
    """Mark a report as dealt with (it stays, with its line)."""
    report = session.get(ChatReport, report_id)
    if report is None:
        raise refusal(404, "no_such_report", N_("no report has this id"))
    if report.handled:
        raise refusal(409, "already_handled", N_("this report was already handled"))
    report.handled = True
    audit.record(session, actor, "report_handled", None, report=report_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
