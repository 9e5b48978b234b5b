"""A finished game step by step, with its talk and the coach's notes: what the
replay page shows, and what a duplicate table's comparison shows of each board
(web.duplicate), so it lives apart from the routes that serve it."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from sqlalchemy import select
from sqlalchemy.orm import Session

from ..games import game_kind
from ..i18n import best_language
from ..lobby import seat_of
from ..models import Game, GameAnalysis, GameEvent, User
from ..talk import replay_lines
from .coach import points_of
from .coach import summary as coach_summary


def replay_of(session: Session, request: Request, game: Game, user: User | None) -> dict[str, Any]:
    """A finished game's replay (``GET /api/games/{id}/replay``), for a reader already let in
    (the duplicate tables' comparison shows each board's, web.duplicate)."""
    game_id = game.id
    kind = game_kind(game.kind)
    live = kind.restore(game.setup)
    coach = _coach_notes(session, request, game.id, len(game.seats))
    noted = {note["version"]: note for note in coach["notes"]}
    steps: list[dict[str, Any]] = [{"version": 0, "event": None, **live.replay_frame()}]
    for event in stored_events(session, game_id):
        note = noted.get(event.seq)
        if note is not None:
            note["preferred_points"] = points_of(kind, live, event.seat, note["preferred"])
        applied = live.apply(event.seat, kind.stored_action(event.action))
        if note is not None:
            note["played_points"] = applied.public.get("points")
        steps.append(
            {
                "version": event.seq,
                "event": {**applied.public, **applied.private},
                **live.replay_frame(),
            }
        )
    return {
        "game": kind.name,
        "game_id": game.id,
        "players": [seat["name"] for seat in game.seats],
        "bots": [seat["bot"] for seat in game.seats],
        "options": game.setup.get("options", {}),
        "solo": game.solo,
        "imported": game.imported,
        "result": game.result,
        "steps": steps,
        "coach": coach,
        "seat": None if user is None else seat_of(game, user.id),
        "chat": _talk(session, request, game.id, user),
    }


def _talk(
    session: Session, request: Request, game_id: str, user: User | None
) -> list[dict[str, Any]]:
    """The game's talk, worded for the reader (web.talk)."""
    preferred = None if user is None or user.preference is None else user.preference.language
    language = best_language(preferred, request.headers.get("accept-language"))
    lines = replay_lines(session, game_id, None if user is None else user.id)
    return [line.message(language) for line in lines]


def _coach_notes(session: Session, request: Request, game_id: str, players: int) -> dict[str, Any]:
    """The coach's notes on the game: ``status`` (off, pending, running, done, failed),
    each person's ``notes`` and a ``summary`` per player."""
    analysis = session.get(GameAnalysis, game_id)
    if analysis is None:
        status = "pending" if request.app.state.settings.coach else "off"
        return {"status": status, "notes": [], "summary": []}
    notes = analysis.notes or []
    return {"status": analysis.status, "notes": notes, "summary": coach_summary(notes, players)}


def stored_events(session: Session, game_id: str) -> list[GameEvent]:
    """A game's events, in order."""
    query = select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
    return list(session.scalars(query))
