"""Turn steps for hand-made scenarios of any game: act through the checked entry point,
and check that a refused action changed nothing (each game's ``scenarios`` module
binds them to its own board's fingerprint)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any

import pytest

from chromino.core.actions import DRAW, PASS, TIMEOUT, Action
from chromino.core.errors import IllegalMoveError, Reason

Game = Any


def play(game: Game, seat: int, placement: Any) -> Any:
    """Apply a play through the checked entry point."""
    return game.apply(seat, Action.play(placement))


def draw(game: Game, seat: int) -> Any:
    """Apply a draw through the checked entry point."""
    return game.apply(seat, DRAW)


def pass_turn(game: Game, seat: int) -> Any:
    """Apply a pass through the checked entry point."""
    return game.apply(seat, PASS)


def timeout(game: Game, seat: int) -> Any:
    """Declare a timeout for the seat, as the host does."""
    return game.apply(seat, TIMEOUT)


def refusal_checks(
    fingerprint: Callable[[Game], object],
) -> tuple[Callable[[Game, int, Action[Any]], StrEnum], Callable[[Game, int, Any], StrEnum]]:
    """``refused(game, seat, action)`` and ``refused_play(game, seat, placement)``: assert
    that the action is refused and that the refusal changed nothing (the snapshot, the
    moves, and the board's ``fingerprint``); give the reason."""

    def refused(game: Game, seat: int, action: Action[Any]) -> StrEnum:
        before = game.snapshot()
        board = fingerprint(game)
        moves = len(game.moves)
        with pytest.raises(IllegalMoveError) as caught:
            game.apply(seat, action)
        assert game.snapshot() == before
        assert fingerprint(game) == board
        assert len(game.moves) == moves
        return caught.value.reason

    def refused_play(game: Game, seat: int, placement: Any) -> StrEnum:
        return refused(game, seat, Action.play(placement))

    return refused, refused_play


def lay_unchecked(game: Game, board: Iterable[Any], used: set[str]) -> Game:
    """Lay ``board`` tiles without the rules (a scenario's given board), none twice."""
    for placement in board:
        assert placement.tile not in used, f"{placement.tile} is used twice in the scenario"
        used.add(placement.tile)
        game.board.place(placement)
    return game


def refuses_as_the_reference(board: Any, placement: Any, violations: Iterable[str]) -> bool:
    """Where the slow reference found ``violations``, the board refuses the placement with
    one of them as the reason (and ``is_legal`` agrees); whether it was refused."""
    found = list(violations)
    if not found:
        return False
    with pytest.raises(IllegalMoveError) as refused:
        board.check(placement)
    assert refused.value.reason.value in found, (placement, found)
    assert not board.is_legal(placement)
    return True


def assert_over_and_frozen(
    game: Game,
    refused: Callable[[Game, int, Action[Any]], StrEnum],
    somewhere: Callable[[str], Any],
) -> None:
    """The game is over and accepts nothing more: no action listed, every action (a play
    of any tile in hand ``somewhere``) refused as ``GAME_OVER``."""
    assert game.is_over
    for seat in range(game.player_count):
        assert game.view_for(seat).legal_actions() == []
        for kind in ("draw", "pass", "timeout"):
            assert refused(game, seat, Action(kind)) is Reason.GAME_OVER
        for name in game.hands[seat]:
            assert refused(game, seat, Action.play(somewhere(name))) is Reason.GAME_OVER
