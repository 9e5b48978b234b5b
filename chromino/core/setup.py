"""A game's setup as the engine reads it: the seats, hands, bag and first player a deal
or a record gives, how a setup is checked, and its fields of the game's record."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Protocol

from .errors import InvalidSetupError


class SetupFields(Protocol):
    """What the engine reads of a game's setup (the game's own fields come on top)."""

    @property
    def options(self) -> Any:
        """The game's options."""
        ...

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        ...

    @property
    def hands(self) -> tuple[tuple[str, ...], ...]:
        """The hands dealt, by seat."""
        ...

    @property
    def bag(self) -> tuple[str, ...]:
        """The bag in drawing order."""
        ...

    @property
    def first(self) -> int:
        """The seat that plays first."""
        ...

    def to_record(self) -> dict[str, object]:
        """The setup's fields of the game's record, in the record's order."""
        ...


def check_dealt_tiles(
    setup: SetupFields, known: Collection[str], seen: dict[str, str] | None = None
) -> None:
    """Refuse a setup whose hands or bag hold an unknown tile, a tile twice, or an empty
    hand; ``seen`` holds tiles already placed elsewhere (a start tile), by where."""
    count = len(setup.players)
    if len(setup.hands) != count:
        raise InvalidSetupError("hands", f"{len(setup.hands)} hands for {count} players")
    if type(setup.first) is not int or not 0 <= setup.first < count:
        raise InvalidSetupError("first", f"seat {setup.first!r} does not exist")
    seen = dict(seen or {})
    places = [(f"hands[{s}][{i}]", t) for s, h in enumerate(setup.hands) for i, t in enumerate(h)]
    places += [(f"bag[{i}]", t) for i, t in enumerate(setup.bag)]
    for where, name in places:
        if name not in known:
            raise InvalidSetupError(where, f"unknown tile {name!r} (tiles go by their names)")
        if name in seen:
            raise InvalidSetupError(where, f"tile {name} is also at {seen[name]}")
        seen[name] = where
    for seat, hand in enumerate(setup.hands):
        if not hand:
            raise InvalidSetupError(f"hands[{seat}]", "a hand must hold at least one tile")


def setup_record(setup: SetupFields, **own: object) -> dict[str, object]:
    """A setup's fields of its game's record, in the record's order: options, players,
    the game's own fields (``own``), hands, bag, first."""
    return {
        "options": setup.options.to_dict(),
        "players": list(setup.players),
        **own,
        "hands": [list(hand) for hand in setup.hands],
        "bag": list(setup.bag),
        "first": setup.first,
    }
