"""The two halves of an action around the rules: the refusals it meets before the
engine sees it, and the event it is committed as, with the game's standing after it.

Kept apart from the room, which only sequences them (check, apply, commit, tell):
each is a plain function of the game as it stands.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from ..games import Applied, GameKind, LiveGame
from ..i18n import N_, Words
from ..protocol import ProtocolError
from .core import Submission
from .store import StoredEvent


def refuse(
    request: Submission,
    kind: GameKind,
    live: LiveGame,
    *,
    version: int,
    ended_by_host: bool,
    away: Collection[int],
) -> None:
    """Raise the ProtocolError that refuses ``request`` before the rules see it: a game
    the host ended, a seat a bot plays for, a stale version, the assistance policy."""
    command_id = request.command_id
    if ended_by_host:
        raise ProtocolError("game_over", Words(N_("the host ended this game")), command_id)
    if request.user_id is not None and request.seat in away:
        message = Words(N_("a bot is playing for you: take your seat back first"))
        raise ProtocolError("seat_away", message, command_id)
    if request.expected_version != version:
        message = Words(
            N_("the game is at version {version}, not {expected}; resync"),
            version=version,
            expected=request.expected_version,
        )
        raise ProtocolError("stale_version", message, command_id)
    if request.assistance is not None:
        refusal = kind.assistance_refusal(request.assistance, live, request.seat, request.action)
        if refusal is not None:
            raise ProtocolError("assistance_draw_refused", Words(refusal), command_id)


def stored_event(
    request: Submission,
    applied: Applied,
    live: LiveGame,
    *,
    version: int,
    turn: tuple[datetime | None, datetime | None],
    now: datetime,
    turn_based: bool,
) -> StoredEvent:
    """The event to commit for ``applied`` (``live`` already past it), with the turn
    after it: ``turn`` is when it started and its deadline."""
    turn_started, deadline = turn
    return StoredEvent(
        version,
        request.seat,
        applied.stored,
        request.user_id,
        request.command_id,
        deadline,
        live.result(),
        None if live.is_over else live.current_seat,
        turn_started=turn_started,
        turn_changed=applied.turn_changed,
        stand_in=request.stand_in,
        # The sweep tells the next player, times their turn and, at the end, tells
        # everyone how it went (web.days.sweep): it looks at once.
        due=now if turn_based else None,
    )
