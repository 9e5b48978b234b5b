"""The turn rules both the game and a seat's view apply (§6).

In one place, so that what the engine accepts and what a view (a bot, the
browser) is told it may do can never drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...core.errors import IllegalMoveError, Reason

MAX_DRAWS_PER_TURN: Final = 3


def playable_tiles(hand: Sequence[str], drawn_tile: str | None) -> list[str]:
    """The whole hand, or after a draw only the tile drawn last."""
    return [drawn_tile] if drawn_tile is not None else list(hand)


def draw_refusal(bag_count: int, draws_this_turn: int) -> IllegalMoveError | None:
    """Why a draw is not allowed now, or None. A possible play never forbids drawing."""
    if not bag_count:
        return IllegalMoveError(Reason.BAG_EMPTY, "the bag is empty")
    if draws_this_turn >= MAX_DRAWS_PER_TURN:
        return IllegalMoveError(
            Reason.DRAW_LIMIT, f"you may draw only {MAX_DRAWS_PER_TURN} times a turn"
        )
    return None


def pass_refusal(bag_count: int, draws_this_turn: int) -> IllegalMoveError | None:
    """Why a pass is not allowed now, or None: after three draws, or with the bag empty."""
    if draws_this_turn >= MAX_DRAWS_PER_TURN or not bag_count:
        return None
    left = MAX_DRAWS_PER_TURN - draws_this_turn
    return IllegalMoveError(
        Reason.PASS_NOT_ALLOWED,
        f"you may pass only after {MAX_DRAWS_PER_TURN} draws or with the bag empty "
        f"({left} more to draw)",
    )
