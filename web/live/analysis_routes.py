"""The analysis board's routes: the mover's position at a version of a finished game,
a placement tried there and the search's word on it, saved lines and their pages
(docs/analysis.md). Who may read any of it is the replay's rule."""

from __future__ import annotations

import re
import secrets
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session

from chromino.core.errors import IllegalMoveError

from ..games import game_kind
from ..i18n import N_, Words, best_language, rule_refusal
from ..lobby import TableError, game_by_id, require_watcher
from ..models import AnalysisLine, User
from ..people import CurrentUser, OptionalUser, SessionDep, UserOrVisitor
from ..site import not_found, render
from .analysis import AnalysisError, Laid, Position, lay, position_at, verdict
from .replay import stored_events

router = APIRouter()

LINE_ID = re.compile(r"[A-Za-z0-9_-]{8}")
"""A saved line's public id: eight characters of a random token."""


class TryIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int = Field(ge=0, description="The replay's step: the position after this many moves.")
    placement: dict[str, Any] = Field(description="The placement's fields, as in a play.")


class LineIn(TryIn):
    game_id: str = Field(max_length=40)
    note: str | None = Field(default=None, max_length=280)


def _refused(status: int, code: str, message: Words | str, field: str) -> HTTPException:
    return HTTPException(status, detail={"code": code, "message": message, "field": field})


def _position(session: Session, game_id: str, user: User | None, version: int) -> Position:
    """The mover's position, for a reader the replay lets in; refusals name their field."""
    try:
        game = game_by_id(session, game_id)
        require_watcher(game, None if user is None or user.id is None else user.id)
    except TableError as error:
        raise _refused(error.status, error.code, error.message, "game_id") from None
    try:
        return position_at(game, stored_events(session, game.id), version)
    except AnalysisError as error:
        raise _refused(error.status, error.code, error.message, error.field) from None


def _language(request: Request) -> str:
    return best_language(None, request.headers.get("accept-language"))


def _laid(request: Request, position: Position, fields: dict[str, Any]) -> Laid | dict[str, Any]:
    """The try laid, or the rules' refusal as the answer says it."""
    language = _language(request)
    words = position.kind.refusal_words
    try:
        laid = lay(position, fields)
    except IllegalMoveError as error:  # the fields do not read as a placement
        message = rule_refusal(error.reason.value, error.message, language, words)
        raise _refused(422, error.reason.value, message, "placement") from None
    if isinstance(laid, Laid):
        return laid
    message = rule_refusal(laid.code, laid.message, language, words)
    return {"legal": False, "code": laid.code, "message": message}


async def _answer(request: Request, position: Position, fields: dict[str, Any]) -> dict[str, Any]:
    laid = _laid(request, position, fields)
    if not isinstance(laid, Laid):
        return laid
    judged = await verdict(request.app.state.hub.thinkers, position, laid)
    return {"legal": True, "points": laid.points, "state": laid.state, "verdict": judged}


@router.get("/api/games/{game_id}/analysis/{version}")
def read_position(
    game_id: str, version: int, user: OptionalUser, session: SessionDep
) -> dict[str, Any]:
    """The mover's view after ``version`` moves of a finished game and their legal
    places: never another hand, never the bag, though the replay shows them."""
    return _position(session, game_id, user, version).shown()


@router.post("/api/games/{game_id}/analysis")
async def try_placement(
    game_id: str, body: TryIn, request: Request, user: OptionalUser, session: SessionDep
) -> dict[str, Any]:
    """A placement tried where the mover was to play: the rules' refusal, or its points,
    the mover's view after it and the search's word on it beside its own choice."""
    position = await run_in_threadpool(_position, session, game_id, user, body.version)
    return await _answer(request, position, body.placement)


@router.post("/api/analysis", status_code=201)
def save_line(
    body: LineIn, request: Request, user: CurrentUser, session: SessionDep
) -> dict[str, str]:
    """Save a legal try to share it: its public id (the link is ``/analysis/{id}``)."""
    position = _position(session, body.game_id, user, body.version)
    laid = _laid(request, position, body.placement)
    if not isinstance(laid, Laid):
        raise _refused(422, str(laid["code"]), str(laid["message"]), "placement")
    line = AnalysisLine(
        id=secrets.token_urlsafe(6),
        game_id=body.game_id,
        version=body.version,
        placement=laid.placement,
        note=(body.note or "").strip() or None,
    )
    session.add(line)
    session.commit()
    return {"id": line.id}


def _line(session: Session, line_id: str) -> AnalysisLine:
    line = session.get(AnalysisLine, line_id) if LINE_ID.fullmatch(line_id) else None
    if line is None:
        words = Words(N_("no saved line has the id {id}"), id=line_id)
        raise _refused(404, "no_such_line", words, "line_id")
    return line


def _saved(session: Session, line_id: str, user: User | None) -> tuple[AnalysisLine, Position]:
    line = _line(session, line_id)
    return line, _position(session, line.game_id, user, line.version)


@router.get("/api/analysis/{line_id}")
async def read_line(
    line_id: str, request: Request, user: OptionalUser, session: SessionDep
) -> dict[str, Any]:
    """A saved try: its game, version, placement and note, the position it was tried
    from, and the same answer as when it was tried."""
    line, position = await run_in_threadpool(_saved, session, line_id, user)
    return {
        "id": line.id,
        "game_id": line.game_id,
        "game": position.kind.name,
        "version": line.version,
        "placement": line.placement,
        "note": line.note,
        "position": position.shown(),
        "answer": await _answer(request, position, line.placement),
    }


def _page(request: Request, user: User, boot: dict[str, Any], kind: str) -> HTMLResponse:
    return render(request, user, "analysis.html", boot=boot, game_title=game_kind(kind).title)


@router.get("/g/{game_id}/analysis/{version}", include_in_schema=False)
def analysis_page(
    request: Request, user: UserOrVisitor, session: SessionDep, game_id: str, version: int
) -> HTMLResponse:
    """The analysis board at a version of a finished game (its script reads the position)."""
    try:
        game = game_by_id(session, game_id)
    except TableError:
        return not_found(request, user, "game")
    return _page(
        request, user, {"game_id": game.id, "game": game.kind, "version": version}, game.kind
    )


@router.get("/analysis/{line_id}", include_in_schema=False)
def line_page(
    request: Request, user: UserOrVisitor, session: SessionDep, line_id: str
) -> HTMLResponse:
    """A shared line: the analysis board at its version, with its placement tried."""
    line = session.get(AnalysisLine, line_id) if LINE_ID.fullmatch(line_id) else None
    if line is None:
        return not_found(request, user, "game")
    boot = {"game_id": line.game_id, "game": line.game.kind, "version": line.version}
    return _page(request, user, {**boot, "line": line.id}, line.game.kind)
