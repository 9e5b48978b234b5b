"""Triominos' half of the engine's contract (contract.py).

Each example deals a game from a random seed and a random option set (1 to 4
players, hand size, target, open hands, hourglass); the slow reference of
``tri_reference.py`` decides whether each laid tile was legal, and what it
scored (docs/triominos-rules.md).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any, ClassVar

from hypothesis import strategies as st

from chromino.games.triominos.actions import Action, parse_action
from chromino.games.triominos.game import Game, deal
from chromino.games.triominos.notation import parse_move
from chromino.games.triominos.options import GameOptions
from chromino.games.triominos.placement import COORDINATE_LIMIT, Placement
from chromino.games.triominos.strong import TriominosState
from chromino.games.triominos.tiles import ALL_NAMES
from support.engine import tri_reference as ref
from support.engine.contract import (
    Before,
    GameCase,
    IllegalMove,
    Makers,
    StrongCase,
    Table,
    malformed_move,
)
from support.engine.tri_scenarios import make_game


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """A random option set, dealt from a random seed."""
    players = draw(st.integers(1, 4))
    options = GameOptions(
        hand_size=draw(st.one_of(st.none(), st.integers(5, 12))),
        turn_seconds=draw(st.sampled_from((0, 15, 60))),
        target=draw(st.sampled_from((0, 0, 50, 50, 60, 80, 120, 1000))),
        open_hands=draw(st.booleans()),
    )
    seed = draw(st.integers(0, 2**32 - 1))
    setup = deal([f"p{seat}" for seat in range(players)], seed, options)
    return Table(setup, full_deal=True, game_type=Game)


TILE_NAMES = re.compile(r'"([0-5]{3})"')
"""A tile name as it appears in JSON: three digits 0-5 in quotes (numbers are never quoted)."""


def visible_tiles(game: Game, viewer: int | None) -> set[str]:
    """The board, one's own hand, and every hand with ``open_hands``."""
    names = {p.tile for p in game.board.placements}
    for seat, hand in enumerate(game.hands):
        if seat == viewer or game.options.open_hands:
            names.update(hand)
    return names


# --- illegal moves of Triominos ---------------------------------------------------------

ILLEGAL = Makers()
"""The game's own illegal moves (the shared ones are the contract's)."""


def _near_board(rng: random.Random, game: Game, tile: str) -> Placement:
    """A random placement on a cell beside the board, or anywhere around it."""
    beside = game.board.open_cells()
    if beside and rng.random() < 0.7:
        x, y = rng.choice(beside)
    else:
        x, y = rng.randint(-8, 8), rng.randint(-6, 6)
    return Placement(tile, x, y, rng.randrange(3))


@ILLEGAL
def _tile_not_in_hand(rng: random.Random, game: Game) -> IllegalMove | None:
    hand = game.hands[game.current]
    tile = rng.choice([name for name in ALL_NAMES if name not in hand])
    fitting = list(game.board.legal_placements([tile])) if tile not in game.bag else []
    if fitting:
        return game.current, Action.play(rng.choice(fitting))
    return game.current, Action.play(_near_board(rng, game, tile))


@ILLEGAL
def _illegal_placement(rng: random.Random, game: Game) -> IllegalMove | None:
    """A playable tile where the reference says it may not go."""
    playable = game.playable_tiles(game.current)
    reference = ref.ReferenceBoard(game.board.placements)
    for _ in range(20):
        placement = _near_board(rng, game, rng.choice(playable))
        if not reference.is_legal(placement):
            return game.current, Action.play(placement)
    return None


@ILLEGAL
def _forbidden_draw(rng: random.Random, game: Game) -> IllegalMove | None:
    if not game.bag or game.draws_this_turn >= 3:
        return game.current, Action("draw")
    return None


@ILLEGAL
def _forbidden_pass(rng: random.Random, game: Game) -> IllegalMove | None:
    if game.bag and game.draws_this_turn < 3:
        return game.current, Action("pass")
    return None


@ILLEGAL
def _far_away(rng: random.Random, game: Game) -> IllegalMove | None:
    """A legal placement moved beyond the coordinate limit, or by 4096 rows (the engine
    packs cells into ints: such a cell could pass for a near one)."""
    plays = game.legal_plays(game.current)
    if not plays:
        return None
    p = rng.choice(plays)
    dx, dy = rng.choice([(0, 4096), (4096, 0), (COORDINATE_LIMIT + 1, 0), (0, -(10**6))])
    return game.current, Action.play(Placement(p.tile, p.x + dx, p.y + dy, p.rot))


@ILLEGAL
def _bad_placement_object(rng: random.Random, game: Game) -> IllegalMove | None:
    """A Placement no JSON parser would produce: unknown tile, or a rotation out of range."""
    tile = rng.choice(game.hands[game.current])
    placement = rng.choice(
        [
            Placement(tile, 0, 0, rng.choice([-1, 3, 10])),
            Placement(rng.choice(["210", "", "01", "0123", "666"]), 0, 0, 0),
        ]
    )
    return game.current, Action.play(placement)


@ILLEGAL
def _malformed_json(rng: random.Random, game: Game) -> IllegalMove | None:
    """A move as JSON that cannot be read: refused by the parser, before the game."""
    tile = rng.choice(game.hands[game.current])
    good: dict[str, object] = {"action": "play", "tile": tile, "x": 0, "y": 0, "rot": 0}
    changes: list[tuple[str, object]] = [
        ("action", None),
        ("action", 3),
        ("action", "jump"),
        ("tile", "210"),
        ("tile", None),
        ("tile", 12),
        ("x", "1"),
        ("x", 1.5),
        ("x", True),
        ("y", None),
        ("y", 10**6),
        ("rot", None),
        ("rot", 3),
        ("rot", False),
        ("rot", "1"),
    ]
    return malformed_move(game, rng, good, changes)


class TriominosCase(GameCase, StrongCase):
    name = "triominos"
    # Dealing and reading moves, with how long games run:
    tables = staticmethod(tables)
    max_actions = 1500
    lowest_eagerness = 3
    parse_action = staticmethod(parse_action)
    parse_move = staticmethod(parse_move)
    # How hard each property is tried:
    examples: ClassVar = dict.fromkeys(("conserved", "reference"), 30) | {"listing": 20}
    examples |= dict.fromkeys(("replay", "views", "refused"), 25)
    highest_checkpoint = 80
    reference_rate = 0.3
    physical = staticmethod(ref.physical)
    # The strong bot's tests:
    quick = 6
    legal_examples = 30
    most_players = 4
    illegal_makers: ClassVar = ILLEGAL

    def assert_tiles_conserved(self, game: Game, table: Table) -> None:
        """The 56 tiles are conserved, the board never overlaps."""
        where = [p.tile for p in game.board.placements]
        where += [name for hand in game.hands for name in hand]
        where += [name for tiles in game.out_of_play for name in tiles]
        where += game.bag
        assert Counter(where) == Counter(ALL_NAMES)
        cells = [(p.x, p.y) for p in game.board.placements]
        assert len(set(cells)) == len(cells)
        for placement in game.board.placements:
            assert game.board.tile_at(placement.x, placement.y) == placement
            for u, v, number in placement.corners():
                assert game.board.number_at(u, v) == number

    def assert_outcome(self, game: Game) -> None:
        outcome = game.outcome()
        assert outcome is not None
        if outcome.ended_by == "resigned":
            assert outcome.winners == game.active_seats
            return
        best = max(outcome.scores[seat] for seat in game.active_seats)
        assert all(outcome.scores[seat] == best for seat in outcome.winners)

    def legality_hooks(self, table: Table) -> tuple[Before, Any, Any]:
        expected: list[tuple[int, str | None]] = []

        def before(game: Game, action: Action[Placement]) -> None:
            if action.placement is not None:
                assert ref.is_legal(game.board.placements, action.placement), action
                reference = ref.ReferenceBoard(game.board.placements)
                expected.append(
                    (reference.points(action.placement), reference.figure(action.placement))
                )

        def after(game: Game, applied: Any) -> None:
            if applied.action.placement is not None:
                figure = None if applied.figure is None else applied.figure.value
                assert (applied.points, figure) == expected.pop()

        def at_the_end(game: Game) -> None:
            board = game.board.placements
            for count in range(len(board)):
                assert ref.is_legal(board[:count], board[count]), board[count]

        return before, after, at_the_end

    def assert_view_hides(self, game: Game, viewer: int | None, view: Any, text: str) -> None:
        seen = set(TILE_NAMES.findall(text))
        assert seen <= visible_tiles(game, viewer), f"viewer {viewer} sees {seen}"
        assert not set(game.bag) & seen
        hands = view.to_dict()["hands"]
        for seat, hand in enumerate(hands):
            if seat == viewer or game.options.open_hands:
                assert hand == game.hands[seat]
            else:
                assert hand is None
        # What the view offers was worked out from the view alone.
        offered = json.dumps([p.to_dict() for p in view.legal_plays()])
        assert set(TILE_NAMES.findall(offered)) <= visible_tiles(game, viewer)

    def board_fingerprint(self, game: Game) -> object:
        return game.board.open_cells()

    def assert_draw_and_pass(self, game: Game, kinds: list[str], plays: list[Action[Any]]) -> None:
        # Draw and pass are listed exactly when §6 allows them.
        assert ("draw" in kinds) is (bool(game.bag) and game.draws_this_turn < 3)
        assert ("pass" in kinds) is (not game.bag or game.draws_this_turn == 3)

    def assert_reference_listing(self, game: Game, listed: set[object]) -> None:
        drawn = game.drawn_tile
        playable = [drawn] if drawn is not None else game.hands[game.current]
        expected = ref.ReferenceBoard(game.board.placements).all_legal(playable)
        assert listed == set(expected)

    # --- the strong bot's half ----------------------------------------------------

    def whole_games(self, players: int) -> list[tuple[str, GameOptions]]:
        return [(f"whole-{players}", GameOptions(target=[0, 150][players % 2]))]

    def twins(self) -> list[tuple[int, int, GameOptions, int]]:
        return [(12, 14, GameOptions(), 80)]

    def twin_game(self, played: Game, hands: list[list[str]], bag: list[str], seat: int) -> Game:
        return make_game(hands, bag=bag, first=seat, board=played.board.placements)

    def as_data(self) -> tuple[int, int, int, GameOptions, int]:
        return 2, 4, 16, GameOptions(), 30

    def rule_games(self) -> list[tuple[int, GameOptions]]:
        # Two players race to a target of 150; the others play to the end.
        return [(players, GameOptions(target=150 * (players == 2))) for players in (1, 2, 3, 4)]

    def option_sets(self) -> st.SearchStrategy[GameOptions]:
        return st.builds(
            GameOptions,
            hand_size=st.sampled_from([None, 5, 9, 12]),
            target=st.sampled_from([0, 50, 200]),
            open_hands=st.booleans(),
        )

    def search_state(self, game: Game) -> TriominosState:
        state = TriominosState(
            options=game.options,
            board=game.board.copy(),
            hands=[list(hand) for hand in game.hands],
            scores=list(game.scores),
            seat=game.current,
            draws=0,
            drawn=None,
        )
        state.bag = list(reversed(game.bag))
        return state


CASE = TriominosCase()
