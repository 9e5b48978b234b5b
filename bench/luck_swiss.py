"""A simulated Swiss tournament between strength bots, in plain or duplicate rounds.

Both kinds are run by the room's own functions (``swiss_round``, ``standings``, and for
duplicate rounds ``rotate_seats`` and ``deal_keys``), so the measurement reads what a
real tournament would do. They differ only where the product differs:

- plain rounds deal each table its own seed, and score tables by rank alone;
- duplicate rounds deal every table of a size the round's one deal for that size,
  rotate seats between those tables, key them, and score with ``duplicate=True``.

A third kind is a control that no product offers: rounds scored as duplicate ones (keys,
``duplicate=True``) whose tables are each dealt their own hands, as in a plain round
(``shared_deal=False``). Comparing a player's score with those of players at other
tables then still tells strengths apart, but no longer through a shared hand: what
duplicate rounds gain over it is what the shared deal itself gives.

The same entrants play the same number of rounds at the same table sizes, so the two
kinds play exactly as many games. Pairing is told nothing of true strength: every
entrant's rating is 0, so the first round's order is the entry order, and the field
shuffles strengths over entry numbers from the tournament's seed."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from chromino import GameDescriptor
from web.tournaments import (
    Bye,
    Row,
    Standing,
    TableResult,
    deal_keys,
    histories,
    rotate_seats,
    standings,
    swiss_round,
)

from .luck_play import play_table


@dataclass(frozen=True, slots=True)
class Finished:
    """A tournament's end: its final standings, every table played, every bye."""

    rows: tuple[Row, ...]
    results: tuple[TableResult, ...]
    byes: tuple[Bye, ...]


def ladder(entrants: int) -> list[float]:
    """Strengths evenly spread from 0 (the random bot) to 1 (the greedy bot): an
    ordered ladder, with one strongest entrant."""
    if entrants < 2:
        raise ValueError("a ladder has at least two rungs")
    return [rung / (entrants - 1) for rung in range(entrants)]


def shuffled_field(strengths: Sequence[float], seed: int) -> list[float]:
    """The strengths dealt out to entry numbers at random (seeded): entrant ``i`` has
    strength ``field[i]``, so entry order says nothing of strength."""
    field = list(strengths)
    random.Random(f"field:{seed}").shuffle(field)
    return field


def rotated(tables: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The round's tables with seats rotated among the tables of each size (those that
    share a deal), each table keeping its place in the list."""
    by_size: dict[int, list[int]] = defaultdict(list)
    for index, table in enumerate(tables):
        by_size[len(table)].append(index)
    seated = list(tables)
    for indices in by_size.values():
        for index, table in zip(indices, rotate_seats([tables[i] for i in indices]), strict=True):
            seated[index] = table
    return seated


def round_seeds(
    tables: Sequence[tuple[int, ...]],
    round: int,
    seed: int,
    duplicate: bool,
    shared_deal: bool = True,
) -> tuple[list[str | None], list[str]]:
    """Each table's deal key (None in a plain round) and deal seed: one seed per deal
    key in a duplicate round, one per table in a plain one (and in the control, a
    duplicate round without ``shared_deal``: the plain round's seeds)."""
    own = [f"{seed}:deal:r{round}-t{index}" for index in range(len(tables))]
    if duplicate:
        keys: list[str | None] = list(deal_keys(tables, round))
        return keys, [f"{seed}:deal:{key}" for key in keys] if shared_deal else own
    return [None] * len(tables), own


def play_round(
    game: GameDescriptor,
    field: Sequence[float],
    tables: Sequence[tuple[int, ...]],
    round: int,
    seed: int,
    *,
    duplicate: bool,
    shared_deal: bool = True,
    options: Any | None = None,
) -> list[TableResult]:
    """Every table of one round played to its end, as the tournament records them."""
    seated = rotated(tables) if duplicate else list(tables)
    keys, deal_seeds = round_seeds(seated, round, seed, duplicate, shared_deal)
    results = []
    for index, seats in enumerate(seated):
        played = play_table(
            game,
            [field[entrant] for entrant in seats],
            deal_seeds[index],
            f"{seed}:bots:r{round}-t{index}",
            options,
        )
        results.append(TableResult(round, index, seats, played.ranks, played.scores, keys[index]))
    return results


def play_tournament(
    game: GameDescriptor,
    field: Sequence[float],
    rounds: int,
    table_size: int,
    seed: int,
    *,
    duplicate: bool,
    shared_deal: bool = True,
    options: Any | None = None,
) -> Finished:
    """A whole Swiss: each round paired from the standings so far (ratings all 0),
    played, and added; the final standings at the end."""
    entrants = range(len(field))
    results: list[TableResult] = []
    byes: list[Bye] = []
    for round in range(rounds):
        rows = standings(results, byes, entrants, duplicate=duplicate)
        order = [Standing(row.entrant, row.points, 0.0) for row in rows]
        pairing = swiss_round(
            order, histories(results, byes), table_size, table_size, seed * 1000 + round
        )
        results += play_round(
            game,
            field,
            pairing.tables,
            round,
            seed,
            duplicate=duplicate,
            shared_deal=shared_deal,
            options=options,
        )
        byes += [(round, entrant) for entrant in pairing.byes]
    final = standings(results, byes, entrants, duplicate=duplicate)
    return Finished(tuple(final), tuple(results), tuple(byes))
