"""The shared half of a game's search state: a complete tile game the search plays on.

The strong bot's search (:mod:`chromino.core.search`) plays many deals to the
end, so each game keeps a lean copy of its turn rules without the checks and
records of its ``Game``. The turn itself is the same in every game — lay a
tile, draw, pass, count idle turns once the bag is empty, move to the next
seat — and so are the candidate list, the rollout loop and the reward blend;
:class:`TileSearchState` holds them, and a game fills in its hooks: the
greedy measure of its placements, what a play scores, when the game ends.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Self, TypeVar

from .actions import DRAW, PASS, Action

K = TypeVar("K")
T = TypeVar("T")


def pick_best(keyed: Iterable[tuple[K, T]], rng: random.Random) -> T | None:
    """The item with the greatest key, ties broken uniformly at random in one pass
    (``rng.randrange`` is asked once per tie met, in order)."""
    best: T | None = None
    best_key: Any = None
    ties = 0
    for key, item in keyed:
        if best_key is None or key > best_key:
            best, best_key, ties = item, key, 1
        elif key == best_key:
            ties += 1
            if rng.randrange(ties) == 0:
                best = item
    return best


def win_shares(winners: Sequence[int], count: int) -> list[float]:
    """1 for a win, shared among joint winners."""
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(count)]


def margin_blend(
    win: Sequence[float], scores: Sequence[int], scale: float, weight: float
) -> list[float]:
    """Per seat, ``weight`` of the reward is the lead over the best other seat (``scale``
    earns all of it), the rest is the win."""
    rewards = []
    for seat in range(len(scores)):
        best_other = max(score for other, score in enumerate(scores) if other != seat)
        margin = min(1.0, max(0.0, 0.5 + (scores[seat] - best_other) / (2 * scale)))
        rewards.append((1 - weight) * win[seat] + weight * margin)
    return rewards


class TileSearchState:
    """A complete game, every tile known, that the search may play on and copy."""

    __slots__ = (
        "bag",
        "began_empty",
        "board",
        "count",
        "drawn",
        "draws",
        "hands",
        "idle",
        "scores",
        "seat",
        "winners",
    )

    per_tile: ClassVar[int] = 3
    """Candidate placements kept per tile (the best by the default policy's measure)."""
    max_plays: ClassVar[int] = 12
    """Candidate placements kept in all: a wide root spreads a small budget too thin."""
    draw_penalty: ClassVar[int] = 0
    pass_penalty: ClassVar[int] = 0

    def __init__(
        self,
        *,
        board: Any,
        hands: list[list[str]],
        scores: list[int],
        seat: int,
        draws: int,
        drawn: str | None,
        bag: list[str] | None = None,
    ) -> None:
        self.board = board
        self.hands = hands
        self.bag: list[str] = [] if bag is None else bag
        """Drawing order does not matter to a deal made at random: a draw pops the end."""
        self.scores = scores
        self.count = len(hands)
        self.seat = seat
        self.draws = draws
        self.drawn = drawn
        self.began_empty = False
        self.idle = 0
        self.winners: tuple[int, ...] | None = None

    # --- hooks a game overrides ---------------------------------------------

    def _copy_own(self, twin: Self) -> None:
        """Copy the game's own fields into a fresh twin."""

    def _keyed_placements(self) -> list[tuple[Any, Any]]:
        """Every legal placement now with greedy's measure, in the board's order."""
        raise NotImplementedError

    def _may_draw(self) -> bool:
        """Whether a draw is allowed now, nothing being playable."""
        raise NotImplementedError

    def _may_pass(self) -> bool:
        """Whether a pass is allowed now, nothing being playable."""
        raise NotImplementedError

    def _play(self, placement: Any) -> None:
        """Score and lay a tile, then end the turn (or the game)."""
        raise NotImplementedError

    def _count_turn(self) -> None:
        """Whatever the game counts at the end of each turn."""

    def _game_ends(self) -> bool:
        """End the game if this turn ends it (final scores, winners); whether it did."""
        raise NotImplementedError

    def rewards(self) -> list[float]:
        """Per seat, a reward in [0, 1] for the finished game."""
        raise NotImplementedError

    # --- the SearchState protocol -------------------------------------------

    def clone(self) -> Self:
        """An independent copy."""
        twin = self.__class__.__new__(self.__class__)
        twin.board = self.board.copy()
        twin.hands = [list(hand) for hand in self.hands]
        twin.bag = list(self.bag)
        twin.scores = list(self.scores)
        twin.count = self.count
        twin.seat = self.seat
        twin.draws = self.draws
        twin.drawn = self.drawn
        twin.began_empty = self.began_empty
        twin.idle = self.idle
        twin.winners = self.winners
        self._copy_own(twin)
        return twin

    def to_move(self) -> int:
        """The seat to play."""
        return self.seat

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.winners is not None

    def actions(self) -> list[Action[Any]]:
        """The plays worth searching, best first, or the draw and pass the rules allow.

        Plays are ranked as the default policy ranks them; at most
        :attr:`per_tile` per tile and :attr:`max_plays` in all are kept. A
        draw is offered only when nothing can be laid (drawing while a tile
        fits only lengthens the race), a pass likewise.
        """
        ranked = self._keyed_placements()
        if ranked:
            ranked.sort(key=lambda item: item[0], reverse=True)
            kept: list[Any] = []
            per_tile: dict[str, int] = {}
            for _, placement in ranked:
                seen = per_tile.get(placement.tile, 0)
                if seen < self.per_tile:
                    per_tile[placement.tile] = seen + 1
                    kept.append(placement)
                    if len(kept) == self.max_plays:
                        break
            return [Action.play(placement) for placement in kept]
        actions: list[Action[Any]] = []
        if self._may_draw():
            actions.append(DRAW)
        if self._may_pass():
            actions.append(PASS)
        return actions

    def apply(self, action: Action[Any]) -> None:
        """Play an action the rules allow here."""
        if action.kind == "play":
            assert action.placement is not None
            self._play(action.placement)
        elif action.kind == "draw":
            self._draw()
        else:
            self._pass()

    def default_action(self, rng: random.Random) -> Action[Any]:
        """What the rollouts play: greedy's choice, else draw, else pass."""
        placement = pick_best(self._keyed_placements(), rng)
        if placement is not None:
            return Action.play(placement)
        return DRAW if self._may_draw() else PASS

    def rollout(self, rng: random.Random) -> list[float]:
        """Play every seat by the default policy to the end; the rewards."""
        while self.winners is None:
            placement = pick_best(self._keyed_placements(), rng)
            if placement is not None:
                self._play(placement)
            elif self._may_draw():
                self._draw()
            else:
                self._pass()
        return self.rewards()

    # --- the turn rules (the game's ``Game``, unchecked) ----------------------

    def _draw(self) -> None:
        tile = self.bag.pop()
        self.hands[self.seat].append(tile)
        self.scores[self.seat] -= self.draw_penalty
        self.draws += 1
        self.drawn = tile

    def _pass(self) -> None:
        self.scores[self.seat] -= self.pass_penalty
        self._end_turn(placed=False)

    def _end_turn(self, *, placed: bool) -> None:
        self._count_turn()
        if self.began_empty and not placed:
            self.idle += 1
        else:
            self.idle = 0
        if not self._game_ends():
            self.seat = (self.seat + 1) % self.count
            self.draws = 0
            self.drawn = None
            self.began_empty = not self.bag
