"""A public game as a spectator sees it, for the pages that only show one: the TV and
the embeddable board. The server's engine rebuilds the position from the stored
events; the page draws what it is sent and re-derives nothing.

A finished game comes with every step (the scores after each move, and how many of
the last board's tiles lay then), so the embeddable page can replay it; a game in
play comes with its latest position only, as any spectator's would.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..games import game_kind
from ..models import Game, GameEvent

FRAMES_KEPT = 128
"""Frames kept in memory, by game and version: a TV and every page framing the same
game ask for the same one again and again, and a version's frame never changes."""

_frames: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()
_frames_lock = Lock()
"""The routes run on a thread pool."""


def _events(session: Session, game_id: str) -> list[GameEvent]:
    query = select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
    return list(session.scalars(query))


def _position(view: dict[str, Any]) -> dict[str, Any]:
    """What a spectator's view shows of a position: no hand, only how many tiles."""
    keys = ("board", "scores", "hand_counts", "current", "bag", "finished", "winners")
    return {key: view.get(key) for key in keys}


def _step(view: dict[str, Any]) -> dict[str, Any]:
    """A replay's step: the position without its board, which only grows — the step
    says how many of the last board's tiles lay then (``tiles``), not which."""
    step = _position(view)
    step["tiles"] = len(step.pop("board") or [])
    return step


def build_frame(session: Session, game: Game) -> dict[str, Any]:
    """The game as a spectator sees it now; a finished game's steps too."""
    kind = game_kind(game.kind)
    live = kind.restore(game.setup)
    steps = [_step(live.view(None))] if game.status == "finished" else []
    for event in _events(session, game.id):
        live.apply(event.seat, kind.stored_action(event.action))
        if steps:
            steps.append(_step(live.view(None)))
    return {
        "id": game.id,
        "game": game.kind,
        "status": game.status,
        "version": game.version,
        "players": [seat["name"] for seat in game.seats],
        "bots": [seat.get("bot") for seat in game.seats],
        "shows_points": kind.shows_points(game.setup.get("options", {})),
        "position": _position(live.view(None)),
        "steps": steps,
    }


def frame_of(session: Session, game: Game) -> dict[str, Any]:
    """:func:`build_frame`, kept for the next reader of the same version."""
    key = (game.id, game.version, game.status)
    with _frames_lock:
        kept = _frames.get(key)
        if kept is not None:
            _frames.move_to_end(key)
            return kept
    frame = build_frame(session, game)
    with _frames_lock:
        _frames[key] = frame
        while len(_frames) > FRAMES_KEPT:
            _frames.popitem(last=False)
    return frame
