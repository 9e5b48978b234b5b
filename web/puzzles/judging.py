"""A placement tried on a puzzle: refused by the game's own rules (the try does not
count), or laid and judged by the proof, with an explanation drawn from the proof's
facts and, for a wrong try, from what it leads to."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chromino import GAMES as ENGINE_GAMES
from chromino.core.puzzles import Puzzle, Verdict, judge

from ..games import game_kind
from ..i18n import Words, rule_sentence
from .themes import GOAL_WORDS


@dataclass(frozen=True, slots=True)
class Refused:
    code: str
    message: str


@dataclass(frozen=True, slots=True)
class Judged:
    verdict: Verdict
    explanation: Words
    state: dict[str, Any]
    """The position after the try, as a seat would see it."""


def explanation(puzzle: Puzzle, verdict: Verdict) -> Words:
    """What the try means, from the proof's facts and the verdict."""
    words = GOAL_WORDS[puzzle.goal]
    facts = puzzle.facts
    if puzzle.goal == "most_points":
        if verdict.correct:
            return Words(
                words.right,
                points=facts["best"],
                placements=facts["placements"],
                next_best=facts["next_best"],
            )
        return Words(words.wrong, points=verdict.points, best=facts["best"])
    template = words.right if verdict.correct else words.wrong
    return Words(template, tile=verdict.left, placements=facts["placements"])


def try_placement(puzzle: Puzzle, fields: Mapping[str, Any], language: str) -> Refused | Judged:
    """Lay ``fields`` on the puzzle's position (IllegalMoveError when they do not read as
    a placement of its game) and judge it."""
    kind = game_kind(puzzle.game)
    laid = kind.position_attempt(puzzle.position, puzzle.scoring, fields)
    if laid.refusal is not None:
        reason = laid.refusal.reason.value
        words = rule_sentence(reason, laid.refusal.message, language, kind.refusal_words)
        return Refused(reason, words)
    assert laid.state is not None
    verdict = judge(ENGINE_GAMES[puzzle.game], puzzle, fields)
    return Judged(verdict, explanation(puzzle, verdict), laid.state)


def solution_shown(puzzle: Puzzle) -> dict[str, Any]:
    """The position once the solution is laid (after a miss, the board shows it)."""
    laid = game_kind(puzzle.game).position_attempt(puzzle.position, puzzle.scoring, puzzle.solution)
    if laid.refusal is not None:  # a proven solution is legal: the shelf is broken
        raise laid.refusal
    assert laid.state is not None
    return laid.state
