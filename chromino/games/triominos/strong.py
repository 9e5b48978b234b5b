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

from collections import Counter
from typing import Any, Final

from ...core.outcome import best_scores
from ...core.search import RewardMeaning
from ...core.search_state import TileSearchState, margin_blend, win_shares
from ...core.strong import DealtInformation, StrongDriver
from ...core.strong import StrongBot as CoreStrongBot
from .board import Board
from .options import GameOptions
from .placement import Placement
from .scoring import DRAW_PENALTY, OUT_BONUS, PASS_PENALTY
from .tiles import ALL_NAMES, VALUES, hand_value
from .turns import MAX_DRAWS_PER_TURN, playable_tiles
from .view import View

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


class TriominosState(TileSearchState):
    """A complete Triominos game, every tile known, that the search may play on and copy.

    A draw costs 5 and a pass 10 (§6); a player going out ends the game at
    once with the bonus of §7, a blocked game takes each hand's value off.
    """

    __slots__ = ("target",)

    draw_penalty = DRAW_PENALTY
    pass_penalty = PASS_PENALTY
    board: Board

    def __init__(self, *, options: GameOptions, **shared: Any) -> None:
        super().__init__(**shared)
        self.target = options.target

    def _copy_own(self, twin: TriominosState) -> None:
        twin.target = self.target

    def rewards(self) -> list[float]:
        """1 for a win, shared among joint winners; solo, the final score."""
        winners = self.winners
        assert winners is not None
        scores = self.scores
        if self.count == 1:
            return [min(1.0, max(0.0, (scores[0] + 100) / 600))]
        win = win_shares(winners, self.count)
        if not MARGIN_WEIGHT:
            return win
        return margin_blend(win, scores, MARGIN_SCALE, MARGIN_WEIGHT)

    def reward_meaning(self) -> RewardMeaning:
        """As :meth:`rewards` decides: solo, else the blend of winning and the lead."""
        if self.count == 1:
            return "solo"
        return "win_and_margin" if MARGIN_WEIGHT else "win"

    # --- policy ---------------------------------------------------------------

    def _keyed_placements(self) -> list[tuple[tuple[int, int, int], Placement]]:
        """Every legal play with greedy's measure: bonuses and points, less 3 for each
        place the tile could go, then the fewest places, then the highest value."""
        tiles = playable_tiles(self.hands[self.seat], self.drawn)
        plays = list(self.board.legal_plays(tiles))
        fits = Counter(play.placement.tile for play in plays)
        keyed = []
        for play in plays:
            tile = play.placement.tile
            key = (play.points - FLEXIBILITY_WEIGHT * fits[tile], -fits[tile], VALUES[tile])
            keyed.append((key, play.placement))
        return keyed

    # --- the turn rules (chromino.games.triominos.game.Game, unchecked) -------

    def _may_draw(self) -> bool:
        return bool(self.bag) and self.draws < MAX_DRAWS_PER_TURN

    def _may_pass(self) -> bool:
        return self.draws >= MAX_DRAWS_PER_TURN or not self.bag

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

    def _game_ends(self) -> bool:
        if self.target and max(self.scores) >= self.target:
            self._finish()
        elif self.idle >= self.count:
            for seat, hand in enumerate(self.hands):
                self.scores[seat] -= hand_value(hand)
            self._finish()
        else:
            return False
        return True

    def _finish(self) -> None:
        self.winners = best_scores(self.scores)


class TriominosInformation(DealtInformation[TriominosState]):
    """One seat's view, able to deal the tiles the seat cannot see (a :class:`SearchGame`)."""

    all_tiles = ALL_NAMES
    state_type = TriominosState

    def _own_fields(self, view: View) -> dict[str, Any]:
        return {"options": view.options}


HARD: Final = StrongDriver(TriominosInformation, View)
"""The search behind the strong bot, for this game's views."""
analyse = HARD.analyse
strong_move = HARD.move


class StrongBot(CoreStrongBot):
    """The strong bot as a bot: ``bot(view, rng) -> Action`` (see the core's)."""

    information = TriominosInformation


view_from_dict = View.from_dict
