"""The strong Chromino bot ("Hard"): information-set search from one seat's view.

:func:`strong_move` is the whole interface: a seat's :class:`~chromino.view.View`
(or its :meth:`~chromino.view.View.to_dict` form), a seed and a
:class:`~chromino.search.Budget` in, an :class:`~chromino.actions.Action`
out. It reads nothing but the view: the tiles it cannot see (hidden hands and
the bag) are dealt again at random for every iteration of the search
(:class:`ChrominoInformation`), and each deal is played out by
:class:`ChrominoState`, a lean copy of the game's turn rules.

What a deal keeps from the view: the board, the seat's own hand, every hand
the view shows (a last tile turned face up, or all hands with ``open_hands``),
how many tiles each hidden hand holds and how many the bag holds, the scores,
who went out and the state of the turn. The only thing a view cannot tell is
how many idle turns have passed once the bag is empty; the search assumes
none, which can only make it expect a blocked game a little later than it
comes.
"""

from __future__ import annotations

from typing import Any, Final

from ...core.outcome import EndedBy
from ...core.search import RewardMeaning
from ...core.search_state import TileSearchState, margin_blend, win_shares
from ...core.strong import DealtInformation, StrongDriver
from ...core.strong import StrongBot as CoreStrongBot
from .board import Board
from .options import GameOptions
from .placement import Placement
from .scoring import hand_penalty, placement_points
from .tiles import ALL_NAMES, TILES
from .turns import draw_refusal, pass_refusal, playable_tiles
from .view import View

MARGIN_WEIGHT: Final = 0.5
"""Share of a scored game's reward that is the normalised score margin (the rest is winning).

Scored games are close (two greedy players end a median 8 points apart in
expert scoring), so whether a move wins is a faint signal in a few hundred
rollouts; by how much it leads is a much clearer one. In expert scoring, on
the same 120 games at 200 iterations against greedy: 47 % wins with the win
alone, 68 % with this blend, 57 % with the margin alone (docs/strong-bot.md)."""
MARGIN_SCALES: Final = {"expert": 20.0, "segments": 60.0, "segments-multiply": 60.0}
"""Per scoring, the lead that earns the whole margin reward: about the 90th
percentile of final margins between two greedy players."""

_CHAMELEONS: Final = frozenset(name for name in ALL_NAMES if TILES[name].is_chameleon)
_WORTH: Final = {name: TILES[name].segment_worth for name in ALL_NAMES}


class ChrominoState(TileSearchState):
    """A complete Chromino game, every tile known, that the search may play on and copy.

    It follows :class:`~chromino.games.chromino.game.Game` rule for rule (the
    same board, turn and scoring functions), without its checks and records:
    the search only ever applies actions it was offered.
    """

    __slots__ = ("first", "options", "turns_taken", "went_out")

    board: Board

    def __init__(
        self,
        *,
        options: GameOptions,
        first: int,
        went_out: list[int],
        turns_taken: list[int],
        **shared: Any,
    ) -> None:
        super().__init__(**shared)
        self.options = options
        self.first = first
        self.went_out = went_out
        self.turns_taken = turns_taken

    def _copy_own(self, twin: ChrominoState) -> None:
        twin.options = self.options
        twin.first = self.first
        twin.went_out = list(self.went_out)
        twin.turns_taken = list(self.turns_taken)

    def rewards(self) -> list[float]:
        """1 for a win, shared among joint winners; solo, how quickly the hand emptied."""
        winners = self.winners
        assert winners is not None
        if self.count == 1:
            return [_solo_reward(self.turns_taken[0], len(self.hands[0]))]
        win = win_shares(winners, self.count)
        scoring = self.options.scoring
        if scoring == "none" or not MARGIN_WEIGHT:
            return win
        return margin_blend(win, self.scores, MARGIN_SCALES[scoring], MARGIN_WEIGHT)

    def reward_meaning(self) -> RewardMeaning:
        """As :meth:`rewards` decides: solo, the win alone without scores, else the blend."""
        if self.count == 1:
            return "solo"
        return "win" if self.options.scoring == "none" or not MARGIN_WEIGHT else "win_and_margin"

    # --- policy ---------------------------------------------------------------

    def _keyed_placements(self) -> list[tuple[tuple[bool, int, int, int], Placement]]:
        """Every legal placement with greedy's measure: regular tiles before chameleons
        unless a chameleon is due (no more regular tiles than chameleons in hand), then
        points, contacts and the tile's worth."""
        hand = self.hands[self.seat]
        tiles = playable_tiles(hand, self.drawn)
        if not tiles:
            return []
        chameleons = sum(1 for name in hand if name in _CHAMELEONS)
        due = len(hand) - chameleons <= chameleons
        board = self.board
        scoring = self.options.scoring
        keyed = []
        for placement in board.legal_placements(tiles):
            points = placement_points(board, placement, scoring) if scoring != "none" else 0
            preferred = (placement.tile in _CHAMELEONS) == due
            key = (preferred, points, board.contact_count(placement), _WORTH[placement.tile])
            keyed.append((key, placement))
        return keyed

    # --- the turn rules (chromino.games.chromino.game.Game, unchecked) --------

    def _may_draw(self) -> bool:
        return draw_refusal(self.options, len(self.bag), self.draws, _no_play) is None

    def _may_pass(self) -> bool:
        return pass_refusal(len(self.bag), self.draws, _no_play) is None

    def _play(self, placement: Placement) -> None:
        seat = self.seat
        scoring = self.options.scoring
        if scoring != "none":
            self.scores[seat] += placement_points(self.board, placement, scoring)
        self.board.place(placement)
        hand = self.hands[seat]
        hand.remove(placement.tile)
        if not hand:
            self.went_out.append(seat)
        self._end_turn(placed=True)

    def _count_turn(self) -> None:
        self.turns_taken[self.seat] += 1

    def _game_ends(self) -> bool:
        if self.went_out and self.seat == (self.first - 1) % self.count:
            self._finish(EndedBy.OUT)
        elif self.idle >= self.count:
            self._finish(EndedBy.BLOCKED)
        else:
            return False
        return True

    def _finish(self, ended_by: EndedBy) -> None:
        scoring = self.options.scoring
        for seat, hand in enumerate(self.hands):
            self.scores[seat] -= hand_penalty(hand, scoring)
        if self.options.scored:
            best = max(self.scores)
            winners = [seat for seat, score in enumerate(self.scores) if score == best]
        elif ended_by == EndedBy.OUT:
            winners = sorted(self.went_out)
        else:
            fewest = min(len(hand) for hand in self.hands)
            winners = [seat for seat, hand in enumerate(self.hands) if len(hand) == fewest]
        self.winners = tuple(winners)


def _no_play() -> bool:
    return False


def _solo_reward(turns: int, left: int) -> float:
    """Solo: going out beats being blocked, and sooner beats later (section 7)."""
    if not left:
        return max(0.5, 1.0 - turns / 200)
    return max(0.0, 0.45 - left / 200 - turns / 400)


class ChrominoInformation(DealtInformation[ChrominoState]):
    """One seat's view, able to deal the tiles the seat cannot see (a :class:`SearchGame`)."""

    all_tiles = ALL_NAMES
    state_type = ChrominoState

    def _own_fields(self, view: View) -> dict[str, Any]:
        return {
            "options": view.options,
            "first": view.first,
            "went_out": list(view.went_out),
            "turns_taken": list(view.turns_taken),
        }


class StrongBot(CoreStrongBot):
    """Chromino's strong bot as a bot: ``bot(view, rng) -> Action`` (see the core's)."""

    information = ChrominoInformation


HARD: Final = StrongDriver(ChrominoInformation, View)
"""The search behind the strong bot, for Chromino's views: :func:`analyse` and
:func:`strong_move` (which also takes a view's ``to_dict()`` form)."""
analyse, strong_move, view_from_dict = HARD.analyse, HARD.move, View.from_dict
