"""Chromino on the server: its table options, its play command and its personal best.

Everything else is the engine's contract, served by :class:`~web.games.tile_game.TileGameKind`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from chromino.core.errors import InvalidSetupError
from chromino.games.chromino import GAME
from chromino.games.chromino.options import MAX_DRAWS_PER_TURN
from chromino.games.chromino.tiles import ALL_NAMES

from ..i18n import N_
from ..protocol import Coordinate, PlayBase
from .base import SoloResult
from .fields import TurnSeconds
from .tile_game import TileGameKind

TILE_COUNT = len(ALL_NAMES)


class ChrominoOptions(BaseModel):
    """Every rule option of docs/rules.md, with its default."""

    model_config = ConfigDict(extra="forbid", strict=True)

    ruleset: Literal["standard", "junior"] = "standard"
    scoring: Literal["none", "expert", "segments", "segments-multiply"] = "none"
    start: Literal["chameleon", "tricolor"] = "chameleon"
    hand_size: int = Field(default=8, ge=1, le=20)
    draws_per_turn: int = Field(default=1, ge=0, le=MAX_DRAWS_PER_TURN)
    strict_draw: bool = False
    open_hands: bool = False
    turn_seconds: TurnSeconds = 0


class ChrominoPlay(PlayBase):
    """Lay a tile: its first square on (x, y), the others along ``dir``."""

    tile: str = Field(min_length=3, max_length=3)
    x: Coordinate
    y: Coordinate
    dir: Literal["E", "S", "W", "N"]


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
