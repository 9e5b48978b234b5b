"""What the HTTP API accepts and returns. Inbound models forbid unknown fields,
so a typo is a 422 naming the field rather than a silently ignored value."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StringConstraints,
    Tag,
    create_model,
)
from pydantic_core import PydanticCustomError

from . import names
from .games import DEFAULT_GAME, GAMES

ASSISTANCE_LEVELS = ("beginner", "intermediate", "none")
PALETTES = ("classic", "okabe-ito", "tol-bright", "high-contrast")
LANGUAGES = ("auto", "en", "fr", "de", "es", "it", "ru", "ja")


def _clean_name(value: str) -> str:
    """Normalised first, then checked (web.names): what is checked is what is stored."""
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


class SeatIn(Inbound):
    kind: Literal["human", "bot"]
    bot: str | None = Field(default=None, max_length=20)
    """A bot of the table's game (its kind's ``bots``), for a bot seat."""


class TableCreateBase(Inbound):
    """A new table: which game, its options (the game's own, with their defaults), the
    seats and whether the lobby lists it."""

    game: str = DEFAULT_GAME
    options: BaseModel
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    public: bool = False


class SoloCreateBase(Inbound):
    """A solo game: which game, and its options."""

    game: str = DEFAULT_GAME
    options: BaseModel


def _game_of(value: Any) -> str:
    """The ``game`` a request body names; a body that names none is for the default game."""
    if isinstance(value, dict):
        return str(value.get("game", DEFAULT_GAME))
    return str(getattr(value, "game", DEFAULT_GAME))


def _per_game(base: type[Inbound], suffix: str) -> Any:
    """One model per game (its ``game`` literal, its own typed options), joined by the
    ``game`` field: options are checked by the game chosen, errors name the field."""
    variants = []
    for kind in GAMES.values():
        model = create_model(
            f"{kind.name.title()}{suffix}",
            __base__=base,
            game=(Literal[kind.name], kind.name),  # type: ignore[arg-type]
            options=(kind.options_model, Field(default_factory=kind.options_model)),
        )
        variants.append(Annotated[model, Tag(kind.name)])
    return Annotated[Union[tuple(variants)], Discriminator(_game_of)]  # noqa: UP007


if TYPE_CHECKING:
    TableCreate = TableCreateBase
    SoloCreate = SoloCreateBase
else:
    TableCreate = _per_game(TableCreateBase, "TableCreate")
    SoloCreate = _per_game(SoloCreateBase, "SoloCreate")


class SeatPublic(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    user_id: int | None
    name: str | None


class TablePublic(BaseModel):
    invite_code: str
    game: str
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
    game: str
    status: str
    solo: bool
    players: list[str]
    my_seat: int | None
    current_seat: int | None
    """The seat to play, while the game is on."""
    my_turn: bool
    result: dict[str, Any] | None
    created_at: str
    finished_at: str | None


class SoloBest(BaseModel):
    """A personal best of one game: fewest turns with an emptied hand (Chromino), or
    the highest score (Triominos)."""

    game: str
    game_id: str
    turns: int
    draws: int
    score: int
