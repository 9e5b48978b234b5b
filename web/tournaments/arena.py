"""The arena: during a time window, whoever has finished a game is seated again at
once with the next free players of similar standing.

There are no rounds to wait for, so the only pairing question is the one asked each
time some players come free: who sits with whom now, and who waits for the next
finisher because too few are free."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .grouping import group_tables
from .history import History
from .pairing import Standing, history_of, standings_order
from .seating import seat_order
from .table_sizes import table_sizes

Tables = tuple[tuple[int, ...], ...]


def arena_tables(
    waiting: Sequence[Standing],
    histories: Mapping[int, History],
    smallest: int,
    largest: int,
    seed: int,
) -> tuple[Tables, tuple[int, ...]]:
    """Seat the free players now: the tables (each in starting-seat order) and those
    left waiting.

    ``waiting`` is in the order players came free. As many as :func:`table_sizes`
    can seat are seated, and those who came free last are the ones left waiting, so
    nobody waits twice in a row behind later finishers. The seated are ordered by
    standing and grouped with their neighbours, avoiding their latest table's
    opponents while another choice exists; seats are shared out as in Swiss rounds."""
    if len({standing.entrant for standing in waiting}) != len(waiting):
        raise ValueError("each player waits once")
    sizes, left = table_sizes(len(waiting), smallest, largest)
    seated = waiting[: len(waiting) - left]
    still_waiting = tuple(standing.entrant for standing in waiting[len(seated) :])

    def just_met(a: int, b: int) -> int:
        mine, theirs = history_of(histories, a), history_of(histories, b)
        return int(b in mine.last_opponents or a in theirs.last_opponents)

    def seats_held(entrant: int) -> Sequence[int]:
        return history_of(histories, entrant).seats

    grouped = group_tables(standings_order(seated), sizes, just_met, seed)
    tables = tuple(seat_order(table, seats_held, seed) for table in grouped)
    return tables, still_waiting
