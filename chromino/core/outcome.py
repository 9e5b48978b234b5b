"""How a game ends: a closed set, and the outcome a finished game reports."""

from __future__ import annotations

from collections.abc import Sequence
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


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended and who won (joint winners possible)."""

    ended_by: EndedBy
    winners: tuple[int, ...]
    scores: tuple[int, ...]


def best_scores(scores: Sequence[int]) -> tuple[int, ...]:
    """Every seat tied for the best score."""
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)
