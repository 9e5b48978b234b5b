"""Number Line: a toy third game, built on the engine's core alone, for the tests.

It exists to prove that a new game is its own package and an adapter, and that
neither the core nor the server names a game. The rules, kept trivial:

- nine tiles, ``n1`` to ``n9``, worth their number; two players get three each;
- the first tile goes on cell 0; every other one at either end of the line,
  and only beside a tile whose number differs from its own by at most 3;
- a play scores the tile's number; a seat may draw once a turn while the bag
  holds tiles, and pass after drawing or once the bag is empty;
- the game ends when a hand is empty, or when a round of turns begun with the
  bag empty lays nothing; the best score wins.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from chromino.core.actions import Action, read_coordinates
from chromino.core.actions import parse_action as parse_any_action
from chromino.core.board import CheckedBoard
from chromino.core.bots import random_bot
from chromino.core.descriptor import GameDescriptor
from chromino.core.errors import IllegalMoveError, Reason
from chromino.core.game import Event as BaseEvent
from chromino.core.game import TileGame
from chromino.core.notation import RecordBook, RecordFields
from chromino.core.options import Flag, OptionsForm, TurnTime, option
from chromino.core.outcome import EndedBy, Outcome, best_scores
from chromino.core.setup import check_dealt_tiles, setup_record
from chromino.core.view import View as BaseView
from chromino.core.view import whole

NAME: Final = "numberline"
TILES: Final = {f"n{value}": value for value in range(1, 10)}
HAND_SIZE: Final = 3
MAX_GAP: Final = 3


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile on a cell of the line."""

    tile: str
    x: int

    def to_dict(self) -> dict[str, object]:
        return {"tile": self.tile, "x": self.x}

    def normalized(self) -> Placement:
        return self


@dataclass(frozen=True, slots=True)
class Play:
    """A legal placement and what it scores."""

    placement: Placement
    points: int

    def to_dict(self) -> dict[str, object]:
        return {**self.placement.to_dict(), "points": self.points}


class Board(CheckedBoard):
    """The line: its cells by position."""

    def __init__(self) -> None:
        self.cells: dict[int, str] = {}
        self._placements: list[Placement] = []

    @classmethod
    def from_placements(cls, placements: Iterable[Placement]) -> Board:
        board = cls()
        for placement in placements:
            board.place(placement)
        return board

    @property
    def placements(self) -> list[Placement]:
        return self._placements

    def _ends(self) -> list[int]:
        """The cells a tile may go on next, with the neighbour each must suit."""
        if not self.cells:
            return [0]
        return [min(self.cells) - 1, max(self.cells) + 1]

    def check(self, placement: Placement, /) -> None:
        if placement.x not in self._ends():
            raise IllegalMoveError(Reason.BAD_PLACEMENT, "a tile goes at either end of the line")
        neighbour = self.cells.get(placement.x - 1) or self.cells.get(placement.x + 1)
        if neighbour is not None and abs(TILES[neighbour] - TILES[placement.tile]) > MAX_GAP:
            raise IllegalMoveError(Reason.MISMATCH, f"{placement.tile} is too far from {neighbour}")

    def place(self, placement: Placement, /) -> None:
        self.cells[placement.x] = placement.tile
        self._placements.append(placement)

    def legal_placements(self, tiles: Iterable[str], /) -> list[Placement]:
        candidates = (Placement(tile, x) for tile in tiles for x in self._ends())
        return [placement for placement in candidates if self.is_legal(placement)]

    def has_legal_placement(self, tiles: Iterable[str], /) -> bool:
        return bool(self.legal_placements(tiles))


@dataclass(frozen=True, slots=True)
class Options(OptionsForm):
    open_hands: bool = option(False, Flag())
    turn_seconds: int = option(0, TurnTime())


@dataclass(frozen=True, slots=True)
class Setup:
    options: Options
    players: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    bag: tuple[str, ...]
    first: int

    def __post_init__(self) -> None:
        check_dealt_tiles(self, TILES)

    def to_record(self) -> dict[str, object]:
        return setup_record(self)


@dataclass(frozen=True, slots=True)
class Event(BaseEvent[Placement]):
    def public_json(self) -> dict[str, object]:
        return {**BaseEvent.public_json(self), "points": self.points, "finished": self.finished}


def _playable(hand: Sequence[str], drawn_tile: str | None) -> list[str]:
    return [drawn_tile] if drawn_tile is not None else list(dict.fromkeys(hand))


def _draw_refusal(bag: int, draws: int) -> IllegalMoveError | None:
    if bag == 0:
        return IllegalMoveError(Reason.BAG_EMPTY, "the bag is empty")
    if draws:
        return IllegalMoveError(Reason.DRAW_LIMIT, "one draw a turn")
    return None


def _pass_refusal(bag: int, draws: int) -> IllegalMoveError | None:
    if bag and not draws:
        return IllegalMoveError(Reason.PASS_NOT_ALLOWED, "draw before passing")
    return None


@dataclass(frozen=True, slots=True)
class View(BaseView[Options, Board, Placement]):
    options_type = Options
    board_type = Board

    def _playable(self, hand: Sequence[str], drawn_tile: str | None) -> list[str]:
        return _playable(hand, drawn_tile)

    def legal_plays(self) -> list[Play]:
        return [Play(p, TILES[p.tile]) for p in self.legal_placements()]

    def can_draw(self) -> bool:
        return self.is_my_turn and _draw_refusal(self.bag_count, self.draws_this_turn) is None

    def can_pass(self) -> bool:
        return self.is_my_turn and _pass_refusal(self.bag_count, self.draws_this_turn) is None

    @classmethod
    def _placement_from(cls, item: Mapping[str, object]) -> Placement:
        return Placement(str(item["tile"]), whole(item["x"]))


class Game(TileGame[Placement, Event, View]):
    record_format = "numberline-game/1"
    tile_names = TILES
    event_type = Event
    view_type = View
    board: Board
    options: Options

    @staticmethod
    def _deal(players: Sequence[str], seed: int | str, options: Options | None) -> Setup:
        tiles = list(TILES)
        random.Random(seed).shuffle(tiles)
        count = len(players)
        hands = tuple(tuple(tiles[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(count))
        return Setup(
            options or Options(), tuple(players), hands, tuple(tiles[count * HAND_SIZE :]), 0
        )

    def _new_board(self, setup: Setup) -> Board:
        return Board()

    def _playable(self, hand: Sequence[str], drawn_tile: str | None) -> list[str]:
        return _playable(hand, drawn_tile)

    def _draw_refusal(self, seat: int) -> IllegalMoveError | None:
        return _draw_refusal(len(self.bag), self._turn.draws)

    def _pass_refusal(self, seat: int) -> IllegalMoveError | None:
        return _pass_refusal(len(self.bag), self._turn.draws)

    def _timeout_penalty(self) -> int:
        return 0

    def _play(self, seat: int, action: Action[Placement], placement: Placement) -> Event:
        self.board.place(placement)
        hand = self.hands[seat]
        hand.remove(placement.tile)
        points = TILES[placement.tile]
        self.scores[seat] += points
        return self._end_turn(Event(seat, action, points=points, went_out=not hand), placed=True)

    def _ended_by(self, event: Event) -> EndedBy | None:
        if event.went_out:
            return EndedBy.OUT
        return EndedBy.BLOCKED if self._blocked else None

    def _finish(self, event: Event, ended_by: EndedBy) -> Event:
        outcome = Outcome(ended_by, best_scores(self.scores), tuple(self.scores))
        return self._finished(event, outcome)


def tile_named(name: object) -> str:
    if isinstance(name, str) and name in TILES:
        return name
    raise ValueError(f"unknown tile {name!r}")


class _Named(str):
    @property
    def name(self) -> str:
        return str(self)


def parse_placement(data: Mapping[str, object]) -> Placement:
    tile = data.get("tile")
    if not isinstance(tile, str) or tile not in TILES:
        raise IllegalMoveError(Reason.UNKNOWN_TILE, f"unknown tile {tile!r}")
    x, _ = read_coordinates({"x": data.get("x"), "y": 0}, 100)
    return Placement(tile, x)


def parse_action(data: Mapping[str, object]) -> Action[Placement]:
    return parse_any_action(data, parse_placement)


def _setup_of(fields: RecordFields) -> Setup:
    return Setup(fields.options, fields.players, fields.hands, fields.bag, fields.first)


RECORDS: Final = RecordBook(
    Game, Options, lambda name: _Named(tile_named(name)), parse_placement, _setup_of
)

POSITION_FORMAT: Final = "numberline-position/1"


def position_of(board: Board, hand: Sequence[str]) -> dict[str, object]:
    """A position document: the line's tiles in the order laid, and a hand."""
    return {
        "format": POSITION_FORMAT,
        "board": [placement.to_dict() for placement in board.placements],
        "hand": list(hand),
    }


def position_moves(document: object, scoring: str | None) -> list[dict[str, object]]:
    """Every legal placement of the hand's tiles on a position's line, with its points."""
    if not isinstance(document, Mapping):
        raise ValueError("a position is a JSON object")
    board = Board.from_placements(parse_placement(item) for item in document["board"])
    hand = [tile_named(name) for name in document["hand"]]
    return [
        {**placement.to_dict(), "score": TILES[placement.tile]}
        for placement in board.legal_placements(hand)
    ]


GAME: Final = GameDescriptor(
    name=NAME,
    title="Number Line",
    game_type=Game,
    options_type=Options,
    bots={"random": random_bot},
    parse_placement=parse_placement,
    parse_action=parse_action,
    setup_from_record=RECORDS.setup_from_record,
    max_players=2,
    position_format=POSITION_FORMAT,
    replay=RECORDS.replay,
    position_moves=position_moves,
    position_of=position_of,
    table_options=lambda ruleset, scoring: Options(),
    describe_options=lambda ruleset, scoring: "",
)
"""Number Line as the engine's registry would hold it (the tests add it themselves)."""
