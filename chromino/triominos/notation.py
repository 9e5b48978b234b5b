"""Triominos records and positions (§9): reading them, checking them, writing them.

A record (``triominos-game/1``) replays a game exactly; a position
(``triominos-position/1``) is a board and a hand to analyse. Both are read
once, here, into typed values; a bad field is an
:class:`~chromino.errors.InvalidSetupError` naming it, and the whole document
is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ..errors import IllegalMoveError, InvalidSetupError, Reason
from ..notation import MoveError
from .actions import Action, parse_action, parse_placement
from .board import Board, Play
from .options import GameOptions
from .placement import Placement
from .tiles import ALL_NAMES, UnknownTileError, tile_named

if TYPE_CHECKING:
    from .game import Game, Setup

RECORD_FORMAT: Final = "triominos-game/1"
POSITION_FORMAT: Final = "triominos-position/1"

__all__ = [
    "POSITION_FORMAT",
    "RECORD_FORMAT",
    "MoveError",
    "Position",
    "parse_move",
    "parse_position",
    "position_of",
    "record_of",
    "replay",
    "setup_from_record",
]


@dataclass(frozen=True, slots=True)
class Position:
    """A board and a hand, for move analysis."""

    board: tuple[Placement, ...]
    hand: tuple[str, ...]

    def build_board(self) -> Board:
        """The board, indexed once from scratch."""
        return Board.from_placements(self.board)

    def analyse(self) -> list[Play]:
        """Every legal placement of every tile of the hand, with points and figure,
        each physical placement once, sorted by tile, row, column and rotation."""
        plays = list(self.build_board().legal_plays(self.hand))
        plays.sort(key=lambda p: (p.placement.tile, p.placement.y, p.placement.x, p.placement.rot))
        return plays


# --- records -----------------------------------------------------------------


def record_of(game: Game) -> dict[str, object]:
    """Everything needed to replay the game exactly, the deal and bag order included."""
    setup = game.setup
    return {
        "format": RECORD_FORMAT,
        "options": setup.options.to_dict(),
        "players": list(setup.players),
        "hands": [list(hand) for hand in setup.hands],
        "bag": list(setup.bag),
        "first": setup.first,
        "moves": [{"player": seat, **action.to_dict()} for seat, action in game.moves],
    }


def setup_from_record(data: object) -> tuple[Setup, list[object]]:
    """The setup of a record and its raw moves; InvalidSetupError names a bad field."""
    from .game import Setup

    record = _require_object(data, "record")
    _require_format(record, RECORD_FORMAT)
    options = GameOptions.from_dict(_require_object(record.get("options", {}), "options"))
    players = _require_list(record, "players")
    for index, name in enumerate(players):
        if not isinstance(name, str):
            raise InvalidSetupError(f"players[{index}]", "a player's name must be a string")
    hands_raw = _require_list(record, "hands")
    hands = tuple(tuple(_tile_names(hand, f"hands[{seat}]")) for seat, hand in enumerate(hands_raw))
    bag = tuple(_tile_names(record.get("bag"), "bag"))
    first = record.get("first")
    if not isinstance(first, int) or isinstance(first, bool):
        raise InvalidSetupError("first", "must be a seat number")
    moves = _require_list(record, "moves")
    setup = Setup(options, tuple(str(p) for p in players), hands, bag, first)
    dealt = {name for hand in hands for name in hand} | set(bag)
    missing = [name for name in ALL_NAMES if name not in dealt]
    if missing:
        raise InvalidSetupError(
            "bag", f"hands and bag must hold all 56 tiles; missing {', '.join(missing)}"
        )
    return setup, moves


def parse_move(raw: object) -> tuple[int, Action]:
    """One record move: ``{"player": seat, "action": ..., placement fields for a play}``."""
    if not isinstance(raw, Mapping):
        raise IllegalMoveError(Reason.MALFORMED_MOVE, "a move must be a JSON object")
    seat = raw.get("player")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise IllegalMoveError(Reason.MALFORMED_MOVE, "a move needs a seat number in 'player'")
    return seat, parse_action(raw)


def replay(data: object) -> Game:
    """Rebuild a game from its record: InvalidSetupError, or MoveError at the first bad move."""
    from .game import Game

    setup, moves = setup_from_record(data)
    game = Game(setup)
    for index, raw in enumerate(moves):
        try:
            seat, action = parse_move(raw)
            game.apply(seat, action)
        except IllegalMoveError as error:
            raise MoveError(index, error) from None
    return game


# --- positions ---------------------------------------------------------------


def position_of(board: Board, hand: list[str] | tuple[str, ...]) -> dict[str, object]:
    """A position document for a board and a hand."""
    return {
        "format": POSITION_FORMAT,
        "board": [p.to_dict() for p in board.placements],
        "hand": list(hand),
    }


def parse_position(data: object) -> Position:
    """Read a position; InvalidSetupError names the bad field.

    The board is not re-checked against the placement rules (it is for
    analysis), only for unknown or repeated tiles and cells covered twice.
    """
    document = _require_object(data, "position")
    _require_format(document, POSITION_FORMAT)
    board_raw = _require_list(document, "board")
    board = tuple(_setup_placement(p, f"board[{i}]") for i, p in enumerate(board_raw))
    hand = tuple(_tile_names(document.get("hand"), "hand"))
    seen: dict[str, str] = {}
    places = [(f"board[{i}]", p.tile) for i, p in enumerate(board)]
    places += [(f"hand[{i}]", name) for i, name in enumerate(hand)]
    for where, name in places:
        if name in seen:
            raise InvalidSetupError(where, f"tile {name} is also at {seen[name]}")
        seen[name] = where
    taken: dict[tuple[int, int], int] = {}
    for index, placement in enumerate(board):
        cell = (placement.x, placement.y)
        if cell in taken:
            raise InvalidSetupError(
                f"board[{index}]", f"cell {cell} is already taken by board[{taken[cell]}]"
            )
        taken[cell] = index
    return Position(board, hand)


# --- field helpers -----------------------------------------------------------


def _require_object(value: object, field: str) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise InvalidSetupError(field, "must be a JSON object")
    return value


def _require_format(document: Mapping[str, object], expected: str) -> None:
    found = document.get("format", expected)
    if found != expected:
        raise InvalidSetupError("format", f"{found!r} is not {expected!r}")


def _require_list(document: Mapping[str, object], field: str) -> list[object]:
    if field not in document:
        raise InvalidSetupError(field, "missing")
    value = document[field]
    if not isinstance(value, list):
        raise InvalidSetupError(field, "must be a list")
    return value


def _tile_names(value: object, field: str) -> list[str]:
    if not isinstance(value, list):
        raise InvalidSetupError(field, "missing or not a list of tile names")
    names = []
    for index, name in enumerate(value):
        try:
            names.append(tile_named(name).name)
        except UnknownTileError as error:
            raise InvalidSetupError(f"{field}[{index}]", str(error)) from None
    return names


def _setup_placement(value: object, field: str) -> Placement:
    if not isinstance(value, Mapping):
        raise InvalidSetupError(field, "must be a placement object")
    try:
        return parse_placement(value)
    except IllegalMoveError as error:
        raise InvalidSetupError(field, error.message) from None
