"""A chat line as the rooms hold it, and who may read it.

The rules of hearing are here, once, for the room's live delivery, its snapshots and
the replay: the spectators' room reaches no player before the game's end (they might
talk about a hand they see), and a line never reaches someone its author muted or
who muted its author.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .presets import preset_words

PLAYERS = "players"
SPECTATORS = "spectators"
RECENT_LINES = 100
"""How many lines a snapshot carries (older ones stay in the database, and in the replay)."""
MAX_TEXT = 300


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line said at a game's table."""

    seq: int
    room: str
    user_id: int | None
    name: str
    seat: int | None
    preset: str | None
    text: str | None
    at: float
    """When it was said, in Unix seconds."""

    def to_dict(self) -> dict[str, Any]:
        """The line for the other processes (and the cache of the room): no reader's words."""
        return {
            "seq": self.seq,
            "room": self.room,
            "user": self.user_id,
            "name": self.name,
            "seat": self.seat,
            "preset": self.preset,
            "text": self.text,
            "at": self.at,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ChatLine:
        return cls(
            int(data["seq"]),
            str(data["room"]),
            data.get("user"),
            str(data["name"]),
            data.get("seat"),
            data.get("preset"),
            data.get("text"),
            float(data["at"]),
        )

    def message(self, language: str) -> dict[str, Any]:
        """The ``chat`` message a reader of ``language`` gets (docs/protocol.md)."""
        said = None if self.preset is None else preset_words(self.preset, language)
        return {"type": "chat", **self.to_dict(), "said": said}


def may_read(line: ChatLine, *, seated: bool, over: bool, unheard: frozenset[int]) -> bool:
    """Whether a viewer reads a line: a player (``seated``) hears the spectators only once
    the game is over; nobody hears someone in their ``unheard`` (muted either way)."""
    if line.room == SPECTATORS and seated and not over:
        return False
    return line.user_id is None or line.user_id not in unheard


def clean_text(text: str) -> str:
    """Free text as it is kept: control characters gone (a line break becomes a space),
    runs of spaces made one, trimmed. Markup stays as typed: the page shows text only."""
    kept = "".join(" " if not char.isprintable() else char for char in text)
    return " ".join(kept.split())
