"""How many tables a round has, of which sizes, and how many entrants sit out.

Every format (Swiss, groups, arena) splits a number of players into tables whose size
the organiser bounds, so the split lives here once."""

from __future__ import annotations

MIN_SEATS = 2
MAX_SEATS = 8


def table_sizes(players: int, smallest: int, largest: int) -> tuple[list[int], int]:
    """The sizes of a round's tables, largest first, and how many players get a bye.

    It decides in three steps. First, seat as many players as possible: with ``t``
    tables of at least ``smallest`` seats there can be at most ``players // smallest``
    tables, and they seat at most ``largest`` each, so ``min(players, t * largest)``
    players play and the rest sit out (everyone, when fewer than ``smallest`` are
    present). Second, of the table counts that seat exactly that many, take the
    fewest, so tables are as large as the bounds allow (the organiser's ``largest``
    is the game they want). Third, share the seated players evenly among those
    tables: sizes differ by at most one, which always fits the bounds because the
    count was chosen with ``t * smallest <= seated <= t * largest``."""
    if not MIN_SEATS <= smallest <= largest <= MAX_SEATS:
        raise ValueError(f"table bounds must satisfy 2 <= {smallest} <= {largest} <= 8")
    if players < 0:
        raise ValueError("a round has no fewer than zero players")
    most_tables = players // smallest
    seated = min(players, most_tables * largest)
    if seated == 0:
        return [], players
    tables = -(-seated // largest)
    base, larger = divmod(seated, tables)
    sizes = [base + 1] * larger + [base] * (tables - larger)
    return sizes, players - seated
