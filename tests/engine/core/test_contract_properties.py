"""Properties of whole games, for every game in the registry: random tables, random legal
actions chosen by hypothesis (see ``contract.py``; each game brings its half in its
``<game>_case.py``)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from support import hypothesis_profiles
from support.engine import chromino_case, triominos_case
from support.engine.contract import (
    SHARED_MAKERS,
    GameCase,
    Table,
    assert_after_the_end_nothing_goes,
    assert_listing_agrees_with_apply,
    assert_refused_without_change,
    assert_replays_to_same_game,
    assert_views_hide_secrets,
    play_game,
)

from chromino import GAMES
from chromino.core.actions import Action
from chromino.core.errors import IllegalMoveError

hypothesis_profiles.load()

CASES: dict[str, GameCase] = {case.name: case for case in (chromino_case.CASE, triominos_case.CASE)}
every_game = pytest.mark.parametrize("case", [CASES[name] for name in GAMES], ids=list(GAMES))


def test_every_registered_game_keeps_the_contract() -> None:
    assert set(CASES) == set(GAMES)


@every_game
def test_tiles_are_conserved_and_never_overlap(case: GameCase) -> None:
    @settings(max_examples=case.examples["conserved"])
    @given(table=case.tables(), data=st.data())
    def run(table: Table, data: st.DataObject) -> None:
        game = table.deal()

        def check(game: object, _: object) -> None:
            case.assert_tiles_conserved(game, table)

        check(game, None)
        play_game(case, data, game, after=check)
        outcome = game.outcome()
        assert outcome is not None
        # A player who left never wins; only a solo player who left leaves no winner.
        assert set(outcome.winners) <= set(game.active_seats)
        assert outcome.winners or not game.active_seats
        assert len(outcome.scores) == table.players
        assert outcome.scores == tuple(game.scores)
        case.assert_outcome(game)

    run()


@every_game
def test_every_laid_tile_was_legal_by_the_reference(case: GameCase) -> None:
    @settings(max_examples=case.examples["reference"])
    @given(table=case.tables(), data=st.data())
    def run(table: Table, data: st.DataObject) -> None:
        game = table.deal()
        before, after, at_the_end = case.legality_hooks(table)
        play_game(case, data, game, after=after, before=before)
        at_the_end(game)

    run()


@every_game
def test_record_replays_to_the_same_game(case: GameCase) -> None:
    replay = GAMES[case.name].replay

    @settings(max_examples=case.examples["replay"])
    @given(table=case.tables(), data=st.data(), checkpoint=st.integers(0, case.highest_checkpoint))
    def run(table: Table, data: st.DataObject, checkpoint: int) -> None:
        game = table.deal()
        assert_replays_to_same_game(game, replay)

        def after(game: object, _: object) -> None:
            if len(game.moves) == checkpoint:  # type: ignore[attr-defined]
                assert_replays_to_same_game(game, replay)

        play_game(case, data, game, after=after)
        assert_replays_to_same_game(game, replay)

    run()


@every_game
def test_views_never_show_hidden_tiles_or_the_bag(case: GameCase) -> None:
    @settings(max_examples=case.examples["views"])
    @given(table=case.tables(), data=st.data())
    def run(table: Table, data: st.DataObject) -> None:
        game = table.deal()
        assert_views_hide_secrets(case, game)
        play_game(case, data, game, after=lambda game, _: assert_views_hide_secrets(case, game))

    run()


@every_game
def test_illegal_actions_raise_and_change_nothing(case: GameCase) -> None:
    makers = [*SHARED_MAKERS, *case.illegal_makers]

    @settings(max_examples=case.examples["refused"])
    @given(table=case.tables(), data=st.data(), seed=st.integers(0, 2**32 - 1))
    def run(table: Table, data: st.DataObject, seed: int) -> None:
        rng = random.Random(seed)
        game = table.deal()
        tried: Counter[str] = Counter()

        def before(game: object, _: Action[Any]) -> None:
            # Hypothesis picks one of the illegal moves that the position allows.
            made = {maker.__name__: maker(rng, game) for maker in makers}
            names = sorted(name for name, move in made.items() if move is not None)
            name = data.draw(st.sampled_from(names), label="illegal kind")
            tried[name] += 1
            move = made[name]
            assert move is not None
            assert_refused_without_change(case, game, *move)

        play_game(case, data, game, before=before)
        for name in tried:
            event(f"refused: {name}")
        assert_after_the_end_nothing_goes(case, game)
        # A malformed record move is refused before any game sees it.
        with pytest.raises(IllegalMoveError):
            case.parse_move({"action": "draw"})

    run()


@every_game
def test_legal_actions_agree_with_apply(case: GameCase) -> None:
    @settings(max_examples=case.examples["listing"])
    @given(table=case.tables(), data=st.data(), seed=st.integers(0, 2**32 - 1))
    def run(table: Table, data: st.DataObject, seed: int) -> None:
        rng = random.Random(seed)
        game = table.deal()

        def before(game: object, _: object) -> None:
            against_reference = rng.random() < case.reference_rate
            assert_listing_agrees_with_apply(case, game, rng, against_reference)

        play_game(case, data, game, before=before)
        assert game.legal_actions(game.current) == []

    run()
