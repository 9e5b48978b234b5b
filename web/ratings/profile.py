"""A person's profile: everything ``/players/{id}`` shows, gathered in a few queries.

People and guests alike have one, until the account is deleted or pruned. What it
holds, and what each figure means:

- **ratings** per pool, with their history (the shown rating after each rated game,
  in the order the results were applied); hidden from everyone but the person when
  they chose "hide my rating" (``Preference.hide_rating``);
- **games played and won** per game and number of players, from the finished games
  they sat at (a seat that left still played; won means among the winners); solo
  games are counted apart, never as won or lost;
- **points per move in expert games**: see :class:`ExpertAverage`;
- **best solo results**, as the solo page ranks them (``web.lobby.tables.solo_best``);
- **recent games**: the last finished ones the viewer may watch (a private game, or
  a solo one, is its players' alone), with the place and the rating change;
- **the coach's summary**: see :class:`CoachSummary`.

Everything is returned as one pydantic :class:`Profile`: the JSON API sends it as
it is, the page renders the same object.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.orm import Session

from ..db import as_utc
from ..games import GAMES
from ..lobby import SoloBest, solo_best
from ..models import (
    Game,
    GameAnalysis,
    GamePlayer,
    Preference,
    RatedGame,
    Rating,
    RatingChange,
    User,
)
from ..people.accounts import has_a_way_in
from .pools import all_pools
from .scale import PROVISIONAL_GAMES, is_provisional, shown, shown_change

RECENT_GAMES = 10
"""How many finished games the profile lists."""
EXPERT_SCORING = "expert"
"""The table option ``scoring`` of the games whose points per move are averaged."""


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


class Profile(BaseModel):
    """A person's profile as one viewer sees it."""

    id: int
    name: str
    guest: bool
    """No password nor passkey: a guest's account, pruned after a while unseen."""
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


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game the person sat at, as the profile reads it."""

    game_id: str
    kind: str
    solo: bool
    spectators: bool
    rated: bool
    seat: int
    seats: list[dict[str, Any]]
    result: dict[str, Any]
    scoring: str | None
    finished_at: datetime

    @property
    def won(self) -> bool:
        return self.seat in self.result.get("winners", ())

    @property
    def place(self) -> int | None:
        places = self.result.get("places")
        if self.solo or not isinstance(places, list) or self.seat >= len(places):
            return None
        return int(places[self.seat])


def profile_of(session: Session, person: User, viewer_id: int | None) -> Profile:
    """Everything the profile shows of ``person`` to the viewer (None: a visitor)."""
    own = viewer_id is not None and viewer_id == person.id
    hidden = _hides_rating(session, person.id)
    sees_ratings = own or not hidden
    played = finished_games(session, person.id)
    return Profile(
        id=person.id,
        name=person.name,
        guest=not has_a_way_in(person),
        member_since=as_utc(person.created_at),
        own=own,
        rating_hidden=hidden,
        ratings=pool_ratings(session, person.id) if sees_ratings else [],
        records=game_records(played),
        expert=expert_average(played),
        solo_best=solo_bests(session, person),
        recent=recent_games(session, played, person.id, viewer_id, sees_ratings),
        coach=coach_summary(session, person.id),
    )


def _hides_rating(session: Session, user_id: int) -> bool:
    return bool(session.scalar(select(Preference.hide_rating).where(Preference.user_id == user_id)))


# --- ratings --------------------------------------------------------------------------


def pool_ratings(session: Session, user_id: int) -> list[PoolRating]:
    """The person's rating in each pool they played rated games in, in the pools'
    order, each with its history."""
    labels = all_pools()
    stored = {
        row.pool: row for row in session.scalars(select(Rating).where(Rating.user_id == user_id))
    }
    histories = _histories(session, user_id)
    ratings = []
    for pool, label in labels.items():
        row = stored.get(pool)
        if row is None:
            continue
        history = histories.get(pool, [])
        start = history[0].rating - history[0].change if history else shown(row.mu)
        ratings.append(
            PoolRating(
                pool=pool,
                label=label,
                rating=shown(row.mu),
                provisional=is_provisional(row.games),
                games=row.games,
                wins=row.wins,
                start=start,
                history=history,
            )
        )
    return ratings


def _histories(session: Session, user_id: int) -> dict[str, list[RatingPoint]]:
    """Per pool, the rating after each rated game, in the order they were applied."""
    query = (
        select(RatingChange, RatedGame.game_id)
        .join(RatedGame, RatedGame.id == RatingChange.rated_game_id)
        .where(RatingChange.user_id == user_id)
        .order_by(RatingChange.pool, RatingChange.rated_game_id)
    )
    histories: dict[str, list[RatingPoint]] = defaultdict(list)
    for change, game_id in session.execute(query):
        points = histories[change.pool]
        number = len(points) + 1
        points.append(
            RatingPoint(
                game=number,
                game_id=game_id,
                rating=shown(change.mu),
                change=shown_change(change.mu_before, change.mu),
                provisional=is_provisional(number),
                at=as_utc(change.at),
            )
        )
    return histories


def chart_ratings(rating: PoolRating) -> list[int]:
    """The chart's values: the start, then the rating after each game."""
    return [rating.start, *(point.rating for point in rating.history)]


CHART_PROVISIONAL_GAMES = PROVISIONAL_GAMES
"""Where the chart's dashed (provisional) stretch ends."""


# --- games played ---------------------------------------------------------------------


def finished_games(session: Session, user_id: int) -> list[Played]:
    """Every finished game the person sat at, newest first (one query; the deals'
    hands and bags stay in the database, only the scoring option is read)."""
    scoring = Game.setup["options"]["scoring"].as_string()
    query = (
        select(
            Game.id,
            Game.kind,
            Game.solo,
            Game.spectators,
            Game.rated,
            GamePlayer.seat,
            Game.seats,
            Game.result,
            scoring,
            Game.finished_at,
            Game.created_at,
        )
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(GamePlayer.user_id == user_id, Game.status == "finished")
        .order_by(Game.finished_at.desc(), Game.id)
    )
    return [
        Played(
            game_id=game_id,
            kind=kind,
            solo=solo,
            spectators=spectators,
            rated=rated,
            seat=seat,
            seats=list(seats or []),
            result=dict(result or {}),
            scoring=scored,
            finished_at=as_utc(finished_at or created_at),
        )
        for (
            game_id,
            kind,
            solo,
            spectators,
            rated,
            seat,
            seats,
            result,
            scored,
            finished_at,
            created_at,
        ) in session.execute(query)
    ]


def game_records(played: Iterable[Played]) -> list[GameRecord]:
    """Games played and won per game (the registry's order) and number of seats
    (solo first)."""
    counted: Counter[tuple[str, int]] = Counter()
    won: Counter[tuple[str, int]] = Counter()
    for game in played:
        key = (game.kind, 1 if game.solo else len(game.seats))
        counted[key] += 1
        won[key] += game.won
    order = {kind: index for index, kind in enumerate(GAMES)}
    keys = sorted(counted, key=lambda key: (order.get(key[0], len(order)), key[0], key[1]))
    return [
        GameRecord(
            game=kind,
            players=players,
            played=counted[(kind, players)],
            won=None if players == 1 else won[(kind, players)],
        )
        for kind, players in keys
    ]


def expert_average(played: Iterable[Played]) -> ExpertAverage | None:
    """Points per move over the expert-scored games (:class:`ExpertAverage`); None
    before any such game with a turn taken."""
    games = points = turns = 0
    for game in played:
        if game.scoring != EXPERT_SCORING:
            continue
        scores, taken = game.result.get("scores", []), game.result.get("turns", [])
        if game.seat >= min(len(scores), len(taken)):
            continue
        games += 1
        points += int(scores[game.seat])
        turns += int(taken[game.seat])
    if turns == 0:
        return None
    return ExpertAverage(games=games, points=points, turns=turns, per_move=round(points / turns, 2))


def solo_bests(session: Session, person: User) -> list[SoloBest]:
    """The person's best solo game of each game that has one (the solo page's own
    ranking)."""
    bests = (solo_best(session, person, kind) for kind in GAMES)
    return [best for best in bests if best is not None]


# --- recent games ---------------------------------------------------------------------


def recent_games(
    session: Session,
    played: Sequence[Played],
    user_id: int,
    viewer_id: int | None,
    sees_ratings: bool,
) -> list[RecentGame]:
    """The last :data:`RECENT_GAMES` finished games the viewer may watch, newest first."""
    shown_games = [game for game in played if _watchable(game, viewer_id)][:RECENT_GAMES]
    changes = _rating_changes(session, user_id, [g.game_id for g in shown_games if g.rated])
    names = _current_names(
        session, {seat["user_id"] for g in shown_games for seat in g.seats if seat.get("user_id")}
    )
    return [
        RecentGame(
            game_id=game.game_id,
            game=game.kind,
            finished_at=game.finished_at,
            solo=game.solo,
            seats=[
                _seat_line(seat, index == game.seat, names) for index, seat in enumerate(game.seats)
            ],
            place=game.place,
            won=game.won,
            rated=game.game_id in changes,
            change=changes.get(game.game_id) if sees_ratings else None,
        )
        for game in shown_games
    ]


def _watchable(game: Played, viewer_id: int | None) -> bool:
    """Whether the viewer may open the game's replay: anyone, unless the game lets
    nobody watch (solo games never do); then its players only."""
    if game.spectators and not game.solo:
        return True
    return viewer_id is not None and any(seat.get("user_id") == viewer_id for seat in game.seats)


def _rating_changes(session: Session, user_id: int, game_ids: list[str]) -> dict[str, int]:
    """The person's shown rating change in each of these games that was rated."""
    if not game_ids:
        return {}
    query = (
        select(RatedGame.game_id, RatingChange.mu_before, RatingChange.mu)
        .join(RatingChange, RatingChange.rated_game_id == RatedGame.id)
        .where(RatedGame.game_id.in_(game_ids), RatingChange.user_id == user_id)
    )
    rows = session.execute(query)
    return {game_id: shown_change(before, after) for game_id, before, after in rows}


def _current_names(session: Session, user_ids: set[int]) -> dict[int, str]:
    """The accounts still here among these, by their names now."""
    if not user_ids:
        return {}
    query = select(User.id, User.name).where(User.id.in_(sorted(user_ids)))
    return dict(session.execute(query).all())


def _seat_line(seat: dict[str, Any], me: bool, names: dict[int, str]) -> SeatLine:
    user_id = seat.get("user_id")
    here = user_id if user_id in names else None
    return SeatLine(
        name=names[here] if here is not None else str(seat.get("name", "")),
        user_id=here,
        bot=seat.get("bot"),
        me=me,
    )


# --- the coach ------------------------------------------------------------------------


def coach_summary(session: Session, user_id: int) -> CoachSummary | None:
    """The share of the person's moves the coach would have made too, over their
    analysed games (:class:`CoachSummary`); None before any."""
    query = (
        select(GameAnalysis.notes, GamePlayer.seat)
        .join(GamePlayer, GamePlayer.game_id == GameAnalysis.game_id)
        .where(GamePlayer.user_id == user_id, GameAnalysis.status == "done")
    )
    games = moves = matching = 0
    for notes, seat in session.execute(query):
        mine = [note for note in notes or [] if note.get("seat") == seat]
        if not mine:
            continue
        games += 1
        moves += len(mine)
        matching += sum(1 for note in mine if float(note.get("loss", 1)) <= 0)
    if moves == 0:
        return None
    return CoachSummary(games=games, moves=moves, matching=matching, share=matching / moves)
