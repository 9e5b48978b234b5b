"""A placement tried on a puzzle: refused by the game's own rules (the try does not
count), or laid and judged by the proof, with an explanation drawn from the proof's
facts and, for a wrong try, from what it leads to."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chromino import GAMES as ENGINE_GAMES
from chromino.core.puzzles import Puzzle, Verdict, judge

from ..games import GameKind, game_kind
from ..i18n import RULE_REFUSALS, Words, gettext_in
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


def refusal_words(kind: GameKind, code: str, message: str, language: str) -> str:
    """A rule's refusal as a whole sentence in the reader's words, as the lessons say it
    (the engine's own names tiles by letters); the engine's, for a code with no words."""
    template = kind.refusal_words.get(code) or RULE_REFUSALS.get(code)
    return message if template is None else gettext_in(language, template)


def try_placement(puzzle: Puzzle, fields: Mapping[str, Any], language: str) -> Refused | Judged:
    """Lay ``fields`` on the puzzle's position (IllegalMoveError when they do not read as
    a placement of its game) and judge it."""
    kind = game_kind(puzzle.game)
    laid = kind.position_attempt(puzzle.position, puzzle.scoring, fields)
    if laid.refusal is not None:
        reason = laid.refusal.reason.value
        return Refused(reason, refusal_words(kind, reason, laid.refusal.message, language))
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
