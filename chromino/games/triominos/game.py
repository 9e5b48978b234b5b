"""A game of Triominos Challenge: setup, turns, the end and the scores (§5-§7).

:meth:`Game.apply` is the one checked entry point: it applies an action
completely or raises :class:`~chromino.errors.IllegalMoveError` and changes
nothing. Legal actions come from the same checks (:meth:`Game.legal_actions`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...core.actions import Action
from ...core.errors import IllegalMoveError, InvalidSetupError
from ...core.game import Event as BaseEvent
from ...core.game import TileGame
from ...core.outcome import EndedBy, Outcome
from ...core.setup import check_dealt_tiles, setup_record
from .board import Board
from .options import MAX_PLAYERS, MIN_PLAYERS, GameOptions
from .placement import Placement
from .scoring import DRAW_PENALTY, OUT_BONUS, PASS_PENALTY, TIMEOUT_PENALTY, Figure
from .tiles import ALL_NAMES, TILES, VALUES, hand_value
from .turns import draw_refusal, pass_refusal, playable_tiles
from .view import View

RECORD_FORMAT: Final = "triominos-game/1"


@dataclass(frozen=True, slots=True)
class Event(BaseEvent[Placement]):
    """What one applied action did. ``drawn`` is private to ``seat``; the rest is public.

    ``points`` is the change to the seat's score by the action itself: a play's
    points (bonus included), -5 for a draw, -10 for a pass, -15 for a timeout.
    """

    figure: Figure | None = None
    figure_cells: tuple[tuple[int, int], ...] = ()
    """The cells of the figure made (the board outlines them for a moment)."""
    end_points: tuple[int, ...] = ()
    """Per seat, what the end of the game added: +25 and the other hands' values
    for the player who went out, minus each player's hand value when blocked."""
    ended_by: EndedBy | None = None

    def to_dict(self, *, private: bool = False) -> dict[str, object]:
        """The event as JSON-ready data; ``private`` adds the tile drawn (for the drawer only)."""
        data = self.public_json()
        if private:
            data["drawn"] = self.drawn
        return data

    def public_json(self) -> dict[str, object]:
        """What every viewer is told: the points, the figure, whether a tile was taken,
        and the end with what it added to each seat."""
        data = BaseEvent.public_json(self)
        data["points"] = self.points
        data["figure"] = None if self.figure is None else self.figure.value
        if self.figure_cells:
            data["figure_cells"] = [list(cell) for cell in self.figure_cells]
        data["took_tile"] = self.drawn is not None
        data["went_out"] = self.went_out
        data["end_points"] = list(self.end_points)
        data["finished"] = self.finished
        data["ended_by"] = None if self.ended_by is None else self.ended_by.value
        return data


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything fixed before the first move: with the moves, enough to replay a game.

    ``bag`` is in drawing order (a draw takes ``bag[0]``). No tile may appear
    twice. A deal and every record hold all 56 tiles (the record reader
    insists); a setup built in code may hold fewer, for hand-made scenarios.
    """

    options: GameOptions
    players: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    bag: tuple[str, ...]
    first: int

    def __post_init__(self) -> None:
        _check_setup(self)

    def to_record(self) -> dict[str, object]:
        """The setup's fields of a ``triominos-game/1`` record: the shared ones only."""
        return setup_record(self)


@dataclass(frozen=True, slots=True)
class FirstDraw:
    """How the first player was found (§5): the tiles each round took, by seat."""

    first: int
    rounds: tuple[tuple[tuple[int, str], ...], ...]


class Game(TileGame[Placement, Event, View]):
    """The live state of one game. Build it with :meth:`new` or from a :class:`Setup`."""

    record_format = RECORD_FORMAT
    tile_names = TILES
    event_type = Event
    view_type = View
    draw_penalty = DRAW_PENALTY
    pass_penalty = PASS_PENALTY
    board: Board
    setup: Setup
    options: GameOptions

    @staticmethod
    def _deal(players: Sequence[str], seed: int | str, options: GameOptions | None) -> Setup:
        return deal(players, seed, options or GameOptions())

    # --- the hooks of the shared engine -------------------------------------

    def _new_board(self, setup: Setup) -> Board:
        return Board()

    def _playable(self, hand: Sequence[str], drawn_tile: str | None) -> list[str]:
        return playable_tiles(hand, drawn_tile)

    def _draw_refusal(self, seat: int) -> IllegalMoveError | None:
        return draw_refusal(len(self.bag), self._turn.draws)

    def _pass_refusal(self, seat: int) -> IllegalMoveError | None:
        return pass_refusal(len(self.bag), self._turn.draws)

    def _timeout_penalty(self) -> int:
        return TIMEOUT_PENALTY

    def _play(self, seat: int, action: Action[Placement], placement: Placement) -> Event:
        points, figure = self.board.score(placement)
        cells = self.board.figure_cells(placement) if figure is not None else ()
        self.board.place(placement)
        hand = self.hands[seat]
        hand.remove(placement.tile)
        self.scores[seat] += points
        event = Event(
            seat, action, points=points, figure=figure, figure_cells=cells, went_out=not hand
        )
        return self._end_turn(event, placed=True)

    def _ended_by(self, event: Event) -> EndedBy | None:
        target = self.options.target
        if event.went_out:
            return EndedBy.OUT
        if target and max(self.scores) >= target:
            return EndedBy.TARGET
        if self._blocked:
            return EndedBy.BLOCKED
        return None

    def _finish(self, event: Event, ended_by: EndedBy) -> Event:
        """End the game: the end points of §7, then the winners."""
        end_points = [0] * self.player_count
        if ended_by is EndedBy.OUT:
            others = sum(hand_value(hand) for hand in self.hands)
            end_points[event.seat] = OUT_BONUS + others
        elif ended_by is EndedBy.BLOCKED:
            end_points = [-hand_value(hand) for hand in self.hands]
        for seat, points in enumerate(end_points):
            self.scores[seat] += points
        winners = self.active_seats if ended_by is EndedBy.RESIGNED else self._leaders()
        outcome = Outcome(ended_by, winners, tuple(self.scores))
        return self._finished(event, outcome, end_points=tuple(end_points), ended_by=ended_by)


# --- dealing ----------------------------------------------------------------------


def deal(players: Sequence[str], seed: int | str, options: GameOptions) -> Setup:
    """Shuffle and deal from a seed (§5): hands, who starts, then the bag shuffled again."""
    return deal_with_first_draw(players, seed, options)[0]


def deal_with_first_draw(
    players: Sequence[str], seed: int | str, options: GameOptions
) -> tuple[Setup, FirstDraw]:
    """:func:`deal`, also telling how the first player was drawn (for showing it)."""
    count = len(players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise InvalidSetupError(
            "players", f"{count} players; {MIN_PLAYERS} to {MAX_PLAYERS} may play"
        )
    rng = random.Random(seed)
    tiles = list(ALL_NAMES)
    rng.shuffle(tiles)
    size = options.hand_size_for(count)
    hands = tuple(tuple(tiles[seat * size : (seat + 1) * size]) for seat in range(count))
    bag = tiles[count * size :]
    first_draw = draw_for_first(bag, count)
    # The tiles taken to find the first player go back, and the bag is shuffled again.
    rng.shuffle(bag)
    return Setup(options, tuple(players), hands, tuple(bag), first_draw.first), first_draw


def draw_for_first(bag: Sequence[str], players: int) -> FirstDraw:
    """Who starts (§5): each contender, in seat order, takes the next tile of the bag;
    the highest value starts; those tied take again, each round compared on its own.

    When the bag cannot give every tied player a tile, the lowest tied seat starts.
    The bag itself is not changed: the tiles go back.
    """
    contenders = list(range(players))
    taken = 0
    rounds: list[tuple[tuple[int, str], ...]] = []
    while len(contenders) > 1 or not rounds:
        if taken + len(contenders) > len(bag):
            break
        this_round = tuple((seat, bag[taken + index]) for index, seat in enumerate(contenders))
        taken += len(contenders)
        rounds.append(this_round)
        best = max(VALUES[tile] for _, tile in this_round)
        contenders = [seat for seat, tile in this_round if VALUES[tile] == best]
    return FirstDraw(min(contenders), tuple(rounds))


def _check_setup(setup: Setup) -> None:
    """Refuse a setup that cannot describe a game, naming the field (§9)."""
    count = len(setup.players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise InvalidSetupError(
            "players", f"{count} players; {MIN_PLAYERS} to {MAX_PLAYERS} may play"
        )
    check_dealt_tiles(setup, TILES)
