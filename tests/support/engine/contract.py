"""The contract every game of ``chromino.GAMES`` keeps, and what each game's tests bring to it.

The property tests of ``test_contract_properties.py`` deal random tables,
play them to the end with actions hypothesis picks among the legal ones (and
timeouts), and check after every action what any tile game here must
promise: tiles are conserved, a record replays to the same game, a view
shows no hidden tile, a refused action changes nothing, the listed actions
are exactly the accepted ones. The game-specific half of each check (which
tiles a view may show, what the slow reference says of a placement, which
illegal moves a position allows) comes from a :class:`GameCase` that each
game's test folder defines (``chromino_case.py``, ``triominos_case.py``).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from hypothesis import event
from hypothesis import strategies as st

from chromino.core.actions import DRAW, END_AGREED, PASS, RESIGN, TIMEOUT, Action
from chromino.core.errors import IllegalMoveError

Game = Any
"""A live game of any registered game (a ``TileGame``)."""
Move = Action[Any] | dict[str, object]
"""An action, or a move as JSON that the parser must refuse."""
IllegalMove = tuple[int, Move]
IllegalMaker = Callable[[random.Random, Game], IllegalMove | None]
Before = Callable[[Game, Action[Any]], None]
After = Callable[[Game, Any], None]
"""Sees the game and the event an action made."""


@dataclass(frozen=True)
class Table:
    """What a game starts from: a full deal, or a hand-built end of game."""

    setup: Any
    full_deal: bool
    game_type: Any

    @property
    def players(self) -> int:
        return len(self.setup.players)

    def deal(self) -> Game:
        return self.game_type(self.setup)


class GameCase:
    """One game's half of the contract. A game's test folder subclasses it."""

    name: str
    """The game's name in ``chromino.GAMES``."""
    max_actions: int
    """Every game of these tests ends well before this; it only guards against a loop."""
    lowest_eagerness: int
    """The lowest eagerness to play hypothesis may choose (of 10)."""
    examples: ClassVar[dict[str, int]]
    """Hypothesis examples per property."""
    highest_checkpoint: int
    """The record is checked once more at a move number up to this."""
    reference_rate: float
    """How often the listed plays are checked against the reference's brute force."""
    illegal_makers: ClassVar[list[IllegalMaker]]
    """The game's own illegal moves (the shared ones come from :data:`SHARED_MAKERS`)."""

    def tables(self) -> st.SearchStrategy[Table]:
        raise NotImplementedError

    def parse_action(self, data: dict[str, object]) -> Action[Any]:
        raise NotImplementedError

    def parse_move(self, raw: object) -> tuple[int, Action[Any]]:
        raise NotImplementedError

    def assert_tiles_conserved(self, game: Game, table: Table) -> None:
        """Every tile of the deal is somewhere, once, and the board never overlaps."""
        raise NotImplementedError

    def assert_outcome(self, game: Game) -> None:
        """What the game's rules say of a finished game's outcome."""

    def legality_hooks(self, table: Table) -> tuple[Before, After, Callable[[Game], None]]:
        """Before each action, after it, and at the end: every laid tile against the reference."""
        raise NotImplementedError

    def assert_view_hides(self, game: Game, viewer: int | None, view: Any, text: str) -> None:
        """No tile the viewer may not see stands in the view's JSON ``text``."""
        raise NotImplementedError

    def physical(self, placement: Any) -> object:
        """One value per physical placement."""
        raise NotImplementedError

    def board_fingerprint(self, game: Game) -> object:
        """What of the board's index a refused action must leave as it was."""
        return None

    def final_refusals(self, game: Game) -> list[Action[Any]]:
        """More actions refused after the end, from anyone."""
        return []

    def assert_draw_and_pass(self, game: Game, kinds: list[str], plays: list[Action[Any]]) -> None:
        """Draw and pass are listed exactly when the game's turn rules allow them."""
        raise NotImplementedError

    def assert_unlisted_refused(self, game: Game, rng: random.Random, listed: set[object]) -> None:
        """Random plays that are not listed are refused, and change nothing."""

    def assert_reference_listing(self, game: Game, listed: set[object]) -> None:
        """The listed plays are the reference's brute force."""
        raise NotImplementedError


# --- random legal actions -------------------------------------------------------------


def choose_action(data: st.DataObject, game: Game, eagerness: int) -> Action[Any]:
    """One of the seat's legal actions, or a timeout: hypothesis chooses.

    The kind comes first, so that draws and passes are not drowned among the
    plays: a play when one is listed and the draw is below ``eagerness`` (of
    10), else a draw, a pass or a timeout. Shrinking goes towards plays.
    """
    actions = game.legal_actions(game.current)
    plays = [action for action in actions if action.kind == "play"]
    others = [action for action in actions if action.kind != "play"] + [TIMEOUT]
    pick = data.draw(st.integers(0, 9), label="kind")
    chosen: Action[Any]
    if plays and pick < eagerness:
        chosen = plays[data.draw(st.integers(0, len(plays) - 1), label="play")]
    else:
        chosen = others[pick % len(others)]
    return chosen


def choose_leaving(data: st.DataObject, game: Game) -> tuple[int, Action[Any]] | None:
    """Now and then a player still in the game leaves (on their turn or not), or the
    table agrees to stop: hypothesis chooses; shrinking goes towards staying."""
    pick = data.draw(st.integers(0, 79), label="leave")
    seats = game.active_seats
    if pick == 79:
        return seats[data.draw(st.integers(0, len(seats) - 1), label="who leaves")], RESIGN
    if pick == 78 and data.draw(st.integers(0, 3), label="agree") == 0:
        return seats[data.draw(st.integers(0, len(seats) - 1), label="who agrees")], END_AGREED
    return None


def play_game(
    case: GameCase,
    data: st.DataObject,
    game: Game,
    after: After | None = None,
    before: Before | None = None,
) -> None:
    """Play until the end; ``before`` sees each chosen action, ``after`` what it did."""
    eagerness = data.draw(st.integers(case.lowest_eagerness, 10), label="eagerness to play")
    for _ in range(case.max_actions):
        if game.is_over:
            outcome = game.outcome()
            assert outcome is not None
            kinds = Counter(action.kind for _, action in game.moves)
            event(f"ended by {outcome.ended_by}")
            event(f"moves: {10 * (len(game.moves) // 10)}+")
            event(f"plays: {10 * (kinds['play'] // 10)}+")
            for kind in ("draw", "pass", "timeout", "resign"):
                event(f"some {kind}: {kinds[kind] > 0}")
            return
        seat, action = choose_leaving(data, game) or (
            game.current,
            choose_action(data, game, eagerness),
        )
        if before is not None:
            before(game, action)
        applied = game.apply(seat, action)
        if after is not None:
            after(game, applied)
    raise AssertionError(f"the game did not end in {case.max_actions} actions")


def physical_plays(case: GameCase, actions: Iterable[Action[Any]]) -> set[object]:
    return {case.physical(a.placement) for a in actions if a.placement is not None}


# --- shared checks ----------------------------------------------------------------------


def assert_replays_to_same_game(game: Game, replay: Callable[[object], Game]) -> None:
    record = game.to_record()
    through_json = json.loads(json.dumps(record))
    for document in (record, through_json):
        again = replay(document)
        assert again.snapshot() == game.snapshot()
        assert again.to_record() == record
    assert type(game).from_setup(game.setup, game.moves).snapshot() == game.snapshot()


def assert_views_hide_secrets(case: GameCase, game: Game) -> None:
    viewers: list[int | None] = [*range(game.player_count), None]
    for viewer in viewers:
        view = game.view_for(viewer)
        data = view.to_dict()
        text = json.dumps(data)
        case.assert_view_hides(game, viewer, view, text)
        assert data["bag"] == len(game.bag)
        assert data["hand_counts"] == [len(hand) for hand in game.hands]
        if game.bag:
            assert json.dumps(game.bag)[1:-1] not in text
        if viewer is not None:
            hands = data["hands"]
            assert isinstance(hands, list)
            assert hands[viewer] == game.hands[viewer]
        if viewer != game.current or game.is_over:
            assert data["drawn_tile"] is None


def assert_refused_without_change(case: GameCase, game: Game, seat: int, move: Move) -> None:
    snapshot = game.snapshot()
    record = game.to_record()
    fingerprint = case.board_fingerprint(game)
    with pytest.raises(IllegalMoveError):
        action = case.parse_action(move) if isinstance(move, dict) else move
        game.apply(seat, action)
    assert game.snapshot() == snapshot
    assert game.to_record() == record
    assert case.board_fingerprint(game) == fingerprint


def assert_after_the_end_nothing_goes(case: GameCase, game: Game) -> None:
    """After the end, nothing more is accepted, from anyone."""
    for seat in range(-1, game.player_count + 1):
        for action in (
            DRAW,
            PASS,
            TIMEOUT,
            RESIGN,
            END_AGREED,
            Action("play"),
            *case.final_refusals(game),
        ):
            assert_refused_without_change(case, game, seat, action)


def assert_listing_agrees_with_apply(
    case: GameCase, game: Game, rng: random.Random, against_reference: bool
) -> None:
    import pickle

    seat = game.current
    listed = game.legal_actions(seat)
    plays = [a for a in listed if a.kind == "play"]
    kinds = [a.kind for a in listed]
    assert kinds.count("draw") <= 1 and kinds.count("pass") <= 1
    assert len(physical_plays(case, plays)) == len(plays), "a placement is listed twice"
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
    # Draw and pass are listed exactly when the rules allow them, else refused;
    # a timeout is always accepted from the seat to play.
    case.assert_draw_and_pass(game, kinds, plays)
    for kind in ("draw", "pass"):
        if kind not in kinds:
            with pytest.raises(IllegalMoveError):
                game.check(seat, Action(kind))
    game.check(seat, TIMEOUT)
    listed_physical = physical_plays(case, plays)
    case.assert_unlisted_refused(game, rng, listed_physical)
    if against_reference:
        case.assert_reference_listing(game, listed_physical)


# --- illegal moves every game refuses ---------------------------------------------------


def wrong_seat(rng: random.Random, game: Game) -> IllegalMove | None:
    seats = [s for s in range(-1, game.player_count + 2) if s != game.current]
    return rng.choice(seats), rng.choice([*game.legal_actions(game.current), TIMEOUT])


def unknown_kind(rng: random.Random, game: Game) -> IllegalMove | None:
    return game.current, Action(rng.choice(["", "resigns", "undo", "PLAY", "Draw", "skip"]))


def play_nothing(rng: random.Random, game: Game) -> IllegalMove | None:
    return game.current, Action("play")


def not_the_drawn_tile(rng: random.Random, game: Game) -> IllegalMove | None:
    """After a draw only the tile drawn last may be played."""
    drawn = game.drawn_tile
    if drawn is None:
        return None
    for tile in game.hands[game.current]:
        fitting = list(game.board.legal_placements([tile]))
        if tile != drawn and fitting:
            return game.current, Action.play(rng.choice(fitting))
    return None


def a_player_who_left_acts(rng: random.Random, game: Game) -> IllegalMove | None:
    """A seat that resigned may do nothing more: not even resign again."""
    if not game.resigned:
        return None
    actions = [DRAW, PASS, TIMEOUT, RESIGN, END_AGREED, *game.legal_actions(game.current)]
    return rng.choice(game.resigned), rng.choice(actions)


def no_such_seat_leaves(rng: random.Random, game: Game) -> IllegalMove | None:
    """Only a seat of the game may resign or carry an agreement."""
    return rng.choice([-1, game.player_count, game.player_count + 3]), rng.choice(
        [RESIGN, END_AGREED]
    )


SHARED_MAKERS: list[IllegalMaker] = [
    wrong_seat,
    unknown_kind,
    play_nothing,
    not_the_drawn_tile,
    a_player_who_left_acts,
    no_such_seat_leaves,
]


def malformed_move(
    game: Game,
    rng: random.Random,
    good: dict[str, object],
    changes: list[tuple[str, object]],
) -> IllegalMove:
    """A move as JSON that cannot be read: ``good`` with one field changed (or removed,
    for None), refused by the parser before the game."""
    field, value = rng.choice(changes)
    raw = dict(good)
    if value is None:
        del raw[field]
    else:
        raw[field] = value
    return game.current, raw


# --- the strong bot's half ----------------------------------------------------------------


class StrongCase:
    """What a game brings to the strong bot's game-neutral tests (test_strong_contract.py)."""

    quick: int
    """Search iterations enough to exercise every part of the search, cheap for whole games."""
    legal_examples: int
    """Hypothesis examples of "only ever a legal action"."""
    most_players: int

    def option_sets(self) -> st.SearchStrategy[Any]:
        """Random options for "only ever a legal action"."""
        raise NotImplementedError

    def whole_games(self, players: int) -> list[tuple[str, Any]]:
        """(seed, options) of the whole games strong bots play to the end."""
        raise NotImplementedError

    def twins(self) -> list[tuple[int, int, Any, int]]:
        """(seed, moves, options, iterations) of the twin games (the same view, other deals)."""
        raise NotImplementedError

    def twin_game(self, played: Game, hands: list[list[str]], bag: list[str], seat: int) -> Game:
        """A game like ``played`` from the seat's side, with these hands and bag."""
        raise NotImplementedError

    def as_data(self) -> tuple[int, int, int, Any, int]:
        """(players, seed, moves, options, iterations) of "the same view as data"."""
        raise NotImplementedError

    def rule_games(self) -> list[tuple[int, Any]]:
        """(players, options) of "the search plays by the game's rules"."""
        raise NotImplementedError

    def search_state(self, game: Game) -> Any:
        """The game's search state of a live game, every tile known, its bag reversed (the
        search draws from the end)."""
        raise NotImplementedError


class Makers(list[IllegalMaker]):
    """A game's illegal moves, gathered as they are defined: ``@MAKERS`` above each."""

    def __call__(self, maker: IllegalMaker) -> IllegalMaker:
        self.append(maker)
        return maker
