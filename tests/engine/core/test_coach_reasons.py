"""The coach's checked reason (chromino.core.coach.stuck_next_turn): after a move, in how
many sampled deals of what the mover could not see they start their next turn with no
tile that fits. Both moves are laid in the same deals with the same answers, so one move
weighed against itself counts the same; the counts are the same for the same seed; and
in a position where one move leaves the last tile no place, every deal says so."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chromino import GAMES
from chromino.core.actions import Action
from chromino.core.coach import STUCK_DEALS, Stuck, assess, stuck_next_turn
from chromino.core.search import Budget
from chromino.games.chromino import GAME as CHROMINO
from chromino.games.chromino.lessons import WIDER_BOARD, position

every_game = pytest.mark.parametrize("name", list(GAMES))


def opening(name: str, players: int, seed: int) -> tuple[Any, list[Any]]:
    """The search's view of the first mover of a seeded deal, and their plays."""
    game = GAMES[name]
    live = game.new_game(players, seed, None)
    plays = [action for action in live.legal_actions(live.current) if action.kind == "play"]
    information = game.information
    assert information is not None
    return information(live.view_for(live.current)), plays


@every_game
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 3), pick=st.integers(0, 50))
def test_a_move_weighed_against_itself_counts_the_same_and_a_seed_repeats(
    name: str, seed: int, players: int, pick: int
) -> None:
    information, plays = opening(name, players, seed)
    if not plays:
        return
    move, other = plays[pick % len(plays)], plays[(pick + 1) % len(plays)]
    itself = stuck_next_turn(information, move, move, random.Random(seed))
    assert itself.played == itself.preferred
    assert 0 <= itself.played <= itself.deals == STUCK_DEALS
    first = stuck_next_turn(information, move, other, random.Random(seed))
    again = stuck_next_turn(information, move, other, random.Random(seed))
    assert first == again
    assert first.played == itself.played  # the same deals, whatever the other move


def test_laying_the_other_tile_before_the_chameleon_leaves_no_place_in_any_deal() -> None:
    """Chromino's last lesson: a chameleon may never be the last tile laid, so laying the
    other tile first leaves the mover stuck at their next turn, whatever the deal."""
    game = position(WIDER_BOARD, ("GXR", "PYY"))
    information = CHROMINO.information
    assert information is not None
    view = information(game.view_for(0))
    plays = game.legal_plays(0)
    chameleon = Action.play(next(p for p in plays if p.tile == "GXR"))
    other = Action.play(next(p for p in plays if p.tile == "PYY"))
    stuck = stuck_next_turn(view, other, chameleon, random.Random(3))
    assert (stuck.played, stuck.preferred) == (STUCK_DEALS, 0)
    note = assess(view, other, random.Random(3), Budget(iterations=60))
    assert note.preferred != other
    assert note.stuck == Stuck(deals=STUCK_DEALS, played=STUCK_DEALS, preferred=0)


@every_game
def test_the_check_is_made_only_when_the_search_prefers_another_play(name: str) -> None:
    information, plays = opening(name, 2, 7)
    note = assess(information, plays[0], random.Random(2), Budget(iterations=30))
    if note.preferred == note.played:
        assert note.stuck is None
    else:
        assert note.stuck is not None and note.stuck.deals == STUCK_DEALS
