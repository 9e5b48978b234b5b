"""What one applied action did: the event every game's turn engine returns (a game adds
its own fields on top)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .actions import Action
from .board import P


@dataclass(frozen=True, slots=True)
class Event(Generic[P]):
    """What one applied action did; ``drawn`` is private to ``seat``, the rest is public."""

    seat: int
    action: Action[P]
    points: int = 0
    """The change to the seat's score by the action itself (negative for a penalty)."""
    drawn: str | None = None
    """The tile taken from the bag (a draw, or a timeout's penalty tile)."""
    went_out: bool = False
    finished: bool = False

    def public_json(self) -> dict[str, object]:
        """What every viewer is told of the event (the game adds its own fields)."""
        return {"seat": self.seat, **self.action.to_dict()}

    def private_json(self) -> dict[str, object]:
        """What only the acting seat is told: the tile it drew, if any."""
        return {"drawn": self.drawn} if self.drawn is not None else {}


E = TypeVar("E", bound=Event[Any])
