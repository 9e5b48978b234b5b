"""Triominos' placement in an action's record form (§6).

The action itself is the engine's (:mod:`chromino.core.actions`); Triominos
brings the reading of its placement: a tile name, whole coordinates in range
and a rotation 0-2.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.actions import DRAW, PASS, TIMEOUT, Action, ActionKind, read_coordinates
from ...core.actions import parse_action as parse_any_action
from ...core.errors import IllegalMoveError, Reason
from .placement import COORDINATE_LIMIT, ROTATIONS, Placement
from .tiles import TILES

__all__ = ["DRAW", "PASS", "TIMEOUT", "Action", "ActionKind", "parse_action", "parse_placement"]


def parse_placement(data: Mapping[str, object]) -> Placement:
    """A placement from JSON: a tile name, whole coordinates in range, a rotation 0-2."""
    tile = data.get("tile")
    if not isinstance(tile, str) or tile not in TILES:
        raise IllegalMoveError(
            Reason.UNKNOWN_TILE, f"unknown tile {tile!r} (tiles go by their names, e.g. '012')"
        )
    x, y = read_coordinates(data, COORDINATE_LIMIT)
    rot = data.get("rot")
    if not isinstance(rot, int) or isinstance(rot, bool) or rot not in ROTATIONS:
        raise IllegalMoveError(Reason.BAD_PLACEMENT, "rot must be 0, 1 or 2")
    return Placement(tile, x, y, rot)


def parse_action(data: Mapping[str, object]) -> Action[Placement]:
    """An action from its JSON form (a ``player`` field is the caller's business)."""
    return parse_any_action(data, parse_placement)
