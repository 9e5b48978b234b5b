"""Duplicate rounds: every table of one size in a round plays the same deal, so a
player's result can be held against everyone else who held the same hand, not only
against the table-mates they happened to meet.

Three steps belong here. Seats are rotated between the tables sharing a deal
(``rotate_seats``), so the hand in seat ``k`` goes to people who stood at different
places in pairing's order, and the one who plays right after you (whose tiles and
blocking shape your game most) differs in strength from one copy of the deal to the
next. Each table of a size gets the round's deal key for that size (``deal_keys``).
After the round, each holder of a hand is compared by in-game score with the other
holders of that hand (``duplicate_scores``), and a round's points mix that comparison
with the points won at the table itself (``round_points``).

Why half and half. The table points reward what a game really is: beating the people
you sat with, whose play blocked you and whose tiles you raced. The duplicate score
takes the luck of the deal out: it asks how well you did with exactly those tiles,
compared with everyone who had them. Either alone loses something: the table alone
wastes the shared deal, the comparison alone ignores that a hand's score also depends
on who else was at the table (three strong neighbours leave less room on the board).
Both parts lie between 0 and 1, so the mix does too, and a duplicate round weighs as
much in the standings as any other round.

Values are computed exactly, as numerators over a denominator (``Ratio``), so that
equal results give equal points to the last digit; the float forms are for showing."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Sequence

from .records import TableResult

Ratio = tuple[int, int]
"""An exact value: numerator and denominator (positive)."""


def halves_against_others(values: Sequence[int]) -> list[int]:
    """For each value, its half-points against every other value of the group: two
    for each value it beats (is higher than), one for each it equals, none for each
    it loses to. Table points (by rank) and duplicate scores (by in-game score) are
    both this comparison, so they share one definition; sorting makes it n log n,
    which matters for a hand held at hundreds of tables."""
    ordered = sorted(values)
    halves = []
    for value in values:
        below = bisect_left(ordered, value)
        equal = bisect_right(ordered, value) - below - 1
        halves.append(2 * below + equal)
    return halves


def table_halves(result: TableResult) -> list[int]:
    """Each seat's half-points against its table-mates by rank (rank 0 is best), out of
    ``2 * (size - 1)``: the numerator of its table points."""
    return halves_against_others([-rank for rank in result.ranks])


def rotate_seats(groups: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """The starting seats of the tables sharing one deal: table ``t`` takes its
    entrants in pairing's order rotated by ``t mod size``, so its seat ``k`` holds the
    entrant pairing placed at ``(k + t) mod size``.

    Pairing lists a table's entrants in an order of its own (often by standing). Left
    as given, the same position in that order would always hold the same hand, and
    the entrant after you in play would always come from the same position too; the
    rotation spreads each hand over every position, so the holders of a hand, whom the
    duplicate score compares, met neighbours of varied strength."""
    sizes = {len(group) for group in groups}
    if len(sizes) > 1:
        raise ValueError(f"tables sharing a deal have one size, not {sorted(sizes)}")
    everyone = [entrant for group in groups for entrant in group]
    if len(set(everyone)) != len(everyone):
        raise ValueError("an entrant sits at one table of a round")
    seated = []
    for table, group in enumerate(groups):
        size = len(group)
        shift = table % size if size else 0
        seated.append(tuple(group[(seat + shift) % size] for seat in range(size)))
    return seated


def deal_keys(tables: Sequence[tuple[int, ...]], round: int) -> list[str]:
    """Each table's deal key in a duplicate round: every table of a size shares the
    round's deal for that size (a deal is dealt for a number of seats)."""
    return [f"r{round}-s{len(table)}" for table in tables]


def _holders(results: Sequence[TableResult]) -> dict[tuple[str, int], list[tuple[int, int]]]:
    """The (entrant, in-game score) pairs of each hand: a hand is a deal key and a seat."""
    rounds = {result.round for result in results}
    if len(rounds) > 1:
        raise ValueError(f"duplicate scores compare one round, not {sorted(rounds)}")
    hands: dict[tuple[str, int], list[tuple[int, int]]] = defaultdict(list)
    for result in results:
        if result.deal is None:
            raise ValueError(f"table {result.table} of a duplicate round has no deal key")
        for seat, (entrant, score) in enumerate(zip(result.seats, result.scores, strict=True)):
            hands[(result.deal, seat)].append((entrant, score))
    return hands


def duplicate_ratios(results: Sequence[TableResult]) -> dict[int, Ratio]:
    """Each entrant's exact duplicate score in one round (see ``duplicate_scores``)."""
    ratios: dict[int, Ratio] = {}
    for holders in _holders(results).values():
        if len(holders) == 1:
            ratios[holders[0][0]] = (1, 2)
            continue
        halves = halves_against_others([score for _, score in holders])
        for (entrant, _), won in zip(holders, halves, strict=True):
            ratios[entrant] = (won, 2 * (len(holders) - 1))
    return ratios


def duplicate_scores(results: Sequence[TableResult]) -> dict[int, float]:
    """Each entrant's comparison, in one duplicate round, with everyone else who held
    the same hand (same deal key, same seat): per other holder, 1 for a higher in-game
    score, ½ for an equal one, 0 for a lower one, averaged. An entrant alone on a hand
    gets ½, the value of comparing with nobody: neither better nor worse."""
    return {entrant: won / out_of for entrant, (won, out_of) in duplicate_ratios(results).items()}


def round_points_ratios(results: Sequence[TableResult]) -> dict[int, Ratio]:
    """Each entrant's exact round points in one duplicate round (see ``round_points``)."""
    duplicate = duplicate_ratios(results)
    points: dict[int, Ratio] = {}
    for result in results:
        at_table = 2 * (len(result.seats) - 1)
        for entrant, won in zip(result.seats, table_halves(result), strict=True):
            compared, out_of = duplicate[entrant]
            # won / at_table / 2 + compared / out_of / 2, over one denominator.
            points[entrant] = (won * out_of + compared * at_table, 2 * at_table * out_of)
    return points


def round_points(results: Sequence[TableResult]) -> dict[int, float]:
    """Each entrant's points for one duplicate round: half the table points (by rank
    against the table-mates) and half the duplicate score (by in-game score against
    the other holders of the hand), so between 0 and 1 like any round."""
    return {entrant: num / den for entrant, (num, den) in round_points_ratios(results).items()}
