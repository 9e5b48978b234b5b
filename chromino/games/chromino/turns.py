"""The turn rules that both the game and a seat's view apply (docs/rules.md section 4).

Kept in one place so that what the engine accepts and what a view (and so a
bot or the browser) is told it may do can never drift apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core.errors import IllegalMoveError, Reason
from .options import GameOptions
from .reasons import ChrominoReason
from .tiles import TILES


def playable_tiles(hand: Sequence[str], drawn_tile: str | None) -> list[str]:
    """Tiles a player may lay: only the newest drawn one after a draw, never a last chameleon."""
    candidates = [drawn_tile] if drawn_tile is not None else list(hand)
    if len(hand) == 1:
        candidates = [name for name in candidates if not TILES[name].is_chameleon]
    return candidates


def draw_refusal(
    options: GameOptions, bag_count: int, draws_this_turn: int, has_legal_play: Callable[[], bool]
) -> IllegalMoveError | None:
    """Why a draw is not allowed now, or None when it is.

    ``has_legal_play`` is asked only when the answer matters: it costs a move search.
    """
    if not bag_count:
        return IllegalMoveError(Reason.BAG_EMPTY, "the bag is empty")
    limit = options.draws_per_turn
    if limit and draws_this_turn >= limit:
        times = "once" if limit == 1 else f"{limit} times"
        return IllegalMoveError(Reason.DRAW_LIMIT, f"you may draw only {times} a turn")
    if options.strict_draw and has_legal_play():
        return IllegalMoveError(
            ChrominoReason.DRAW_WHILE_PLAYABLE, "strict draw: you may draw only with no legal play"
        )
    return None


def pass_refusal(
    bag_count: int, draws_this_turn: int, has_legal_play: Callable[[], bool]
) -> IllegalMoveError | None:
    """Why a pass is not allowed now, or None when it is (after a draw, or when stuck)."""
    if draws_this_turn:
        return None
    if bag_count:
        return IllegalMoveError(Reason.PASS_NOT_ALLOWED, "draw a tile before passing")
    if has_legal_play():
        return IllegalMoveError(Reason.PASS_NOT_ALLOWED, "you have a legal play")
    return None
