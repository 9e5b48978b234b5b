"""Triominos Challenge (docs/triominos-rules.md): its tiles, grid, board, placement,
scoring, options and rules hooks, its search state and its greedy bot, on the shared
engine of :mod:`chromino.core`.

:data:`GAME` is how the registry (``chromino.GAMES``) and every host see it.
"""

from typing import Final

from ...core.actions import DRAW, PASS, TIMEOUT, Action, ActionKind
from ...core.descriptor import GameDescriptor
from ...core.errors import IllegalMoveError, InvalidSetupError, Reason
from ...core.outcome import EndedBy, Outcome
from .actions import parse_action, parse_placement
from .board import Board, Play
from .bots import BOTS, bot_named
from .game import RECORD_FORMAT, Event, FirstDraw, Game, Setup, deal, deal_with_first_draw
from .notation import (
    POSITION_FORMAT,
    MoveError,
    Position,
    parse_move,
    parse_position,
    position_moves,
    position_of,
    record_of,
    replay,
    setup_from_record,
)
from .options import MAX_PLAYERS, GameOptions
from .placement import Placement
from .scoring import Figure
from .strong import StrongBot, TriominosInformation
from .tiles import ALL_NAMES, TILES, Tile
from .view import View


def _table_options(ruleset: str, scoring: str) -> None:
    """Triominos has neither rule sets nor scorings to choose: the default options."""
    return


def _describe_options(ruleset: str, scoring: str) -> str:
    return ""


GAME: Final = GameDescriptor(
    "triominos",
    "Triominos",
    Game,
    GameOptions,
    BOTS,
    StrongBot,
    TriominosInformation,
    MAX_PLAYERS,
    RECORD_FORMAT,
    POSITION_FORMAT,
    replay,
    position_moves,
    _table_options,
    _describe_options,
)
"""Triominos in the registry of games."""

__all__ = [
    "ALL_NAMES",
    "BOTS",
    "DRAW",
    "GAME",
    "PASS",
    "POSITION_FORMAT",
    "RECORD_FORMAT",
    "TILES",
    "TIMEOUT",
    "Action",
    "ActionKind",
    "Board",
    "EndedBy",
    "Event",
    "Figure",
    "FirstDraw",
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
