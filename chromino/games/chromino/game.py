"""A game of Chromino: setup, turns, the end and the scores (docs/rules.md sections 2, 4, 5, 7).

The turn engine is the shared one (:class:`~chromino.core.game.TileGame`);
Chromino brings its hooks: the board with its start tile, the last-chameleon
rule, drawing and passing by its options, scoring by the chosen scoring, and
its end: the round is finished once a player has gone out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...core.actions import Action
from ...core.errors import IllegalMoveError, InvalidSetupError, Reason
from ...core.game import Event as BaseEvent
from ...core.game import TileGame
from ...core.outcome import AS_IT_STANDS, EndedBy, Outcome
from ...core.setup import check_dealt_tiles, setup_record
from .board import Board
from .options import MAX_PLAYERS, GameOptions
from .placement import DIRECTIONS, Placement
from .reasons import ChrominoReason
from .scoring import TIMEOUT_PENALTY, hand_penalty, placement_points
from .tiles import ALL_NAMES, CHAMELEON_NAMES, TILES, TRICOLOR_NAMES
from .turns import draw_refusal, pass_refusal, playable_tiles
from .view import View

RECORD_FORMAT: Final = "chromino-game/1"


@dataclass(frozen=True, slots=True)
class Event(BaseEvent[Placement]):
    """What one applied action did; ``drawn`` is private to ``seat``."""

    revealed: tuple[tuple[int, str], ...] = ()
    """Seats whose hand just became a single face-up tile, with that tile."""

    def public_json(self) -> dict[str, object]:
        """What every viewer is told: points of a play or a timeout, whether a timeout
        took a penalty tile, who went out, the hands turned face up, the end."""
        data = BaseEvent.public_json(self)
        kind = self.action.kind
        if kind in ("play", "timeout"):
            data["points"] = self.points
        if kind == "timeout":
            data["penalty_tile"] = self.drawn is not None
        data["went_out"] = self.went_out
        data["revealed"] = [{"seat": seat, "tile": tile} for seat, tile in self.revealed]
        data["finished"] = self.finished
        return data


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything fixed before the first move: enough, with the moves, to replay a game."""

    options: GameOptions
    players: tuple[str, ...]
    start: Placement
    hands: tuple[tuple[str, ...], ...]
    bag: tuple[str, ...]
    first: int

    def to_record(self) -> dict[str, object]:
        """The setup's fields of a ``chromino-game/1`` record (the start tile after the
        players)."""
        return setup_record(self, start=self.start.to_dict())

    def __post_init__(self) -> None:
        _check_setup(self)


class Game(TileGame[Placement, Event, View]):
    """The live state of one game. Build it with :meth:`new` or :meth:`from_setup`."""

    record_format = RECORD_FORMAT
    tile_names = TILES
    event_type = Event
    view_type = View
    board: Board
    setup: Setup
    options: GameOptions

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.went_out: list[int] = []

    @staticmethod
    def _deal(players: Sequence[str], seed: int | str, options: GameOptions | None) -> Setup:
        return deal(players, seed, options or GameOptions())

    # --- the hooks of the shared engine -------------------------------------

    def _new_board(self, setup: Setup) -> Board:
        board = Board(junior=setup.options.junior)
        board.place(setup.start)
        return board

    def _playable(self, hand: Sequence[str], drawn_tile: str | None) -> list[str]:
        return playable_tiles(hand, drawn_tile)

    def _form_refusal(self, placement: Placement) -> IllegalMoveError | None:
        if placement.dir not in DIRECTIONS:
            return IllegalMoveError(Reason.BAD_PLACEMENT, "dir must be one of E, S, W, N")
        return None

    def _last_tile_refusal(self, hand: Sequence[str], tile: str) -> IllegalMoveError | None:
        if len(hand) == 1 and TILES[tile].is_chameleon:
            return IllegalMoveError(
                ChrominoReason.LAST_TILE_CHAMELEON, "a chameleon can never be the last tile played"
            )
        return None

    def _draw_refusal(self, seat: int) -> IllegalMoveError | None:
        return draw_refusal(
            self.options, len(self.bag), self._turn.draws, lambda: self.has_legal_play(seat)
        )

    def _pass_refusal(self, seat: int) -> IllegalMoveError | None:
        return pass_refusal(len(self.bag), self._turn.draws, lambda: self.has_legal_play(seat))

    def _timeout_penalty(self) -> int:
        return TIMEOUT_PENALTY if self.options.scored else 0

    def _play(self, seat: int, action: Action[Placement], placement: Placement) -> Event:
        points = placement_points(self.board, placement, self.options.scoring)
        self.board.place(placement)
        hand = self.hands[seat]
        hand.remove(placement.tile)
        self.scores[seat] += points
        went_out = not hand
        if went_out:
            self.went_out.append(seat)
        revealed = ((seat, hand[0]),) if len(hand) == 1 else ()
        event = Event(seat, action, points=points, went_out=went_out, revealed=revealed)
        return self._end_turn(event, placed=True)

    def _left(self, seat: int) -> None:
        if seat in self.went_out:
            self.went_out.remove(seat)

    def _ended_by(self, event: Event) -> EndedBy | None:
        if self.went_out and self._closes_round(event.seat):
            return EndedBy.OUT
        if self._blocked:
            return EndedBy.BLOCKED
        return None

    def _finish(self, event: Event, ended_by: EndedBy) -> Event:
        if ended_by not in AS_IT_STANDS:
            scoring = self.options.scoring
            for seat, hand in enumerate(self.hands):
                self.scores[seat] -= hand_penalty(hand, scoring)
        return self._finished(
            event, Outcome(ended_by, _winners(self, ended_by), tuple(self.scores))
        )

    def _leaders(self) -> tuple[int, ...]:
        """The best score in a scored game; else the fewest tiles left (of those still in)."""
        if self.options.scored:
            return TileGame._leaders(self)
        seats = self.active_seats
        fewest = min(len(self.hands[seat]) for seat in seats)
        return tuple(seat for seat in seats if len(self.hands[seat]) == fewest)

    def _standing(self, seat: int) -> int:
        """The score in a scored game; else the fewer tiles left, the better."""
        if self.options.scored:
            return TileGame._standing(self, seat)
        return -len(self.hands[seat])

    def snapshot(self) -> dict[str, object]:
        """Every part of the state, for comparing a replay with the live game."""
        return {**TileGame.snapshot(self), "went_out": list(self.went_out)}


def _winners(game: Game, ended_by: EndedBy) -> tuple[int, ...]:
    """Whoever stayed when the others left; the best score in a scored game; else who
    went out, or the fewest tiles left. A player who left never wins."""
    if ended_by is EndedBy.RESIGNED:
        return game.active_seats
    if ended_by is EndedBy.OUT and not game.options.scored:
        return tuple(sorted(game.went_out))
    return game._leaders()


def deal(players: Sequence[str], seed: int | str, options: GameOptions) -> Setup:
    """Shuffle and deal from a seed (section 2): start tile, hands, bag, first player."""
    rng = random.Random(seed)
    start_pool = CHAMELEON_NAMES if options.start == "chameleon" else TRICOLOR_NAMES
    start_tile = rng.choice(sorted(start_pool))
    rest = [name for name in ALL_NAMES if name != start_tile]
    rng.shuffle(rest)
    size = options.hand_size
    count = len(players)
    if not 1 <= count <= MAX_PLAYERS:
        raise InvalidSetupError("players", f"{count} players; 1 to {MAX_PLAYERS} may play")
    if count * size > len(rest):
        raise InvalidSetupError(
            "options.hand_size", f"{count} hands of {size} need more than the 79 tiles"
        )
    hands = tuple(tuple(rest[seat * size : (seat + 1) * size]) for seat in range(count))
    bag = tuple(rest[count * size :])
    first = rng.randrange(count)
    start = Placement(start_tile, 0, 0, "E")
    return Setup(options, tuple(players), start, hands, bag, first)


def _check_setup(setup: Setup) -> None:
    count = len(setup.players)
    if not 1 <= count <= MAX_PLAYERS:
        raise InvalidSetupError("players", f"{count} players; 1 to {MAX_PLAYERS} may play")
    if setup.start.tile not in TILES or setup.start.dir not in DIRECTIONS:
        raise InvalidSetupError("start", f"{setup.start} is not a placement of a tile")
    check_dealt_tiles(setup, TILES, {setup.start.tile: "start"})
