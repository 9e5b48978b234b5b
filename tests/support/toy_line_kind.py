"""Number Line on the server: the whole adapter a third game needs (compare
``web/games/chromino.py``): its play command, its rating pool and its personal best; its
table options come from the option types of its engine (``toy_line.py``). Registered by
the tests that use it, never by the server."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import Field

from support.toy_line import GAME
from web.games.base import SoloResult
from web.games.tile_game import TileGameKind
from web.protocol import Coordinate, PlayBase


class NumberLinePlay(PlayBase):
    tile: str = Field(min_length=2, max_length=2)
    x: Coordinate


class NumberLineKind(TileGameKind):
    descriptor = GAME
    play_model = NumberLinePlay
    rating_pools: ClassVar[Mapping[str, str]] = {"number-line": "Number Line"}

    def rating_pool(self, options: Mapping[str, Any]) -> str | None:
        return None if options.get("open_hands") else "number-line"

    def counts_for_best(self, ended_by: str) -> bool:
        return ended_by == "out"

    def better_solo(self, a: SoloResult, b: SoloResult) -> bool:
        return a.score > b.score


NUMBER_LINE = NumberLineKind()
