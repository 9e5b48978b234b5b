"""The watching pages: ``/live`` (the live public games), ``/tv`` (the best-rated one
as a spectator sees it, then the next), ``/tv/{id}`` (one game), and the pages other
sites may frame: ``/embed/g/{id}`` (a public game, live or its replay) and
``/embed/daily`` (the day's deals).

The framed pages are drawn for nobody in particular: a frame on another site usually
carries no cookie, so they need none, set none and offer nothing that acts — only a
link that opens the game on this server in a new tab. A person who has a session here
(the page opened directly) reads them in the language they chose; anyone else in
their browser's. Which sites may frame them is
the host's choice (``CHROMINO_EMBED_ORIGINS``, applied by web.site's headers).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from markupsafe import Markup

from ..daily import daily_showcase
from ..games import catalogue, game_kind
from ..i18n import best_language, environment, script_catalog
from ..lobby import ID_SHAPE
from ..models import User
from ..people import OptionalUser, SessionDep, UserOrVisitor, public_user
from ..site import render
from .listing import public_game

router = APIRouter(include_in_schema=False)

POLL_MS = 2000
"""How often a watching page asks whether its game moved (its frame is cached by
version, and unchanged it answers in a line)."""


@router.get("/live")
def live_page(request: Request, user: UserOrVisitor) -> HTMLResponse:
    """The live public games, filtered and sorted by the page (web.watch.routes)."""
    games = [{"name": kind["name"], "title": kind["title"]} for kind in catalogue()]
    return render(request, user, "live.html", boot={"games": games, "poll_ms": POLL_MS})


@router.get("/tv")
def tv_page(request: Request, user: UserOrVisitor) -> HTMLResponse:
    """The best-rated live public game, and the next one when it ends."""
    return render(request, user, "tv.html", boot={"game_id": None, "poll_ms": POLL_MS})


@router.get("/tv/{game_id}")
def tv_game_page(
    request: Request, user: UserOrVisitor, session: SessionDep, game_id: str
) -> HTMLResponse:
    """One public game on the TV; then, when it ends, the best-rated one."""
    game = public_game(session, game_id) if ID_SHAPE.fullmatch(game_id) else None
    page = render(
        request,
        user,
        "tv.html",
        boot={"game_id": None if game is None else game.id, "poll_ms": POLL_MS},
        refused=game is None,
    )
    if game is None:
        page.status_code = 404
    return page


def _framed(
    request: Request, user: User | None, template: str, status: int = 200, **context: Any
) -> HTMLResponse:
    """A framed page in the reader's language, with no person's data."""
    chosen = None if user is None else public_user(user).preferences.language
    language = best_language(chosen, request.headers.get("accept-language"))
    home = str(request.base_url).rstrip("/")
    boot = {"page": context.get("boot", {})}
    html = (
        environment(language)
        .get_template(template)
        .render(
            request=request,
            language=language,
            home=home,
            server=request.url.netloc,
            boot_json=Markup(json.dumps(boot).replace("<", "\\u003c")),
            catalog_json=Markup(json.dumps(script_catalog(language)).replace("<", "\\u003c")),
            **context,
        )
    )
    return HTMLResponse(html, status_code=status)


@router.get("/embed/g/{game_id}")
def embed_game(
    request: Request, user: OptionalUser, session: SessionDep, game_id: str
) -> HTMLResponse:
    """A public game to frame: live as a spectator sees it, or its replay once over; a
    private or spectator-less game (or no game) is a page that says so."""
    game = public_game(session, game_id) if ID_SHAPE.fullmatch(game_id) else None
    if game is None:
        return _framed(request, user, "embed_refused.html", status=404)
    return _framed(
        request,
        user,
        "embed.html",
        boot={"game_id": game.id, "game": game.kind, "poll_ms": POLL_MS},
        game_title=game_kind(game.kind).title,
        game_id=game.id,
    )


@router.get("/embed/daily")
def embed_daily(request: Request, user: OptionalUser, session: SessionDep) -> HTMLResponse:
    """The day's deals to frame: the Hard bot's results and the day's best games."""
    deals = daily_showcase(session, request.app.state.clock.now())
    titles = {deal.game: game_kind(deal.game).title for deal in deals}
    return _framed(request, user, "embed_daily.html", deals=deals, titles=titles)
