"""The game interface: what the server needs of a tile game, and nothing more.

The hub, the websocket layer, the tables and the lobby take a :class:`GameKind`
from the registry (``web.games.GAMES``) and never name a game. A kind brings its
typed options and play command (pydantic models, parsed once at the edge), the
engine's actions, its bots, its assistance policy, its result and personal best,
and its record format; a :class:`LiveGame` is one game in memory.

Refusals are the engines' own :class:`chromino.errors.IllegalMoveError`: one
type with a stable reason code, from the engine to the wire.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pydantic import BaseModel

from chromino.core.coach import Assessment
from chromino.core.errors import IllegalMoveError

from ..i18n import N_


class EngineAction(Protocol):
    """An engine's action (``chromino.Action``, ``chromino.triominos.Action``)."""

    @property
    def kind(self) -> str: ...

    def to_dict(self) -> dict[str, object]: ...


@dataclass(frozen=True, slots=True)
class Applied:
    """An applied action as the hub needs it."""

    seat: int
    action: EngineAction
    stored: dict[str, Any]
    """The action's record form (tile names canonical): what the event store keeps."""
    public: dict[str, Any]
    """The event as every viewer sees it."""
    private: dict[str, Any]
    """Added to ``public`` for the acting seat only (the tile drawn)."""
    turn_changed: bool
    finished: bool


class LiveGame(Protocol):
    """One game in memory, rebuilt from its setup and events."""

    @property
    def current_seat(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The seats still in the game (not resigned)."""
        ...

    def apply(self, seat: int, action: EngineAction) -> Applied:
        """Apply or refuse (IllegalMoveError, nothing changed)."""
        ...

    def view(self, seat: int | None) -> dict[str, Any]:
        """What this seat (None: a spectator) may see, JSON-ready."""
        ...

    def legal_moves(self, seat: int, *, with_points: bool) -> list[dict[str, Any]]:
        """Every legal placement of the seat to play, each physical one once."""
        ...

    def has_legal_play(self, seat: int) -> bool: ...

    def bot_action(self, seat: int, bot: str, rng: random.Random) -> EngineAction: ...

    def result(self) -> dict[str, Any] | None:
        """The final standing once the game is over (stored with the game)."""
        ...

    def turn_seconds(self) -> int: ...

    def replay_frame(self) -> dict[str, Any]:
        """The whole position, every hand shown (for the replay of a finished game):
        ``board``, ``hands``, ``bag`` (a count), ``scores``, ``current``,
        ``turns_taken``, ``tiles_drawn``."""
        ...


def shown(value: float) -> int:
    """A coach's value (0 to 1) as the replay shows it: a whole number out of 100, halves
    rounded up (as the page's Math.round does)."""
    return math.floor(value * 100 + 0.5)


def coach_note(note: Assessment[Any]) -> dict[str, Any]:
    """A coach's assessment as stored: the preferred move's record form, and values
    rounded to what a person reads.

    A move is flagged (a loss above 0) only when the coach's move is another move and
    worth more as the replay shows the values, in whole points out of 100: a note saying
    "57 → 57" would propose a move no better than the one made."""
    preferred = note.preferred
    loss = round(note.loss, 3) if shown(note.preferred_value) > shown(note.played_value) else 0.0
    stored: dict[str, Any] = {
        "preferred": preferred.to_dict() if hasattr(preferred, "to_dict") else preferred,
        "played_value": round(note.played_value, 3),
        "preferred_value": round(note.preferred_value, 3),
        "loss": loss,
        "meaning": note.meaning,
    }
    if note.stuck is not None and loss > 0:
        stuck = note.stuck
        stored["stuck"] = {
            "deals": stuck.deals,
            "played": stuck.played,
            "preferred": stuck.preferred,
        }
    return stored


class SoloResult(BaseModel):
    """A finished solo game as the personal best compares them."""

    game: str
    game_id: str
    turns: int
    draws: int
    score: int


@dataclass(frozen=True, slots=True)
class LessonAnswer:
    """A placement tried in a first-game lesson: refused by the rules (``refusal``), or
    laid, with the event every viewer would be told and the position after it."""

    refusal: IllegalMoveError | None
    achieved: bool
    event: dict[str, Any] | None
    """The play's public event (its points, its figure), when it was legal."""
    state: dict[str, Any] | None
    """The position after the play, as the live game sends it to the player."""


@dataclass(frozen=True, slots=True)
class LessonWords:
    """A lesson's texts (marked for the catalogs): its title, what to do, the hint, and
    what a laid tile means. ``success`` and ``missed`` may name ``{points}``, what the
    tile scored. The engine names its lessons; the game's adapter says them."""

    title: str
    text: str
    hint: str
    success: str
    missed: str = N_("That tile fits, but it is not what this lesson asks for. Try again.")


@dataclass(frozen=True, slots=True)
class DailyRule:
    """How a game's daily deal is scored and shown (docs/daily.md): what its result
    measures, how far from the Hard bot's result is 50 points of daily score, and the
    name on a share card."""

    card_name: str
    """The game as a share card names it: short, and the same in every language (a card
    is pasted anywhere)."""
    measure: Literal["turns", "points"]
    """What a game played out is judged by: fewer turns (tiles left in a blocked hand
    counting a turn each), or more points."""
    scale: float
    """How far from Hard's game is 50 points of daily score, in the measure's unit."""
    good_points: int | None = None
    """A play worth this much shows green on the card; None: a game judged by turns,
    where a tile laid without drawing first is the good play."""


class GameKind(Protocol):
    """A kind of game the server hosts."""

    @property
    def name(self) -> str:
        """The kind's key: in the database, the API, the wire and the page."""
        ...

    @property
    def title(self) -> str:
        """The game's name for people (translated by the pages)."""
        ...

    @property
    def record_format(self) -> str: ...

    @property
    def options_model(self) -> type[BaseModel]:
        """The table options a creator may choose, with their defaults."""
        ...

    @property
    def play_model(self) -> type[BaseModel]:
        """The websocket ``play`` command (``type``, ``id``, ``version``, placement)."""
        ...

    @property
    def bots(self) -> Mapping[str, str]:
        """Bot name → the name its seat gets at the table."""
        ...

    @property
    def max_players(self) -> int: ...

    @property
    def solo_defaults(self) -> Mapping[str, Any]:
        """Options whose default differs in a solo game (the rest keep the table's)."""
        ...

    @property
    def rating_pools(self) -> Mapping[str, str]:
        """The kind's rating pools (web.ratings): key → its name for people (translated
        by the pages). Each key is unique across kinds."""
        ...

    @property
    def rating_anchors(self) -> Mapping[str, Mapping[str, tuple[float, float]]]:
        """The bots' fixed ratings: pool → bot → (mu, sigma), as measured for the
        version (web.ratings.anchors); empty for a game whose bots were never measured."""
        ...

    @property
    def refusal_words(self) -> Mapping[str, str]:
        """The game's own rules' refusals: reason code → words marked for translation."""
        ...

    @property
    def daily(self) -> DailyRule | None:
        """How the game's daily deal is scored; None: the game has no daily deal."""
        ...

    def rating_pool(self, options: Mapping[str, Any]) -> str | None:
        """The pool a rated game with these (normalized) options counts in; None when
        such a game cannot be rated (open hands: everyone's tiles are shown)."""
        ...

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every option with its default; InvalidSetupError names a bad one (with the
        number of seats: a hand size the tiles cannot serve)."""
        ...

    def check_seats(self, seat_count: int, options: Mapping[str, Any]) -> None:
        """InvalidSetupError when this many seats cannot play with these options."""
        ...

    def deal(self, players: Sequence[str], seed: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The record header of a new game (no moves)."""
        ...

    def restore(self, setup: Mapping[str, Any]) -> LiveGame:
        """A game at its start, from its record header."""
        ...

    def action_of(self, command: BaseModel) -> EngineAction:
        """The engine action a parsed ``play``, ``draw``, ``pass`` or ``resign`` command
        asks for."""
        ...

    def stored_action(self, data: Mapping[str, Any]) -> EngineAction:
        """An action read back from the event store (IllegalMoveError if unreadable)."""
        ...

    @property
    def timeout(self) -> EngineAction:
        """The action the clock plays when a turn's time runs out."""
        ...

    @property
    def draw(self) -> EngineAction:
        """Drawing a tile (asked of the assistance policy before offering it)."""
        ...

    @property
    def end_agreed(self) -> EngineAction:
        """The move that ends the game once everyone still in it agreed."""
        ...

    @property
    def resign(self) -> EngineAction:
        """A seat leaving the game (its tiles go with it): also what a turn-based table
        that drops a player whose time ran out applies."""
        ...

    def shows_points(self, options: Mapping[str, Any]) -> bool:
        """Whether placements carry their points (a game that counts them)."""
        ...

    @property
    def coached(self) -> bool:
        """Whether the coach can assess this game's moves (it needs the game's search)."""
        ...

    def thinks(self, bot: str) -> bool:
        """Whether this bot searches (it then runs in a worker process, not on the loop)."""
        ...

    def think(self, view: Mapping[str, Any], bot: str, seed: str, seconds: float) -> dict[str, Any]:
        """The bot's action (record form) for the seat of ``view`` (its ``view()`` data:
        only what that seat may see). Runs in a worker process."""
        ...

    def assess(
        self,
        view: Mapping[str, Any],
        played: Mapping[str, Any],
        seed: str,
        iterations: int,
    ) -> dict[str, Any]:
        """The coach's note on a move made from ``view``: ``preferred`` (record form),
        ``played_value``, ``preferred_value`` and ``loss`` (0 to 1). Runs in a worker; a
        budget of ``iterations`` (never seconds) and the ``seed`` make it repeatable."""
        ...

    def canonical_move(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """One record form for every spelling of the same move (a tile laid on the same
        cells the same way round), so two spellings are compared, and seeded, as one.
        IllegalMoveError when ``data`` does not read as an action of the game."""
        ...

    def assistance_refusal(
        self, level: str, live: LiveGame, seat: int, action: EngineAction
    ) -> str | None:
        """Why this assistance level refuses the action for its player (None: it does
        not). Not a rule of the game: records never depend on it."""
        ...

    def solo_result(self, game_id: str, result: Mapping[str, Any]) -> SoloResult | None:
        """A finished solo game as a candidate personal best (None: it does not count)."""
        ...

    def better_solo(self, a: SoloResult, b: SoloResult) -> bool:
        """Whether ``a`` is a better personal best than ``b``."""
        ...

    # --- puzzles (docs/puzzles.md) ----------------------------------------------

    def position_shown(self, position: Mapping[str, Any], scoring: str | None) -> dict[str, Any]:
        """A position document as the live game sends a seat its turn: ``state`` and
        ``legal`` (KeyError for a game with no position notation)."""
        ...

    def position_attempt(
        self, position: Mapping[str, Any], scoring: str | None, fields: Mapping[str, Any]
    ) -> LessonAnswer:
        """A placement laid on a position through the game's checked entry point: a
        refusal is an answer too (IllegalMoveError when the fields do not read as a
        placement). ``achieved`` is False: the puzzle, not the game, judges."""
        ...

    # --- the first-game lessons (docs/lessons.md) ------------------------------

    @property
    def lesson_keys(self) -> tuple[str, ...]:
        """The keys of the game's lessons, in order (none: the game has no tutorial)."""
        ...

    @property
    def lesson_words(self) -> Mapping[str, LessonWords]:
        """Each lesson's words, by the lesson's key."""
        ...

    def lesson_position(self, key: str) -> dict[str, Any]:
        """A lesson's position as the live game sends it: ``state`` and ``legal``
        (KeyError for an unknown lesson)."""
        ...

    def lesson_attempt(self, key: str, fields: Mapping[str, Any]) -> LessonAnswer:
        """A placement (its JSON fields) tried in a lesson, judged by the rules and the
        lesson's goal; IllegalMoveError when the fields do not read as a placement,
        KeyError for an unknown lesson."""
        ...
