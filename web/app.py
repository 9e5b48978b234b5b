"""The application factory: settings, database, hub, sessions, each room's routes.

The one place that knows every room: it builds the hub, hands the app the rooms'
routers (people, lobby, live games, site) and turns every refusal into one shape."""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Connection
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from . import live, metrics, paths, site
from .bots.routes import router as bots_router
from .clock import Clock, FakeClock, clock_for
from .club.admin.routes import router as admin_router
from .club.join_routes import router as join_router
from .club.my_data_routes import router as my_data_router
from .club.recovery_routes import router as recovery_router
from .daily import References
from .daily.routes import router as daily_router
from .days import Sweep
from .days.routes import router as days_router
from .db import Database
from .duplicate import tell_when_all_finished
from .duplicate.routes import router as duplicate_router
from .friends.routes import router as friends_router
from .games import GAMES
from .i18n import Words, best_language, field_problem, say
from .live import COACH_NICENESS, GameEnded, Hub, Workers, make_fanout
from .live.analysis_routes import router as analysis_router
from .live.routes import router as live_router
from .lobby import LiveGames, TableError
from .lobby.routes import router as lobby_router
from .lobby.streams import router as lobby_streams_router
from .logs import RequestContext
from .notify import Digests, Outbox
from .notify.routes import router as notify_router
from .passkeys.routes import router as passkeys_router
from .people import BearerGate, Limits, OpenGames, site_secret
from .people.routes import router as people_router
from .people.token_routes import router as tokens_router
from .puzzles.page_routes import router as puzzle_pages_router
from .puzzles.practice_routes import router as practice_router
from .puzzles.routes import router as puzzles_router
from .ratings import rate_finished
from .ratings.board_routes import router as leaderboard_router
from .records.routes import router as records_router
from .settings import Settings, get_settings
from .site import SecurityMiddleware, origin_is_ours, own_origin
from .site.profile_routes import router as profile_router
from .talk.routes import router as talk_router
from .tournaments import run_tournaments, tables_ended
from .tournaments.bot_routes import router as tournament_bots_router
from .tournaments.page_routes import router as tournament_pages_router
from .tournaments.routes import router as tournaments_router
from .tournaments.season_page_routes import router as season_pages_router
from .tournaments.season_routes import router as seasons_router
from .watch.page_routes import router as watch_pages_router
from .watch.routes import router as watch_router

log = logging.getLogger(__name__)

if TYPE_CHECKING:

    def _hub_as_the_rooms_see_it(hub: Hub) -> tuple[LiveGames, OpenGames]:
        """The lobby's and the people's routes take ``app.state.hub`` for what they
        named of it; mypy checks here that the hub is that."""
        return hub, hub


def create_app(settings: Settings | None = None) -> FastAPI:
    """A ready-to-serve app; the database must already be migrated."""
    settings = settings or get_settings()
    clock = clock_for(settings.fake_clock, settings.fake_clock_start)
    app = FastAPI(
        title="Chromino online",
        lifespan=_lifespan(settings, clock),
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.router.redirect_slashes = False  # a redirect would be built from the Host header
    app.state.settings = settings
    app.state.clock = clock
    """The games' clock (web.clock): the system's, or a test's fake one."""
    app.state.secret = settings.secret_key or _installation_secret(settings.database_url)
    """Signs the session cookie, and (with their own salts) the links in emails."""
    app.state.limits = Limits()
    _add_middleware(app, settings, app.state.secret)
    _include_routes(app, settings, clock)
    app.add_exception_handler(TableError, _table_refusal)
    app.add_exception_handler(StarletteHTTPException, _http_refusal)
    app.add_exception_handler(RequestValidationError, _invalid_request)
    app.add_exception_handler(Exception, _internal_error)
    return app


def _duplicate_tables_ended(
    connection: Connection, ended: Sequence[tuple[str, dict[str, Any]]], now: datetime
) -> None:
    """A duplicate table whose last board just ended tells its people (web.duplicate)."""
    tell_when_all_finished(connection, [game_id for game_id, _ in ended], now)


GAME_ENDINGS: tuple[GameEnded, ...] = (rate_finished, _duplicate_tables_ended, tables_ended)
"""What changes with a game's end, in the transaction that stores it (web.live.store):
the ratings of its people, the notices of a duplicate table whose last board it was,
and the result of a tournament table (with its round's end when it was the last). A
rating thus changes with its game's end, or not at all."""


def _lifespan(
    settings: Settings, clock: Clock
) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """The app's life: the database, the hub with its rooms, the sweep and the daily
    references, started in that order and stopped the other way round."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        database = Database(settings.database_url)
        fanout = make_fanout(settings.redis_url, settings.redis_channel)
        hub = Hub(database, settings, fanout, clock, endings=GAME_ENDINGS)
        app.state.db = database
        app.state.hub = hub
        app.state.loop = asyncio.get_running_loop()
        daily_workers = Workers(1, "daily", niceness=COACH_NICENESS)
        app.state.daily = daily = References(database, clock, daily_workers)
        await hub.start()
        sweep = _sweep(database, clock, settings, hub, app.state.secret, daily=daily)
        sweep.start()
        if settings.prepares_daily:
            daily.prepare_soon()
        app.state.sweep = sweep
        if settings.tune_gc:
            _tune_garbage_collector()
        try:
            yield
        finally:
            await sweep.stop()
            await hub.stop()
            app.state.daily.close()
            database.dispose()

    return lifespan


def _socket_origin_allowed(websocket: WebSocket) -> bool:
    """Browsers always send Origin: it must be ours (a listed origin or this very host).
    Clients that are not browsers send none and cannot be used for cross-site attacks."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    own = own_origin(websocket.scope, websocket.headers)
    allowed = websocket.app.state.settings.allowed_origins
    return origin_is_ours(origin.rstrip("/"), own, allowed)


def _add_middleware(app: FastAPI, settings: Settings, secret: str) -> None:
    """The layers every request passes, from the innermost out."""
    # Innermost: the game sockets, served with the session but past the routes' stack.
    app.add_middleware(live.GameSockets, origin_allowed=_socket_origin_allowed)
    app.add_middleware(
        SessionMiddleware,
        secret_key=secret,
        session_cookie="chromino_session",
        max_age=settings.session_idle_days * 24 * 3600,
        same_site="lax",
        https_only=settings.cookie_secure,
    )
    app.add_middleware(
        SecurityMiddleware,
        allowed_origins=settings.allowed_origins,
        max_header_bytes=settings.max_header_bytes,
        max_body_bytes=settings.max_body_bytes,
        embed_origins=settings.embed_origins,
    )
    # Outside the security middleware: a bearer request is let through there only once
    # its token was found good for its route.
    app.add_middleware(BearerGate, per_minute=settings.bot_requests_per_minute)
    app.add_middleware(RequestContext)
    # Outermost: the client's address and scheme, as told by a trusted proxy only.
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.trusted_proxies or [])


def _include_routes(app: FastAPI, settings: Settings, clock: Clock) -> None:
    """Each room brings its own routes (every URL under /api is one room's). The
    static files come first: a request tries the routes in order, and a page's dozens
    of scripts and styles would otherwise each be matched against every route."""
    app.mount("/static", StaticFiles(directory=paths.static()), name="static")
    app.include_router(people_router)
    app.include_router(tokens_router)
    app.include_router(bots_router)
    app.include_router(lobby_router)
    app.include_router(lobby_streams_router)
    app.include_router(live_router)
    app.include_router(analysis_router)
    app.include_router(days_router)
    app.include_router(duplicate_router)
    app.include_router(notify_router)
    app.include_router(friends_router)
    app.include_router(talk_router)
    app.include_router(recovery_router)
    app.include_router(my_data_router)
    app.include_router(passkeys_router)
    app.include_router(join_router)
    app.include_router(admin_router)
    app.include_router(profile_router)
    app.include_router(leaderboard_router)
    app.include_router(daily_router)
    app.include_router(puzzles_router)
    app.include_router(practice_router)
    app.include_router(puzzle_pages_router)
    app.include_router(tournaments_router)
    app.include_router(tournament_pages_router)
    app.include_router(tournament_bots_router)
    app.include_router(seasons_router)
    app.include_router(season_pages_router)
    app.include_router(watch_router)
    app.include_router(watch_pages_router)
    app.include_router(records_router)
    app.include_router(site.router)
    app.add_api_route("/healthz", healthz, methods=["GET"])
    if settings.metrics:
        app.add_api_route(
            "/metrics", metrics.metrics_page, methods=["GET"], include_in_schema=False
        )
    if isinstance(clock, FakeClock):  # tests only: settings refuse it in production
        app.add_api_route("/test/clock", move_test_clock, methods=["POST"], include_in_schema=False)


def _sweep(
    database: Database,
    clock: Clock,
    settings: Settings,
    hub: Hub,
    secret: str,
    *,
    daily: References,
) -> Sweep:
    """The turn-based games' sweep; after each round, the tournaments' timing (rounds
    started, round deadlines acted on: web.tournaments.schedule), then the notices it
    made due sent (and the daily references computed ahead, when the host wants that)."""
    outbox = Outbox(database, clock, settings, secret)
    digests = Digests(database, clock, settings, secret)

    async def send_notices() -> None:
        await run_tournaments(database, clock, hub)
        await outbox.send_due()
        await digests.send_due()
        if settings.prepares_daily:
            daily.prepare_soon()

    return Sweep(database, clock, hub, every=settings.sweep_seconds, after=send_notices)


def request_language(request: Request) -> str:
    """The language to word a refusal in: the page's (its scripts send it), else the
    browser's, else English."""
    return best_language(None, request.headers.get("accept-language"))


def _installation_secret(database_url: str) -> str:
    """The session key made on this installation's first start (development and tests)."""
    database = Database(database_url)
    try:
        with database.session() as session:
            return site_secret(session, "session_key")
    finally:
        database.dispose()


def _tune_garbage_collector() -> None:
    """Keep full garbage collections from pausing every game.

    A busy server holds hundreds of thousands of long-lived objects (each socket
    brings ~300); CPython's full collections walked them all, pausing the loop
    for ~0.2 s every few seconds under load — the whole p99 latency of the load
    benchmark. What start-up made is frozen out of collection, the young
    generation is collected after 50,000 allocations rather than 700, and a full
    collection (still 60-100 ms with 1,000 sockets open) comes after 100 collections
    of the middle generation rather than 10.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def healthz(request: Request) -> JSONResponse:
    """``{"status": "ok"}`` once the database answers."""
    database: Database = request.app.state.db
    if database.is_reachable():
        return JSONResponse({"status": "ok"})
    return JSONResponse({"status": "unavailable"}, status_code=503)


class ClockMove(BaseModel):
    """Move a test's fake clock on: by ``advance`` seconds, or ``to`` a moment (epoch
    seconds); a moment already past leaves it where it is."""

    model_config = ConfigDict(extra="forbid")

    advance: float | None = Field(default=None, ge=0, le=400 * 24 * 3600)
    to: float | None = Field(default=None, ge=0)


def move_test_clock(move: ClockMove, request: Request) -> dict[str, float]:
    """Served only when ``CHROMINO_FAKE_CLOCK`` is on (tests, never production): move the
    clock of this process's games, releasing every timer that came due; the new time."""
    if (move.advance is None) == (move.to is None):
        raise HTTPException(
            422,
            detail={"code": "invalid_clock_move", "message": "give one of advance or to"},
        )
    clock: Clock = request.app.state.clock
    assert isinstance(clock, FakeClock)
    if move.advance is not None:
        moved = clock.advance(move.advance)
    else:
        assert move.to is not None
        moved = clock.set(datetime.fromtimestamp(move.to, UTC))
    return {"now": moved.timestamp()}


async def _table_refusal(request: Request, error: Exception) -> JSONResponse:
    """A table or game refused the request: its status, a stable code and a message."""
    assert isinstance(error, TableError)
    metrics.refused(error.code)
    detail = {"code": error.code, "message": say(error.message, request_language(request))}
    return JSONResponse({"detail": detail}, status_code=error.status)


HTTP_CODES = {
    404: "not_found",
    405: "method_not_allowed",
    413: "body_too_large",
    415: "unsupported_media_type",
}


async def _http_refusal(request: Request, error: Exception) -> JSONResponse:
    """Every refusal in one shape, ``{"detail": {"code", "message"}}`` (the routes' own
    details pass through; Starlette's plain ones, "Not Found", get a code), counted."""
    assert isinstance(error, StarletteHTTPException)
    detail: dict[str, object]
    if isinstance(error.detail, dict):
        detail = dict(error.detail)
        if isinstance(detail.get("message"), Words):
            detail["message"] = say(detail["message"], request_language(request))
    else:
        code = HTTP_CODES.get(error.status_code, "http_error")
        detail = {"code": code, "message": str(error.detail)}
    metrics.refused(str(detail.get("code", error.status_code)))
    return JSONResponse({"detail": detail}, status_code=error.status_code, headers=error.headers)


async def _invalid_request(request: Request, error: Exception) -> JSONResponse:
    """pydantic's list of problems (422), each located in the body as the client wrote it:
    a body checked by the game it names (``game``) is located without that game's tag."""
    assert isinstance(error, RequestValidationError)
    language = request_language(request)
    problems = []
    for problem in error.errors():
        location = list(problem.get("loc", ()))
        if len(location) > 1 and location[0] == "body" and location[1] in GAMES:
            del location[1]
        problems.append({**problem, "loc": location, "msg": field_problem(problem, language)})
    metrics.refused("invalid_request")
    return JSONResponse({"detail": jsonable_encoder(problems)}, status_code=422)


async def _internal_error(request: Request, error: Exception) -> JSONResponse:
    """Log the trace; the client gets a plain message, never the trace."""
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=error)
    return JSONResponse(
        {"detail": {"code": "internal_error", "message": "something went wrong on our side"}},
        status_code=500,
    )
