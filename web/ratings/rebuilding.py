"""``chromino admin ratings rebuild``: every rated game replayed from new ratings, in
the order it was applied, compared with what is stored, and (``--write``) put in its
place.

The replay goes through :func:`web.ratings.record.outcome`, as the live update does,
over the ``rated_game`` rows in ``id`` order (the order they were applied): with the
same model and the same anchors it gives the same floats, bit for bit, so the
comparison uses ``==``. It differs when the model's parameters or the bots' anchors
changed (a new version), or when stored rows were changed by hand: ``--write`` then
replaces the ratings and their history with the replayed ones, in one transaction.

People whose accounts are gone still play their part in the arithmetic (the others'
numbers do not change when someone leaves the server), but get no row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final, TypeVar

from sqlalchemy import Connection, delete, insert, select, text

from ..db import Database, as_utc
from ..models import RatedGame, Rating, RatingChange, User
from .model import Skill, new_skill
from .record import RatedSeat, Standing, outcome

SHOWN_DIFFERENCES: Final = 20
"""Differences listed one by one; the rest are counted."""


@dataclass(frozen=True, slots=True)
class Change:
    """One person's rating before and after one rated game (a ``rating_change`` row)."""

    pool: str
    place: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float


@dataclass
class Replay:
    """What the rated games give when replayed from new ratings."""

    games: int = 0
    standings: dict[tuple[int, str], Standing] = field(default_factory=dict)
    """(person, pool) → rating, for everyone who played, accounts gone or not."""
    last_played: dict[tuple[int, str], datetime] = field(default_factory=dict)
    changes: dict[tuple[int, int], Change] = field(default_factory=dict)
    """(rated game, person) → the change it made."""
    played_at: dict[int, datetime] = field(default_factory=dict)
    """Rated game → when it was rated."""

    def play(self, number: int, pool: str, seats: list[RatedSeat], at: datetime) -> None:
        """Apply one rated game, as the live update did."""
        people = [seat for seat in seats if seat.user_id is not None]
        before = {
            seat.user_id: self.standings.get((seat.user_id, pool), Standing(new_skill()))
            for seat in people
            if seat.user_id is not None
        }
        skills = outcome(pool, seats, {person: held.skill for person, held in before.items()})
        for seat in people:
            assert seat.user_id is not None
            held, skill = before[seat.user_id], skills[seat.user_id]
            self.standings[(seat.user_id, pool)] = held.after(skill, seat.place)
            self.last_played[(seat.user_id, pool)] = at
            self.changes[(number, seat.user_id)] = Change(
                pool,
                seat.place,
                held.skill.mu,
                held.skill.sigma,
                skill.mu,
                skill.sigma,
            )
        self.played_at[number] = at
        self.games += 1

    def kept(self, people: set[int]) -> Replay:
        """Only the rows of these people (those whose accounts remain)."""
        return Replay(
            self.games,
            {key: held for key, held in self.standings.items() if key[0] in people},
            {key: at for key, at in self.last_played.items() if key[0] in people},
            {key: change for key, change in self.changes.items() if key[1] in people},
            self.played_at,
        )


def replay(rows: Iterable[tuple[int, str, list[dict[str, Any]], datetime]]) -> Replay:
    """Every rated game (``rated_game`` rows: number, pool, seats, when) applied in
    order from new ratings, in memory."""
    replayed = Replay()
    for number, pool, seats, at in rows:
        replayed.play(number, pool, [RatedSeat.of_stored(seat) for seat in seats], as_utc(at))
    return replayed


@dataclass(frozen=True)
class Report:
    """What the rebuild found, and whether it wrote the replayed ratings."""

    games: int
    ratings: int
    differences: list[str]
    written: bool = False

    @property
    def identical(self) -> bool:
        return not self.differences

    def lines(self) -> list[str]:
        """The report as the command prints it."""
        head = f"{self.games} games replayed, {self.ratings} ratings"
        if self.identical:
            return [f"{head}: identical"]
        count = len(self.differences)
        lines = [f"{head}: {count} difference{'s' if count != 1 else ''}"]
        lines += [f"  {line}" for line in self.differences[:SHOWN_DIFFERENCES]]
        if count > SHOWN_DIFFERENCES:
            lines.append(f"  … and {count - SHOWN_DIFFERENCES} more")
        if self.written:
            lines.append("the stored ratings and their history are now the replayed ones")
        else:
            lines.append("nothing was changed: add --write to store the replayed ratings")
        return lines


def rebuild(database: Database, *, write: bool = False) -> Report:
    """Replay every rated game and compare with the stored ratings; with ``write``,
    replace them (and their history) by the replayed ones when they differ.

    Both read in one consistent view while the server runs: the check in a snapshot
    (PostgreSQL's repeatable read; SQLite's transactions each see one), the write with
    the ratings locked against every game's end until it is done (an end waits, then
    rates from the rebuilt numbers).
    """
    postgres = database.engine.dialect.name == "postgresql"
    with database.engine.connect() as connection:
        if postgres and not write:
            connection.execution_options(isolation_level="REPEATABLE READ")  # (in place)
        with connection.begin():
            if postgres and write:
                connection.execute(text("LOCK TABLE rating IN EXCLUSIVE MODE"))
            replayed = _replay_stored(connection)
            report = Report(
                replayed.games, len(replayed.standings), _differences(connection, replayed)
            )
            if write and not report.identical:
                _replace(connection, replayed)
                return Report(report.games, report.ratings, report.differences, written=True)
            return report


def _replay_stored(connection: Connection) -> Replay:
    """The stored rated games replayed, keeping the rows of people with accounts."""
    rows = connection.execute(
        select(RatedGame.id, RatedGame.pool, RatedGame.seats, RatedGame.rated_at).order_by(
            RatedGame.id
        )
    )
    replayed = replay((number, pool, seats, at) for number, pool, seats, at in rows)
    people = set(connection.scalars(select(User.id)))
    return replayed.kept(people)


def _differences(connection: Connection, replayed: Replay) -> list[str]:
    """Every stored rating and history row that the replay does not give, in words."""
    names: dict[int, str] = {
        row.id: row.name for row in connection.execute(select(User.id, User.name))
    }
    stored, history = _stored_ratings(connection), _stored_history(connection)
    found = [
        f"rating of {_person(user_id, names)} in {pool}: "
        + _compared(
            stored.get((user_id, pool)), replayed.standings.get((user_id, pool)), _standing_text
        )
        for user_id, pool in _differing(stored, replayed.standings)
    ]
    found += [
        f"rated game {number}, {_person(user_id, names)}: "
        + _compared(
            history.get((number, user_id)), replayed.changes.get((number, user_id)), _change_text
        )
        for number, user_id in _differing(history, replayed.changes)
    ]
    return found


K = TypeVar("K", tuple[int, str], tuple[int, int])
T = TypeVar("T")


def _differing(stored: Mapping[K, object], replayed: Mapping[K, object]) -> list[K]:
    """The keys whose rows differ (floats compared with ==), or are on one side only."""
    keys = stored.keys() | replayed.keys()
    return sorted(key for key in keys if stored.get(key) != replayed.get(key))


def _stored_ratings(connection: Connection) -> dict[tuple[int, str], Standing]:
    query = select(Rating.user_id, Rating.pool, Rating.mu, Rating.sigma, Rating.games, Rating.wins)
    return {
        (row.user_id, row.pool): Standing(
            Skill(float(row.mu), float(row.sigma)), row.games, row.wins
        )
        for row in connection.execute(query)
    }


def _stored_history(connection: Connection) -> dict[tuple[int, int], Change]:
    query = select(
        RatingChange.rated_game_id,
        RatingChange.user_id,
        RatingChange.pool,
        RatingChange.place,
        RatingChange.mu_before,
        RatingChange.sigma_before,
        RatingChange.mu,
        RatingChange.sigma,
    )
    return {
        (row.rated_game_id, row.user_id): Change(
            row.pool,
            row.place,
            float(row.mu_before),
            float(row.sigma_before),
            float(row.mu),
            float(row.sigma),
        )
        for row in connection.execute(query)
    }


def _person(user_id: int, names: Mapping[int, str]) -> str:
    return f"#{user_id} ({names.get(user_id, 'gone')})"


def _compared(stored: T | None, replayed: T | None, say: Callable[[T | None], str]) -> str:
    return f"stored {say(stored)}, replayed {say(replayed)}"


def _standing_text(held: Standing | None) -> str:
    if held is None:
        return "none"
    return f"mu {held.skill.mu!r} sigma {held.skill.sigma!r}, {held.games} games, {held.wins} won"


def _change_text(change: Change | None) -> str:
    if change is None:
        return "none"
    return (
        f"place {change.place} in {change.pool}, mu {change.mu_before!r} → {change.mu!r}, "
        f"sigma {change.sigma_before!r} → {change.sigma!r}"
    )


def _replace(connection: Connection, replayed: Replay) -> None:
    """The stored ratings and their history replaced by the replayed ones."""
    connection.execute(delete(RatingChange))
    connection.execute(delete(Rating))
    ratings = [
        {
            "user_id": user_id,
            "pool": pool,
            "mu": held.skill.mu,
            "sigma": held.skill.sigma,
            "games": held.games,
            "wins": held.wins,
            "updated_at": replayed.last_played[(user_id, pool)],
        }
        for (user_id, pool), held in sorted(replayed.standings.items())
    ]
    if ratings:
        connection.execute(insert(Rating), ratings)
    changes = [
        {
            "rated_game_id": number,
            "user_id": user_id,
            "pool": change.pool,
            "place": change.place,
            "mu_before": change.mu_before,
            "sigma_before": change.sigma_before,
            "mu": change.mu,
            "sigma": change.sigma,
            "at": replayed.played_at[number],
        }
        for (number, user_id), change in sorted(replayed.changes.items())
    ]
    if changes:
        connection.execute(insert(RatingChange), changes)
