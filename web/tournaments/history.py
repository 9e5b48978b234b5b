"""What pairing needs to remember about one entrant's past rounds: whom they met, which
starting seats they held, their byes and their latest opponents.

Pairing reads these summaries rather than the raw results so that a round of ten
thousand entrants asks a dictionary, not the whole tournament, whether two people
have met."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .records import TableResult

SEATS = 8
"""The most seats a table has, so the length of every seat count."""


@dataclass(frozen=True, slots=True)
class History:
    """One entrant's past as pairing sees it.

    ``met`` counts the tables shared with each opponent; ``seats[k]`` counts the
    games begun from starting seat ``k`` (whatever the table's size); ``byes`` lists
    the rounds sat out with a bye; ``last_opponents`` are the others at the entrant's
    latest table (the highest round, then the highest table number), which the arena
    avoids repeating at once."""

    entrant: int
    met: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    seats: tuple[int, ...] = (0,) * SEATS
    byes: tuple[int, ...] = ()
    last_opponents: frozenset[int] = frozenset()

    def times_met(self, opponent: int) -> int:
        """How many tables this entrant has shared with ``opponent``."""
        return self.met.get(opponent, 0)

    @property
    def bye_count(self) -> int:
        """How many rounds this entrant has sat out with a bye."""
        return len(self.byes)


@dataclass(slots=True)
class _Gathering:
    """The counts of one entrant while the results are read (then frozen)."""

    met: Counter[int] = field(default_factory=Counter)
    seats: list[int] = field(default_factory=lambda: [0] * SEATS)
    byes: list[int] = field(default_factory=list)
    latest: tuple[int, int] = (-1, -1)
    last_opponents: frozenset[int] = frozenset()


def _read_table(result: TableResult, gathered: defaultdict[int, _Gathering]) -> None:
    when = (result.round, result.table)
    for seat, entrant in enumerate(result.seats):
        mine = gathered[entrant]
        opponents = [other for other in result.seats if other != entrant]
        mine.met.update(opponents)
        mine.seats[seat] += 1
        if when > mine.latest:
            mine.latest = when
            mine.last_opponents = frozenset(opponents)


def histories(
    results: Iterable[TableResult], byes: Iterable[tuple[int, int]]
) -> dict[int, History]:
    """Every entrant's :class:`History` from the finished tables and the byes given,
    each bye as ``(round, entrant)``. Entrants who appear in neither are absent; a
    caller asks ``History(entrant)`` for a newcomer's empty past."""
    gathered: defaultdict[int, _Gathering] = defaultdict(_Gathering)
    for result in results:
        _read_table(result, gathered)
    for round_number, entrant in byes:
        gathered[entrant].byes.append(round_number)
    return {
        entrant: History(
            entrant=entrant,
            met=MappingProxyType(dict(mine.met)),
            seats=tuple(mine.seats),
            byes=tuple(sorted(mine.byes)),
            last_opponents=mine.last_opponents,
        )
        for entrant, mine in sorted(gathered.items())
    }
