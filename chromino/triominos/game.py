"""A game of Triominos Challenge: setup, turns, the end and the scores (§5-§7).

:meth:`Game.apply` is the one checked entry point: it applies an action
completely or raises :class:`~chromino.errors.IllegalMoveError` and changes
nothing. Legal actions come from the same checks (:meth:`Game.legal_actions`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from ..errors import IllegalMoveError, InvalidSetupError, Reason
from .actions import Action
from .board import Board
from .options import MAX_PLAYERS, MIN_PLAYERS, GameOptions
from .placement import Placement
from .scoring import DRAW_PENALTY, OUT_BONUS, PASS_PENALTY, TIMEOUT_PENALTY, Figure
from .tiles import ALL_NAMES, TILES, VALUES, hand_value
from .turns import draw_refusal, pass_refusal, playable_tiles
from .view import View


class EndedBy(StrEnum):
    """How a game ended; JSON writes the value."""

    OUT = "out"
    """A player laid the last tile of their hand."""
    BLOCKED = "blocked"
    """Bag empty, and a whole round of turns laid no tile."""
    TARGET = "target"
    """A player's score reached the target option."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended and who won (everyone tied for the best score)."""

    ended_by: EndedBy
    winners: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Event:
    """What one applied action did. ``drawn`` is private to ``seat``; the rest is public."""

    seat: int
    action: Action
    points: int = 0
    """The change to the seat's score by the action itself: a play's points
    (bonus included), -5 for a draw, -10 for a pass, -15 for a timeout."""
    figure: Figure | None = None
    drawn: str | None = None
    """The tile taken from the bag (a draw, or a timeout's penalty tile)."""
    went_out: bool = False
    end_points: tuple[int, ...] = ()
    """Per seat, what the end of the game added: +25 and the other hands' values
    for the player who went out, minus each player's hand value when blocked."""
    finished: bool = False
    ended_by: EndedBy | None = None

    def to_dict(self, *, private: bool = False) -> dict[str, object]:
        """The event as JSON-ready data; ``private`` adds the tile drawn (for the drawer only)."""
        data: dict[str, object] = {"seat": self.seat, **self.action.to_dict()}
        data["points"] = self.points
        data["figure"] = None if self.figure is None else self.figure.value
        data["took_tile"] = self.drawn is not None
        data["went_out"] = self.went_out
        data["end_points"] = list(self.end_points)
        data["finished"] = self.finished
        data["ended_by"] = None if self.ended_by is None else self.ended_by.value
        if private:
            data["drawn"] = self.drawn
        return data


@dataclass(slots=True)
class _Turn:
    """The turn in progress."""

    seat: int
    began_with_empty_bag: bool
    draws: int = 0
    drawn_tile: str | None = None


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


@dataclass(frozen=True, slots=True)
class FirstDraw:
    """How the first player was found (§5): the tiles each round took, by seat."""

    first: int
    rounds: tuple[tuple[tuple[int, str], ...], ...]


class Game:
    """The live state of one game. Build it with :meth:`new` or from a :class:`Setup`."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.options = setup.options
        self.players = setup.players
        self.board = Board()
        self.hands: list[list[str]] = [list(hand) for hand in setup.hands]
        self.bag: list[str] = list(setup.bag)
        """Drawing order: a draw takes ``bag[0]``."""
        self.scores = [0] * len(self.players)
        self.turns_taken = [0] * len(self.players)
        self.tiles_drawn = [0] * len(self.players)
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
        """The tile drawn last this turn: after a draw, the only one that may be played."""
        return self._turn.drawn_tile

    @property
    def draws_this_turn(self) -> int:
        """How many tiles the current player has drawn this turn (at most 3)."""
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
        """The tiles the seat may lay now, before asking the board where."""
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
        self.check(seat, action)
        if action.kind == "play":
            assert action.placement is not None
            event = self._play(seat, action, action.placement)
        elif action.kind == "draw":
            event = Event(seat, action, points=-DRAW_PENALTY, drawn=self._draw(seat))
        elif action.kind == "pass":
            self.scores[seat] -= PASS_PENALTY
            event = self._end_turn(Event(seat, action, points=-PASS_PENALTY), placed=False)
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
            return draw_refusal(len(self.bag), self._turn.draws)
        if action.kind == "pass":
            return pass_refusal(len(self.bag), self._turn.draws)
        if action.kind == "timeout":
            return None
        return IllegalMoveError(Reason.UNKNOWN_ACTION, f"unknown action {action.kind!r}")

    def _play_refusal(self, seat: int, placement: Placement | None) -> IllegalMoveError | None:
        if placement is None:
            return IllegalMoveError(Reason.BAD_PLACEMENT, "a play needs a placement")
        tile = placement.tile
        if tile not in TILES:
            return IllegalMoveError(Reason.UNKNOWN_TILE, f"unknown tile {tile!r}")
        if tile not in self.hands[seat]:
            return IllegalMoveError(Reason.TILE_NOT_IN_HAND, f"{tile} is not in your hand")
        drawn = self._turn.drawn_tile
        if drawn is not None and tile != drawn:
            return IllegalMoveError(
                Reason.MUST_PLAY_DRAWN_TILE, f"after drawing, only {drawn} may be played"
            )
        try:
            self.board.check(placement)
        except IllegalMoveError as error:
            return error
        return None

    # --- effects ------------------------------------------------------------

    def _play(self, seat: int, action: Action, placement: Placement) -> Event:
        points, figure = self.board.score(placement)
        self.board.place(placement)
        hand = self.hands[seat]
        hand.remove(placement.tile)
        self.scores[seat] += points
        event = Event(seat, action, points=points, figure=figure, went_out=not hand)
        return self._end_turn(event, placed=True)

    def _draw(self, seat: int) -> str:
        tile = self.bag.pop(0)
        self.hands[seat].append(tile)
        self.tiles_drawn[seat] += 1
        self.scores[seat] -= DRAW_PENALTY
        self._turn.draws += 1
        self._turn.drawn_tile = tile
        return tile

    def _timeout(self, seat: int, action: Action) -> Event:
        drawn = None
        if self.bag:
            drawn = self.bag.pop(0)
            self.hands[seat].append(drawn)
            self.tiles_drawn[seat] += 1
        self.scores[seat] -= TIMEOUT_PENALTY
        event = Event(seat, action, points=-TIMEOUT_PENALTY, drawn=drawn)
        return self._end_turn(event, placed=False)

    def _end_turn(self, event: Event, *, placed: bool) -> Event:
        seat = event.seat
        self.turns_taken[seat] += 1
        if self._turn.began_with_empty_bag and not placed:
            self._idle_turns += 1
        else:
            self._idle_turns = 0
        target = self.options.target
        if event.went_out:
            event = self._finish(event, EndedBy.OUT)
        elif target and max(self.scores) >= target:
            event = self._finish(event, EndedBy.TARGET)
        elif self._idle_turns >= self.player_count:
            event = self._finish(event, EndedBy.BLOCKED)
        else:
            next_seat = (seat + 1) % self.player_count
            self._turn = _Turn(next_seat, began_with_empty_bag=not self.bag)
        return event

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
        best = max(self.scores)
        winners = tuple(seat for seat, score in enumerate(self.scores) if score == best)
        self._outcome = Outcome(ended_by, winners, tuple(self.scores))
        return replace(event, end_points=tuple(end_points), finished=True, ended_by=ended_by)

    # --- views and records --------------------------------------------------

    def view_for(self, seat: int | None) -> View:
        """What one seat (or a spectator, ``None``) may see, and nothing more."""
        return View.of(self, seat)

    def to_record(self) -> dict[str, object]:
        """The ``triominos-game/1`` record: server-side data, never for a player mid-game."""
        from .notation import record_of

        return record_of(self)

    def snapshot(self) -> dict[str, object]:
        """Every part of the state, for comparing a replay with the live game."""
        turn = self._turn
        return {
            "board": [p.normalized() for p in self.board.placements],
            "hands": [list(hand) for hand in self.hands],
            "bag": list(self.bag),
            "scores": list(self.scores),
            "current": self.current,
            "turn": (turn.draws, turn.drawn_tile, turn.began_with_empty_bag),
            "idle": self._idle_turns,
            "turns_taken": list(self.turns_taken),
            "tiles_drawn": list(self.tiles_drawn),
            "outcome": self._outcome,
        }


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
    if len(setup.hands) != count:
        raise InvalidSetupError("hands", f"{len(setup.hands)} hands for {count} players")
    if type(setup.first) is not int or not 0 <= setup.first < count:
        raise InvalidSetupError("first", f"seat {setup.first!r} does not exist")
    seen: dict[str, str] = {}
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
