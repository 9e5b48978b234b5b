"""Dealing: a table's game started, a solo game dealt in one click, a rematch, and
the boards of a duplicate table.

A deal turns a table's seats into a game row and its players, from a seed a test may
fix; it is the one place a game is born, so the live games, the daily deal and the
duplicate tables all come through here.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session, joinedload

from ..games import GameKind, game_kind
from ..i18n import N_, N_plural, Words
from ..models import DuplicateBoard, Game, GamePlayer, GameTable, TableSeat, User
from .errors import TableError, kind_named
from .schemas import SeatIn, SoloCreateBase, TableCreateBase
from .tables import create_table, lock, require_open

NOT_A_PLAYER = N_("only the game's players can ask for a rematch")


def start(
    session: Session, table: GameTable, user: User, *, now: datetime, deal_seed: str | None = None
) -> Game:
    """Deal the game: only the creator may, once every human seat is taken. ``now`` is
    the live games' clock (web.clock): the first turn's deadline counts from it."""
    if user.id != table.creator_id:
        raise TableError(
            403, "not_creator", Words(N_("only the table's creator can start the game"))
        )
    lock(table)
    require_open(table)
    empty = [seat.seat for seat in table.seats if seat.bot is None and seat.user_id is None]
    if empty:
        singular, plural = N_plural(
            "seat {seats} is still waiting for a player",
            "seats {seats} are still waiting for players",
        )
        seats = ", ".join(str(seat) for seat in empty)
        message = Words(singular, plural=plural, count=len(empty), seats=seats)
        raise TableError(409, "seats_empty", message)
    if table.duplicate:
        return _deal_duplicate(session, table, user, deal_seed, now)
    return _deal_game(session, table, deal_seed, now)


def _deal_duplicate(
    session: Session, table: GameTable, starter: User, deal_seed: str | None, now: datetime
) -> Game:
    """A board for each person at a duplicate table: a solo game of the table's options
    and pace, at a one-seat table of its own, all dealt from one seed (one drawer per
    board: the k-th draw is the same tile on every board, whoever plays first). Returns
    the starter's board; the others are linked to the table (:class:`DuplicateBoard`)."""
    seed = _seed(session, table, deal_seed)
    mine: Game | None = None
    for seat in list(table.seats):
        board_table = GameTable(
            invite_code=secrets.token_urlsafe(12),
            kind=table.kind,
            creator_id=seat.user_id,
            options=table.options,
            rated=False,
            public=False,
            solo=True,
            spectators=False,
            turn_days=table.turn_days,
            on_timeout=table.on_timeout,
            vacation=table.vacation,
        )
        board_table.seats.append(TableSeat(seat=0, user_id=seat.user_id))
        session.add(board_table)
        session.flush()
        board = _deal_game(session, board_table, None, now, shared_seed=seed)
        session.add(DuplicateBoard(table_id=table.id, seat=seat.seat, game_id=board.id))
        if seat.user_id == starter.id:
            mine = board
    assert mine is not None  # the starter is the creator, who has a seat
    table.status = "playing"
    table.game_id = mine.id
    session.flush()
    return mine


def duplicate_board_ids(session: Session, table: GameTable) -> list[str]:
    """The boards of a duplicate table, in seat order (none for another table)."""
    query = select(DuplicateBoard.game_id).where(DuplicateBoard.table_id == table.id)
    return list(session.scalars(query.order_by(DuplicateBoard.seat)))


def _seed(session: Session, table: GameTable, deal_seed: str | None) -> str:
    """A fresh random seed; with a test's ``deal_seed``, one fixed by the table and by how
    many games it has dealt (so a rematch is a new deal, and a rerun the same one)."""
    if deal_seed is None:
        return secrets.token_hex(16)
    dealt = session.scalar(select(func.count()).select_from(Game).where(Game.table_id == table.id))
    return f"{deal_seed}/{table.id}/{dealt}"


def new_game_id() -> str:
    """A fresh, unguessable game id that never begins with "-": a host pastes ids into
    ``chromino admin end-game ID``, where a leading dash reads as an option."""
    while (game_id := secrets.token_urlsafe(9)).startswith("-"):
        pass
    return game_id


def _deal_game(
    session: Session,
    table: GameTable,
    deal_seed: str | None,
    now: datetime,
    *,
    shared_seed: str | None = None,
) -> Game:
    """Deal the table's next game. ``shared_seed``, when given, is the deal's exact seed:
    a deal several boards share (the daily deal, a duplicate table) must not depend on
    the table it is played at."""
    kind = game_kind(table.kind)
    seats = _game_seats(session, table, kind)
    seed = shared_seed if shared_seed is not None else _seed(session, table, deal_seed)
    setup = kind.deal([seat["name"] for seat in seats], seed, table.options)
    game = _new_game(table, setup, seats, now)
    session.add(game)
    _list_players(session, game.id, seats)
    table.status = "playing"
    table.game_id = game.id
    session.flush()
    return game


@dataclass(frozen=True, slots=True)
class Seating:
    """A table whose players are already known, in seat order: ``people`` are accounts,
    None for a seat ``stand_in`` (a bot) plays. The rest is the table's pace and rules."""

    kind: str
    options: Mapping[str, Any]
    people: Sequence[int | None]
    stand_in: str
    creator_id: int | None = None
    rated: bool = False
    spectators: bool = True
    turn_days: int | None = None
    on_timeout: str = "substitute"


def deal_seated(session: Session, seating: Seating, *, seed: str, now: datetime) -> Game:
    """A table made with everyone already seated and its game dealt at once from
    ``seed`` exactly: a game someone else's schedule starts (a tournament's table),
    where nobody gathers or joins, and whose deal is fixed before anyone sits down."""
    kind = kind_named(seating.kind)
    if seating.stand_in not in kind.bots:
        raise ValueError(f"{seating.stand_in!r} is not a bot of {kind.name}")
    table = GameTable(
        invite_code=secrets.token_urlsafe(12),
        kind=kind.name,
        creator_id=seating.creator_id,
        options=dict(seating.options),
        rated=seating.rated,
        public=False,
        spectators=seating.spectators,
        turn_days=seating.turn_days,
        on_timeout=seating.on_timeout,
    )
    for index, person in enumerate(seating.people):
        bot = seating.stand_in if person is None else None
        table.seats.append(TableSeat(seat=index, user_id=person, bot=bot))
    session.add(table)
    session.flush()
    return _deal_game(session, table, None, now, shared_seed=seed)


def _game_seats(session: Session, table: GameTable, kind: GameKind) -> list[dict[str, Any]]:
    """The seats as the game keeps them: who holds each (a person, a bot, or a name on
    the creator's device) and the name the game calls them by."""
    # The seats and their people in one query (after the lock, each would be read alone).
    query = (
        select(TableSeat)
        .where(TableSeat.table_id == table.id)
        .order_by(TableSeat.seat)
        .options(joinedload(TableSeat.user))
    )
    seats: list[dict[str, Any]] = []
    for table_seat in session.scalars(query):
        seat: dict[str, Any] = {
            "user_id": table_seat.user_id,
            "bot": table_seat.bot,
            "name": _seat_name(table_seat, kind),
        }
        if table_seat.local_name is not None:
            seat["local"] = True
        seats.append(seat)
    return seats


def _seat_name(seat: TableSeat, kind: GameKind) -> str:
    """A local seat's own name, else its person's, else its bot's seat name."""
    if seat.local_name is not None:
        return seat.local_name
    if seat.user is not None:
        return seat.user.name
    return kind.bots.get(seat.bot or "", "Bot")


def _new_game(
    table: GameTable, setup: dict[str, Any], seats: list[dict[str, Any]], now: datetime
) -> Game:
    """The game row of a deal: the table's pace and rules, its first turn starting now."""
    turn_seconds = int(table.options.get("turn_seconds", 0))
    turn_based = table.turn_days is not None
    return Game(
        id=new_game_id(),
        table_id=table.id,
        kind=table.kind,
        current_seat=int(setup["first"]),
        setup=setup,
        seats=seats,
        solo=table.solo,
        rated=table.rated,
        spectators=table.spectators,
        substitute_minutes=table.substitute_minutes,
        turn_deadline_at=now + timedelta(seconds=turn_seconds) if turn_seconds else None,
        turn_days=table.turn_days,
        on_timeout=table.on_timeout,
        vacation=table.vacation,
        turn_started_at=now,
        # The sweep works out the first clock and tells the first player (web.days.sweep).
        due_at=now if turn_based else None,
    )


def _list_players(session: Session, game_id: str, seats: list[dict[str, Any]]) -> None:
    """A player row per seat. A device owner's several local seats list the game once
    in their "my games" (its first seat): the others are the same game, not more of it."""
    listed: set[int] = set()
    for index, seat in enumerate(seats):
        person = seat["user_id"]
        person = None if person in listed else person
        if person is not None:
            listed.add(person)
        session.add(GamePlayer(game_id=game_id, seat=index, user_id=person))


def start_solo(
    session: Session,
    user: User,
    spec: SoloCreateBase,
    *,
    now: datetime,
    deal_seed: str | None = None,
    shared_seed: str | None = None,
) -> Game:
    """One click: a one-seat table of the game asked for, dealt at once. Options the
    request leaves out take the game's solo defaults (an untimed Triominos).
    ``shared_seed``: the exact seed of a deal others play too (see :func:`_deal_game`)."""
    kind = kind_named(spec.game)
    given = spec.options.model_dump(include=spec.options.model_fields_set)
    options = kind.options_model.model_validate({**kind.solo_defaults, **given})
    table_spec = TableCreateBase.model_construct(
        game=spec.game, options=options, seats=[SeatIn(kind="human")], public=False
    )
    table = create_table(session, user, table_spec, solo=True)
    return _deal_game(session, table, deal_seed, now, shared_seed=shared_seed)


@dataclass(frozen=True, slots=True)
class Rematch:
    """A finished game's rematch, and whether this call dealt it (else it was asked for
    before, and is the game dealt then)."""

    game: Game
    dealt_now: bool


def rematch(
    session: Session, game: Game, user: User, *, now: datetime, deal_seed: str | None = None
) -> Rematch:
    """The same seats and options again; asking twice gives the same new game."""
    if game.status != "finished":
        raise TableError(409, "game_not_finished", Words(N_("a rematch needs a finished game")))
    if not any(seat["user_id"] == user.id for seat in game.seats):
        raise TableError(403, "not_a_player", Words(NOT_A_PLAYER))
    table = session.get(GameTable, game.table_id)
    assert table is not None
    lock(table)
    if table.game_id != game.id:
        newer = session.get(Game, table.game_id)
        assert newer is not None
        return Rematch(newer, dealt_now=False)
    return Rematch(_deal_game(session, table, deal_seed, now), dealt_now=True)
