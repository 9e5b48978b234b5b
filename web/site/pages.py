"""The HTML pages (Jinja2 templates, translated), each a shell the scripts fill in."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse
from markupsafe import Markup
from sqlalchemy import select

from ..games import DEFAULT_GAME, catalogue
from ..i18n import best_language, environment, language_names, script_catalog
from ..lobby import ID_SHAPE
from ..models import Game
from ..people import ASSISTANCE_LEVELS, PALETTES, CurrentUser, SessionDep, public_user

router = APIRouter(include_in_schema=False)


def render(request: Request, user: Any, template: str, **context: Any) -> HTMLResponse:
    """A page in the user's language, with their preferences and the script catalog."""
    me = public_user(user)
    language = best_language(me.preferences.language, request.headers.get("accept-language"))
    page = environment(language).get_template(template)
    boot = {"me": me.model_dump(), "page": context.get("boot", {})}
    html = page.render(
        request=request,
        me=me,
        language=language,
        header_languages=language_names(language, short=True),
        all_languages=language_names(language),
        boot_json=_script_json(boot),
        catalog_json=_script_json(script_catalog(language)),
        **context,
    )
    return HTMLResponse(html)


def _script_json(data: object) -> Markup:
    """JSON safe inside a <script type="application/json"> element."""
    text = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    return Markup(text)  # escaped above: no "<" can close the element


@router.get("/")
def home(request: Request, user: CurrentUser) -> HTMLResponse:
    """Home and lobby: create a table, join one, my games, solo best."""
    return render(request, user, "home.html", boot={"games": catalogue()})


@router.get("/t/{invite_code}")
def table_page(request: Request, user: CurrentUser, invite_code: str) -> HTMLResponse:
    """A table: seats, options, invite link, start."""
    return render(request, user, "table.html", boot={"invite_code": invite_code})


def _kind_of(session: SessionDep, game_id: str) -> str:
    """The game's kind (its page loads that game's board); the default for an id that
    names no game, whose page then says so."""
    kind = None
    if ID_SHAPE.fullmatch(game_id):
        kind = session.scalar(select(Game.kind).where(Game.id == game_id))
    return kind or DEFAULT_GAME


@router.get("/g/{game_id}")
def game_page(
    request: Request, user: CurrentUser, session: SessionDep, game_id: str
) -> HTMLResponse:
    """A live game (or the end screen of a finished one)."""
    boot = {"game_id": game_id, "game": _kind_of(session, game_id)}
    return render(request, user, "game.html", boot=boot)


@router.get("/g/{game_id}/replay")
def replay_page(
    request: Request, user: CurrentUser, session: SessionDep, game_id: str
) -> HTMLResponse:
    """A finished game, move by move."""
    boot = {"game_id": game_id, "game": _kind_of(session, game_id)}
    return render(request, user, "replay.html", boot=boot)


@router.get("/solo")
def solo_page(request: Request, user: CurrentUser) -> HTMLResponse:
    """Solo practice: start a game, see the personal best."""
    return render(request, user, "solo.html", boot={"games": catalogue()})


@router.get("/preferences")
def preferences_page(request: Request, user: CurrentUser) -> HTMLResponse:
    """Assistance, palette, symbols, arrows, sound, language, name and password."""
    return render(
        request,
        user,
        "preferences.html",
        assistance_levels=ASSISTANCE_LEVELS,
        palettes=PALETTES,
    )


@router.get("/rules")
def rules_page(request: Request, user: CurrentUser) -> HTMLResponse:
    """The rules, written for players from the project's rule book."""
    return render(request, user, "rules.html")


@router.get("/i18n/{language}.json")
def catalog(language: str) -> JSONResponse:
    """The script catalog of a language (the pages embed their own; this is for tools)."""
    return JSONResponse(script_catalog(language))
