"""What one seat, or a spectator, may know of a Chromino game (docs/rules.md section 8).

The shared view (:class:`~chromino.core.view.View`) with Chromino's part: a
last tile in hand is turned face up, the view says who went out, and its
legal plays carry their contacts and points by the table's scoring.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.view import View as BaseView
from ...core.view import items, whole
from .board import Board
from .options import GameOptions
from .placement import Placement
from .scoring import placement_points
from .turns import draw_refusal, pass_refusal, playable_tiles


@dataclass(frozen=True, slots=True)
class Play:
    """A legal placement with what it would make: contacts and points."""

    placement: Placement
    contacts: int
    points: int

    def to_dict(self) -> dict[str, object]:
        """``{"tile", "x", "y", "dir", "contacts", "points"}``."""
        data = self.placement.to_dict()
        data["contacts"] = self.contacts
        data["points"] = self.points
        return data


@dataclass(frozen=True, slots=True)
class View(BaseView[GameOptions, Board, Placement]):
    """A snapshot for one viewer of a Chromino game."""

    options_type = GameOptions
    board_type = Board
    last_tile_face_up = True

    went_out: tuple[int, ...] = ()
    """The seats that have laid their last tile, in order."""

    @classmethod
    def _game_values(cls, game: Any) -> tuple[Any, ...]:
        return (tuple(game.went_out),)

    def _playable(self, hand: Sequence[str], drawn_tile: str | None) -> list[str]:
        return playable_tiles(hand, drawn_tile)

    def legal_plays(self) -> list[Play]:
        """Legal placements with their contacts and, in a scoring game, points."""
        scoring = self.options.scoring
        return [
            Play(p, self.board.contact_count(p), placement_points(self.board, p, scoring))
            for p in self.legal_placements()
        ]

    def can_draw(self) -> bool:
        """Whether the game would accept a draw from this viewer now."""
        if not self.is_my_turn:
            return False
        refusal = draw_refusal(
            self.options, self.bag_count, self.draws_this_turn, self._has_legal_placement
        )
        return refusal is None

    def can_pass(self) -> bool:
        """Whether the game would accept a pass from this viewer now."""
        if not self.is_my_turn:
            return False
        refusal = pass_refusal(self.bag_count, self.draws_this_turn, self._has_legal_placement)
        return refusal is None

    def _has_legal_placement(self) -> bool:
        return self.board.has_legal_placement(self.playable_tiles())

    def _json_fields(self) -> dict[str, object]:
        return {"went_out": list(self.went_out)}

    @classmethod
    def _placement_from(cls, item: Mapping[str, object]) -> Placement:
        return Placement(str(item["tile"]), whole(item["x"]), whole(item["y"]), str(item["dir"]))

    @classmethod
    def _board_from(cls, options: GameOptions, placements: Iterable[Placement]) -> Board:
        return Board.from_placements(placements, junior=options.junior)

    @classmethod
    def _fields_from(cls, data: Mapping[str, object]) -> dict[str, Any]:
        return {"went_out": tuple(whole(seat) for seat in items(data["went_out"]))}
