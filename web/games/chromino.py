"""Chromino on the game interface: a thin layer over the engine in ``chromino``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from chromino.core.coach import assess
from chromino.core.errors import InvalidSetupError
from chromino.core.search import Budget
from chromino.games.chromino import DRAW, PASS, TIMEOUT, Action, Game, GameOptions
from chromino.games.chromino.actions import parse_action, parse_placement
from chromino.games.chromino.bots import bot_named
from chromino.games.chromino.game import Event, deal
from chromino.games.chromino.notation import record_of, setup_from_record
from chromino.games.chromino.options import MAX_DRAWS_PER_TURN, MAX_TURN_SECONDS
from chromino.games.chromino.strong import ChrominoInformation, strong_move, view_from_dict
from chromino.games.chromino.tiles import ALL_NAMES

from ..i18n import N_
from ..protocol import Coordinate, DrawCommand, PassCommand, PlayBase
from .base import Applied, EngineAction, SoloResult, coach_note

TILE_COUNT = len(ALL_NAMES)


class ChrominoOptions(BaseModel):
    """Every rule option of docs/rules.md, with its default."""

    model_config = ConfigDict(extra="forbid", strict=True)

    ruleset: Literal["standard", "junior"] = "standard"
    scoring: Literal["none", "expert", "segments", "segments-multiply"] = "none"
    start: Literal["chameleon", "tricolor"] = "chameleon"
    hand_size: int = Field(default=8, ge=1, le=20)
    draws_per_turn: int = Field(default=1, ge=0, le=MAX_DRAWS_PER_TURN)
    strict_draw: bool = False
    open_hands: bool = False
    turn_seconds: int = Field(default=0, ge=0, le=MAX_TURN_SECONDS)


class ChrominoPlay(PlayBase):
    """Lay a tile: its first square on (x, y), the others along ``dir``."""

    tile: str = Field(min_length=3, max_length=3)
    x: Coordinate
    y: Coordinate
    dir: Literal["E", "S", "W", "N"]


class ChrominoLive:
    """:class:`~web.games.base.LiveGame` for Chromino."""

    def __init__(self, game: Game) -> None:
        self.game = game

    @property
    def current_seat(self) -> int:
        return self.game.current

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def apply(self, seat: int, action: EngineAction) -> Applied:
        assert isinstance(action, Action)
        event = self.game.apply(seat, action)
        return _applied(event)

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.game.view_for(seat)
        data = view.to_dict()
        data["can_draw"] = view.can_draw()
        data["can_pass"] = view.can_pass()
        return data

    def legal_moves(self, seat: int, *, with_points: bool) -> list[dict[str, Any]]:
        listed = []
        for play in self.game.view_for(seat).legal_plays():
            entry: dict[str, Any] = play.placement.to_dict()
            entry["contacts"] = play.contacts
            if with_points:
                entry["points"] = play.points
            listed.append(entry)
        return listed

    def has_legal_play(self, seat: int) -> bool:
        return self.game.has_legal_play(seat)

    def bot_action(self, seat: int, bot: str, rng: random.Random) -> EngineAction:
        return bot_named(bot)(self.game.view_for(seat), rng)

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

    def replay_frame(self) -> dict[str, Any]:
        return {
            "board": [placement.to_dict() for placement in self.game.board.placements],
            "hands": [list(hand) for hand in self.game.hands],
            "bag": len(self.game.bag),
            "scores": list(self.game.scores),
            "current": self.game.current,
            "turns_taken": list(self.game.turns_taken),
            "tiles_drawn": list(self.game.tiles_drawn),
        }

    def turn_seconds(self) -> int:
        return self.game.options.turn_seconds


def _applied(event: Event) -> Applied:
    public = event.public_json()
    private = event.private_json()
    return Applied(
        seat=event.seat,
        action=event.action,
        stored=event.action.to_dict(),
        public=public,
        private=private,
        turn_changed=event.action.kind != "draw",
        finished=event.finished,
    )


class ChrominoKind:
    """:class:`~web.games.base.GameKind` for Chromino."""

    name = "chromino"
    title = "Chromino"
    record_format = "chromino-game/1"
    options_model: type[BaseModel] = ChrominoOptions
    play_model: type[BaseModel] = ChrominoPlay
    bots: Mapping[str, str] = {"random": "Easy bot", "greedy": "Medium bot", "strong": "Hard bot"}
    max_players = 8
    timeout: EngineAction = TIMEOUT
    draw: EngineAction = DRAW

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return GameOptions.from_dict(options).to_dict()

    def check_seats(self, seat_count: int, options: Mapping[str, Any]) -> None:
        hand_size = int(options.get("hand_size", 8))
        if seat_count * hand_size > TILE_COUNT - 1:
            raise InvalidSetupError(
                "options.hand_size",
                f"{seat_count} hands of {hand_size} need more than {TILE_COUNT - 1} tiles",
            )

    def deal(self, players: Sequence[str], seed: str, options: Mapping[str, Any]) -> dict[str, Any]:
        setup = deal(players, seed, GameOptions.from_dict(options))
        record = record_of(Game(setup))
        del record["moves"]
        return record

    def restore(self, setup: Mapping[str, Any]) -> ChrominoLive:
        parsed, _ = setup_from_record({**setup, "moves": []})
        return ChrominoLive(Game(parsed))

    def action_of(self, command: BaseModel) -> EngineAction:
        if isinstance(command, ChrominoPlay):
            # Unknown tiles are refused here; a backwards spelling is the same placement.
            return Action.play(parse_placement(command.model_dump()))
        if isinstance(command, DrawCommand):
            return DRAW
        if isinstance(command, PassCommand):
            return PASS
        raise TypeError(f"not a command: {command!r}")

    def shows_points(self, options: Mapping[str, Any]) -> bool:
        """Only a scoring game counts points."""
        return bool(options.get("scoring", "none") != "none")

    def stored_action(self, data: Mapping[str, Any]) -> EngineAction:
        return parse_action(data)

    def assistance_refusal(
        self, level: str, live: Any, seat: int, action: EngineAction
    ) -> str | None:
        if (
            level == "beginner"
            and action.kind == "draw"
            and live.current_seat == seat
            and live.has_legal_play(seat)
        ):
            return N_("at the Beginner level you cannot draw while a tile can be played")
        return None

    def thinks(self, bot: str) -> bool:
        return bot == "strong"

    def think(self, view: Mapping[str, Any], bot: str, seed: str, seconds: float) -> dict[str, Any]:
        if bot == "strong":
            return strong_move(view, seed, Budget.of_seconds(seconds)).to_dict()
        return bot_named(bot)(view_from_dict(view), random.Random(seed)).to_dict()

    def assess(
        self,
        view: Mapping[str, Any],
        played: Mapping[str, Any],
        seed: str,
        seconds: float,
        iterations: int | None = None,
    ) -> dict[str, Any]:
        action = parse_action(played)
        if action.placement is not None:
            action = Action.play(action.placement.normalized())
        information = ChrominoInformation(view_from_dict(view))
        budget = Budget(seconds=seconds, iterations=iterations)
        note = assess(information, action, random.Random(seed), budget)
        return coach_note(note)

    def solo_result(self, game_id: str, result: Mapping[str, Any]) -> SoloResult | None:
        """Only an emptied hand counts: fewer turns, then fewer draws, is better."""
        if result.get("ended_by") != "out":
            return None
        return SoloResult(
            game=self.name,
            game_id=game_id,
            turns=result["turns"][0],
            draws=result["draws"][0],
            score=result["scores"][0],
        )

    def better_solo(self, a: SoloResult, b: SoloResult) -> bool:
        return (a.turns, a.draws) < (b.turns, b.draws)


CHROMINO = ChrominoKind()
