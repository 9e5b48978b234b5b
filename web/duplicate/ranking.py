"""The ranking of a duplicate table's boards: the game's own order of solo results.

Game-neutral: a board's result is ranked by its game (:meth:`GameKind.solo_result`,
:meth:`GameKind.better_solo`): Chromino, fewer turns then fewer tiles drawn, among the
hands emptied; Triominos, the higher score. A board whose result the game does not
count (a Chromino board blocked with tiles left, a game given up) ranks below every
counted one, fewer tiles left first. Equal results share a place (joint places:
1, 1, 3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cmp_to_key
from typing import Any

from ..games import GameKind, SoloResult


@dataclass(frozen=True)
class Finished:
    """A finished board: its seat at the duplicate table, its game and its result."""

    seat: int
    game_id: str
    result: Mapping[str, Any]


@dataclass(frozen=True)
class Placed:
    seat: int
    place: int
    """1 for the best; boards with equal results share a place."""
    counted: bool
    """Whether the game counts the result (a Chromino hand emptied, a Triominos game
    played to its end); the others come after every counted one."""


def ranking(kind: GameKind, boards: Sequence[Finished]) -> list[Placed]:
    """The boards, best first, each with its place."""
    counted: list[tuple[Finished, SoloResult]] = []
    others: list[Finished] = []
    for board in boards:
        solo = kind.solo_result(board.game_id, board.result)
        if solo is None:
            others.append(board)
        else:
            counted.append((board, solo))

    def compare(a: SoloResult, b: SoloResult) -> int:
        return -1 if kind.better_solo(a, b) else 1 if kind.better_solo(b, a) else 0

    counted.sort(key=lambda entry: (cmp_to_key(compare)(entry[1]), entry[0].seat))
    others.sort(key=lambda board: (_hand_left(board), board.seat))
    placed: list[Placed] = []
    for index, (board, solo) in enumerate(counted):
        tied = index > 0 and compare(solo, counted[index - 1][1]) == 0
        place = placed[-1].place if tied else index + 1
        placed.append(Placed(board.seat, place, counted=True))
    for index, board in enumerate(others):
        tied = index > 0 and _hand_left(board) == _hand_left(others[index - 1])
        place = placed[-1].place if tied else len(counted) + index + 1
        placed.append(Placed(board.seat, place, counted=False))
    return placed


def _hand_left(board: Finished) -> int:
    sizes = board.result.get("hand_sizes") or [0]
    return int(sizes[0])
