"""Puzzles the engine proves: a position, a goal in words, and its one solution.

A puzzle is found in a position taken from a game (a seat's board and hand at the
start of its turn) and proven by trying every legal placement, never by sampling. The
goals here need nothing of a game but its descriptor (``position_moves`` and
``parse_placement``), so they hold for every registered game:

- ``most_points``: the placement worth the most points this turn. Proven by scoring
  every legal placement; a puzzle only when one placement alone scores the most.
- ``last_tile``: with two tiles in hand, the only placement after which the other tile
  still has a place (so the hand can be emptied next turn). Proven by trying every
  legal placement and then every placement of the tile left; a puzzle only when
  exactly one of them leaves a place. Two-tile hands are rare at a turn's start, so
  the question is asked of a real board with each pair of the hand's tiles.

Two spellings of one physical placement (a symmetric tile laid from either end, a
triple turned) are one answer: answers are compared in their ``normalized`` form. A
position with two different answers is no puzzle, nor one with too few placements to
choose from.

A puzzle is a JSON document (``PUZZLE_FORMAT``); ``verify`` proves it again from its
position alone and says whether the same solution and the same facts come out. Files of
them, and the puzzles each game ships, are read and written by
:mod:`chromino.core.puzzle_files`."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .descriptor import GameDescriptor

PUZZLE_FORMAT = "chromino-puzzle/1"
FEWEST_CHOICES = 4
"""A puzzle offers at least this many different placements: fewer is no question."""

Move = dict[str, object]


@dataclass(frozen=True, slots=True)
class Proof:
    """What the search established: the one solution, and the facts that make it one
    (how many placements there were, what the best and the next best are worth...)."""

    solution: Move
    facts: dict[str, int]


Goal = Callable[[GameDescriptor, Mapping[str, object], str | None], Proof | None]
"""A goal's prover: the proof for a position (and scoring), or None when the position
is no puzzle of that goal."""


def _answer(game: GameDescriptor, move: Mapping[str, object]) -> Any:
    """A placement in the form two spellings of it share."""
    return game.parse_placement(move).normalized()


def _placement_of(move: Mapping[str, object]) -> Move:
    """The placement's own fields, without what the moves list adds (its points...)."""
    return {key: value for key, value in move.items() if key not in ("score", "figure", "contacts")}


def _distinct(game: GameDescriptor, moves: Sequence[Move]) -> dict[Any, Move]:
    """The moves, one per physical placement (the first spelling of each kept)."""
    found: dict[Any, Move] = {}
    for move in moves:
        found.setdefault(_answer(game, move), move)
    return found


def most_points(
    game: GameDescriptor, position: Mapping[str, object], scoring: str | None
) -> Proof | None:
    """The placement alone in scoring the most, if there is one among enough."""
    moves = _distinct(game, game.position_moves(position, scoring))
    if len(moves) < FEWEST_CHOICES:
        return None
    scored = sorted(
        ((int(str(move.get("score", 0))), move) for move in moves.values()),
        key=lambda pair: -pair[0],
    )
    (best, solution), (next_best, _) = scored[0], scored[1]
    if best == next_best:
        return None
    facts = {"placements": len(moves), "best": best, "next_best": next_best}
    return Proof(_placement_of(solution), facts)


def _after(position: Mapping[str, object], move: Mapping[str, object]) -> dict[str, object]:
    """The position once ``move`` is laid: its tile on the board, gone from the hand."""
    hand = list(position["hand"])  # type: ignore[call-overload]
    hand.remove(move["tile"])
    board = [*position["board"], _placement_of(move)]  # type: ignore[misc]
    return {**position, "board": board, "hand": hand}


def last_tile(
    game: GameDescriptor, position: Mapping[str, object], scoring: str | None
) -> Proof | None:
    """With two tiles in hand, the only placement that leaves the other one a place."""
    hand = position.get("hand")
    if not isinstance(hand, list) or len(hand) != 2:
        return None
    moves = _distinct(game, game.position_moves(position, None))
    if len(moves) < FEWEST_CHOICES:
        return None
    keeping = []
    for move in moves.values():
        if game.position_moves(_after(position, move), None):
            keeping.append(move)
            if len(keeping) > 1:  # two answers already: no puzzle, whatever the rest
                return None
    if not keeping:
        return None
    return Proof(_placement_of(keeping[0]), {"placements": len(moves), "keeping": 1})


GOALS: dict[str, Goal] = {"most_points": most_points, "last_tile": last_tile}
"""Every goal, by the name a puzzle document keeps."""

COUNTS_POINTS = frozenset({"most_points"})
"""The goals whose answer depends on the scoring. A puzzle of any other goal keeps no
scoring, so that one question has one id whichever scoring it was found under."""


def _as_is(game: GameDescriptor, position: Mapping[str, object]) -> Iterator[dict[str, object]]:
    yield dict(position)


def _two_tile_hands(
    game: GameDescriptor, position: Mapping[str, object]
) -> Iterator[dict[str, object]]:
    """The position with each pair of its hand's tiles as the whole hand (a real board,
    asked of every two tiles a player might be left with), those worth proving only.

    Proving every pair would build a board for each placement of each pair. Instead,
    each placement of any tile in the hand is laid once, and the tiles that still have
    a place after it are read from one moves list; a pair goes on to the proof only if
    exactly one of its placements leaves the other tile a place there. The proof then
    asks again with the pair alone, so a rule that depends on the hand's size (a last
    tile that may not be laid) still has its say."""
    hand = position.get("hand")
    if not isinstance(hand, list) or len(set(hand)) < 2:
        return
    tiles = sorted(set(hand))
    every = _distinct(game, game.position_moves({**position, "hand": tiles}, None))
    fitting_after: dict[Any, set[object]] = {}
    for key, move in every.items():
        rest = [tile for tile in tiles if tile != move["tile"]]
        after = game.position_moves(
            {**_after({**position, "hand": tiles}, move), "hand": rest}, None
        )
        fitting_after[key] = {later["tile"] for later in after}
    for first, second in itertools.combinations(tiles, 2):
        pair = [key for key, move in every.items() if move["tile"] in (first, second)]
        if len(pair) < FEWEST_CHOICES:
            continue
        keeping = [
            key for key in pair if ({first, second} - {every[key]["tile"]}) & fitting_after[key]
        ]
        if len(keeping) == 1:
            yield {**position, "hand": [first, second]}


QUESTIONS: dict[
    str, Callable[[GameDescriptor, Mapping[str, object]], Iterator[dict[str, object]]]
] = {
    "most_points": _as_is,
    "last_tile": _two_tile_hands,
}
"""The positions a goal asks about, from one met in a game."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A proven puzzle: where, what to find, under which scoring, and the proof."""

    game: str
    goal: str
    scoring: str | None
    position: dict[str, object]
    solution: Move
    facts: dict[str, int]

    @property
    def id(self) -> str:
        """A short name that depends on the question alone (game, goal, scoring and
        position), so the same puzzle found twice has one id."""
        question = [self.game, self.goal, self.scoring, self.position]
        digest = hashlib.sha256(json.dumps(question, sort_keys=True).encode()).hexdigest()
        return digest[:12]

    def to_dict(self) -> dict[str, object]:
        return {
            "format": PUZZLE_FORMAT,
            "id": self.id,
            "game": self.game,
            "goal": self.goal,
            "scoring": self.scoring,
            "position": self.position,
            "solution": self.solution,
            "facts": self.facts,
        }


class PuzzleError(ValueError):
    """A document that is no puzzle: names the field at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


def _field(document: Mapping[str, object], name: str, kind: type) -> Any:
    value = document.get(name)
    if not isinstance(value, kind):
        raise PuzzleError(name, f"expected {kind.__name__}, got {type(value).__name__}")
    return value


def read_puzzle(document: object, games: Mapping[str, GameDescriptor]) -> Puzzle:
    """A puzzle from its JSON form; PuzzleError names the first field at fault. An ``id``
    may be left out, but one that is not its question's is refused: a copy whose position
    was edited by hand must not pass for the puzzle it was."""
    if not isinstance(document, dict):
        raise PuzzleError("puzzle", "not a JSON object")
    if document.get("format") != PUZZLE_FORMAT:
        raise PuzzleError("format", f"expected {PUZZLE_FORMAT!r}")
    game = _field(document, "game", str)
    if game not in games:
        raise PuzzleError("game", f"unknown game {game!r}; known: {', '.join(games)}")
    goal = _field(document, "goal", str)
    if goal not in GOALS:
        raise PuzzleError("goal", f"unknown goal {goal!r}; known: {', '.join(GOALS)}")
    scoring = document.get("scoring")
    if scoring is not None and not isinstance(scoring, str):
        raise PuzzleError("scoring", "expected a string or null")
    facts = _field(document, "facts", dict)
    puzzle = Puzzle(
        game=game,
        goal=goal,
        scoring=scoring,
        position=_field(document, "position", dict),
        solution=_field(document, "solution", dict),
        facts={str(key): int(value) for key, value in facts.items()},
    )
    named = document.get("id")
    if named is not None and named != puzzle.id:
        raise PuzzleError("id", f"expected {puzzle.id!r} (its question's), got {named!r}")
    return puzzle


def prove(
    game: GameDescriptor, goal: str, position: Mapping[str, object], scoring: str | None
) -> Puzzle | None:
    """The puzzle ``goal`` makes of a position, proven; None when it makes none."""
    kept = scoring if goal in COUNTS_POINTS else None
    proof = GOALS[goal](game, position, kept)
    if proof is None:
        return None
    return Puzzle(game.name, goal, kept, dict(position), proof.solution, proof.facts)


def verify(puzzle: Puzzle, games: Mapping[str, GameDescriptor]) -> str | None:
    """Prove ``puzzle`` again from its position: None when the same solution and facts
    come out, else what differs."""
    game = games[puzzle.game]
    again = prove(game, puzzle.goal, puzzle.position, puzzle.scoring)
    if again is None:
        return "the position has no single answer to its goal"
    if _answer(game, again.solution) != _answer(game, puzzle.solution):
        return f"the solution is {again.solution}, not {puzzle.solution}"
    if again.facts != puzzle.facts:
        return f"the facts are {again.facts}, not {puzzle.facts}"
    return None


@dataclass(frozen=True, slots=True)
class Verdict:
    """A legal placement tried on a puzzle, judged by the proof's own means: whether it
    is the solution, and what it leads to (the words of an explanation)."""

    correct: bool
    points: int | None
    """What the placement scores (a ``most_points`` puzzle), as the moves list says."""
    left: str | None
    """The tile left in hand after it (a ``last_tile`` puzzle)."""
    left_fits: bool | None
    """Whether that tile still has a place once the placement is laid."""


def judge(game: GameDescriptor, puzzle: Puzzle, move: Mapping[str, object]) -> Verdict:
    """Judge a placement of the puzzle's position (IllegalMoveError when its fields do
    not read as one; the caller has the game refuse an illegal one first)."""
    placement = game.parse_placement(move)
    answer = placement.normalized()
    correct = answer == _answer(game, puzzle.solution)
    if puzzle.goal == "most_points":
        moves = _distinct(game, game.position_moves(puzzle.position, puzzle.scoring))
        played = moves.get(answer)
        points = None if played is None else int(str(played.get("score", 0)))
        return Verdict(correct, points, None, None)
    after = _after(puzzle.position, placement.to_dict())
    left = list(after["hand"])  # type: ignore[call-overload]
    fits = bool(left) and bool(game.position_moves(after, None))
    return Verdict(correct, None, str(left[0]) if left else None, fits)


def positions_from_games(
    game: GameDescriptor, seeds: Iterable[int], options: Any, seats: int = 2, bot: str = "greedy"
) -> Iterator[dict[str, object]]:
    """Each seat's position at the start of each of its turns, over bot games dealt
    from ``seeds`` (the same seeds always give the same positions)."""
    if game.position_of is None:
        return
    player = game.bots[bot]
    for seed in seeds:
        live = game.new_game(seats, seed, options)
        rng = random.Random(f"{seed}/bots")
        while not live.is_over:
            seat = live.current
            if live.draws_this_turn == 0:
                yield game.position_of(live.board, live.hands[seat])
            live.apply(seat, player(live.view_for(seat), rng))


def find_puzzles(
    game: GameDescriptor,
    goal: str,
    scoring: str | None,
    options: Any,
    seeds: Iterable[int],
) -> Iterator[Puzzle]:
    """The puzzles of ``goal`` in the positions of bot games dealt from ``seeds`` (the
    last tile's goal asks of each pair of tiles in a hand), each once (a position met
    twice is one puzzle, even with its tiles listed in another order)."""
    seen: set[str] = set()
    for met in positions_from_games(game, seeds, options):
        for position in QUESTIONS[goal](game, met):
            key = same_position(position)
            if key in seen:
                continue
            puzzle = prove(game, goal, position, scoring)
            if puzzle is not None:
                seen.add(key)
                yield puzzle


def same_position(position: Mapping[str, object]) -> str:
    """A key two documents of one position share: each list (the board's tiles, the
    hand) is read without its order, since the order a game met them in changes nothing of the
    position."""
    return json.dumps(
        {
            name: sorted(json.dumps(item, sort_keys=True) for item in value)
            if isinstance(value, list)
            else value
            for name, value in position.items()
        },
        sort_keys=True,
    )
