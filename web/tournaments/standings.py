"""A tournament's standings from its finished tables: points by rank at each table, the
tie-breaks that order equal points, and the places, shared by full ties.

Points. At a table, an entrant earns per opponent 1 for finishing ahead, ½ for a tie
and 0 behind, divided by the number of opponents: a game is worth 0 to 1 whatever the
table's size, so a round of tables of three and four weighs the same for everyone,
and the points of a table add up to half its size (each pair shares one point). A bye
is worth ½: that is exactly the average a game gives (a table's points shared by its
seats), so sitting out through the tournament's arithmetic neither rewards nor
punishes; a full point would make byes a prize pairing has to ration, none a penalty
for an odd count. In a duplicate round (``duplicate=True``) a table with a deal key is
worth its round points instead: half the table points and half the comparison with
the other holders of the same hand (``duplicate_rounds``).

Tie-breaks, in order, each chosen for tables of more than two:

1. Opponents' average: the mean, over every opponent met (once per meeting, so an
   opponent met twice counts twice), of that opponent's points per game. At a table
   of four one game meets three people, so the average rests on many meetings and
   steadies fast; it rewards having faced a hard field, which Swiss pairing by
   standings gives to those who kept winning.
2. Firsts: games finished first, outright or shared. On multi-player tables points
   reward every place; a first is what a player aims at, and two players on equal
   points by different routes (first, last; or second, second) are told apart in
   favour of the one who won.
3. Score share: the mean, over the games played, of the entrant's in-game score over
   the total of the table's scores (0 when the table scored nothing; scores below 0,
   such as minus the tiles left, are first raised so the lowest is 0). Ranks throw away
   margins; the share keeps them, and as a fraction of the table it compares tables
   of different sizes and games of different scales.

Entrant ids order rows only for display; a full tie shares its place (1, 1, 3...).

Disqualified entrants leave the list, but their games stay for their opponents: those
games were played, and striking them would shift the points and tie-breaks of
everyone who met them, after the fact and by chance of who did. Withdrawn entrants
keep their points and stay, marked, where those points place them.

Arena (``arena=True``): after two consecutive first places (rank 0, outright or
shared), each further consecutive first place counts double: the game's points are
earned twice, the second time as a streak bonus. The first game that is not a first
place ends the streak (it counts normally), and the next two firsts start a new one.
Games go in order of (round, table): an arena numbers each entrant's games in the
order they were played. Byes take no part in a streak. The opponents' average reads
points without bonuses, so it stays a measure of strength.

Values are exact: every game's points are a fraction whose denominator divides a
common unit, and the tally adds integers, so equal results give equal keys to the
last digit; the opponents' average is an exact fraction; the score share is summed
with ``math.fsum``, whose result does not depend on the order of the games."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

from .duplicate_rounds import Ratio, round_points_ratios, table_halves
from .records import TableResult

Bye = tuple[int, int]
"""A bye: (round, entrant), in the order of ``TableResult``'s fields."""

BYE_POINTS: Ratio = (1, 2)
"""What a bye is worth: the average game (see the module's docstring)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One entrant's line in the standings: where they stand and every value that put
    them there, so a page can show why two players on equal points are in that order."""

    place: int
    entrant: int
    points: float
    games: int
    byes: int
    firsts: int
    opponents_average: float
    score_share: float
    streak_bonus: float = 0.0
    withdrawn: bool = False


Scored = tuple[TableResult, list[Ratio]]
"""A finished table and each seat's exact points there."""


@dataclass(slots=True)
class _Tally:
    """One entrant's running totals, in units of the standings' common denominator."""

    units: int = 0
    bonus: int = 0
    byes: int = 0
    firsts: int = 0
    meetings: int = 0
    shares: list[float] = field(default_factory=list)
    tables: list[int] = field(default_factory=list)
    played: list[tuple[tuple[int, int], int, bool]] = field(default_factory=list)

    @property
    def counted(self) -> int:
        """Games and byes: what points per game divides by."""
        return len(self.shares) + self.byes


def table_points(result: TableResult) -> dict[int, float]:
    """Each entrant's points for one table by rank: per opponent 1 ahead, ½ tied,
    0 behind, divided by the number of opponents (0 to 1 at any size)."""
    out_of = 2 * (len(result.seats) - 1)
    return {
        entrant: won / out_of
        for entrant, won in zip(result.seats, table_halves(result), strict=True)
    }


def _scored(results: Iterable[TableResult], duplicate: bool) -> list[Scored]:
    """Every table with its seats' exact points: by rank, or by the round's duplicate
    comparison for a dealt table when ``duplicate``."""
    scored: list[Scored] = []
    dealt: dict[int, list[TableResult]] = defaultdict(list)
    for result in results:
        if duplicate and result.deal is not None:
            dealt[result.round].append(result)
            continue
        out_of = 2 * (len(result.seats) - 1)
        scored.append((result, [(won, out_of) for won in table_halves(result)]))
    for round_results in dealt.values():
        ratios = round_points_ratios(round_results)
        scored += [(result, [ratios[e] for e in result.seats]) for result in round_results]
    return scored


def _tally_of(tallies: dict[int, _Tally], entrant: int) -> _Tally:
    tally = tallies.get(entrant)
    if tally is None:
        raise ValueError(f"entrant {entrant} is not entered")
    return tally


def _tally(
    scored: Sequence[Scored], byes: Iterable[Bye], unit: int, known: Iterable[int]
) -> dict[int, _Tally]:
    """Each entrant's totals; a table is remembered by its index in ``scored``."""
    tallies = {entrant: _Tally() for entrant in known}
    for index, (result, ratios) in enumerate(scored):
        lifted = _lifted(result.scores)
        total = sum(lifted)
        order = (result.round, result.table)
        for seat, entrant in enumerate(result.seats):
            tally = _tally_of(tallies, entrant)
            numerator, denominator = ratios[seat]
            units = numerator * (unit // denominator)
            first = result.ranks[seat] == 0
            tally.units += units
            tally.firsts += first
            tally.meetings += len(result.seats) - 1
            tally.shares.append(lifted[seat] / total if total else 0.0)
            tally.tables.append(index)
            tally.played.append((order, units, first))
    for _, entrant in byes:
        tally = _tally_of(tallies, entrant)
        tally.units += BYE_POINTS[0] * (unit // BYE_POINTS[1])
        tally.byes += 1
    return tallies


def _streak_bonus(played: list[tuple[tuple[int, int], int, bool]]) -> int:
    """The arena bonus: each first place after two consecutive firsts counts again."""
    bonus = 0
    streak = 0
    for _, units, first in sorted(played):
        if not first:
            streak = 0
            continue
        if streak >= 2:
            bonus += units
        streak += 1
    return bonus


def _lifted(scores: Sequence[int]) -> list[int]:
    """A table's scores raised, when one is below 0, so that the lowest is 0. A table
    that keeps no score records minus the tiles left in hand: its winner's 0 is then the
    largest share, as it should be, where dividing by a negative total made it the
    smallest. Tables scored from 0 up are unchanged."""
    floor = min(0, *scores)
    return [score - floor for score in scores]


def _opponents_averages(
    tallies: dict[int, _Tally], scored: Sequence[Scored], unit: int
) -> dict[int, tuple[int, float]]:
    """Each entrant's opponents' average points per game: an exact integer key (every
    average over one common denominator) and its value. Points per game are scaled to
    one denominator too, so a table's sum is taken once and the entrant's own share
    taken off it."""
    counts = {tally.counted for tally in tallies.values() if tally.counted}
    per_game = math.lcm(*counts)
    scaled = {
        entrant: tally.units * (per_game // tally.counted) if tally.counted else 0
        for entrant, tally in tallies.items()
    }
    table_sums = [sum(scaled[entrant] for entrant in result.seats) for result, _ in scored]
    meetings = math.lcm(*{tally.meetings for tally in tallies.values()} - {0})
    averages = {}
    for entrant, tally in tallies.items():
        if not tally.meetings:
            averages[entrant] = (0, 0.0)
            continue
        others = sum(table_sums[index] for index in tally.tables)
        others -= scaled[entrant] * len(tally.tables)
        value = others / (tally.meetings * per_game * unit)
        averages[entrant] = (others * (meetings // tally.meetings), value)
    return averages


def _rows(
    tallies: dict[int, _Tally],
    scored: Sequence[Scored],
    unit: int,
    withdrawn: Collection[int],
    shown: Iterable[int],
) -> list[Row]:
    """The rows of the entrants ``shown``, best first, with their places."""
    averages = _opponents_averages(tallies, scored, unit)
    keyed = []
    for entrant in shown:
        tally = tallies[entrant]
        share = math.fsum(tally.shares) / len(tally.shares) if tally.shares else 0.0
        key = (tally.units + tally.bonus, averages[entrant][0], tally.firsts, share)
        keyed.append((key, entrant, tally, share))
    keyed.sort(key=lambda item: (-item[0][0], -item[0][1], -item[0][2], -item[0][3], item[1]))
    rows: list[Row] = []
    for index, (key, entrant, tally, share) in enumerate(keyed):
        tied = index > 0 and keyed[index - 1][0] == key
        rows.append(
            Row(
                place=rows[-1].place if tied else index + 1,
                entrant=entrant,
                points=key[0] / unit,
                games=len(tally.shares),
                byes=tally.byes,
                firsts=tally.firsts,
                opponents_average=averages[entrant][1],
                score_share=share,
                streak_bonus=tally.bonus / unit,
                withdrawn=entrant in withdrawn,
            )
        )
    return rows


def standings(
    results: Iterable[TableResult],
    byes: Iterable[Bye],
    entrants: Iterable[int],
    *,
    withdrawn: Collection[int] = (),
    disqualified: Collection[int] = (),
    arena: bool = False,
    duplicate: bool = False,
) -> list[Row]:
    """The standings, best first: a row per entrant but the disqualified, ordered by
    points, then the tie-breaks (see the module's docstring), then entrant id.

    ``entrants`` lists everyone entered (late entries, withdrawn and disqualified
    ones too); a table or bye naming anyone else is refused (ValueError). ``byes``
    are (round, entrant) pairs. With ``duplicate``, tables carrying a deal key are
    scored with their round's duplicate comparison; with ``arena``, first places in
    a streak count double."""
    known = list(dict.fromkeys(entrants))
    scored = _scored(results, duplicate)
    unit = math.lcm(BYE_POINTS[1], *{den for _, ratios in scored for _, den in ratios})
    tallies = _tally(scored, byes, unit, known)
    if arena:
        for tally in tallies.values():
            tally.bonus = _streak_bonus(tally.played)
    out = set(disqualified)
    return _rows(tallies, scored, unit, set(withdrawn), [e for e in known if e not in out])
