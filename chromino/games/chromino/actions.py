"""Chromino's placement in an action's record form (docs/rules.md section 4).

The action itself is the engine's (:mod:`chromino.core.actions`); Chromino
brings the reading of its placement: a tile spelt either way, whole
coordinates in range and a direction.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.actions import DRAW, PASS, TIMEOUT, Action, ActionKind, read_coordinates
from ...core.actions import parse_action as parse_any_action
from ...core.errors import IllegalMoveError, Reason
from .placement import COORDINATE_LIMIT, DIRECTIONS, Placement
from .tiles import UnknownTileError, resolve_spelling

__all__ = ["DRAW", "PASS", "TIMEOUT", "Action", "ActionKind", "parse_action", "parse_placement"]


def parse_placement(data: Mapping[str, object]) -> Placement:
    """A placement from JSON, refusing unknown tiles, bad directions and wild coordinates."""
    try:
        tile, backwards = resolve_spelling(data.get("tile"))
    except UnknownTileError as error:
        raise IllegalMoveError(Reason.UNKNOWN_TILE, str(error)) from None
    x, y = read_coordinates(data, COORDINATE_LIMIT)
    direction = data.get("dir")
    if not isinstance(direction, str) or direction not in DIRECTIONS:
        raise IllegalMoveError(Reason.BAD_PLACEMENT, "dir must be one of E, S, W, N")
    if backwards:
        return Placement(tile.name, x, y, direction).read_backwards()
    return Placement(tile.name, x, y, direction)


def parse_action(data: Mapping[str, object]) -> Action[Placement]:
    """An action from its record form (the ``player`` field is the caller's business)."""
    return parse_any_action(data, parse_placement)
