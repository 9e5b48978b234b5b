"""Who a game is to: a game by its id, the seats a person holds in it, and whether
they may watch it.

Every room that shows a game (its live socket, its replay, its chat, a person's
data) asks these same questions, and asks nothing else of the lobby; kept apart,
they carry no table or deal with them.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from ..i18n import N_, Words
from ..models import Game
from .errors import ID_SHAPE, TableError


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
    nobody watch stays private once it is over too. An imported record is its
    importer's alone."""
    if game.imported:
        return user_id is not None and game.imported_by == user_id
    return game.spectators or (user_id is not None and seat_of(game, user_id) is not None)


def require_watcher(game: Game, user_id: int | None) -> None:
    """A 403 for someone who may not see the game."""
    if not may_watch(game, user_id):
        raise TableError(403, "no_spectators", Words(NO_SPECTATORS))
