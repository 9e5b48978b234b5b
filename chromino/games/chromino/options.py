"""A game's rule options (chosen by the table's creator), with their defaults and limits:
each declared once here, with its type, for the engine's checks and every host's forms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core.options import Choice, Flag, OptionsForm, TurnTime, Whole, option

RULESETS: Final = ("standard", "junior")
SCORINGS: Final = ("none", "expert", "segments", "segments-multiply")
STARTS: Final = ("chameleon", "tricolor")
MAX_PLAYERS: Final = 8
MAX_DRAWS_PER_TURN: Final = 5
HAND_SIZES: Final = range(1, 80)
"""Any hand the 80 tiles can deal beside the start tile (a table may allow fewer)."""


@dataclass(frozen=True, slots=True)
class GameOptions(OptionsForm):
    """Rule options of docs/rules.md; every field has the rule book's default."""

    ruleset: str = option("standard", Choice(RULESETS))
    scoring: str = option("none", Choice(SCORINGS))
    start: str = option("chameleon", Choice(STARTS))
    hand_size: int = option(8, Whole(HAND_SIZES))
    draws_per_turn: int = option(1, Whole(range(MAX_DRAWS_PER_TURN + 1)))
    """1 (default), N up to 5 successive draws, or 0 for unlimited."""
    strict_draw: bool = option(False, Flag())
    open_hands: bool = option(False, Flag())
    turn_seconds: int = option(0, TurnTime())
    """0 = untimed, or 15 to 600. The engine has no clock: the host declares a timeout."""

    @property
    def junior(self) -> bool:
        """True for the junior (domino-like) rule set."""
        return self.ruleset == "junior"

    @property
    def scored(self) -> bool:
        """True when placements score points."""
        return self.scoring != "none"
