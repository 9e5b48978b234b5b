"""What a game fills in for the shared turn engine (:class:`~chromino.core.game.TileGame`):
its records' format, its tiles and penalties, its board, its turn rule, its refusals,
what a play does, and when and how the game ends. The engine does the rest once."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, ClassVar, Generic

from .actions import Action
from .board import BoardIndex, P
from .errors import IllegalMoveError
from .events import E
from .outcome import EndedBy


class GameHooks(Generic[P, E]):
    """The hooks of a tile game; each game's ``Game`` overrides them."""

    record_format: ClassVar[str]
    """The format name of the game's records, e.g. ``chromino-game/1``."""
    tile_names: ClassVar[Collection[str]]
    """Every tile the game knows by name."""
    event_type: type[E]
    """The game's event (its own fields on top of :class:`Event`'s)."""
    draw_penalty: ClassVar[int] = 0
    """What a draw costs the drawer's score."""
    pass_penalty: ClassVar[int] = 0
    """What a pass costs the passer's score."""

    def _new_board(self, setup: Any) -> BoardIndex[P]:
        """The board at the start of the game."""
        raise NotImplementedError

    def _playable(self, hand: Sequence[str], drawn_tile: str | None) -> list[str]:
        """The turn rule: which tiles of the hand may be laid now."""
        raise NotImplementedError

    def _form_refusal(self, placement: P) -> IllegalMoveError | None:
        """A placement the game refuses by its form alone (before looking at the hand)."""
        return None

    def _last_tile_refusal(self, hand: Sequence[str], tile: str) -> IllegalMoveError | None:
        """A tile of the hand the game refuses to see laid, whatever the board says."""
        return None

    def _draw_refusal(self, seat: int) -> IllegalMoveError | None:
        """Why a draw is not allowed now, or None."""
        raise NotImplementedError

    def _pass_refusal(self, seat: int) -> IllegalMoveError | None:
        """Why a pass is not allowed now, or None."""
        raise NotImplementedError

    def _timeout_penalty(self) -> int:
        """What a timeout costs the seat's score."""
        raise NotImplementedError

    def _play(self, seat: int, action: Action[P], placement: P) -> E:
        """Score, lay and take the tile from the hand; then :meth:`_end_turn`."""
        raise NotImplementedError

    def _ended_by(self, event: E) -> EndedBy | None:
        """How the game ends after this turn, or None when it goes on."""
        raise NotImplementedError

    def _finish(self, event: E, ended_by: EndedBy) -> E:
        """End the game: the final scoring, the winners, the outcome; the event as sent."""
        raise NotImplementedError

    @staticmethod
    def _deal(players: Sequence[str], seed: int | str, options: Any | None) -> Any:
        """The game's deal from a seed (default options when None)."""
        raise NotImplementedError
