"""The shared turn engine of a tile game: seats, hands, bag, scores, turns and their end.

Both games have the same turn: lay a tile from the hand (only the tile just
drawn, after a draw), draw from the bag, pass, or time out. Both let a player
leave (``resign``) at any time and a table stop by agreement (``end_agreed``):
those are written here once, game-neutral. They differ in
their board, what a play scores, what a draw or a pass costs, when the game
ends and how it is scored then. :class:`TileGame` does the shared work once
and calls small hooks a game overrides (:mod:`chromino.core.hooks`), the way python-chess's variants
override hooks of its ``Board``.

:meth:`TileGame.apply` is the one checked entry point: it either applies an
action completely or raises :class:`~chromino.core.errors.IllegalMoveError`
and changes nothing. Legal actions come from the same checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Self, TypeVar

from .actions import DRAW_KIND, END_AGREED_KIND, PASS_KIND, PLAY, RESIGN_KIND, TIMEOUT_KIND, Action
from .board import BoardIndex, P
from .errors import IllegalMoveError, Reason
from .events import E, Event
from .hooks import GameHooks
from .notation import record_of
from .outcome import EndedBy, Outcome, best_scores
from .setup import SetupFields
from .view import View

__all__ = ["Event", "SetupFields", "TileGame", "Turn"]


@dataclass(slots=True)
class Turn:
    """The state of the turn in progress."""

    seat: int
    began_with_empty_bag: bool
    draws: int = 0
    drawn_tile: str | None = None


V = TypeVar("V", bound=View[Any, Any, Any])


class TileGame(GameHooks[P, E], Generic[P, E, V]):
    """The live state of one game. A game subclasses it and fills in the hooks of
    :class:`~chromino.core.hooks.GameHooks`."""

    view_type: type[V]
    """The game's view (its own fields and rules on top of :class:`View`'s)."""

    board: BoardIndex[P]

    def __init__(self, setup: SetupFields) -> None:
        self.setup = setup
        self.options = setup.options
        self.players = setup.players
        self.board = self._new_board(setup)
        self.hands: list[list[str]] = [list(hand) for hand in setup.hands]
        self.bag: list[str] = list(setup.bag)
        """Drawing order: a draw takes ``bag[0]``."""
        self.scores = [0] * len(self.players)
        self.turns_taken = [0] * len(self.players)
        self.tiles_drawn = [0] * len(self.players)
        self.moves: list[tuple[int, Action[P]]] = []
        self.resigned: list[int] = []
        """The seats that left the game, in the order they left."""
        self.out_of_play: list[list[str]] = [[] for _ in self.players]
        """Per seat, the tiles it held when it left: out of the game, shown to nobody."""
        self._idle_seats: set[int] = set()
        """Seats that took a turn begun with the bag empty and laid no tile, since a tile
        was last laid (or the bag last held a tile at a turn's start)."""
        self._outcome: Outcome | None = None
        self._turn = Turn(setup.first, began_with_empty_bag=not self.bag)

    # --- hooks a game overrides ---------------------------------------------

    # --- construction -------------------------------------------------------

    @classmethod
    def new(cls, players: Sequence[str], seed: int | str, options: Any | None = None) -> Self:
        """Deal a new game; the same seed always gives the same deal and first player."""
        return cls(cls._deal(players, seed, options))

    @classmethod
    def from_setup(cls, setup: Any, moves: Sequence[tuple[int, Action[P]]] = ()) -> Self:
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
        """The newest tile drawn this turn: after a draw, the only one that may be played."""
        return self._turn.drawn_tile

    @property
    def draws_this_turn(self) -> int:
        """How many tiles the current player has drawn this turn."""
        return self._turn.draws

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The seats still in the game, in seat order."""
        return tuple(seat for seat in range(self.player_count) if seat not in self.resigned)

    def is_playing(self, seat: int) -> bool:
        """Whether the seat exists and has not left."""
        return 0 <= seat < self.player_count and seat not in self.resigned

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
        return self._playable(self.hands[seat], self._turn.drawn_tile)

    def legal_plays(self, seat: int) -> list[P]:
        """Every legal placement for the seat now, each physical placement once."""
        return list(self.board.legal_placements(self.playable_tiles(seat)))

    def has_legal_play(self, seat: int) -> bool:
        """Whether the seat could lay a tile now."""
        return self.board.has_legal_placement(self.playable_tiles(seat))

    def legal_actions(self, seat: int) -> list[Action[P]]:
        """Plays, then draw and pass where allowed: what the seat's view offers.

        A timeout is always accepted from the seat to play; it is the host's
        to declare, not a choice, so it is not listed. Nor are ``resign`` and
        ``end_agreed``: leaving and agreeing are the people's, not a bot's move.
        """
        actions: list[Action[P]] = self.view_for(seat).legal_actions()
        return actions

    def can_draw(self, seat: int) -> bool:
        """Whether a draw by the seat would be accepted."""
        return self._refusal(seat, Action(DRAW_KIND)) is None

    def can_pass(self, seat: int) -> bool:
        """Whether a pass by the seat would be accepted."""
        return self._refusal(seat, Action(PASS_KIND)) is None

    # --- the checked entry point --------------------------------------------

    def check(self, seat: int, action: Action[P]) -> None:
        """Raise IllegalMoveError if :meth:`apply` would refuse the action; change nothing."""
        refusal = self._refusal(seat, action)
        if refusal is not None:
            raise refusal

    def apply(self, seat: int, action: Action[P]) -> E:
        """Apply an action by a seat, or raise IllegalMoveError and change nothing."""
        self.check(seat, action)
        kind = action.kind
        event: E
        if kind is PLAY:
            assert action.placement is not None
            event = self._play(seat, action, action.placement)
        elif kind is DRAW_KIND:
            drawn = self._draw(seat)
            event = self._event(seat, action, points=-self.draw_penalty, drawn=drawn)
        elif kind is PASS_KIND:
            self.scores[seat] -= self.pass_penalty
            event = self._event(seat, action, points=-self.pass_penalty)
            event = self._end_turn(event, placed=False)
        elif kind is TIMEOUT_KIND:
            event = self._timeout(seat, action)
        elif kind is RESIGN_KIND:
            event = self._resign(seat, action)
        else:
            event = self._finish(self._event(seat, action), EndedBy.AGREED)
        self.moves.append((seat, action))
        return event

    def _event(self, seat: int, action: Action[P], **fields: Any) -> E:
        return self.event_type(seat, action, **fields)

    def _refusal(self, seat: int, action: Action[P]) -> IllegalMoveError | None:
        if self.is_over:
            return IllegalMoveError(Reason.GAME_OVER, "the game is over")
        if seat in self.resigned:
            return IllegalMoveError(Reason.SEAT_RESIGNED, f"seat {seat} has left the game")
        kind = action.kind
        if kind is RESIGN_KIND or kind is END_AGREED_KIND:
            # Not turns: any seat still in the game may leave, or carry the agreement.
            if not 0 <= seat < self.player_count:
                return IllegalMoveError(Reason.NO_SUCH_SEAT, f"there is no seat {seat}")
            return None
        if seat != self.current:
            return IllegalMoveError(
                Reason.NOT_YOUR_TURN, f"it is seat {self.current}'s turn, not seat {seat}'s"
            )
        if kind is PLAY:
            return self._play_refusal(seat, action.placement)
        if kind is DRAW_KIND:
            return self._draw_refusal(seat)
        if kind is PASS_KIND:
            return self._pass_refusal(seat)
        if kind is TIMEOUT_KIND:
            return None
        return IllegalMoveError(Reason.UNKNOWN_ACTION, f"unknown action {kind!r}")

    def _play_refusal(self, seat: int, placement: P | None) -> IllegalMoveError | None:
        if placement is None:
            return IllegalMoveError(Reason.BAD_PLACEMENT, "a play needs a placement")
        tile = placement.tile
        if tile not in self.tile_names:
            return IllegalMoveError(Reason.UNKNOWN_TILE, f"unknown tile {tile!r}")
        refusal = self._form_refusal(placement)
        if refusal is not None:
            return refusal
        hand = self.hands[seat]
        if tile not in hand:
            return IllegalMoveError(Reason.TILE_NOT_IN_HAND, f"{tile} is not in your hand")
        drawn = self._turn.drawn_tile
        if drawn is not None and tile != drawn:
            return IllegalMoveError(
                Reason.MUST_PLAY_DRAWN_TILE, f"after drawing, only {drawn} may be played"
            )
        refusal = self._last_tile_refusal(hand, tile)
        if refusal is not None:
            return refusal
        try:
            self.board.check(placement)
        except IllegalMoveError as error:
            return error
        return None

    # --- effects ------------------------------------------------------------

    def _draw(self, seat: int) -> str:
        tile = self.bag.pop(0)
        self.hands[seat].append(tile)
        self.tiles_drawn[seat] += 1
        self.scores[seat] -= self.draw_penalty
        self._turn.draws += 1
        self._turn.drawn_tile = tile
        return tile

    def _timeout(self, seat: int, action: Action[P]) -> E:
        drawn = None
        if self.bag:
            drawn = self.bag.pop(0)
            self.hands[seat].append(drawn)
            self.tiles_drawn[seat] += 1
        points = -self._timeout_penalty()
        self.scores[seat] += points
        event = self._event(seat, action, points=points, drawn=drawn)
        return self._end_turn(event, placed=False)

    def _resign(self, seat: int, action: Action[P]) -> E:
        """The seat leaves: its tiles go out of play; on its turn, the turn ends.

        With one player left (none, in a solo game) the game ends as resigned;
        the winner is whoever stayed (docs/rules-interpretations.md).
        """
        self.out_of_play[seat] = self.hands[seat]
        self.hands[seat] = []
        self.resigned.append(seat)
        self._left(seat)
        event = self._event(seat, action)
        if len(self.active_seats) <= 1:
            return self._finish(event, EndedBy.RESIGNED)
        if seat == self.current:
            return self._end_turn(event, placed=False)
        return event

    def _left(self, seat: int) -> None:
        """What else a game forgets of a seat that left (Chromino: that it went out)."""

    def _end_turn(self, event: E, *, placed: bool) -> E:
        seat = event.seat
        self.turns_taken[seat] += 1
        if self._turn.began_with_empty_bag and not placed:
            self._idle_seats.add(seat)
        else:
            self._idle_seats.clear()
        ended_by = self._ended_by(event)
        if ended_by is not None:
            return self._finish(event, ended_by)
        self._turn = Turn(self._next_seat(seat), began_with_empty_bag=not self.bag)
        return event

    def _next_seat(self, seat: int) -> int:
        """The next seat after ``seat`` still in the game, in turn order."""
        count = self.player_count
        for step in range(1, count + 1):
            following = (seat + step) % count
            if following not in self.resigned:
                return following
        return seat

    def _closes_round(self, seat: int) -> bool:
        """Whether ``seat`` is the last, in this round's order from the first player, of
        the seats still in the game (or after them): the round ends with its turn."""
        count = self.player_count
        first = self.setup.first
        place = (seat - first) % count
        return all((other - first) % count <= place for other in self.active_seats)

    @property
    def _blocked(self) -> bool:
        """Every player still in the game took a turn begun with the bag empty, and no
        tile was laid since: a whole round laid no tile."""
        return self._idle_seats.issuperset(self.active_seats)

    def _leaders(self) -> tuple[int, ...]:
        """The winners of a game stopped as it stands: the best score among the seats
        still in the game (a game without points ranks its own way)."""
        return best_scores(self.scores, self.active_seats)

    def _standing(self, seat: int) -> int:
        """How well a seat still in the game did, higher is better: its score (a game
        without points ranks its own way). Only compared between seats that did not win."""
        return self.scores[seat]

    def places(self) -> tuple[int, ...]:
        """Each seat's place in a finished game, 1 for the winners: the ratings read it.

        Places are shared as in sport ("1, 1, 3"): equal standing, equal place, and
        the next place is skipped. The winners share first place; the others who
        stayed follow by :meth:`_standing`; everyone who left shares the last place,
        below every seat that stayed (docs/ratings.md).
        """
        outcome = self._outcome
        if outcome is None:
            raise ValueError("a game that goes on has no places yet")
        winners = set(outcome.winners)
        active = set(self.active_seats)

        def rank_key(seat: int) -> tuple[bool, bool, int]:
            if seat in winners or seat not in active:
                return (seat in active, seat in winners, 0)
            return (True, False, self._standing(seat))

        keys = [rank_key(seat) for seat in range(self.player_count)]
        return tuple(1 + sum(other > mine for other in keys) for mine in keys)

    def _finished(self, event: E, outcome: Outcome, **changes: Any) -> E:
        """Record the outcome; the event marked as the last one."""
        self._outcome = outcome
        return replace(event, finished=True, **changes)

    # --- views and records --------------------------------------------------

    def view_for(self, seat: int | None) -> V:
        """What one seat (or a spectator, ``None``) may see, and nothing more."""
        return self.view_type.of(self, seat)

    def to_record(self) -> dict[str, object]:
        """The game's record: server-side data, never for a player mid-game."""
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
            "idle": sorted(self._idle_seats),
            "resigned": list(self.resigned),
            "out_of_play": [list(tiles) for tiles in self.out_of_play],
            "turns_taken": list(self.turns_taken),
            "tiles_drawn": list(self.tiles_drawn),
            "outcome": self._outcome,
        }
