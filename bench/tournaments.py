"""How long a tournament's bookkeeping takes: pairing a Swiss round and recomputing the
standings after a game, on a simulated event whose earlier rounds are already played.

The event is made with the room's own functions (pairing, standings), with results
drawn at random from a seed: the figures time the room's work on a realistic history
(six earlier rounds, so pairing has meetings to avoid), not the games themselves."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from web.tournaments import (
    Bye,
    Standing,
    TableResult,
    histories,
    standings,
    swiss_round,
)

PAIRING_TARGET_SECONDS = 1.0
"""Pairing a round of 1,000 players."""
STANDINGS_TARGET_SECONDS = 0.05
"""The standings again after one more game, 1,000 players."""
TABLE_SIZE = 4
EARLIER_ROUNDS = 6

Line = Callable[[str, str, str, bool, float], None]


@dataclass(frozen=True, slots=True)
class Event:
    """A simulated Swiss event after its earlier rounds."""

    players: int
    results: list[TableResult]
    byes: list[Bye]
    ratings: dict[int, float]


def played_event(players: int, rounds: int, seed: int = 1) -> Event:
    """An event of ``players`` after ``rounds`` Swiss rounds at tables of four, each
    table's order drawn at random."""
    rng = random.Random(seed)
    ratings = {entrant: rng.gauss(1500, 200) for entrant in range(players)}
    results: list[TableResult] = []
    byes: list[Bye] = []
    for number in range(rounds):
        pairing = swiss_round(
            _standing(players, results, byes, ratings),
            histories(results, byes),
            TABLE_SIZE,
            TABLE_SIZE,
            seed + number,
        )
        for index, table in enumerate(pairing.tables):
            ranks = list(range(len(table)))
            rng.shuffle(ranks)
            scores = tuple(rng.randrange(0, 120) for _ in table)
            results.append(TableResult(number, index, table, tuple(ranks), scores))
        byes.extend((number, entrant) for entrant in pairing.byes)
    return Event(players, results, byes, ratings)


def _standing(
    players: int, results: list[TableResult], byes: list[Bye], ratings: dict[int, float]
) -> list[Standing]:
    rows = standings(results, byes, range(players))
    return [Standing(row.entrant, row.points, ratings[row.entrant]) for row in rows]


def time_pairing(event: Event, repeats: int) -> float:
    """The median time to pair the event's next round (standings already known)."""
    entrants = _standing(event.players, event.results, event.byes, event.ratings)
    past = histories(event.results, event.byes)
    times = []
    for attempt in range(repeats):
        start = time.perf_counter()
        swiss_round(entrants, past, TABLE_SIZE, TABLE_SIZE, 100 + attempt)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def time_standings(event: Event, repeats: int) -> float:
    """The median time to recompute the standings once one more game has ended."""
    last = event.results[-1]
    one_more = TableResult(last.round + 1, 0, last.seats, last.ranks, last.scores)
    results = [*event.results, one_more]
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        standings(results, event.byes, range(event.players))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def report(players: int, line: Line) -> None:
    """Pairing ``players`` and ten times as many, and the standings of ``players``."""
    print(f"Tournaments (Swiss, tables of {TABLE_SIZE}, after {EARLIER_ROUNDS} rounds; medians)")
    small = played_event(players, EARLIER_ROUNDS)
    pairing = time_pairing(small, repeats=5)
    line(
        f"pair {players:,} players for the next round",
        f"{pairing * 1000:.0f} ms",
        "<= 1 s",
        pairing <= PAIRING_TARGET_SECONDS,
        PAIRING_TARGET_SECONDS / pairing,
    )
    after = time_standings(small, repeats=9)
    line(
        f"standings of {players:,} players after one more game",
        f"{after * 1000:.1f} ms",
        "<= 50 ms",
        after <= STANDINGS_TARGET_SECONDS,
        STANDINGS_TARGET_SECONDS / after,
    )
    large = played_event(players * 10, EARLIER_ROUNDS)
    seconds = time_pairing(large, repeats=1)
    print(f"{f'pair {players * 10:,} players for the next round':58} {seconds * 1000:>11.0f} ms")
