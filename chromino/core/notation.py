"""Records and positions of any tile game: the shared skeleton, and the field readers.

A record replays a game exactly: its format name, the setup's fields (which
the game supplies, in order), then every move as ``{"player": seat,
"action": ..., placement fields}``. Documents are read once, here, into typed
values; a bad field is an :class:`~chromino.core.errors.InvalidSetupError`
naming it, and the whole document is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .actions import Action
from .actions import parse_action as read_action
from .board import P
from .errors import IllegalMoveError, InvalidSetupError, Reason


class Replayable(Protocol):
    """A live game as a record sees it."""

    @property
    def record_format(self) -> str:
        """The format name of the game's records."""
        ...

    @property
    def setup(self) -> Any:
        """The setup, able to give its record fields (``to_record()``)."""
        ...

    @property
    def moves(self) -> list[tuple[int, Any]]:
        """Every move applied, by seat."""
        ...

    def apply(self, seat: int, action: Any, /) -> object:
        """The checked entry point."""
        ...


S = TypeVar("S")
G = TypeVar("G")


class MoveError(ValueError):
    """A record's move that cannot be applied, with its index in ``moves``."""

    def __init__(self, index: int, error: IllegalMoveError) -> None:
        super().__init__(f"move {index}: {error.message}")
        self.index = index
        self.error = error


def record_of(game: Replayable) -> dict[str, object]:
    """Everything needed to replay the game exactly, the deal and bag order included."""
    return {
        "format": game.record_format,
        **game.setup.to_record(),
        "moves": [{"player": seat, **action.to_dict()} for seat, action in game.moves],
    }


def parse_move(
    raw: object, parse_placement: Callable[[Mapping[str, object]], P]
) -> tuple[int, Action[P]]:
    """One record move: ``{"player": seat, "action": ..., placement fields for a play}``."""
    if not isinstance(raw, Mapping):
        raise IllegalMoveError(Reason.MALFORMED_MOVE, "a move must be a JSON object")
    seat = raw.get("player")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise IllegalMoveError(Reason.MALFORMED_MOVE, "a move needs a seat number in 'player'")
    return seat, read_action(raw, parse_placement)


@dataclass(frozen=True, slots=True)
class RecordFields:
    """The fields every record has, read and checked; the game reads its own from ``record``."""

    record: Mapping[str, object]
    parse_placement: Callable[[Mapping[str, object]], Any]
    options: Any
    players: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    bag: tuple[str, ...]
    first: int
    moves: list[object]

    def placement(self, field: str) -> Any:
        """A placement field of the record (a Chromino record's start tile)."""
        return read_placement(self.record.get(field), field, self.parse_placement)


class RecordBook(Generic[P, S, G]):
    """Reading one game's records: the shared fields here, the game's own by ``setup_of``.

    ``game_type`` (with its ``record_format``) is built from the setup;
    ``options_type`` has ``from_dict``; ``tile_named`` gives the tile (with its
    ``name``) a spelling stands for, or raises ValueError; ``setup_of`` builds
    the game's setup from the fields (and may read and check more).
    """

    def __init__(
        self,
        game_type: Callable[[S], G],
        options_type: Any,
        tile_named: Callable[[object], Any],
        parse_placement: Callable[[Mapping[str, object]], P],
        setup_of: Callable[[RecordFields], S],
    ) -> None:
        self.record_format: str = getattr(game_type, "record_format")  # noqa: B009
        self.options_type = options_type
        self.tile_named = tile_named
        self.parse_placement = parse_placement
        self.setup_of = setup_of
        self.game_type = game_type

    def setup_from_record(self, data: object) -> tuple[S, list[object]]:
        """The setup of a record and its raw moves; InvalidSetupError names a bad field."""
        record = read_document(data, "record", self.record_format)
        options = self.options_type.from_dict(require_object(record.get("options", {}), "options"))
        players = read_players(record)
        hands = tuple(
            tuple(read_tile_names(hand, f"hands[{seat}]", self.tile_name))
            for seat, hand in enumerate(require_list(record, "hands"))
        )
        bag = tuple(read_tile_names(record.get("bag"), "bag", self.tile_name))
        first = read_first(record)
        moves = require_list(record, "moves")
        fields = RecordFields(
            record, self.parse_placement, options, players, hands, bag, first, moves
        )
        return self.setup_of(fields), moves

    def tile_name(self, name: object) -> str:
        """The name of the tile a spelling stands for (ValueError if none)."""
        return str(self.tile_named(name).name)

    def parse_move(self, raw: object) -> tuple[int, Action[P]]:
        """One record move: ``{"player": seat, "action": ..., placement fields for a play}``."""
        return parse_move(raw, self.parse_placement)

    def replay(self, data: object) -> G:
        """Rebuild a game from its record: InvalidSetupError, or MoveError at the first bad move."""
        setup, moves = self.setup_from_record(data)
        game = self.game_type(setup)
        for index, raw in enumerate(moves):
            try:
                seat, action = self.parse_move(raw)
                game.apply(seat, action)  # type: ignore[attr-defined]
            except IllegalMoveError as error:
                raise MoveError(index, error) from None
        return game

    def read_board_and_hand(
        self, document: Mapping[str, object]
    ) -> tuple[tuple[P, ...], tuple[str, ...]]:
        """A position's ``board`` and ``hand``, no tile in two places."""
        board_raw = require_list(document, "board")
        board = tuple(
            read_placement(p, f"board[{i}]", self.parse_placement) for i, p in enumerate(board_raw)
        )
        hand = tuple(read_tile_names(document.get("hand"), "hand", self.tile_name))
        places = [(f"board[{i}]", p.tile) for i, p in enumerate(board)]
        places += [(f"hand[{i}]", name) for i, name in enumerate(hand)]
        check_unique_tiles(places)
        return board, hand


# --- field readers -------------------------------------------------------------


def require_object(value: object, field: str) -> Mapping[str, object]:
    """A JSON object, or InvalidSetupError naming the field."""
    if not isinstance(value, Mapping):
        raise InvalidSetupError(field, "must be a JSON object")
    return value


def read_document(data: object, field: str, expected: str) -> Mapping[str, object]:
    """A JSON object of the ``expected`` format (a document without a format is taken
    as one); InvalidSetupError names the field otherwise."""
    document = require_object(data, field)
    require_format(document, expected)
    return document


def require_format(document: Mapping[str, object], expected: str) -> None:
    """The document's ``format`` is the one expected (a document without one is taken as it).
    Another major version of the same format is refused as such (docs/records.md,
    "Versions"): a reader never reads a version it does not know as one it does."""
    found = document.get("format", expected)
    if found == expected:
        return
    family = expected.rpartition("/")[0]
    if isinstance(found, str) and found.rpartition("/")[0] == family:
        raise InvalidSetupError(
            "format", f"{found} is a version this reader cannot read; it reads {expected}"
        )
    raise InvalidSetupError("format", f"{found!r} is not {expected!r}")


def require_list(document: Mapping[str, object], field: str) -> list[object]:
    """A list field that must be present."""
    if field not in document:
        raise InvalidSetupError(field, "missing")
    value = document[field]
    if not isinstance(value, list):
        raise InvalidSetupError(field, "must be a list")
    return value


def read_players(record: Mapping[str, object]) -> tuple[str, ...]:
    """The record's players: a list of names."""
    players = require_list(record, "players")
    for index, name in enumerate(players):
        if not isinstance(name, str):
            raise InvalidSetupError(f"players[{index}]", "a player's name must be a string")
    return tuple(str(p) for p in players)


def read_first(record: Mapping[str, object]) -> int:
    """The record's first seat: a whole number."""
    first = record.get("first")
    if not isinstance(first, int) or isinstance(first, bool):
        raise InvalidSetupError("first", "must be a seat number")
    return first


def read_tile_names(value: object, field: str, tile_named: Callable[[object], str]) -> list[str]:
    """A list of tiles by name, each read by the game's ``tile_named`` (which raises
    ValueError for an unknown tile)."""
    if not isinstance(value, list):
        raise InvalidSetupError(field, "missing or not a list of tile names")
    names = []
    for index, name in enumerate(value):
        try:
            names.append(tile_named(name))
        except ValueError as error:
            raise InvalidSetupError(f"{field}[{index}]", str(error)) from None
    return names


def read_placement(
    value: object, field: str, parse_placement: Callable[[Mapping[str, object]], P]
) -> P:
    """A placement field of a setup or a position."""
    if value is None:
        raise InvalidSetupError(field, "missing")
    if not isinstance(value, Mapping):
        raise InvalidSetupError(field, "must be a placement object")
    try:
        return parse_placement(value)
    except IllegalMoveError as error:
        raise InvalidSetupError(field, error.message) from None


def check_unique_tiles(places: list[tuple[str, str]]) -> None:
    """No tile stands in two places: ``places`` are (where, tile name) pairs."""
    seen: dict[str, str] = {}
    for where, name in places:
        if name in seen:
            raise InvalidSetupError(where, f"tile {name} is also at {seen[name]}")
        seen[name] = where
