"""Triominos Challenge on the server: its table options, its play command and its
personal best.

Everything else is the engine's contract, served by :class:`~web.games.tile_game.TileGameKind`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from chromino.games.triominos import GAME
from chromino.games.triominos.options import HAND_SIZES, TARGETS

from ..i18n import N_
from ..protocol import Coordinate, PlayBase
from .base import SoloResult
from .fields import TurnSeconds
from .tile_game import TileGameKind


class TriominosOptions(BaseModel):
    """Every option of docs/triominos-rules.md §8, with its default."""

    model_config = ConfigDict(extra="forbid", strict=True)

    hand_size: int | None = Field(default=None, ge=HAND_SIZES.start, le=HAND_SIZES.stop - 1)
    """None: 9 tiles each for 1-2 players, 7 for 3-4."""
    turn_seconds: TurnSeconds = 60
    """The hourglass: 0 (untimed), or 15 to 600 seconds."""
    target: int = 0
    """0 (off), or 50 to 1000 points."""
    open_hands: bool = False

    @field_validator("target")
    @classmethod
    def _target(cls, value: int) -> int:
        if value != 0 and value not in TARGETS:
            raise ValueError(N_("0 (off) or 50 to 1000 points"))
        return value


class TriominosPlay(PlayBase):
    """Lay a tile on cell (x, y), its digit number ``rot`` on the cell's point."""

    tile: str = Field(min_length=3, max_length=3)
    x: Coordinate
    y: Coordinate
    rot: int = Field(ge=0, le=2)
    """0, 1 or 2: a whole number in strict mode (a ``Literal`` would take ``true`` as 1)."""


class TriominosKind(TileGameKind):
    """Triominos Challenge: every placement scores; the best solo game scores most."""

    descriptor = GAME
    options_model = TriominosOptions
    play_model = TriominosPlay
    solo_defaults: ClassVar[Mapping[str, Any]] = MappingProxyType({"turn_seconds": 0})
    """A newcomer practising alone is not hurried: the hourglass is for tables."""
    rating_pools: ClassVar[Mapping[str, str]] = MappingProxyType({"triominos": N_("Triominos")})

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
