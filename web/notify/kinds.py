"""Every kind of notice, declared once: what a notice of that kind answers to in
Preferences, what it says, where it leads, by which channels it leaves, whether it
may wake a person in their quiet hours and when it stops being worth sending.

The outbox, the words, the digest and every producer (the sweep, invitations, a
duplicate table's end, through web.notify.drafts) read a kind from here rather than
test its name, so a new kind is one entry in :data:`KINDS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..i18n import N_

PUSH, EMAIL = "push", "email"
"""The channels a notice leaves by."""

TURN_SWITCH = "turn"
REMINDER_SWITCH = "reminder"
INVITATION_SWITCH = "invitation"
GAME_OVER_SWITCH = "game_over"
TOURNAMENT_SWITCH = "tournament"
DIGEST_SWITCH = "digest"
"""The switches of Preferences, as a person's preferences accept them (web.people's
``SWITCHES``; ``Preference.notify`` keeps those turned off). The digest is an email
of its own (web.notify.digest), no notice's switch."""

Link = Callable[[str | None, dict[str, Any]], tuple[str, str] | None]
"""Where a notice leads and the tag that makes a newer push replace an older one
(one notification per game or table), from its game and details; None when they
lack what the link needs."""


def to_game(game_id: str | None, details: dict[str, Any]) -> tuple[str, str] | None:
    """The game the notice is about."""
    return None if not game_id else (f"/g/{game_id}", f"game-{game_id}")


def to_table(game_id: str | None, details: dict[str, Any]) -> tuple[str, str] | None:
    """The table that waits for the reader (an invitation)."""
    table = details.get("table")
    return (f"/t/{table}", f"table-{table}") if isinstance(table, str) else None


def to_duplicate(game_id: str | None, details: dict[str, Any]) -> tuple[str, str] | None:
    """A duplicate table's ranking and comparison."""
    code = details.get("duplicate")
    return (f"/duplicate/{code}", f"duplicate-{code}") if isinstance(code, str) else None


def to_tournament(game_id: str | None, details: dict[str, Any]) -> tuple[str, str] | None:
    """The tournament's page (a round, its standings)."""
    public_id = details.get("tournament_id")
    if not isinstance(public_id, str):
        return None
    return f"/tournaments/{public_id}", f"tournament-{public_id}"


def to_season(game_id: str | None, details: dict[str, Any]) -> tuple[str, str] | None:
    """The season's page (its divisions, places and moves)."""
    public_id = details.get("season_id")
    if not isinstance(public_id, str):
        return None
    return f"/seasons/{public_id}", f"season-{public_id}"


@dataclass(frozen=True)
class NoticeKind:
    """One kind of notice."""

    name: str
    """As ``Notice.kind`` keeps it, and the first part of each notice's key."""
    switch: str
    """The Preferences switch it answers to, on every channel it leaves by."""
    words: str
    """Its line ({players}, {game}, {deadline}), translated when it is sent."""
    link: Link
    """Where a push (and an email) of it leads."""
    channels: frozenset[str] = frozenset({PUSH})
    """Push always; email too (to a verified address, its switch on) for the last
    warning of a turn and for a tournament's news, which an entrant over days may not
    open the site for."""
    wakes: bool = False
    """Whether it goes out in the person's quiet hours; the others wait for their
    morning."""
    ends_with_the_turn: bool = False
    """Whether it goes stale when the turn it speaks of is over (a move, perhaps
    from another device, the game's end, the time run out). Every notice about a
    game goes stale once the person has seen the game at its version."""
    words_if_won: str | None = None
    """Its line to a winner, when that differs."""

    def key(self, *parts: object) -> str:
        """The notice's key: this kind and what makes it once (a notice whose key is
        stored already is not made again)."""
        return ":".join([self.name, *(str(part) for part in parts)])

    def line(self, details: dict[str, Any]) -> str:
        """The untranslated line for these details."""
        if self.words_if_won is not None and details.get("won"):
            return self.words_if_won
        return self.words

    @property
    def by_email(self) -> bool:
        return EMAIL in self.channels


TURN = NoticeKind(
    "turn",
    TURN_SWITCH,
    N_("Your turn against {players} in {game}"),
    to_game,
    ends_with_the_turn=True,
)
HALF = NoticeKind(
    "half",
    REMINDER_SWITCH,
    N_("Half your time for this move is gone, against {players} in {game}"),
    to_game,
    ends_with_the_turn=True,
)
NINETY = NoticeKind(
    "ninety",
    REMINDER_SWITCH,
    N_("Your time is nearly up against {players} in {game}: move by {deadline}"),
    to_game,
    channels=frozenset({PUSH, EMAIL}),
    wakes=True,
    ends_with_the_turn=True,
)
GAME_OVER = NoticeKind(
    "game_over",
    GAME_OVER_SWITCH,
    N_("The game of {game} against {players} is over"),
    to_game,
    words_if_won=N_("The game of {game} against {players} is over: you won"),
)
INVITATION = NoticeKind(
    "invitation", INVITATION_SWITCH, N_("{players} invited you to a game of {game}"), to_table
)
DUPLICATE_OVER = NoticeKind(
    "duplicate_over",
    GAME_OVER_SWITCH,
    N_(
        "Every board of your duplicate table of {game} with {players} is finished: see who did best"
    ),
    to_duplicate,
)

TOURNAMENT_OPEN = NoticeKind(
    "tournament_open",
    TOURNAMENT_SWITCH,
    N_("{players} opened entries to a tournament of {game}: {tournament}"),
    to_tournament,
    channels=frozenset({PUSH, EMAIL}),
)
TOURNAMENT_BYE = NoticeKind(
    "tournament_bye",
    TOURNAMENT_SWITCH,
    N_("Round {round} of {tournament} has started: you have a bye, worth half a point"),
    to_tournament,
    channels=frozenset({PUSH, EMAIL}),
)
TABLE_READY = NoticeKind(
    "table_ready",
    TOURNAMENT_SWITCH,
    N_("Round {round} of {tournament}: your table with {players} is ready"),
    to_game,
    channels=frozenset({PUSH, EMAIL}),
)
ARENA_TABLE_READY = NoticeKind(
    "arena_table_ready",
    TOURNAMENT_SWITCH,
    N_("{tournament}: your table with {players} is ready"),
    to_game,
    channels=frozenset({PUSH, EMAIL}),
)
TOURNAMENT_OVER = NoticeKind(
    "tournament_over",
    TOURNAMENT_SWITCH,
    N_("{tournament} is over: you finished {place} of {count}"),
    to_tournament,
    words_if_won=N_("{tournament} is over: you won it"),
    channels=frozenset({PUSH, EMAIL}),
)
SEASON_OVER = NoticeKind(
    "season_over",
    TOURNAMENT_SWITCH,
    N_("Season {number} of {season} is over: you placed {place} of {count} in division {division}"),
    to_season,
    words_if_won=N_("Season {number} of {season} is over: you won division {division}"),
    channels=frozenset({PUSH, EMAIL}),
)

KINDS: dict[str, NoticeKind] = {
    kind.name: kind
    for kind in (
        TURN,
        HALF,
        NINETY,
        GAME_OVER,
        INVITATION,
        DUPLICATE_OVER,
        TOURNAMENT_OPEN,
        TOURNAMENT_BYE,
        TABLE_READY,
        ARENA_TABLE_READY,
        TOURNAMENT_OVER,
        SEASON_OVER,
    )
}
"""Every kind, by the name its notices keep."""


def kind_of(name: str) -> NoticeKind:
    """A stored notice's kind."""
    return KINDS[name]
