"""What a finished game did to its players' ratings, for its end screen and players
panel: each seat's rating after the game and how much this game moved it.

The numbers come from the game's own ``rating_change`` rows, not from the ratings as
they are now: a player who has played on since still sees, on this game's page, what
this game did ("+4 → 1504?"). Whether the rating after it was still provisional is
counted the same way: the rated games of the pool up to and including this one.

Who may see what follows web.ratings.read: a hidden rating, and so its change, is
shown to its owner alone; a bot keeps its fixed rating and has no change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..models import RatedGame, Rating, RatingChange
from .read import HeldRating, Seat, seat_ratings, seen_by
from .scale import PROVISIONAL_GAMES, is_provisional, shown, shown_change


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    """One seat's rating after the game, and this game's change (None: no change to
    show, a casual game or a bot)."""

    held: HeldRating | None
    change: int | None = None


@dataclass(frozen=True, slots=True)
class GameOutcome:
    rated: bool
    """Whether the game's result changed ratings (it is rated when it ends)."""
    seats: list[SeatOutcome]


def game_outcome(
    session: Session, game_id: str, pool: str | None, seats: Sequence[Seat]
) -> GameOutcome:
    """Each seat's rating after ``game_id`` and its change, once the game was rated;
    before that (or for a casual game) the ratings as they are, with no change."""
    now = seat_ratings(session, pool, seats)
    rated = session.execute(
        select(RatedGame.id, RatedGame.pool).where(RatedGame.game_id == game_id)
    ).first()
    if rated is None:
        return GameOutcome(rated=False, seats=[SeatOutcome(held) for held in now])
    rated_id, rated_pool = rated
    changes = {
        row.user_id: row
        for row in session.scalars(
            select(RatingChange).where(RatingChange.rated_game_id == rated_id)
        )
    }
    counts = _games_until(session, rated_pool, rated_id, set(changes))
    outcome = []
    for (user_id, _), held in zip(seats, now, strict=True):
        row = changes.get(user_id) if user_id is not None else None
        if row is None or held is None:
            outcome.append(SeatOutcome(held))
            continue
        after = HeldRating(
            rating=shown(row.mu),
            provisional=is_provisional(counts.get(row.user_id, 0)),
            owner=row.user_id,
            hidden=held.hidden,
        )
        outcome.append(SeatOutcome(after, shown_change(row.mu_before, row.mu)))
    return GameOutcome(rated=True, seats=outcome)


def _games_until(session: Session, pool: str, rated_id: int, user_ids: set[int]) -> dict[int, int]:
    """Each person's rated games in the pool up to and including this one: their
    count now (``rating.games``, which the provisional mark reads everywhere) less the
    games rated after this one."""
    if not user_ids:
        return {}
    people = sorted(user_ids)
    now = select(Rating.user_id, Rating.games).where(
        Rating.user_id.in_(people), Rating.pool == pool
    )
    later = (
        select(RatingChange.user_id, func.count())
        .where(
            RatingChange.user_id.in_(people),
            RatingChange.pool == pool,
            RatingChange.rated_game_id > rated_id,
        )
        .group_by(RatingChange.user_id)
    )
    games: dict[int, int] = dict(session.execute(now).all())  # rows of two
    since: dict[int, int] = dict(session.execute(later).all())
    return {person: count - since.get(person, 0) for person, count in games.items()}


def outcome_seen_by(outcome: GameOutcome, viewer_id: int | None) -> dict[str, Any]:
    """The outcome as this viewer may see it, as the game page takes it: ``{"rated":
    true, "provisional_games": 10, "seats": [{"rating": 1504, "provisional": true,
    "hidden": false, "change": 4}, ...]}`` (a seat null: nothing to show them)."""
    seen: list[dict[str, Any] | None] = []
    for seat in outcome.seats:
        rating = seen_by(seat.held, viewer_id)
        seen.append(None if rating is None else {**rating, "change": seat.change})
    return {"rated": outcome.rated, "provisional_games": PROVISIONAL_GAMES, "seats": seen}
