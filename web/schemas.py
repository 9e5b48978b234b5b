"""What the HTTP API accepts and returns. Inbound models forbid unknown fields,
so a typo is a 422 naming the field rather than a silently ignored value."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from chromino.options import MAX_DRAWS_PER_TURN, MAX_TURN_SECONDS

from . import names

ASSISTANCE_LEVELS = ("beginner", "intermediate", "none")
PALETTES = ("classic", "okabe-ito", "tol-bright", "high-contrast")
LANGUAGES = ("en", "fr", "it", "es", "de")


def _clean_name(value: str) -> str:
    """Normalised first, then checked (web.names): what is checked is what is stored."""
    try:
        return names.clean(value)
    except names.UnusableName as error:
        raise ValueError(str(error)) from None


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
    language: Literal["en", "fr", "it", "es", "de"] | None = None


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
    registered: bool
    preferences: PreferencesPublic


class GameOptionsIn(Inbound):
    """Every rule option of RULES.md, with its default."""

    ruleset: Literal["standard", "junior"] = "standard"
    scoring: Literal["none", "expert", "segments", "segments-multiply"] = "none"
    start: Literal["chameleon", "tricolor"] = "chameleon"
    hand_size: int = Field(default=8, ge=1, le=20)
    draws_per_turn: int = Field(default=1, ge=0, le=MAX_DRAWS_PER_TURN)
    strict_draw: bool = False
    open_hands: bool = False
    turn_seconds: int = Field(default=0, ge=0, le=MAX_TURN_SECONDS)


class SeatIn(Inbound):
    kind: Literal["human", "bot"]
    bot: Literal["random", "greedy"] | None = None


class TableCreate(Inbound):
    options: GameOptionsIn = Field(default_factory=GameOptionsIn)
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    public: bool = False


class SeatPublic(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    user_id: int | None
    name: str | None


class TablePublic(BaseModel):
    invite_code: str
    creator_id: int | None
    """None once the creator (a guest) has been pruned."""
    options: dict[str, Any]
    public: bool
    solo: bool
    status: str
    game_id: str | None
    seats: list[SeatPublic]


class GameSummary(BaseModel):
    id: str
    status: str
    solo: bool
    players: list[str]
    my_seat: int | None
    result: dict[str, Any] | None
    created_at: str


class SoloBest(BaseModel):
    turns: int
    draws: int
    game_id: str
