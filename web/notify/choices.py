"""What a person chose to hear of, per channel: every switch is on until turned off.

Which switches there are, and which a person turned off, are the person's
preferences (web.people); a notice answers to its kind's switch (web.notify.kinds):
both warnings to the reminders', a duplicate table's end to a game of mine ending, a
tournament's news to its own."""

from __future__ import annotations

from ..models import Preference
from ..people import switched_off
from .kinds import KINDS


def category(kind: str) -> str:
    """The switch a notice of this kind answers to; a switch's own name (the digest,
    which is no notice) answers to itself."""
    known = KINDS.get(kind)
    return kind if known is None else known.switch


def wants(preference: Preference | None, channel: str, kind: str) -> bool:
    """Whether the person wants this kind of notice (or the digest) by this channel."""
    return category(kind) not in switched_off(preference).get(channel, [])
