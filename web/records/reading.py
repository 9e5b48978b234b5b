"""A record read and replayed by its game's engine, or refused where it goes wrong.

The record's header is read by the engine's own reader (the rules the published
schema writes down, each bad field named), then every move is applied through the
game's checked entry point: the first one the rules refuse is reported with its
number (from 1) and the rules' reason. What comes out is the record as this server
writes it (tile names canonical, every option spelled out), so an imported record
exports as the record of a game played here would.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from chromino.core.descriptor import GameDescriptor
from chromino.core.errors import IllegalMoveError, InvalidSetupError
from chromino.core.notation import parse_move, record_of

from ..games import game_kind
from ..i18n import N_, Words, rule_refusal
from .errors import RecordError
from .formats import record_game

MAX_MOVES: Final = 2000
"""The most moves an imported record may hold (a long eight-player Chromino game
stays well under it)."""
MAX_NAME: Final = 40
"""The longest player's name an imported record may give."""


@dataclass(frozen=True, slots=True)
class ReadRecord:
    """A record that replays to its end: its game's name and its canonical form."""

    game: str
    record: dict[str, Any]

    @property
    def header(self) -> dict[str, Any]:
        """The record without its moves: what a game row keeps as its setup."""
        return {key: value for key, value in self.record.items() if key != "moves"}

    @property
    def moves(self) -> list[dict[str, Any]]:
        """Every move: ``{"player": seat, "action": ..., placement fields}``."""
        moves: list[dict[str, Any]] = self.record["moves"]
        return moves


def read_record(document: object, language: str) -> ReadRecord:
    """The record replayed to its end; a :class:`RecordError` otherwise (the rules'
    reasons said in ``language``)."""
    game = record_game(document)
    refusals = game_kind(game.name).refusal_words
    try:
        setup, moves = game.setup_from_record(document)
    except InvalidSetupError as error:
        words = Words(N_("{field}: {problem}"), field=error.field, problem=error.message)
        raise RecordError(422, "invalid_record", words, field=error.field) from None
    _check_limits(setup.players, moves)
    played = _replay(game, setup, moves, language, refusals)
    if not played.is_over:
        words = Words(N_("the record ends before the game does"))
        raise RecordError(422, "unfinished_record", words, field="moves")
    return ReadRecord(game.name, record_of(played))


def _check_limits(players: tuple[str, ...], moves: list[object]) -> None:
    if len(moves) > MAX_MOVES:
        words = Words(N_("a record may hold at most {limit} moves"), limit=MAX_MOVES)
        raise RecordError(413, "too_many_moves", words, field="moves")
    for seat, name in enumerate(players):
        if not name.strip() or len(name) > MAX_NAME:
            words = Words(N_("a player's name has 1 to {limit} characters"), limit=MAX_NAME)
            raise RecordError(422, "invalid_record", words, field=f"players[{seat}]")


def _replay(
    game: GameDescriptor,
    setup: Any,
    moves: list[object],
    language: str,
    refusals: Mapping[str, str],
) -> Any:
    """The game after every move, or the refusal of the first one that does not apply."""
    played = game.game_type(setup)
    for index, raw in enumerate(moves):
        try:
            seat, action = parse_move(raw, game.parse_placement)
            played.apply(seat, action)
        except IllegalMoveError as error:
            number = index + 1
            reason = rule_refusal(error.reason.value, error.message, language, refusals)
            words = Words(N_("move {number}: {reason}"), number=number, reason=reason)
            raise RecordError(
                422, "illegal_record", words, field=f"moves[{index}]", move=number
            ) from None
    return played
