"""What the lobby's routes accept and return: tables, seats, solo games, game summaries.

A table or solo body is checked by the game it names (``game``): each game's own typed
options, one model per game, so an error names the field the client wrote."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import BaseModel, Discriminator, Field, Tag, create_model

from ..games import DEFAULT_GAME, GAMES
from ..people import Inbound

TurnDays = Literal[0, 1, 2, 3, 5, 7, 14]
"""The times per move a turn-based table may choose, in the mover's waking days
(0: no clock, for friends who trust each other to move; web.days times them)."""

OnTimeout = Literal["substitute", "timeout", "drop"]
"""What a turn-based game does with a player whose time ran out."""

LOCAL_NAME_LENGTH = 24
"""The longest name of a local seat (pass-and-play)."""


class SeatIn(Inbound):
    kind: Literal["human", "bot", "local"]
    """``local``: played on the creator's device by the person ``name`` names
    (pass-and-play, docs/pass-and-play.md)."""
    bot: str | None = Field(default=None, max_length=20)
    """A bot of the table's game (its kind's ``bots``), for a bot seat."""
    name: str | None = Field(default=None, max_length=LOCAL_NAME_LENGTH)
    """Who plays a local seat ("Ana"): required for one, refused for the others."""


SUBSTITUTE_MINUTES = 60
"""The longest grace a table may give an absent player before a bot plays for them."""


class TableCreateBase(Inbound):
    """A new table: which game, its options (the game's own, with their defaults), the
    seats and whether the lobby lists it."""

    game: str = DEFAULT_GAME
    options: BaseModel
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    public: bool = False
    spectators: bool = True
    """Whether people other than the players may watch its games (their replays too)."""
    substitute_minutes: int = Field(default=0, ge=0, le=SUBSTITUTE_MINUTES)
    """After how many minutes away (no socket open) a bot plays for a player until they
    come back; 0: never."""
    turn_days: TurnDays | None = None
    """None: a game in one sitting. A number: turn-based, with that many waking days
    per move (0: no clock); such a table has no per-turn seconds and no grace."""
    on_timeout: OnTimeout = "substitute"
    """What a turn-based game does with a player whose time ran out."""
    vacation: bool = True
    """Whether a player's declared days away stop their turn-based clock here."""
    rated: bool | None = None
    """Whether the table's games change ratings (rated) or not (casual). Left out: rated
    when the table has two seats or more, one for a person, and its options can be
    rated, else casual. ``true`` for one seat, or for options that cannot be rated
    (open hands), is refused."""
    duplicate: bool = False
    """A duplicate table (docs/duplicate.md): each person plays the same deal alone, on
    a board of their own, and the ranking compares them. Its seats are for people (two
    or more); it is casual."""
    bots_allowed: bool = False
    """Whether bot accounts (web.bots) may sit with people at a rated table; a casual
    table takes them anyway."""
    chat_text: bool | None = None
    """Whether its chat takes free text (``true``) or only the preset reactions
    (``false``). Left out: free text unless a guest sits at the table; the creator may
    change it during a game (docs/protocol.md, "Table talk")."""


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


class SeatRating(BaseModel):
    """A rating as shown beside a name: "1532", "1480?" (provisional), or "new"."""

    rating: int | None
    """None: no rated game in this pool yet."""
    provisional: bool
    hidden: bool
    """The reader's own rating, which the others do not see."""


class SeatPublic(BaseModel):
    seat: int
    kind: Literal["human", "bot", "local"]
    bot: str | None
    user_id: int | None
    name: str | None
    assistance: str | None = None
    """The seated person's assistance level (a preference), None for a bot or a free
    seat: the others see who may draw while a tile fits."""
    rating: SeatRating | None = None
    """The seat's rating in the table's pool (web.ratings.read): a person's as the
    reader may see it, a bot's fixed one; None for a free seat, a rating its owner
    hides from the reader, or a table that cannot be rated."""
    bot_account: bool = False
    """The seat's account is a program playing through the bot API (web.bots)."""


class TablePublic(BaseModel):
    invite_code: str
    game: str
    creator_id: int | None
    """None once the creator (a guest) has been pruned."""
    options: dict[str, Any]
    public: bool
    solo: bool
    spectators: bool
    substitute_minutes: int
    turn_days: int | None
    on_timeout: str
    vacation: bool
    rated: bool
    """Whether its games change ratings (rated) or not (casual)."""
    duplicate: bool = False
    """Each person plays the same deal on a board of their own (docs/duplicate.md)."""
    bots_allowed: bool = False
    """Whether bot accounts may sit with people at this rated table."""
    status: str
    game_id: str | None
    seats: list[SeatPublic]


class GameSummary(BaseModel):
    id: str
    game: str
    status: str
    solo: bool
    rated: bool = False
    """Whether the game changes ratings (copied from its table when it was dealt)."""
    players: list[str]
    bots: list[str | None]
    """Each seat's bot (``greedy``…), None for a person: pages name bots in the reader's
    language, not by the English name stored with the seat."""
    my_seat: int | None
    current_seat: int | None
    """The seat to play, while the game is on."""
    my_turn: bool
    result: dict[str, Any] | None
    created_at: str
    finished_at: str | None
    version: int = 0
    """How many moves it has had: a board picture of this version never changes."""
    turn_days: int | None = None
    """Turn-based: the waking days per move (0: no clock); None: played in one sitting."""
    deadline: float | None = None
    """When the turn's time runs out (Unix seconds), if it has a clock."""
    last_move: dict[str, Any] | None = None
    """``{"seat", "action", "at", "stand_in"}``: who did what last, and when (Unix
    seconds); ``stand_in`` true when a bot made the move in that person's place."""
    unread: int = 0
    """Lines of the players' chat by others that I have not read (web.talk)."""
    tournament: dict[str, Any] | None = None
    """``{"id", "name", "round"}`` when the game is a tournament's table (``round`` None
    at an arena's table)."""


class SoloBest(BaseModel):
    """A personal best of one game: fewest turns with an emptied hand (Chromino), or
    the highest score (Triominos)."""

    game: str
    game_id: str
    turns: int
    draws: int
    score: int
