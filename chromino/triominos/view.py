"""What one seat, or a spectator, may know of a Triominos game: the only door out.

A view holds the seat's own tiles, the board, scores, counts of the other
hands and of the bag, and every hand when the table plays with open hands.
Never the bag's order or contents, the seed, or another seat's hidden tiles.
Legal actions are derived from the view alone, by the same turn rules and
the same board index the game applies, so a bot deciding from a view knows
no more than a player at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import DRAW, PASS, Action
from .board import Board, Play
from .options import GameOptions
from .placement import Placement
from .turns import draw_refusal, pass_refusal, playable_tiles

if TYPE_CHECKING:
    from .game import Game, Outcome

GAME_NAME = "triominos"


@dataclass(frozen=True, slots=True)
class View:
    """A snapshot for one viewer. ``board`` is the live board, shared read-only:
    turn a view into data (:meth:`to_dict`) or act on it before the game moves on."""

    seat: int | None
    options: GameOptions
    players: tuple[str, ...]
    board: Board
    hands: tuple[tuple[str, ...] | None, ...]
    """Per seat: the tiles this viewer may see, or None where the hand is hidden."""
    hand_counts: tuple[int, ...]
    bag_count: int
    scores: tuple[int, ...]
    current: int
    first: int
    draws_this_turn: int
    drawn_tile: str | None
    """The tile this viewer drew last this turn (only ever shown to the drawer)."""
    turns_taken: tuple[int, ...]
    tiles_drawn: tuple[int, ...]
    move_count: int
    outcome: Outcome | None

    @classmethod
    def of(cls, game: Game, seat: int | None) -> View:
        """Filter a game for one viewer."""
        open_hands = game.options.open_hands
        hands = tuple(
            tuple(hand) if open_hands or index == seat else None
            for index, hand in enumerate(game.hands)
        )
        own_turn = seat is not None and seat == game.current and not game.is_over
        return cls(
            seat=seat,
            options=game.options,
            players=game.players,
            board=game.board,
            hands=hands,
            hand_counts=tuple(len(hand) for hand in game.hands),
            bag_count=len(game.bag),
            scores=tuple(game.scores),
            current=game.current,
            first=game.setup.first,
            draws_this_turn=game.draws_this_turn,
            drawn_tile=game.drawn_tile if own_turn else None,
            turns_taken=tuple(game.turns_taken),
            tiles_drawn=tuple(game.tiles_drawn),
            move_count=len(game.moves),
            outcome=game.outcome(),
        )

    @property
    def hand(self) -> tuple[str, ...]:
        """The viewer's own tiles (empty for a spectator)."""
        if self.seat is None or not 0 <= self.seat < len(self.hands):
            return ()
        return self.hands[self.seat] or ()

    @property
    def is_my_turn(self) -> bool:
        """Whether this viewer is the seat to act."""
        return self.seat is not None and self.seat == self.current and self.outcome is None

    def playable_tiles(self) -> list[str]:
        """Tiles the viewer may lay now (none when it is not their turn)."""
        if not self.is_my_turn:
            return []
        return playable_tiles(self.hand, self.drawn_tile)

    def legal_placements(self) -> list[Placement]:
        """Every legal placement for the viewer now, each physical placement once."""
        return list(self.board.legal_placements(self.playable_tiles()))

    def legal_plays(self) -> list[Play]:
        """Legal placements with the points and figure each would make."""
        return list(self.board.legal_plays(self.playable_tiles()))

    def can_draw(self) -> bool:
        """Whether the game would accept a draw from this viewer now."""
        return self.is_my_turn and draw_refusal(self.bag_count, self.draws_this_turn) is None

    def can_pass(self) -> bool:
        """Whether the game would accept a pass from this viewer now."""
        return self.is_my_turn and pass_refusal(self.bag_count, self.draws_this_turn) is None

    def legal_actions(self) -> list[Action]:
        """Plays, then draw and pass where allowed (timeouts are the host's, not a choice)."""
        actions = [Action.play(p) for p in self.legal_placements()]
        if self.can_draw():
            actions.append(DRAW)
        if self.can_pass():
            actions.append(PASS)
        return actions

    def to_dict(self) -> dict[str, object]:
        """The view as JSON-ready data."""
        outcome = self.outcome
        return {
            "game": GAME_NAME,
            "seat": self.seat,
            "players": list(self.players),
            "options": self.options.to_dict(),
            "board": [p.to_dict() for p in self.board.placements],
            "hands": [None if hand is None else list(hand) for hand in self.hands],
            "hand_counts": list(self.hand_counts),
            "bag": self.bag_count,
            "scores": list(self.scores),
            "current": self.current,
            "first": self.first,
            "draws_this_turn": self.draws_this_turn,
            "drawn_tile": self.drawn_tile,
            "turns_taken": list(self.turns_taken),
            "tiles_drawn": list(self.tiles_drawn),
            "moves": self.move_count,
            "finished": outcome is not None,
            "ended_by": None if outcome is None else outcome.ended_by.value,
            "winners": [] if outcome is None else list(outcome.winners),
        }
