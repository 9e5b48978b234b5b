"""A person's profile: everything ``/players/{id}`` shows, gathered in a few queries.

People and guests alike have one, until the account is deleted or pruned. What it
holds, and what each figure means:

- **ratings** per pool, with their history (the shown rating after each rated game,
  in the order the results were applied); hidden from everyone but the person when
  they chose "hide my rating" (``Preference.hide_rating``);
- **games played and won** per game and number of players, from the finished games
  they sat at (a seat that left still played; won means among the winners); solo
  games are counted apart, never as won or lost;
- **points per move in expert games**: see :class:`~.profile_schemas.ExpertAverage`;
- **best solo results**, as the solo page ranks them (``web.lobby.solo_best``);
- **recent games**: the last finished ones the viewer may watch (a private game, or
  a solo one, is its players' alone), with the place and the rating change;
- **the coach's summary**: see :class:`~.profile_schemas.CoachSummary`;
- **trophies**: podiums in finished public tournaments (``web.tournaments.podiums_of``);
- **seasons**: the seasons played to their end (``web.tournaments.season_results_of``).

Everything is returned as one pydantic :class:`~.profile_schemas.Profile`: the JSON API sends it as
it is, the page renders the same object.
"""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..db import as_utc
from ..games import GAMES
from ..lobby import SoloBest, solo_best
from ..models import Preference, RatedGame, Rating, RatingChange, User
from ..people import has_a_way_in, is_bot
from ..ratings import all_pools, is_provisional, shown, shown_change
from ..tournaments import podiums_of, season_results_of
from .profile_games import coach_summary, expert_average, finished_games, game_records, recent_games
from .profile_schemas import PoolRating, Profile, RatingPoint, SeasonTrophy, Trophy


def profile_of(session: Session, person: User, viewer_id: int | None) -> Profile:
    """Everything the profile shows of ``person`` to the viewer (None: a visitor)."""
    own = viewer_id is not None and viewer_id == person.id
    hidden = _hides_rating(session, person.id)
    sees_ratings = own or not hidden
    played = finished_games(session, person.id)
    return Profile(
        id=person.id,
        name=person.name,
        guest=not has_a_way_in(person) and not is_bot(person),
        bot=is_bot(person),
        member_since=as_utc(person.created_at),
        own=own,
        rating_hidden=hidden,
        ratings=pool_ratings(session, person.id) if sees_ratings else [],
        records=game_records(played),
        expert=expert_average(played),
        solo_best=solo_bests(session, person),
        recent=recent_games(session, played, person.id, viewer_id, sees_ratings),
        coach=coach_summary(session, person.id),
        trophies=trophies_of(session, person.id),
        seasons=[
            SeasonTrophy.model_validate(result) for result in season_results_of(session, person.id)
        ],
    )


def _hides_rating(session: Session, user_id: int) -> bool:
    return bool(session.scalar(select(Preference.hide_rating).where(Preference.user_id == user_id)))


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


def solo_bests(session: Session, person: User) -> list[SoloBest]:
    """The person's best solo game of each game that has one (the solo page's own
    ranking)."""
    bests = (solo_best(session, person, kind) for kind in GAMES)
    return [best for best in bests if best is not None]


def trophies_of(session: Session, user_id: int) -> list[Trophy]:
    return [Trophy.model_validate(podium) for podium in podiums_of(session, user_id)]
