"""What concerns a bot, as the lines of its event stream (``GET /api/bot/events``).

A bot is told of each invitation to a table, each game of its that started (with the
game socket's address) and each that ended. The stream reads its games and invitations
again whenever the lobby wakes (a table or a game changed, web.lobby's bus) and sends
only what it has not sent yet: :class:`Told` keeps that, per stream.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..db import Database
from ..friends import open_invitations
from ..models import Game, GamePlayer
from ..protocol import PROTOCOL

KEEP_ALIVE_SECONDS = 20.0
"""A blank line this often keeps proxies from closing a quiet stream."""


def socket_address(game_id: str) -> str:
    """Where a bot plays a game (its token in the handshake's Authorization header)."""
    return f"/ws/games/{game_id}?protocol={PROTOCOL}"


@dataclass
class Told:
    """What one stream has said already."""

    invitations: set[int] = field(default_factory=set)
    started: set[str] = field(default_factory=set)
    ended: set[str] = field(default_factory=set)
    first: bool = True
    """Before the first reading: games that ended before the stream opened are old news."""


def _game_lines(session: Session, user_id: int, told: Told) -> list[dict[str, Any]]:
    query = (
        select(Game.id, Game.kind, Game.status, Game.result, GamePlayer.seat)
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(GamePlayer.user_id == user_id)
        .order_by(Game.created_at, Game.id)
    )
    lines: list[dict[str, Any]] = []
    for game_id, kind, status, result, seat in session.execute(query):
        if status == "playing" and game_id not in told.started:
            told.started.add(game_id)
            lines.append(
                {
                    "type": "game_started",
                    "game_id": game_id,
                    "game": kind,
                    "seat": seat,
                    "socket": socket_address(game_id),
                }
            )
        elif status != "playing" and game_id not in told.ended:
            told.ended.add(game_id)
            if not told.first:
                lines.append({"type": "game_ended", "game_id": game_id, "result": result})
    return lines


def new_lines(database: Database, user_id: int, told: Told) -> list[dict[str, Any]]:
    """The stream's next lines: invitations, then games started and ended, not told yet."""
    with database.session() as session:
        lines: list[dict[str, Any]] = []
        for invitation in open_invitations(session, user_id):
            if invitation.id not in told.invitations:
                told.invitations.add(invitation.id)
                lines.append({"type": "invitation", "invitation": invitation.model_dump()})
        lines.extend(_game_lines(session, user_id, told))
        told.first = False
        return lines
