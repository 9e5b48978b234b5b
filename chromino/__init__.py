"""Chromino rules engine: tiles, board, turns, scoring, records and bots (standard library only)."""

from .actions import DRAW, PASS, TIMEOUT, Action
from .board import Board, Contact
from .errors import IllegalMoveError, InvalidSetupError, Reason
from .game import Event, Game, Outcome, Setup, deal
from .notation import MoveError, Position, parse_position, replay
from .options import GameOptions
from .placement import Placement
from .tiles import ALL_NAMES, CHAMELEON_NAMES, TILES, Tile
from .view import Play, View

__all__ = [
    "ALL_NAMES",
    "CHAMELEON_NAMES",
    "DRAW",
    "PASS",
    "TILES",
    "TIMEOUT",
    "Action",
    "Board",
    "Contact",
    "Event",
    "Game",
    "GameOptions",
    "IllegalMoveError",
    "InvalidSetupError",
    "MoveError",
    "Outcome",
    "Placement",
    "Play",
    "Position",
    "Reason",
    "Setup",
    "Tile",
    "View",
    "deal",
    "parse_position",
    "replay",
]
