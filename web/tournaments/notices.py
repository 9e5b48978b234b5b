"""What a tournament tells its people, through the notices' outbox (web.notify): a push,
each answering to its switch in Preferences (a tournament game waiting for a move is in
the daily email digest like any other game).

- **Entries open:** the organiser's friends (mutual ones) hear of a listed tournament
  (public, or for members) when it is created. Nobody else: a stranger's tournament is
  found on the list, not pushed at people. A season's arena is told to the members of
  its division instead.
- **A round starts:** whoever has a bye in it hears so (the others hear that their
  table is ready, which says the same and where to go).
- **A table is ready:** each person seated at a game just dealt, with the link to it.
- **The end:** every entrant still in play hears their final place; at a season's
  end, every member who played hears their place in their division.

Each notice's key makes it once, whoever starts the round or ends the last table."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..friends import relations_of
from ..models import (
    Season,
    Tournament,
    TournamentBye,
    TournamentEntry,
    TournamentRound,
    User,
)
from ..notify import (
    ARENA_TABLE_READY,
    SEASON_OVER,
    TABLE_READY,
    TOURNAMENT_BYE,
    TOURNAMENT_OPEN,
    TOURNAMENT_OVER,
    NoticeDraft,
    add_notices,
    draft,
)
from .played import played_of, standings_from

BOT_NAME = "Hard bot"
"""A seat without an account, in a notice's list of players: a bot plays it."""

Seated = tuple[str, Sequence[int | None]]
"""A game just dealt: its id, and the accounts in its seats (None: a deleted one)."""


def _about(tournament: Tournament) -> dict[str, object]:
    return {"tournament": tournament.name, "tournament_id": tournament.public_id}


def _accounts(session: Session, tournament: Tournament) -> dict[int, int]:
    """The account of each entry still in play, by entry number."""
    rows = session.execute(
        select(TournamentEntry.number, TournamentEntry.user_id).where(
            TournamentEntry.tournament_id == tournament.id,
            TournamentEntry.user_id.is_not(None),
            TournamentEntry.withdrawn_at.is_(None),
            TournamentEntry.disqualified_at.is_(None),
        )
    )
    return {number: user_id for number, user_id in rows if user_id is not None}


def entries_opened(session: Session, tournament: Tournament, organiser: User, now: datetime) -> int:
    """The organiser's friends hear of a listed tournament; how many notices were made."""
    if tournament.visibility == "link" or organiser.id is None:
        return 0
    friends, _, _ = relations_of(session, organiser)
    details = {**_about(tournament), "players": [organiser.name], "game": tournament.kind}
    drafts = [
        draft(TOURNAMENT_OPEN, (tournament.public_id, friend), friend, details, now)
        for friend in sorted(friends)
    ]
    return add_notices(session, drafts)


def season_arena_opened(
    session: Session,
    arena: Tournament,
    organiser: User | None,
    members: Sequence[int],
    now: datetime,
) -> int:
    """A division's members hear that their season's next arena takes entries."""
    players = [organiser.name] if organiser is not None else []
    details = {**_about(arena), "players": players, "game": arena.kind}
    drafts = [
        draft(TOURNAMENT_OPEN, (arena.public_id, member), member, details, now)
        for member in sorted(members)
    ]
    return add_notices(session, drafts)


def round_started(
    session: Session, tournament: Tournament, row: TournamentRound, now: datetime
) -> int:
    """Whoever sits the new round out hears of their bye."""
    accounts = _accounts(session, tournament)
    byes = session.scalars(select(TournamentBye.entrant).where(TournamentBye.round_id == row.id))
    details = {**_about(tournament), "round": row.number}
    drafts = [
        draft(TOURNAMENT_BYE, (tournament.public_id, row.number, user), user, details, now)
        for user in (accounts[entry] for entry in byes if entry in accounts)
    ]
    return add_notices(session, drafts)


def _table_drafts(
    tournament: Tournament, number: int, seated: Seated, names: dict[int, str], now: datetime
) -> list[NoticeDraft]:
    game_id, users = seated
    kind = ARENA_TABLE_READY if tournament.format == "arena" else TABLE_READY  # no rounds
    people = [names.get(user, "") if user is not None else BOT_NAME for user in users]
    about = {**_about(tournament), "round": number, "players": people, "game": tournament.kind}
    return [
        draft(kind, (game_id, user), user, {**about, "seat": seat}, now, game=(game_id, 0))
        for seat, user in enumerate(users)
        if user is not None
    ]


def tables_ready(
    session: Session, tournament: Tournament, number: int, games: list[Seated], now: datetime
) -> int:
    """Each person at a game just dealt hears that their table is ready."""
    wanted = {user for _, users in games for user in users if user is not None}
    if not wanted:
        return 0
    names: dict[int, str] = dict(
        session.execute(select(User.id, User.name).where(User.id.in_(wanted))).all()
    )
    drafts = [
        notice for game in games for notice in _table_drafts(tournament, number, game, names, now)
    ]
    return add_notices(session, drafts)


def finished(session: Session, tournament: Tournament, now: datetime) -> int:
    """Every entrant still in play hears their final place."""
    accounts = _accounts(session, tournament)
    rows = standings_from(tournament, played_of(session, tournament))
    placed = [(row.place, accounts[row.entrant]) for row in rows if row.entrant in accounts]
    drafts = []
    for place, user in placed:
        details = {**_about(tournament), "place": place, "count": len(placed), "won": place == 1}
        drafts.append(draft(TOURNAMENT_OVER, (tournament.public_id, user), user, details, now))
    return add_notices(session, drafts)


def season_over(
    session: Session, season: Season, places: Sequence[tuple[int, int, int, int]], now: datetime
) -> int:
    """Each member who played hears their place in their division: ``places`` holds
    (member, division, place, members in the division)."""
    about = {"season": season.name, "season_id": season.public_id, "number": season.number}
    drafts = [
        draft(
            SEASON_OVER,
            (season.public_id, member),
            member,
            {**about, "division": division, "place": place, "count": count, "won": place == 1},
            now,
        )
        for member, division, place, count in places
    ]
    return add_notices(session, drafts)
