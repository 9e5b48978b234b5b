"""Hand-made games and boards for the rule-by-rule tests (tests/test_rules_*.py).

A scenario fixes everything a seed would otherwise choose: the starting tile,
each hand, the bag in drawing order and the first player. Extra board tiles
can be laid around the starting tile *without* the rules (the way a position
document is read), to reach a shape a short game would take many moves to
build.

The worked examples of docs/rules.md sections 3 and 6 are data, in
``tests/data/placements.json``; :data:`PLACEMENT_EXAMPLES` reads them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from chromino.games.chromino.board import Board
from chromino.games.chromino.game import Game, Setup
from chromino.games.chromino.options import GameOptions
from chromino.games.chromino.placement import Placement
from support.engine.steps import draw, lay_unchecked, pass_turn, play, refusal_checks, timeout

START: Final = Placement("BXY", 0, 0, "E")
"""The usual scenario start: B(0,0) X(1,0) Y(2,0), as in the worked examples."""

DATA: Final = Path(__file__).resolve().parents[2] / "data"
"""Files the tests read: they live in the repository, beside the tests."""


def at(tile: str, x: int, y: int, direction: str = "E") -> Placement:
    """Shorthand for a placement: first letter of ``tile`` on (x, y), then along ``direction``."""
    return Placement(tile, x, y, direction)


def make_setup(
    hands: Sequence[Sequence[str]],
    *,
    start: Placement = START,
    bag: Sequence[str] = (),
    first: int = 0,
    options: GameOptions | None = None,
    players: Sequence[str] | None = None,
) -> Setup:
    """A setup with chosen hands, bag (drawing order) and first seat; seats named p0, p1, ..."""
    names = tuple(players) if players is not None else tuple(f"p{i}" for i in range(len(hands)))
    dealt = tuple(tuple(hand) for hand in hands)
    return Setup(options or GameOptions(), names, start, dealt, tuple(bag), first)


def make_game(
    hands: Sequence[Sequence[str]],
    *,
    start: Placement = START,
    bag: Sequence[str] = (),
    first: int = 0,
    options: GameOptions | None = None,
    board: Sequence[Placement] = (),
    **option_values: object,
) -> Game:
    """``Game(setup)`` for a hand-made setup, with ``board`` tiles laid unchecked after the start.

    Options come either as a ready :class:`GameOptions` or as keyword values
    (``scoring="expert"``); not both.
    """
    if option_values:
        assert options is None, "pass options or option values, not both"
        options = GameOptions.from_dict(option_values)
    game = Game(make_setup(hands, start=start, bag=bag, first=first, options=options))
    used = {start.tile, *bag, *(name for hand in hands for name in hand)}
    laid: Game = lay_unchecked(game, board, used)
    return laid


def board_of(*placements: Placement, junior: bool = False) -> Board:
    """A board laid without the rules (as a position document is read)."""
    return Board.from_placements(placements, junior=junior)


# --- the 8-contact board -------------------------------------------------------

EIGHT_CONTACT_BOARD: Final = (
    at("PXR", -1, -1),  # P(-1,-1) X(0,-1) R(1,-1)
    at("RRY", 2, -1),  # R(2,-1) R(3,-1) Y(4,-1)
    at("GXR", -1, 1),  # G(-1,1) X(0,1) R(1,1)
    at("BRR", 4, 1, "W"),  # B(4,1) R(3,1) R(2,1)
    at("GRR", -3, 0),  # G(-3,0) R(-2,0) R(-1,0)
    at("PPR", 5, 0, "W"),  # P(5,0) P(4,0) R(3,0)
)
"""Tiles around the hole (0,0)-(2,0): every one of its 8 neighbour cells is R or X.

::

         x: -3 -2 -1  0  1  2  3  4  5
    y=-1          P  X  R  R  R  Y
    y= 0    G  R  R  .  .  .  R  P  P
    y= 1          G  X  R  R  R  B
"""

EIGHT_CONTACT_PLAY: Final = at("RRR", 0, 0)
"""RRR in the hole: 3 + 2 + 3 = 8 contacts, all matching."""


# --- the worked examples of docs/rules.md sections 3 and 6 ----------------------


@dataclass(frozen=True)
class Example:
    """One worked example: a board, a placement, and what the rule book says of it."""

    board: tuple[Placement, ...]
    ruleset: str
    placement: Placement
    legal: bool
    contacts: int | None
    why: str
    score: dict[str, int] | None = None


def example_from_json(data: dict[str, object]) -> Example:
    """An :class:`Example` from one entry of ``tests/data/placements.json``."""

    def placement(raw: object) -> Placement:
        assert isinstance(raw, dict)
        return Placement(raw["tile"], raw["x"], raw["y"], raw["dir"])

    board = data["board"]
    assert isinstance(board, list)
    ruleset, legal, contacts, why = data["ruleset"], data["legal"], data["contacts"], data["why"]
    assert isinstance(ruleset, str) and isinstance(legal, bool) and isinstance(why, str)
    assert contacts is None or isinstance(contacts, int)
    score = data.get("score")
    assert score is None or isinstance(score, dict)
    return Example(
        tuple(placement(p) for p in board),
        ruleset,
        placement(data["placement"]),
        legal,
        contacts,
        why,
        score,
    )


def _read_examples() -> tuple[Example, ...]:
    data = json.loads((DATA / "placements.json").read_text(encoding="utf-8"))
    return tuple(example_from_json(raw) for raw in data["examples"])


PLACEMENT_EXAMPLES: Final = _read_examples()
"""The worked examples, in the order of the file (tests refer to some by number)."""


refused, refused_play = refusal_checks(lambda game: game.board.window_count())
"""Assert that an action (or a play) is refused and that the refusal changed nothing,
the board's window index included; give the reason."""

__all__ = ["draw", "pass_turn", "play", "refused", "refused_play", "timeout"]
