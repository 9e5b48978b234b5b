"""A game as the rest of the engine and its hosts see it: one descriptor per game.

The command line, self-play and tournaments know no game by name: they are
handed a :class:`GameDescriptor` (from the registry ``chromino.GAMES``) and ask it
for everything game-specific. Every field is a module-level class or function,
so a descriptor pickles (tournaments send it to worker processes).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .actions import Action
from .bots import Bot
from .lesson import Lesson
from .strong import DealtInformation, StrongBot, StrongDriver


@dataclass(frozen=True, slots=True)
class PuzzleKind:
    """A kind of puzzle a game ships, found again from ``seed`` whenever the files are
    made (the same seed always gives the same puzzles, so a file is made, not kept).

    ``scoring`` is the one the puzzles are asked under: None for a goal that counts no
    points, whose bot games are played under the game's first scoring (its default)."""

    goal: str
    scoring: str | None = None
    count: int = 1000
    seed: int = 1

    @property
    def file_name(self) -> str:
        """The kind's file in the game's ``puzzles/`` folder: the goal, and the scoring
        when there is one (``most_points-expert.jsonl.gz``)."""
        scored = f"-{self.scoring}" if self.scoring else ""
        return f"{self.goal}{scored}.jsonl.gz"


@dataclass(frozen=True, kw_only=True)
class GameDescriptor:
    """What one game brings to the shared engine."""

    name: str
    """The registry's key, e.g. ``chromino``."""
    title: str
    package: str | None = None
    """The game's package (``__name__`` in its ``__init__``), where its data files are: the
    puzzles it ships, in its ``puzzles/`` folder; None for a game that ships none."""
    puzzle_kinds: tuple[PuzzleKind, ...] = ()
    """The kinds of puzzle the game ships, one file each (``chromino puzzles ship``)."""
    game_type: Any
    """The game's :class:`~chromino.core.game.TileGame` subclass (``new``, ``from_setup``)."""
    options_type: Any
    """The game's options class (``from_dict``, ``to_dict``)."""
    bots: Mapping[str, Bot]
    """The game's bots by name (``random``, ``greedy``, ``strong``)."""
    strong_bot: type[StrongBot] | None = None
    """The game's strong bot (built with a budget); None for a game with no search."""
    hard: StrongDriver | None = None
    """The strong bot's search for this game's views (also from their JSON form)."""
    parse_placement: Callable[[Mapping[str, object]], Any]
    """A placement from its JSON fields (IllegalMoveError names a bad one)."""
    parse_action: Callable[[Mapping[str, object]], Action[Any]]
    """An action from its record form."""
    setup_from_record: Callable[[object], tuple[Any, list[object]]]
    """A game's setup, and its moves unread, from its record (MoveError names a bad one)."""
    max_players: int
    position_format: str
    replay: Callable[[object], Any]
    """A game rebuilt from its record."""
    position_moves: Callable[[object, str | None], list[dict[str, object]]]
    """Every legal move of a position document, as the ``moves`` command prints it."""
    table_options: Callable[[str, str], Any]
    """The options of a bot game from the command line's ``--ruleset`` and ``--scoring``."""
    describe_options: Callable[[str, str], str]
    """Those options in a report's heading ("" when the game has none of them)."""
    scorings: tuple[str, ...] = ()
    """The scorings a table may choose (``--scoring``); none for a game that always scores."""
    rulesets: tuple[str, ...] = ()
    """The rule sets a table may choose (``--ruleset``), the default first; none for a game
    of one rule set."""
    reasons: type[StrEnum] | None = None
    """The reasons the game's own rules refuse an action, beyond the core's
    (``games/<game>/reasons.py``); None for a game with none of its own."""
    lessons: tuple[Lesson[Any], ...] = ()
    """The first-game tutorial's lessons, in order (``games/<game>/lessons.py``); none for a
    game without a tutorial."""
    position_of: Callable[[Any, list[str]], dict[str, object]] | None = None
    """A position document of a live game's board and a hand (for puzzles found in
    games); None for a game with no position notation."""
    position_game: Callable[[object, str | None], Any] | None = None
    """A one-player game at a position document under a scoring (its board laid, its
    hand to play, its bag empty): a puzzle's position as a game shows and judges it;
    None for a game with no position notation."""

    @property
    def record_format(self) -> str:
        """The format name of the game's records (its game type's)."""
        return str(self.game_type.record_format)

    @property
    def view_type(self) -> Any:
        """The game's view (``from_dict`` reads a view's JSON back, in a worker process)."""
        return self.game_type.view_type

    @property
    def information(self) -> type[DealtInformation[Any]] | None:
        """A seat's view as the search sees it (for the strong bot and the coach); None
        for a game with no search."""
        return None if self.hard is None else self.hard.information

    def new_game(self, seats: int, seed: int | str, options: Any | None = None) -> Any:
        """A new bot game of ``seats`` seats, named ``bot0``, ``bot1``...; default options
        when None."""
        return self.game_type.new([f"bot{seat}" for seat in range(seats)], seed, options)
