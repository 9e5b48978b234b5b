"""Chromino records and positions (docs/rules.md section 9): reading, checking, writing them.

The skeleton and the field readers are the engine's (:mod:`chromino.core.notation`);
Chromino brings its fields: the start tile of a record, the rule set of a position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core.errors import IllegalMoveError, InvalidSetupError
from ...core.notation import MoveError, RecordBook, RecordFields, read_document, record_of
from .actions import parse_placement
from .board import Board
from .game import RECORD_FORMAT, Game, Setup
from .lessons import position as one_player_game
from .options import RULESETS, GameOptions
from .placement import Placement
from .scoring import placement_points
from .tiles import tile_named
from .turns import playable_tiles

__all__ = ["RECORD_FORMAT", "MoveError", "record_of"]

POSITION_FORMAT: Final = "chromino-position/1"


@dataclass(frozen=True, slots=True)
class Position:
    """A board and a hand under a rule set, for move analysis."""

    ruleset: str
    board: tuple[Placement, ...]
    hand: tuple[str, ...]

    def build_board(self) -> Board:
        """The board, indexed once from scratch."""
        return Board.from_placements(self.board, junior=GameOptions(ruleset=self.ruleset).junior)


# --- positions ---------------------------------------------------------------


def _ruleset_of(board: Board) -> str:
    """The rule set a board was built under."""
    return next(name for name in RULESETS if GameOptions(ruleset=name).junior == board.junior)


def position_of(board: Board, hand: list[str] | tuple[str, ...]) -> dict[str, object]:
    """A position document for a board and a hand."""
    return {
        "format": POSITION_FORMAT,
        "ruleset": _ruleset_of(board),
        "board": [p.to_dict() for p in board.placements],
        "hand": list(hand),
    }


def parse_position(data: object) -> Position:
    """Read a position; InvalidSetupError names the bad field (overlaps included)."""
    document = read_document(data, "position", POSITION_FORMAT)
    ruleset = document.get("ruleset", GameOptions().ruleset)
    if ruleset not in RULESETS:
        raise InvalidSetupError("ruleset", f"{ruleset!r} is not {' or '.join(RULESETS)}")
    board, hand = RECORDS.read_board_and_hand(document)
    if not board:
        raise InvalidSetupError("board", "a board holds at least the starting tile")
    assert isinstance(ruleset, str)
    position = Position(ruleset, board, hand)
    try:
        Board.from_placements(board)
    except IllegalMoveError as error:
        raise InvalidSetupError("board", error.message) from None
    return position


def position_moves(document: object, scoring: str | None) -> list[dict[str, object]]:
    """Every legal placement of every tile of a position's hand, with its contacts (and
    its points by ``scoring``), sorted by tile, row, column and direction."""
    position = parse_position(document)
    board = position.build_board()
    moves = []
    for placement in board.legal_placements(playable_tiles(position.hand, None)):
        move: dict[str, object] = placement.to_dict()
        move["contacts"] = board.contact_count(placement)
        if scoring is not None:
            move["score"] = placement_points(board, placement, scoring)
        moves.append(move)
    moves.sort(key=lambda m: (m["tile"], m["y"], m["x"], m["dir"]))
    return moves


def position_game(document: object, scoring: str | None) -> Game:
    """A one-player game at a position document under ``scoring`` (no points when None):
    its board laid and checked, its hand to play, its bag empty. A puzzle's position is
    shown and judged as a real game of it would be."""
    position = parse_position(document)
    options = GameOptions(ruleset=position.ruleset, scoring=scoring or "none")
    return one_player_game(position.board, position.hand, options)


# --- records -----------------------------------------------------------------


def _setup_of(fields: RecordFields) -> Setup:
    """Chromino's record adds the start tile to the shared fields."""
    start: Placement = fields.placement("start")
    return Setup(fields.options, fields.players, start, fields.hands, fields.bag, fields.first)


RECORDS: Final = RecordBook(Game, GameOptions, tile_named, parse_placement, _setup_of)
"""How Chromino's records are read: ``setup_from_record``, ``parse_move`` and ``replay``."""
setup_from_record, parse_move, replay = (
    RECORDS.setup_from_record,
    RECORDS.parse_move,
    RECORDS.replay,
)
