"""What the stored tournaments refuse with: one error naming the field or the thing at
fault, so a page can put the message beside the right input and a test can tell the
refusals apart."""

from __future__ import annotations

from ..i18n import Words


class TournamentError(ValueError):
    """A request the tournament cannot honour. ``field`` names what was wrong (an
    option of the tournament, ``entry``, ``round``, ``table``, ``result``...);
    ``words`` says why, to be said in the reader's language (plain English text for
    the rare refusal worded by an engine or by a check no reader sees); ``message`` is
    it in English, for logs and tests."""

    def __init__(self, field: str, words: Words | str) -> None:
        self.field = field
        self.words = words
        self.message = str(words)
        super().__init__(f"{field}: {self.message}")
