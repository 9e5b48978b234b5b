"""Chromino's half of the engine's contract (contract.py).

Each example deals a game from a random seed and a random option set (rule
set, scoring, start, hand size, draw limit, strict draw, open hands, 1 to 8
players) or, one time in three, a hand-built end of game; the slow reference
of ``reference.py`` decides whether each laid tile was legal (docs/rules.md).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any, ClassVar

from hypothesis import strategies as st

from chromino.games.chromino.actions import Action, parse_action
from chromino.games.chromino.game import Game, Setup, deal
from chromino.games.chromino.notation import parse_move
from chromino.games.chromino.options import (
    MAX_DRAWS_PER_TURN,
    RULESETS,
    SCORINGS,
    STARTS,
    GameOptions,
)
from chromino.games.chromino.placement import COORDINATE_LIMIT, Placement
from chromino.games.chromino.strong import ChrominoState
from chromino.games.chromino.tiles import ALL_NAMES, TILES
from support.engine import reference as ref
from support.engine.contract import (
    Before,
    GameCase,
    IllegalMove,
    Makers,
    StrongCase,
    Table,
    malformed_move,
)
from support.engine.scenarios import make_game


def table_tiles(setup: Setup) -> list[str]:
    """Every tile in the game: 80 in a full deal."""
    return [setup.start.tile, *(n for hand in setup.hands for n in hand), *setup.bag]


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """A random option set, dealt from a random seed; or, one time in three, an end
    of game: the starting tile, 1 to 3 tiles a hand (chameleons likely) and a short
    bag, where last tiles, chameleons kept to the end and blocked games are common."""
    players = draw(st.integers(1, 8))
    hand_size = draw(st.integers(1, min(12, 79 // players)))
    options = GameOptions(
        ruleset=draw(st.sampled_from(RULESETS)),
        scoring=draw(st.sampled_from(SCORINGS)),
        start=draw(st.sampled_from(STARTS)),
        hand_size=hand_size,
        draws_per_turn=draw(st.integers(0, MAX_DRAWS_PER_TURN)),
        strict_draw=draw(st.booleans()),
        open_hands=draw(st.booleans()),
        turn_seconds=draw(st.sampled_from((0, 30))),
    )
    seed = draw(st.integers(0, 2**32 - 1))
    names = tuple(f"p{seat}" for seat in range(players))
    if draw(st.integers(0, 2)):
        return Table(deal(names, seed, options), full_deal=True, game_type=Game)
    rng = random.Random(seed)
    start = rng.choice(ALL_NAMES)
    # Chameleons tend to come first, so that they end up in hands.
    pool = sorted(
        (n for n in ALL_NAMES if n != start),
        key=lambda n: rng.random() * (0.2 if TILES[n].is_chameleon else 1.0),
    )
    hands = []
    for _ in range(players):
        size = draw(st.integers(1, 3))
        hands.append(tuple(pool[:size]))
        del pool[:size]
    bag = tuple(pool[: draw(st.integers(0, 6))])
    first = draw(st.integers(0, players - 1))
    setup = Setup(options, names, Placement(start, 0, 0, "E"), tuple(hands), bag, first)
    return Table(setup, full_deal=False, game_type=Game)


TILE_LETTERS = re.compile(r"(?=([RYGBPX]{3}))")
"""Every three-letter window of tile letters, overlapping: a tile name however embedded."""


def visible_tiles(game: Game, viewer: int | None) -> set[str]:
    """docs/rules.md sections 2 and 4: the board, one's own hand, hands of exactly one tile
    (turned face up), and every hand with ``open_hands``."""
    names = {p.tile for p in game.board.placements}
    for seat, hand in enumerate(game.hands):
        if seat == viewer or len(hand) == 1 or game.options.open_hands:
            names.update(hand)
    return names


# --- illegal moves of Chromino ----------------------------------------------------------

ILLEGAL = Makers()
"""The game's own illegal moves (the shared ones are the contract's)."""


def _near_board(rng: random.Random, board: ref.ReferenceBoard, tile: str) -> Placement:
    """A random placement with a square next to the board, or anywhere around it."""
    direction = rng.choice("ESWN")
    if rng.random() < 0.2:
        min_x, min_y, max_x, max_y = board.bounding_box(3)
        return Placement(tile, rng.randint(min_x, max_x), rng.randint(min_y, max_y), direction)
    fx, fy = rng.choice(sorted(board.fringe))
    dx, dy = ref.STEP[direction]
    back = rng.randint(0, 2)
    return Placement(tile, fx - back * dx, fy - back * dy, direction)


def _board_legal(game: Game, tile: str) -> list[Placement]:
    return list(game.board.legal_placements([tile]))


@ILLEGAL
def _tile_not_in_hand(rng: random.Random, game: Game) -> IllegalMove | None:
    hand = game.hands[game.current]
    tile = rng.choice([name for name in ALL_NAMES if name not in hand])
    fitting = _board_legal(game, tile)
    if fitting:
        return game.current, Action.play(rng.choice(fitting))
    board = ref.ReferenceBoard(game.board.placements)
    placement = _near_board(rng, board, tile)
    return game.current, Action.play(placement)


@ILLEGAL
def _illegal_placement(rng: random.Random, game: Game) -> IllegalMove | None:
    """A tile of the hand where the reference says it may not go."""
    tile = rng.choice(game.hands[game.current])
    board = ref.ReferenceBoard(game.board.placements)
    for _ in range(20):
        placement = _near_board(rng, board, tile)
        if not ref.analyse(board, placement).is_legal(game.options.ruleset):
            return game.current, Action.play(placement)
    return None


@ILLEGAL
def _last_chameleon(rng: random.Random, game: Game) -> IllegalMove | None:
    """A chameleon can never be a player's last tile played (section 4)."""
    hand = game.hands[game.current]
    if len(hand) != 1 or not TILES[hand[0]].is_chameleon:
        return None
    fitting = _board_legal(game, hand[0])
    return (game.current, Action.play(rng.choice(fitting))) if fitting else None


@ILLEGAL
def _forbidden_draw(rng: random.Random, game: Game) -> IllegalMove | None:
    """Section 4: not from an empty bag, not beyond the draw limit, not (strict) with a play."""
    limit = game.options.draws_per_turn
    strict_blocks = game.options.strict_draw and bool(game.legal_plays(game.current))
    if not game.bag or (limit and game.draws_this_turn >= limit) or strict_blocks:
        return game.current, Action("draw")
    return None


@ILLEGAL
def _forbidden_pass(rng: random.Random, game: Game) -> IllegalMove | None:
    """Section 4: no pass before a draw while the bag has tiles or a play exists."""
    if game.draws_this_turn:
        return None
    if game.bag or game.legal_plays(game.current):
        return game.current, Action("pass")
    return None


@ILLEGAL
def _far_away(rng: random.Random, game: Game) -> IllegalMove | None:
    """A legal placement moved far beyond the coordinate limit (and 4096 rows: the
    engine packs cells into ints, and such a cell could pass for a near one)."""
    plays = game.legal_plays(game.current)
    if not plays:
        return None
    p = rng.choice(plays)
    shift = rng.choice([(-1, 4096), (1, -4096), (COORDINATE_LIMIT + 1, 0), (0, 10**6)])
    return game.current, Action.play(Placement(p.tile, p.x + shift[0], p.y + shift[1], p.dir))


@ILLEGAL
def _malformed_json(rng: random.Random, game: Game) -> IllegalMove | None:
    """A move as JSON that cannot be read: refused by the parser, before the game."""
    tile = rng.choice(game.hands[game.current])
    good: dict[str, object] = {"action": "play", "tile": tile, "x": 0, "y": 1, "dir": "E"}
    changes: list[tuple[str, object]] = [
        ("action", None),
        ("action", 3),
        ("action", "jump"),
        ("tile", "ZZZ"),
        ("tile", None),
        ("tile", 7),
        ("tile", "RR"),
        ("x", "1"),
        ("x", 1.5),
        ("x", True),
        ("x", None),
        ("y", 10**6),
        ("y", -(COORDINATE_LIMIT + 1)),
        ("dir", "Q"),
        ("dir", "e"),
        ("dir", None),
    ]
    return malformed_move(game, rng, good, changes)


@ILLEGAL
def _bad_placement_object(rng: random.Random, game: Game) -> IllegalMove | None:
    """A Placement no JSON parser would produce: unknown tile or direction."""
    tile = rng.choice(game.hands[game.current])
    placement = rng.choice(
        [
            Placement(tile, 0, 1, rng.choice(["", "Q", "e", "NE"])),
            Placement(rng.choice(["ZZZ", "", "RG", "RRRR", "xxx"]), 0, 1, "E"),
        ]
    )
    return game.current, Action.play(placement)


def playable_by_the_rules(game: Game) -> list[str]:
    """Section 4: only the newest drawn tile after a draw; never a chameleon as last tile."""
    hand = game.hands[game.current]
    drawn = game.drawn_tile
    candidates = list(hand) if drawn is None else [drawn]
    if len(hand) == 1:
        candidates = [name for name in candidates if name[1] != "X"]
    return candidates


class ChrominoCase(GameCase, StrongCase):
    name = "chromino"
    max_actions = 1000
    lowest_eagerness = 1
    examples: ClassVar[dict[str, int]] = {
        "conserved": 60,
        "reference": 60,
        "replay": 40,
        "views": 40,
        "refused": 60,
        "listing": 40,
    }
    highest_checkpoint = 120
    reference_rate = 0.05
    quick = 8
    legal_examples = 40
    most_players = 4
    illegal_makers: ClassVar = ILLEGAL

    tables = staticmethod(tables)
    parse_action = staticmethod(parse_action)
    parse_move = staticmethod(parse_move)
    physical = staticmethod(ref.physical)

    def assert_tiles_conserved(self, game: Game, table: Table) -> None:
        """(a) tiles are conserved, (b) the board never overlaps."""
        where = [p.tile for p in game.board.placements]
        where += [name for hand in game.hands for name in hand]
        where += [name for tiles in game.out_of_play for name in tiles]
        where += game.bag
        assert Counter(where) == Counter(table_tiles(table.setup))
        if table.full_deal:
            assert len(where) == 80
            assert Counter(where) == Counter(ALL_NAMES)
        cells = [(x, y) for p in game.board.placements for x, y, _ in p.cells()]
        assert len(set(cells)) == len(cells) == 3 * len(game.board)
        for placement in game.board.placements:
            for x, y, letter in placement.cells():
                assert game.board.letter_at(x, y) == letter

    def legality_hooks(self, table: Table) -> tuple[Before, Any, Any]:
        ruleset = table.setup.options.ruleset

        def before(game: Game, action: Action[Placement]) -> None:
            if action.placement is not None:
                assert ref.is_legal(game.board.placements, action.placement, ruleset), action

        def after(game: Game, applied: Any) -> None:
            placement = applied.action.placement
            if placement is not None:
                assert placement.same_physical(game.board.placements[-1])

        def at_the_end(game: Game) -> None:
            # The whole board once more, tile after tile, from the starting tile.
            board = game.board.placements
            for count in range(1, len(board)):
                assert ref.is_legal(board[:count], board[count], ruleset), board[count]

        return before, after, at_the_end

    def assert_view_hides(self, game: Game, viewer: int | None, view: Any, text: str) -> None:
        visible = visible_tiles(game, viewer)
        allowed = visible | {name[::-1] for name in visible}
        seen = set(TILE_LETTERS.findall(text))
        assert seen <= allowed, f"viewer {viewer} sees {sorted(seen - allowed)}"

    def final_refusals(self, game: Game) -> list[Action[Any]]:
        return [Action.play(Placement(ALL_NAMES[0], 0, 1, "E"))]

    def assert_draw_and_pass(self, game: Game, kinds: list[str], plays: list[Action[Any]]) -> None:
        options = game.options
        limit = options.draws_per_turn
        may_draw = (
            bool(game.bag)
            and (limit == 0 or game.draws_this_turn < limit)
            and not (options.strict_draw and plays)
        )
        may_pass = game.draws_this_turn > 0 or (not game.bag and not plays)
        assert ("draw" in kinds) is may_draw
        assert ("pass" in kinds) is may_pass

    def assert_unlisted_refused(self, game: Game, rng: random.Random, listed: set[object]) -> None:
        from support.engine.contract import assert_refused_without_change

        seat = game.current
        hand = game.hands[seat]
        board = ref.ReferenceBoard(game.board.placements)
        for _ in range(6):
            placement = _near_board(rng, board, rng.choice(hand))
            if ref.physical(placement) not in listed:
                assert_refused_without_change(self, game, seat, Action.play(placement))

    def assert_reference_listing(self, game: Game, listed: set[object]) -> None:
        expected = ref.all_legal_placements(
            game.board.placements, playable_by_the_rules(game), game.options.ruleset
        )
        assert listed == set(expected)

    # --- the strong bot's half ----------------------------------------------------

    def option_sets(self) -> st.SearchStrategy[GameOptions]:
        return st.builds(
            GameOptions,
            ruleset=st.sampled_from(RULESETS),
            scoring=st.sampled_from(SCORINGS),
            open_hands=st.booleans(),
            draws_per_turn=st.integers(0, 5),
            strict_draw=st.booleans(),
            hand_size=st.sampled_from([1, 2, 5, 8]),
        )

    def whole_games(self, players: int) -> list[tuple[str, GameOptions]]:
        return [
            (f"whole-{players}-{ruleset}", GameOptions(ruleset=ruleset, scoring=scoring))
            for ruleset, scoring in (("standard", "none"), ("junior", "expert"))
        ]

    def twins(self) -> list[tuple[int, int, GameOptions, int]]:
        options = [GameOptions(), GameOptions(scoring="expert"), GameOptions(ruleset="junior")]
        return [(21, 14, chosen, 120) for chosen in options]

    def twin_game(self, played: Game, hands: list[list[str]], bag: list[str], seat: int) -> Game:
        assert not played.went_out
        board = played.board.placements
        return make_game(
            hands, start=board[0], bag=bag, first=seat, options=played.options, board=board[1:]
        )

    def as_data(self) -> tuple[int, int, int, GameOptions, int]:
        return 3, 5, 20, GameOptions(scoring="segments"), 40

    def rule_games(self) -> list[tuple[int, GameOptions]]:
        return [
            (2, GameOptions()),
            (3, GameOptions(scoring="segments", draws_per_turn=2)),
            (4, GameOptions(ruleset="junior", scoring="segments-multiply", draws_per_turn=0)),
            (1, GameOptions(scoring="expert", strict_draw=True)),
        ]

    def search_state(self, game: Game) -> ChrominoState:
        return ChrominoState(
            options=game.options,
            board=game.board.copy(),
            hands=[list(hand) for hand in game.hands],
            bag=list(reversed(game.bag)),
            scores=list(game.scores),
            seat=game.current,
            first=game.setup.first,
            draws=0,
            drawn=None,
            went_out=[],
            turns_taken=[0] * game.player_count,
        )


CASE = ChrominoCase()
