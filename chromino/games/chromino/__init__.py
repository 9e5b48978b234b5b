"""Chromino (docs/rules.md): its tiles, board, placement, scoring, options and rules hooks,
its search state and its greedy bot, on the shared engine of :mod:`chromino.core`.

:data:`GAME` is how the registry (``chromino.GAMES``) and every host see it; the
rest of the game is in its modules (``chromino.games.chromino.game`` and so on).
"""

from typing import Final

from ...core.descriptor import GameDescriptor, PuzzleKind
from .actions import DRAW, PASS, TIMEOUT, Action, parse_action, parse_placement
from .bots import BOTS
from .game import Game
from .lessons import LESSONS
from .notation import (
    POSITION_FORMAT,
    position_game,
    position_moves,
    position_of,
    replay,
    setup_from_record,
)
from .options import MAX_PLAYERS, RULESETS, SCORINGS, GameOptions
from .reasons import ChrominoReason
from .strong import HARD, StrongBot


def _table_options(ruleset: str, scoring: str) -> GameOptions:
    return GameOptions(ruleset=ruleset, scoring=scoring)


def _describe_options(ruleset: str, scoring: str) -> str:
    return f", {ruleset} rules, scoring {scoring}"


GAME: Final = GameDescriptor(
    reasons=ChrominoReason,
    name="chromino",
    title="Chromino",
    package=__name__,
    puzzle_kinds=(PuzzleKind("last_tile"), PuzzleKind("most_points", "expert")),
    game_type=Game,
    options_type=GameOptions,
    bots=BOTS,
    strong_bot=StrongBot,
    hard=HARD,
    parse_placement=parse_placement,
    parse_action=parse_action,
    setup_from_record=setup_from_record,
    max_players=MAX_PLAYERS,
    position_format=POSITION_FORMAT,
    replay=replay,
    position_moves=position_moves,
    position_of=position_of,
    position_game=position_game,
    table_options=_table_options,
    describe_options=_describe_options,
    scorings=SCORINGS,
    rulesets=RULESETS,
    lessons=LESSONS,
)
"""Chromino in the registry of games."""

__all__ = ["DRAW", "GAME", "PASS", "TIMEOUT", "Action", "Game", "GameOptions"]
