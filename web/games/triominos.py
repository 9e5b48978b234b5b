"""Triominos Challenge on the game interface: a thin layer over ``chromino.triominos``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from chromino.core.coach import assess
from chromino.core.errors import InvalidSetupError
from chromino.core.search import Budget
from chromino.games import triominos
from chromino.games.triominos import strong as tri_strong
from chromino.games.triominos.options import HAND_SIZES, MAX_PLAYERS, TARGETS, TURN_SECONDS

from ..i18n import N_
from ..protocol import Coordinate, DrawCommand, PassCommand, PlayBase
from .base import Applied, EngineAction, SoloResult, coach_note


class TriominosOptions(BaseModel):
    """Every option of docs/triominos-rules.md §8, with its default."""

    model_config = ConfigDict(extra="forbid", strict=True)

    hand_size: int | None = Field(default=None, ge=HAND_SIZES.start, le=HAND_SIZES.stop - 1)
    """None: 9 tiles each for 1-2 players, 7 for 3-4."""
    turn_seconds: int = 60
    """The hourglass: 0 (untimed), or 15 to 600 seconds."""
    target: int = 0
    """0 (off), or 50 to 1000 points."""
    open_hands: bool = False

    @field_validator("turn_seconds")
    @classmethod
    def _hourglass(cls, value: int) -> int:
        if value != 0 and value not in TURN_SECONDS:
            raise ValueError(N_("0 (untimed) or 15 to 600 seconds"))
        return value

    @field_validator("target")
    @classmethod
    def _target(cls, value: int) -> int:
        if value != 0 and value not in TARGETS:
            raise ValueError(N_("0 (off) or 50 to 1000 points"))
        return value


class TriominosPlay(PlayBase):
    """Lay a tile on cell (x, y), its digit number ``rot`` on the cell's point."""

    tile: str = Field(min_length=3, max_length=3)
    x: Coordinate
    y: Coordinate
    rot: int = Field(ge=0, le=2)
    """0, 1 or 2: a whole number in strict mode (a ``Literal`` would take ``true`` as 1)."""


class TriominosLive:
    """:class:`~web.games.base.LiveGame` for Triominos Challenge."""

    def __init__(self, game: triominos.Game) -> None:
        self.game = game

    @property
    def current_seat(self) -> int:
        return self.game.current

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def apply(self, seat: int, action: EngineAction) -> Applied:
        assert isinstance(action, triominos.Action)
        event = self.game.apply(seat, action)
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

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.game.view_for(seat)
        data = view.to_dict()
        data["can_draw"] = view.can_draw()
        data["can_pass"] = view.can_pass()
        return data

    def legal_moves(self, seat: int, *, with_points: bool) -> list[dict[str, Any]]:
        listed = []
        for play in self.game.view_for(seat).legal_plays():
            entry = play.to_dict()
            if not with_points:
                entry.pop("points", None)
                entry.pop("figure", None)
            listed.append(entry)
        return listed

    def has_legal_play(self, seat: int) -> bool:
        return self.game.has_legal_play(seat)

    def bot_action(self, seat: int, bot: str, rng: random.Random) -> EngineAction:
        return triominos.bot_named(bot)(self.game.view_for(seat), rng)

    def result(self) -> dict[str, Any] | None:
        outcome = self.game.outcome()
        if outcome is None:
            return None
        return {
            "ended_by": outcome.ended_by.value,
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
        return self.game.setup.options.turn_seconds


class TriominosKind:
    """:class:`~web.games.base.GameKind` for Triominos Challenge."""

    name = "triominos"
    title = "Triominos Challenge"
    record_format = triominos.RECORD_FORMAT
    options_model: type[BaseModel] = TriominosOptions
    play_model: type[BaseModel] = TriominosPlay
    bots: Mapping[str, str] = {"random": "Easy bot", "greedy": "Medium bot", "strong": "Hard bot"}
    max_players = MAX_PLAYERS
    timeout: EngineAction = triominos.TIMEOUT
    draw: EngineAction = triominos.DRAW

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return triominos.GameOptions.from_dict(options).to_dict()

    def check_seats(self, seat_count: int, options: Mapping[str, Any]) -> None:
        if seat_count > MAX_PLAYERS:
            raise InvalidSetupError("seats", f"{seat_count} seats; 1 to {MAX_PLAYERS} may play")

    def deal(self, players: Sequence[str], seed: str, options: Mapping[str, Any]) -> dict[str, Any]:
        game = triominos.Game.new(list(players), seed, triominos.GameOptions.from_dict(options))
        record = game.to_record()
        del record["moves"]
        return record

    def restore(self, setup: Mapping[str, Any]) -> TriominosLive:
        parsed, _ = triominos.setup_from_record({**setup, "moves": []})
        return TriominosLive(triominos.Game(parsed))

    def action_of(self, command: BaseModel) -> EngineAction:
        if isinstance(command, TriominosPlay):
            return triominos.Action.play(triominos.parse_placement(command.model_dump()))
        if isinstance(command, DrawCommand):
            return triominos.DRAW
        if isinstance(command, PassCommand):
            return triominos.PASS
        raise TypeError(f"not a command: {command!r}")

    def shows_points(self, options: Mapping[str, Any]) -> bool:
        """Every placement scores in Triominos."""
        return True

    def stored_action(self, data: Mapping[str, Any]) -> EngineAction:
        return triominos.parse_action(data)

    def assistance_refusal(
        self, level: str, live: Any, seat: int, action: EngineAction
    ) -> str | None:
        """A Beginner is kept from paying 5 points for a draw while a tile fits (the rules
        allow it; a newcomer rarely means it)."""
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
            return tri_strong.strong_move(view, seed, Budget.of_seconds(seconds)).to_dict()
        chosen = triominos.bot_named(bot)(tri_strong.view_from_dict(view), random.Random(seed))
        return chosen.to_dict()

    def assess(
        self,
        view: Mapping[str, Any],
        played: Mapping[str, Any],
        seed: str,
        seconds: float,
        iterations: int | None = None,
    ) -> dict[str, Any]:
        action = triominos.parse_action(played)
        if action.placement is not None:
            action = triominos.Action.play(action.placement.normalized())
        information = tri_strong.TriominosInformation(tri_strong.view_from_dict(view))
        budget = Budget(seconds=seconds, iterations=iterations)
        note = assess(information, action, random.Random(seed), budget)
        return coach_note(note)

    def solo_result(self, game_id: str, result: Mapping[str, Any]) -> SoloResult | None:
        """Every solo game played to its end counts: the higher score is better."""
        if result.get("ended_by") not in ("out", "blocked", "target"):
            return None  # ended by the host, or never finished
        return SoloResult(
            game=self.name,
            game_id=game_id,
            turns=result["turns"][0],
            draws=result["draws"][0],
            score=result["scores"][0],
        )

    def better_solo(self, a: SoloResult, b: SoloResult) -> bool:
        return (a.score, -a.turns) > (b.score, -b.turns)


TRIOMINOS = TriominosKind()
