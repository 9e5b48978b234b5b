"""The engine's fast move generator against the slow reference of ``reference.py``.

Random boards are grown by laying random tiles where the reference says they
are legal, in both rule sets, from 1 to 45 tiles. At every size a random hand
of 1 to 8 tiles not on the board is dealt, and the engine must agree with the
reference on: the set of physical legal placements (from scratch and from a
board built one ``place()`` at a time), each one's contacts and points in
every scoring, and the refusal of illegal placements.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

import pytest
from support.engine import reference as ref
from support.engine.steps import refuses_as_the_reference

from chromino.core.errors import IllegalMoveError
from chromino.games.chromino.board import Board
from chromino.games.chromino.placement import COORDINATE_LIMIT, Placement
from chromino.games.chromino.scoring import placement_points
from chromino.games.chromino.tiles import ALL_NAMES, CHAMELEON_NAMES

SEED = 20_240_601
MAX_BOARD = 45
BOARDS_PER_RULESET = {"standard": 24, "junior": 24}
FULL_HAND_RATE = 1 / 40
"""How often the hand is every tile not on the board, instead of 1 to 8 tiles."""
RANDOM_PROBES = 12
"""Random (mostly illegal) placements tried per position."""

Physical = frozenset[tuple[int, int, str]]


# --- the reference itself, on the rule book's own examples ---------------------


def _p(tile: str, x: int, y: int, direction: str) -> Placement:
    return Placement(tile, x, y, direction)


BXY = [_p("BXY", 0, 0, "E")]
"""B(0,0) X(1,0) Y(2,0): the starting tile of most worked examples."""


class Example(NamedTuple):
    ruleset: str
    board: list[Placement]
    placement: Placement
    legal: bool
    contacts: int | None
    """None when the placement covers a board square."""
    scores: tuple[int, int, int] | None
    """expert, segments, segments-multiply (for a legal placement)."""


WORKED_EXAMPLES = [
    ("standard", BXY, _p("BBB", 0, 1, "E"), False, 3, None),
    ("standard", BXY, _p("BBY", 0, 1, "E"), True, 3, (5, 18, 18)),
    ("standard", BXY, _p("YYY", 3, 0, "E"), False, 1, None),
    ("standard", BXY, _p("RRR", 1, 1, "S"), False, 1, None),
    ("standard", BXY, _p("BBY", 0, 0, "S"), False, None, None),
    ("standard", BXY, _p("PXR", 0, 1, "E"), False, 3, None),
    ("standard", BXY, _p("BXG", 0, 1, "E"), False, 3, None),
    ("standard", BXY, _p("BBY", 0, -1, "E"), True, 3, (5, 18, 18)),
    ("junior", BXY, _p("YYY", 3, 0, "E"), True, 1, (4, 5, 4)),
    ("junior", BXY, _p("RRR", 1, 1, "S"), True, 1, (4, 5, 5)),
    ("junior", BXY, _p("RRR", 1, 3, "N"), True, 1, (4, 5, 5)),
    ("junior", BXY, _p("GXR", 3, -1, "S"), True, 1, (6, 8, 8)),
    ("junior", BXY, _p("BBB", 0, 1, "S"), False, 1, None),
    ("junior", BXY, _p("BBY", 0, 1, "E"), False, 3, None),
    ("junior", BXY, _p("RRR", 3, 0, "E"), False, 1, None),
    ("junior", BXY, _p("GXR", 1, 1, "E"), False, 2, None),
    ("junior", BXY, _p("PXR", 0, 1, "E"), False, 3, None),
    ("junior", BXY, _p("PXR", -1, -1, "S"), True, 1, (6, 8, 8)),
    ("junior", BXY, _p("BXG", -1, 0, "W"), True, 1, (6, 8, 16)),
    (
        "standard",
        [
            _p("GXR", 0, 0, "E"),
            _p("BGB", -1, 1, "E"),
            _p("BRB", 1, -1, "E"),
            _p("RBY", 2, -2, "W"),
            _p("BYP", 1, -3, "W"),
            _p("RPY", -2, -4, "E"),
            _p("PYR", -1, -5, "E"),
            _p("PRY", 2, -6, "W"),
            _p("GPR", 3, -7, "W"),
            _p("PRR", 2, -8, "W"),
            _p("GRR", -1, -9, "E"),
            _p("RGR", -2, -10, "E"),
        ],
        _p("BBR", 3, -10, "W"),
        True,
        2,
        (6, 9, 10),
    ),
]


@pytest.mark.parametrize("example", [Example(*row) for row in WORKED_EXAMPLES])
def test_reference_follows_the_rule_book_examples(example: Example) -> None:
    ruleset, board, placement, legal, contacts, scores = example
    analysis = ref.analyse(ref.ReferenceBoard(board), placement)
    assert analysis.is_legal(ruleset) is legal
    assert ref.is_legal(board, placement, ruleset) is legal
    if contacts is None:
        assert analysis.overlap
    else:
        assert not analysis.overlap
        assert len(analysis.contacts) == contacts
    if scores is not None:
        expected = dict(zip(("expert", "segments", "segments-multiply"), scores, strict=True))
        for scoring, points in expected.items():
            assert ref.points(board, placement, scoring) == points
        assert ref.points(board, placement, "none") == 0


def test_reference_names_each_physical_placement_once() -> None:
    # BGB is symmetric: laid E from (1, 1) and W from (3, 1) are one placement.
    board = [_p("BXG", 0, 0, "E")]
    legal = ref.all_legal_placements(board, ["BGB"], "standard")
    assert ref.physical(_p("BGB", 1, 1, "E")) == ref.physical(_p("BGB", 3, 1, "W"))
    assert set(legal) == {ref.physical(_p("BGB", 1, 1, "E")), ref.physical(_p("BGB", 3, -1, "W"))}
    # RGB is not: the two readings are different placements.
    assert ref.physical(_p("RGB", 0, 0, "E")) != ref.physical(_p("RGB", 2, 0, "W"))


# --- random positions --------------------------------------------------------------


@dataclass
class Position:
    """One random position: the board so far, a hand, and the engine's two boards."""

    ruleset: str
    board: list[Placement]
    hand: list[str]
    incremental: Board
    legal: dict[Physical, Placement] | None = None
    """The reference's legal placements, once checked: the board grows from them."""


def _random_spelling(rng: random.Random, placement: Placement) -> Placement:
    """The same physical placement, spelled from either end when the tile allows it."""
    if placement.tile != placement.tile[::-1] or rng.random() < 0.5:
        return placement
    x, y, _ = placement.cells()[2]
    opposite = {"E": "W", "W": "E", "S": "N", "N": "S"}[placement.dir]
    return Placement(placement.tile, x, y, opposite)


def _grow_target(rng: random.Random, board: list[Placement], ruleset: str) -> Placement | None:
    """A random legal placement of some tile not yet on the board, or None when stuck."""
    used = {p.tile for p in board}
    rest = [name for name in ALL_NAMES if name not in used]
    rng.shuffle(rest)
    reference_board = ref.ReferenceBoard(board)
    for start in range(0, len(rest), 8):
        legal = ref.all_legal_placements(reference_board, rest[start : start + 8], ruleset)
        if legal:
            return rng.choice(list(legal.values()))
    return None


def random_positions(ruleset: str, boards: int, seed: int) -> Iterator[Position]:
    """Grow ``boards`` random boards to 45 tiles, yielding a position at every size."""
    rng = random.Random(f"{seed}-{ruleset}")
    for _ in range(boards):
        start_tile = rng.choice(CHAMELEON_NAMES if rng.random() < 0.5 else ALL_NAMES)
        start = Placement(start_tile, rng.randint(-3, 3), rng.randint(-3, 3), rng.choice("ESWN"))
        board = [start]
        incremental = Board(junior=ruleset == "junior")
        incremental.place(start)
        while True:
            used = {p.tile for p in board}
            rest = [name for name in ALL_NAMES if name not in used]
            hand = rng.sample(rest, rng.randint(1, min(8, len(rest))))
            position = Position(ruleset, list(board), hand, incremental)
            yield position
            if len(board) >= MAX_BOARD:
                break
            # Grow with a tile of the hand when one fits (the caller has filled in
            # the reference's answer), else with any tile that fits.
            if position.legal:
                chosen: Placement | None = rng.choice(list(position.legal.values()))
            else:
                chosen = _grow_target(rng, board, ruleset)
            if chosen is None:
                break
            chosen = _random_spelling(rng, chosen)
            board.append(chosen)
            incremental.place(chosen)


def _engine_contacts(
    board: Board, placement: Placement
) -> Counter[tuple[int, str, str, int, bool]]:
    return Counter(
        (c.new_index, c.new_letter, c.board_letter, c.board_tile, c.is_end_to_end(placement.axis))
        for c in board.contacts(placement)
    )


def _reference_contacts(analysis: ref.Analysis) -> Counter[tuple[int, str, str, int, bool]]:
    return Counter(
        (c.new.nth, c.new.letter, c.old.letter, c.old.placement_number, c.end_to_end)
        for c in analysis.contacts
    )


def _probe(rng: random.Random, reference_board: ref.ReferenceBoard, names: list[str]) -> Placement:
    """A random placement: anywhere in the box, or with a square on the board's fringe."""
    name = rng.choice(names)
    direction = rng.choice("ESWN")
    if rng.random() < 0.3:
        min_x, min_y, max_x, max_y = reference_board.bounding_box(3)
        return Placement(name, rng.randint(min_x, max_x), rng.randint(min_y, max_y), direction)
    fx, fy = rng.choice(sorted(reference_board.fringe))
    dx, dy = ref.STEP[direction]
    back = rng.randint(0, 2)
    return Placement(name, fx - back * dx, fy - back * dy, direction)


def check_position(position: Position, rng: random.Random, hand: list[str]) -> None:
    """Every comparison between the engine and the reference for one position."""
    ruleset = position.ruleset
    junior = ruleset == "junior"
    reference_board = ref.ReferenceBoard(position.board)
    expected = ref.all_legal_placements(reference_board, hand, ruleset)
    position.legal = expected

    scratch = Board.from_placements(position.board, junior=junior)
    produced = list(scratch.legal_placements(hand))
    physical = [ref.physical(p) for p in produced]
    assert len(physical) == len(set(physical)), "a physical placement was listed twice"
    assert set(physical) == set(expected), (
        f"{ruleset} board {position.board} hand {hand}: engine-only "
        f"{[p for p in produced if ref.physical(p) not in expected]}, reference-only "
        f"{[p for k, p in expected.items() if k not in set(physical)]}"
    )
    assert scratch.has_legal_placement(hand) is bool(expected)

    # The board grown one place() at a time is the same board.
    incremental = position.incremental
    assert incremental.placements == position.board
    assert incremental.window_count() == scratch.window_count()
    assert set(incremental.legal_placements(ALL_NAMES)) == set(scratch.legal_placements(ALL_NAMES))
    for (x, y), square in reference_board.squares.items():
        assert incremental.letter_at(x, y) == square.letter
    for x, y in reference_board.fringe:
        assert incremental.letter_at(x, y) is None

    # Every legal placement: accepted, in either spelling, with the reference's
    # contacts and points.
    for placement in produced:
        analysis = ref.analyse(reference_board, placement)
        assert analysis.is_legal(ruleset)
        count = len(analysis.contacts)
        assert scratch.check(placement) == count
        assert scratch.check(_random_spelling(rng, placement)) == count
        assert scratch.contact_count(placement) == count
        assert incremental.contact_count(placement) == count
        assert _engine_contacts(scratch, placement) == _reference_contacts(analysis)
        for scoring in ref.SCORINGS:
            assert placement_points(scratch, placement, scoring) == ref.points(
                reference_board, placement, scoring
            ), (scoring, placement)

    # Random placements, mostly illegal: the checked path refuses exactly those.
    for _ in range(RANDOM_PROBES):
        placement = _probe(rng, reference_board, hand)
        analysis = ref.analyse(reference_board, placement)
        violations = analysis.violations(ruleset)
        assert analysis.is_legal(ruleset) == (not violations)
        for board in (scratch, incremental):
            if not refuses_as_the_reference(board, placement, violations):
                assert board.check(placement) == len(analysis.contacts)
        assert (ref.physical(placement) in expected) == (not violations)


@pytest.mark.parametrize("ruleset", ["standard", "junior"])
def test_engine_agrees_with_reference_on_random_positions(ruleset: str) -> None:
    rng = random.Random(SEED)
    sizes: Counter[int] = Counter()
    with_plays = 0
    for position in random_positions(ruleset, BOARDS_PER_RULESET[ruleset], SEED):
        hand = position.hand
        if rng.random() < FULL_HAND_RATE:
            used = {p.tile for p in position.board}
            hand = [name for name in ALL_NAMES if name not in used]
        check_position(position, rng, hand)
        sizes[len(position.board)] += 1
        with_plays += bool(position.legal)
    # The run really covered boards of every size, and positions with plays.
    assert set(sizes) == set(range(1, MAX_BOARD + 1))
    assert sum(sizes.values()) >= 1000
    assert with_plays >= sum(sizes.values()) // 2


def test_far_placements_never_alias_board_cells() -> None:
    """The engine packs cells into ints: a far placement must not pass for a near one."""
    board = Board.from_placements(BXY)
    legal = _p("BBY", 0, 1, "E")
    assert board.check(legal) == 3
    for far in (
        _p("BBY", -1, 1 + 4096, "E"),
        _p("BBY", 1, 1 - 4096, "E"),
        _p("BBY", 4096, 1, "E"),
        _p("BBY", COORDINATE_LIMIT + 1, 1, "E"),
    ):
        with pytest.raises(IllegalMoveError):
            board.check(far)
        assert not board.is_legal(far)
