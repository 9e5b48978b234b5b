"""How a game ends: a closed set, and the outcome a finished game reports."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum


class EndedBy(StrEnum):
    """How a game ended. A ``StrEnum``: it equals and serialises as "out", "blocked"...,
    so stored records and the web layer's comparisons with those strings still hold."""

    OUT = "out"
    """A player laid the last tile of their hand (Chromino: at the end of that round)."""
    BLOCKED = "blocked"
    """The bag was empty and a whole round of turns laid no tile."""
    TARGET = "target"
    """A player's score reached the table's target (Triominos only)."""
    RESIGNED = "resigned"
    """Every other player left: the one still in the game wins (nobody, in a solo game)."""
    AGREED = "agreed"
    """Every player still in the game agreed to stop: scored as it stands."""


AS_IT_STANDS: frozenset[EndedBy] = frozenset({EndedBy.RESIGNED, EndedBy.AGREED})
"""Ends that add no end-of-game scoring: the scores stay as they were when play stopped."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended and who won (joint winners possible)."""

    ended_by: EndedBy
    winners: tuple[int, ...]
    scores: tuple[int, ...]


def best_scores(scores: Sequence[int], among: Collection[int] | None = None) -> tuple[int, ...]:
    """Every seat tied for the best score, of the seats ``among`` (every seat when None):
    a player who left cannot win."""
    seats = range(len(scores)) if among is None else sorted(among)
    if not seats:
        return ()
    best = max(scores[seat] for seat in seats)
    return tuple(seat for seat in seats if scores[seat] == best)
