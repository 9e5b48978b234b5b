"""One game kind over the engine's contract: every game of ``chromino.GAMES`` the same way.

The engine describes each game with a :class:`~chromino.core.descriptor.GameDescriptor`
(its game and view types, records, bots and strong search). Everything the server
does with a game — deal, restore, apply, view, list legal moves, ask a bot or the
coach — is that contract, so it is written once here. A game's adapter
(``web/games/<game>.py``) subclasses :class:`TileGameKind` and brings only what is
the server's own choice for that game: its options and play models, its assistance
policy and its personal-best rule.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from pydantic import BaseModel

from chromino.core.actions import DRAW, END_AGREED, PASS, RESIGN, TIMEOUT, Action, ActionKind
from chromino.core.bots import BOT_LABELS
from chromino.core.coach import assess
from chromino.core.descriptor import GameDescriptor
from chromino.core.errors import IllegalMoveError, InvalidSetupError
from chromino.core.lesson import SEAT, Lesson, lesson_named
from chromino.core.search import Budget

from ..i18n import N_
from ..protocol import DrawCommand, PassCommand, PlayBase, ResignCommand
from .base import (
    Applied,
    DailyRule,
    EngineAction,
    LessonAnswer,
    LessonWords,
    LiveGame,
    SoloResult,
    coach_note,
)
from .fields import options_model

HIDDEN_WITHOUT_POINTS = ("points", "figure")
"""What a legal placement does not show in a game that counts no points."""


def bot_seat_names(descriptor: GameDescriptor) -> dict[str, str]:
    """Each of the game's bots by the name its seat gets: "Easy bot", "Hard bot"..."""
    return {bot: f"{BOT_LABELS[bot]} bot" for bot in descriptor.bots}


def _canonical(action: Any) -> Any:
    """One spelling for every way of writing the same move (a play's normalized placement)."""
    if action.placement is not None:
        return Action.play(action.placement.normalized())
    return action


class TileGameLive:
    """:class:`~web.games.base.LiveGame` for any engine game."""

    def __init__(self, game: Any, descriptor: GameDescriptor) -> None:
        self.game = game
        self.descriptor = descriptor
        self._board: list[dict[str, object]] = []
        """The board's placements as data, each made once and shared by every view
        (read-only: they go to JSON as they are)."""
        self._options: dict[str, object] | None = None
        """The game's options as data, made once and shared by every view (read-only)."""

    @property
    def current_seat(self) -> int:
        return int(self.game.current)

    @property
    def is_over(self) -> bool:
        return bool(self.game.is_over)

    @property
    def active_seats(self) -> tuple[int, ...]:
        return tuple(self.game.active_seats)

    def apply(self, seat: int, action: EngineAction) -> Applied:
        assert isinstance(action, Action)
        to_play = self.game.current
        event = self.game.apply(seat, action)
        # A draw keeps the turn; so does a resignation out of turn (the clock runs on).
        kept = action.kind == ActionKind.DRAW or (
            action.kind == ActionKind.RESIGN and seat != to_play
        )
        return Applied(
            seat=event.seat,
            action=event.action,
            stored=event.action.to_dict(),
            public=event.public_json(),
            private=event.private_json(),
            turn_changed=not kept,
            finished=event.finished,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.game.view_for(seat)
        data: dict[str, Any] = view.to_dict(board=self._board_data(view.board))
        if self._options is None:
            self._options = data["options"]
        data["options"] = self._options
        data["can_draw"] = view.can_draw()
        data["can_pass"] = view.can_pass()
        return data

    def _board_data(self, board: Any) -> list[dict[str, object]]:
        """A copy of the list of the board's placements as data (the data shared)."""
        placements = board.placements
        if len(placements) < len(self._board):  # never: a board only grows
            self._board.clear()
        self._board.extend(p.to_dict() for p in placements[len(self._board) :])
        return list(self._board)

    def legal_moves(self, seat: int, *, with_points: bool) -> list[dict[str, Any]]:
        listed = []
        for play in self.game.view_for(seat).legal_plays():
            entry: dict[str, Any] = play.to_dict()
            if not with_points:
                for field in HIDDEN_WITHOUT_POINTS:
                    entry.pop(field, None)
            listed.append(entry)
        return listed

    def has_legal_play(self, seat: int) -> bool:
        return bool(self.game.has_legal_play(seat))

    def bot_action(self, seat: int, bot: str, rng: random.Random) -> EngineAction:
        chosen: EngineAction = self.descriptor.bots[bot](self.game.view_for(seat), rng)
        return chosen

    def result(self) -> dict[str, Any] | None:
        outcome = self.game.outcome()
        if outcome is None:
            return None
        return {
            "ended_by": str(outcome.ended_by),
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
            "turns": list(self.game.turns_taken),
            "draws": list(self.game.tiles_drawn),
            "hand_sizes": [len(hand) for hand in self.game.hands],
            "places": list(self.game.places()),
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
        return int(self.game.options.turn_seconds)


class TileGameKind:
    """:class:`~web.games.base.GameKind` for an engine game; a game's adapter subclasses
    it with its models and the rules that are the server's, not the game's."""

    descriptor: ClassVar[GameDescriptor]
    options_model: ClassVar[type[BaseModel]]
    play_model: ClassVar[type[PlayBase]]
    timeout: EngineAction = TIMEOUT
    draw: EngineAction = DRAW
    end_agreed: EngineAction = END_AGREED
    resign: EngineAction = RESIGN
    solo_defaults: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    """Options whose default differs in a solo game (practice alone is not a table)."""
    rating_anchors: ClassVar[Mapping[str, Mapping[str, tuple[float, float]]]] = MappingProxyType({})
    """The bots' measured ratings by pool (none: the game's bots were never measured)."""
    daily: ClassVar[DailyRule | None] = None
    """How the daily deal is scored (None: the game has no daily deal)."""
    lesson_words: ClassVar[Mapping[str, LessonWords]] = MappingProxyType({})
    """The words of each of the engine's lessons, by key."""
    refusal_words: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """The game's own rules' refusals (its reason codes), in words to translate; the
    refusals every game shares are worded once, in web.i18n."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game that brings no options model of its own gets the one its engine's
        option types make (every option, its type and default, declared once there)."""
        super().__init_subclass__(**kwargs)
        if "options_model" not in cls.__dict__ and "descriptor" in cls.__dict__:
            title = cls.descriptor.title
            cls.options_model = options_model(
                f"{title.replace(' ', '')}Options",
                cls.descriptor.options_type,
                doc=f"Every option of {title}, with its default.",
            )

    def __init__(self) -> None:
        self.name = self.descriptor.name
        self.title = self.descriptor.title
        self.record_format = self.descriptor.record_format
        self.max_players = self.descriptor.max_players
        self.bots: Mapping[str, str] = bot_seat_names(self.descriptor)

    # --- tables and deals ----------------------------------------------------

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        normalized: dict[str, Any] = self.descriptor.options_type.from_dict(options).to_dict()
        return normalized

    def check_seats(self, seat_count: int, options: Mapping[str, Any]) -> None:
        """No more seats than the game takes; a game adds its own limits."""
        if seat_count > self.max_players:
            raise InvalidSetupError(
                "seats", f"{seat_count} seats; 1 to {self.max_players} may play"
            )

    def deal(self, players: Sequence[str], seed: str, options: Mapping[str, Any]) -> dict[str, Any]:
        parsed = self.descriptor.options_type.from_dict(options)
        record: dict[str, Any] = self.descriptor.game_type.new(
            list(players), seed, parsed
        ).to_record()
        del record["moves"]
        return record

    def restore(self, setup: Mapping[str, Any]) -> LiveGame:
        parsed, _ = self.descriptor.setup_from_record({**setup, "moves": []})
        return TileGameLive(self.descriptor.game_type(parsed), self.descriptor)

    # --- actions -------------------------------------------------------------

    def action_of(self, command: BaseModel) -> EngineAction:
        if isinstance(command, self.play_model):
            return Action.play(self.descriptor.parse_placement(command.model_dump()))
        if isinstance(command, DrawCommand):
            return DRAW
        if isinstance(command, PassCommand):
            return PASS
        if isinstance(command, ResignCommand):
            return RESIGN
        raise TypeError(f"not a command: {command!r}")

    def stored_action(self, data: Mapping[str, Any]) -> EngineAction:
        return self.descriptor.parse_action(data)

    def shows_points(self, options: Mapping[str, Any]) -> bool:
        """Whether placements carry their points: a game that counts them."""
        return True

    def assistance_refusal(
        self, level: str, live: LiveGame, seat: int, action: EngineAction
    ) -> str | None:
        """A Beginner cannot draw while a tile fits: the rules allow it (tactically, or
        to pay for it), a newcomer rarely means it. Not a rule: records never depend on it."""
        if (
            level == "beginner"
            and action.kind == ActionKind.DRAW
            and live.current_seat == seat
            and live.has_legal_play(seat)
        ):
            return N_("at the Beginner level you cannot draw while a tile can be played")
        return None

    # --- bots and the coach (in worker processes) ----------------------------

    @property
    def coached(self) -> bool:
        """Whether the coach can look at this game's moves: a game with a search."""
        return self.descriptor.information is not None

    def thinks(self, bot: str) -> bool:
        return bot == "strong" and self.descriptor.hard is not None

    def think(self, view: Mapping[str, Any], bot: str, seed: str, seconds: float) -> dict[str, Any]:
        hard = self.descriptor.hard
        if bot == "strong" and hard is not None:
            action = hard.move(view, seed, Budget.of_seconds(seconds))
        else:
            seat_view = self.descriptor.view_type.from_dict(view)
            action = self.descriptor.bots[bot](seat_view, random.Random(seed))
        return action.to_dict()

    def assess(
        self,
        view: Mapping[str, Any],
        played: Mapping[str, Any],
        seed: str,
        iterations: int,
    ) -> dict[str, Any]:
        search = self.descriptor.information
        if search is None:
            raise ValueError(f"{self.name} has no search for the coach to assess with")
        action = _canonical(self.descriptor.parse_action(played))
        information = search(self.descriptor.view_type.from_dict(view))
        budget = Budget.of_iterations(iterations)
        note = assess(information, action, random.Random(seed), budget, canonical=_canonical)
        return coach_note(note)

    def canonical_move(self, data: Mapping[str, Any]) -> dict[str, Any]:
        form: dict[str, Any] = _canonical(self.descriptor.parse_action(data)).to_dict()
        return form

    # --- solo games ----------------------------------------------------------

    def solo_result(self, game_id: str, result: Mapping[str, Any]) -> SoloResult | None:
        """A finished solo game as a candidate personal best, if the game counts it."""
        if not self.counts_for_best(str(result.get("ended_by"))):
            return None
        return SoloResult(
            game=self.name,
            game_id=game_id,
            turns=result["turns"][0],
            draws=result["draws"][0],
            score=result["scores"][0],
        )

    def counts_for_best(self, ended_by: str) -> bool:
        """Whether a solo game that ended this way can be a personal best."""
        raise NotImplementedError

    def better_solo(self, a: SoloResult, b: SoloResult) -> bool:
        raise NotImplementedError

    # --- the first-game lessons (docs/lessons.md) ------------------------------

    @property
    def lesson_keys(self) -> tuple[str, ...]:
        return tuple(lesson.key for lesson in self.descriptor.lessons)

    def _lesson(self, key: str) -> Lesson[Any]:
        lesson = lesson_named(self.descriptor.lessons, key)
        if lesson is None:
            raise KeyError(key)
        return lesson

    def lesson_position(self, key: str) -> dict[str, Any]:
        """The same ``state`` and ``legal`` a seat of a live game gets (points as the
        game's options show them)."""
        return self._shown(self._lesson(key).position())

    def _shown(self, game: Any) -> dict[str, Any]:
        """A one-player game's ``state`` and ``legal``, as its live seat would get them."""
        live = TileGameLive(game, self.descriptor)
        options = live.game.options.to_dict()
        return {
            "state": live.view(SEAT),
            "legal": live.legal_moves(SEAT, with_points=self.shows_points(options)),
        }

    # --- puzzles (docs/puzzles.md) ---------------------------------------------

    def _position_game(self, position: Mapping[str, Any], scoring: str | None) -> Any:
        build = self.descriptor.position_game
        if build is None:
            raise KeyError(self.name)
        return build(position, scoring)

    def position_shown(self, position: Mapping[str, Any], scoring: str | None) -> dict[str, Any]:
        return self._shown(self._position_game(position, scoring))

    def position_attempt(
        self, position: Mapping[str, Any], scoring: str | None, fields: Mapping[str, Any]
    ) -> LessonAnswer:
        placement = self.descriptor.parse_placement(fields)
        game = self._position_game(position, scoring)
        try:
            event = game.apply(SEAT, Action.play(placement))
        except IllegalMoveError as refusal:
            return LessonAnswer(refusal=refusal, achieved=False, event=None, state=None)
        live = TileGameLive(game, self.descriptor)
        return LessonAnswer(
            refusal=None, achieved=False, event=event.public_json(), state=live.view(SEAT)
        )

    def lesson_attempt(self, key: str, fields: Mapping[str, Any]) -> LessonAnswer:
        """Read the placement (IllegalMoveError names a bad field), then lay it in a fresh
        position through the game's checked entry point: a refusal is an answer too."""
        lesson = self._lesson(key)
        placement = self.descriptor.parse_placement(fields)
        try:
            attempt = lesson.attempt(placement)
        except IllegalMoveError as refusal:
            return LessonAnswer(refusal=refusal, achieved=False, event=None, state=None)
        live = TileGameLive(attempt.game, self.descriptor)
        return LessonAnswer(
            refusal=None,
            achieved=attempt.achieved,
            event=attempt.event.public_json(),
            state=live.view(SEAT),
        )
