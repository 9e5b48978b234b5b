"""What a new table asks for, checked before anything is stored: the game's options,
the seats, a duplicate table's conditions and whether the table is rated.

These rules read only the request and the game's kind, never the database, so they
stand apart from the tables they guard (and are tested without one).
"""

from __future__ import annotations

from typing import Any

from chromino.core.errors import InvalidSetupError

from ..games import GameKind
from ..i18n import N_, Words
from .errors import TableError
from .schemas import SeatIn, TableCreateBase


def check_options(kind: GameKind, options: dict[str, Any], seat_count: int) -> dict[str, Any]:
    """The options with every default filled in, or a 422 naming the one at fault."""
    try:
        normalized = kind.normalize_options(options)
        kind.check_seats(seat_count, normalized)
    except InvalidSetupError as error:
        raise TableError(422, "invalid_options", str(error)) from None
    return normalized


def check_seats(kind: GameKind, seats: list[SeatIn]) -> None:
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


def check_duplicate(kind: GameKind, spec: TableCreateBase, options: dict[str, Any]) -> None:
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
    check_options(kind, options, 1)  # each board is a game alone


def rated_choice(kind: GameKind, spec: TableCreateBase, options: dict[str, Any]) -> bool:
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
