"""What the people routes accept and return: names, passwords, preferences, the user.

Inbound models forbid unknown fields, so a typo is a 422 naming the field rather than
a silently ignored value; :class:`Inbound` is the base the other rooms' bodies share."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, StringConstraints
from pydantic_core import PydanticCustomError

from . import names

ASSISTANCE_LEVELS = ("beginner", "intermediate", "none")
PALETTES = ("classic", "okabe-ito", "tol-bright", "high-contrast")
LANGUAGES = ("auto", "en", "fr", "de", "es", "it", "ru", "ja")


def _clean_name(value: str) -> str:
    """Normalised first, then checked (web.people.names): what is checked is what is stored."""
    try:
        return names.clean(value)
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


class PreferencesUpdate(Inbound):
    """A partial update: only the fields given change."""

    assistance: Literal["beginner", "intermediate", "none"] | None = None
    palette: Literal["classic", "okabe-ito", "tol-bright", "high-contrast"] | None = None
    symbols: bool | None = None
    reversed_arrows: bool | None = None
    sound: bool | None = None
    language: Literal["auto", "en", "fr", "de", "es", "it", "ru", "ja"] | None = None
    """``auto``: the browser's language."""


class PreferencesPublic(BaseModel):
    assistance: str
    palette: str
    symbols: bool
    reversed_arrows: bool
    sound: bool
    language: str


class UserPublic(BaseModel):
    id: int
    name: str
    name_chosen: bool
    """False while a guest still has the name drawn for them."""
    registered: bool
    preferences: PreferencesPublic
