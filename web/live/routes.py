"""The games routes: a game as I may see it, its record and its replay with the
coach's notes. Each is rebuilt from the stored events by the game's own engine."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse

from ..games import game_kind
from ..i18n import N_, Words
from ..lobby import game_by_id, game_summary, hand_seat_of, require_watcher
from ..models import GameEvent
from ..people import OptionalUser, SessionDep
from ..ratings import game_outcome, outcome_seen_by, pool_of
from .loading import seat_person
from .replay import replay_of, stored_events

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
    for event in stored_events(session, game_id):
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
        board = _board_of(game.kind, game.setup, stored_events(session, game_id))
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
    moves = [{"player": event.seat, **event.action} for event in stored_events(session, game_id)]
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
