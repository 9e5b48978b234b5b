"""My data: everything the server keeps about a person, as one JSON document.

What it holds is what the person may see anyway, gathered in one place: their
account, preferences, friends and the people they muted, their devices (the push
endpoint only by its host: the rest of it is a secret of the push service), days
away, passkeys (names and dates, never a key), sessions (dates only), invitation
links they made (never a token), their games and their own chat lines.

Games: a finished game's record is public to whoever may watch it (its
``/api/games/ID/record``), so it is given whole; of a game still being played only
what the person's own seat sees (``view(seat)``: their hand, the board, the others'
hand sizes), never the setup (which holds every hand and the bag). Seats played on
the person's device (pass-and-play) show no hand at all: whoever holds the device
may download this on another seat's turn, and a local hand is shown only on the
device, on its turn, after "show my tiles" (docs/pass-and-play.md). The same rule as
``GET /api/games/ID`` (``hand_seat_of``).

Imported records: the records the person brought in (web.records), each as it
exports, readable by them alone.

Chat: the lines the person wrote, not those of others (theirs to export, and the
replay of each game shows them to whoever may read them).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from ..db import as_utc
from ..games import game_kind
from ..lobby import hand_seat_of
from ..models import (
    Block,
    ChatMessage,
    Friend,
    Game,
    GameEvent,
    GamePlayer,
    Passkey,
    Preference,
    PushDevice,
    SiteInvitation,
    User,
    UserSession,
    Vacation,
)

FORMAT = 1
"""The export's own version, should its shape ever change."""


def _when(moment: datetime | None) -> str | None:
    return None if moment is None else as_utc(moment).isoformat()


def export_of(session: Session, user: User, now: datetime) -> dict[str, Any]:
    """The person's data, JSON-able."""
    return {
        "format": FORMAT,
        "exported_at": now.isoformat(),
        "profile": _profile(user),
        "preferences": _preferences(session.get(Preference, user.id)),
        "sessions": _sessions(session, user),
        "passkeys": _passkeys(session, user),
        "push_devices": _devices(session, user),
        "days_away": _vacations(session, user),
        "friends": _friends(session, user),
        "muted": _muted(session, user),
        "invitation_links": _invitation_links(session, user),
        "games": _games(session, user),
        "imported_records": _imported(session, user),
        "chat_lines": _chat_lines(session, user),
    }


def _profile(user: User) -> dict[str, Any]:
    return {
        "id": user.id,
        "name": user.name,
        "name_chosen": user.name_chosen,
        "created_at": _when(user.created_at),
        "last_seen_at": _when(user.last_seen_at),
        "role": user.role,
        "has_password": user.password_hash is not None,
        "banned_until": _when(user.banned_until),
        "ban_reason": user.ban_reason,
        "muted_until": _when(user.muted_until),
        "joined_by_invitation": user.invitation_id is not None,
    }


def _preferences(preference: Preference | None) -> dict[str, Any] | None:
    if preference is None:
        return None
    return {
        "assistance": preference.assistance,
        "palette": preference.palette,
        "symbols": preference.symbols,
        "reversed_arrows": preference.reversed_arrows,
        "sound": preference.sound,
        "language": preference.language,
        "spoken_language": preference.spoken_language,
        "time_zone": preference.time_zone,
        "quiet": {"start": preference.quiet_start, "end": preference.quiet_end},
        "email": preference.email,
        "email_verified": preference.email_verified,
        "digest_hour": preference.digest_hour,
        "switched_off": preference.notify,
        "show_online": preference.show_online,
        "hide_rating": preference.hide_rating,
    }


def _sessions(session: Session, user: User) -> list[dict[str, Any]]:
    """When each signed-in browser started and was last seen (never its id: that is
    what the cookie holds)."""
    rows = session.scalars(
        select(UserSession).where(UserSession.user_id == user.id).order_by(UserSession.created_at)
    )
    return [
        {
            "created_at": _when(row.created_at),
            "last_seen_at": _when(row.last_seen_at),
            "signed_in_at": _when(row.signed_in_at),
        }
        for row in rows
    ]


def _passkeys(session: Session, user: User) -> list[dict[str, Any]]:
    rows = session.scalars(
        select(Passkey).where(Passkey.user_id == user.id).order_by(Passkey.created_at)
    )
    return [
        {
            "name": row.name,
            "created_at": _when(row.created_at),
            "last_used_at": _when(row.last_used_at),
        }
        for row in rows
    ]


def _devices(session: Session, user: User) -> list[dict[str, Any]]:
    rows = session.scalars(
        select(PushDevice).where(PushDevice.user_id == user.id).order_by(PushDevice.created_at)
    )
    return [
        {"push_service": urlsplit(row.endpoint).hostname, "created_at": _when(row.created_at)}
        for row in rows
    ]


def _vacations(session: Session, user: User) -> list[dict[str, Any]]:
    rows = session.scalars(
        select(Vacation).where(Vacation.user_id == user.id).order_by(Vacation.starts_at)
    )
    return [
        {
            "starts_at": _when(row.starts_at),
            "ends_at": _when(row.ends_at),
            "created_at": _when(row.created_at),
        }
        for row in rows
    ]


def _friends(session: Session, user: User) -> dict[str, list[dict[str, Any]]]:
    """Friends (both asked), the requests I sent and those I have not answered."""
    rows = session.execute(
        select(Friend.user_id, Friend.friend_id, Friend.created_at).where(
            or_(Friend.user_id == user.id, Friend.friend_id == user.id)
        )
    ).all()
    mine = {friend: created for owner, friend, created in rows if owner == user.id}
    theirs = {owner: created for owner, friend, created in rows if friend == user.id}
    names = _names(session, set(mine) | set(theirs))

    def listed(ids: set[int], dates: dict[int, datetime]) -> list[dict[str, Any]]:
        return [
            {"name": names.get(other, "?"), "since": _when(dates[other])} for other in sorted(ids)
        ]

    return {
        "friends": listed(set(mine) & set(theirs), mine),
        "requests_sent": listed(set(mine) - set(theirs), mine),
        "requests_received": listed(set(theirs) - set(mine), theirs),
    }


def _muted(session: Session, user: User) -> list[dict[str, Any]]:
    rows = session.execute(
        select(User.name, Block.created_at)
        .join(Block, Block.blocked_id == User.id)
        .where(Block.user_id == user.id)
        .order_by(User.name)
    )
    return [{"name": name, "since": _when(created)} for name, created in rows]


def _invitation_links(session: Session, user: User) -> list[dict[str, Any]]:
    rows = session.scalars(
        select(SiteInvitation)
        .where(SiteInvitation.made_by == user.id)
        .order_by(SiteInvitation.created_at)
    )
    return [
        {
            "note": row.note,
            "uses": row.uses,
            "used": row.used,
            "created_at": _when(row.created_at),
            "expires_at": _when(row.expires_at),
            "revoked_at": _when(row.revoked_at),
        }
        for row in rows
    ]


def _names(session: Session, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    rows = session.execute(select(User.id, User.name).where(User.id.in_(ids)))
    return {row.id: row.name for row in rows}


def _games(session: Session, user: User) -> list[dict[str, Any]]:
    games = session.scalars(
        select(Game)
        .where(Game.id.in_(select(GamePlayer.game_id).where(GamePlayer.user_id == user.id)))
        .order_by(Game.created_at, Game.id)
    )
    return [_game(session, game, user) for game in games]


def _moves(session: Session, game_id: str) -> list[dict[str, Any]]:
    events = select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
    return [{"player": event.seat, **event.action} for event in session.scalars(events)]


def _imported(session: Session, user: User) -> list[dict[str, Any]]:
    """The records the person imported: each with its game's id, as it exports."""
    games = session.scalars(
        select(Game)
        .where(Game.imported.is_(True), Game.imported_by == user.id)
        .order_by(Game.created_at, Game.id)
    )
    return [
        {
            "id": game.id,
            "game": game.kind,
            "imported_at": _when(game.created_at),
            "record": {**game.setup, "moves": _moves(session, game.id)},
        }
        for game in games
    ]


def _game(session: Session, game: Game, user: User) -> dict[str, Any]:
    """One game of the person's: its summary, and its record (finished) or what their
    seat sees of it (still played)."""
    seat = next(i for i, s in enumerate(game.seats) if s.get("user_id") == user.id)
    events = list(
        session.scalars(
            select(GameEvent).where(GameEvent.game_id == game.id).order_by(GameEvent.seq)
        )
    )
    summary: dict[str, Any] = {
        "id": game.id,
        "game": game.kind,
        "status": game.status,
        "seat": seat,
        "players": [s.get("name") for s in game.seats],
        "solo": game.solo,
        "created_at": _when(game.created_at),
        "finished_at": _when(game.finished_at),
        "result": game.result,
    }
    if game.status == "finished":
        moves = [{"player": event.seat, **event.action} for event in events]
        summary["record"] = {**game.setup, "moves": moves}
        return summary
    kind = game_kind(game.kind)
    live = kind.restore(game.setup)
    for event in events:
        live.apply(event.seat, kind.stored_action(event.action))
    summary["my_view"] = live.view(hand_seat_of(game, user.id))
    return summary


def _chat_lines(session: Session, user: User) -> list[dict[str, Any]]:
    rows = session.scalars(
        select(ChatMessage)
        .where(ChatMessage.user_id == user.id)
        .order_by(ChatMessage.created_at, ChatMessage.id)
    )
    return [
        {
            "game_id": row.game_id,
            "room": row.room,
            "preset": row.preset,
            "text": row.text,
            "said_at": _when(row.created_at),
        }
        for row in rows
    ]
