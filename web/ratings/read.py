"""Ratings as the pages show them beside people's names: many people at once, each
as a viewer may see it.

This is the one place that applies "hide my rating" (``Preference.hide_rating``) to
what others see: a hidden rating is shown to its owner only (marked as hidden from
the others), and to nobody else. A person with no rated game in a pool yet shows as
new; fewer than :data:`~web.ratings.scale.PROVISIONAL_GAMES` games, the number has a
"?". A bot shows its fixed rating (web.ratings.anchors): it tells people how strong
it is.

Reading is split from seeing: :func:`read_ratings` reads every rating asked for in
one query (hidden ones too, marked), so a game kept in memory for a while can read
its seats once and show each viewer what they may see (:func:`seen_by`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, tuple_
from sqlalchemy.orm import Session

from ..models import Preference, Rating, User
from .anchors import ANCHORS
from .pools import bot_pool
from .scale import is_provisional, shown


@dataclass(frozen=True, slots=True)
class HeldRating:
    """A rating as read for display, before anyone's view of it."""

    rating: int | None
    """The shown number (``scale.shown``); None: no rated game in the pool yet."""
    provisional: bool
    """Fewer rated games than the scale asks for ("1480?")."""
    owner: int | None = None
    """The person it belongs to; None for a bot."""
    hidden: bool = False
    """Its owner hides it: only they see it."""


Key = tuple[str, int]
"""A pool and a person."""


def read_ratings(session: Session, wanted: Iterable[Key]) -> dict[Key, HeldRating]:
    """Every (pool, person) asked for, in one query: their rating, or a new one for a
    person with no rated game in that pool yet."""
    keys = sorted(set(wanted))
    if not keys:
        return {}
    query = select(Rating.pool, Rating.user_id, Rating.mu, Rating.games).where(
        tuple_(Rating.pool, Rating.user_id).in_(keys)
    )
    stored = {(pool, user_id): (mu, games) for pool, user_id, mu, games in session.execute(query)}
    hiding = _hiding(session, {user_id for _, user_id in keys})
    held = {}
    for pool, user_id in keys:
        mu, games = stored.get((pool, user_id), (None, 0))
        held[(pool, user_id)] = HeldRating(
            rating=None if mu is None else shown(mu),
            provisional=is_provisional(games),
            owner=user_id,
            hidden=user_id in hiding,
        )
    return held


def _hiding(session: Session, user_ids: set[int]) -> set[int]:
    """Which of these people hide their rating."""
    query = select(Preference.user_id).where(
        Preference.user_id.in_(sorted(user_ids)), Preference.hide_rating.is_(True)
    )
    return set(session.scalars(query))


def bot_rating(pool: str, bot: str) -> HeldRating | None:
    """A bot's fixed rating in a pool (never provisional); None for a bot the pool
    has no anchor for."""
    anchor = ANCHORS.get(pool, {}).get(bot)
    return None if anchor is None else HeldRating(rating=shown(anchor.mu), provisional=False)


Seat = tuple[int | None, str | None]
"""A seat's person and bot (both None: a free seat)."""


def seat_ratings(
    session: Session,
    pool: str | None,
    seats: Sequence[Seat],
    *,
    bot_accounts: set[int] | None = None,
) -> list[HeldRating | None]:
    """Seat by seat, the rating to show beside it in ``pool``: a person's, a bot's
    anchor, None for a free seat (or every seat when the game cannot be rated:
    ``pool`` None). ``bot_accounts``: the bot accounts among the seats' people, when
    the caller has read them already."""
    return seat_ratings_of_many(session, [(pool, seats)], bot_accounts=bot_accounts)[0]


def seat_ratings_of_many(
    session: Session,
    groups: Sequence[tuple[str | None, Sequence[Seat]]],
    *,
    bot_accounts: set[int] | None = None,
) -> list[list[HeldRating | None]]:
    """:func:`seat_ratings` of many tables (each its pool and seats) in one query. A bot
    account's rating is its bot pool's (web.ratings.pools), the only one it plays in."""
    users = {user for _, seats in groups for user, _ in seats if user is not None}
    programs = _bot_accounts(session, users) if bot_accounts is None else bot_accounts & users
    wanted = [
        _key(pool, user, programs)
        for pool, seats in groups
        if pool is not None
        for user, _ in seats
        if user is not None
    ]
    people = read_ratings(session, wanted)
    return [
        [
            None if pool is None else _of_seat(people, pool, user, bot, programs)
            for user, bot in seats
        ]
        for pool, seats in groups
    ]


def _bot_accounts(session: Session, user_ids: set[int]) -> set[int]:
    """Which of these accounts are bots' (programs playing through the bot API)."""
    if not user_ids:
        return set()
    query = select(User.id).where(User.id.in_(sorted(user_ids)), User.bot_owner_id.is_not(None))
    return set(session.scalars(query))


def _key(pool: str, user_id: int, programs: set[int]) -> Key:
    """Where a person's rating in ``pool`` is kept: a bot account's in the bot pool."""
    return (bot_pool(pool) if user_id in programs else pool, user_id)


def _of_seat(
    people: dict[Key, HeldRating],
    pool: str,
    user_id: int | None,
    bot: str | None,
    programs: set[int],
) -> HeldRating | None:
    if user_id is not None:
        return people[_key(pool, user_id, programs)]
    return None if bot is None else bot_rating(pool, bot)


def may_see(owner_id: int | None, hidden: bool, viewer_id: int | None) -> bool:
    """Whether a viewer may see a rating: one not hidden, or their own."""
    return not hidden or (owner_id is not None and owner_id == viewer_id)


def seen_by(held: HeldRating | None, viewer_id: int | None) -> dict[str, Any] | None:
    """A rating as this viewer may see it, as the pages take it: ``{"rating": 1532,
    "provisional": false, "hidden": false}`` (``rating`` null: new; ``hidden`` true:
    the viewer's own rating, which the others do not see); None when there is
    nothing to show them."""
    if held is None or not may_see(held.owner, held.hidden, viewer_id):
        return None
    return {"rating": held.rating, "provisional": held.provisional, "hidden": held.hidden}


def seats_seen_by(
    held: Sequence[HeldRating | None], viewer_id: int | None
) -> list[dict[str, Any] | None]:
    """:func:`seen_by`, seat by seat."""
    return [seen_by(rating, viewer_id) for rating in held]
