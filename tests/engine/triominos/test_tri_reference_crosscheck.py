"""The engine's incremental move generator against the slow reference of ``tri_reference.py``.

Random boards are grown by laying random tiles where the reference says they
may go (often where they touch most, so that hexagons and bridges come up),
and, for unchecked positions, by laying tiles on any cell beside the board
whatever the numbers (points where board tiles disagree). At every size a
random hand is dealt from the tiles left, and the engine must agree with the
reference on: the set of physical legal placements (from scratch and on a
board grown one ``place()`` at a time), each one's points and figure, every
corner's number, and the refusal — with its reason — of random placements.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from support.engine import tri_reference as ref
from support.engine.steps import refuses_as_the_reference
from support.engine.tri_scenarios import (
    BRIDGE_BOARD,
    DOUBLE_HEXAGON_BOARD,
    HEXAGON_BOARD,
    TRIPLE_HEXAGON_BOARD,
    at,
)

from chromino.core.errors import IllegalMoveError
from chromino.games.triominos.board import Board
from chromino.games.triominos.placement import Placement
from chromino.games.triominos.tiles import ALL_NAMES

SEED = 20_250_301
LEGAL_BOARDS = 48
CARELESS_BOARDS = 10
MAX_BOARD = 47
RANDOM_PROBES = 10
COMPACT = 0.7
"""How often growth takes a placement touching the most sides."""
FIGURES = 0.7
"""How often growth takes a placement making a figure, when there is one."""

Physical = tuple[str, int, int, tuple[int, ...]]

FIGURE_STARTS = (
    (TRIPLE_HEXAGON_BOARD, "015"),
    (DOUBLE_HEXAGON_BOARD, "044"),
    (HEXAGON_BOARD, "113"),
    (BRIDGE_BOARD, "003"),
)
"""Boards of tri_scenarios.py with the tile that makes their figure: random growth
hardly ever leaves a hole that two or three hexagons close around."""


@dataclass
class Position:
    """One random position: the board so far, a hand, the board grown by place(),
    and the reference's view of it."""

    board: list[Placement]
    hand: list[str]
    incremental: Board
    reference: ref.ReferenceBoard
    legal: dict[Physical, ref.Laid]


def _sides_shared(reference: ref.ReferenceBoard, placement: Placement) -> int:
    cell = (placement.x, placement.y)
    return sum(other in reference.cells for other in ref.side_neighbours(cell))


def _grow(
    rng: random.Random, board: Board, reference: ref.ReferenceBoard, rest: list[str]
) -> Placement | None:
    """The next tile: often one that makes a figure, or touches the most sides (holes
    make hexagons), else any. Only the choice comes from the engine's listing; every
    position is then compared with the reference."""
    plays = list(board.legal_plays(rest))
    if not plays:
        return None
    if rng.random() < FIGURES:
        figures = [play for play in plays if play.figure is not None]
        plays = figures or plays
    placements = [play.placement for play in plays]
    if rng.random() < COMPACT:
        most = max(_sides_shared(reference, p) for p in placements)
        placements = [p for p in placements if _sides_shared(reference, p) == most]
    return rng.choice(placements)


def _careless(rng: random.Random, reference: ref.ReferenceBoard, rest: list[str]) -> Placement:
    """Any unused tile on any cell beside the board, whatever the numbers."""
    cells = sorted(reference.cells_beside()) or [(0, 0)]
    x, y = rng.choice(cells)
    return Placement(rng.choice(rest), x, y, rng.randrange(3))


def random_positions(seed: int, *, careless: bool, boards: int) -> Iterator[Position]:
    """Grow ``boards`` boards tile by tile, yielding a position at every size (empty first)."""
    rng = random.Random(f"{seed}-{careless}")
    for number in range(boards):
        board: list[Placement] = []
        closing = None
        if not careless and number % 4 == 0:
            start, closing = FIGURE_STARTS[number // 4 % len(FIGURE_STARTS)]
            board = list(start)
        incremental = Board.from_placements(board)
        while True:
            used = {p.tile for p in board}
            rest = [name for name in ALL_NAMES if name not in used]
            size = 1 + min(int(rng.expovariate(1 / 6)), len(rest) - 1)
            if rng.random() < 1 / 30:
                size = len(rest)  # now and then every tile left
            hand = rng.sample(rest, size)
            if closing in rest and closing not in hand and rng.random() < 0.5:
                hand.append(closing)
            reference = ref.ReferenceBoard(board)
            yield Position(list(board), hand, incremental, reference, reference.all_legal(hand))
            if len(board) >= MAX_BOARD or len(rest) <= 1:
                break
            if careless and board:
                chosen: Placement | None = _careless(rng, reference, rest)
            else:
                chosen = _grow(rng, incremental, reference, rest)
            if chosen is None:
                break
            board.append(chosen)
            incremental.place(chosen)


def _probe(rng: random.Random, reference: ref.ReferenceBoard, names: list[str]) -> Placement:
    """A random placement: anywhere near the board, often on a cell beside it."""
    name = rng.choice(names)
    rot = rng.randrange(3)
    beside = sorted(reference.cells_beside())
    if beside and rng.random() < 0.7:
        x, y = rng.choice(beside)
        return at(name, x, y, rot)
    return at(name, rng.randint(-6, 6), rng.randint(-5, 5), rot)


def check_position(position: Position, rng: random.Random, seen: Counter[str]) -> None:
    """Every comparison between the engine and the reference for one position."""
    reference = position.reference
    expected = position.legal
    scratch = Board.from_placements(position.board)
    incremental = position.incremental
    for board in (scratch, incremental):
        plays = list(board.legal_plays(position.hand))
        physical = [ref.physical(play.placement) for play in plays]
        assert len(physical) == len(set(physical)), "a physical placement was listed twice"
        assert set(physical) == set(expected), (
            f"board {position.board} hand {position.hand}: "
            f"engine only {[p for p in physical if p not in expected]}, "
            f"reference only {[k for k in expected if k not in set(physical)]}"
        )
        assert [p.placement for p in plays] == list(board.legal_placements(position.hand))
        assert board.has_legal_placement(position.hand) is bool(expected)
        for play in plays:
            figure = reference.figure(play.placement)
            assert (play.points, play.figure) == (reference.points(play.placement), figure)
            assert play.placement.rot == 0 or play.placement.tile[0] != play.placement.tile[2]
            board.check(play.placement)
            seen[figure or "plain"] += 1
    # Both boards hold the same tiles and show the same number on every point.
    assert incremental.placements == position.board
    assert set(incremental.open_cells()) == set(scratch.open_cells()) == reference.cells_beside()
    for point, shown in reference.shown.items():
        number = shown[0] if len(set(shown)) == 1 else None
        assert scratch.number_at(*point) == incremental.number_at(*point) == number
        seen["conflict" if number is None else "point"] += 1
    # Random placements, mostly illegal: refused exactly when the reference says,
    # and for one of the reasons it finds.
    for _ in range(RANDOM_PROBES):
        placement = _probe(rng, reference, position.hand)
        violations = reference.violations(placement)
        for board in (scratch, incremental):
            if not refuses_as_the_reference(board, placement, violations):
                board.check(placement)
                assert ref.physical(placement) in expected


@pytest.mark.parametrize(
    ("careless", "boards"),
    [(False, LEGAL_BOARDS), (True, CARELESS_BOARDS)],
    ids=["legal", "careless"],
)
def test_engine_agrees_with_the_reference_on_random_positions(careless: bool, boards: int) -> None:
    rng = random.Random(SEED)
    sizes: Counter[int] = Counter()
    seen: Counter[str] = Counter()
    for position in random_positions(SEED, careless=careless, boards=boards):
        check_position(position, rng, seen)
        sizes[len(position.board)] += 1
    assert sum(sizes.values()) >= 20 * boards
    assert set(range(20)) <= set(sizes)
    if careless:
        assert seen["conflict"] > 0
    else:
        # The run really met every figure, boards of 40 tiles and more, and never a conflict.
        figures = ("hexagon", "double_hexagon", "triple_hexagon", "bridge")
        assert min(seen[figure] for figure in figures) > 0, seen
        assert max(sizes) >= 40
        assert seen["conflict"] == 0


def test_reference_and_engine_agree_on_the_book_examples() -> None:
    board = [at("345", 0, 0, 0)]
    legal = ref.ReferenceBoard(board).all_legal(["334", "344", "455", "445", "555"])
    assert {(laid.tile, laid.x, laid.y, laid.rot) for laid in legal.values()} == {
        ("334", 1, 0, 2),
        ("344", 1, 0, 2),
        ("455", 0, 1, 1),
        ("445", 0, 1, 1),
    }
    produced = Board.from_placements(board).legal_placements(["334", "344", "455", "445", "555"])
    assert {ref.physical(p) for p in produced} == set(legal)


def test_far_placements_never_alias_board_cells() -> None:
    """The engine packs cells into ints: a far cell must not pass for a near one."""
    board = Board.from_placements([at("345", 0, 0, 0)])
    assert board.is_legal(at("334", 1, 0, 2))
    for far in (at("334", 1, 4096, 2), at("334", 4097, 0, 2), at("334", 1001, 0, 2)):
        with pytest.raises(IllegalMoveError):
            board.check(far)
