"""What one seat, or a spectator, may know of a game: the only door out of the engine.

A view holds the seat's own tiles, the board, scores, counts of the other
hands and of the bag, and the hands everyone may see (every hand with
``open_hands``, and whatever the game turns face up). Never the bag's order or
contents, the seed, or another seat's hidden tiles. Legal actions are derived
from the view alone, by the same turn rules the game applies, so a bot
deciding from a view can know no more than a player at the table.

The view's JSON form goes both ways (:meth:`View.to_dict`,
:meth:`View.from_dict`): a bot in another process decides from plain data.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from .actions import DRAW, PASS, Action
from .board import BoardIndex, P
from .outcome import Outcome


class OptionsLike(Protocol):
    """What a view needs of a game's options."""

    @property
    def open_hands(self) -> bool:
        """Every hand face up for everyone."""
        ...

    def to_dict(self) -> dict[str, object]:
        """Every option, for JSON."""
        ...


O = TypeVar("O", bound=OptionsLike)  # noqa: E741
B = TypeVar("B", bound=BoardIndex[Any])


@dataclass(frozen=True, slots=True)
class View(Generic[O, B, P]):
    """A snapshot for one viewer. ``board`` is the live board itself, lent read-only:
    turn a view into data (:meth:`to_dict`) or act on it before the game moves on."""

    seat: int | None
    options: O
    players: tuple[str, ...]
    board: B
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
    resigned: tuple[int, ...] = ()
    """The seats that left the game, in the order they left (their tiles are out of play)."""

    options_type: ClassVar[Any]
    """The game's options class (``from_dict``)."""
    board_type: ClassVar[Any]
    """The game's board class (``from_placements``)."""
    last_tile_face_up: ClassVar[bool] = False
    """Whether a hand down to its last tile is shown to everyone (Chromino's rule)."""

    # --- hooks a game overrides ---------------------------------------------

    @classmethod
    def _game_values(cls, game: Any) -> tuple[Any, ...]:
        """The game's own fields of a view, in their order, read from the live game."""
        return ()

    def _playable(self, hand: Sequence[str], drawn_tile: str | None) -> list[str]:
        """The turn rule: which tiles of the hand may be laid now."""
        raise NotImplementedError

    def legal_plays(self) -> list[Any]:
        """Legal placements with what each would make (the game's ``Play``)."""
        raise NotImplementedError

    def can_draw(self) -> bool:
        """Whether the game would accept a draw from this viewer now."""
        raise NotImplementedError

    def can_pass(self) -> bool:
        """Whether the game would accept a pass from this viewer now."""
        raise NotImplementedError

    def _json_fields(self) -> dict[str, object]:
        """The game's own fields of the JSON form."""
        return {}

    @classmethod
    def _placement_from(cls, item: Mapping[str, object]) -> P:
        """A placement from its JSON form."""
        raise NotImplementedError

    @classmethod
    def _board_from(cls, options: O, placements: Iterable[P]) -> B:
        """The board indexed from scratch (a game may pass it options)."""
        board: B = cls.board_type.from_placements(placements)
        return board

    @classmethod
    def _fields_from(cls, data: Mapping[str, object]) -> dict[str, Any]:
        """The game's own fields of a view, read from its JSON form."""
        return {}

    # --- the shared part ----------------------------------------------------

    @classmethod
    def of(cls, game: Any, seat: int | None) -> Self:
        """Filter a live game for one viewer."""
        open_hands = game.options.open_hands
        last_face_up = cls.last_tile_face_up
        hands = tuple(
            tuple(hand)
            if open_hands or index == seat or (last_face_up and len(hand) == 1)
            else None
            for index, hand in enumerate(game.hands)
        )
        own_turn = seat is not None and seat == game.current and not game.is_over
        # Positional, the game's own fields last: a view is made for every move.
        return cls(
            seat,
            game.options,
            game.players,
            game.board,
            hands,
            tuple(len(hand) for hand in game.hands),
            len(game.bag),
            tuple(game.scores),
            game.current,
            game.setup.first,
            game.draws_this_turn,
            game.drawn_tile if own_turn else None,
            tuple(game.turns_taken),
            tuple(game.tiles_drawn),
            len(game.moves),
            game.outcome(),
            tuple(game.resigned),
            *cls._game_values(game),
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
        return self._playable(self.hand, self.drawn_tile)

    def legal_placements(self) -> list[P]:
        """Every legal placement for the viewer now, each physical placement once."""
        return list(self.board.legal_placements(self.playable_tiles()))

    def legal_actions(self) -> list[Action[P]]:
        """Plays, then draw and pass where allowed (timeouts are the host's, not a choice)."""
        actions = [Action.play(p) for p in self.legal_placements()]
        if self.can_draw():
            actions.append(DRAW)
        if self.can_pass():
            actions.append(PASS)
        return actions

    def to_dict(self, *, board: list[dict[str, object]] | None = None) -> dict[str, object]:
        """The view as JSON-ready data. ``board``: the placements as data, when the
        caller keeps them (a board only grows: a server making a view at every move
        turns each placement into data once, not at every view)."""
        outcome = self.outcome
        return {
            "seat": self.seat,
            "players": list(self.players),
            "options": self.options.to_dict(),
            "board": [p.to_dict() for p in self.board.placements] if board is None else board,
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
            "resigned": list(self.resigned),
            **self._json_fields(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        """A view again from its :meth:`to_dict` form (a mid-game view: no outcome)."""
        if data.get("finished"):
            raise ValueError("the game is over")
        options = cls.options_type.from_dict(mapping(data["options"]))
        placements = (cls._placement_from(mapping(item)) for item in items(data["board"]))
        board = cls._board_from(options, placements)
        hands = tuple(
            None if hand is None else tuple(str(name) for name in items(hand))
            for hand in items(data["hands"])
        )
        drawn = data.get("drawn_tile")
        seat = data.get("seat")
        return cls(
            seat=None if seat is None else whole(seat),
            options=options,
            players=tuple(str(name) for name in items(data["players"])),
            board=board,
            hands=hands,
            hand_counts=tuple(whole(count) for count in items(data["hand_counts"])),
            bag_count=whole(data["bag"]),
            scores=tuple(whole(score) for score in items(data["scores"])),
            current=whole(data["current"]),
            first=whole(data["first"]),
            draws_this_turn=whole(data["draws_this_turn"]),
            drawn_tile=None if drawn is None else str(drawn),
            turns_taken=tuple(whole(count) for count in items(data["turns_taken"])),
            tiles_drawn=tuple(whole(count) for count in items(data["tiles_drawn"])),
            move_count=whole(data["moves"]),
            outcome=None,
            resigned=tuple(whole(seat) for seat in items(data.get("resigned", []))),
            **cls._fields_from(data),
        )


def mapping(value: object) -> Mapping[str, object]:
    """A JSON object, or ValueError."""
    if not isinstance(value, Mapping):
        raise ValueError(f"expected an object, not {value!r}")
    return value


def items(value: object) -> Sequence[object]:
    """A JSON list, or ValueError."""
    if not isinstance(value, list | tuple):
        raise ValueError(f"expected a list, not {value!r}")
    return value


def whole(value: object) -> int:
    """A whole number (never a boolean), or ValueError."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, not {value!r}")
    return value
