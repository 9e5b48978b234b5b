"""What a profile holds, as the JSON API sends it and the page renders it.

The shapes are their own module because both halves of the gathering (the ratings
in :mod:`.profile`, the games in :mod:`.profile_games`) fill them, and the API's
schema is read from them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..lobby import SoloBest


class RatingPoint(BaseModel):
    """The rating after one rated game in a pool."""

    game: int
    """Which rated game of the pool it was (1 for the first)."""
    game_id: str
    rating: int
    change: int
    """How far the shown rating moved in that game (+12, -8)."""
    provisional: bool
    """Whether the rating was still provisional after it."""
    at: datetime


class PoolRating(BaseModel):
    """A person's rating in one pool, and how it got there."""

    pool: str
    label: str
    """The pool's name for people, in English (the page translates it)."""
    rating: int
    provisional: bool
    """Fewer rated games than :data:`~web.ratings.scale.PROVISIONAL_GAMES`: shown with "?"."""
    games: int
    wins: int
    start: int
    """The shown rating before the first rated game (the chart's first point)."""
    history: list[RatingPoint]


class GameRecord(BaseModel):
    """Finished games of one game with one number of players."""

    game: str
    players: int
    """How many seats the games had (1: solo)."""
    played: int
    won: int | None
    """Games the person was among the winners of; None for solo games (nobody to beat)."""


class ExpertAverage(BaseModel):
    """Points per move in Chromino games scored the expert way (the table option
    ``scoring`` "expert"): the person's final scores added up, divided by the turns they
    took, over every such finished game (solo ones too). A turn is a move here, whether
    it laid a tile or drew and passed: passing scores nothing, and that is part of
    playing well."""

    games: int
    points: int
    turns: int
    per_move: float


class SeatLine(BaseModel):
    """One seat of a recent game, as the profile names it."""

    name: str
    """The person's name now (as stored at the game if the account is gone), or the
    bot's seat name."""
    user_id: int | None
    """Set while the account exists: the page links to its profile."""
    bot: str | None
    me: bool
    """The seat of the person whose profile this is."""


class RecentGame(BaseModel):
    """A finished game in the profile's list."""

    game_id: str
    game: str
    finished_at: datetime
    solo: bool
    seats: list[SeatLine]
    place: int | None
    """The person's place (1: among the winners); None for a solo game, or a game
    stored before places were."""
    won: bool
    rated: bool
    change: int | None
    """The shown rating's change in the game, when rated and the viewer may see it."""


class CoachSummary(BaseModel):
    """How often the person played the coach's move: after a game, the coach searches
    each move a person made (web.live.coach). A move matches when the coach found
    nothing better: it was the coach's choice, or valued as high (a loss of 0)."""

    games: int
    moves: int
    matching: int
    share: float
    """``matching / moves``, from 0 to 1."""


class Trophy(BaseModel):
    """A podium in a finished public tournament (read from ``web.tournaments.Podium``)."""

    model_config = ConfigDict(from_attributes=True)

    tournament_id: str
    name: str
    kind: str
    format: str
    place: int
    """1, 2 or 3."""
    entrants: int
    finished_at: datetime


class SeasonTrophy(BaseModel):
    """A season played to its end (read from ``web.tournaments.SeasonResult``)."""

    model_config = ConfigDict(from_attributes=True)

    season_id: str
    name: str
    number: int
    kind: str
    division: int
    """1 is the top division."""
    place: int
    members: int
    """How many were in that division."""
    move: Literal["up", "stay", "down"]
    finished_at: datetime


class Profile(BaseModel):
    """A person's profile as one viewer sees it."""

    id: int
    name: str
    guest: bool
    """No password nor passkey: a guest's account, pruned after a while unseen."""
    bot: bool = False
    """A bot account: a program playing through the bot API (docs/bots.md)."""
    member_since: datetime
    own: bool
    """The viewer is the person."""
    rating_hidden: bool
    """The person hides their rating: the others get no ``ratings`` and no changes."""
    ratings: list[PoolRating]
    records: list[GameRecord]
    expert: ExpertAverage | None
    solo_best: list[SoloBest]
    recent: list[RecentGame]
    coach: CoachSummary | None
    trophies: list[Trophy]
    """Tournament podiums, the latest first."""
    seasons: list[SeasonTrophy]
    """Seasons played to their end, the latest first."""
