"""Properties of whole Triominos games: random tables, random actions chosen by hypothesis.

Each example deals a game from a random seed and a random option set (1 to 4
players, hand size, target, open hands, hourglass) and plays it to the end
with actions hypothesis picks among the legal ones — plays, draws, passes —
and timeouts. After every action the properties the rule book promises are
checked; the slow reference of ``tri_reference.py`` decides whether each
laid tile was legal.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from collections import Counter
from collections.abc import Callable

import hypothesis_profiles
import pytest
import tri_reference as ref
from hypothesis import event, given, settings
from hypothesis import strategies as st

from chromino.core.errors import IllegalMoveError
from chromino.games.triominos.actions import Action, parse_action
from chromino.games.triominos.board import ALL_NAMES
from chromino.games.triominos.game import Event, Game, Setup, deal
from chromino.games.triominos.notation import parse_move, replay
from chromino.games.triominos.options import GameOptions
from chromino.games.triominos.placement import COORDINATE_LIMIT, Placement

hypothesis_profiles.load()

MAX_ACTIONS = 1500
"""Every game ends well before this; it only guards against a loop."""

TIMEOUT = Action("timeout")


# --- random tables and random actions -----------------------------------------------------


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    """A random option set, dealt from a random seed."""
    players = draw(st.integers(1, 4))
    options = GameOptions(
        hand_size=draw(st.one_of(st.none(), st.integers(5, 12))),
        turn_seconds=draw(st.sampled_from((0, 15, 60))),
        target=draw(st.sampled_from((0, 0, 50, 50, 60, 80, 120, 1000))),
        open_hands=draw(st.booleans()),
    )
    seed = draw(st.integers(0, 2**32 - 1))
    return deal([f"p{seat}" for seat in range(players)], seed, options)


def choose_action(data: st.DataObject, game: Game, eagerness: int) -> Action:
    """One of the seat's legal actions, or a timeout: hypothesis chooses.

    The kind comes first, so that draws and passes are not drowned among the
    plays: a play when one is listed and the draw is below ``eagerness`` (of
    10), else a draw, a pass or a timeout.
    """
    actions = game.legal_actions(game.current)
    plays = [action for action in actions if action.kind == "play"]
    others = [action for action in actions if action.kind != "play"] + [TIMEOUT]
    pick = data.draw(st.integers(0, 9), label="kind")
    if plays and pick < eagerness:
        return plays[data.draw(st.integers(0, len(plays) - 1), label="play")]
    return others[pick % len(others)]


Before = Callable[[Game, Action], None]
After = Callable[[Game, Event], None]


def play_game(
    data: st.DataObject, game: Game, after: After | None = None, before: Before | None = None
) -> None:
    """Play until the end; ``before`` sees each chosen action, ``after`` what it did."""
    eagerness = data.draw(st.integers(3, 10), label="eagerness to play")
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            outcome = game.outcome()
            assert outcome is not None
            kinds = Counter(action.kind for _, action in game.moves)
            event(f"ended by {outcome.ended_by}")
            for kind in ("draw", "pass", "timeout"):
                event(f"some {kind}: {kinds[kind] > 0}")
            return
        action = choose_action(data, game, eagerness)
        if before is not None:
            before(game, action)
        applied = game.apply(game.current, action)
        if after is not None:
            after(game, applied)
    raise AssertionError(f"the game did not end in {MAX_ACTIONS} actions")


def physical_plays(actions: list[Action]) -> set[tuple[str, int, int, tuple[int, ...]]]:
    return {ref.physical(a.placement) for a in actions if a.placement is not None}


# --- the 56 tiles are conserved, the board never overlaps ---------------------------------


def assert_tiles_conserved_without_overlap(game: Game) -> None:
    where = [p.tile for p in game.board.placements]
    where += [name for hand in game.hands for name in hand]
    where += game.bag
    assert Counter(where) == Counter(ALL_NAMES)
    cells = [(p.x, p.y) for p in game.board.placements]
    assert len(set(cells)) == len(cells)
    for placement in game.board.placements:
        assert game.board.tile_at(placement.x, placement.y) == placement
        for u, v, number in placement.corners():
            assert game.board.number_at(u, v) == number


@given(setup=setups(), data=st.data())
@settings(max_examples=30)
def test_tiles_are_conserved_and_never_overlap(setup: Setup, data: st.DataObject) -> None:
    game = Game(setup)
    assert_tiles_conserved_without_overlap(game)
    play_game(data, game, after=lambda game, _: assert_tiles_conserved_without_overlap(game))
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners
    assert outcome.scores == tuple(game.scores)
    assert all(outcome.scores[seat] == max(outcome.scores) for seat in outcome.winners)


# --- every laid tile was legal by the reference ---------------------------------------------


@given(setup=setups(), data=st.data())
@settings(max_examples=30)
def test_every_laid_tile_was_legal_by_the_reference(setup: Setup, data: st.DataObject) -> None:
    game = Game(setup)
    expected: list[tuple[int, str | None]] = []

    def before(game: Game, action: Action) -> None:
        if action.placement is not None:
            assert ref.is_legal(game.board.placements, action.placement), action
            reference = ref.ReferenceBoard(game.board.placements)
            expected.append(
                (reference.points(action.placement), reference.figure(action.placement))
            )

    def after(game: Game, applied: Event) -> None:
        if applied.action.placement is not None:
            figure = None if applied.figure is None else applied.figure.value
            assert (applied.points, figure) == expected.pop()

    play_game(data, game, after=after, before=before)
    board = game.board.placements
    for count in range(len(board)):
        assert ref.is_legal(board[:count], board[count]), board[count]


# --- the record replays to the same game ---------------------------------------------------


def assert_replays_to_same_game(game: Game) -> None:
    record = game.to_record()
    through_json = json.loads(json.dumps(record))
    for document in (record, through_json):
        again = replay(document)
        assert again.snapshot() == game.snapshot()
        assert again.to_record() == record
    assert Game.from_setup(game.setup, game.moves).snapshot() == game.snapshot()


@given(setup=setups(), data=st.data(), checkpoint=st.integers(0, 80))
@settings(max_examples=25)
def test_record_replays_to_the_same_game(
    setup: Setup, data: st.DataObject, checkpoint: int
) -> None:
    game = Game(setup)
    assert_replays_to_same_game(game)

    def after(game: Game, _: Event) -> None:
        if len(game.moves) == checkpoint:
            assert_replays_to_same_game(game)

    play_game(data, game, after=after)
    assert_replays_to_same_game(game)


# --- views hide other hands and the bag -----------------------------------------------------

TILE_NAMES = re.compile(r'"([0-5]{3})"')
"""A tile name as it appears in JSON: three digits 0-5 in quotes (numbers are never quoted)."""


def visible_tiles(game: Game, viewer: int | None) -> set[str]:
    """The board, one's own hand, and every hand with ``open_hands``."""
    names = {p.tile for p in game.board.placements}
    for seat, hand in enumerate(game.hands):
        if seat == viewer or game.options.open_hands:
            names.update(hand)
    return names


def assert_views_hide_secrets(game: Game) -> None:
    viewers: list[int | None] = [*range(game.player_count), None]
    for viewer in viewers:
        view = game.view_for(viewer)
        data = view.to_dict()
        text = json.dumps(data)
        seen = set(TILE_NAMES.findall(text))
        assert seen <= visible_tiles(game, viewer), f"viewer {viewer} sees {seen}"
        assert not set(game.bag) & seen
        assert data["bag"] == len(game.bag)
        assert data["hand_counts"] == [len(hand) for hand in game.hands]
        hands = data["hands"]
        assert isinstance(hands, list)
        for seat, hand in enumerate(hands):
            if seat == viewer or game.options.open_hands:
                assert hand == game.hands[seat]
            else:
                assert hand is None
        if viewer != game.current or game.is_over:
            assert data["drawn_tile"] is None
        # What the view offers was worked out from the view alone.
        offered = json.dumps([p.to_dict() for p in view.legal_plays()])
        assert set(TILE_NAMES.findall(offered)) <= visible_tiles(game, viewer)


@given(setup=setups(), data=st.data())
@settings(max_examples=25)
def test_views_never_show_hidden_tiles_or_the_bag(setup: Setup, data: st.DataObject) -> None:
    game = Game(setup)
    assert_views_hide_secrets(game)
    play_game(data, game, after=lambda game, _: assert_views_hide_secrets(game))


# --- a refused action changes nothing ---------------------------------------------------------


def _near_board(rng: random.Random, game: Game, tile: str) -> Placement:
    """A random placement on a cell beside the board, or anywhere around it."""
    beside = game.board.open_cells()
    if beside and rng.random() < 0.7:
        x, y = rng.choice(beside)
    else:
        x, y = rng.randint(-8, 8), rng.randint(-6, 6)
    return Placement(tile, x, y, rng.randrange(3))


IllegalMove = tuple[int, Action | dict[str, object]]
"""A seat and an action, or a move as JSON that the parser must refuse."""
IllegalMaker = Callable[[random.Random, Game], IllegalMove | None]


def _wrong_seat(rng: random.Random, game: Game) -> IllegalMove | None:
    seats = [s for s in range(-1, game.player_count + 2) if s != game.current]
    return rng.choice(seats), rng.choice([*game.legal_actions(game.current), TIMEOUT])


def _unknown_kind(rng: random.Random, game: Game) -> IllegalMove | None:
    return game.current, Action(rng.choice(["", "resign", "undo", "PLAY", "Draw", "skip"]))


def _play_nothing(rng: random.Random, game: Game) -> IllegalMove | None:
    return game.current, Action("play")


def _tile_not_in_hand(rng: random.Random, game: Game) -> IllegalMove | None:
    hand = game.hands[game.current]
    tile = rng.choice([name for name in ALL_NAMES if name not in hand])
    fitting = list(game.board.legal_placements([tile])) if tile not in game.bag else []
    if fitting:
        return game.current, Action.play(rng.choice(fitting))
    return game.current, Action.play(_near_board(rng, game, tile))


def _illegal_placement(rng: random.Random, game: Game) -> IllegalMove | None:
    """A playable tile where the reference says it may not go."""
    playable = game.playable_tiles(game.current)
    reference = ref.ReferenceBoard(game.board.placements)
    for _ in range(20):
        placement = _near_board(rng, game, rng.choice(playable))
        if not reference.is_legal(placement):
            return game.current, Action.play(placement)
    return None


def _not_the_drawn_tile(rng: random.Random, game: Game) -> IllegalMove | None:
    """After a draw only the tile drawn last may be played."""
    drawn = game.drawn_tile
    if drawn is None:
        return None
    for tile in game.hands[game.current]:
        fitting = list(game.board.legal_placements([tile]))
        if tile != drawn and fitting:
            return game.current, Action.play(rng.choice(fitting))
    return None


def _forbidden_draw(rng: random.Random, game: Game) -> IllegalMove | None:
    if not game.bag or game.draws_this_turn >= 3:
        return game.current, Action("draw")
    return None


def _forbidden_pass(rng: random.Random, game: Game) -> IllegalMove | None:
    if game.bag and game.draws_this_turn < 3:
        return game.current, Action("pass")
    return None


def _far_away(rng: random.Random, game: Game) -> IllegalMove | None:
    """A legal placement moved beyond the coordinate limit, or by 4096 rows (the engine
    packs cells into ints: such a cell could pass for a near one)."""
    plays = game.legal_plays(game.current)
    if not plays:
        return None
    p = rng.choice(plays)
    dx, dy = rng.choice([(0, 4096), (4096, 0), (COORDINATE_LIMIT + 1, 0), (0, -(10**6))])
    return game.current, Action.play(Placement(p.tile, p.x + dx, p.y + dy, p.rot))


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


def _malformed_json(rng: random.Random, game: Game) -> IllegalMove | None:
    """A move as JSON that cannot be read: refused by the parser, before the game."""
    tile = rng.choice(game.hands[game.current])
    good: dict[str, object] = {"action": "play", "tile": tile, "x": 0, "y": 0, "rot": 0}
    field, value = rng.choice(
        [
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
    _forbidden_draw,
    _forbidden_pass,
    _far_away,
    _bad_placement_object,
    _malformed_json,
]


def assert_refused_without_change(game: Game, seat: int, move: Action | dict[str, object]) -> None:
    snapshot = game.snapshot()
    record = game.to_record()
    open_cells = game.board.open_cells()
    with pytest.raises(IllegalMoveError):
        action = parse_action(move) if isinstance(move, dict) else move
        game.apply(seat, action)
    assert game.snapshot() == snapshot
    assert game.to_record() == record
    assert game.board.open_cells() == open_cells


@given(setup=setups(), data=st.data(), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=25)
def test_a_refused_action_changes_nothing(setup: Setup, data: st.DataObject, seed: int) -> None:
    rng = random.Random(seed)
    game = Game(setup)
    tried: Counter[str] = Counter()

    def before(game: Game, _: Action) -> None:
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
    for seat in range(-1, game.player_count + 1):
        for action in (Action("draw"), Action("pass"), TIMEOUT, Action("play")):
            assert_refused_without_change(game, seat, action)
    with pytest.raises(IllegalMoveError):
        parse_move({"action": "draw"})


# --- legal_actions() agrees with apply() and with the reference --------------------------


def assert_listing_agrees_with_apply(game: Game, rng: random.Random, check_reference: bool) -> None:
    seat = game.current
    listed = game.legal_actions(seat)
    plays = [a for a in listed if a.kind == "play"]
    kinds = [a.kind for a in listed]
    assert kinds.count("draw") <= 1 and kinds.count("pass") <= 1
    assert len(physical_plays(plays)) == len(plays), "a placement is listed twice"
    for action in listed:
        game.check(seat, action)
    for action in rng.sample(listed, min(2, len(listed))):
        copy = pickle.loads(pickle.dumps(game))
        assert copy.apply(seat, action).seat == seat
    # Draw and pass are listed exactly when §6 allows them; a timeout always goes.
    assert ("draw" in kinds) is (bool(game.bag) and game.draws_this_turn < 3)
    assert ("pass" in kinds) is (not game.bag or game.draws_this_turn == 3)
    game.check(seat, TIMEOUT)
    if check_reference:
        drawn = game.drawn_tile
        playable = [drawn] if drawn is not None else game.hands[seat]
        expected = ref.ReferenceBoard(game.board.placements).all_legal(playable)
        assert physical_plays(plays) == set(expected)


@given(setup=setups(), data=st.data(), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=20)
def test_legal_actions_agree_with_apply_and_the_reference(
    setup: Setup, data: st.DataObject, seed: int
) -> None:
    rng = random.Random(seed)
    game = Game(setup)

    def before(game: Game, _: Action) -> None:
        assert_listing_agrees_with_apply(game, rng, check_reference=rng.random() < 0.3)

    play_game(data, game, before=before)
    assert game.legal_actions(game.current) == []
