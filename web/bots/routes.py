"""The bot routes: a person's bot accounts and their tokens, and a bot's event stream.

``POST/GET /api/bots`` and ``POST /api/bots/{name}/tokens`` are for the owner's signed-in
browser (the bearer gate opens them to no token); ``GET /api/bot/events`` is for a bot's
``bot:play`` token only; ``GET /bots`` is the bot ladder's page.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from datetime import datetime

from fastapi import APIRouter, HTTPException, Request, status
from fastapi.responses import HTMLResponse, StreamingResponse
from pydantic import BaseModel, Field

from ..db import Database, as_utc
from ..i18n import N_, Words
from ..lobby import live_games
from ..models import User
from ..people import (
    BOT_PLAY,
    CurrentUser,
    Inbound,
    Name,
    SessionDep,
    UserOrVisitor,
    api_tokens,
    holder_in,
)
from ..site import render
from . import (
    KEEP_ALIVE_SECONDS,
    Told,
    bots_of,
    check_owner,
    ladders,
    make_bot,
    new_lines,
    owned_bot,
)

router = APIRouter()

BOTS_ONLY = N_("this stream is for a bot account's bot:play token")


class BotCreate(Inbound):
    name: Name


class BotTokenCreate(Inbound):
    name: str = Field(default="bot", min_length=1, max_length=60)


class BotPublic(BaseModel):
    """A bot account as its owner sees it listed."""

    id: int
    name: str
    bot: bool = True
    created_at: datetime
    tokens: int
    """How many tokens it holds (each is listed to its owner only when made)."""


class BotToken(BaseModel):
    """A bot's new ``bot:play`` token: its secret is shown this once."""

    id: int
    name: str
    scopes: list[str]
    token: str


def _bot_public(session: SessionDep, bot: User) -> BotPublic:
    held = len(api_tokens.tokens_of(session, bot.id))
    return BotPublic(id=bot.id, name=bot.name, created_at=as_utc(bot.created_at), tokens=held)


@router.post("/api/bots", status_code=status.HTTP_201_CREATED)
def create_bot(
    body: BotCreate, user: CurrentUser, session: SessionDep, request: Request
) -> BotPublic:
    """A new bot account of mine (a registered person's; the server's
    ``CHROMINO_BOT_ACCOUNTS`` must be on)."""
    check_owner(user, allowed=request.app.state.settings.bot_accounts)
    return _bot_public(session, make_bot(session, user, body.name))


@router.get("/api/bots")
def list_bots(user: CurrentUser, session: SessionDep) -> list[BotPublic]:
    """The bot accounts I own."""
    return [_bot_public(session, bot) for bot in bots_of(session, user.id)]


@router.post("/api/bots/{name}/tokens", status_code=status.HTTP_201_CREATED)
def create_bot_token(
    name: str, user: CurrentUser, session: SessionDep, body: BotTokenCreate | None = None
) -> BotToken:
    """A ``bot:play`` token for one of my bots (its secret shown once)."""
    bot = owned_bot(session, user, name)
    label = body.name if body is not None else "bot"
    token, secret = api_tokens.make_token(session, bot, label, [BOT_PLAY])
    return BotToken(id=token.id, name=token.name, scopes=list(token.scopes), token=secret)


@router.delete("/api/bots/{name}/tokens", status_code=status.HTTP_204_NO_CONTENT)
def revoke_bot_tokens(name: str, user: CurrentUser, session: SessionDep) -> None:
    """End every token of one of my bots at once (a leaked token, a program retired)."""
    api_tokens.revoke_all(session, owned_bot(session, user, name).id)


@router.get("/api/bot/events", response_class=StreamingResponse)
async def bot_events(request: Request) -> StreamingResponse:
    """What concerns the bot, one JSON object a line (NDJSON): ``invitation``,
    ``game_started`` (with its socket's address), ``game_ended``; a blank line every
    20 s while nothing happens."""
    holder = holder_in(request.scope)
    if holder is None or not holder.bot:
        raise HTTPException(403, detail={"code": "bots_only", "message": Words(BOTS_ONLY)})
    database: Database = request.app.state.db
    lines = _lines(request, database, holder.user_id)
    return StreamingResponse(lines, media_type="application/x-ndjson")


async def _lines(request: Request, database: Database, user_id: int) -> AsyncIterator[str]:
    """The stream's lines: at once what is going on, then what changes."""
    told = Told()
    async with live_games(request).lobby.listen(user_id) as changed:
        while True:
            changed.clear()
            for line in await asyncio.to_thread(new_lines, database, user_id, told):
                yield json.dumps(line) + "\n"
            try:
                await asyncio.wait_for(changed.wait(), timeout=KEEP_ALIVE_SECONDS)
            except TimeoutError:
                yield "\n"


@router.get("/bots", include_in_schema=False)
def bot_ladder_page(request: Request, user: UserOrVisitor, session: SessionDep) -> HTMLResponse:
    """The bot ladder: each bot pool's bots by rating, with their owners."""
    return render(request, user, "bots.html", ladders=ladders(session))
