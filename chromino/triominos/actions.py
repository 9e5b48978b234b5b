"""The four actions of a Triominos turn (§6) and their JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from ..errors import IllegalMoveError, Reason
from .placement import COORDINATE_LIMIT, ROTATIONS, Placement
from .tiles import TILES

ACTION_KINDS: Final = ("play", "draw", "pass", "timeout")


@dataclass(frozen=True, slots=True)
class Action:
    """What a seat does: ``play`` (with a placement), ``draw``, ``pass`` or ``timeout``."""

    kind: str
    placement: Placement | None = None

    @classmethod
    def play(cls, placement: Placement) -> Action:
        """Lay a tile."""
        return cls("play", placement)

    def to_dict(self) -> dict[str, object]:
        """The record form without the seat: ``{"action": ..., "tile", "x", "y", "rot"}``."""
        data: dict[str, object] = {"action": self.kind}
        if self.placement is not None:
            data.update(self.placement.to_dict())
        return data


DRAW: Final = Action("draw")
PASS: Final = Action("pass")
TIMEOUT: Final = Action("timeout")


def parse_placement(data: Mapping[str, object]) -> Placement:
    """A placement from JSON: a tile name, whole coordinates in range, a rotation 0-2."""
    tile = data.get("tile")
    if not isinstance(tile, str) or tile not in TILES:
        raise IllegalMoveError(
            Reason.UNKNOWN_TILE, f"unknown tile {tile!r} (tiles go by their names, e.g. '012')"
        )
    x, y, rot = data.get("x"), data.get("y"), data.get("rot")
    for name, value in (("x", x), ("y", y)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise IllegalMoveError(Reason.BAD_PLACEMENT, f"{name} must be a whole number")
        if abs(value) > COORDINATE_LIMIT:
            raise IllegalMoveError(Reason.BAD_PLACEMENT, f"{name} is out of range")
    if not isinstance(rot, int) or isinstance(rot, bool) or rot not in ROTATIONS:
        raise IllegalMoveError(Reason.BAD_PLACEMENT, "rot must be 0, 1 or 2")
    assert isinstance(x, int) and isinstance(y, int)
    return Placement(tile, x, y, rot)


def parse_action(data: Mapping[str, object]) -> Action:
    """An action from its JSON form (a ``player`` field is the caller's business)."""
    kind = data.get("action")
    if kind not in ACTION_KINDS:
        raise IllegalMoveError(
            Reason.UNKNOWN_ACTION, f"unknown action {kind!r}; expected {', '.join(ACTION_KINDS)}"
        )
    if kind == "play":
        return Action.play(parse_placement(data))
    assert isinstance(kind, str)
    return Action(kind)
