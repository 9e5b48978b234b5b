"""Triominos Challenge (docs/triominos-rules.md): its tiles, grid, board, placement,
scoring, options and rules hooks, its search state and its greedy bot, on the shared
engine of :mod:`chromino.core`.

:data:`GAME` is how the registry (``chromino.GAMES``) and every host see it; the
rest of the game is in its modules (``chromino.games.triominos.game`` and so on).
"""

from typing import Final

from ...core.descriptor import GameDescriptor, PuzzleKind
from .actions import DRAW, PASS, TIMEOUT, Action, parse_action, parse_placement
from .bots import BOTS, bot_named
from .game import RECORD_FORMAT, Event, Game
from .lessons import LESSONS
from .notation import (
    POSITION_FORMAT,
    position_game,
    position_moves,
    position_of,
    replay,
    setup_from_record,
)
from .options import MAX_PLAYERS, GameOptions
from .reasons import TriominosReason
from .strong import HARD, StrongBot


def _table_options(ruleset: str, scoring: str) -> None:
    """Triominos has neither rule sets nor scorings to choose: the default options."""
    return


def _describe_options(ruleset: str, scoring: str) -> str:
    return ""


GAME: Final = GameDescriptor(
    reasons=TriominosReason,
    name="triominos",
    title="Triominos Challenge",
    package=__name__,
    # The last tile's puzzle is not shipped: about one bot game in three hundred holds
    # one, so a thousand would take hours to find.
    puzzle_kinds=(PuzzleKind("most_points"),),
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
    lessons=LESSONS,
)
"""Triominos in the registry of games."""

__all__ = [
    "DRAW",
    "GAME",
    "PASS",
    "RECORD_FORMAT",
    "TIMEOUT",
    "Action",
    "Event",
    "Game",
    "GameOptions",
    "bot_named",
    "parse_action",
    "parse_placement",
    "replay",
    "setup_from_record",
]
