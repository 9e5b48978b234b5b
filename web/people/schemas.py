"""What the people routes accept and return: names, passwords, preferences, the user.

Inbound models forbid unknown fields, so a typo is a 422 naming the field rather than
a silently ignored value; :class:`Inbound` is the base the other rooms' bodies share."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal, get_args
from zoneinfo import available_timezones

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)
from pydantic_core import PydanticCustomError

from . import names
from .zones import current_zone

ASSISTANCE_LEVELS = ("beginner", "intermediate", "none")
PALETTES = ("classic", "okabe-ito", "tol-bright", "high-contrast")
LANGUAGES = ("auto", "en", "fr", "de", "es", "it", "ru", "ja")


def _clean_name(value: str) -> str:
    """Normalised first, then checked (web.people.names): what is checked is what is stored."""
    try:
        return names.usable_name(value)
    except names.UnusableName as error:
        raise PydanticCustomError(error.kind, error.template, dict(error.values)) from None


Name = Annotated[
    str,
    StringConstraints(max_length=200),  # bounds the work; the real limit is after NFKC
    AfterValidator(_clean_name),
]
Password = Annotated[str, StringConstraints(min_length=8, max_length=200)]


class Inbound(BaseModel):
    """Base of every request body: unknown fields and loose types ("8" for 8) are errors."""

    model_config = ConfigDict(extra="forbid", strict=True)


class NameUpdate(Inbound):
    name: Name


class PasswordSet(Inbound):
    password: Password


class Login(Inbound):
    name: Annotated[str, StringConstraints(min_length=1, max_length=200)]
    """Looked up by its skeleton, as typed: no need to pass the rules of new names."""
    password: Annotated[str, StringConstraints(min_length=1, max_length=200)]


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def _known_zone(value: str) -> str:
    """A zone the server knows, kept by its current name (a browser may send the name
    it had before its place was renamed: "Asia/Calcutta" is kept as "Asia/Kolkata")."""
    if value not in _zones():
        raise PydanticCustomError(
            "unknown_zone", "not a time zone this server knows (like Europe/Paris)", {}
        )
    return current_zone(value)


TimeZone = Annotated[str, StringConstraints(max_length=64), AfterValidator(_known_zone)]
Minute = Annotated[int, Field(ge=0, le=1439)]
LONGEST_NIGHT = 16 * 60
"""Quiet hours last at most this long: a move clock runs at least 8 hours a day."""


class QuietHours(Inbound):
    """When my nights are, in my time zone (minutes after midnight; start == end: none)."""

    start: Minute
    end: Minute

    @model_validator(mode="after")
    def _not_too_long(self) -> QuietHours:
        if (self.end - self.start) % 1440 > LONGEST_NIGHT:
            raise PydanticCustomError(
                "night_too_long", "quiet hours last at most 16 hours a day", {}
            )
        return self


class SwitchedOff(Inbound):
    """The kinds of notice I do not want, per channel."""

    push: list[Literal["turn", "reminder", "invitation", "game_over", "tournament"]] = Field(
        max_length=5
    )
    email: list[Literal["digest", "reminder", "tournament"]] = Field(max_length=3)


class PreferencesUpdate(Inbound):
    """A partial update: only the fields given change."""

    assistance: Literal["beginner", "intermediate", "none"] | None = None
    palette: Literal["classic", "okabe-ito", "tol-bright", "high-contrast"] | None = None
    symbols: bool | None = None
    reversed_arrows: bool | None = None
    sound: bool | None = None
    language: Literal["auto", "en", "fr", "de", "es", "it", "ru", "ja"] | None = None
    """``auto``: the browser's language."""
    time_zone: TimeZone | None = None
    quiet: QuietHours | None = None
    digest_hour: int | None = Field(default=None, ge=0, le=23)
    """The local hour of the daily email of games waiting for me."""
    switched_off: SwitchedOff | None = None
    show_online: bool | None = None
    """Whether my friends see when I am online and the games I play (web.friends)."""
    hide_rating: bool | None = None
    """Whether my ratings are hidden from others (tables, lobby, profile) and left off
    the leaderboard; I still see them (web.ratings.read)."""


class PreferencesPublic(BaseModel):
    assistance: str
    palette: str
    symbols: bool
    reversed_arrows: bool
    sound: bool
    language: str
    time_zone: str | None
    """None until the browser said its zone (the page sends it on the first visit)."""
    quiet: dict[str, int]
    digest_hour: int
    switched_off: dict[str, list[str]]
    email: str | None
    email_verified: bool
    show_online: bool
    hide_rating: bool


SWITCHES: dict[str, tuple[str, ...]] = {
    channel: get_args(get_args(field.annotation)[0])
    for channel, field in SwitchedOff.model_fields.items()
}
"""The kinds of notice a person may switch off, per channel: what :class:`SwitchedOff`
accepts, so the preferences shown and the preferences taken name the same kinds."""


class UserPublic(BaseModel):
    id: int | None
    """None for a visitor: someone only looking, with no account yet."""
    visitor: bool = False
    """True until the person's first action makes their account (web.people.deps)."""
    name: str
    name_chosen: bool
    """False while a guest still has the name drawn for them."""
    registered: bool
    bot: bool = False
    """A bot account: a program playing through the bot API (docs/bots.md)."""
    preferences: PreferencesPublic
