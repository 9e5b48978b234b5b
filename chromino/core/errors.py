"""Errors with stable reason codes, so callers branch on codes and show messages."""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """Why an action was refused. The values are part of the public interface."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    MALFORMED_MOVE = "malformed_move"
    UNKNOWN_ACTION = "unknown_action"
    UNKNOWN_TILE = "unknown_tile"
    BAD_PLACEMENT = "bad_placement"
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    MUST_PLAY_DRAWN_TILE = "must_play_drawn_tile"
    LAST_TILE_CHAMELEON = "last_tile_chameleon"
    OVERLAP = "overlap"
    NO_CONTACT = "no_contact"
    MISMATCH = "mismatch"
    TOO_FEW_CONTACTS = "too_few_contacts"
    JUNIOR_ONE_CONTACT = "junior_one_contact"
    JUNIOR_NOT_DOMINO = "junior_not_domino"
    BAG_EMPTY = "bag_empty"
    DRAW_LIMIT = "draw_limit"
    DRAW_WHILE_PLAYABLE = "draw_while_playable"
    PASS_NOT_ALLOWED = "pass_not_allowed"
    NO_SUCH_SEAT = "no_such_seat"
    """A resignation or an agreement names a seat the game does not have."""
    SEAT_RESIGNED = "seat_resigned"
    """The seat has left the game and may do nothing more in it."""
    # Triominos Challenge (docs/triominos-rules.md section 3)
    FIRST_TILE_NOT_ORIGIN = "first_tile_not_origin"
    """The first tile of a Triominos game goes on cell (0, 0)."""
    NO_EDGE_CONTACT = "no_edge_contact"
    """A Triominos tile must share a whole side with a tile on the board."""
    CORNER_MISMATCH = "corner_mismatch"
    """Every board tile touching a corner of a Triominos tile must show the same number there."""


class IllegalMoveError(ValueError):
    """An action the rules do not allow. ``reason`` is stable; the message is for people."""

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalMoveError({self.reason.value!r}, {self.message!r})"


class InvalidSetupError(ValueError):
    """A game record, position or option set that cannot describe a game at all.

    ``field`` names the offending field (``hands[1][3]``, ``options.hand_size``)
    so that a command-line user can find it.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
