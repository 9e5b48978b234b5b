"""Who starts in each game of a two-seat schedule known in advance: every player starts
half of their games, give or take one.

Seat by seat choices made round after round cannot promise that (two players who
have both started too often may meet). A whole schedule can: orient each game along
an Euler circuit of the graph of games, and each player leaves every visit as often
as they arrive, so starts and seconds balance exactly, up to the one game a player
with an odd number of games has left over."""

from __future__ import annotations

from collections.abc import Sequence

Game = tuple[int, int]


def balanced_orientation(games: Sequence[Game]) -> list[Game]:
    """The games in the same order, each as ``(starts, second)``, chosen so that for
    every player the games they start and the games they play second differ by at
    most one. Players with an odd number of games are linked through one extra,
    imagined player (there is always an even number of them), so every player has an
    even number of links; each closed walk through unused links then enters and
    leaves every player equally often, and dropping the imagined links costs each
    real player at most one."""
    imagined = _imagined_player(games)
    links = [*games, *_links_to(imagined, games)]
    neighbours: dict[int, list[tuple[int, int]]] = {}
    for number, (a, b) in enumerate(links):
        neighbours.setdefault(a, []).append((number, b))
        neighbours.setdefault(b, []).append((number, a))
    direction: dict[int, Game] = {}
    for start in sorted(neighbours):
        _walk_from(start, neighbours, direction)
    return [direction[number] for number in range(len(games))]


def _imagined_player(games: Sequence[Game]) -> int:
    players = {player for game in games for player in game}
    return min(players, default=0) - 1


def _links_to(imagined: int, games: Sequence[Game]) -> list[Game]:
    degree: dict[int, int] = {}
    for game in games:
        for player in game:
            degree[player] = degree.get(player, 0) + 1
    return [(imagined, player) for player in sorted(degree) if degree[player] % 2]


def _walk_from(
    start: int, neighbours: dict[int, list[tuple[int, int]]], direction: dict[int, Game]
) -> None:
    """Follow unused links from ``start`` (Hierholzer's walk), orienting each link the
    way it is crossed; every player's links are even, so a walk only sticks where it
    began, and the stack resumes from the players on it."""
    stack = [start]
    while stack:
        here = stack[-1]
        links = neighbours[here]
        while links and links[-1][0] in direction:
            links.pop()
        if not links:
            stack.pop()
            continue
        number, there = links.pop()
        direction[number] = (here, there)
        stack.append(there)
