"""Points (docs/rules.md section 6): the expert and segment scorings and the end-of-game penalty."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .board import Board
from .placement import Placement
from .tiles import TILES

TIMEOUT_PENALTY: Final = 15
"""Points lost when a turn times out in a scoring game (section 4)."""


def placement_points(board: Board, placement: Placement, scoring: str) -> int:
    """What a legal placement scores before it is laid; 0 without scoring."""
    if scoring == "none":
        return 0
    tile = TILES[placement.tile]
    contacts = board.contacts(placement)
    if scoring == "expert":
        touched = {contact.board_tile for contact in contacts}
        return tile.colour_count + sum(board.tile(index).colour_count for index in touched)
    multiply_end_to_end = scoring == "segments-multiply"
    total = 0
    for contact in contacts:
        new_worth = tile.segment_worth
        board_worth = board.tile(contact.board_tile).segment_worth
        if multiply_end_to_end and contact.is_end_to_end(placement.axis):
            total += new_worth * board_worth
        else:
            total += new_worth + board_worth
    return total


def hand_penalty(hand: Iterable[str], scoring: str) -> int:
    """Points lost at the end for tiles left in hand: only the segment scorings have it."""
    if scoring not in ("segments", "segments-multiply"):
        return 0
    return sum(TILES[name].hand_penalty for name in hand)
