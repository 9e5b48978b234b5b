"""A game of Chromino: setup, turns, the end and the scores (docs/rules.md sections 2, 4, 5, 7).

:meth:`Game.apply` is the one checked entry point: it either applies an action
completely or raises :class:`~chromino.errors.IllegalMoveError` and changes
nothing. Legal actions come from the same checks (:meth:`Game.legal_actions`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from .actions import Action
from .board import Board
from .errors import IllegalMoveError, InvalidSetupError, Reason
from .options import MAX_PLAYERS, GameOptions
from .placement import DIRECTIONS, Placement
from .scoring import TIMEOUT_PENALTY, hand_penalty, placement_points
from .tiles import ALL_NAMES, CHAMELEON_NAMES, TILES, TRICOLOR_NAMES
from .turns import draw_refusal, pass_refusal, playable_tiles
from .view import View

ENDED_BY_OUT: Final = "out"
ENDED_BY_BLOCKED: Final = "blocked"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended and who won (joint winners possible)."""

    ended_by: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Event:
    """What one applied action did; ``drawn`` is private to ``seat``."""

    seat: int
    action: Action
    points: int = 0
    """Points scored by a play, or lost (negative) by a timeout."""
    drawn: str | None = None
    went_out: bool = False
    revealed: tuple[tuple[int, str], ...] = ()
    """Seats whose hand just became a single face-up tile, with that tile."""
    finished: bool = False


@dataclass(slots=True)
class _Turn:
    """The state of the turn in progress."""

    seat: int
    began_with_empty_bag: bool
    draws: int = 0
    drawn_tile: str | None = None


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything fixed before the first move: enough, with the moves, to replay a game."""

    options: GameOptions
    players: tuple[str, ...]
    start: Placement
    hands: tuple[tuple[str, ...], ...]
    bag: tuple[str, ...]
    first: int

    def __post_init__(self) -> None:
        _check_setup(self)


class Game:
    """The live state of one game. Build it with :meth:`new` or :meth:`from_setup`."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.options = setup.options
        self.players = setup.players
        self.board = Board(junior=setup.options.junior)
        self.board.place(setup.start)
        self.hands: list[list[str]] = [list(hand) for hand in setup.hands]
        self.bag: list[str] = list(setup.bag)
        """Drawing order: a draw takes ``bag[0]``."""
        self.scores = [0] * len(self.players)
        self.turns_taken = [0] * len(self.players)
        self.tiles_drawn = [0] * len(self.players)
        self.went_out: list[int] = []
        self.moves: list[tuple[int, Action]] = []
        self._idle_turns = 0
        """Consecutive turns begun with the bag empty and ended with no tile laid."""
        self._outcome: Outcome | None = None
        self._turn = _Turn(setup.first, began_with_empty_bag=not self.bag)

    # --- construction -------------------------------------------------------

    @classmethod
    def new(
        cls, players: Sequence[str], seed: int | str, options: GameOptions | None = None
    ) -> Game:
        """Deal a new game; the same seed always gives the same deal and first player."""
        return cls(deal(players, seed, options or GameOptions()))

    @classmethod
    def from_setup(cls, setup: Setup, moves: Sequence[tuple[int, Action]] = ()) -> Game:
        """Replay: the setup, then every move through the checked entry point."""
        game = cls(setup)
        for seat, action in moves:
            game.apply(seat, action)
        return game

    # --- simple questions ---------------------------------------------------

    @property
    def player_count(self) -> int:
        """How many seats (1 is solo)."""
        return len(self.players)

    @property
    def current(self) -> int:
        """The seat to play (after the end, the seat that played last)."""
        return self._turn.seat

    @property
    def drawn_tile(self) -> str | None:
        """The newest tile drawn this turn: the only one that may now be played."""
        return self._turn.drawn_tile

    @property
    def draws_this_turn(self) -> int:
        """How many tiles the current player has drawn this turn."""
        return self._turn.draws

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return self._outcome

    # --- what may be done ---------------------------------------------------

    def playable_tiles(self, seat: int) -> list[str]:
        """The tiles the seat may lay this turn, before asking the board where."""
        if self.is_over or seat != self.current:
            return []
        return playable_tiles(self.hands[seat], self._turn.drawn_tile)

    def legal_plays(self, seat: int) -> list[Placement]:
        """Every legal placement for the seat now, each physical placement once."""
        return list(self.board.legal_placements(self.playable_tiles(seat)))

    def has_legal_play(self, seat: int) -> bool:
        """Whether the seat could lay a tile now."""
        return self.board.has_legal_placement(self.playable_tiles(seat))

    def legal_actions(self, seat: int) -> list[Action]:
        """Plays, then draw and pass where allowed: what the seat's view offers.

        A timeout is always accepted from the seat to play; it is the host's
        to declare, not a choice, so it is not listed.
        """
        return self.view_for(seat).legal_actions()

    def can_draw(self, seat: int) -> bool:
        """Whether a draw by the seat would be accepted."""
        return self._refusal(seat, Action("draw")) is None

    def can_pass(self, seat: int) -> bool:
        """Whether a pass by the seat would be accepted."""
        return self._refusal(seat, Action("pass")) is None

    # --- the checked entry point --------------------------------------------

    def check(self, seat: int, action: Action) -> None:
        """Raise IllegalMoveError if :meth:`apply` would refuse the action; change nothing."""
        refusal = self._refusal(seat, action)
        if refusal is not None:
            raise refusal

    def apply(self, seat: int, action: Action) -> Event:
        """Apply an action by a seat, or raise IllegalMoveError and change nothing."""
        refusal = self._refusal(seat, action)
        if refusal is not None:
            raise refusal
        if action.kind == "play":
            assert action.placement is not None
            event = self._play(seat, action, action.placement)
        elif action.kind == "draw":
            event = Event(seat, action, drawn=self._draw(seat))
        elif action.kind == "pass":
            event = self._end_turn(Event(seat, action), placed=False)
        else:
            event = self._timeout(seat, action)
        self.moves.append((seat, action))
        return event

    def _refusal(self, seat: int, action: Action) -> IllegalMoveError | None:
        if self.is_over:
            return IllegalMoveError(Reason.GAME_OVER, "the game is over")
        if seat != self.current:
            return IllegalMoveError(
                Reason.NOT_YOUR_TURN, f"it is seat {self.current}'s turn, not seat {seat}'s"
            )
        if action.kind == "play":
            return self._play_refusal(seat, action.placement)
        if action.kind == "draw":
            return self._draw_refusal(seat)
        if action.kind == "pass":
            return self._pass_refusal(seat)
        if action.kind == "timeout":
            return None
        return IllegalMoveError(Reason.UNKNOWN_ACTION, f"unknown action {action.kind!r}")

    def _play_refusal(self, seat: int, placement: Placement | None) -> IllegalMoveError | None:
        if placement is None:
            return IllegalMoveError(Reason.BAD_PLACEMENT, "a play needs a placement")
        hand = self.hands[seat]
        tile = placement.tile
        if tile not in TILES:
            return IllegalMoveError(Reason.UNKNOWN_TILE, f"unknown tile {tile!r}")
        if placement.dir not in DIRECTIONS:
            return IllegalMoveError(Reason.BAD_PLACEMENT, "dir must be one of E, S, W, N")
        if tile not in hand:
            return IllegalMoveError(Reason.TILE_NOT_IN_HAND, f"{tile} is not in your hand")
        drawn = self._turn.drawn_tile
        if drawn is not None and tile != drawn:
            return IllegalMoveError(
                Reason.MUST_PLAY_DRAWN_TILE, f"after drawing, only {drawn} may be played"
            )
        if len(hand) == 1 and TILES[tile].is_chameleon:
            return IllegalMoveError(
                Reason.LAST_TILE_CHAMELEON, "a chameleon can never be the last tile played"
            )
        try:
            self.board.check(placement)
        except IllegalMoveError as error:
            return error
        return None

    def _draw_refusal(self, seat: int) -> IllegalMoveError | None:
        return draw_refusal(
            self.options, len(self.bag), self._turn.draws, lambda: self.has_legal_play(seat)
        )

    def _pass_refusal(self, seat: int) -> IllegalMoveError | None:
        return pass_refusal(len(self.bag), self._turn.draws, lambda: self.has_legal_play(seat))

    # --- effects ------------------------------------------------------------

    def _play(self, seat: int, action: Action, placement: Placement) -> Event:
        points = placement_points(self.board, placement, self.options.scoring)
        self.board.place(placement)
        self.hands[seat].remove(placement.tile)
        self.scores[seat] += points
        hand = self.hands[seat]
        went_out = not hand
        if went_out:
            self.went_out.append(seat)
        revealed = ((seat, hand[0]),) if len(hand) == 1 else ()
        event = Event(seat, action, points=points, went_out=went_out, revealed=revealed)
        return self._end_turn(event, placed=True)

    def _draw(self, seat: int) -> str:
        tile = self.bag.pop(0)
        self.hands[seat].append(tile)
        self.tiles_drawn[seat] += 1
        self._turn.draws += 1
        self._turn.drawn_tile = tile
        return tile

    def _timeout(self, seat: int, action: Action) -> Event:
        drawn = None
        if self.bag:
            drawn = self.bag.pop(0)
            self.hands[seat].append(drawn)
            self.tiles_drawn[seat] += 1
        points = -TIMEOUT_PENALTY if self.options.scored else 0
        self.scores[seat] += points
        return self._end_turn(Event(seat, action, points=points, drawn=drawn), placed=False)

    def _end_turn(self, event: Event, *, placed: bool) -> Event:
        seat = event.seat
        self.turns_taken[seat] += 1
        if self._turn.began_with_empty_bag and not placed:
            self._idle_turns += 1
        else:
            self._idle_turns = 0
        last_of_round = seat == (self.setup.first - 1) % self.player_count
        if self.went_out and last_of_round:
            self._finish(ENDED_BY_OUT)
        elif self._idle_turns >= self.player_count:
            self._finish(ENDED_BY_BLOCKED)
        else:
            next_seat = (seat + 1) % self.player_count
            self._turn = _Turn(next_seat, began_with_empty_bag=not self.bag)
        return replace(event, finished=self.is_over)

    def _finish(self, ended_by: str) -> None:
        scoring = self.options.scoring
        for seat, hand in enumerate(self.hands):
            self.scores[seat] -= hand_penalty(hand, scoring)
        if self.options.scored:
            best = max(self.scores)
            winners = [seat for seat, score in enumerate(self.scores) if score == best]
        elif ended_by == ENDED_BY_OUT:
            winners = sorted(self.went_out)
        else:
            fewest = min(len(hand) for hand in self.hands)
            winners = [seat for seat, hand in enumerate(self.hands) if len(hand) == fewest]
        self._outcome = Outcome(ended_by, tuple(winners), tuple(self.scores))

    # --- views and records --------------------------------------------------

    def view_for(self, seat: int | None) -> View:
        """What one seat (or a spectator, ``None``) may see, and nothing more."""
        return View.of(self, seat)

    def to_record(self) -> dict[str, object]:
        """The ``chromino-game/1`` record: server-side data, never for a player mid-game."""
        from .notation import record_of

        return record_of(self)

    def snapshot(self) -> dict[str, object]:
        """Every part of the state, for comparing a replay with the live game."""
        return {
            "board": [p.normalized() for p in self.board.placements],
            "hands": [list(hand) for hand in self.hands],
            "bag": list(self.bag),
            "scores": list(self.scores),
            "current": self.current,
            "turn": (self._turn.draws, self._turn.drawn_tile, self._turn.began_with_empty_bag),
            "idle": self._idle_turns,
            "turns_taken": list(self.turns_taken),
            "tiles_drawn": list(self.tiles_drawn),
            "went_out": list(self.went_out),
            "outcome": self._outcome,
        }


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
    if len(setup.hands) != count:
        raise InvalidSetupError("hands", f"{len(setup.hands)} hands for {count} players")
    if not 0 <= setup.first < count:
        raise InvalidSetupError("first", f"seat {setup.first} does not exist")
    if setup.start.tile not in TILES or setup.start.dir not in DIRECTIONS:
        raise InvalidSetupError("start", f"{setup.start} is not a placement of a tile")
    seen = {setup.start.tile: "start"}
    places = [(f"hands[{s}][{i}]", t) for s, h in enumerate(setup.hands) for i, t in enumerate(h)]
    places += [(f"bag[{i}]", t) for i, t in enumerate(setup.bag)]
    for where, name in places:
        if name not in TILES:
            raise InvalidSetupError(where, f"unknown tile {name!r} (tiles go by their names)")
        if name in seen:
            raise InvalidSetupError(where, f"tile {name} is also at {seen[name]}")
        seen[name] = where
    for seat, hand in enumerate(setup.hands):
        if not hand:
            raise InvalidSetupError(f"hands[{seat}]", "a hand must hold at least one tile")
