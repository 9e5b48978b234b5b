"""Option fields that every game's options model may share, written once."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field

from chromino.core.options import TIMED_TURN_SECONDS

from ..i18n import N_


def _timed_turn(value: int) -> int:
    """0, or a turn long enough to look at the board and short enough to be one sitting."""
    if value != 0 and value not in TIMED_TURN_SECONDS:
        raise ValueError(N_("0 (untimed) or 15 to 600 seconds"))
    return value


TurnSeconds = Annotated[
    int, Field(ge=0, le=TIMED_TURN_SECONDS.stop - 1), AfterValidator(_timed_turn)
]
"""Seconds per turn: 0 (untimed), or 15 to 600 (the form shows the bounds)."""
