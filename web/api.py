"""The HTTP API: the current user, preferences, tables, solo games and game records."""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response, status
from fastapi.responses import JSONResponse
from fastapi.sse import EventSourceResponse, ServerSentEvent
from pydantic import TypeAdapter

from . import accounts, tables
from .db import Database
from .deps import CurrentUser, OptionalUser, SessionDep
from .games import DEFAULT_GAME, game_kind
from .hub import Hub
from .hub.coach import summary as coach_summary
from .limits import Limits
from .lobby import KEEP_ALIVE, REFRESH_GAP
from .models import GameAnalysis, User
from .schemas import (
    GameSummary,
    Login,
    NameUpdate,
    PasswordSet,
    PreferencesPublic,
    PreferencesUpdate,
    SoloBest,
    SoloCreate,
    TableCreate,
    TablePublic,
    UserPublic,
)
from .texts import N_, N_plural, Words

router = APIRouter(prefix="/api")


# --- people -------------------------------------------------------------------


@router.get("/me")
def read_me(user: CurrentUser) -> UserPublic:
    """Who I am (a guest account is made on the first visit)."""
    return accounts.public_user(user)


@router.put("/me/name")
def change_name(body: NameUpdate, user: CurrentUser, session: SessionDep) -> UserPublic:
    """Pick a display name; names are unique regardless of case."""
    try:
        accounts.rename(session, user, body.name)
    except accounts.NameTakenError:
        message = Words(N_("the name {name} is taken"), name=body.name)
        raise HTTPException(409, detail={"code": "name_taken", "message": message}) from None
    return accounts.public_user(user)


@router.put("/me/password")
def set_password(
    body: PasswordSet, user: CurrentUser, request: Request, session: SessionDep
) -> UserPublic:
    """Add a password, so this account can sign in from another device; every other
    device is signed out. A few changes per account per ten minutes."""
    limits = _limits(request)
    if not limits.password_changes.allow(user.id):
        raise _too_many(limits.password_changes.retry_after(user.id), TOO_MANY_PASSWORD_CHANGES)
    keep = accounts.current_session_id(request.session)
    accounts.set_password(session, user, body.password, keep=keep)
    return accounts.public_user(user)


@router.post("/login")
def login(body: Login, request: Request, session: SessionDep) -> UserPublic:
    """Sign in with a name and password.

    Each address has a budget of attempts, and wrong passwords for one name from one
    address are slowed down more and more; someone else's wrong guesses never keep the
    owner out.
    """
    limits = _limits(request)
    address = request.client.host if request.client else "unknown"
    pair = (address, body.name.casefold())
    if not limits.sign_ins_per_address.allow(address):
        raise _too_many(limits.sign_ins_per_address.retry_after(address), TOO_MANY_SIGN_INS)
    wait = limits.sign_in_failures.wait(pair)
    if wait > 0:
        raise _too_many(math.ceil(wait), TOO_MANY_WRONG_PASSWORDS)
    user = accounts.authenticate(session, body.name, body.password)
    if user is None:
        limits.sign_in_failures.failed(pair)
        message = Words(N_("wrong name or password"))
        raise HTTPException(401, detail={"code": "bad_credentials", "message": message})
    limits.sign_in_failures.succeeded(pair)
    accounts.end_session(request.session, session)  # the guest session this browser had
    accounts.remember(request.session, session, user)
    return accounts.public_user(user)


def _limits(request: Request) -> Limits:
    limits: Limits = request.app.state.limits
    return limits


TOO_MANY_PASSWORD_CHANGES = N_plural(
    "too many password changes; try again in {count} second",
    "too many password changes; try again in {count} seconds",
)
TOO_MANY_SIGN_INS = N_plural(
    "too many sign-in attempts; try again in {count} second",
    "too many sign-in attempts; try again in {count} seconds",
)
TOO_MANY_WRONG_PASSWORDS = N_plural(
    "too many wrong passwords for this name; try again in {count} second",
    "too many wrong passwords for this name; try again in {count} seconds",
)


def _too_many(retry_after: int, words: tuple[str, str]) -> HTTPException:
    singular, plural = words
    return HTTPException(
        429,
        detail={
            "code": "too_many_attempts",
            "message": Words(singular, plural=plural, count=retry_after),
        },
        headers={"Retry-After": str(retry_after)},
    )


@router.post("/logout", status_code=status.HTTP_204_NO_CONTENT)
def logout(request: Request, session: SessionDep) -> Response:
    """Sign out: this browser's session ends on the server (a copy of the cookie is
    worth nothing from now on); the next visit starts as a new guest."""
    accounts.end_session(request.session, session)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/me/sign-out-everywhere", status_code=status.HTTP_204_NO_CONTENT)
def sign_out_everywhere(request: Request, user: CurrentUser, session: SessionDep) -> Response:
    """End every session of my account, this one included (a lost phone, a shared
    computer): every device must sign in again."""
    accounts.end_sessions(session, user)
    request.session.clear()
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get("/me/preferences")
def read_preferences(user: CurrentUser) -> PreferencesPublic:
    """My preferences."""
    return accounts.public_user(user).preferences


@router.patch("/me/preferences")
def update_preferences(
    body: PreferencesUpdate, user: CurrentUser, request: Request
) -> PreferencesPublic:
    """Change some preferences; the others stay. Open games hear of a new assistance level."""
    accounts.update_preferences(user, body)
    if body.assistance is not None:
        hub: Hub = request.app.state.hub
        request.app.state.loop.call_soon_threadsafe(hub.set_assistance, user.id, body.assistance)
    return accounts.public_user(user).preferences


@router.get("/me/games")
def read_my_games(user: CurrentUser, session: SessionDep) -> list[GameSummary]:
    """My games: those in progress first, then the newest."""
    return [tables.game_summary(game, user.id) for game in tables.my_games(session, user)]


@router.get("/me/solo-best")
def read_solo_best(
    user: CurrentUser, session: SessionDep, game: str = DEFAULT_GAME
) -> SoloBest | None:
    """My best solo game of a game (``?game=``): Chromino ranks fewest turns, then
    fewest draws, among hands emptied; Triominos the highest score."""
    return tables.solo_best(session, user, game)


# --- the live lobby -----------------------------------------------------------------


@router.get("/lobby/events", response_class=EventSourceResponse)
async def lobby_events(request: Request) -> AsyncIterator[ServerSentEvent]:
    """The open public tables and my games, sent at once and again whenever they change
    (server-sent events, ``event: lobby``; a comment every 25 s keeps proxies from
    closing the stream). No account is made for a visitor without one."""
    hub: Hub = request.app.state.hub
    idle = timedelta(days=request.app.state.settings.session_idle_days)
    cookie = dict(request.session)
    user_id = await asyncio.to_thread(_user_id_of, hub.db, cookie, idle)
    last: dict[str, Any] | None = None
    async with hub.lobby.listen() as changed:
        while True:
            changed.clear()
            lists = await asyncio.to_thread(_lobby_lists, hub.db, user_id)
            if lists != last:
                yield ServerSentEvent(event="lobby", data=lists)
                last = lists
            try:
                await asyncio.wait_for(changed.wait(), timeout=KEEP_ALIVE)
            except TimeoutError:
                yield ServerSentEvent(comment="still here")
                continue
            await asyncio.sleep(REFRESH_GAP)  # a burst of changes makes one reading


def _user_id_of(db: Database, cookie: dict[str, Any], idle: timedelta) -> int | None:
    with db.session() as session:
        user = accounts.user_of_session(cookie, session, idle)
        return None if user is None else user.id


def _lobby_lists(db: Database, user_id: int | None) -> dict[str, Any]:
    with db.session() as session:
        listed = [tables.table_public(t).model_dump() for t in tables.public_tables(session)]
        mine: list[dict[str, Any]] = []
        user = None if user_id is None else session.get(User, user_id)
        if user is not None:
            mine = [
                tables.game_summary(game, user.id).model_dump()
                for game in tables.my_games(session, user)
            ]
        return {"tables": listed, "my_games": mine}


# --- tables ---------------------------------------------------------------------


@router.post("/tables", status_code=status.HTTP_201_CREATED)
def create_table(
    body: TableCreate, user: CurrentUser, session: SessionDep, request: Request
) -> TablePublic:
    """A new table with its options and seats; I take the first human seat."""
    table = tables.create_table(session, user, body)
    _lobby_changed(request, session)
    return tables.table_public(table)


@router.get("/tables")
def list_tables(session: SessionDep) -> list[TablePublic]:
    """Public tables still gathering players."""
    return [tables.table_public(table) for table in tables.public_tables(session)]


@router.get("/tables/{invite_code}")
def read_table(invite_code: str, session: SessionDep) -> TablePublic:
    """A table, for whoever holds its invite code."""
    return tables.table_public(tables.table_by_invite(session, invite_code))


@router.post("/tables/{invite_code}/join")
def join_table(
    invite_code: str, user: CurrentUser, session: SessionDep, request: Request
) -> TablePublic:
    """Take a free seat."""
    table = tables.table_by_invite(session, invite_code)
    tables.join(table, user)
    _lobby_changed(request, session)
    return tables.table_public(table)


@router.post("/tables/{invite_code}/leave")
def leave_table(
    invite_code: str, user: CurrentUser, session: SessionDep, request: Request
) -> TablePublic:
    """Give up my seat before the start."""
    table = tables.table_by_invite(session, invite_code)
    tables.leave(table, user)
    _lobby_changed(request, session)
    return tables.table_public(table)


@router.post("/tables/{invite_code}/start")
def start_table(
    invite_code: str, user: CurrentUser, session: SessionDep, request: Request
) -> dict[str, str]:
    """Deal the game (creator only)."""
    table = tables.table_by_invite(session, invite_code)
    game = tables.start(session, table, user, deal_seed=_deal_seed(request))
    _open_room(request, session, game.id)
    return {"game_id": game.id}


@router.post("/solo", status_code=status.HTTP_201_CREATED)
def start_solo(
    user: CurrentUser, session: SessionDep, request: Request, body: SoloCreate | None = None
) -> dict[str, str]:
    """One click, one solo game (of the game named, with its options)."""
    spec = body if body is not None else TypeAdapter(SoloCreate).validate_python({})
    game = tables.start_solo(session, user, spec, deal_seed=_deal_seed(request))
    _open_room(request, session, game.id)
    return {"game_id": game.id}


# --- games ----------------------------------------------------------------------


@router.get("/games/{game_id}")
def read_game(game_id: str, user: OptionalUser, session: SessionDep) -> dict[str, Any]:
    """A game's summary and what I may see of it (spectators need no account)."""
    game = tables.game_by_id(session, game_id)
    user_id = user.id if user is not None else None
    seat = None if user_id is None else tables.seat_of(game, user_id)
    kind = game_kind(game.kind)
    live = kind.restore(game.setup)
    for event in _events(session, game_id):
        live.apply(event.seat, kind.stored_action(event.action))
    return {"game": tables.game_summary(game, user_id).model_dump(), "state": live.view(seat)}


@router.get("/games/{game_id}/record")
def download_record(game_id: str, session: SessionDep) -> JSONResponse:
    """The game record (docs/rules.md section 9, docs/triominos-rules.md section 9) —
    only once the game is over."""
    game = tables.game_by_id(session, game_id)
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
def read_replay(game_id: str, session: SessionDep, request: Request) -> dict[str, Any]:
    """A finished game step by step, as the server's engine replays it: each version's
    event (with the tile drawn: the game is over) and the whole position after it,
    running scores included. The browser shows the steps; it re-derives nothing."""
    game = tables.game_by_id(session, game_id)
    if game.status != "finished":
        raise HTTPException(
            409,
            detail={
                "code": "game_in_progress",
                "message": Words(N_("a game is replayed once it ends")),
            },
        )
    kind = game_kind(game.kind)
    live = kind.restore(game.setup)
    steps: list[dict[str, Any]] = [{"version": 0, "event": None, **live.replay_frame()}]
    for event in _events(session, game_id):
        applied = live.apply(event.seat, kind.stored_action(event.action))
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
        "options": game.setup.get("options", {}),
        "solo": game.solo,
        "result": game.result,
        "steps": steps,
        "coach": _coach_notes(session, request, game.id, len(game.seats)),
    }


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


@router.post("/games/{game_id}/rematch")
def rematch(
    game_id: str, user: CurrentUser, session: SessionDep, request: Request
) -> dict[str, str]:
    """The same seats and options again (asking twice gives the same new game)."""
    finished = tables.game_by_id(session, game_id)
    game = tables.rematch(session, finished, user, deal_seed=_deal_seed(request))
    _open_room(request, session, game.id)
    hub: Hub = request.app.state.hub
    asyncio.run_coroutine_threadsafe(
        hub.announce_rematch(finished.id, game.id), request.app.state.loop
    )
    return {"game_id": game.id}


def _deal_seed(request: Request) -> str | None:
    """The tests' fixed deal seed, if the settings have one (never in production)."""
    seed: str | None = request.app.state.settings.deal_seed
    return seed


def _open_room(request: Request, session: SessionDep, game_id: str) -> None:
    """Commit the new game, then have the hub load it so its bots and timer start
    even before anyone connects."""
    session.commit()
    hub: Hub = request.app.state.hub
    asyncio.run_coroutine_threadsafe(hub.room(game_id), request.app.state.loop)
    _lobby_changed(request, session)


def _lobby_changed(request: Request, session: SessionDep) -> None:
    """Commit, then wake the lobby streams (here and on the other processes)."""
    session.commit()
    hub: Hub = request.app.state.hub
    request.app.state.loop.call_soon_threadsafe(hub.lobby_changed)


def _events(session: SessionDep, game_id: str) -> list[Any]:
    from sqlalchemy import select

    from .models import GameEvent

    query = select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
    return list(session.scalars(query))
