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

import random
from typing import Final

from ...core.actions import DRAW, PASS, Action
from ...core.outcome import EndedBy
from ...core.strong import DealtInformation, StrongDriver
from ...core.strong import StrongBot as CoreStrongBot
from .board import Board
from .options import GameOptions
from .placement import Placement
from .scoring import hand_penalty, placement_points
from .tiles import ALL_NAMES, TILES
from .turns import draw_refusal, pass_refusal, playable_tiles
from .view import View

PER_TILE: Final = 3
"""Candidate placements kept per tile (the best by the default policy's measure)."""
MAX_PLAYS: Final = 12
"""Candidate placements kept in all: a wide root spreads a small budget too thin."""
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


class ChrominoState:
    """A complete game, every tile known, that the search may play on and copy.

    It follows :class:`~chromino.game.Game` rule for rule (the same board,
    turn and scoring functions), without its checks and records: the search
    only ever applies actions it was offered.
    """

    __slots__ = (
        "bag",
        "began_empty",
        "board",
        "count",
        "drawn",
        "draws",
        "first",
        "hands",
        "idle",
        "options",
        "scores",
        "seat",
        "turns_taken",
        "went_out",
        "winners",
    )

    def __init__(
        self,
        *,
        options: GameOptions,
        board: Board,
        hands: list[list[str]],
        bag: list[str],
        scores: list[int],
        seat: int,
        first: int,
        draws: int,
        drawn: str | None,
        went_out: list[int],
        turns_taken: list[int],
    ) -> None:
        self.options = options
        self.board = board
        self.hands = hands
        self.bag = bag
        """Drawing order does not matter to a deal made at random: a draw pops the end."""
        self.scores = scores
        self.count = len(hands)
        self.seat = seat
        self.first = first
        self.draws = draws
        self.drawn = drawn
        self.began_empty = not bag and not draws
        self.idle = 0
        self.went_out = went_out
        self.turns_taken = turns_taken
        self.winners: tuple[int, ...] | None = None

    def clone(self) -> ChrominoState:
        """An independent copy."""
        twin = ChrominoState.__new__(ChrominoState)
        twin.options = self.options
        twin.board = self.board.copy()
        twin.hands = [list(hand) for hand in self.hands]
        twin.bag = list(self.bag)
        twin.scores = list(self.scores)
        twin.count = self.count
        twin.seat = self.seat
        twin.first = self.first
        twin.draws = self.draws
        twin.drawn = self.drawn
        twin.began_empty = self.began_empty
        twin.idle = self.idle
        twin.went_out = list(self.went_out)
        twin.turns_taken = list(self.turns_taken)
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

        Plays are ranked as the default policy ranks them; at most
        :data:`PER_TILE` per tile and :data:`MAX_PLAYS` in all are kept. A
        draw is offered only when nothing can be laid (drawing while a tile
        fits only lengthens the race), a pass likewise.
        """
        hand = self.hands[self.seat]
        plays = self._ranked_plays(hand)
        if plays:
            kept: list[Placement] = []
            per_tile: dict[str, int] = {}
            for _, placement in plays:
                seen = per_tile.get(placement.tile, 0)
                if seen < PER_TILE:
                    per_tile[placement.tile] = seen + 1
                    kept.append(placement)
                    if len(kept) == MAX_PLAYS:
                        break
            return [Action.play(placement) for placement in kept]
        actions = []
        if self._can_draw(False):
            actions.append(DRAW)
        if pass_refusal(len(self.bag), self.draws, _no_play) is None:
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
            self._end_turn(placed=False)

    def rewards(self) -> list[float]:
        """1 for a win, shared among joint winners; solo, how quickly the hand emptied."""
        winners = self.winners
        assert winners is not None
        if self.count == 1:
            return [_solo_reward(self.turns_taken[0], len(self.hands[0]))]
        share = 1.0 / len(winners)
        win = [share if seat in winners else 0.0 for seat in range(self.count)]
        scoring = self.options.scoring
        if scoring == "none" or not MARGIN_WEIGHT:
            return win
        scale = MARGIN_SCALES[scoring]
        scores = self.scores
        rewards = []
        for seat in range(self.count):
            best_other = max(score for other, score in enumerate(scores) if other != seat)
            margin = min(1.0, max(0.0, 0.5 + (scores[seat] - best_other) / (2 * scale)))
            rewards.append((1 - MARGIN_WEIGHT) * win[seat] + MARGIN_WEIGHT * margin)
        return rewards

    def default_action(self, rng: random.Random) -> Action[Placement]:
        """What the rollouts play: greedy's choice (see :meth:`_rollout_placement`)."""
        placement = self._rollout_placement(rng)
        if placement is not None:
            return Action.play(placement)
        return DRAW if self._can_draw(False) else PASS

    def rollout(self, rng: random.Random) -> list[float]:
        """Play every seat by the default policy to the end; the rewards."""
        while self.winners is None:
            placement = self._rollout_placement(rng)
            if placement is not None:
                self._play(placement)
            elif self._can_draw(False):
                self._draw()
            else:
                self._end_turn(placed=False)
        return self.rewards()

    # --- policy ---------------------------------------------------------------

    def _value(self, placement: Placement) -> tuple[int, int, int]:
        """Greedy's measure: points, then contacts, then the tile's worth."""
        board = self.board
        scoring = self.options.scoring
        points = placement_points(board, placement, scoring) if scoring != "none" else 0
        return points, board.contact_count(placement), _WORTH[placement.tile]

    def _ranked_plays(self, hand: list[str]) -> list[tuple[tuple[bool, int, int, int], Placement]]:
        """Every legal placement with its rank key, best first.

        Regular tiles rank before chameleons unless a chameleon is due (no
        more regular tiles than chameleons in hand), as greedy plays them.
        """
        tiles = playable_tiles(hand, self.drawn)
        if not tiles:
            return []
        chameleons = sum(1 for name in hand if name in _CHAMELEONS)
        due = len(hand) - chameleons <= chameleons
        ranked = []
        for placement in self.board.legal_placements(tiles):
            points, contacts, worth = self._value(placement)
            preferred = (placement.tile in _CHAMELEONS) == due
            ranked.append(((preferred, points, contacts, worth), placement))
        ranked.sort(key=lambda item: item[0], reverse=True)
        return ranked

    def _rollout_placement(self, rng: random.Random) -> Placement | None:
        """Greedy: keep chameleons back, then most points, contacts and worth; ties at random."""
        hand = self.hands[self.seat]
        tiles = playable_tiles(hand, self.drawn)
        if not tiles:
            return None
        chameleons = sum(1 for name in hand if name in _CHAMELEONS)
        due = len(hand) - chameleons <= chameleons
        best: Placement | None = None
        best_key: tuple[bool, int, int, int] | None = None
        ties = 0
        for placement in self.board.legal_placements(tiles):
            points, contacts, worth = self._value(placement)
            key = ((placement.tile in _CHAMELEONS) == due, points, contacts, worth)
            if best_key is None or key > best_key:
                best, best_key, ties = placement, key, 1
            elif key == best_key:
                ties += 1
                if rng.randrange(ties) == 0:
                    best = placement
        return best

    # --- the turn rules (chromino.game.Game, unchecked) -----------------------

    def _can_draw(self, has_play: bool) -> bool:
        refusal = draw_refusal(self.options, len(self.bag), self.draws, lambda: has_play)
        return refusal is None

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

    def _draw(self) -> None:
        tile = self.bag.pop()
        self.hands[self.seat].append(tile)
        self.draws += 1
        self.drawn = tile

    def _end_turn(self, *, placed: bool) -> None:
        seat = self.seat
        self.turns_taken[seat] += 1
        if self.began_empty and not placed:
            self.idle += 1
        else:
            self.idle = 0
        if self.went_out and seat == (self.first - 1) % self.count:
            self._finish(EndedBy.OUT)
        elif self.idle >= self.count:
            self._finish(EndedBy.BLOCKED)
        else:
            self.seat = (seat + 1) % self.count
            self.draws = 0
            self.drawn = None
            self.began_empty = not self.bag

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

    def _base_state(self, view: View, hands: list[list[str]]) -> ChrominoState:
        base = ChrominoState(
            options=view.options,
            board=view.board.copy(),
            hands=hands,
            bag=[],
            scores=list(view.scores),
            seat=view.current,
            first=view.first,
            draws=view.draws_this_turn,
            drawn=view.drawn_tile,
            went_out=list(view.went_out),
            turns_taken=list(view.turns_taken),
        )
        base.began_empty = view.bag_count == 0 and view.draws_this_turn == 0
        return base


HARD: Final = StrongDriver(ChrominoInformation, View)
"""The search behind the strong bot, for this game's views."""
analyse = HARD.analyse
strong_move = HARD.move


class StrongBot(CoreStrongBot):
    """The strong bot as a bot: ``bot(view, rng) -> Action`` (see the core's)."""

    information = ChrominoInformation


view_from_dict = View.from_dict
