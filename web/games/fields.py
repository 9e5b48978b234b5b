"""A game's options model, derived from the engine's option types: the choices and
limits of each option are declared once, in the game's engine package, and the
server's request model (and the lobby's form, which reads its JSON schema) follows."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, create_model

from chromino.core.options import (
    TIMED_TURN_SECONDS,
    Choice,
    Flag,
    OffOr,
    OptionType,
    TurnTime,
    option_types,
)

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


def _off_or(kind: OffOr, words: str) -> Callable[[int], int]:
    """0 (off) or a value in the option's range; ``words`` say so to a person."""

    def check(value: int) -> int:
        if value != 0 and value not in kind.allowed:
            raise ValueError(words)
        return value

    return check


def _field_type(kind: OptionType, limits: range | None, words: str | None) -> Any:
    """The pydantic type of one option (a table's ``limits`` narrow a whole number)."""
    if isinstance(kind, Choice):
        return Literal[kind.values]
    if isinstance(kind, Flag):
        return bool
    if isinstance(kind, TurnTime):
        return TurnSeconds
    if isinstance(kind, OffOr):
        return Annotated[int, AfterValidator(_off_or(kind, words or kind.wording))]
    allowed = limits or kind.allowed
    bounds = Field(ge=allowed.start, le=allowed.stop - 1)
    return Annotated[int | None, bounds] if kind.optional else Annotated[int, bounds]


def options_model(
    name: str,
    options_type: type,
    *,
    doc: str,
    limits: Mapping[str, range] | None = None,
    words: Mapping[str, str] | None = None,
) -> type[BaseModel]:
    """The table options of a game as a strict pydantic model named ``name``: every
    option of the engine's ``options_type``, with its default. ``limits`` are the
    server's narrower ranges for some whole numbers (a table is not every record);
    ``words`` say, marked for the catalogs, what an "off or a range" option takes."""
    fields: dict[str, Any] = {
        option: (_field_type(kind, (limits or {}).get(option), (words or {}).get(option)), default)
        for option, (kind, default) in option_types(options_type).items()
    }
    model: type[BaseModel] = create_model(
        name,
        __config__=ConfigDict(extra="forbid", strict=True),
        __doc__=doc,
        **fields,
    )
    return model
