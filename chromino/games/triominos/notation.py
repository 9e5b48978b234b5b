"""Triominos records and positions (§9): reading them, checking them, writing them.

A record (``triominos-game/1``) replays a game exactly; a position
(``triominos-position/1``) is a board and a hand to analyse. Both are read
once, here, into typed values; a bad field is an
:class:`~chromino.errors.InvalidSetupError` naming it, and the whole document
is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core.errors import InvalidSetupError
from ...core.notation import MoveError, RecordBook, RecordFields, read_document, record_of
from .actions import parse_placement
from .board import Board, Play
from .game import RECORD_FORMAT, Game, Setup
from .lessons import position as one_player_game
from .options import GameOptions
from .placement import Placement
from .tiles import ALL_NAMES, tile_named

__all__ = ["RECORD_FORMAT", "MoveError", "record_of"]

POSITION_FORMAT: Final = "triominos-position/1"


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


def _setup_of(fields: RecordFields) -> Setup:
    """Triominos' record has only the shared fields, and must hold all 56 tiles."""
    setup = Setup(fields.options, fields.players, fields.hands, fields.bag, fields.first)
    dealt = {name for hand in fields.hands for name in hand} | set(fields.bag)
    missing = [name for name in ALL_NAMES if name not in dealt]
    if missing:
        raise InvalidSetupError(
            "bag", f"hands and bag must hold all 56 tiles; missing {', '.join(missing)}"
        )
    return setup


RECORDS: Final = RecordBook(Game, GameOptions, tile_named, parse_placement, _setup_of)
"""How Triominos records are read: ``setup_from_record``, ``parse_move`` and ``replay``."""
setup_from_record, parse_move, replay = (
    RECORDS.setup_from_record,
    RECORDS.parse_move,
    RECORDS.replay,
)


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
    document = read_document(data, "position", POSITION_FORMAT)
    board, hand = RECORDS.read_board_and_hand(document)
    taken: dict[tuple[int, int], int] = {}
    for index, placement in enumerate(board):
        cell = (placement.x, placement.y)
        if cell in taken:
            raise InvalidSetupError(
                f"board[{index}]", f"cell {cell} is already taken by board[{taken[cell]}]"
            )
        taken[cell] = index
    return Position(board, hand)


def position_game(document: object, scoring: str | None = None) -> Game:
    """A one-player game at a position document (Triominos always scores): its board
    laid and checked, its hand to play, its bag empty. A puzzle's position is shown and
    judged as a real game of it would be."""
    position = parse_position(document)
    return one_player_game(position.board, position.hand)


def position_moves(document: object, scoring: str | None = None) -> list[dict[str, object]]:
    """A position's moves as the ``moves`` command prints them: ``{"tile", "x", "y", "rot",
    "score", "figure"}`` each (Triominos plays always carry their points)."""
    moves = []
    for play in parse_position(document).analyse():
        move = play.placement.to_dict()
        move["score"] = play.points
        move["figure"] = None if play.figure is None else play.figure.value
        moves.append(move)
    return moves
