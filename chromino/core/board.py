"""What the engine asks of a game's board and placements (the game brings its own)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

from .errors import IllegalMoveError


class PlacementLike(Protocol):
    """A placement as the engine handles it: the tile it lays, and its record form."""

    @property
    def tile(self) -> str:
        """The tile's name."""
        ...

    def to_dict(self) -> dict[str, object]:
        """The placement's record fields (``tile``, ``x``, ``y`` and the game's own)."""
        ...

    def normalized(self) -> object:
        """One form for every way of writing the same physical placement."""
        ...


P = TypeVar("P", bound=PlacementLike)


class BoardIndex(Protocol[P]):
    """What the engine asks of a game's board: checks, legal placements, laying a tile."""

    @property
    def placements(self) -> list[P]:
        """The tiles laid, in order."""
        ...

    def check(self, placement: P, /) -> object:
        """Raise IllegalMoveError for a placement the board refuses."""
        ...

    def place(self, placement: P, /) -> object:
        """Lay a tile the board accepts."""
        ...

    def legal_placements(self, tiles: Iterable[str], /) -> Iterable[P]:
        """Every legal placement of the tiles, each physical placement once."""
        ...

    def has_legal_placement(self, tiles: Iterable[str], /) -> bool:
        """Whether any of the tiles fits somewhere."""
        ...


class CheckedBoard:
    """:meth:`is_legal` for a board whose ``check`` raises IllegalMoveError with the reason."""

    def check(self, placement: Any, /) -> object:
        """Refuse an illegal placement with the precise reason."""
        raise NotImplementedError

    def is_legal(self, placement: Any) -> bool:
        """The same decision as :meth:`check`, without the explanation."""
        try:
            self.check(placement)
        except IllegalMoveError:
            return False
        return True
