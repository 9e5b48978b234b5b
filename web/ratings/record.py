"""Rating the games that end, in the transaction that finishes them: exactly once.

The event store (web.live.store) calls :func:`rate_finished` inside the transaction
whose UPDATE finished the games. That UPDATE is guarded by each game's version, so
only one process can finish a game, and ``rated_game.game_id`` is unique besides: a
game's result changes ratings once, or (the transaction failing) not at all.

Which games count (docs/ratings.md, "What counts"): a game of a rated table, not
solo, in a pool (open hands are not), ended by its own rules (one the host ended is
abandoned), with at least one person seated. Bots play at their fixed ratings
(web.ratings.anchors) and keep them; a seat a substitute bot played counts as its
person's; a seat whose account was deleted plays as a new player, rated for nobody.

Games sharing a player are applied one after the other, in the order their
``rated_game`` rows are numbered: every rating row a transaction reads is locked
first, in (person, pool) order, so two processes finishing games of the same people
take turns and never wait for each other in a circle. ``chromino admin ratings
rebuild`` (web.ratings.rebuilding) replays the rows in that order with :func:`outcome`,
the same arithmetic, and gets the same floats.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Table, bindparam, false, insert, select, true, update
from sqlalchemy.sql import Executable

from ..db import dialect_insert
from ..models import Game, RatedGame, Rating, RatingChange, User
from .anchors import ANCHORS, bot_skill
from .model import Skill, new_skill, rate
from .pools import base_pool, bot_pool, pool_of

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """One seat of a rated game as the ratings read it: a person, a bot, or a former
    player (an account deleted before the game ended: neither)."""

    place: int
    user_id: int | None = None
    bot: str | None = None

    def stored(self) -> dict[str, Any]:
        """The seat as ``rated_game.seats`` keeps it."""
        if self.bot is not None:
            return {"bot": self.bot, "place": self.place}
        return {"user_id": self.user_id, "place": self.place}

    @classmethod
    def of_stored(cls, data: Mapping[str, Any]) -> RatedSeat:
        return cls(int(data["place"]), data.get("user_id"), data.get("bot"))


@dataclass(frozen=True, slots=True)
class Standing:
    """A person's rating in one pool: the model's numbers and the counts shown."""

    skill: Skill
    games: int = 0
    wins: int = 0

    def after(self, skill: Skill, place: int) -> Standing:
        """The standing after one more rated game, ended in ``place``."""
        return Standing(skill, self.games + 1, self.wins + (place == 1))


def rated_seats(
    pool: str | None, seats: Sequence[Mapping[str, Any]], result: Mapping[str, Any] | None
) -> list[RatedSeat] | None:
    """A finished game's seats as rated, or None when it does not count: no pool, no
    places (a game the host ended: abandoned), fewer than two seats, nobody seated, a
    person in two seats, or a bot the pool has no fixed rating for."""
    if pool is None or result is None or result.get("ended_by") == "host":
        return None
    places = result.get("places")
    if not isinstance(places, list) or len(places) != len(seats) or len(seats) < 2:
        return None
    rated: list[RatedSeat] = []
    for seat, place in zip(seats, places, strict=True):
        bot = seat.get("bot")
        if bot is not None and bot not in ANCHORS.get(base_pool(pool), {}):
            log.warning("pool %s has no fixed rating for the bot %r: game not rated", pool, bot)
            return None
        rated.append(RatedSeat(int(place), None if bot else seat.get("user_id"), bot))
    people = [seat.user_id for seat in rated if seat.user_id is not None]
    if not people or len(set(people)) != len(people):
        return None
    return rated


def outcome(pool: str, seats: Sequence[RatedSeat], before: Mapping[int, Skill]) -> dict[int, Skill]:
    """Each person's rating after one rated game, from everyone's before it (``before``:
    person → rating). Bots play at their fixed rating, a former player as a new one; the
    new ratings of both are dropped. The live update and the rebuild both come here."""
    skills = [
        bot_skill(pool, seat.bot)
        if seat.bot is not None
        else before[seat.user_id]
        if seat.user_id is not None
        else new_skill()
        for seat in seats
    ]
    after = rate(skills, [seat.place for seat in seats])
    return {
        seat.user_id: skill
        for seat, skill in zip(seats, after, strict=True)
        if seat.user_id is not None
    }


@dataclass(frozen=True, slots=True)
class Counted:
    """A game that ended in this transaction and counts."""

    game_id: str
    pool: str
    seats: list[RatedSeat]

    def rating_keys(self) -> list[tuple[int, str]]:
        return [(seat.user_id, self.pool) for seat in self.seats if seat.user_id is not None]


def rate_finished(
    connection: Connection, ended: Iterable[tuple[str, Mapping[str, Any]]], now: datetime
) -> int:
    """Rate the games that just ended in this transaction (``ended``: each game's id and
    result, in the order they ended); how many counted. Nothing is read for a game
    whose result has no places; one SELECT otherwise, and for games that count, one
    statement that makes and locks their people's rating rows, one per rated game,
    then one for the ratings and one for their history."""
    results = {game_id: result for game_id, result in ended if _may_count(result)}
    if not results:
        return 0
    games = _counted(connection, results)
    if not games:
        return 0
    standings = _claim(connection, games, now)
    applied = _apply(games, standings)
    _write(connection, applied, standings, now)
    return len(applied)


def _may_count(result: Mapping[str, Any] | None) -> bool:
    return result is not None and "places" in result and result.get("ended_by") != "host"


def _counted(connection: Connection, results: Mapping[str, Mapping[str, Any]]) -> list[Counted]:
    """The games of ``results`` that count, in that order (rated, not solo, in a pool)."""
    rows = {row.id: row for row in connection.execute(_RATED_GAMES, {"ids": list(results)})}
    bots = _bot_accounts(connection, [seat for row in rows.values() for seat in row.seats])
    games: list[Counted] = []
    for game_id, result in results.items():
        row = rows.get(game_id)
        if row is None:
            continue
        pool = pool_of(row.kind, (row.setup or {}).get("options", {}))
        if pool is not None and any(seat.get("user_id") in bots for seat in row.seats):
            pool = bot_pool(pool)
        seats = rated_seats(pool, row.seats, result)
        if pool is not None and seats is not None:
            games.append(Counted(game_id, pool, seats))
    return games


def _bot_accounts(connection: Connection, seats: Sequence[Mapping[str, Any]]) -> set[int]:
    """The bot accounts (web.bots) among these seats' people: their games count in the
    bot pools."""
    ids = {seat["user_id"] for seat in seats if seat.get("user_id") is not None}
    if not ids:
        return set()
    return set(connection.scalars(_BOT_ACCOUNTS, {"ids": sorted(ids)}))


def _claim(
    connection: Connection, games: Sequence[Counted], now: datetime
) -> dict[tuple[int, str], Standing]:
    """Every rating the games touch, made if new (a new player's) and locked until the
    transaction ends, in (person, pool) order: one INSERT … ON CONFLICT DO UPDATE (that
    changes nothing) over the sorted rows both makes a missing row and locks an existing
    one, each in turn. Two processes thus lock the rows they share in the same order and
    take turns; a plain INSERT … DO NOTHING, then SELECT … FOR UPDATE, would lock a new
    row before an older, smaller one and could make two of them wait for each other."""
    start = new_skill()
    rows = [
        {
            "user_id": user_id,
            "pool": pool,
            "mu": start.mu,
            "sigma": start.sigma,
            "games": 0,
            "wins": 0,
            "updated_at": now,
        }
        for user_id, pool in sorted({key for game in games for key in game.rating_keys()})
    ]
    claimed = connection.execute(_claim_statement(connection.dialect.name), rows)
    return {
        (row.user_id, row.pool): Standing(
            Skill(float(row.mu), float(row.sigma)), row.games, row.wins
        )
        for row in claimed
    }


@dataclass(frozen=True, slots=True)
class Applied:
    """A counted game applied to the ratings: its people's standings before and after."""

    game: Counted
    before: dict[int, Standing]
    after: dict[int, Standing]


def _apply(games: Sequence[Counted], standings: dict[tuple[int, str], Standing]) -> list[Applied]:
    """The games applied in order, in memory (``standings`` moves on with each). A game
    the model cannot rate is left unrated, logged: a game's end never fails for its
    rating."""
    applied: list[Applied] = []
    for game in games:
        before = {user_id: standings[(user_id, pool)] for user_id, pool in game.rating_keys()}
        try:
            skills = outcome(
                game.pool, game.seats, {key: held.skill for key, held in before.items()}
            )
        except Exception:
            log.exception("game %s could not be rated", game.game_id)
            continue
        places = {seat.user_id: seat.place for seat in game.seats if seat.user_id is not None}
        after = {key: before[key].after(skill, places[key]) for key, skill in skills.items()}
        for user_id, held in after.items():
            standings[(user_id, game.pool)] = held
        applied.append(Applied(game, before, after))
    return applied


def _write(
    connection: Connection,
    applied: Sequence[Applied],
    standings: Mapping[tuple[int, str], Standing],
    now: datetime,
) -> None:
    """The rated games (numbered in the order applied), the ratings and their history."""
    changes: list[dict[str, Any]] = []
    touched: set[tuple[int, str]] = set()
    for item in applied:
        game = item.game
        number = connection.execute(
            _INSERT_RATED_GAME,
            {
                "game_id": game.game_id,
                "pool": game.pool,
                "seats": [seat.stored() for seat in game.seats],
                "rated_at": now,
            },
        ).scalar_one()
        for seat in game.seats:
            if seat.user_id is None:
                continue
            before, after = item.before[seat.user_id], item.after[seat.user_id]
            changes.append(
                {
                    "rated_game_id": number,
                    "user_id": seat.user_id,
                    "pool": game.pool,
                    "place": seat.place,
                    "mu_before": before.skill.mu,
                    "sigma_before": before.skill.sigma,
                    "mu": after.skill.mu,
                    "sigma": after.skill.sigma,
                    "at": now,
                }
            )
            touched.add((seat.user_id, game.pool))
    if not changes:
        return
    connection.execute(
        _UPDATE_RATINGS,
        [
            {
                "person": user_id,
                "in_pool": pool,
                "new_mu": standings[(user_id, pool)].skill.mu,
                "new_sigma": standings[(user_id, pool)].skill.sigma,
                "new_games": standings[(user_id, pool)].games,
                "new_wins": standings[(user_id, pool)].wins,
                "at": now,
            }
            for user_id, pool in sorted(touched)
        ],
    )
    connection.execute(_INSERT_CHANGES, changes)


# --- statements, built once (SQLAlchemy then compiles each once too) -----------------

_ratings = cast(Table, Rating.__table__)
_games = cast(Table, Game.__table__)

_RATED_GAMES: Executable = select(_games.c.id, _games.c.kind, _games.c.setup, _games.c.seats).where(
    _games.c.id.in_(bindparam("ids", expanding=True)),
    _games.c.rated.is_(true()),
    _games.c.solo.is_(false()),
)
_BOT_ACCOUNTS: Executable = select(User.id).where(
    User.id.in_(bindparam("ids", expanding=True)), User.bot_owner_id.is_not(None)
)
_INSERT_RATED_GAME: Executable = insert(cast(Table, RatedGame.__table__)).returning(
    cast(Table, RatedGame.__table__).c.id
)
_UPDATE_RATINGS: Executable = (
    update(_ratings)
    .where(_ratings.c.user_id == bindparam("person"), _ratings.c.pool == bindparam("in_pool"))
    .values(
        mu=bindparam("new_mu"),
        sigma=bindparam("new_sigma"),
        games=bindparam("new_games"),
        wins=bindparam("new_wins"),
        updated_at=bindparam("at"),
    )
)
_INSERT_CHANGES: Executable = insert(cast(Table, RatingChange.__table__))
_CLAIMS: dict[str, Executable] = {}


def _claim_statement(dialect: str) -> Executable:
    """The making-and-locking upsert of :func:`_claim`, in the database's own words."""
    if dialect not in _CLAIMS:
        statement = dialect_insert(dialect, _ratings).on_conflict_do_update(
            index_elements=[_ratings.c.user_id, _ratings.c.pool],
            set_={"games": _ratings.c.games},  # no change: it is the lock that is wanted
        )
        _CLAIMS[dialect] = statement.returning(
            _ratings.c.user_id,
            _ratings.c.pool,
            _ratings.c.mu,
            _ratings.c.sigma,
            _ratings.c.games,
            _ratings.c.wins,
        )
    return _CLAIMS[dialect]
