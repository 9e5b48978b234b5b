"""Triominos Challenge rules engine: tiles, grid, board, turns, records and bots.

Standard library only, and the same shape as the Chromino engine beside it
(``Game.new``, ``apply``, ``view_for``, ``to_record``, ``replay``), so a host
can serve both games the same way. The rules are in docs/triominos-rules.md.
"""

from .actions import DRAW, PASS, TIMEOUT, Action, parse_action, parse_placement
from .board import Board, Play
from .bots import BOTS, bot_named
from .game import EndedBy, Event, FirstDraw, Game, Outcome, Setup, deal, deal_with_first_draw
from .notation import (
    POSITION_FORMAT,
    RECORD_FORMAT,
    MoveError,
    Position,
    parse_move,
    parse_position,
    position_of,
    record_of,
    replay,
    setup_from_record,
)
from .options import GameOptions
from .placement import Placement
from .scoring import Figure
from .tiles import ALL_NAMES, TILES, Tile
from .view import View

__all__ = [
    "ALL_NAMES",
    "BOTS",
    "DRAW",
    "PASS",
    "POSITION_FORMAT",
    "RECORD_FORMAT",
    "TILES",
    "TIMEOUT",
    "Action",
    "Board",
    "EndedBy",
    "Event",
    "Figure",
    "FirstDraw",
    "Game",
    "GameOptions",
    "MoveError",
    "Outcome",
    "Placement",
    "Play",
    "Position",
    "Setup",
    "Tile",
    "View",
    "bot_named",
    "deal",
    "deal_with_first_draw",
    "parse_action",
    "parse_move",
    "parse_placement",
    "parse_position",
    "position_of",
    "record_of",
    "replay",
    "setup_from_record",
]
