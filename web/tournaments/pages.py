"""What the tournaments' pages show, worked out from what the API answers
(``views.detail``) and who is reading: their entry, their table in the round being
played, and what they may do (enter, withdraw, run the tournament).

The pages and the API read the same answer, so a page never shows something the API
would not say."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..games import GAMES
from ..models import User
from .schemas import Entrant, RoundOut, TableOut, TournamentDetail

ACTIONS = ("pause", "resume", "end")
"""The organiser's acts beyond starting rounds and removing players: a page offers
each one only when the server has its route."""

STATUS_OF_ACTION = {"pause": ("running",), "resume": ("paused",), "end": ("running", "paused")}
"""The tournament's statuses in which each of those acts makes sense."""

LIVE_STATUSES = ("registering", "running", "paused")
"""While a tournament is in one of these, its page keeps itself up to date."""


@dataclass(frozen=True)
class MyTable:
    """The reader's table in the round being played."""

    round: int
    table: int
    game_id: str | None
    """None until the table's game is dealt."""
    opponents: list[int]
    """Their entry numbers."""


@dataclass(frozen=True)
class TournamentPage:
    """A tournament as its page shows it to one reader."""

    tournament: TournamentDetail
    names: dict[int, str]
    """Entrants' names by entry number."""
    bots: frozenset[int]
    """The entries a bot plays (the page names them in the reader's words)."""
    mine: Entrant | None
    """The reader's entry (None: they have not entered)."""
    organiser: bool
    my_table: MyTable | None
    may_enter: bool
    may_withdraw: bool
    may_start: bool
    may_add_bot: bool
    actions: list[str] = field(default_factory=list)
    """The acts beyond starting and removing the organiser may take now."""
    counts_points: bool = True
    """Whether its game counts points; if not, a table's result says the tiles left."""

    @property
    def live(self) -> bool:
        return self.tournament.status in LIVE_STATUSES

    def name(self, entry: int) -> str:
        return self.names.get(entry, "?")


def _mine(detail: TournamentDetail, reader: User | None) -> Entrant | None:
    if reader is None or reader.id is None:
        return None
    return next((e for e in detail.entrants if e.person.id == reader.id), None)


def playing_round(detail: TournamentDetail) -> RoundOut | None:
    """The round being played: the latest, while it has not finished."""
    if not detail.rounds or detail.rounds[-1].finished_at is not None:
        return None
    return detail.rounds[-1]


def _table_of(round_: RoundOut, entry: int) -> TableOut | None:
    return next((t for t in round_.tables if any(s.entry == entry for s in t.seats)), None)


def _my_table(detail: TournamentDetail, mine: Entrant | None) -> MyTable | None:
    """The reader's table in the round being played (None: no round, or a bye); in an
    arena, whose seatings overlap, the table they are playing at now (None: waiting)."""
    if mine is None:
        return None
    if detail.settings.format == "arena":
        unfinished = (round_ for round_ in reversed(detail.rounds) if round_.finished_at is None)
        found = ((r, _table_of(r, mine.entry)) for r in unfinished)
        round_, table = next(((r, t) for r, t in found if t and t.result is None), (None, None))
    else:
        round_ = playing_round(detail)
        table = None if round_ is None else _table_of(round_, mine.entry)
    if round_ is None or table is None:
        return None
    others = [s.entry for s in table.seats if s.entry != mine.entry]
    return MyTable(round_.number, table.number, table.game_id, others)


def _may_start(detail: TournamentDetail) -> bool:
    """Whether a next round may be started: entries are in, no round is being played,
    and rounds are left."""
    if detail.settings.format == "arena":  # the server seats its players by itself
        return False
    if detail.status not in ("registering", "running") or playing_round(detail) is not None:
        return False
    present = [e for e in detail.entrants if not e.withdrawn and not e.disqualified]
    return len(present) >= detail.settings.smallest and len(detail.rounds) < detail.settings.rounds


def tournament_page(
    detail: TournamentDetail, reader: User | None, *, may_join: bool = True
) -> TournamentPage:
    """The page of ``detail`` for ``reader``, with the organiser's acts its state allows;
    ``may_join`` False when the reader may not enter at all (a season's arena is for
    its division's members alone)."""
    names = {e.entry: e.person.name for e in detail.entrants}
    mine = _mine(detail, reader)
    organiser = (
        reader is not None
        and detail.organiser is not None
        and detail.organiser.id is not None
        and detail.organiser.id == reader.id
    )
    in_play = mine is not None and not mine.withdrawn and not mine.disqualified
    open_ = detail.status in ("registering", "running")
    actions = [a for a in ACTIONS if detail.status in STATUS_OF_ACTION[a]]
    return TournamentPage(
        tournament=detail,
        names=names,
        bots=frozenset(e.entry for e in detail.entrants if e.bot is not None),
        mine=mine,
        organiser=organiser,
        my_table=_my_table(detail, mine),
        may_enter=open_ and mine is None and may_join,
        may_withdraw=detail.status != "finished" and in_play,
        may_start=organiser and _may_start(detail),
        may_add_bot=organiser and open_ and len(detail.rounds) < detail.settings.rounds,
        actions=actions if organiser else [],
        counts_points=GAMES[detail.settings.kind].shows_points(detail.settings.options),
    )
