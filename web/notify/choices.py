"""What a person chose to hear of, per channel: every kind is on until switched off."""

from __future__ import annotations

from typing import Any

from ..i18n import N_
from ..models import Preference

PUSH_KINDS: dict[str, str] = {
    "turn": N_("It is my turn"),
    "reminder": N_("My time is running out"),
    "invitation": N_("Someone invites me to a table"),
    "game_over": N_("A game of mine is over"),
}
"""What web push may tell, in the Preferences page's words."""
EMAIL_KINDS: dict[str, str] = {
    "digest": N_("Once a day: the games waiting for me"),
    "reminder": N_("My time is nearly up (90 %)"),
}
CHANNELS: dict[str, dict[str, str]] = {"push": PUSH_KINDS, "email": EMAIL_KINDS}

REMINDERS = frozenset({"half", "ninety"})


def category(kind: str) -> str:
    """The switch a notice's kind answers to: both warnings are reminders, and a
    duplicate table's last board ending is a game of mine ending."""
    if kind == "duplicate_over":
        return "game_over"
    return "reminder" if kind in REMINDERS else kind


def switched_off(preference: Preference | None) -> dict[str, list[str]]:
    """The kinds switched off, per channel (none, for someone who never chose)."""
    stored: Any = preference.notify if preference is not None else None
    if not isinstance(stored, dict):
        return {channel: [] for channel in CHANNELS}
    return {
        channel: [kind for kind in stored.get(channel, []) if kind in kinds]
        for channel, kinds in CHANNELS.items()
    }


def wants(preference: Preference | None, channel: str, kind: str) -> bool:
    """Whether the person wants this kind of notice by this channel."""
    return category(kind) not in switched_off(preference).get(channel, [])
