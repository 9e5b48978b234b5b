"""A season's page, ``/seasons/{id}``: its schedule with each division's arena, each
division's standings with what the end does to each member, and joining or leaving.

Written by the server from the API's own answer (``season_routes``), in the reader's
language, times in their time zone (the tournaments' helpers); its script only sends
the join and leave buttons."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse

from ..games import catalogue
from ..people import SessionDep, UserOrVisitor
from ..site import not_found, render
from .page_routes import HELPERS, game_titles
from .season_pages import season_page
from .season_routes import read_season

router = APIRouter(include_in_schema=False)


@router.get("/seasons/{season_id}")
def season_page_route(
    request: Request, user: UserOrVisitor, session: SessionDep, season_id: str
) -> HTMLResponse:
    """One season as the reader sees it; the not-found page for an id that names none."""
    try:
        detail = read_season(season_id, user, session)
    except HTTPException:
        return not_found(request, user, "season")
    now: datetime = request.app.state.clock.now()
    boot = {"season": detail.id, "games": catalogue()}
    return render(
        request,
        user,
        "season.html",
        boot=boot,
        shown=season_page(detail, now),
        s=detail,
        game_titles=game_titles(),
        **HELPERS,
    )
