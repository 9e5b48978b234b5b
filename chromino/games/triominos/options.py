"""Triominos rule options (docs/triominos-rules.md §8), their defaults and limits: each
declared once here, with its type, for the engine's checks and every host's forms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core.options import TIMED_TURN_SECONDS, Flag, OffOr, OptionsForm, TurnTime, Whole, option

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

    hand_size: int | None = option(
        None, Whole(HAND_SIZES, optional=True, wording="5 to 12, or null")
    )
    """5 to 12 tiles, or None for the table of §5 (9 for 1-2 players, 7 for 3-4)."""
    turn_seconds: int = option(60, TurnTime())
    """The hourglass: 0 (untimed) or 15 to 600. The engine has no clock; the host times out."""
    target: int = option(0, OffOr(TARGETS))
    """0 (off) or 50 to 1000: the game ends once a player reaches it."""
    open_hands: bool = option(False, Flag("a boolean"))
    """Every hand face up for everyone."""

    def hand_size_for(self, players: int) -> int:
        """How many tiles each of ``players`` players is dealt."""
        return self.hand_size if self.hand_size is not None else default_hand_size(players)
