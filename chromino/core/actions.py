"""The kinds of action of a tile game, generic over the game's placement.

Every game here has the same turn: lay a tile (``play``, with the game's own
placement), ``draw`` from the bag, ``pass``, or a ``timeout`` the host
declares. Only the placement differs, so the action and its record form are
written once and a game brings just its placement parser.

Two more kinds are not turns: a seat may ``resign`` at any time (it leaves the
game), and the host records ``end_agreed`` when every player still in the game
has agreed to stop (docs/rules-interpretations.md, "Leaving a game").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Generic, Protocol, TypeVar

from .errors import IllegalMoveError, Reason


class ActionKind(StrEnum):
    """What a seat does on its turn. A ``StrEnum``: it equals and serialises as its value,
    so stored records and the wire protocol ("play", "draw", ...) are unchanged."""

    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    TIMEOUT = "timeout"
    RESIGN = "resign"
    """The seat leaves the game, on its turn or not; its tiles leave the game with it."""
    END_AGREED = "end_agreed"
    """Every player still in the game agreed to stop here (the host checks the agreement)."""


ACTION_KINDS: Final = tuple(kind.value for kind in ActionKind)
_KIND_OF: Final[dict[str, ActionKind]] = {kind.value: kind for kind in ActionKind}
"""Each kind by its value (an enum member looks itself up too: it hashes as its value)."""
PLAY: Final = ActionKind.PLAY
"""The kinds as plain constants: an enum member's attribute lookup costs ten times more."""
DRAW_KIND: Final = ActionKind.DRAW
PASS_KIND: Final = ActionKind.PASS
TIMEOUT_KIND: Final = ActionKind.TIMEOUT
RESIGN_KIND: Final = ActionKind.RESIGN
END_AGREED_KIND: Final = ActionKind.END_AGREED
_set: Final = object.__setattr__


class PlacementForm(Protocol):
    """What the action needs of a game's placement: its record fields."""

    def to_dict(self) -> dict[str, object]:
        """The placement's record fields (``tile``, ``x``, ``y`` and the game's own)."""
        ...


P = TypeVar("P", bound=PlacementForm)


@dataclass(init=False, frozen=True, slots=True)
class Action(Generic[P]):
    """What a seat does: ``play`` (with a placement), ``draw``, ``pass``, ``timeout``,
    ``resign`` or ``end_agreed``.

    ``kind`` may be given as its string; a known one is kept as an :class:`ActionKind`.
    An unknown one is kept as given, so that the game refuses it with
    ``Reason.UNKNOWN_ACTION`` like any other illegal action instead of failing here.
    """

    kind: ActionKind | str
    placement: P | None

    def __init__(self, kind: ActionKind | str, placement: P | None = None) -> None:
        _set(self, "kind", _KIND_OF.get(kind, kind))
        _set(self, "placement", placement)

    @classmethod
    def play(cls, placement: P) -> Action[P]:
        """Lay a tile (built directly: the search makes many)."""
        action = object.__new__(cls)
        _set(action, "kind", PLAY)
        _set(action, "placement", placement)
        return action

    def to_dict(self) -> dict[str, object]:
        """The record form without the seat: ``{"action": ..., placement fields}``."""
        data: dict[str, object] = {"action": str(self.kind)}
        if self.placement is not None:
            data.update(self.placement.to_dict())
        return data


DRAW: Final[Action[Any]] = Action(ActionKind.DRAW)
PASS: Final[Action[Any]] = Action(ActionKind.PASS)
TIMEOUT: Final[Action[Any]] = Action(ActionKind.TIMEOUT)
RESIGN: Final[Action[Any]] = Action(ActionKind.RESIGN)
END_AGREED: Final[Action[Any]] = Action(ActionKind.END_AGREED)


def read_coordinates(data: Mapping[str, object], limit: int) -> tuple[int, int]:
    """A placement's ``x`` and ``y``: whole numbers (never booleans) within ``limit``."""
    x, y = data.get("x"), data.get("y")
    for name, value in (("x", x), ("y", y)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise IllegalMoveError(Reason.BAD_PLACEMENT, f"{name} must be a whole number")
        if abs(value) > limit:
            raise IllegalMoveError(Reason.BAD_PLACEMENT, f"{name} is out of range")
    assert isinstance(x, int) and isinstance(y, int)
    return x, y


def parse_action(
    data: Mapping[str, object], parse_placement: Callable[[Mapping[str, object]], P]
) -> Action[P]:
    """An action from its record form, the placement read by the game's own parser
    (a ``player`` field is the caller's business)."""
    kind = data.get("action")
    if not isinstance(kind, str) or kind not in ACTION_KINDS:
        raise IllegalMoveError(
            Reason.UNKNOWN_ACTION, f"unknown action {kind!r}; expected {', '.join(ACTION_KINDS)}"
        )
    if kind == PLAY:
        return Action.play(parse_placement(data))
    return Action(kind)
