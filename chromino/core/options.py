"""The JSON form of a game's options, both ways (each game defines its own options)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Final, Self

from .errors import InvalidSetupError

TIMED_TURN_SECONDS: Final = range(15, 601)
"""Seconds per turn of a timed game, in every game (0 is untimed): a shorter turn times
out before a player has looked at the board, a longer one is a game over days (not a
turn timer)."""


class OptionsForm:
    """For a game's frozen options dataclass: read from JSON, written to JSON.

    The dataclass checks each value in its ``__post_init__``; here, only that no
    unknown option slips in, named so that a user can find it.
    """

    __slots__ = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        """Options from JSON; missing ones take their defaults, unknown ones are refused."""
        known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        for name in data:
            if name not in known:
                raise InvalidSetupError(f"options.{name}", "unknown option")
        return cls(**data)

    def to_dict(self) -> dict[str, object]:
        """Every option, defaults included, so a record says exactly how it was played.

        Options are plain values (numbers, words, flags), so a shallow copy is the
        JSON form: ``dataclasses.asdict``'s deep copy was a third of the cost of a
        viewer's state, made for every viewer at every move."""
        return {name: getattr(self, name) for name in _option_names(type(self))}


_NAMES: dict[type, tuple[str, ...]] = {}
"""Each options class's field names, read once."""


def _option_names(options: type) -> tuple[str, ...]:
    names = _NAMES.get(options)
    if names is None:
        names = _NAMES[options] = tuple(f.name for f in fields(options))
    return names
