"""The games routes: a game as I may see it, its record and its replay with the
coach's notes. Each is rebuilt from the stored events by the game's own engine."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse
from sqlalchemy import select

from ..games import game_kind
from ..i18n import N_, Words, best_language
from ..lobby import game_by_id, game_summary, hand_seat_of, require_watcher, seat_of
from ..models import Game, GameAnalysis, GameEvent, User
from ..people import OptionalUser, SessionDep
from ..ratings.outcome import game_outcome, outcome_seen_by
from ..ratings.pools import pool_of
from ..talk.store import replay_lines
from .coach import points_of
from .coach import summary as coach_summary
from .store import seat_person

router = APIRouter(prefix="/api")


@router.get("/games/{game_id}")
def read_game(game_id: str, user: OptionalUser, session: SessionDep) -> dict[str, Any]:
    """A game's summary and what I may see of it (spectators need no account)."""
    game = game_by_id(session, game_id)
    user_id = user.id if user is not None else None
    require_watcher(game, user_id)
    seat = hand_seat_of(game, user_id)  # a device of local seats: no hand here
    kind = game_kind(game.kind)
    live = kind.restore(game.setup)
    for event in _events(session, game_id):
        live.apply(event.seat, kind.stored_action(event.action))
    return {"game": game_summary(game, user_id).model_dump(), "state": live.view(seat)}


@router.get("/games/{game_id}/ratings")
def read_game_ratings(game_id: str, user: OptionalUser, session: SessionDep) -> dict[str, Any]:
    """Each seat's rating after the game and how much the game moved it (web.ratings.
    outcome): the end screen and the players panel show "+4 → 1504?". The rating is
    stored in the transaction that stores the last move, so it is there as soon as the
    end is seen; before the end, and for a casual game, the ratings with no change."""
    game = game_by_id(session, game_id)
    user_id = user.id if user is not None else None
    require_watcher(game, user_id)
    pool = None if game.solo else pool_of(game.kind, game.setup.get("options", {}))
    seats = [(seat_person(seat), seat.get("bot")) for seat in game.seats]
    return outcome_seen_by(game_outcome(session, game.id, pool, seats), user_id)


BOARD_PICTURES = 512
"""Board pictures kept in memory, by game and version (the "my games" list asks for
the same ones again and again; a version's board never changes)."""


@router.get("/games/{game_id}/board")
def read_board(game_id: str, user: OptionalUser, session: SessionDep) -> JSONResponse:
    """The tiles on a game's board, for a small picture of it (the "my games" list):
    what anyone watching sees, no hand. Cached by the browser for as long as the game
    stays at this version (the list asks with ``?v=VERSION``)."""
    game = game_by_id(session, game_id)
    require_watcher(game, user.id if user is not None else None)
    key = (game.id, game.version)
    with _boards_lock:
        board = _boards.get(key)
        if board is not None:
            _boards.move_to_end(key)
    if board is None:
        board = _board_of(game.kind, game.setup, _events(session, game_id))
        with _boards_lock:
            _boards[key] = board
            while len(_boards) > BOARD_PICTURES:
                _boards.popitem(last=False)
    headers = {"Cache-Control": "private, max-age=31536000, immutable"}
    body = {"game": game.kind, "version": game.version, "board": board}
    return JSONResponse(body, headers=headers)


_boards: OrderedDict[tuple[str, int], list[Any]] = OrderedDict()
_boards_lock = threading.Lock()
"""The routes run on a thread pool."""


def _board_of(kind_name: str, setup: dict[str, Any], events: list[GameEvent]) -> list[Any]:
    kind = game_kind(kind_name)
    live = kind.restore(setup)
    for event in events:
        live.apply(event.seat, kind.stored_action(event.action))
    board: list[Any] = live.replay_frame()["board"]
    return board


@router.get("/games/{game_id}/record")
def download_record(game_id: str, user: OptionalUser, session: SessionDep) -> JSONResponse:
    """The game record (docs/rules.md section 9, docs/triominos-rules.md section 9) —
    only once the game is over, and of a private game only for its players."""
    game = game_by_id(session, game_id)
    require_watcher(game, user.id if user is not None else None)
    if game.status != "finished":
        raise HTTPException(
            409,
            detail={
                "code": "game_in_progress",
                "message": Words(N_("a game's record is shown once it ends")),
            },
        )
    moves = [{"player": event.seat, **event.action} for event in _events(session, game_id)]
    record = {**game.setup, "moves": moves}
    headers = {"Content-Disposition": f'attachment; filename="{game.kind}-{game_id}.json"'}
    return JSONResponse(record, headers=headers)


@router.get("/games/{game_id}/replay")
def read_replay(
    game_id: str, user: OptionalUser, session: SessionDep, request: Request
) -> dict[str, Any]:
    """A finished game step by step, as the server's engine replays it: each version's
    event (with the tile drawn: the game is over) and the whole position after it,
    running scores included. The browser shows the steps; it re-derives nothing. A
    private game's replay is its players' alone."""
    game = game_by_id(session, game_id)
    require_watcher(game, user.id if user is not None else None)
    if game.status != "finished":
        raise HTTPException(
            409,
            detail={
                "code": "game_in_progress",
                "message": Words(N_("a game is replayed once it ends")),
            },
        )
    return replay_of(session, request, game, user)


def replay_of(
    session: SessionDep, request: Request, game: Game, user: User | None
) -> dict[str, Any]:
    """A finished game's replay (see :func:`read_replay`), for a reader already let in
    (the duplicate tables' comparison shows each board's, web.duplicate)."""
    game_id = game.id
    kind = game_kind(game.kind)
    live = kind.restore(game.setup)
    coach = _coach_notes(session, request, game.id, len(game.seats))
    noted = {note["version"]: note for note in coach["notes"]}
    steps: list[dict[str, Any]] = [{"version": 0, "event": None, **live.replay_frame()}]
    for event in _events(session, game_id):
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
        "result": game.result,
        "steps": steps,
        "coach": coach,
        "seat": None if user is None else seat_of(game, user.id),
        "chat": _talk(session, request, game.id, user),
    }


def _talk(
    session: SessionDep, request: Request, game_id: str, user: User | None
) -> list[dict[str, Any]]:
    """The game's talk, worded for the reader (web.talk)."""
    preferred = None if user is None or user.preference is None else user.preference.language
    language = best_language(preferred, request.headers.get("accept-language"))
    lines = replay_lines(session, game_id, None if user is None else user.id)
    return [line.message(language) for line in lines]


def _coach_notes(
    session: SessionDep, request: Request, game_id: str, players: int
) -> dict[str, Any]:
    """The coach's notes on the game: ``status`` (off, pending, running, done, failed),
    each person's ``notes`` and a ``summary`` per player."""
    analysis = session.get(GameAnalysis, game_id)
    if analysis is None:
        status = "pending" if request.app.state.settings.coach else "off"
        return {"status": status, "notes": [], "summary": []}
    notes = analysis.notes or []
    return {"status": analysis.status, "notes": notes, "summary": coach_summary(notes, players)}


def _events(session: SessionDep, game_id: str) -> list[GameEvent]:
    query = select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
    return list(session.scalars(query))
