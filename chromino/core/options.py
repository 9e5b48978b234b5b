"""A game's rule options: each declared once, with its type, and read from and written to
JSON (each game defines its own options).

A game's options are a frozen dataclass of :class:`OptionsForm` whose fields are made
by :func:`option`: a default and an option type (:class:`Choice`, :class:`Flag`,
:class:`Whole`, :class:`OffOr`, :class:`TurnTime`). The type checks a value when the
options are made, so a record, a position or a table can hold no bad option; and a
host reads the same types to build its own forms and request models, so no host
writes a game's choices or limits a second time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, dataclass, field, fields
from typing import Any, Final, Self

from .errors import InvalidSetupError

TIMED_TURN_SECONDS: Final = range(15, 601)
"""Seconds per turn of a timed game, in every game (0 is untimed): a shorter turn times
out before a player has looked at the board, a longer one is a game over days (not a
turn timer)."""

OPTION_TYPE: Final = "option_type"
"""The key of a dataclass field's metadata that holds the option's type."""


def _whole(value: object) -> bool:
    """A whole number, never a flag (``True`` is an int to Python, not to a player)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Choice:
    """One word of a fixed list, e.g. a ruleset."""

    values: tuple[str, ...]

    def allows(self, value: object) -> bool:
        return value in self.values

    @property
    def wording(self) -> str:
        return f"one of {', '.join(self.values)}"


@dataclass(frozen=True, slots=True)
class Flag:
    """True or false."""

    wording: str = "true or false"

    def allows(self, value: object) -> bool:
        return isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Whole:
    """A whole number in ``allowed``; with ``optional``, also None (the game then
    chooses, e.g. a hand size by the number of players)."""

    allowed: range
    optional: bool = False
    wording: str = ""
    """How the allowed values are said in a refusal; empty: "a whole number from low to
    high"."""

    def allows(self, value: object) -> bool:
        if value is None:
            return self.optional
        return _whole(value) and value in self.allowed

    @property
    def low(self) -> int:
        return self.allowed.start

    @property
    def high(self) -> int:
        return self.allowed.stop - 1

    def said(self) -> str:
        return self.wording or f"a whole number from {self.low} to {self.high}"


@dataclass(frozen=True, slots=True)
class OffOr:
    """0 (the option is off), or a whole number in ``allowed``, e.g. a target score."""

    allowed: range

    def allows(self, value: object) -> bool:
        return _whole(value) and (value == 0 or value in self.allowed)

    @property
    def wording(self) -> str:
        return f"0, or {self.allowed.start} to {self.allowed.stop - 1}"


@dataclass(frozen=True, slots=True)
class TurnTime:
    """Seconds per turn: 0 (untimed), or :data:`TIMED_TURN_SECONDS`. The engine has no
    clock: the host times a turn out (and reads this option by its name,
    ``turn_seconds``)."""

    allowed: range = TIMED_TURN_SECONDS

    def allows(self, value: object) -> bool:
        return _whole(value) and (value == 0 or value in self.allowed)

    @property
    def wording(self) -> str:
        return f"0, or {self.allowed.start} to {self.allowed.stop - 1}"


OptionType = Choice | Flag | Whole | OffOr | TurnTime
"""What an option may hold."""


def option(default: Any, kind: OptionType) -> Any:
    """A field of a game's options: its default and its type (checked when the options
    are made, and read by hosts through :func:`option_types`)."""
    return field(default=default, metadata={OPTION_TYPE: kind})


def refusal(kind: OptionType, value: object) -> str | None:
    """Why ``value`` is no value of the option, or None when it is one."""
    if kind.allows(value):
        return None
    wording = kind.said() if isinstance(kind, Whole) else kind.wording
    return f"{value!r} is not {wording}"


def option_types(options: type) -> dict[str, tuple[OptionType, Any]]:
    """Each typed option of an options class, in order: its type and its default."""
    return dict(_read(options).types)


class OptionsForm:
    """For a game's frozen options dataclass: checked when made, read from JSON, written
    to JSON.

    Each field made by :func:`option` is checked by its type; here also that no
    unknown option slips in, named so that a user can find it.
    """

    __slots__ = ()

    def __post_init__(self) -> None:
        """Refuse a value its option's type does not allow (InvalidSetupError names it)."""
        for name, (kind, _) in _read(type(self)).types:
            problem = refusal(kind, getattr(self, name))
            if problem is not None:
                raise InvalidSetupError(f"options.{name}", problem)

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        """Options from JSON; missing ones take their defaults, unknown ones are refused."""
        known = set(_option_names(cls))
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


@dataclass(frozen=True, slots=True)
class _Declared:
    names: tuple[str, ...]
    types: tuple[tuple[str, tuple[OptionType, Any]], ...]


_DECLARED: dict[type, _Declared] = {}
"""Each options class's fields and option types, read once (options are made and
written at every move)."""


def _read(options: type) -> _Declared:
    found = _DECLARED.get(options)
    if found is None:
        every: tuple[Field[Any], ...] = fields(options)
        typed = tuple(
            (each.name, (each.metadata[OPTION_TYPE], each.default))
            for each in every
            if OPTION_TYPE in each.metadata
        )
        found = _DECLARED[options] = _Declared(tuple(each.name for each in every), typed)
    return found


def _option_names(options: type) -> tuple[str, ...]:
    return _read(options).names
