"""The strong bot ("Hard") of any tile game: information-set search from one seat's view.

A game brings its *search state* (a complete game, every tile known, that the
search plays on: :class:`~chromino.core.search.SearchState`) and says how to
build one from a view (:meth:`DealtInformation._base_state`). The rest is
shared: the tiles the seat cannot see (hidden hands and the bag) are dealt
again at random for every iteration of the search, the root's candidates are
taken from one deal, and the bot draws one seed from the generator it is
handed, whatever its budget.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

from .actions import Action
from .search import Budget, SearchResult, search

MAX_DEPTH: Final = 1_000
"""Tree depth of the search (1 is flat Monte Carlo over the root's actions)."""


class DealtState(Protocol):
    """What dealing needs of a game's search state: hands and bag to fill in, and a copy."""

    hands: list[list[str]]
    bag: list[str]
    began_empty: bool

    def clone(self) -> Any:
        """An independent copy."""
        ...

    def actions(self) -> Sequence[Action[Any]]:
        """The actions the search considers here."""
        ...


S = TypeVar("S", bound=DealtState)


class DealtInformation(Generic[S]):
    """One seat's view, able to deal the tiles the seat cannot see (a ``SearchGame``)."""

    all_tiles: ClassVar[Sequence[str]]
    """Every tile of the game, in a fixed order (the order deals are drawn from)."""
    state_type: ClassVar[Any]
    """The game's search state (a :class:`~chromino.core.search_state.TileSearchState`)."""

    def __init__(self, view: Any) -> None:
        if view.seat is None or not view.is_my_turn:
            raise ValueError("the strong bot moves only for the seat whose turn it is")
        seen: set[str] = {placement.tile for placement in view.board.placements}
        hands: list[list[str]] = []
        self.hidden: list[tuple[int, int]] = []
        """(seat, tile count) of every hand the view does not show."""
        for seat, (hand, count) in enumerate(zip(view.hands, view.hand_counts, strict=True)):
            if hand is None:
                hands.append([])
                if count:
                    self.hidden.append((seat, count))
            else:
                hands.append(list(hand))
                seen.update(hand)
        self.unseen = [name for name in self.all_tiles if name not in seen]
        """Every tile the seat has not seen, in a fixed order (a hand-built game may hold fewer)."""
        self.bag_count: int = view.bag_count
        needed = self.bag_count + sum(count for _, count in self.hidden)
        if needed > len(self.unseen):
            raise ValueError(f"{needed} hidden tiles, but only {len(self.unseen)} unseen")
        self.base: S = self._base_state(view, hands)

    def _own_fields(self, view: Any) -> dict[str, Any]:
        """The game's own fields of its search state, read from the view."""
        return {}

    def _base_state(self, view: Any, hands: list[list[str]]) -> S:
        """The game's search state for the view, hidden hands empty and the bag empty."""
        base: S = self.state_type(
            board=view.board.copy(),
            hands=hands,
            scores=list(view.scores),
            seat=view.current,
            draws=view.draws_this_turn,
            drawn=view.drawn_tile,
            **self._own_fields(view),
        )
        base.began_empty = view.bag_count == 0 and view.draws_this_turn == 0
        return base

    def determinize(self, rng: random.Random) -> S:
        """The view's game, the hidden hands and the bag dealt at random from the unseen tiles."""
        state: S = self.base.clone()
        pool = list(self.unseen)
        rng.shuffle(pool)
        start = 0
        for seat, count in self.hidden:
            state.hands[seat] = pool[start : start + count]
            start += count
        state.bag = pool[start : start + self.bag_count]
        return state


def analyse(
    information: DealtInformation[Any],
    rng: random.Random,
    budget: Budget,
    *,
    max_depth: int = MAX_DEPTH,
) -> SearchResult[Action[Any]]:
    """The search behind the strong bot's move, with its statistics."""
    # The root's actions depend only on what the seat sees: any deal gives them.
    root_actions = information.determinize(random.Random(0)).actions()
    return search(information, rng, budget, max_depth=max_depth, root_actions=root_actions)


class StrongBot:
    """The strong bot as a bot: ``bot(view, rng) -> Action``.

    It takes one 64-bit seed from the generator it is handed, whatever its
    budget, so the other players' choices that follow do not depend on how
    long it thought. Picklable: it holds only its budget and depth (a game's
    subclass names its :attr:`information`).
    """

    information: ClassVar[type[DealtInformation[Any]]]
    """How the game deals what a view hides."""

    def __init__(self, budget: Budget | None = None, *, max_depth: int = MAX_DEPTH) -> None:
        self.budget = budget or Budget()
        self.max_depth = max_depth

    def __call__(self, view: Any, rng: random.Random) -> Action[Any]:
        own = random.Random(rng.getrandbits(64))
        information = self.information(view)
        return analyse(information, own, self.budget, max_depth=self.max_depth).action

    def __repr__(self) -> str:
        return f"StrongBot({self.budget!r}, max_depth={self.max_depth})"


class StrongDriver:
    """The strong bot's entry points for one game: its information type and its view type."""

    def __init__(self, information: type[DealtInformation[Any]], view_type: Any) -> None:
        self.information = information
        self.view_type = view_type

    def analyse(
        self, view: Any, rng: random.Random, budget: Budget, *, max_depth: int = MAX_DEPTH
    ) -> SearchResult[Action[Any]]:
        """The search behind :meth:`move`, with its statistics."""
        return analyse(self.information(view), rng, budget, max_depth=max_depth)

    def move(
        self,
        view: Any,
        seed: int | str | random.Random,
        budget: Budget | None = None,
    ) -> Action[Any]:
        """The strong bot's action for the seat of ``view``, whose turn it must be.

        ``view`` may be the game's view or its ``to_dict()`` form (plain data,
        for another process). ``seed`` fixes every random choice: with an
        iteration budget the same view and seed give the same action on any
        machine. ``budget`` defaults to one second of thinking.
        """
        if isinstance(view, Mapping):
            view = self.view_type.from_dict(view)
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return self.analyse(view, rng, budget or Budget()).action
