"""Chromino (docs/rules.md): its tiles, board, placement, scoring, options and rules hooks,
its search state and its greedy bot, on the shared engine of :mod:`chromino.core`.

:data:`GAME` is how the registry (``chromino.GAMES``) and every host see it.
"""

from typing import Final

from ...core.actions import DRAW, PASS, TIMEOUT, Action, ActionKind
from ...core.descriptor import GameDescriptor
from ...core.errors import IllegalMoveError, InvalidSetupError, Reason
from ...core.outcome import EndedBy, Outcome
from .actions import parse_action, parse_placement
from .board import Board, Contact
from .bots import BOTS, bot_named
from .game import RECORD_FORMAT, Event, Game, Setup, deal
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
from .options import MAX_PLAYERS, SCORINGS, GameOptions
from .placement import Placement
from .strong import ChrominoInformation, StrongBot
from .tiles import ALL_NAMES, CHAMELEON_NAMES, TILES, Tile
from .view import Play, View


def _table_options(ruleset: str, scoring: str) -> GameOptions:
    return GameOptions(ruleset=ruleset, scoring=scoring)


def _describe_options(ruleset: str, scoring: str) -> str:
    return f", {ruleset} rules, scoring {scoring}"


GAME: Final = GameDescriptor(
    name="chromino",
    title="Chromino",
    game_type=Game,
    options_type=GameOptions,
    bots=BOTS,
    strong_bot=StrongBot,
    information=ChrominoInformation,
    max_players=MAX_PLAYERS,
    record_format=RECORD_FORMAT,
    position_format=POSITION_FORMAT,
    replay=replay,
    position_moves=position_moves,
    table_options=_table_options,
    describe_options=_describe_options,
    scorings=SCORINGS,
)
"""Chromino in the registry of games."""

__all__ = [
    "ALL_NAMES",
    "BOTS",
    "CHAMELEON_NAMES",
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
    "Contact",
    "EndedBy",
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
    "bot_named",
    "deal",
    "parse_action",
    "parse_move",
    "parse_placement",
    "parse_position",
    "position_of",
    "record_of",
    "replay",
    "setup_from_record",
]
