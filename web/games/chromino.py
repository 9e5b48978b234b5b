"""Chromino on the server: its play command, its rating pools and their bots' ratings, its
lessons' words, its daily rule and its personal best; its table options are the engine's.

Everything else is the engine's contract, served by :class:`~web.games.tile_game.TileGameKind`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Final, Literal

from pydantic import Field

from chromino.core.errors import InvalidSetupError
from chromino.games.chromino import GAME
from chromino.games.chromino.tiles import ALL_NAMES

from ..i18n import N_
from ..protocol import Coordinate, PlayBase
from .base import DailyRule, LessonWords, SoloResult
from .fields import options_model
from .tile_game import TileGameKind

TILE_COUNT = len(ALL_NAMES)


ChrominoOptions = options_model(
    "ChrominoOptions",
    GAME.options_type,
    doc="Every rule option of docs/rules.md, with its default.",
    limits={"hand_size": range(1, 21)},
)
"""The table options: the engine's, a table's hand no bigger than 20 tiles."""


class ChrominoPlay(PlayBase):
    """Lay a tile: its first square on (x, y), the others along ``dir``."""

    tile: str = Field(min_length=3, max_length=3)
    x: Coordinate
    y: Coordinate
    dir: Literal["E", "S", "W", "N"]


LESSON_WORDS: Final[Mapping[str, LessonWords]] = {
    "two-contacts": LessonWords(
        title=N_("Two contacts"),
        text=N_(
            "A tile must touch the tiles on the board in at least two places, and every "
            "square it touches must be the same colour. Lay a tile from your hand."
        ),
        hint=N_(
            "The red, yellow, yellow tile fits under the red and yellow squares of the lower tile."
        ),
        success=N_(
            "Well done! Its red and yellow squares touch red and yellow: two contacts, "
            "both matching. The purple tile fits nowhere: there is no purple on the board."
        ),
    ),
    "chameleon": LessonWords(
        title=N_("The chameleon"),
        text=N_(
            "A chameleon's middle square is wild: it matches any colour. Your other tile "
            "fits nowhere, but the chameleon does. Lay it so that its middle square "
            "touches the board."
        ),
        hint=N_(
            "Lay the chameleon under the lower tile: its red end under the red square, "
            "its wild middle under the green or the yellow one."
        ),
        success=N_(
            "Well done! The wild middle matches the square it touches, whatever its colour."
        ),
    ),
    "last-tile": LessonWords(
        title=N_("The last tile"),
        text=N_(
            "When one tile is left in your hand, everyone sees it. A chameleon can never "
            "be the last tile you lay: if it is the one left, you must draw instead (or "
            "pass, once the bag is empty). Both your tiles fit: which one do you lay first?"
        ),
        hint=N_("Lay the chameleon now, while you still hold another tile."),
        success=N_(
            "Well played! Your last tile is an ordinary one, so you can go out with it. "
            "It is now shown face up to everyone."
        ),
        missed=N_(
            "That tile fits, but now the chameleon is your last tile, and a chameleon can "
            "never be the last tile laid: you would have to draw. Try again and lay the "
            "chameleon first."
        ),
    ),
}
"""The words of the lessons of ``chromino/games/chromino/lessons.py``."""

REFUSAL_WORDS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "last_tile_chameleon": N_("A chameleon cannot be your last tile laid: draw or pass."),
        "too_few_contacts": N_("The tile must touch the board in at least two places."),
        "junior_one_contact": N_("In Junior, a tile touches the board in exactly one place."),
        "junior_not_domino": N_("In Junior, tiles join end to end, or at a chameleon."),
        "draw_while_playable": N_("At this table you may draw only when no tile can be laid."),
    }
)
"""Chromino's own rules' refusals (chromino.games.chromino.reasons), in words."""

RATING_ANCHORS: Final[Mapping[str, Mapping[str, tuple[float, float]]]] = MappingProxyType(
    {
        "chromino": {"random": (13.5, 6.2), "greedy": (21.9, 6.1), "strong": (73.2, 9.0)},
        "chromino-expert": {
            "random": (-43.3, 6.5),
            "greedy": (55.4, 6.2),
            "strong": (78.7, 10.4),
        },
        "chromino-junior": {"random": (20.6, 6.3), "greedy": (24.1, 6.1), "strong": (51.0, 4.4)},
    }
)
"""The bots' ratings in each pool (mu, sigma), measured as web.ratings.anchors tells."""


class ChrominoKind(TileGameKind):
    """Chromino: hands limited by the tiles; points only in a scoring game; the best
    solo game is the one emptied in the fewest turns."""

    descriptor = GAME
    options_model = ChrominoOptions
    play_model = ChrominoPlay
    rating_pools: ClassVar[Mapping[str, str]] = MappingProxyType(
        {
            "chromino": N_("Chromino"),
            "chromino-expert": N_("Chromino, expert scoring"),
            "chromino-junior": N_("Chromino junior"),
        }
    )

    rating_anchors = RATING_ANCHORS
    lesson_words = LESSON_WORDS
    refusal_words = REFUSAL_WORDS
    daily: ClassVar[DailyRule | None] = DailyRule(card_name="Chromino", measure="turns", scale=32)
    """A daily game is judged by its turns: the median distance between the Medium bot's
    game and Hard's over ten measured deals was 32 turns (docs/daily.md)."""

    def rating_pool(self, options: Mapping[str, Any]) -> str | None:
        """Junior games together; scored games (expert or segments) together, since
        they reward the same skill, laying where it pays; the rest in plain Chromino."""
        if options.get("open_hands"):
            return None
        if options.get("ruleset") == "junior":
            return "chromino-junior"
        return "chromino" if options.get("scoring", "none") == "none" else "chromino-expert"

    def check_seats(self, seat_count: int, options: Mapping[str, Any]) -> None:
        super().check_seats(seat_count, options)
        hand_size = int(options.get("hand_size", 8))
        if seat_count * hand_size > TILE_COUNT - 1:
            raise InvalidSetupError(
                "options.hand_size",
                f"{seat_count} hands of {hand_size} need more than {TILE_COUNT - 1} tiles",
            )

    def shows_points(self, options: Mapping[str, Any]) -> bool:
        """Only a scoring game counts points."""
        return bool(options.get("scoring", "none") != "none")

    def counts_for_best(self, ended_by: str) -> bool:
        """Only an emptied hand counts."""
        return ended_by == "out"

    def better_solo(self, a: SoloResult, b: SoloResult) -> bool:
        """Fewer turns, then fewer draws."""
        return (a.turns, a.draws) < (b.turns, b.draws)


CHROMINO = ChrominoKind()
