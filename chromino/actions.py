"""The four actions of a turn (docs/rules.md section 4) and their record form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from .errors import IllegalMoveError, Reason
from .placement import COORDINATE_LIMIT, DIRECTIONS, Placement
from .tiles import UnknownTileError, resolve_spelling

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
        """The record form without the seat: ``{"action": ..., tile, x, y, dir}``."""
        data: dict[str, object] = {"action": self.kind}
        if self.placement is not None:
            data.update(self.placement.to_dict())
        return data


DRAW: Final = Action("draw")
PASS: Final = Action("pass")
TIMEOUT: Final = Action("timeout")


def parse_placement(data: Mapping[str, object]) -> Placement:
    """A placement from JSON, refusing unknown tiles, bad directions and wild coordinates."""
    try:
        tile, backwards = resolve_spelling(data.get("tile"))
    except UnknownTileError as error:
        raise IllegalMoveError(Reason.UNKNOWN_TILE, str(error)) from None
    x, y, direction = data.get("x"), data.get("y"), data.get("dir")
    for name, value in (("x", x), ("y", y)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise IllegalMoveError(Reason.BAD_PLACEMENT, f"{name} must be a whole number")
        if abs(value) > COORDINATE_LIMIT:
            raise IllegalMoveError(Reason.BAD_PLACEMENT, f"{name} is out of range")
    if direction not in DIRECTIONS:
        raise IllegalMoveError(Reason.BAD_PLACEMENT, "dir must be one of E, S, W, N")
    assert isinstance(x, int) and isinstance(y, int) and isinstance(direction, str)
    if backwards:
        return Placement(tile.name, x, y, direction).read_backwards()
    return Placement(tile.name, x, y, direction)


def parse_action(data: Mapping[str, object]) -> Action:
    """An action from its record form (the ``player`` field is the caller's business)."""
    kind = data.get("action")
    if kind not in ACTION_KINDS:
        raise IllegalMoveError(
            Reason.UNKNOWN_ACTION, f"unknown action {kind!r}; expected {', '.join(ACTION_KINDS)}"
        )
    if kind == "play":
        return Action.play(parse_placement(data))
    assert isinstance(kind, str)
    return Action(kind)
