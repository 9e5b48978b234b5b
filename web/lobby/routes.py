"""The lobby routes: tables (made, listed, joined, left, started), solo games,
rematches, and my games.

A route that deals a game has the live games (the hub) load it at once, so its bots
and timer start before anyone connects; every change wakes the lobby streams.
"""

from __future__ import annotations

import asyncio
from datetime import datetime

from fastapi import APIRouter, Request, status
from pydantic import TypeAdapter

from ..games import DEFAULT_GAME
from ..people import CurrentUser, OptionalUser, SessionDep, refuse_if_banned
from . import access, bests, dealing, listings, tables
from .host import live_games, open_rooms
from .schemas import GameSummary, SoloBest, SoloCreate, TableCreate, TablePublic

router = APIRouter(prefix="/api")


@router.get("/me/games")
def read_my_games(user: OptionalUser, session: SessionDep) -> list[GameSummary]:
    """My games: my turns first, the most urgent first, then the others' turns, then
    those that ended, newest first (a visitor has none)."""
    return [] if user is None else listings.my_game_lines(session, user)


@router.get("/me/solo-best")
def read_solo_best(
    user: OptionalUser, session: SessionDep, game: str = DEFAULT_GAME
) -> SoloBest | None:
    """My best solo game of a game (``?game=``): Chromino ranks fewest turns, then
    fewest draws, among hands emptied; Triominos the highest score."""
    return None if user is None else bests.solo_best(session, user, game)


@router.post("/tables", status_code=status.HTTP_201_CREATED)
def create_table(
    body: TableCreate, user: CurrentUser, session: SessionDep, request: Request
) -> TablePublic:
    """A new table with its options and seats; I take the first human seat (not while
    banned: the refusal says why and until when)."""
    refuse_if_banned(user)
    limit = request.app.state.settings.turn_based_game_limit
    table = tables.create_table(session, user, body, turn_based_limit=limit)
    _lobby_changed(request, session)
    return listings.table_public(table, user.id)


@router.get("/tables")
def list_tables(user: OptionalUser, session: SessionDep) -> list[TablePublic]:
    """Public tables still gathering players (each seat's rating as I may see it)."""
    viewer = None if user is None else user.id
    return listings.tables_public(listings.public_tables(session), viewer)


@router.get("/tables/{invite_code}")
def read_table(invite_code: str, user: OptionalUser, session: SessionDep) -> TablePublic:
    """A table, for whoever holds its invite code (each seat's rating as I may see it)."""
    viewer = None if user is None else user.id
    return listings.table_public(tables.table_by_invite(session, invite_code), viewer)


@router.post("/tables/{invite_code}/join")
def join_table(
    invite_code: str, user: CurrentUser, session: SessionDep, request: Request
) -> TablePublic:
    """Take a free seat (not while banned)."""
    refuse_if_banned(user)
    table = tables.table_by_invite(session, invite_code)
    tables.join(table, user, turn_based_limit=request.app.state.settings.turn_based_game_limit)
    _lobby_changed(request, session)
    return listings.table_public(table, user.id)


@router.post("/tables/{invite_code}/leave")
def leave_table(
    invite_code: str, user: CurrentUser, session: SessionDep, request: Request
) -> TablePublic:
    """Give up my seat before the start."""
    table = tables.table_by_invite(session, invite_code)
    tables.leave(table, user)
    _lobby_changed(request, session)
    return listings.table_public(table, user.id)


@router.post("/tables/{invite_code}/start")
def start_table(
    invite_code: str, user: CurrentUser, session: SessionDep, request: Request
) -> dict[str, str]:
    """Deal the game (creator only)."""
    table = tables.table_by_invite(session, invite_code)
    game = dealing.start(session, table, user, now=_now(request), deal_seed=_deal_seed(request))
    for board_id in dict.fromkeys([game.id, *dealing.duplicate_board_ids(session, table)]):
        _open_room(request, session, board_id)  # a duplicate table deals a board each
    return {"game_id": game.id}


@router.post("/solo", status_code=status.HTTP_201_CREATED)
def start_solo(
    user: CurrentUser, session: SessionDep, request: Request, body: SoloCreate | None = None
) -> dict[str, str]:
    """One click, one solo game (of the game named, with its options); not while banned."""
    refuse_if_banned(user)
    spec = body if body is not None else TypeAdapter(SoloCreate).validate_python({})
    game = dealing.start_solo(session, user, spec, now=_now(request), deal_seed=_deal_seed(request))
    _open_room(request, session, game.id)
    return {"game_id": game.id}


@router.post("/games/{game_id}/rematch")
def rematch(
    game_id: str, user: CurrentUser, session: SessionDep, request: Request
) -> dict[str, str]:
    """The same seats and options again (asking twice gives the same new game); not
    while banned."""
    refuse_if_banned(user)
    finished = access.game_by_id(session, game_id)
    seed = _deal_seed(request)
    asked = dealing.rematch(session, finished, user, now=_now(request), deal_seed=seed)
    game = asked.game
    if asked.dealt_now:  # asked before: its room was opened then
        _open_room(request, session, game.id)
    asyncio.run_coroutine_threadsafe(
        live_games(request).announce_rematch(finished.id, game.id), request.app.state.loop
    )
    return {"game_id": game.id}


def _deal_seed(request: Request) -> str | None:
    """The tests' fixed deal seed, if the settings have one (never in production)."""
    seed: str | None = request.app.state.settings.deal_seed
    return seed


def _now(request: Request) -> datetime:
    """The time on the live games' clock (web.clock): a new game's first deadline
    counts from it, as every later one does."""
    return live_games(request).clock.now()


def _open_room(request: Request, session: SessionDep, game_id: str) -> None:
    """Commit the new game, then have the hub load it so its bots and timer start
    even before anyone connects."""
    session.commit()
    open_rooms(request, session, [game_id])
    _lobby_changed(request, session)


def _lobby_changed(request: Request, session: SessionDep) -> None:
    """Commit, then wake the lobby streams (here and on the other processes)."""
    session.commit()
    request.app.state.loop.call_soon_threadsafe(live_games(request).lobby_changed)
