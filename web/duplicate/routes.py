"""The duplicate table's routes: its page ``GET /duplicate/{invite_code}`` (the
standings, then the comparison), its standings ``GET /api/duplicate/{invite_code}``
and, once every board is finished, the boards' replays side by side
``GET /api/duplicate/{invite_code}/boards``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from ..games import game_kind
from ..live import replay_of
from ..lobby import TableError
from ..people import OptionalUser, SessionDep, UserOrVisitor
from ..site import not_found, render
from .boards import (
    all_finished,
    boards_of,
    duplicate_table,
    require_all_finished,
    require_member,
    result_of,
    standings,
    table_of_board,
)

router = APIRouter()


class BoardLine(BaseModel):
    seat: int
    name: str
    user_id: int | None
    mine: bool
    finished: bool
    game_id: str | None
    """My own board's always; the others' once every board is finished."""
    place: int | None
    """Once every board is finished: the board's place (shared on a tie)."""
    counted: bool | None
    result: dict[str, Any] | None
    """Once every board is finished: turns, draws, score, ended_by, hand_left."""


class DuplicatePublic(BaseModel):
    invite_code: str
    game: str
    scoring: bool
    """Whether the table's options count points (the ranking shows them then)."""
    turn_days: int | None
    finished: int
    total: int
    over: bool
    """Every board is finished: the ranking and the comparison are open."""
    boards: list[BoardLine]
    """In seat order while playing; best first once over."""


def duplicate_state(session: SessionDep, invite_code: str, user_id: int | None) -> DuplicatePublic:
    """The standings as one of the table's people sees them."""
    table = duplicate_table(session, invite_code)
    require_member(table, user_id)
    boards = boards_of(session, table)
    over = all_finished(boards)
    places = {placed.seat: placed for placed in standings(table, boards)} if over else {}
    lines = []
    for board in boards:
        mine = board.user_id == user_id
        placed = places.get(board.seat)
        lines.append(
            BoardLine(
                seat=board.seat,
                name=board.name,
                user_id=board.user_id,
                mine=mine,
                finished=board.game.status == "finished",
                game_id=board.game.id if mine or over else None,
                place=None if placed is None else placed.place,
                counted=None if placed is None else placed.counted,
                result=result_of(board.game) if over else None,
            )
        )
    if over:
        lines.sort(key=lambda line: (line.place or 0, line.seat))
    return DuplicatePublic(
        invite_code=table.invite_code,
        game=table.kind,
        scoring=game_kind(table.kind).shows_points(table.options),
        turn_days=table.turn_days,
        finished=sum(line.finished for line in lines),
        total=len(lines),
        over=over,
        boards=lines,
    )


@router.get("/api/duplicate/{invite_code}")
def read_duplicate(invite_code: str, user: OptionalUser, session: SessionDep) -> DuplicatePublic:
    """Who has finished (n of m) while the boards are played; the ranking after."""
    return duplicate_state(session, invite_code, None if user is None else user.id)


@router.get("/api/duplicate/{invite_code}/boards")
def read_boards(
    invite_code: str, user: OptionalUser, session: SessionDep, request: Request
) -> dict[str, Any]:
    """Every board's replay with the coach's notes (static/js/duplicate.js shows them
    side by side), ``seat`` its player's seat at the table: only once every board is
    finished, and only to the table's people."""
    table = duplicate_table(session, invite_code)
    require_member(table, None if user is None else user.id)
    boards = boards_of(session, table)
    require_all_finished(boards)
    return {
        "game": table.kind,
        "boards": [
            {**replay_of(session, request, board.game, user), "seat": board.seat}
            for board in boards
        ],
    }


@router.get("/api/games/{game_id}/duplicate")
def read_board_table(game_id: str, user: OptionalUser, session: SessionDep) -> dict[str, str]:
    """The duplicate table a board belongs to (its end screen links to the ranking),
    for the board's player; 404 ``not_duplicate`` for any other game or reader."""
    table = table_of_board(session, game_id, None if user is None else user.id)
    return {"invite_code": table.invite_code}


@router.get("/duplicate/{invite_code}")
def duplicate_page(
    request: Request, user: UserOrVisitor, session: SessionDep, invite_code: str
) -> HTMLResponse:
    """The table's standings and, once every board is finished, the comparison. Someone
    not at the table is told so (403); an unknown code is the not-found page."""
    try:
        state = duplicate_state(session, invite_code, user.id)
    except TableError as error:
        if error.status == 404:
            return not_found(request, user, "table")
        page = render(request, user, "duplicate.html", refusal=error.message, state=None)
        page.status_code = error.status
        return page
    return render(
        request,
        user,
        "duplicate.html",
        refusal=None,
        state=state,
        game_title=game_kind(state.game).title,
        boot={"invite_code": state.invite_code, "game": state.game, "over": state.over},
    )
