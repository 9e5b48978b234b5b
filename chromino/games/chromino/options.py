"""A game's rule options (chosen by the table's creator), with their defaults and limits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core.errors import InvalidSetupError
from ...core.options import TIMED_TURN_SECONDS, OptionsForm

RULESETS: Final = ("standard", "junior")
SCORINGS: Final = ("none", "expert", "segments", "segments-multiply")
STARTS: Final = ("chameleon", "tricolor")
MAX_PLAYERS: Final = 8
MAX_DRAWS_PER_TURN: Final = 5
TURN_SECONDS: Final = TIMED_TURN_SECONDS


@dataclass(frozen=True, slots=True)
class GameOptions(OptionsForm):
    """Rule options of docs/rules.md; every field has the rule book's default."""

    ruleset: str = "standard"
    scoring: str = "none"
    start: str = "chameleon"
    hand_size: int = 8
    draws_per_turn: int = 1
    """1 (default), N up to 5 successive draws, or 0 for unlimited."""
    strict_draw: bool = False
    open_hands: bool = False
    turn_seconds: int = 0
    """0 = untimed, or 15 to 600. The engine has no clock: the host declares a timeout."""

    def __post_init__(self) -> None:
        _require_choice("ruleset", self.ruleset, RULESETS)
        _require_choice("scoring", self.scoring, SCORINGS)
        _require_choice("start", self.start, STARTS)
        _require_int("hand_size", self.hand_size, 1, 79)
        _require_int("draws_per_turn", self.draws_per_turn, 0, MAX_DRAWS_PER_TURN)
        _require_bool("strict_draw", self.strict_draw)
        _require_bool("open_hands", self.open_hands)
        _require_turn_seconds(self.turn_seconds)

    @property
    def junior(self) -> bool:
        """True for the junior (domino-like) rule set."""
        return self.ruleset == "junior"

    @property
    def scored(self) -> bool:
        """True when placements score points."""
        return self.scoring != "none"


def _require_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise InvalidSetupError(f"options.{name}", f"{value!r} is not one of {', '.join(choices)}")


def _require_int(name: str, value: object, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidSetupError(
            f"options.{name}", f"{value!r} is not a whole number from {low} to {high}"
        )


def _require_turn_seconds(value: object) -> None:
    whole = isinstance(value, int) and not isinstance(value, bool)
    if not whole or (value != 0 and value not in TURN_SECONDS):
        raise InvalidSetupError("options.turn_seconds", f"{value!r} is not 0, or 15 to 600")


def _require_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise InvalidSetupError(f"options.{name}", f"{value!r} is not true or false")
