"""The HTML pages (Jinja2 templates, translated), each a shell the scripts fill in."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from markupsafe import Markup
from sqlalchemy import select

from .. import paths
from ..games import GAMES, GameKind, catalogue, game_kind
from ..i18n import best_language, environment, language_names, script_catalog
from ..lobby import ID_SHAPE
from ..models import Game, GameTable, User
from ..people import (
    ASSISTANCE_LEVELS,
    PALETTES,
    RENAMED_ZONES,
    SessionDep,
    UserOrVisitor,
    is_staff,
    public_user,
)

router = APIRouter(include_in_schema=False)


def render(request: Request, user: Any, template: str, **context: Any) -> HTMLResponse:
    """A page in the user's language, with their preferences and the script catalog."""
    me = public_user(user)
    language = best_language(me.preferences.language, request.headers.get("accept-language"))
    _remember_language(user, language)
    page = environment(language).get_template(template)
    # A visitor on a server they cannot simply play on: what the pages offer instead
    # (web.people.access.join: sign up, sign in, or ask for an invitation).
    join_refusal = getattr(request.state, "join_refusal", None)
    boot = {"me": me.model_dump(), "page": context.get("boot", {}), "join": join_refusal}
    html = page.render(
        request=request,
        me=me,
        language=language,
        header_languages=language_names(language),
        all_languages=language_names(language),
        boot_json=_script_json(boot),
        join_refusal=join_refusal,
        catalog_json=_script_json(script_catalog(language)),
        assistance_levels=ASSISTANCE_LEVELS,  # the preferences' fields (the Preferences
        palettes=PALETTES,  # page, the game page's settings panel)
        staff=is_staff(user),  # the header links to /admin
        **context,
    )
    return HTMLResponse(html)


def _remember_language(user: Any, language: str) -> None:
    """Keep the language the pages speak to this person (written only when it changed;
    the request's session commits it): what their pushes and emails are written in."""
    preference = getattr(user, "preference", None)
    if preference is not None and preference.spoken_language != language:
        preference.spoken_language = language


def _script_json(data: object) -> Markup:
    """JSON safe inside a <script type="application/json"> element."""
    text = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    return Markup(text)  # escaped above: no "<" can close the element


@router.get("/")
def home(request: Request, user: UserOrVisitor) -> HTMLResponse:
    """Home and lobby: create a table, join one, my games, solo best."""
    return render(request, user, "home.html", boot={"games": catalogue()})


def not_found(request: Request, user: Any, what: str) -> HTMLResponse:
    """A clear page for a link that leads nowhere (``what``: "table" or "game"), with
    the way back, instead of a page shell that waits for ever."""
    page = render(request, user, "not_found.html", what=what)
    page.status_code = 404
    return page


@router.get("/games")
def games_page(request: Request, user: UserOrVisitor) -> HTMLResponse:
    """My games: those waiting for my move first, then the others', then the finished."""
    return render(request, user, "games.html")


@router.get("/friends")
def friends_page(request: Request, user: UserOrVisitor) -> HTMLResponse:
    """Friends: requests to answer, my friends (online, their games), adding one by name
    or by my friend link, the requests I sent, what friends see of me, whom I muted."""
    return render(request, user, "friends.html")


@router.get("/t/{invite_code}")
def table_page(
    request: Request, user: UserOrVisitor, session: SessionDep, invite_code: str
) -> HTMLResponse:
    """A table: who invites whom to which game (with its rules), seats, options,
    invite link, start."""
    table = ID_SHAPE.fullmatch(invite_code) and session.scalar(
        select(GameTable).where(GameTable.invite_code == invite_code)
    )
    if not table:
        return not_found(request, user, "table")
    creator = session.get(User, table.creator_id) if table.creator_id is not None else None
    return render(
        request,
        user,
        "table.html",
        boot={"invite_code": invite_code},
        game=table.kind,
        game_title=game_kind(table.kind).title,
        creator_name=creator.name if creator is not None else None,
        mine=creator is not None and creator.id == user.id,
    )


def _kind_of(session: SessionDep, game_id: str) -> str | None:
    """The game's kind (its page loads that game's board); None for an id that names
    no game."""
    if not ID_SHAPE.fullmatch(game_id):
        return None
    return session.scalar(select(Game.kind).where(Game.id == game_id))


def _game_shell(
    request: Request, user: Any, session: Any, game_id: str, template: str
) -> HTMLResponse:
    """A page of one game, loading that game's board; the not-found page for an id
    that names no game."""
    kind = _kind_of(session, game_id)
    if kind is None:
        return not_found(request, user, "game")
    return render(
        request,
        user,
        template,
        boot={"game_id": game_id, "game": kind},
        game_title=game_kind(kind).title,
    )


@router.get("/g/{game_id}")
def game_page(
    request: Request, user: UserOrVisitor, session: SessionDep, game_id: str
) -> HTMLResponse:
    """A live game (or the end screen of a finished one)."""
    return _game_shell(request, user, session, game_id, "game.html")


@router.get("/g/{game_id}/replay")
def replay_page(
    request: Request, user: UserOrVisitor, session: SessionDep, game_id: str
) -> HTMLResponse:
    """A finished game, move by move."""
    return _game_shell(request, user, session, game_id, "replay.html")


@router.get("/solo")
def solo_page(request: Request, user: UserOrVisitor) -> HTMLResponse:
    """Solo practice: start a game, see the personal best."""
    return render(request, user, "solo.html", boot={"games": catalogue()})


@router.get("/preferences")
def preferences_page(request: Request, user: UserOrVisitor) -> HTMLResponse:
    """Assistance, palette, symbols, arrows, sound, language, time zone and quiet hours,
    days away, notifications, name and password. ``email``: whether this server sends
    email (an SMTP server is configured), so the page offers an address or says it
    sends none; ``renamed_zones``: the device's zone is named as the server keeps it
    (web.people.zones)."""
    sends_email = bool(request.app.state.settings.smtp_host)
    boot = {"email": sends_email, "renamed_zones": RENAMED_ZONES}
    return render(request, user, "preferences.html", boot=boot)


@router.get("/rules")
def rules_page(request: Request, user: UserOrVisitor) -> HTMLResponse:
    """The rules, written for players from the project's rule books: each game's
    article is its own template part (``games/<name>/_rules.html``), in the registry's
    order; a game that brings no rules part (a game still being written) is left out
    rather than breaking the page."""
    return render(request, user, "rules.html", games=_games_with_rules())


def _games_with_rules() -> list[GameKind]:
    games = paths.templates() / "games"
    return [kind for kind in GAMES.values() if (games / kind.name / "_rules.html").is_file()]


@router.get("/i18n/{language}.json")
def catalog(language: str) -> JSONResponse:
    """The script catalog of a language (the pages embed their own; this is for tools)."""
    return JSONResponse(script_catalog(language))


@router.get("/manifest.webmanifest")
def manifest() -> FileResponse:
    """The web app's manifest (static/manifest.webmanifest): what installing the site makes."""
    return FileResponse(
        paths.static() / "manifest.webmanifest",
        media_type="application/manifest+json",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/sw.js")
def service_worker() -> Response:
    """The service worker (static/sw.js), at the root so that its scope is the whole site;
    its cache is named after the static files' digest, so any change to them brings a
    new worker and a fresh cache."""
    script = (paths.static() / "sw.js").read_text(encoding="utf-8")
    script = script.replace('"STATIC_VERSION"', json.dumps(static_version()), 1)
    return Response(script, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


def static_version() -> str:
    """A digest of every static file, read again only when one's size or time changed."""
    files = sorted(path for path in paths.static().rglob("*") if path.is_file())
    stamps = tuple((path, *_stamp(path)) for path in files)
    return _digest(stamps)


def _stamp(path: Path) -> tuple[int, int]:
    status = path.stat()
    return status.st_size, status.st_mtime_ns


@lru_cache(maxsize=4)
def _digest(stamps: tuple[tuple[Path, int, int], ...]) -> str:
    digest = hashlib.sha256()
    for path, *_ in stamps:
        digest.update(path.relative_to(paths.static()).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
