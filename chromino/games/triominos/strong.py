"""The strong Triominos bot ("Hard"): the same search as Chromino's, from one seat's view.

:func:`strong_move` takes a seat's :class:`~chromino.triominos.view.View` (or
its ``to_dict()`` form), a seed and a :class:`~chromino.search.Budget`, and
returns an :class:`~chromino.triominos.actions.Action`. The generic search of
:mod:`chromino.search` does the work; this module only says how to deal the
tiles the seat cannot see (:class:`TriominosInformation`) and how a complete
game plays on (:class:`TriominosState`, the turn rules of §6-§7 without the
checks).

As in Chromino, the one thing a view cannot tell is how many idle turns have
gone by once the bag is empty; the search assumes none.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Final

from ...core.actions import DRAW, PASS, Action
from ...core.strong import DealtInformation, StrongDriver
from ...core.strong import StrongBot as CoreStrongBot
from .board import Board, Play
from .options import GameOptions
from .placement import Placement
from .scoring import DRAW_PENALTY, OUT_BONUS, PASS_PENALTY
from .tiles import ALL_NAMES, VALUES, hand_value
from .turns import MAX_DRAWS_PER_TURN, playable_tiles
from .view import View

PER_TILE: Final = 3
"""Candidate placements kept per tile (the best by the default policy's measure)."""
MAX_PLAYS: Final = 12
"""Candidate placements kept in all."""
FLEXIBILITY_WEIGHT: Final = 3
"""As greedy: points a play is marked down for each place its tile could go now."""
MARGIN_WEIGHT: Final = 0.5
"""Share of the reward that is the normalised score margin (the rest is winning).

By how much a move leads is a clearer signal in a few hundred rollouts than
whether it wins: on the same 80 games at 200 iterations against greedy, 60 %
wins with the win alone, 72 % with this blend (docs/strong-bot.md)."""
MARGIN_SCALE: Final = 150.0
"""The lead that earns the whole margin reward: about the 90th percentile of
final margins between two greedy players."""


class TriominosState:
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
        "target",
        "winners",
    )

    def __init__(
        self,
        *,
        options: GameOptions,
        board: Board,
        hands: list[list[str]],
        scores: list[int],
        seat: int,
        draws: int,
        drawn: str | None,
    ) -> None:
        self.board = board
        self.hands = hands
        self.bag: list[str] = []
        """Drawing order does not matter to a deal made at random: a draw pops the end."""
        self.scores = scores
        self.count = len(hands)
        self.seat = seat
        self.draws = draws
        self.drawn = drawn
        self.began_empty = False
        self.idle = 0
        self.target = options.target
        self.winners: tuple[int, ...] | None = None

    def clone(self) -> TriominosState:
        """An independent copy."""
        twin = TriominosState.__new__(TriominosState)
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
        twin.target = self.target
        twin.winners = self.winners
        return twin

    # --- the SearchState protocol -------------------------------------------

    def to_move(self) -> int:
        """The seat to play."""
        return self.seat

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.winners is not None

    def actions(self) -> list[Action[Placement]]:
        """The plays worth searching, best first, or the draw and pass the rules allow.

        At most :data:`PER_TILE` placements per tile and :data:`MAX_PLAYS` in
        all. A draw (-5 and one more tile) is offered only when nothing can
        be laid, a pass likewise.
        """
        plays = self._ranked_plays()
        if plays:
            kept: list[Placement] = []
            per_tile: dict[str, int] = {}
            for _, play in plays:
                tile = play.placement.tile
                seen = per_tile.get(tile, 0)
                if seen < PER_TILE:
                    per_tile[tile] = seen + 1
                    kept.append(play.placement)
                    if len(kept) == MAX_PLAYS:
                        break
            return [Action.play(placement) for placement in kept]
        actions = []
        if self.bag and self.draws < MAX_DRAWS_PER_TURN:
            actions.append(DRAW)
        if self.draws >= MAX_DRAWS_PER_TURN or not self.bag:
            actions.append(PASS)
        return actions

    def apply(self, action: Action[Placement]) -> None:
        """Play an action the rules allow here."""
        if action.kind == "play":
            assert action.placement is not None
            self._play(action.placement)
        elif action.kind == "draw":
            self._draw()
        else:
            self._pass()

    def rewards(self) -> list[float]:
        """1 for a win, shared among joint winners; solo, the final score."""
        winners = self.winners
        assert winners is not None
        scores = self.scores
        if self.count == 1:
            return [min(1.0, max(0.0, (scores[0] + 100) / 600))]
        share = 1.0 / len(winners)
        win = [share if seat in winners else 0.0 for seat in range(self.count)]
        if not MARGIN_WEIGHT:
            return win
        rewards = []
        for seat in range(self.count):
            best_other = max(score for other, score in enumerate(scores) if other != seat)
            margin = min(1.0, max(0.0, 0.5 + (scores[seat] - best_other) / (2 * MARGIN_SCALE)))
            rewards.append((1 - MARGIN_WEIGHT) * win[seat] + MARGIN_WEIGHT * margin)
        return rewards

    def default_action(self, rng: random.Random) -> Action[Placement]:
        """What the rollouts play: greedy's choice, else draw, else pass."""
        play = self._rollout_play(rng)
        if play is not None:
            return Action.play(play)
        return DRAW if self.bag and self.draws < MAX_DRAWS_PER_TURN else PASS

    def rollout(self, rng: random.Random) -> list[float]:
        """Play every seat by the default policy to the end; the rewards."""
        while self.winners is None:
            play = self._rollout_play(rng)
            if play is not None:
                self._play(play)
            elif self.bag and self.draws < MAX_DRAWS_PER_TURN:
                self._draw()
            else:
                self._pass()
        return self.rewards()

    # --- policy ---------------------------------------------------------------

    def _ranked_plays(self) -> list[tuple[tuple[int, int, int], Play]]:
        """Every legal play with greedy's measure, best first."""
        tiles = playable_tiles(self.hands[self.seat], self.drawn)
        plays = list(self.board.legal_plays(tiles))
        fits = Counter(play.placement.tile for play in plays)
        ranked = []
        for play in plays:
            tile = play.placement.tile
            ranked.append(
                ((play.points - FLEXIBILITY_WEIGHT * fits[tile], -fits[tile], VALUES[tile]), play)
            )
        ranked.sort(key=lambda item: item[0], reverse=True)
        return ranked

    def _rollout_play(self, rng: random.Random) -> Placement | None:
        """Greedy: bonuses and points, less 3 for each place the tile could go; ties at random."""
        tiles = playable_tiles(self.hands[self.seat], self.drawn)
        plays = list(self.board.legal_plays(tiles))
        if not plays:
            return None
        fits = Counter(play.placement.tile for play in plays)
        best: Placement | None = None
        best_key: tuple[int, int, int] | None = None
        ties = 0
        for play in plays:
            tile = play.placement.tile
            key = (play.points - FLEXIBILITY_WEIGHT * fits[tile], -fits[tile], VALUES[tile])
            if best_key is None or key > best_key:
                best, best_key, ties = play.placement, key, 1
            elif key == best_key:
                ties += 1
                if rng.randrange(ties) == 0:
                    best = play.placement
        return best

    # --- the turn rules (chromino.triominos.game.Game, unchecked) -------------

    def _play(self, placement: Placement) -> None:
        seat = self.seat
        points, _ = self.board.score(placement)
        self.board.place(placement)
        hand = self.hands[seat]
        hand.remove(placement.tile)
        self.scores[seat] += points
        if not hand:
            self.scores[seat] += OUT_BONUS + sum(hand_value(other) for other in self.hands)
            self._finish()
            return
        self._end_turn(placed=True)

    def _draw(self) -> None:
        tile = self.bag.pop()
        self.hands[self.seat].append(tile)
        self.scores[self.seat] -= DRAW_PENALTY
        self.draws += 1
        self.drawn = tile

    def _pass(self) -> None:
        self.scores[self.seat] -= PASS_PENALTY
        self._end_turn(placed=False)

    def _end_turn(self, *, placed: bool) -> None:
        if self.began_empty and not placed:
            self.idle += 1
        else:
            self.idle = 0
        if self.target and max(self.scores) >= self.target:
            self._finish()
        elif self.idle >= self.count:
            for seat, hand in enumerate(self.hands):
                self.scores[seat] -= hand_value(hand)
            self._finish()
        else:
            self.seat = (self.seat + 1) % self.count
            self.draws = 0
            self.drawn = None
            self.began_empty = not self.bag

    def _finish(self) -> None:
        best = max(self.scores)
        self.winners = tuple(seat for seat, score in enumerate(self.scores) if score == best)


class TriominosInformation(DealtInformation[TriominosState]):
    """One seat's view, able to deal the tiles the seat cannot see (a :class:`SearchGame`)."""

    all_tiles = ALL_NAMES

    def _base_state(self, view: View, hands: list[list[str]]) -> TriominosState:
        base = TriominosState(
            options=view.options,
            board=view.board.copy(),
            hands=hands,
            scores=list(view.scores),
            seat=view.current,
            draws=view.draws_this_turn,
            drawn=view.drawn_tile,
        )
        base.began_empty = view.bag_count == 0 and view.draws_this_turn == 0
        return base


HARD: Final = StrongDriver(TriominosInformation, View)
"""The search behind the strong bot, for this game's views."""
analyse = HARD.analyse
strong_move = HARD.move


class StrongBot(CoreStrongBot):
    """The strong bot as a bot: ``bot(view, rng) -> Action`` (see the core's)."""

    information = TriominosInformation

view_from_dict = View.from_dict
