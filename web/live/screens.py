"""What a room sends its viewers about the game, built once per kind of viewer.

Viewers of one kind — the same seat at the same help level, or any spectator — are
sent the same thing, so each message is built and encoded once per kind and the
same text goes to every socket of that kind. A live ``event`` carries the move and
the delta from the state that kind was last sent (web.live.delta), never the whole
game: the whole state goes only in snapshots (``welcome``, ``state``) and, should a
kind have been sent nothing at the version before, in that one event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..db import as_utc
from ..games import Applied, GameKind, LiveGame
from .delta import state_delta

ViewerKind = tuple[int | None, str | None]
"""A seat and its help level; ``(None, None)`` for every spectator."""


def viewer_kind(seat: int | None, assistance: str) -> ViewerKind:
    """The kind of a viewer: spectators are all alike, whatever their preferences."""
    return (seat, assistance) if seat is not None else (None, None)


def event_for(applied: Applied, seat: int | None) -> dict[str, Any]:
    """An event as one viewer may see it: the tile drawn only for the drawer."""
    if seat == applied.seat and applied.private:
        return said({**applied.public, **applied.private})
    return said(applied.public)


def said(event: dict[str, Any]) -> dict[str, Any]:
    """The event without the fields at their default — false, null, an empty list —
    that most moves carry (nobody went out, no hand revealed, the game goes on): a
    reader takes a field left out as its default (docs/protocol.md)."""
    return {key: value for key, value in event.items() if not _default(value)}


def _default(value: Any) -> bool:
    return value is False or value is None or (isinstance(value, list) and not value)


@dataclass
class Screens:
    """The states each kind of viewer was last sent (what the next delta is taken from).
    The seat to play's legal placements are worked out for each message that carries them
    and not kept: one kind of viewer a seat is the rule, and a waiting room keeps less."""

    live: LiveGame
    kind: GameKind
    shows_points: bool
    shown: dict[ViewerKind, tuple[int, dict[str, Any], float | None]] = field(default_factory=dict)
    """Per kind of viewer: the version, the state and the deadline it was last sent."""

    def state_fields(
        self, who: ViewerKind, version: int, deadline: datetime | None
    ) -> dict[str, Any]:
        """The whole state for a snapshot (remembered as what this kind was sent)."""
        state, legal, draw_held = self._state(who)
        self.shown[who] = (version, state, _timestamp(deadline))
        return {
            "state": state,
            "legal": legal,
            "draw_held": draw_held,
            "deadline": _timestamp(deadline),
        }

    def event_message(
        self,
        applied: Applied,
        who: ViewerKind,
        version: int,
        deadline: datetime | None,
        *,
        private: bool = True,
    ) -> dict[str, Any]:
        """The live ``event`` of ``version`` for one kind of viewer: the move, the delta,
        the deadline when it changed, and — for the seat to play — its legal placements.
        ``private`` False leaves out what only the mover is told (the tile drawn): a
        pass-and-play device keeps its log after the hand is hidden, so the tile is
        shown in the hand only."""
        state, legal, draw_held = self._state(who)
        message: dict[str, Any] = {
            "type": "event",
            "version": version,
            "event": event_for(applied, who[0] if private else None),
        }
        ends = _timestamp(deadline)
        before = self.shown.get(who)
        if before is not None and before[0] == version - 1:
            message.update(state_delta(before[1], state).fields())
            if ends != before[2]:
                message["deadline"] = ends
        else:  # this kind was sent nothing at the version before: the whole state
            message["state"] = state
            message["deadline"] = ends
        self.shown[who] = (version, state, ends)
        if legal is not None:
            message["legal"] = legal
        if draw_held:
            message["draw_held"] = True
        return message

    def whole_event(
        self, applied: Applied, version: int, deadline: datetime | None
    ) -> dict[str, Any]:
        """The live ``event`` of ``version`` as a spectator sees it, with the whole state
        rather than a delta: for a page whose last state was another kind's (a
        pass-and-play device whose hand was just hidden)."""
        state, _, _ = self._state((None, None))
        return {
            "type": "event",
            "version": version,
            "event": event_for(applied, None),
            "state": state,
            "deadline": _timestamp(deadline),
        }

    def _state(self, who: ViewerKind) -> tuple[dict[str, Any], list[dict[str, Any]] | None, bool]:
        seat, assistance = who
        state = self.live.view(seat)
        legal = None
        if (
            seat is not None
            and assistance != "none"
            and not self.live.is_over
            and self.live.current_seat == seat
        ):
            legal = self.live.legal_moves(seat, with_points=self.shows_points)
        draw_held = bool(
            legal
            and seat is not None
            and assistance is not None
            and self.kind.assistance_refusal(assistance, self.live, seat, self.kind.draw)
        )
        if draw_held:
            state["can_draw"] = False
        return state, legal, draw_held


def _timestamp(deadline: datetime | None) -> float | None:
    return None if deadline is None else as_utc(deadline).timestamp()
