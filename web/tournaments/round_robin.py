"""Round robin in groups: the entrants split into groups, and each group plays rounds
until every two of its members have shared a table.

Group size. A group holds at most ``max(8, table_size ** 2)`` players. At tables of
two, eight players finish a full round robin in seven rounds, a week of daily rounds
or an evening of quick games. At tables of ``k >= 3``, ``k * k`` players could meet
everyone in ``k + 1`` rounds in the best designs (affine planes); the greedy cover
used here needs more, measured for a full group: 7 rounds for 9 players at tables of
3, 5 (the best) for 16 at 4, 10 for 25 at 5, 12 for 36 at 6, 14 for 49 at 7 and 11
for 64 at 8. The number of groups is
the fewest that respects that bound, the players are shared among them as evenly as
possible (sizes differ by at most one), and the given order is taken as the seeding:
entrants are dealt to the groups in snake order (1, 2, ..., g, g, ..., 2, 1, ...), so
every group gets a fair share of the strong and the weak."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .orientation import balanced_orientation
from .seating import seat_order, tie_key
from .table_sizes import MAX_SEATS, table_sizes

Round = list[tuple[int, ...]]


def group_limit(table_size: int) -> int:
    """The most players one group holds at tables of ``table_size``."""
    return max(8, table_size * table_size)


def split_groups(entrants: Sequence[int], table_size: int) -> list[list[int]]:
    """The groups, in snake order of the given seeding (see the module's docstring)."""
    if not entrants:
        return []
    count = -(-len(entrants) // group_limit(table_size))
    groups: list[list[int]] = [[] for _ in range(count)]
    for index, entrant in enumerate(entrants):
        lap, place = divmod(index, count)
        groups[place if lap % 2 == 0 else count - 1 - place].append(entrant)
    return groups


def round_robin(entrants: Sequence[int], table_size: int, seed: int) -> list[Round]:
    """The schedule: for each round, the tables of every group (each in starting-seat
    order). A group that finishes early simply has no tables in the later rounds.

    At tables of two a group plays the circle method: ``n - 1`` rounds (``n`` for an
    odd ``n``, one player resting each round), each pair meeting exactly once. At
    larger tables each round is built greedily to seat together as many pairs who have
    not met as it can, until every pair has met. Seats are shared out over the group's
    rounds with :func:`seat_order` (``seed`` breaks ties); at tables of two, where the
    whole schedule is known, :func:`balanced_orientation` makes every player start
    half of their games, give or take one."""
    if not 2 <= table_size <= MAX_SEATS:
        raise ValueError(f"a table has 2 to 8 seats, not {table_size}")
    if len(set(entrants)) != len(entrants):
        raise ValueError("each entrant appears once")
    schedule: list[Round] = []
    for group in split_groups(entrants, table_size):
        if table_size == 2:
            seated = _oriented(circle_rounds(group))
        else:
            seated = _seated(greedy_cover_rounds(group, table_size, seed), seed)
        for number, tables in enumerate(seated):
            if number == len(schedule):
                schedule.append([])
            schedule[number].extend(tables)
    return schedule


def circle_rounds(group: Sequence[int]) -> list[list[list[int]]]:
    """The circle method: the first player stays put while the others turn one place
    each round; position ``i`` plays position ``n - 1 - i``. With an odd count, an
    empty place joins the circle and whoever faces it rests."""
    places: list[int | None] = [*group]
    if len(places) % 2:
        places.append(None)
    rounds = []
    for _ in range(len(places) - 1):
        pairs = [(places[i], places[-1 - i]) for i in range(len(places) // 2)]
        rounds.append([[a, b] for a, b in pairs if a is not None and b is not None])
        places = [places[0], places[-1], *places[1:-1]]
    return rounds


def greedy_cover_rounds(group: Sequence[int], table_size: int, seed: int) -> list[list[list[int]]]:
    """Rounds until every pair of the group has met. Each table starts with the player
    who still has most people left to meet, and adds the player who would meet the
    most new people there (then the one with most left to meet, then by seed). Each
    round meets at least one new pair, so this ends."""
    if len(group) < 2:
        return []
    unmet = {player: set(group) - {player} for player in group}
    sizes, _ = table_sizes(len(group), 2, table_size)
    rounds = []
    while any(unmet.values()):
        free = set(group)
        tables = []
        for size in sizes:
            table = [_most_unmet(free, unmet, [], seed)]
            free.discard(table[0])
            while len(table) < size:
                chosen = _most_unmet(free, unmet, table, seed)
                table.append(chosen)
                free.discard(chosen)
            for a, b in combinations(table, 2):
                unmet[a].discard(b)
                unmet[b].discard(a)
            tables.append(table)
        rounds.append(tables)
    return rounds


def _most_unmet(free: set[int], unmet: dict[int, set[int]], table: list[int], seed: int) -> int:
    def gain(player: int) -> tuple[int, int, int]:
        new = sum(1 for member in table if member in unmet[player])
        return (-new, -len(unmet[player]), tie_key(seed, player))

    return min(free, key=gain)


def _oriented(rounds: list[list[list[int]]]) -> list[Round]:
    """Two-seat rounds with each game's starting player from
    :func:`balanced_orientation` over the whole group's schedule."""
    games = [(table[0], table[1]) for tables in rounds for table in tables]
    oriented = iter(balanced_orientation(games))
    return [[next(oriented) for _ in tables] for tables in rounds]


def _seated(rounds: list[list[list[int]]], seed: int) -> list[Round]:
    """The rounds with each table in starting-seat order, seats balanced over them."""
    held: dict[int, list[int]] = {}
    seated: list[Round] = []
    for number, tables in enumerate(rounds):
        this_round = []
        for table in tables:
            for member in table:
                held.setdefault(member, [0] * MAX_SEATS)
            ordered = seat_order(table, held.__getitem__, seed + number)
            for seat, member in enumerate(ordered):
                held[member][seat] += 1
            this_round.append(ordered)
        seated.append(this_round)
    return seated
