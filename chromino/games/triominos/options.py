"""Triominos rule options (docs/triominos-rules.md §8), their defaults and limits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core.errors import InvalidSetupError
from ...core.options import TIMED_TURN_SECONDS, OptionsForm

MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 4
HAND_SIZES: Final = range(5, 13)
TURN_SECONDS: Final = TIMED_TURN_SECONDS
TARGETS: Final = range(50, 1001)


def default_hand_size(players: int) -> int:
    """9 tiles each for one or two players, 7 for three or four."""
    return 9 if players <= 2 else 7


@dataclass(frozen=True, slots=True)
class GameOptions(OptionsForm):
    """The options a table's creator chooses; every field has the rule book's default."""

    hand_size: int | None = None
    """5 to 12 tiles, or None for the table of §5 (9 for 1-2 players, 7 for 3-4)."""
    turn_seconds: int = 60
    """The hourglass: 0 (untimed) or 15 to 600. The engine has no clock; the host times out."""
    target: int = 0
    """0 (off) or 50 to 1000: the game ends once a player reaches it."""
    open_hands: bool = False
    """Every hand face up for everyone."""

    def __post_init__(self) -> None:
        if self.hand_size is not None:
            _require_int("hand_size", self.hand_size, HAND_SIZES, "5 to 12, or null")
        _require_int("turn_seconds", self.turn_seconds, TURN_SECONDS, "0, or 15 to 600")
        _require_int("target", self.target, TARGETS, "0, or 50 to 1000")
        if not isinstance(self.open_hands, bool):
            raise InvalidSetupError("options.open_hands", f"{self.open_hands!r} is not a boolean")

    def hand_size_for(self, players: int) -> int:
        """How many tiles each of ``players`` players is dealt."""
        return self.hand_size if self.hand_size is not None else default_hand_size(players)


def _require_int(name: str, value: object, allowed: range, wording: str) -> None:
    """A whole number (never a bool) that is 0 (when 0 means off) or in ``allowed``."""
    whole = isinstance(value, int) and not isinstance(value, bool)
    if whole and (value in allowed or (value == 0 and name != "hand_size")):
        return
    raise InvalidSetupError(f"options.{name}", f"{value!r} is not {wording}")
