"""The watching API: ``GET /api/live`` (the live public games), ``GET /api/live/{id}``
(one public game as a spectator sees it), and following people: ``GET /api/follows``,
``POST``/``DELETE /api/follows/{name}``.

Anyone may look, a visitor too, unless the server lets no stranger in (a private
server's people are not shown to them); following needs a person, a guest included.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request, Response, status

from ..friends import person_named
from ..games import GAMES
from ..i18n import N_, Words
from ..live import Hub
from ..lobby import ID_SHAPE
from ..people import CurrentUser, Onlooker, OptionalUser, SessionDep
from .follows import Followed, follow, followable, followed_ids, follows_of, unfollow
from .frames import frame_of
from .listing import (
    LiveGame,
    Sort,
    blocked_by,
    filtered_lines,
    live_lines,
    live_public_games,
    players_of,
    public_game,
    sorted_lines,
)

router = APIRouter(prefix="/api")

NOT_PUBLIC = N_(
    "this game is not one anyone may watch: it is private, or nobody but its players may see it"
)
NO_SUCH_GAME_KIND = N_("there is no game of this name")


def _refuse(code: int, what: str, message: str) -> HTTPException:
    return HTTPException(code, detail={"code": what, "message": Words(message)})


def watched_lines(
    request: Request,
    session: SessionDep,
    viewer_id: int | None,
    sort: Sort = "rating",
    follows_first: bool = True,
) -> list[LiveGame]:
    """Every live public game as this viewer's list shows it (those of people who
    muted them left out), followed players' first, then in ``sort``'s order."""
    hub: Hub = request.app.state.hub
    hidden = blocked_by(session, viewer_id)
    games = [
        game for game in live_public_games(session) if not hidden.intersection(players_of(game))
    ]
    lines = live_lines(session, games, hub.spectators, followed_ids(session, viewer_id))
    return sorted_lines(lines, sort, follows_first)


@router.get("/live")
def read_live(
    *,
    request: Request,
    viewer: Onlooker,
    session: SessionDep,
    sort: Sort = "rating",
    game: str | None = None,
    min_rating: Annotated[int | None, Query(ge=0, le=10_000)] = None,
    max_rating: Annotated[int | None, Query(ge=0, le=10_000)] = None,
    follows_first: bool = True,
) -> list[LiveGame]:
    """The live public games (spectators allowed, not private, not solo or played on
    one device): by best average rating (``sort=rating``), most watched
    (``spectators``) or newest, the games of people I follow first (unless
    ``follows_first=false``: the TV's choice); ``game`` keeps one game's,
    ``min_rating``/``max_rating`` an average rating's range."""
    if game is not None and game not in GAMES:
        raise _refuse(422, "no_such_game_kind", NO_SUCH_GAME_KIND)
    viewer_id = None if viewer is None else viewer.id
    lines = watched_lines(request, session, viewer_id, sort, follows_first)
    return filtered_lines(lines, game, min_rating, max_rating)


@router.get("/live/{game_id}")
def read_live_game(game_id: str, session: SessionDep, since: int | None = None) -> dict[str, Any]:
    """One public game as a spectator sees it (a finished one with its steps), to
    anyone — as its game page is (spectators need no account); with
    ``since`` the version the page shows, just ``{"version", "status", "same": true}``
    while nothing changed. A private or spectator-less game is a 404 that says so."""
    game = public_game(session, game_id) if ID_SHAPE.fullmatch(game_id) else None
    if game is None:
        raise _refuse(404, "not_public", NOT_PUBLIC)
    if since is not None and since == game.version and game.status == "playing":
        return {"version": game.version, "status": game.status, "same": True}
    return frame_of(session, game)


@router.get("/follows")
def read_follows(user: OptionalUser, session: SessionDep) -> list[Followed]:
    """Who I follow, by name, and whether each is playing a public game now (the one
    to watch); a visitor follows nobody."""
    if user is None:
        return []
    games = live_public_games(session)
    return follows_of(session, user, games)


@router.post("/follows/{name}", status_code=status.HTTP_201_CREATED)
def start_following(
    name: str, user: CurrentUser, session: SessionDep, response: Response
) -> dict[str, Any]:
    """Follow someone by name (201; 200 when I already did). They are not asked."""
    other = followable(session, user, person_named(session, name[:64]))
    if not follow(session, user, other):
        response.status_code = status.HTTP_200_OK
    return {"id": other.id, "name": other.name, "following": True}


@router.delete("/follows/{name}")
def stop_following(name: str, user: CurrentUser, session: SessionDep) -> dict[str, Any]:
    """Stop following someone by name (nothing to do when I did not)."""
    other = followable(session, user, person_named(session, name[:64]))
    unfollow(session, user, other)
    return {"id": other.id, "name": other.name, "following": False}
