"""A notice on its way out: what the channels need, read from the database in one go."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .push import PushSubscription


@dataclass(frozen=True)
class Sending:
    """A claimed notice with what is needed to send it, read in one go."""

    notice_id: int
    kind: str
    game_id: str | None
    details: dict[str, Any]
    language: str
    devices: list[PushSubscription]
    email: str | None
    """A verified address, when this notice goes by email too."""
    user_id: int
    zone: str
    """The person's time zone: a deadline is said in it."""
