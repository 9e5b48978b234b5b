"""Properties of whole games: random tables, random legal actions chosen by hypothesis.

Each example deals a game from a random seed and a random option set (rule
set, scoring, start, hand size, draw limit, strict draw, open hands, 1 to 8
players) and plays it with actions hypothesis picks among the legal ones —
plays, draws, passes — and timeouts. After every action the properties of
docs/rules.md that must always hold are checked; the slow reference of
``reference.py`` decides whether each laid tile was legal.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import hypothesis_profiles
import pytest
import reference as ref
from hypothesis import event, given, settings
from hypothesis import strategies as st

from chromino.core.errors import IllegalMoveError
from chromino.games.chromino.actions import Action, parse_action
from chromino.games.chromino.game import Game, Setup, deal
from chromino.games.chromino.notation import parse_move, replay
from chromino.games.chromino.options import (
    MAX_DRAWS_PER_TURN,
    RULESETS,
    SCORINGS,
    STARTS,
    GameOptions,
)
from chromino.games.chromino.placement import COORDINATE_LIMIT, Placement
from chromino.games.chromino.tiles import ALL_NAMES, TILES

hypothesis_profiles.load()

MAX_ACTIONS = 1000
"""Every game of these tests ends well before this; it only guards against a loop."""

TIMEOUT = Action("timeout")


# --- random tables and random legal actions -------------------------------------------


@dataclass(frozen=True)
class Table:
    """What a game starts from: a full deal, or a hand-built end of game."""

    setup: Setup
    full_deal: bool

    @property
    def players(self) -> int:
        return len(self.setup.players)

    @property
    def tiles(self) -> list[str]:
        """Every tile in the game: 80 in a full deal."""
        setup = self.setup
        return [setup.start.tile, *(n for hand in setup.hands for n in hand), *setup.bag]

    def deal(self) -> Game:
        return Game(self.setup)


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
        return Table(deal(names, seed, options), full_deal=True)
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
    return Table(setup, full_deal=False)


def choose_action(data: st.DataObject, game: Game, eagerness: int) -> Action:
    """One of the seat's legal actions, or a timeout: hypothesis chooses.

    The kind comes first, so that draws and passes are not drowned among the
    plays: a play when one is listed and the draw is below ``eagerness`` (of
    10), else a draw, a pass or a timeout. Shrinking goes towards plays.
    """
    actions = game.legal_actions(game.current)
    plays = [action for action in actions if action.kind == "play"]
    others = [action for action in actions if action.kind != "play"] + [TIMEOUT]
    pick = data.draw(st.integers(0, 9), label="kind")
    if plays and pick < eagerness:
        return plays[data.draw(st.integers(0, len(plays) - 1), label="play")]
    return others[pick % len(others)]


Hook = Callable[[Game, Action], None]


def play_game(
    data: st.DataObject, game: Game, after: Hook | None = None, before: Hook | None = None
) -> None:
    """Play until the end; ``before`` sees each chosen action, ``after`` the result."""
    eagerness = data.draw(st.integers(1, 10), label="eagerness to play")
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            outcome = game.outcome()
            assert outcome is not None
            kinds = Counter(action.kind for _, action in game.moves)
            event(f"ended by {outcome.ended_by}")
            event(f"moves: {10 * (len(game.moves) // 10)}+")
            event(f"plays: {10 * (kinds['play'] // 10)}+")
            for kind in ("draw", "pass", "timeout"):
                event(f"some {kind}: {kinds[kind] > 0}")
            return
        action = choose_action(data, game, eagerness)
        if before is not None:
            before(game, action)
        game.apply(game.current, action)
        if after is not None:
            after(game, action)
    raise AssertionError(f"the game did not end in {MAX_ACTIONS} actions")


def physical_plays(actions: list[Action]) -> set[frozenset[tuple[int, int, str]]]:
    return {ref.physical(a.placement) for a in actions if a.placement is not None}


# --- (a) tiles are conserved, (b) the board never overlaps ----------------------------


def assert_tiles_conserved(game: Game, table: Table) -> None:
    where = [p.tile for p in game.board.placements]
    where += [name for hand in game.hands for name in hand]
    where += game.bag
    assert Counter(where) == Counter(table.tiles)
    if table.full_deal:
        assert len(where) == 80
        assert Counter(where) == Counter(ALL_NAMES)


def assert_no_overlap(game: Game) -> None:
    cells = [(x, y) for p in game.board.placements for x, y, _ in p.cells()]
    assert len(set(cells)) == len(cells) == 3 * len(game.board)
    for placement in game.board.placements:
        for x, y, letter in placement.cells():
            assert game.board.letter_at(x, y) == letter


@given(table=tables(), data=st.data())
@settings(max_examples=60)
def test_tiles_are_conserved_and_never_overlap(table: Table, data: st.DataObject) -> None:
    game = table.deal()

    def check(game: Game, _: Action) -> None:
        assert_tiles_conserved(game, table)
        assert_no_overlap(game)

    check(game, TIMEOUT)
    play_game(data, game, after=check)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners
    assert len(outcome.scores) == table.players


# --- (c) every laid tile was legal by the reference ------------------------------------


@given(table=tables(), data=st.data())
@settings(max_examples=60)
def test_every_laid_tile_was_legal_by_the_reference(table: Table, data: st.DataObject) -> None:
    game = table.deal()
    ruleset = table.setup.options.ruleset

    def before(game: Game, action: Action) -> None:
        if action.placement is not None:
            assert ref.is_legal(game.board.placements, action.placement, ruleset), action

    def after(game: Game, action: Action) -> None:
        if action.placement is not None:
            assert action.placement.same_physical(game.board.placements[-1])

    play_game(data, game, after=after, before=before)
    # The whole board once more, tile after tile, from the starting tile.
    board = game.board.placements
    for count in range(1, len(board)):
        assert ref.is_legal(board[:count], board[count], ruleset), board[count]


# --- (d) the record replays to the same game --------------------------------------------


def assert_replays_to_same_game(game: Game) -> None:
    record = game.to_record()
    through_json = json.loads(json.dumps(record))
    for document in (record, through_json):
        again = replay(document)
        assert again.snapshot() == game.snapshot()
        assert again.to_record() == record
    assert Game.from_setup(game.setup, game.moves).snapshot() == game.snapshot()


@given(table=tables(), data=st.data(), checkpoint=st.integers(0, 120))
@settings(max_examples=40)
def test_record_replays_to_the_same_game(
    table: Table, data: st.DataObject, checkpoint: int
) -> None:
    game = table.deal()
    assert_replays_to_same_game(game)

    def after(game: Game, _: Action) -> None:
        if len(game.moves) == checkpoint:
            assert_replays_to_same_game(game)

    play_game(data, game, after=after)
    assert_replays_to_same_game(game)


# --- (e) views hide other hands and the bag ---------------------------------------------

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


def assert_views_hide_secrets(game: Game) -> None:
    viewers: list[int | None] = [*range(game.player_count), None]
    for viewer in viewers:
        data = game.view_for(viewer).to_dict()
        text = json.dumps(data)
        visible = visible_tiles(game, viewer)
        allowed = visible | {name[::-1] for name in visible}
        seen = set(TILE_LETTERS.findall(text))
        assert seen <= allowed, f"viewer {viewer} sees {sorted(seen - allowed)}"
        assert data["bag"] == len(game.bag)
        if game.bag:
            assert json.dumps(game.bag)[1:-1] not in text
        if viewer is not None:
            hands = data["hands"]
            assert isinstance(hands, list)
            assert hands[viewer] == game.hands[viewer]
        if viewer != game.current:
            assert data["drawn_tile"] is None


@given(table=tables(), data=st.data())
@settings(max_examples=40)
def test_views_never_show_hidden_tiles_or_the_bag(table: Table, data: st.DataObject) -> None:
    game = table.deal()
    assert_views_hide_secrets(game)
    play_game(data, game, after=lambda game, _: assert_views_hide_secrets(game))


# --- (f) an illegal action raises and changes nothing ----------------------------------


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


IllegalMove = tuple[int, Action | dict[str, object]]
"""A seat and an action, or a move as JSON that the parser must refuse."""
IllegalMaker = Callable[[random.Random, Game], IllegalMove | None]


def _wrong_seat(rng: random.Random, game: Game) -> IllegalMove | None:
    seats = [s for s in range(-1, game.player_count + 2) if s != game.current]
    actions = [*game.legal_actions(game.current), TIMEOUT]
    return rng.choice(seats), rng.choice(actions)


def _unknown_kind(rng: random.Random, game: Game) -> IllegalMove | None:
    return game.current, Action(rng.choice(["", "resign", "undo", "PLAY", "Draw", "skip"]))


def _play_nothing(rng: random.Random, game: Game) -> IllegalMove | None:
    return game.current, Action("play")


def _tile_not_in_hand(rng: random.Random, game: Game) -> IllegalMove | None:
    hand = game.hands[game.current]
    tile = rng.choice([name for name in ALL_NAMES if name not in hand])
    fitting = _board_legal(game, tile)
    if fitting:
        return game.current, Action.play(rng.choice(fitting))
    board = ref.ReferenceBoard(game.board.placements)
    placement = _near_board(rng, board, tile)
    return game.current, Action.play(placement)


def _illegal_placement(rng: random.Random, game: Game) -> IllegalMove | None:
    """A tile of the hand where the reference says it may not go."""
    tile = rng.choice(game.hands[game.current])
    board = ref.ReferenceBoard(game.board.placements)
    for _ in range(20):
        placement = _near_board(rng, board, tile)
        if not ref.analyse(board, placement).is_legal(game.options.ruleset):
            return game.current, Action.play(placement)
    return None


def _not_the_drawn_tile(rng: random.Random, game: Game) -> IllegalMove | None:
    """After a draw only the drawn tile may be played (section 4)."""
    drawn = game.drawn_tile
    if drawn is None:
        return None
    for tile in game.hands[game.current]:
        fitting = _board_legal(game, tile)
        if tile != drawn and fitting:
            return game.current, Action.play(rng.choice(fitting))
    return None


def _last_chameleon(rng: random.Random, game: Game) -> IllegalMove | None:
    """A chameleon can never be a player's last tile played (section 4)."""
    hand = game.hands[game.current]
    if len(hand) != 1 or not TILES[hand[0]].is_chameleon:
        return None
    fitting = _board_legal(game, hand[0])
    return (game.current, Action.play(rng.choice(fitting))) if fitting else None


def _forbidden_draw(rng: random.Random, game: Game) -> IllegalMove | None:
    """Section 4: not from an empty bag, not beyond the draw limit, not (strict) with a play."""
    limit = game.options.draws_per_turn
    strict_blocks = game.options.strict_draw and bool(game.legal_plays(game.current))
    if not game.bag or (limit and game.draws_this_turn >= limit) or strict_blocks:
        return game.current, Action("draw")
    return None


def _forbidden_pass(rng: random.Random, game: Game) -> IllegalMove | None:
    """Section 4: no pass before a draw while the bag has tiles or a play exists."""
    if game.draws_this_turn:
        return None
    if game.bag or game.legal_plays(game.current):
        return game.current, Action("pass")
    return None


def _far_away(rng: random.Random, game: Game) -> IllegalMove | None:
    """A legal placement moved far beyond the coordinate limit (and 4096 rows: the
    engine packs cells into ints, and such a cell could pass for a near one)."""
    plays = game.legal_plays(game.current)
    if not plays:
        return None
    p = rng.choice(plays)
    shift = rng.choice([(-1, 4096), (1, -4096), (COORDINATE_LIMIT + 1, 0), (0, 10**6)])
    return game.current, Action.play(Placement(p.tile, p.x + shift[0], p.y + shift[1], p.dir))


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


def _malformed_json(rng: random.Random, game: Game) -> IllegalMove | None:
    """A move as JSON that cannot be read: refused by the parser, before the game."""
    tile = rng.choice(game.hands[game.current])
    good: dict[str, object] = {"action": "play", "tile": tile, "x": 0, "y": 1, "dir": "E"}
    field, value = rng.choice(
        [
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
    )
    raw = dict(good)
    if value is None:
        del raw[field]
    else:
        raw[field] = value
    return game.current, raw


ILLEGAL_MAKERS: list[IllegalMaker] = [
    _wrong_seat,
    _unknown_kind,
    _play_nothing,
    _tile_not_in_hand,
    _illegal_placement,
    _not_the_drawn_tile,
    _last_chameleon,
    _forbidden_draw,
    _forbidden_pass,
    _far_away,
    _bad_placement_object,
    _malformed_json,
]


def assert_refused_without_change(game: Game, seat: int, move: Action | dict[str, object]) -> None:
    snapshot = game.snapshot()
    record = game.to_record()
    with pytest.raises(IllegalMoveError):
        action = parse_action(move) if isinstance(move, dict) else move
        game.apply(seat, action)
    assert game.snapshot() == snapshot
    assert game.to_record() == record


@given(table=tables(), data=st.data(), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=60)
def test_illegal_actions_raise_and_change_nothing(
    table: Table, data: st.DataObject, seed: int
) -> None:
    rng = random.Random(seed)
    game = table.deal()
    tried: Counter[str] = Counter()

    def before(game: Game, _: Action) -> None:
        # Hypothesis picks one of the illegal moves that the position allows.
        made = {maker.__name__: maker(rng, game) for maker in ILLEGAL_MAKERS}
        names = sorted(name for name, move in made.items() if move is not None)
        name = data.draw(st.sampled_from(names), label="illegal kind")
        tried[name] += 1
        move = made[name]
        assert move is not None
        assert_refused_without_change(game, *move)

    play_game(data, game, before=before)
    for name in tried:
        event(f"refused: {name}")
    # After the end, nothing more is accepted, from anyone.
    for seat in range(-1, table.players + 1):
        for action in (Action("draw"), Action("pass"), TIMEOUT, Action("play")):
            assert_refused_without_change(game, seat, action)
        assert_refused_without_change(game, seat, Action.play(Placement(ALL_NAMES[0], 0, 1, "E")))
    # A malformed record move is refused before any game sees it.
    with pytest.raises(IllegalMoveError):
        parse_move({"action": "draw"})


# --- (g) legal_actions() agrees with apply() --------------------------------------------


def playable_by_the_rules(game: Game) -> list[str]:
    """Section 4: only the newest drawn tile after a draw; never a chameleon as last tile."""
    hand = game.hands[game.current]
    drawn = game.drawn_tile
    candidates = list(hand) if drawn is None else [drawn]
    if len(hand) == 1:
        candidates = [name for name in candidates if name[1] != "X"]
    return candidates


def assert_listing_agrees_with_apply(
    game: Game, rng: random.Random, against_reference: bool
) -> None:
    seat = game.current
    listed = game.legal_actions(seat)
    plays = [a for a in listed if a.kind == "play"]
    kinds = [a.kind for a in listed]
    assert kinds.count("draw") <= 1 and kinds.count("pass") <= 1
    assert len(physical_plays(plays)) == len(plays), "a placement is listed twice"
    # Every listed action is accepted ...
    for action in listed:
        game.check(seat, action)
    # ... and really applies, on copies of the game.
    for action in rng.sample(listed, min(2, len(listed))):
        copy = pickle.loads(pickle.dumps(game))
        applied = copy.apply(seat, action)
        assert applied.seat == seat
        if action.placement is not None:
            assert len(copy.board) == len(game.board) + 1
    # Draw and pass are listed exactly when section 4 allows them, else refused;
    # a timeout is always accepted from the seat to play.
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
    for kind in ("draw", "pass"):
        if kind not in kinds:
            with pytest.raises(IllegalMoveError):
                game.check(seat, Action(kind))
    game.check(seat, TIMEOUT)
    # Random plays that are not listed are refused, and change nothing.
    listed_physical = physical_plays(plays)
    hand = game.hands[seat]
    board = ref.ReferenceBoard(game.board.placements)
    for _ in range(6):
        placement = _near_board(rng, board, rng.choice(hand))
        if ref.physical(placement) not in listed_physical:
            assert_refused_without_change(game, seat, Action.play(placement))
    # From time to time, the listed plays against the reference's brute force.
    if against_reference:
        expected = ref.all_legal_placements(
            game.board.placements, playable_by_the_rules(game), game.options.ruleset
        )
        assert listed_physical == set(expected)


@given(table=tables(), data=st.data(), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=40)
def test_legal_actions_agree_with_apply(table: Table, data: st.DataObject, seed: int) -> None:
    rng = random.Random(seed)
    game = table.deal()

    def before(game: Game, _: Action) -> None:
        assert_listing_agrees_with_apply(game, rng, against_reference=rng.random() < 0.05)

    play_game(data, game, before=before)
    assert game.legal_actions(game.current) == []
