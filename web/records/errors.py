"""A record refused: its status, code, words, and where it went wrong."""

from __future__ import annotations

from typing import Any

from ..i18n import Words


class RecordError(Exception):
    """A refused record or request: nothing was stored. ``field`` names the record's
    field at fault; ``move`` is the number (from 1) of the first move that does not
    replay."""

    def __init__(
        self,
        status: int,
        code: str,
        message: Words | str,
        *,
        field: str | None = None,
        move: int | None = None,
    ) -> None:
        super().__init__(str(message))
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.move = move

    def detail(self) -> dict[str, Any]:
        """The refusal's JSON ``detail`` (the words said in the reader's language at the
        edge, as every route's are)."""
        detail: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.field is not None:
            detail["field"] = self.field
        if self.move is not None:
            detail["move"] = self.move
        return detail
