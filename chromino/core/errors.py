"""Errors with stable reason codes, so callers branch on codes and show messages."""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """Why an action was refused, in the terms every tile game shares: the turn, the hand,
    the bag and a board's plain geometry. A game adds its own rules' reasons in an enum
    of its own (``chromino/games/<game>/reasons.py``). The values are part of the public
    interface, and no two games give one value two meanings."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    MALFORMED_MOVE = "malformed_move"
    UNKNOWN_ACTION = "unknown_action"
    UNKNOWN_TILE = "unknown_tile"
    BAD_PLACEMENT = "bad_placement"
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    MUST_PLAY_DRAWN_TILE = "must_play_drawn_tile"
    OVERLAP = "overlap"
    """The place is taken."""
    NO_CONTACT = "no_contact"
    """The tile touches nothing on the board."""
    MISMATCH = "mismatch"
    """The tile does not match what it touches."""
    BAG_EMPTY = "bag_empty"
    DRAW_LIMIT = "draw_limit"
    PASS_NOT_ALLOWED = "pass_not_allowed"
    NO_SUCH_SEAT = "no_such_seat"
    """A resignation or an agreement names a seat the game does not have."""
    SEAT_RESIGNED = "seat_resigned"
    """The seat has left the game and may do nothing more in it."""


class IllegalMoveError(ValueError):
    """An action the rules do not allow. ``reason`` is stable (a :class:`Reason`, or one
    of a game's own reasons); the message is for people."""

    def __init__(self, reason: StrEnum, message: str) -> None:
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
