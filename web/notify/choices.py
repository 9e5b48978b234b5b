"""What a person chose to hear of, per channel: every switch is on until turned off.

A notice answers to its kind's switch (web.notify.kinds): both warnings to the
reminders', a duplicate table's end to a game of mine ending."""

from __future__ import annotations

from typing import Any

from ..i18n import N_
from ..models import Preference
from .kinds import (
    DIGEST_SWITCH,
    EMAIL,
    GAME_OVER_SWITCH,
    INVITATION_SWITCH,
    KINDS,
    PUSH,
    REMINDER_SWITCH,
    TURN_SWITCH,
)

PUSH_KINDS: dict[str, str] = {
    TURN_SWITCH: N_("It is my turn"),
    REMINDER_SWITCH: N_("My time is running out"),
    INVITATION_SWITCH: N_("Someone invites me to a table"),
    GAME_OVER_SWITCH: N_("A game of mine is over"),
}
"""What web push may tell, in the Preferences page's words."""
EMAIL_KINDS: dict[str, str] = {
    DIGEST_SWITCH: N_("Once a day: the games waiting for me"),
    REMINDER_SWITCH: N_("My time is nearly up (90 %)"),
}
CHANNELS: dict[str, dict[str, str]] = {PUSH: PUSH_KINDS, EMAIL: EMAIL_KINDS}


def category(kind: str) -> str:
    """The switch a notice of this kind answers to; a switch's own name (the digest,
    which is no notice) answers to itself."""
    known = KINDS.get(kind)
    return kind if known is None else known.switch


def switched_off(preference: Preference | None) -> dict[str, list[str]]:
    """The switches turned off, per channel (none, for someone who never chose)."""
    stored: Any = preference.notify if preference is not None else None
    if not isinstance(stored, dict):
        return {channel: [] for channel in CHANNELS}
    return {
        channel: [kind for kind in stored.get(channel, []) if kind in kinds]
        for channel, kinds in CHANNELS.items()
    }


def wants(preference: Preference | None, channel: str, kind: str) -> bool:
    """Whether the person wants this kind of notice (or the digest) by this channel."""
    return category(kind) not in switched_off(preference).get(channel, [])
