"""A Swiss round: tables formed from the standings, byes to those who have had fewest,
repeat meetings avoided while possible, starting seats shared out over the rounds.

Pure and deterministic: the same standings, histories and seed give the same round,
so a published pairing can be recomputed by anyone, and its ``notes`` say in plain
words how it was decided."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .grouping import PairCost, group_tables, table_cost
from .history import History
from .seating import seat_order
from .table_sizes import table_sizes


@dataclass(frozen=True, slots=True)
class Standing:
    """Where an entrant stands before the round: tournament points, then a rating
    that orders entrants on equal points (early rounds, late entries)."""

    entrant: int
    points: float
    rating: float


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round's tables (entrants in starting-seat order, best-placed table first),
    who sits out with a bye, and plain-English notes on how it was decided."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    notes: tuple[str, ...]


def standings_order(entrants: Sequence[Standing]) -> list[int]:
    """Entrants best first: most points, then highest rating, then lowest entry number
    (so the order never depends on how the caller listed them)."""
    ranked = sorted(entrants, key=lambda s: (-s.points, -s.rating, s.entrant))
    return [standing.entrant for standing in ranked]


def history_of(histories: Mapping[int, History], entrant: int) -> History:
    """The entrant's history, or an empty one for a newcomer."""
    return histories.get(entrant) or History(entrant)


def choose_byes(ordered: Sequence[int], histories: Mapping[int, History], count: int) -> list[int]:
    """The ``count`` entrants who sit out: those with the fewest byes so far, and among
    them the lowest-placed. A second bye goes to someone only when everyone present
    has had one."""
    position = {entrant: index for index, entrant in enumerate(ordered)}
    candidates = sorted(ordered, key=lambda e: (history_of(histories, e).bye_count, -position[e]))
    return sorted(candidates[:count], key=position.__getitem__)


def swiss_round(
    entrants: Sequence[Standing],
    histories: Mapping[int, History],
    smallest: int,
    largest: int,
    seed: int,
) -> Pairing:
    """Pair one Swiss round of the present ``entrants``.

    Table sizes come from :func:`table_sizes`; the byes from :func:`choose_byes`. The
    others fill tables from the top of the standings down, each table reaching a few
    places below its first player for opponents not met before, then swaps between
    nearby tables remove remaining repeats (see ``grouping``); where none can be
    removed, the fewest repeats found stand and the notes count them. Seats follow
    :func:`seat_order`, ties broken by ``seed``."""
    if len({standing.entrant for standing in entrants}) != len(entrants):
        raise ValueError("each entrant appears once in the standings")
    ordered = standings_order(entrants)
    sizes, bye_count = table_sizes(len(ordered), smallest, largest)
    byes = choose_byes(ordered, histories, bye_count)
    sitting_out = set(byes)
    playing = [entrant for entrant in ordered if entrant not in sitting_out]

    met = {entrant: history_of(histories, entrant).met for entrant in playing}

    def times_met(a: int, b: int) -> int:
        return met[a].get(b, 0)

    def seats_held(entrant: int) -> Sequence[int]:
        return history_of(histories, entrant).seats

    grouped = group_tables(playing, sizes, times_met, seed)
    tables = tuple(seat_order(table, seats_held, seed) for table in grouped)
    notes = (
        _sizes_note(len(ordered), sizes),
        *_bye_notes(byes, ordered, histories),
        _repeats_note(grouped, times_met),
    )
    return Pairing(tables=tables, byes=tuple(byes), notes=notes)


def _sizes_note(present: int, sizes: Sequence[int]) -> str:
    if not sizes:
        return f"{present} present: too few for a table, so nobody plays this round."
    counts = [f"{sizes.count(size)} of {size}" for size in sorted(set(sizes), reverse=True)]
    return f"{present} present: {sum(sizes)} seated at {len(sizes)} tables ({', '.join(counts)})."


def _bye_notes(
    byes: Sequence[int], ordered: Sequence[int], histories: Mapping[int, History]
) -> list[str]:
    position = {entrant: index for index, entrant in enumerate(ordered)}
    notes = []
    for entrant in byes:
        before = history_of(histories, entrant).bye_count
        had = "no bye before" if before == 0 else f"{before} bye(s) before, as has everyone"
        notes.append(
            f"Bye for entrant {entrant} (placed {position[entrant] + 1} of {len(ordered)}, "
            f"{had}): the lowest-placed of those with the fewest byes."
        )
    return notes


def _repeats_note(tables: Sequence[Sequence[int]], times_met: PairCost) -> str:
    repeats = [
        (a, b)
        for table in tables
        for i, a in enumerate(table)
        for b in table[i + 1 :]
        if times_met(a, b)
    ]
    if not repeats:
        return "No one meets an opponent they have met before."
    shown = ", ".join(f"{min(a, b)} and {max(a, b)}" for a, b in sorted(repeats)[:10])
    more = "" if len(repeats) <= 10 else f" and {len(repeats) - 10} more"
    total = sum(table_cost(table, times_met) for table in tables)
    return (
        f"{len(repeats)} repeat meeting(s) could not be avoided ({total} counting earlier "
        f"meetings): {shown}{more}."
    )
