"""Triominos Challenge on the server: its play command, its rating pool and its bots'
ratings, its lessons' words, its daily rule and its personal best; its table options are
the engine's.

Everything else is the engine's contract, served by :class:`~web.games.tile_game.TileGameKind`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Final

from pydantic import Field

from chromino.games.triominos import GAME

from ..i18n import N_
from ..protocol import Coordinate, PlayBase
from .base import DailyRule, LessonWords, SoloResult
from .fields import options_model
from .tile_game import TileGameKind

TriominosOptions = options_model(
    "TriominosOptions",
    GAME.options_type,
    doc="Every option of docs/triominos-rules.md §8, with its default.",
    words={"target": N_("0 (off) or 50 to 1000 points")},
)
"""The table options, as the engine declares them."""


class TriominosPlay(PlayBase):
    """Lay a tile on cell (x, y), its digit number ``rot`` on the cell's point."""

    tile: str = Field(min_length=3, max_length=3)
    x: Coordinate
    y: Coordinate
    rot: int = Field(ge=0, le=2)
    """0, 1 or 2: a whole number in strict mode (a ``Literal`` would take ``true`` as 1)."""


LESSON_WORDS: Final[Mapping[str, LessonWords]] = {
    "corners": LessonWords(
        title=N_("Matching corners"),
        text=N_(
            "A tile must share a whole side with a tile on the board, and each of its "
            "corners must show the same number as the tiles that meet there. Lay a tile "
            "from your hand: it scores the sum of its numbers."
        ),
        hint=N_(
            "The 4-5-5 tile fits below 3-4-5, its 5 and 4 against the 5 and 4 there. "
            "Turn it with R or “Turn”."
        ),
        success=N_(
            "Well done! Every corner matches, and the tile scores 4 + 5 + 5 = {points}. "
            "The 5-5-5 tile fits nowhere: no free side has two 5s."
        ),
    ),
    "bridge": LessonWords(
        title=N_("A bridge"),
        text=N_(
            "A bridge is a tile that shares a side with one tile and touches another "
            "with its opposite point only, leaving a gap on either side. It scores "
            "40 points on top of the tile. Lay a bridge."
        ),
        hint=N_(
            "Put the 0-0-3 tile in the gap below 0-0-0, its 3 pointing down at the 3 of 2-2-3."
        ),
        success=N_("A bridge! 3 for the tile and 40 for the bridge: {points} points."),
        missed=N_(
            "That tile fits, but it is no bridge: its point touches no other tile. Try "
            "again in the gap below 0-0-0."
        ),
    ),
    "hexagon": LessonWords(
        title=N_("A hexagon"),
        text=N_(
            "A tile that closes a ring of six triangles around one point makes a "
            "hexagon: 50 points on top of the tile (60 for two at once, 70 for three). "
            "Five triangles already meet where the 1s are: close the ring."
        ),
        hint=N_(
            "The 1-1-3 tile closes the ring: lay it in the gap, its two 1s where the "
            "other tiles show 1."
        ),
        success=N_("A hexagon! 5 for the tile and 50 for the hexagon: {points} points."),
        missed=N_(
            "That tile fits, but it does not close the ring. Look for the gap among the "
            "triangles around the point where the 1s meet."
        ),
    ),
}
"""The words of the lessons of ``chromino/games/triominos/lessons.py``."""

REFUSAL_WORDS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "first_tile_not_origin": N_("The first tile goes in the middle of the board."),
        "no_edge_contact": N_("The tile must share a whole side with a tile on the board."),
        "corner_mismatch": N_("Every corner must show the same number as the tiles it touches."),
    }
)
"""Triominos' own rules' refusals (chromino.games.triominos.reasons), in words."""

RATING_ANCHORS: Final[Mapping[str, Mapping[str, tuple[float, float]]]] = MappingProxyType(
    {"triominos": {"random": (15.1, 7.5), "greedy": (32.1, 7.4), "strong": (48.3, 8.9)}}
)
"""The bots' ratings (mu, sigma), measured as web.ratings.anchors tells: Hard only just
above Medium (the interval reaches Medium's rating)."""


class TriominosKind(TileGameKind):
    """Triominos Challenge: every placement scores; the best solo game scores most."""

    descriptor = GAME
    options_model = TriominosOptions
    play_model = TriominosPlay
    solo_defaults: ClassVar[Mapping[str, Any]] = MappingProxyType({"turn_seconds": 0})
    """A newcomer practising alone is not hurried: the hourglass is for tables."""
    rating_pools: ClassVar[Mapping[str, str]] = MappingProxyType({"triominos": N_("Triominos")})

    rating_anchors = RATING_ANCHORS
    lesson_words = LESSON_WORDS
    refusal_words = REFUSAL_WORDS
    daily: ClassVar[DailyRule | None] = DailyRule(
        card_name="Triominos", measure="points", scale=175, good_points=15
    )
    """A daily game is judged by its points: the median distance between the Medium bot's
    game and Hard's over ten measured deals was 175 points (docs/daily.md). A play of 15
    points or more (the top tiles' sums and every bonus) shows green on the card."""

    def rating_pool(self, options: Mapping[str, Any]) -> str | None:
        """Every Triominos game but one with open hands."""
        return None if options.get("open_hands") else "triominos"

    def counts_for_best(self, ended_by: str) -> bool:
        """Every solo game played to its end counts (not one ended by the host)."""
        return ended_by in ("out", "blocked", "target")

    def better_solo(self, a: SoloResult, b: SoloResult) -> bool:
        """The higher score, then fewer turns."""
        return (a.score, -a.turns) > (b.score, -b.turns)


TRIOMINOS = TriominosKind()
