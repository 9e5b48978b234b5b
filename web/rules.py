"""The small interface through which the server plays a tile game.

The hub knows nothing of Chromino: it deals, checks, applies, filters and asks
for bot moves through :class:`TileGame` and :class:`LiveGame`, all in JSON-ready
data. A second game (Triominos Challenge is planned) is another pair of
classes here, not a change to the hub.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from chromino import Action, Game, GameOptions, IllegalMoveError, InvalidSetupError
from chromino.actions import parse_action
from chromino.bots import bot_named
from chromino.game import Event, Setup, deal
from chromino.notation import record_of, setup_from_record


class RuleError(ValueError):
    """An action the rules refuse: ``code`` is stable, ``message`` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Applied:
    """An applied action as the hub needs it: public part, and the actor's private part."""

    seat: int
    action: dict[str, Any]
    """The action as the engine read it (tile names canonical): what is stored."""
    public: dict[str, Any]
    private: dict[str, Any]
    """Added to ``public`` for the acting seat only (the tile drawn)."""
    turn_changed: bool
    finished: bool


class LiveGame(Protocol):
    """A game in memory, rebuilt from its setup and events."""

    @property
    def current_seat(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def apply(self, seat: int, action: Mapping[str, Any]) -> Applied: ...

    def view(self, seat: int | None) -> dict[str, Any]: ...

    def legal_placements(self, seat: int, *, with_points: bool) -> list[dict[str, Any]]: ...

    def has_legal_play(self, seat: int) -> bool: ...

    def bot_action(self, seat: int, bot: str, rng: random.Random) -> dict[str, Any]: ...

    def result(self) -> dict[str, Any] | None: ...

    def turn_seconds(self) -> int: ...


class TileGame(Protocol):
    """A kind of game the server can host."""

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]: ...

    def deal(
        self, players: Sequence[str], seed: str, options: Mapping[str, Any]
    ) -> dict[str, Any]: ...

    def restore(
        self, setup: Mapping[str, Any], actions: Sequence[tuple[int, Mapping[str, Any]]]
    ) -> LiveGame: ...


class ChrominoLive:
    """:class:`LiveGame` for Chromino, a thin layer over :class:`chromino.Game`."""

    def __init__(self, game: Game) -> None:
        self.game = game

    @property
    def current_seat(self) -> int:
        return self.game.current

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def _action(self, data: Mapping[str, Any]) -> Action:
        try:
            return parse_action(data)
        except IllegalMoveError as error:
            raise RuleError(error.reason.value, error.message) from None

    def apply(self, seat: int, action: Mapping[str, Any]) -> Applied:
        try:
            event = self.game.apply(seat, self._action(action))
        except IllegalMoveError as error:
            raise RuleError(error.reason.value, error.message) from None
        return _applied(event, turn_changed=event.action.kind != "draw")

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.game.view_for(seat)
        data = view.to_dict()
        data["can_draw"] = view.can_draw()
        data["can_pass"] = view.can_pass()
        return data

    def legal_placements(self, seat: int, *, with_points: bool) -> list[dict[str, Any]]:
        plays = self.game.view_for(seat).legal_plays()
        listed = []
        for play in plays:
            entry: dict[str, Any] = play.placement.to_dict()
            entry["contacts"] = play.contacts
            if with_points:
                entry["points"] = play.points
            listed.append(entry)
        return listed

    def has_legal_play(self, seat: int) -> bool:
        return self.game.has_legal_play(seat)

    def bot_action(self, seat: int, bot: str, rng: random.Random) -> dict[str, Any]:
        return bot_named(bot)(self.game.view_for(seat), rng).to_dict()

    def result(self) -> dict[str, Any] | None:
        outcome = self.game.outcome()
        if outcome is None:
            return None
        return {
            "ended_by": outcome.ended_by,
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
            "turns": list(self.game.turns_taken),
            "draws": list(self.game.tiles_drawn),
            "hand_sizes": [len(hand) for hand in self.game.hands],
        }

    def turn_seconds(self) -> int:
        return self.game.options.turn_seconds


def _applied(event: Event, *, turn_changed: bool) -> Applied:
    public: dict[str, Any] = {"seat": event.seat, **event.action.to_dict()}
    if event.action.kind == "play":
        public["points"] = event.points
    if event.action.kind == "timeout":
        public["points"] = event.points
        public["penalty_tile"] = event.drawn is not None
    public["went_out"] = event.went_out
    public["revealed"] = [{"seat": seat, "tile": tile} for seat, tile in event.revealed]
    public["finished"] = event.finished
    private = {"drawn": event.drawn} if event.drawn is not None else {}
    return Applied(
        event.seat, event.action.to_dict(), public, private, turn_changed, event.finished
    )


class Chromino:
    """:class:`TileGame` for Chromino."""

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every option with its default; InvalidSetupError names a bad one."""
        return GameOptions.from_dict(options).to_dict()

    def deal(self, players: Sequence[str], seed: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The record header of a new game (no moves)."""
        setup = deal(players, seed, GameOptions.from_dict(options))
        record = record_of(Game(setup))
        del record["moves"]
        return record

    def restore(
        self, setup: Mapping[str, Any], actions: Sequence[tuple[int, Mapping[str, Any]]]
    ) -> ChrominoLive:
        """The game after replaying its events through the checked entry point."""
        parsed: Setup
        parsed, _ = setup_from_record({**setup, "moves": []})
        live = ChrominoLive(Game(parsed))
        for seat, action in actions:
            live.apply(seat, action)
        return live


__all__ = [
    "Applied",
    "Chromino",
    "ChrominoLive",
    "InvalidSetupError",
    "LiveGame",
    "RuleError",
    "TileGame",
]
