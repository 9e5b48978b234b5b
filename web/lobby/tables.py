"""Tables and the games played at them: create, join, leave, start, solo, rematch, lists."""

from __future__ import annotations

import re
import secrets
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select, tuple_
from sqlalchemy.orm import Session, joinedload, object_session, selectinload

from chromino.core.errors import InvalidSetupError

from ..db import as_utc
from ..games import GAMES, GameKind, game_kind
from ..i18n import N_, N_plural, Words
from ..models import (
    Block,
    ChatMessage,
    DuplicateBoard,
    Game,
    GameEvent,
    GamePlayer,
    GameTable,
    TableSeat,
    User,
)
from ..ratings.pools import pool_of
from ..ratings.read import HeldRating, seat_ratings_of_many, seen_by
from .schemas import (
    GameSummary,
    SeatIn,
    SeatPublic,
    SeatRating,
    SoloBest,
    SoloCreateBase,
    TableCreateBase,
    TablePublic,
)

TABLE_STATUS = {
    "playing": N_("the table is playing"),
    "finished": N_("the table is finished"),
    "closed": N_("the table is closed"),
    "open": N_("the table is open"),
}


class TableError(Exception):
    """A request the table cannot honour; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, code: str, message: str | Words) -> None:
        super().__init__(str(message))
        self.status = status
        self.code = code
        self.message = message
        """Words to say in the reader's language (a plain string when it has none)."""


def _kind(name: str) -> GameKind:
    try:
        return game_kind(name)
    except KeyError:
        known = ", ".join(GAMES)
        message = Words(N_("game: {name} is not one of {known}"), name=repr(name), known=known)
        raise TableError(422, "unknown_game", message) from None


def _check_options(kind: GameKind, options: dict[str, Any], seat_count: int) -> dict[str, Any]:
    """The options with every default filled in, or a 422 naming the one at fault."""
    try:
        normalized = kind.normalize_options(options)
        kind.check_seats(seat_count, normalized)
    except InvalidSetupError as error:
        raise TableError(422, "invalid_options", str(error)) from None
    return normalized


def _check_seats(kind: GameKind, seats: list[SeatIn]) -> None:
    if len(seats) > kind.max_players:
        message = Words(N_("{game} is for 1 to {count} players"), game=kind.title)
        message.values["count"] = kind.max_players
        raise TableError(422, "invalid_seat", message)
    for index, seat in enumerate(seats):
        if seat.kind == "bot" and seat.bot not in kind.bots:
            known = ", ".join(kind.bots)
            message = Words(
                N_("seats[{index}].bot: a bot seat names its bot ({known})"),
                index=index,
                known=known,
            )
            raise TableError(422, "invalid_seat", message)
        if seat.kind == "human" and seat.bot is not None:
            message = Words(N_("seats[{index}].bot: a human seat has no bot"), index=index)
            raise TableError(422, "invalid_seat", message)
    _check_local_seats(seats)


def _check_local_seats(seats: list[SeatIn]) -> None:
    """A local seat (pass-and-play) names who plays it, a name of its own at the table
    (the hand-off screen calls them by it); no other seat has a name."""
    names: set[str] = set()
    for index, seat in enumerate(seats):
        if seat.kind != "local":
            if seat.name is not None:
                message = Words(
                    N_("seats[{index}].name: only a seat on this device has a name"), index=index
                )
                raise TableError(422, "invalid_seat", message)
            continue
        name = " ".join((seat.name or "").split())
        if seat.bot is not None:
            message = Words(N_("seats[{index}].bot: a seat on this device has no bot"), index=index)
            raise TableError(422, "invalid_seat", message)
        if not name or not name.isprintable():
            message = Words(
                N_("seats[{index}].name: a seat on this device needs the name of who plays it"),
                index=index,
            )
            raise TableError(422, "invalid_seat", message)
        if name.casefold() in names:
            message = Words(
                N_("seats[{index}].name: {name} already plays at this table"),
                index=index,
                name=name,
            )
            raise TableError(422, "invalid_seat", message)
        names.add(name.casefold())


def local_name(seat: SeatIn) -> str | None:
    """A local seat's name as kept: inner runs of spaces made one, the ends trimmed."""
    return None if seat.kind != "local" else " ".join((seat.name or "").split())


def create_table(
    session: Session,
    user: User,
    spec: TableCreateBase,
    *,
    solo: bool = False,
    turn_based_limit: int | None = None,
) -> GameTable:
    """A new table of the game asked for; its creator takes the first human seat. A
    turn-based table times moves in days, so it has no per-turn seconds and no grace
    before a bot plays for someone away (both belong to a game in one sitting)."""
    kind = _kind(spec.game)
    _check_seats(kind, spec.seats)
    turn_days = None if solo else spec.turn_days
    options = spec.options.model_dump()
    if turn_days is not None:
        _check_turn_based_room(session, user, turn_based_limit)
        if "turn_seconds" in options:
            options["turn_seconds"] = 0
    options = _check_options(kind, options, len(spec.seats))
    duplicate = spec.duplicate and not solo
    if duplicate:
        _check_duplicate(kind, spec, options)
    table = GameTable(
        invite_code=secrets.token_urlsafe(12),
        kind=kind.name,
        creator_id=user.id,
        options=options,
        rated=False if solo or duplicate else _rated_choice(kind, spec, options),
        duplicate=duplicate,
        public=spec.public and not solo,
        solo=solo,
        spectators=spec.spectators and not solo,
        substitute_minutes=0 if solo or turn_days is not None else spec.substitute_minutes,
        turn_days=turn_days,
        on_timeout=spec.on_timeout,
        vacation=spec.vacation,
        chat_text=None if solo else spec.chat_text,
    )
    # With seats on this device (pass-and-play), the creator plays those, one of them
    # their own: the human seats are for others to join.
    creator_seated = any(seat.kind == "local" for seat in spec.seats)
    for index, seat in enumerate(spec.seats):
        occupant = user.id if seat.kind == "local" else None
        if seat.kind == "human" and not creator_seated:
            occupant, creator_seated = user.id, True
        table.seats.append(
            TableSeat(seat=index, user_id=occupant, bot=seat.bot, local_name=local_name(seat))
        )
    session.add(table)
    session.flush()
    return table


def _check_duplicate(kind: GameKind, spec: TableCreateBase, options: dict[str, Any]) -> None:
    """A duplicate table (docs/duplicate.md) is for two people or more, each on a board
    of their own: no bot and no seat on one device (a board is one person's game), and
    casual (its boards are solo games, which ratings do not count). A 422 names why."""
    if len(spec.seats) < 2:
        message = Words(N_("duplicate: a duplicate table needs two seats or more"))
        raise TableError(422, "invalid_duplicate", message)
    if any(seat.kind != "human" for seat in spec.seats):
        message = Words(N_("duplicate: every seat of a duplicate table is for a person"))
        raise TableError(422, "invalid_duplicate", message)
    if spec.rated:
        message = Words(N_("rated: a duplicate table cannot be rated; make the table casual"))
        raise TableError(422, "not_rateable", message)
    _check_options(kind, options, 1)  # each board is a game alone


def _rated_choice(kind: GameKind, spec: TableCreateBase, options: dict[str, Any]) -> bool:
    """Rated or casual, as the creator chose; left out, rated when it can be and someone
    sits there (bots alone rate nobody). A game alone, or with options that cannot be
    rated (open hands: everyone sees every hand), is refused ``rated: true`` with a 422
    naming the field."""
    possible = len(spec.seats) > 1 and kind.rating_pool(options) is not None
    local = any(seat.kind == "local" for seat in spec.seats)
    if local and spec.rated:
        message = Words(
            N_("rated: a game with seats on one device cannot be rated; make the table casual")
        )
        raise TableError(422, "not_rateable", message)
    if local:
        return False  # one account, several players: no rating could say who won
    if spec.rated is None:
        return possible and any(seat.kind == "human" for seat in spec.seats)
    if spec.rated and len(spec.seats) < 2:
        message = Words(N_("rated: a game alone cannot be rated; make the table casual"))
        raise TableError(422, "not_rateable", message)
    if spec.rated and not possible:
        message = Words(N_("rated: a game with open hands cannot be rated; make the table casual"))
        raise TableError(422, "not_rateable", message)
    return spec.rated


ID_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""Invite codes and game ids are URL-safe tokens: anything else (a NUL byte, which
PostgreSQL refuses in text, a path of slashes) is no such thing, without a query."""


def table_by_invite(session: Session, invite_code: str) -> GameTable:
    """The table behind an invite code, or a 404."""
    if not ID_SHAPE.fullmatch(invite_code):
        raise TableError(404, "no_such_table", Words(N_("no table has this invite code")))
    table = session.scalar(select(GameTable).where(GameTable.invite_code == invite_code))
    if table is None:
        raise TableError(404, "no_such_table", Words(N_("no table has this invite code")))
    return table


def _lock(table: GameTable) -> None:
    """Serialize changes to one table (two joins for the last seat, a double-clicked start):
    lock its row (SELECT … FOR UPDATE; on SQLite every transaction already holds the write
    lock from its start, see web.db), then re-read what was read before the lock."""
    session = object_session_of(table)
    session.execute(select(GameTable.id).where(GameTable.id == table.id).with_for_update())
    for seat in list(table.seats):
        session.expire(seat)
    session.expire(table)


def object_session_of(table: GameTable) -> Session:
    session = object_session(table)
    assert session is not None
    return session


def _require_open(table: GameTable) -> None:
    if table.status != "open":
        raise TableError(409, "table_not_open", Words(TABLE_STATUS[table.status]))


def turn_based_games(session: Session, user_id: int) -> int:
    """How many turn-based games the person has going, or waiting to start."""
    playing = (
        select(func.count())
        .select_from(Game)
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(GamePlayer.user_id == user_id, Game.status == "playing")
        .where(Game.turn_days.is_not(None))
    )
    gathering = (
        select(func.count())
        .select_from(GameTable)
        .join(TableSeat, TableSeat.table_id == GameTable.id)
        .where(TableSeat.user_id == user_id, GameTable.status == "open")
        .where(GameTable.turn_days.is_not(None))
    )
    return int(session.scalar(playing) or 0) + int(session.scalar(gathering) or 0)


def _check_turn_based_room(session: Session, user: User, limit: int | None) -> None:
    """The host's cap on turn-based games a person holds at once."""
    if limit is not None and turn_based_games(session, user.id) >= limit:
        message = Words(
            N_("you already have {count} turn-based games going: finish one first"), count=limit
        )
        raise TableError(409, "too_many_turn_based_games", message)


def join(table: GameTable, user: User, *, turn_based_limit: int | None = None) -> None:
    """Take the first free human seat."""
    _lock(table)
    _require_open(table)
    if table.turn_days is not None:
        _check_turn_based_room(object_session_of(table), user, turn_based_limit)
    if any(seat.user_id == user.id for seat in table.seats):
        raise TableError(409, "already_seated", Words(N_("you already have a seat at this table")))
    _refuse_the_muted(table, user)
    free = [seat for seat in table.seats if seat.bot is None and seat.user_id is None]
    if not free:
        raise TableError(409, "table_full", Words(N_("every seat at this table is taken")))
    free[0].user_id = user.id


def _refuse_the_muted(table: GameTable, user: User) -> None:
    """A private table is not for someone its creator or a person seated there muted
    (web.friends): 403 ``muted``, without saying who."""
    if table.public:
        return
    there = {seat.user_id for seat in table.seats if seat.user_id is not None}
    if table.creator_id is not None:
        there.add(table.creator_id)
    muted = select(Block.user_id).where(Block.user_id.in_(there), Block.blocked_id == user.id)
    if there and object_session_of(table).scalar(muted.limit(1)) is not None:
        raise TableError(403, "muted", Words(N_("you cannot join this table")))


def leave(table: GameTable, user: User) -> None:
    """Give up a seat before the start; the creator leaving closes the table."""
    _lock(table)
    _require_open(table)
    seats = [seat for seat in table.seats if seat.user_id == user.id]
    if not seats:
        raise TableError(409, "not_seated", Words(N_("you have no seat at this table")))
    for seat in seats:
        seat.user_id = None
    if user.id == table.creator_id:
        table.status = "closed"


def start(
    session: Session, table: GameTable, user: User, *, now: datetime, deal_seed: str | None = None
) -> Game:
    """Deal the game: only the creator may, once every human seat is taken. ``now`` is
    the live games' clock (web.clock): the first turn's deadline counts from it."""
    if user.id != table.creator_id:
        raise TableError(
            403, "not_creator", Words(N_("only the table's creator can start the game"))
        )
    _lock(table)
    _require_open(table)
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
    # The seats and their people in one query (after _lock, each would be read alone).
    query = (
        select(TableSeat)
        .where(TableSeat.table_id == table.id)
        .order_by(TableSeat.seat)
        .options(joinedload(TableSeat.user))
    )
    table_seats = list(session.scalars(query))
    names = [
        seat.local_name
        if seat.local_name is not None
        else seat.user.name
        if seat.user is not None
        else kind.bots.get(seat.bot or "", "Bot")
        for seat in table_seats
    ]
    seats: list[dict[str, Any]] = [
        {"user_id": seat.user_id, "bot": seat.bot, "name": name}
        for seat, name in zip(table_seats, names, strict=True)
    ]
    for seat, table_seat in zip(seats, table_seats, strict=True):
        if table_seat.local_name is not None:
            seat["local"] = True
    seed = shared_seed if shared_seed is not None else _seed(session, table, deal_seed)
    setup = kind.deal(names, seed, table.options)
    turn_seconds = int(table.options.get("turn_seconds", 0))
    turn_based = table.turn_days is not None
    game = Game(
        id=new_game_id(),
        table_id=table.id,
        kind=kind.name,
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
    session.add(game)
    listed: set[int] = set()
    for index, seat in enumerate(seats):
        # A device owner's several local seats list the game once in their "my games"
        # (its first seat): the others are the same game, not more of it.
        person = seat["user_id"]
        person = None if person in listed else person
        if person is not None:
            listed.add(person)
        session.add(GamePlayer(game_id=game.id, seat=index, user_id=person))
    table.status = "playing"
    table.game_id = game.id
    session.flush()
    return game


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
    kind = _kind(spec.game)
    given = spec.options.model_dump(include=spec.options.model_fields_set)
    options = kind.options_model.model_validate({**kind.solo_defaults, **given})
    table_spec = TableCreateBase.model_construct(
        game=spec.game, options=options, seats=[SeatIn(kind="human")], public=False
    )
    table = create_table(session, user, table_spec, solo=True)
    return _deal_game(session, table, deal_seed, now, shared_seed=shared_seed)


def rematch(
    session: Session, game: Game, user: User, *, now: datetime, deal_seed: str | None = None
) -> Game:
    """The same seats and options again; asking twice gives the same new game."""
    if game.status != "finished":
        raise TableError(409, "game_not_finished", Words(N_("a rematch needs a finished game")))
    if not any(seat["user_id"] == user.id for seat in game.seats):
        raise TableError(
            403, "not_a_player", Words(N_("only the game's players can ask for a rematch"))
        )
    table = session.get(GameTable, game.table_id)
    assert table is not None
    _lock(table)
    if table.game_id != game.id:
        newer = session.get(Game, table.game_id)
        assert newer is not None
        return newer
    return _deal_game(session, table, deal_seed, now)


def game_by_id(session: Session, game_id: str) -> Game:
    """The game, or a 404."""
    if not ID_SHAPE.fullmatch(game_id):
        raise TableError(404, "no_such_game", Words(N_("no game has this id")))
    game = session.get(Game, game_id)
    if game is None:
        raise TableError(404, "no_such_game", Words(N_("no game has this id")))
    return game


def seat_of(game: Game, user_id: int) -> int | None:
    """The user's (first) seat in the game, or None for a spectator. A device owner
    holds several local seats (pass-and-play): :func:`seats_of` lists them all."""
    for index, seat in enumerate(game.seats):
        if seat["user_id"] == user_id:
            return index
    return None


def seats_of(seats: list[dict[str, Any]], user_id: int | None) -> list[int]:
    """Every seat the person holds in a game's seats: one, or their device's local ones."""
    if user_id is None:
        return []
    return [index for index, seat in enumerate(seats) if seat.get("user_id") == user_id]


def hand_seat_of(game: Game, user_id: int | None) -> int | None:
    """The seat whose hand a page of this person may hold without asking: their own
    seat; none for a device of local seats, whose hands are shown one at a time on
    the live socket after a "show my tiles" (web.live, docs/pass-and-play.md)."""
    seat = None if user_id is None else seat_of(game, user_id)
    if seat is None or game.seats[seat].get("local"):
        return None
    return seat


NO_SPECTATORS = N_("only its players can watch this game")


def may_watch(game: Game, user_id: int | None) -> bool:
    """Whether this person may see the game (its socket, its replay, its record): its
    players always, anyone else only when the table lets people watch. A game that lets
    nobody watch stays private once it is over too."""
    return game.spectators or (user_id is not None and seat_of(game, user_id) is not None)


def require_watcher(game: Game, user_id: int | None) -> None:
    """A 403 for someone who may not see the game."""
    if not may_watch(game, user_id):
        raise TableError(403, "no_spectators", Words(NO_SPECTATORS))


def _help_level(user: User | None) -> str | None:
    """A seated person's assistance level ("beginner" until they choose one)."""
    if user is None:
        return None
    return user.preference.assistance if user.preference is not None else "beginner"


def table_public(
    table: GameTable,
    viewer_id: int | None = None,
    ratings: list[HeldRating | None] | None = None,
) -> TablePublic:
    """A table as anyone holding its invite code may see it; each seat's rating as
    ``viewer_id`` may see it (``ratings``: the seats' ratings when already read)."""
    kind = game_kind(table.kind)
    held = ratings if ratings is not None else seat_ratings_of_tables([table])[0]
    return TablePublic(
        invite_code=table.invite_code,
        game=table.kind,
        creator_id=table.creator_id,
        options=table.options,
        public=table.public,
        solo=table.solo,
        spectators=table.spectators,
        substitute_minutes=table.substitute_minutes,
        turn_days=table.turn_days,
        on_timeout=table.on_timeout,
        vacation=table.vacation,
        rated=table.rated,
        duplicate=table.duplicate,
        status=table.status,
        game_id=table.game_id,
        seats=[
            SeatPublic(
                seat=seat.seat,
                kind="bot" if seat.bot else "local" if seat.local_name is not None else "human",
                bot=seat.bot,
                user_id=seat.user_id,
                name=seat.local_name
                if seat.local_name is not None
                else seat.user.name
                if seat.user
                else (kind.bots.get(seat.bot) if seat.bot else None),
                assistance=_help_level(seat.user),
                rating=_seat_rating(rating, viewer_id),
            )
            for seat, rating in zip(table.seats, held, strict=True)
        ],
    )


def _seat_rating(held: HeldRating | None, viewer_id: int | None) -> SeatRating | None:
    seen = seen_by(held, viewer_id)
    return None if seen is None else SeatRating(**seen)


def tables_public(tables: list[GameTable], viewer_id: int | None) -> list[TablePublic]:
    """:func:`table_public` of many tables, their ratings read at once."""
    ratings = seat_ratings_of_tables(tables)
    return [table_public(t, viewer_id, held) for t, held in zip(tables, ratings, strict=True)]


def seat_ratings_of_tables(tables: list[GameTable]) -> list[list[HeldRating | None]]:
    """Each table's seats' ratings in its pool (web.ratings.read), in one query. Casual
    tables show them too: they tell who plays how well. A solo table, or one whose
    options cannot be rated (open hands), shows none."""
    if not tables:
        return []
    groups = [
        (
            None if t.solo else pool_of(t.kind, t.options),
            [(None if s.local_name else s.user_id, s.bot) for s in t.seats],
        )
        for t in tables
    ]
    return seat_ratings_of_many(object_session_of(tables[0]), groups)


def public_tables(session: Session, limit: int = 50) -> list[GameTable]:
    """Open public tables with a free seat, newest first."""
    free_seat = (
        select(TableSeat.table_id)
        .where(TableSeat.user_id.is_(None), TableSeat.bot.is_(None))
        .scalar_subquery()
    )
    query = (
        select(GameTable)
        .where(GameTable.public.is_(True), GameTable.status == "open", GameTable.id.in_(free_seat))
        .order_by(GameTable.created_at.desc(), GameTable.id.desc())
        .limit(limit)
        # Each seat's person and their preference (the help level), in three queries.
        .options(
            selectinload(GameTable.seats).selectinload(TableSeat.user).selectinload(User.preference)
        )
    )
    return list(session.scalars(query))


def game_summary(
    game: Game, user_id: int | None, last_move: dict[str, Any] | None = None
) -> GameSummary:
    """A line of "my games": who plays, whose turn it is, how it ended, and when."""
    my_seat = None if user_id is None else seat_of(game, user_id)
    playing = game.status == "playing"
    current = game.current_seat if playing else None
    return GameSummary(
        id=game.id,
        game=game.kind,
        status=game.status,
        solo=game.solo,
        rated=game.rated,
        players=[seat["name"] for seat in game.seats],
        bots=[seat["bot"] for seat in game.seats],
        my_seat=my_seat,
        current_seat=current,
        my_turn=current is not None and current in seats_of(game.seats, user_id),
        result=game.result,
        created_at=as_utc(game.created_at).isoformat(),
        finished_at=None if game.finished_at is None else as_utc(game.finished_at).isoformat(),
        version=game.version,
        turn_days=game.turn_days,
        deadline=None
        if game.turn_deadline_at is None or not playing
        else as_utc(game.turn_deadline_at).timestamp(),
        last_move=last_move,
    )


def last_moves(session: Session, games: list[Game]) -> dict[str, dict[str, Any]]:
    """Each game's last event (who, what, when, whether a bot made it for the person),
    in one query."""
    keys = [(game.id, game.version) for game in games if game.version > 0]
    if not keys:
        return {}
    query = select(
        GameEvent.game_id,
        GameEvent.seat,
        GameEvent.action,
        GameEvent.created_at,
        GameEvent.stand_in,
    )
    query = query.where(tuple_(GameEvent.game_id, GameEvent.seq).in_(keys))
    return {
        game_id: {
            "seat": seat,
            "action": action.get("action"),
            "at": as_utc(at).timestamp(),
            # a bot's move in the person's place is not theirs ("the bot passed for you")
            "stand_in": stand_in,
        }
        for game_id, seat, action, at, stand_in in session.execute(query)
    }


def urgency(summary: GameSummary) -> tuple[int, float, str]:
    """My turns first, the most urgent first; then the others' turns; then the ended,
    newest first."""
    if summary.status != "playing":
        finished = summary.finished_at or summary.created_at
        return (2, -datetime.fromisoformat(finished).timestamp(), summary.id)
    deadline = summary.deadline if summary.deadline is not None else float("inf")
    return (0 if summary.my_turn else 1, deadline, summary.id)


def my_game_lines(session: Session, user: User, limit: int = 100) -> list[GameSummary]:
    """My games as "my games" lists them, sorted by :func:`urgency`."""
    games = my_games(session, user, limit)
    moves = last_moves(session, games)
    unread = unread_lines(session, user.id, [game.id for game in games])
    lines = [game_summary(game, user.id, moves.get(game.id)) for game in games]
    for line in lines:
        line.unread = unread.get(line.id, 0)
    return sorted(lines, key=urgency)


def unread_lines(session: Session, user_id: int, game_ids: list[str]) -> dict[str, int]:
    """Per game, the players' chat lines by others after the last I read (those of
    people muted either way left out), in one query."""
    if not game_ids:
        return {}
    muted = select(Block.blocked_id).where(Block.user_id == user_id)
    muting = select(Block.user_id).where(Block.blocked_id == user_id)
    query = (
        select(ChatMessage.game_id, func.count())
        .join(
            GamePlayer,
            (GamePlayer.game_id == ChatMessage.game_id) & (GamePlayer.user_id == user_id),
        )
        .where(
            ChatMessage.game_id.in_(game_ids),
            ChatMessage.room == "players",
            ChatMessage.seq > GamePlayer.chat_read,
            ChatMessage.user_id != user_id,
            ChatMessage.user_id.not_in(muted),
            ChatMessage.user_id.not_in(muting),
        )
        .group_by(ChatMessage.game_id)
    )
    return {game_id: int(count) for game_id, count in session.execute(query)}


def my_games(session: Session, user: User, limit: int = 100) -> list[Game]:
    """The user's games, current first, then newest."""
    query = (
        select(Game)
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(GamePlayer.user_id == user.id)
        .order_by((Game.status == "finished").asc(), Game.created_at.desc())
        .limit(limit)
    )
    return list(session.scalars(query))


def solo_best(session: Session, user: User, game: str) -> SoloBest | None:
    """The user's best finished solo game of this kind, as the game ranks them."""
    kind = _kind(game)
    query = (
        select(Game)
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(
            GamePlayer.user_id == user.id,
            Game.solo.is_(True),
            Game.status == "finished",
            Game.kind == kind.name,
        )
    )
    best = None
    for played in session.scalars(query):
        candidate = kind.solo_result(played.id, played.result or {})
        if candidate is not None and (best is None or kind.better_solo(candidate, best)):
            best = candidate
    return None if best is None else SoloBest(**best.model_dump())
