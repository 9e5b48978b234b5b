"""What one seat, or a spectator, may know of a Triominos game.

The shared view (:class:`~chromino.core.view.View`) with Triominos' part: a
hand is shown only with open hands, legal plays carry their points and
figure from the board index, and the JSON form names the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ...core.view import View as BaseView
from ...core.view import whole
from .board import Board, Play
from .options import GameOptions
from .placement import Placement
from .turns import draw_refusal, pass_refusal, playable_tiles

GAME_NAME: Final = "triominos"


@dataclass(frozen=True, slots=True)
class View(BaseView[GameOptions, Board, Placement]):
    """A snapshot for one viewer of a Triominos game."""

    options_type = GameOptions
    board_type = Board

    def _playable(self, hand: Sequence[str], drawn_tile: str | None) -> list[str]:
        return playable_tiles(hand, drawn_tile)

    def legal_plays(self) -> list[Play]:
        """Legal placements with the points and figure each would make."""
        return list(self.board.legal_plays(self.playable_tiles()))

    def can_draw(self) -> bool:
        """Whether the game would accept a draw from this viewer now."""
        return self.is_my_turn and draw_refusal(self.bag_count, self.draws_this_turn) is None

    def can_pass(self) -> bool:
        """Whether the game would accept a pass from this viewer now."""
        return self.is_my_turn and pass_refusal(self.bag_count, self.draws_this_turn) is None

    def _json_fields(self) -> dict[str, object]:
        return {"game": GAME_NAME}

    @classmethod
    def _placement_from(cls, item: Mapping[str, object]) -> Placement:
        return Placement(str(item["tile"]), whole(item["x"]), whole(item["y"]), whole(item["rot"]))
