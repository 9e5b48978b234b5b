"""What the stored tournaments refuse with: one error naming the field or the thing at
fault, so a page can put the message beside the right input and a test can tell the
refusals apart."""

from __future__ import annotations


class TournamentError(ValueError):
    """A request the tournament cannot honour. ``field`` names what was wrong (an
    option of the tournament, ``entry``, ``round``, ``table``, ``result``...);
    ``message`` says why in plain words."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
