"""What the tournaments' API takes and gives (web.tournaments.routes).

Bodies refuse unknown fields and loose types ("4" for 4), so a misspelt choice is
named instead of silently left at its default. Answers are what a tournament's page
shows: its settings, organiser, entrants, rounds and standings."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BaseModel, Field, StringConstraints

from ..people import Inbound
from .setup import LONGEST_NAME, MOST_ROUNDS
from .table_sizes import MAX_SEATS, MIN_SEATS

Seats = Annotated[int, Field(ge=MIN_SEATS, le=MAX_SEATS)]
Moment = Annotated[AwareDatetime, Field(strict=False)]
"""An ISO 8601 moment with its time zone: JSON has no dates, so this one field takes a
string where the rest of a body is strict."""


class TournamentCreate(Inbound):
    """An organiser's choices (docs/tournaments.md); the store checks what the fields'
    types cannot, such as the game's options at every table size."""

    name: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=1, max_length=LONGEST_NAME)
    ]
    kind: Annotated[str, StringConstraints(min_length=1, max_length=20)]
    format: Literal["swiss", "round_robin", "arena"] = "swiss"
    pace: Literal["live", "days"] = "live"
    smallest: Seats = 2
    largest: Seats = 4
    rounds: Annotated[int, Field(ge=1, le=MOST_ROUNDS)] = 5
    duplicate: bool = False
    rated: bool = False
    visibility: Literal["public", "link", "members"] = "public"
    entry_limit: Annotated[int, Field(ge=MIN_SEATS, le=100_000)] | None = None
    starts_at: Moment | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    missed_deadline: Literal["bot", "forfeit"] = "bot"
    move_seconds: Annotated[int, Field(ge=1, le=86_400)] | None = None
    move_days: Annotated[int, Field(ge=1, le=30)] | None = None
    round_deadline: Annotated[int, Field(ge=60, le=90 * 86_400)] | None = None
    live_break: Annotated[int, Field(ge=0, le=3600)] | None = None
    """Seconds between a live tournament's rounds (unset: a minute)."""
    window_minutes: Annotated[int, Field(ge=5, le=7 * 24 * 60)] | None = None
    """How long an arena seats players who come free (unset: an hour)."""


class DisqualifyBody(Inbound):
    entry: Annotated[int, Field(ge=1, le=1_000_000)]
    """The entry number of the person struck out."""
    reason: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)]


class Person(BaseModel):
    id: int | None
    """None once the account is deleted."""
    name: str


class SeasonOfArena(BaseModel):
    """What a season's arena says of its season."""

    id: str
    name: str
    number: int
    leg: int
    legs: int
    division: int


class TournamentSummary(BaseModel):
    """A line of the list of tournaments."""

    id: str
    name: str
    kind: str
    format: str
    pace: str
    status: str
    visibility: str
    entrants: int
    starts_at: datetime
    created_at: datetime
    organiser: Person | None
    smallest: int
    largest: int
    """The bounds of a table's seats."""
    rounds: int
    options: dict[str, Any]
    """The game's options (its variant), as its tables play them."""
    season: SeasonOfArena | None = None
    """The season this arena is a leg of (None: a tournament of its own)."""


class TournamentList(BaseModel):
    tournaments: list[TournamentSummary]
    page: int
    more: bool
    """Whether a next page holds more."""


class TournamentSettings(BaseModel):
    kind: str
    options: dict[str, Any]
    format: str
    pace: str
    smallest: int
    largest: int
    rounds: int
    duplicate: bool
    rated: bool
    visibility: str
    entry_limit: int | None
    missed_deadline: str
    move_seconds: int | None
    move_days: int | None
    round_deadline: int | None
    live_break: int
    """Seconds between two rounds of a live tournament."""
    window_minutes: int | None
    """An arena's window (None in other formats)."""


class Entrant(BaseModel):
    entry: int
    person: Person
    bot: str | None = None
    """The bot that plays this entry (``strong``); None for a person."""
    joined_round: int
    withdrawn: bool
    disqualified: bool


class TableResultOut(BaseModel):
    ranks: list[int]
    scores: list[int]


class Seat(BaseModel):
    seat: int
    entry: int


class TableOut(BaseModel):
    number: int
    deal: str
    seats: list[Seat]
    game_id: str | None
    result: TableResultOut | None
    """None while its game is played."""


class RoundOut(BaseModel):
    number: int
    commitment: str
    secret: str | None
    """The round's secret, only once the round has finished (its deals may then be
    checked against the commitment)."""
    started_at: datetime
    finished_at: datetime | None
    tables: list[TableOut]
    byes: list[int]


class StandingOut(BaseModel):
    place: int
    entry: int
    points: float
    games: int
    byes: int
    firsts: int
    opponents_average: float
    score_share: float
    streak_bonus: float
    withdrawn: bool


class TournamentDetail(BaseModel):
    id: str
    name: str
    status: str
    starts_at: datetime
    created_at: datetime
    finished_at: datetime | None
    organiser: Person | None
    settings: TournamentSettings
    entrants: list[Entrant]
    rounds: list[RoundOut]
    standings: list[StandingOut]
    waiting: Literal["entrants"] | None = None
    """Why a registering tournament cannot start yet: "entrants", fewer than two are in
    (it stays registering past its start until two are)."""
    ended_early: bool = False
    """The organiser ended it before its last round: games still being played then
    count for nothing."""
    season: SeasonOfArena | None = None
    """The season this arena is a leg of (None: a tournament of its own)."""


class StartedRoundOut(BaseModel):
    number: int
    commitment: str
    tables: list[list[int]]
    """Entry numbers in seat order, table by table."""
    deals: list[str]
    byes: list[int]
    created: bool
    """Whether this request started the round (false: it was already running)."""


class EntryOut(BaseModel):
    tournament: str
    entry: int
    joined_round: int
    withdrawn: bool
    disqualified: bool
