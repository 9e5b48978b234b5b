"""The strong Chromino bot: legal, honest (a function of its view), sensible, and its tournaments.

Every search here has an iteration budget and a seed, so each test decides
the same way on any machine, however loaded.
"""

from __future__ import annotations

import json
import pickle
import random

import hypothesis_profiles
import pytest
import reference as ref
from hypothesis import given, settings
from hypothesis import strategies as st
from scenarios import at, make_game

from chromino.cli import main
from chromino.core.search import Budget
from chromino.core.selfplay import play_bot_game
from chromino.core.tournament import wilson_interval
from chromino.games.chromino import GAME
from chromino.games.chromino.actions import Action
from chromino.games.chromino.bots import BOT_LABELS, BOT_LEVELS, BOTS, Bot, greedy_bot, random_bot
from chromino.games.chromino.game import Game
from chromino.games.chromino.options import RULESETS, SCORINGS, GameOptions
from chromino.games.chromino.placement import Placement
from chromino.games.chromino.strong import (
    ChrominoState,
    StrongBot,
    analyse,
    strong_move,
    view_from_dict,
)
from chromino.games.chromino.tiles import ALL_NAMES

hypothesis_profiles.load()

QUICK = Budget.of_iterations(8)
"""Enough to exercise every part of the search, cheap enough for whole games."""


def advanced_game(players: int, seed: int, moves: int, options: GameOptions) -> Game:
    """A game dealt from ``seed`` and played ``moves`` actions on by random bots."""
    game = Game.new([f"p{seat}" for seat in range(players)], seed, options)
    rng = random.Random(seed)
    while not game.is_over and len(game.moves) < moves:
        game.apply(game.current, random_bot(game.view_for(game.current), rng))
    return game


@settings(max_examples=40)
@given(
    players=st.integers(1, 4),
    ruleset=st.sampled_from(RULESETS),
    scoring=st.sampled_from(SCORINGS),
    open_hands=st.booleans(),
    draws_per_turn=st.integers(0, 5),
    strict_draw=st.booleans(),
    hand_size=st.sampled_from([1, 2, 5, 8]),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 90),
)
def test_the_strong_bot_only_ever_chooses_a_legal_action(
    *,
    players: int,
    ruleset: str,
    scoring: str,
    open_hands: bool,
    draws_per_turn: int,
    strict_draw: bool,
    hand_size: int,
    seed: int,
    moves: int,
) -> None:
    options = GameOptions(
        ruleset=ruleset,
        scoring=scoring,
        open_hands=open_hands,
        draws_per_turn=draws_per_turn,
        strict_draw=strict_draw,
        hand_size=hand_size,
    )
    game = advanced_game(players, seed, moves, options)
    if game.is_over:
        return
    view = game.view_for(game.current)
    action = strong_move(view, seed, QUICK)
    assert action in view.legal_actions()
    game.check(game.current, action)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_strong_bots_play_whole_games_to_the_end(players: int) -> None:
    strong = StrongBot(QUICK)
    for ruleset, scoring in (("standard", "none"), ("junior", "expert")):
        options = GameOptions(ruleset=ruleset, scoring=scoring)
        bots: list[Bot] = [strong, greedy_bot, strong, random_bot]
        bots = bots[:players]
        game = play_bot_game(GAME, bots, f"whole-{players}-{ruleset}", options)
        assert game.is_over
        assert sum(game.turns_taken) >= players


def twin_games(seed: int, moves: int, options: GameOptions) -> tuple[Game, Game, int]:
    """Two games that look the same from the seat to play, dealt differently where it cannot see.

    A three-player game is played ``moves`` actions on; then the same board,
    the same hand for the seat to play and the same hands it may see are set
    up twice, the tiles it cannot see (the other hands and the bag) shuffled
    two different ways.
    """
    played = Game.new(["a", "b", "c"], seed, options)
    rng = random.Random(seed)
    while len(played.moves) < moves or played.drawn_tile is not None:
        played.apply(played.current, greedy_bot(played.view_for(played.current), rng))
    assert not played.is_over and not played.went_out
    seat = played.current
    view = played.view_for(seat)
    board = played.board.placements
    seen = {p.tile for p in board} | {name for hand in view.hands if hand for name in hand}
    unseen = [name for name in ALL_NAMES if name not in seen]
    twins = []
    for shuffle_seed in (1, 2):
        random.Random(shuffle_seed).shuffle(unseen)
        left = list(unseen)
        hands = []
        for hand, count in zip(view.hands, view.hand_counts, strict=True):
            if hand is not None:
                hands.append(list(hand))
            else:
                hands.append(left[:count])
                del left[:count]
        twins.append(
            make_game(
                hands,
                start=board[0],
                bag=left[: view.bag_count],
                first=seat,
                options=options,
                board=board[1:],
            )
        )
    return twins[0], twins[1], seat


@pytest.mark.parametrize(
    "options",
    [GameOptions(), GameOptions(scoring="expert"), GameOptions(ruleset="junior")],
    ids=["standard", "expert", "junior"],
)
def test_the_strong_bot_decides_from_its_view_never_from_hidden_tiles(
    options: GameOptions,
) -> None:
    one, two, seat = twin_games(21, 14, options)
    view_one, view_two = one.view_for(seat), two.view_for(seat)
    # Everything the seat may see is the same; what it may not see differs.
    assert view_one.to_dict() == view_two.to_dict()
    hidden = [s for s, hand in enumerate(view_one.hands) if hand is None]
    assert hidden and any(one.hands[s] != two.hands[s] for s in hidden)
    assert one.bag != two.bag
    budget = Budget.of_iterations(120)
    first = analyse(view_one, random.Random(7), budget)
    second = analyse(view_two, random.Random(7), budget)
    assert first.iterations > 0
    assert first == second
    bot = StrongBot(budget)
    assert bot(view_one, random.Random(3)) == bot(view_two, random.Random(3))


def test_the_same_view_as_data_gives_the_same_move() -> None:
    game = advanced_game(3, 5, 20, GameOptions(scoring="segments"))
    view = game.view_for(game.current)
    data = json.loads(json.dumps(view.to_dict()))
    rebuilt = view_from_dict(data)
    assert rebuilt.to_dict() == view.to_dict()
    budget = Budget.of_iterations(40)
    assert strong_move(data, 11, budget) == strong_move(view, 11, budget)


def test_the_bot_and_its_budget_travel_to_another_process() -> None:
    bot = StrongBot(Budget(seconds=0.5, iterations=100), max_depth=3)
    copy = pickle.loads(pickle.dumps(bot))
    assert copy.budget == bot.budget and copy.max_depth == 3
    game = advanced_game(2, 8, 10, GameOptions())
    view = game.view_for(game.current)
    travelled = pickle.loads(pickle.dumps(view))
    budget = Budget.of_iterations(30)
    assert strong_move(travelled, 4, budget) == strong_move(view, 4, budget)


def test_registry_levels_and_labels() -> None:
    assert isinstance(BOTS["strong"], StrongBot)
    assert BOTS["strong"].budget == Budget(seconds=1.0)
    assert BOT_LEVELS == {"easy": "random", "medium": "greedy", "hard": "strong"}
    assert {BOT_LABELS[bot] for bot in BOT_LEVELS.values()} == {"Easy", "Medium", "Hard"}


def test_a_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError):
        Budget(seconds=None, iterations=None)
    with pytest.raises(ValueError):
        Budget.of_iterations(0)
    with pytest.raises(ValueError):
        Budget.of_seconds(-1)


def test_the_bot_refuses_a_view_whose_turn_it_is_not() -> None:
    game = Game.new(["a", "b"], 3)
    with pytest.raises(ValueError):
        strong_move(game.view_for(1 - game.current), 1, QUICK)


# --- tactics, worked out by hand ---------------------------------------------------


def test_spends_the_chameleon_before_it_would_be_left_alone() -> None:
    # Two tiles, PXY and BBY, both fit around the BXY start. Laying BBY would
    # leave the chameleon alone in hand, and a chameleon can never be the last
    # tile laid: the hand could not be emptied until another tile is drawn.
    # Laying PXY leaves BBY, which can go out next turn.
    game = make_game([["PXY", "BBY"], ["GGG", "RRR", "PPP", "RGR", "YPY"]], bag=["BGR", "GRR"])
    assert {p.tile for p in game.view_for(0).legal_placements()} == {"PXY", "BBY"}
    for seed in range(3):
        action = strong_move(game.view_for(0), seed, Budget.of_iterations(150))
        assert action.placement is not None and action.placement.tile == "PXY"


def test_blocks_the_face_up_last_tile_that_would_go_out() -> None:
    # Board: BXY east from (0, 0), BBY east from (0, -1) above it. The other
    # player's last tile, face up, is BGY; it fits in one place only, east from
    # (0, 1), under the start tile (B under B, G under the chameleon centre, Y
    # under Y). That player is last in the round: laying it would end the game
    # with us still holding tiles. Of our tiles only RBY fits, in two places:
    # west from (1, 1) covers two cells of BGY's place and opens no other;
    # east from (-1, 1) covers them too but gives BGY a new place on the left
    # of the start tile (B beside B at (-1, 0)... checked by the reference).
    board = [at("BBY", 0, -1)]
    bag = ["GGG", "YYY", "RGR", "PYP", "GPG", "RYR"]
    game = make_game([["RBY", "RRR", "PPP"], ["BGY"]], bag=bag, board=board)
    placements = game.board.placements
    block, other = Placement("RBY", 1, 1, "W"), Placement("RBY", -1, 1, "E")
    assert set(ref.all_legal_placements(placements, ["BGY"], "standard")) == {
        ref.physical(at("BGY", 0, 1))
    }
    assert set(ref.all_legal_placements(placements, ["RBY", "RRR", "PPP"], "standard")) == {
        ref.physical(block),
        ref.physical(other),
    }
    assert not ref.all_legal_placements([*placements, block], ["BGY"], "standard")
    assert ref.all_legal_placements([*placements, other], ["BGY"], "standard")
    for seed in range(3):
        action = strong_move(game.view_for(0), seed, Budget.of_iterations(120))
        assert action.placement is not None
        assert ref.physical(action.placement) == ref.physical(block)


def test_stuck_it_draws_then_passes() -> None:
    game = make_game([["RRR", "GGG"], ["PPP"]], bag=["RGR"])
    assert strong_move(game.view_for(0), 0, QUICK) == Action("draw")
    game.apply(0, Action("draw"))
    assert strong_move(game.view_for(0), 0, QUICK) == Action("pass")


# --- tournaments -------------------------------------------------------------------


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_tournament_reports_rates_inside_their_intervals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ["selfplay", "--tournament", "--bots", "strong,greedy", "--players", "2"]
    arguments += ["--games", "4", "--seed", "t", "--iterations", "6", "--scoring", "expert"]
    assert main([*arguments, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4 and report["deals"] == 2
    assert report["budget"] == {"seconds": None, "iterations": 6}
    assert set(report["bots"]) == {"strong", "greedy"}
    total = 0.0
    for line in report["bots"].values():
        assert line["seats"] == 4
        low, high = line["interval_95"]
        assert low <= line["rate"] <= high
        assert line["think_ms_p90"] >= line["think_ms_median"] >= 0
        total += line["wins"]
    assert total == pytest.approx(4)
    assert main(arguments) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].startswith("tournament: 4 chromino games (2 deals x 2 seats)")
    assert any(line.split()[0] == "strong" and "%" in line for line in text[2:])


def test_tournament_budget_flags_need_the_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["selfplay", "--iterations", "5"])
    assert stopped.value.code == 2
    assert "--tournament" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, GameOptions()),
        (3, GameOptions(scoring="segments", draws_per_turn=2)),
        (4, GameOptions(ruleset="junior", scoring="segments-multiply", draws_per_turn=0)),
        (1, GameOptions(scoring="expert", strict_draw=True)),
    ],
)
def test_the_search_plays_by_the_games_rules(players: int, options: GameOptions) -> None:
    # The search's own copy of the turn rules, fed the same actions as the game
    # from the same deal (its bag reversed: it draws from the end), ends the
    # same way with the same scores, and only ever offers legal actions.
    for seed in range(4):
        game = Game.new([f"p{s}" for s in range(players)], f"rules{seed}", options)
        state = ChrominoState(
            options=options,
            board=game.board.copy(),
            hands=[list(hand) for hand in game.hands],
            bag=list(reversed(game.bag)),
            scores=list(game.scores),
            seat=game.current,
            first=game.setup.first,
            draws=0,
            drawn=None,
            went_out=[],
            turns_taken=[0] * players,
        )
        rng = random.Random(seed)
        while not game.is_over:
            assert not state.is_over() and state.to_move() == game.current
            legal = game.legal_actions(game.current)
            assert all(action in legal for action in state.actions())
            action = rng.choice(legal) if rng.random() < 0.3 else state.default_action(rng)
            game.apply(game.current, action)
            state.apply(action)
        outcome = game.outcome()
        assert outcome is not None and state.is_over()
        assert state.winners == outcome.winners
        assert tuple(state.scores) == outcome.scores
