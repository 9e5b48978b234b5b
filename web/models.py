"""Tables: people, preferences, tables of players, games and their events."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Date,
    DateTime,
    Double,
    ForeignKey,
    Index,
    LargeBinary,
    String,
    UniqueConstraint,
    false,
    func,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .db import Base, utcnow


class User(Base):
    """A person: a guest until they add a password."""

    __tablename__ = "user_account"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(96), unique=True)
    """The name's skeleton (web.people.names): names are unique up to case and look-alikes."""
    password_hash: Mapped[str | None] = mapped_column(String(200))
    name_chosen: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Whether the person picked their name (a guest starts with a drawn one, and the
    page offers to change it on arrival)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, server_default=func.now()
    )
    """When the account last made a request (kept to the hour, see web.people.deps): guests
    unseen for long are pruned (``chromino admin prune-guests``)."""

    online_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When a page of theirs last said they were there (every minute while one is
    open): friends see them online for a while after (web.friends)."""

    role: Mapped[str] = mapped_column(String(12), default="member", server_default="member")
    """member | moderator | admin (web.people.access.roles): admins run the server's /admin page
    and name moderators, who see it and act on people and reports."""
    banned_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """While in the future the person cannot sign in, create or join tables; their
    sessions ended when the ban was made. A permanent ban is a far date."""
    ban_reason: Mapped[str | None] = mapped_column(String(300))
    muted_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """While in the future the person's chat lines are refused everywhere."""
    visitor_key: Mapped[str | None] = mapped_column(String(64), unique=True)
    """For a guest: the digest of the key its browser carried as a visitor
    (web.people.accounts.guest). Several first actions of one browser at once make one
    account: the later ones find it by this key."""
    invitation_id: Mapped[int | None] = mapped_column()
    """The invitation they joined by (an invitation-only server), if any: a plain
    number, not a foreign key (an invitation names its maker, and the two tables would
    each wait for the other)."""
    bot_owner_id: Mapped[int | None] = mapped_column(default=None)
    """For a bot account (a program playing through the bot API, docs/bots.md): the
    person who made it. None for a person. A plain number, as ``invitation_id``: a bot
    outlives nothing it needs from its owner's row."""

    preference: Mapped[Preference | None] = relationship(back_populates="user")

    # Ids are never handed out again (SQLite would reuse the highest one once pruned):
    # an old session cookie must not name a newer account.
    __table_args__ = {"sqlite_autoincrement": True}  # noqa: RUF012


class ApiToken(Base):
    """A token a program sends as ``Authorization: Bearer`` to act as its account within
    its scopes (web.people.access.api_tokens). Only its hash is kept; revoking deletes
    the row."""

    __tablename__ = "api_token"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(60))
    scopes: Mapped[list[str]] = mapped_column(JSON)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """Kept to the minute, as a session's last use is kept to the hour."""


class UserSession(Base):
    """A signed-in browser: the cookie holds only this row's id, so ending a session
    (signing out, a new password, "sign out everywhere") takes effect on the server,
    whoever holds a copy of the cookie."""

    __tablename__ = "user_session"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    """Renewed at most hourly while the browser is used; idle too long, the session ends."""
    signed_in_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When this browser last proved who it is (a password or passkey, or the guest's
    arrival): admin actions want it within 15 minutes (web.club.recent)."""


class BanNotice(Base):
    """A session a ban ended (web.people.access.bans): the digest of its id (never the id) and
    whose it was, so that browser, coming back, is told it is banned, why and until
    when. Gone when the ban is lifted or the account deleted."""

    __tablename__ = "ban_notice"

    session_digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SiteSecret(Base):
    """Secrets made once per installation (the development session key), shared by
    every process on the database."""

    __tablename__ = "site_secret"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Preference(Base):
    """Per-user settings that follow them across devices."""

    __tablename__ = "preference"

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id"), primary_key=True)
    assistance: Mapped[str] = mapped_column(String(20), default="beginner")
    palette: Mapped[str] = mapped_column(String(20), default="classic")
    symbols: Mapped[bool] = mapped_column(default=False)
    reversed_arrows: Mapped[bool] = mapped_column(default=False)
    sound: Mapped[bool] = mapped_column(default=True)
    language: Mapped[str | None] = mapped_column(String(10), default=None)
    """A language of web.i18n.LANGUAGES, or None to follow the browser's."""
    spoken_language: Mapped[str | None] = mapped_column(String(10), default=None)
    """The language the person's pages last spoke (their browser's, while they follow
    it): what a push or an email to them is written in when ``language`` is None."""
    time_zone: Mapped[str | None] = mapped_column(String(64), default=None)
    """An IANA zone ("Europe/Paris"): the browser's, taken at the first visit, until the
    person picks one. Quiet hours, the daily digest's hour and deadlines are in it."""
    quiet_start: Mapped[int] = mapped_column(default=1320, server_default="1320")
    """Minutes after local midnight when the night begins (22:00): no move clock runs
    and nothing is sent but the last reminder, until ``quiet_end``."""
    quiet_end: Mapped[int] = mapped_column(default=480, server_default="480")
    email: Mapped[str | None] = mapped_column(String(254), default=None)
    email_verified: Mapped[bool] = mapped_column(default=False, server_default=false())
    """No email goes to an address before its owner followed the link sent to it."""
    digest_hour: Mapped[int] = mapped_column(default=18, server_default="18")
    """The local hour of the daily digest of games waiting."""
    notify: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    """Per channel (push, email), the kinds of notice switched off:
    ``{"push": ["game_over"], "email": []}``; None: everything on (web.notify.choices)."""
    show_online: Mapped[bool] = mapped_column(default=True, server_default=true())
    """Whether friends see when the person is online and which games they play."""
    hide_rating: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Whether others see the person's ratings (tables, lobby, profile); a hidden rating
    is also left out of the leaderboard. The person always sees their own."""
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )

    user: Mapped[User] = relationship(back_populates="preference")


class GameTable(Base):
    """Where players gather before a game: seats, options, an invite code."""

    __tablename__ = "game_table"

    id: Mapped[int] = mapped_column(primary_key=True)
    invite_code: Mapped[str] = mapped_column(String(40), unique=True)
    kind: Mapped[str] = mapped_column(String(20), default="chromino", server_default="chromino")
    """Which game the table plays (a name in ``web.games.GAMES``)."""
    creator_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"))
    """None once the creator, a guest, has been pruned (the table's games stay)."""
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    public: Mapped[bool] = mapped_column(default=False)
    solo: Mapped[bool] = mapped_column(default=False)
    rated: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Whether the table's games change ratings (its creator's choice: rated or casual)."""
    spectators: Mapped[bool] = mapped_column(default=True, server_default=true())
    """Whether people other than the players may watch the table's games (a solo
    table's may not)."""
    substitute_minutes: Mapped[int] = mapped_column(default=0, server_default="0")
    """After how many minutes with no socket open a player's seat is played by a bot
    until they come back; 0: never."""
    turn_days: Mapped[int | None] = mapped_column(default=None)
    """None: played in one sitting (real time). A number: turn-based, with that many of
    the mover's waking days per move (0: no clock, among friends; web.days)."""
    on_timeout: Mapped[str] = mapped_column(
        String(20), default="substitute", server_default="substitute"
    )
    """What a turn-based game does when a move's time runs out: substitute (the Hard
    bot plays the seat until its player takes it back), timeout (the game's own
    timeout rule), drop (the player leaves the game, as a resignation)."""
    vacation: Mapped[bool] = mapped_column(default=True, server_default=true())
    """Whether a player's days away stop their clock at this table."""
    duplicate: Mapped[bool] = mapped_column(default=False, server_default=false())
    """A duplicate table (web.duplicate): each person plays the same deal alone, on a
    board of their own (a solo game, :class:`DuplicateBoard`); the ranking compares them."""
    chat_text: Mapped[bool | None] = mapped_column(default=None)
    """Whether free text may be said at the table's games (preset reactions always may).
    None: as the seats are — off while a guest sits there (web.talk)."""
    bots_allowed: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Whether bot accounts may sit with people at this rated table (a casual table, or
    one of bots only, takes them anyway)."""
    status: Mapped[str] = mapped_column(String(20), default="open")
    """open (gathering) | playing | finished."""
    game_id: Mapped[str | None] = mapped_column(String(40))
    """The table's latest game, once started."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    seats: Mapped[list[TableSeat]] = relationship(
        back_populates="table", order_by="TableSeat.seat", cascade="all, delete-orphan"
    )


class TableSeat(Base):
    """One seat at a table: empty, a person, a bot, or a local seat (its creator's
    device, played by someone named there)."""

    __tablename__ = "table_seat"

    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"))
    bot: Mapped[str | None] = mapped_column(String(20))
    local_name: Mapped[str | None] = mapped_column(String(24), default=None)
    """A seat played on its creator's device (pass-and-play): the name of whoever
    plays it there. None for a person's own seat, a bot, or a free seat."""

    table: Mapped[GameTable] = relationship(back_populates="seats")
    user: Mapped[User | None] = relationship()


class Game(Base):
    """A game: its deal (the record's header) and where it stands."""

    __tablename__ = "game"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id"), index=True)
    kind: Mapped[str] = mapped_column(String(20), default="chromino", server_default="chromino")
    """Which game this is (a name in ``web.games.GAMES``): how to read its setup and events."""
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The record without its moves: options, players, start, hands, bag, first."""
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    """Per seat: {"user_id": int | null, "bot": str | null, "name": str}; a local seat
    (pass-and-play) also has ``"local": true``, its user_id the device owner's."""
    solo: Mapped[bool] = mapped_column(default=False)
    rated: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Copied from the table when the game starts: whether its end changes ratings."""
    spectators: Mapped[bool] = mapped_column(default=True, server_default=true())
    """Whether anyone but its players may watch the game, its replay and its record —
    while it is played and after (docs/rules-interpretations.md, "Watching")."""
    substitute_minutes: Mapped[int] = mapped_column(default=0, server_default="0")
    """The table's grace before a bot plays for an absent player (0: never)."""
    turn_days: Mapped[int | None] = mapped_column(default=None)
    """The table's pace (GameTable.turn_days): None in real time."""
    on_timeout: Mapped[str] = mapped_column(
        String(20), default="substitute", server_default="substitute"
    )
    vacation: Mapped[bool] = mapped_column(default=True, server_default=true())
    had_substitute: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Whether a bot ever played for a person whose time ran out (ratings read it)."""
    turn_started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When the seat to play got the turn: a turn-based clock is worked out from it
    with the mover's schedule as it is now (web.days.schedule)."""
    reminded: Mapped[int] = mapped_column(default=0, server_default="0")
    """How many of this turn's warnings went out (1: at half time, 2: at 90 %)."""
    due_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When the sweep must next look at this turn-based game (a warning, the deadline,
    a bot to move); None: nothing to do until a move."""
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """Held by the process sweeping the game until then; a process that died lets it
    go when it passes (web.days.sweep)."""
    status: Mapped[str] = mapped_column(String(20), default="playing")
    """playing | finished."""
    version: Mapped[int] = mapped_column(default=0)
    """Number of events applied."""
    turn_deadline_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    current_seat: Mapped[int | None] = mapped_column()
    """The seat to play (None once over): the lobby says "your turn" without loading
    the game."""
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    imported: Mapped[bool] = mapped_column(default=False, server_default=false())
    """A record brought in from elsewhere (web.records), not played here: it never
    counts in ratings, listings, tournaments, the daily deal or statistics."""
    imported_by: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id"), default=None, index=True
    )
    """Who imported the record: its only reader. Their records go with them
    (web.records.forget_imports); one left without its importer is nobody's to read."""

    __table_args__ = (Index("ix_game_status", "status"), Index("ix_game_due_at", "due_at"))


class GamePlayer(Base):
    """Who sits where in a game, for "my games" look-ups."""

    __tablename__ = "game_player"

    game_id: Mapped[str] = mapped_column(ForeignKey("game.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    seen_version: Mapped[int | None] = mapped_column(default=None)
    """The newest version the player's page showed them in a visible tab (None: none
    yet): a notice of a turn they have seen is not sent (web.notify)."""
    chat_read: Mapped[int] = mapped_column(default=0, server_default="0")
    """The last chat line (``ChatMessage.seq``) the player read: "my games" counts
    the newer ones as unread."""


class GameEvent(Base):
    """One accepted action, committed before anyone hears of it."""

    __tablename__ = "game_event"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id"))
    seq: Mapped[int]
    seat: Mapped[int]
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"))
    command_id: Mapped[str | None] = mapped_column(String(64))
    """The client's command id: a command is applied at most once."""
    stand_in: Mapped[bool] = mapped_column(default=False, server_default=false())
    """A bot made this move in a person's seat (their turn-based time ran out, or they
    were away): the log and "my games" say it was the bot, not them."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (
        UniqueConstraint("game_id", "seq"),
        UniqueConstraint("game_id", "user_id", "command_id"),
    )


class SeatSubstitute(Base):
    """A seat a bot plays for its absent player, until they take it back. Its key makes
    the take-over happen once, however many processes noticed the absence."""

    __tablename__ = "seat_substitute"

    game_id: Mapped[str] = mapped_column(ForeignKey("game.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameAnalysis(Base):
    """The coach's notes on a finished game: per human move, the move the strong bot
    prefers and how much the estimate drops with the move made."""

    __tablename__ = "game_analysis"

    game_id: Mapped[str] = mapped_column(ForeignKey("game.id"), primary_key=True)
    status: Mapped[str] = mapped_column(String(20), default="pending")
    """pending (queued) | running | done | failed."""
    notes: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON)
    """``[{"version", "seat", "played", "preferred", "played_value", "preferred_value",
    "loss"}]`` in version order."""
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class AnalysisLine(Base):
    """A placement tried on the analysis board, saved to be shared by link: the game, the
    version it was tried at and its fields. Its answer is worked out again when read
    (the same try always gets the same one); who may read it is the game's rule."""

    __tablename__ = "analysis_line"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    """A short random public id (the link's)."""
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column()
    placement: Mapped[dict[str, Any]] = mapped_column(JSON)
    note: Mapped[str | None] = mapped_column(String(280))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    game: Mapped[Game] = relationship()


class Vacation(Base):
    """Days a person declared away: their turn-based clocks stand still."""

    __tablename__ = "vacation"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Notice(Base):
    """One thing a person should hear of (their turn, a warning, an invitation, a game's
    end): the outbox every channel leaves from. Its key makes it once, whichever
    process noticed; it is sent when due unless seen or switched off by then."""

    __tablename__ = "notice"

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(120), unique=True)
    """What makes it one: ``turn:GAME:VERSION:USER`` is one notice per game per turn."""
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(20))
    """turn | half | ninety | invitation | game_over | duplicate_over."""
    game_id: Mapped[str | None] = mapped_column(String(40))
    version: Mapped[int | None] = mapped_column()
    """The game's version it is about: seen up to it, it goes unsent."""
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """What the words need: the opponent's name, the game's title, the result."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    due_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), index=True)
    """When to push it (None once handled)."""
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    pushed: Mapped[str | None] = mapped_column(String(20))
    """What became of the push: sent | seen | off | quiet | none (no device) | failed."""
    emailed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class PushDevice(Base):
    """A browser that subscribed to web push: where to send, and its keys."""

    __tablename__ = "push_device"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    endpoint: Mapped[str] = mapped_column(String(1000), unique=True)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DigestSent(Base):
    """The day (the person's own) a digest went out: at most one a day, whichever
    process got there."""

    __tablename__ = "digest_sent"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True
    )
    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatMessage(Base):
    """One line said at a game's table: a preset reaction (a code, shown in each reader's
    language) or free text. Numbered per game, committed before anyone hears of it
    (web.talk): a viewer who missed some asks for those after the last it saw."""

    __tablename__ = "chat_message"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column()
    """1, 2, 3, … within the game, across both rooms: the unique pair is what makes a
    line said once, whichever process wrote it."""
    room: Mapped[str] = mapped_column(String(12))
    """players | spectators: the spectators' room reaches no player before the end."""
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"), index=True
    )
    name: Mapped[str] = mapped_column(String(40))
    """The author's name when they spoke (kept if the account goes)."""
    seat: Mapped[int | None] = mapped_column()
    preset: Mapped[str | None] = mapped_column(String(20))
    text: Mapped[str | None] = mapped_column(String(300))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (UniqueConstraint("game_id", "seq"),)


class ChatReport(Base):
    """A message someone reported to the server's admins, kept with the message."""

    __tablename__ = "chat_report"

    id: Mapped[int] = mapped_column(primary_key=True)
    message_id: Mapped[int] = mapped_column(
        ForeignKey("chat_message.id", ondelete="CASCADE"), index=True
    )
    reporter_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL")
    )
    reason: Mapped[str] = mapped_column(String(300), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    handled: Mapped[bool] = mapped_column(default=False, server_default=false())

    __table_args__ = (UniqueConstraint("message_id", "reporter_id"),)


class Block(Base):
    """A person muted by another, everywhere: the muter no longer sees their lines; the
    muted cannot see the muter's, invite them or join their private tables."""

    __tablename__ = "block"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True
    )
    blocked_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Follow(Base):
    """One person following another's games (web.watch): one-way, asked of nobody. A
    block either way hides the one from the other, so it shows no game of theirs."""

    __tablename__ = "follow"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True
    )
    followed_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TableMute(Base):
    """Someone the table's creator silenced at that table (they still play)."""

    __tablename__ = "table_mute"

    table_id: Mapped[int] = mapped_column(
        ForeignKey("game_table.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Friend(Base):
    """One person's friend request or acceptance: two rows, one each way, make friends."""

    __tablename__ = "friend"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True
    )
    friend_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Invitation(Base):
    """A person asked to a table by someone there: shown in their pages until answered,
    and sent as a notice (web.notify)."""

    __tablename__ = "invitation"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(
        ForeignKey("game_table.id", ondelete="CASCADE"), index=True
    )
    from_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    to_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    status: Mapped[str] = mapped_column(String(12), default="open", server_default="open")
    """open | accepted | declined | gone (the table started or closed without them)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (UniqueConstraint("table_id", "to_id"),)


class Passkey(Base):
    """A WebAuthn credential (a phone's or computer's passkey) that signs its owner in
    (web.passkeys): its public key and the signature counter the authenticator keeps."""

    __tablename__ = "passkey"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    credential_id: Mapped[str] = mapped_column(String(1400), unique=True)
    """The authenticator's credential id, base64url without padding."""
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(default=0)
    name: Mapped[str] = mapped_column(String(60))
    """What the owner calls it ("Passkey 2", or a name they gave)."""
    transports: Mapped[list[str]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class PasskeyChallenge(Base):
    """A WebAuthn challenge handed to one browser: bound to the id kept in that
    browser's signed cookie, taken (deleted) by its first answer, and worthless after
    a few minutes."""

    __tablename__ = "passkey_challenge"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    """A random id, also kept in the browser's cookie."""
    challenge: Mapped[str] = mapped_column(String(200))
    purpose: Mapped[str] = mapped_column(String(12))
    """register | sign_in."""
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SiteInvitation(Base):
    """A link that lets people join an invitation-only server (web.people.access.invitations).
    Only the token's hash is kept; the link is shown once, to its maker."""

    __tablename__ = "site_invitation"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    made_by: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"), index=True
    )
    uses: Mapped[int] = mapped_column(default=1)
    """How many people it may let in."""
    used: Mapped[int] = mapped_column(default=0, server_default="0")
    note: Mapped[str] = mapped_column(String(100), default="", server_default="")
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RecoveryToken(Base):
    """A single-use, short-lived link that lets a person who lost their password back
    in (sent by email, or made by an admin). Only the token's hash is kept."""

    __tablename__ = "recovery_token"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    made_by: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    """The admin who made it; None when it was asked for by email."""
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AuditEntry(Base):
    """One thing an admin or moderator did (web.people.access.audit), shown on /admin: who, to
    whom, what, and its details. Kept when the actor or the target is deleted."""

    __tablename__ = "audit_entry"

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    actor_name: Mapped[str] = mapped_column(String(40))
    action: Mapped[str] = mapped_column(String(40))
    target_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"), index=True
    )
    target_name: Mapped[str] = mapped_column(String(40), default="", server_default="")
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class SiteSetting(Base):
    """A setting an admin changed on /admin (who may join, guests, invitation quota):
    it wins over the host's environment until reset."""

    __tablename__ = "site_setting"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[Any] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Rating(Base):
    """A person's rating in one pool (web.ratings): the Weng-Lin estimate of their
    skill, ``mu``, and how unsure it still is, ``sigma``. Bots have no row: their
    ratings are fixed (web.ratings.anchors)."""

    __tablename__ = "rating"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True
    )
    pool: Mapped[str] = mapped_column(String(24), primary_key=True)
    """The game and rule family rated together (web.ratings.pools)."""
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    games: Mapped[int] = mapped_column(default=0)
    """Rated games played in the pool."""
    wins: Mapped[int] = mapped_column(default=0)
    """Rated games won (first place, alone or shared)."""
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatedGame(Base):
    """A finished rated game's result as the ratings read it, written in the same
    transaction that finished the game. Its ``id`` is the order in which results were
    applied: ``chromino admin ratings rebuild`` replays the rows in that order."""

    __tablename__ = "rated_game"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), unique=True, index=True
    )
    pool: Mapped[str] = mapped_column(String(24))
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    """Seat by seat: ``{"user_id": 7, "place": 1}`` or ``{"bot": "greedy", "place": 2}``."""
    rated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingChange(Base):
    """One person's rating before and after one rated game: the profile's history."""

    __tablename__ = "rating_change"
    __table_args__ = (Index("ix_rating_change_user_pool", "user_id", "pool", "rated_game_id"),)

    rated_game_id: Mapped[int] = mapped_column(
        ForeignKey("rated_game.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True
    )
    pool: Mapped[str] = mapped_column(String(24))
    place: Mapped[int] = mapped_column()
    mu_before: Mapped[float] = mapped_column(Double)
    sigma_before: Mapped[float] = mapped_column(Double)
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DailyScoredAttempt(Base):
    """A person's scored attempt at a daily deal (web.daily): the first daily game they
    started of that game on that UTC date. The primary key is the rule "one scored
    attempt a day": two requests (or two processes) cannot both insert it."""

    __tablename__ = "daily_scored_attempt"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True, index=True)
    """The deal's UTC date."""
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), unique=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    """When it was started: the streak counts it on the person's local day of this moment."""


class DailyPractice(Base):
    """A daily game played after the scored attempt: practice, never on the board."""

    __tablename__ = "daily_practice"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(20))
    day: Mapped[date] = mapped_column(Date)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DailyReference(Base):
    """The Hard bot's result on a daily deal, computed once for every server's process:
    the row is claimed (status "running") before the search starts (web.daily.reference)."""

    __tablename__ = "daily_reference"

    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    status: Mapped[str] = mapped_column(String(10))
    """running | done | failed."""
    claimed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """{"turns", "draws", "score", "ended_by", "hand_left", "iterations"}."""


class DuplicateBoard(Base):
    """One person's board at a duplicate table (web.duplicate, docs/duplicate.md): a solo
    game dealt from the seed every board of the table shares. The boards of a table are
    its rows; each board is also its own solo game (its table, its "my games" line)."""

    __tablename__ = "duplicate_board"

    table_id: Mapped[int] = mapped_column(
        ForeignKey("game_table.id", ondelete="CASCADE"), primary_key=True
    )
    """The duplicate table (the one its players gathered at)."""
    seat: Mapped[int] = mapped_column(primary_key=True)
    """The person's seat at that table."""
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), unique=True)


class Tournament(Base):
    """A tournament (web.tournaments, docs/tournaments.md): what its organiser chose, and
    where it stands. Its rounds, entries and tables hang on it."""

    __tablename__ = "tournament"
    __table_args__ = (UniqueConstraint("season_id", "leg", "division"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(16), unique=True)
    """The id pages and deal seeds name (URL-safe, never a slash)."""
    name: Mapped[str] = mapped_column(String(80))
    kind: Mapped[str] = mapped_column(String(20))
    """Which game every table plays (a name in ``web.games.GAMES``)."""
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The game's options, normalized, as a table stores them."""
    format: Mapped[str] = mapped_column(String(12))
    """swiss | round_robin | arena."""
    pace: Mapped[str] = mapped_column(String(8))
    """live | days."""
    smallest: Mapped[int] = mapped_column()
    largest: Mapped[int] = mapped_column()
    """The bounds of a table's seats (2 to 8)."""
    rounds: Mapped[int] = mapped_column()
    duplicate: Mapped[bool] = mapped_column(default=False)
    rated: Mapped[bool] = mapped_column(default=False)
    visibility: Mapped[str] = mapped_column(String(8))
    """public | link | members."""
    organiser_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"), index=True
    )
    """None once the organiser's account is deleted (the tournament stays)."""
    status: Mapped[str] = mapped_column(String(12), default="registering")
    """registering | running | paused | finished."""
    entry_limit: Mapped[int | None] = mapped_column()
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """The rest: ``missed_deadline`` (bot | forfeit), ``move_seconds`` or ``move_days``,
    ``round_deadline`` (seconds), and a round robin's ``seeding`` once it starts."""
    season_id: Mapped[int | None] = mapped_column(
        ForeignKey("season.id", ondelete="CASCADE"), index=True
    )
    """The season this arena is a leg of (None: a tournament of its own)."""
    leg: Mapped[int | None] = mapped_column()
    """Which of its season's arenas this is (1, 2, ...)."""
    division: Mapped[int | None] = mapped_column()
    """The division whose members alone may enter it (1 is the top one)."""


class Season(Base):
    """A season (web.tournaments.seasons): an arena every few days, one per division,
    whose points add up to each division's standings; at its end the best of a division
    go up one, the last go down one, and the next season begins with those divisions."""

    __tablename__ = "season"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(16), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    number: Mapped[int] = mapped_column(default=1)
    """Which season of its series this is: the next one counts on."""
    follows_id: Mapped[int | None] = mapped_column(
        ForeignKey("season.id", ondelete="SET NULL"), unique=True
    )
    """The season this one carries on (its unique key lets one process begin it)."""
    kind: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    organiser_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"), index=True
    )
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    """When its first arena starts; the others follow every ``every_days``."""
    legs: Mapped[int] = mapped_column()
    every_days: Mapped[int] = mapped_column()
    division_size: Mapped[int] = mapped_column()
    movers: Mapped[int] = mapped_column()
    """How many go up from each division, and down from each, at the end."""
    status: Mapped[str] = mapped_column(String(12), default="open")
    """open | finished."""
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Each arena's own choices (table sizes, window, clock, rated) and ``repeat``."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class SeasonMember(Base):
    """A person in a season's division, and, once it has ended, where they finished."""

    __tablename__ = "season_member"

    season_id: Mapped[int] = mapped_column(
        ForeignKey("season.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    division: Mapped[int] = mapped_column()
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    place: Mapped[int | None] = mapped_column()
    """Their place in their division once the season is over."""
    points: Mapped[float | None] = mapped_column(Double)
    move: Mapped[str | None] = mapped_column(String(8))
    """up | stay | down | out (played no game, not carried on), once it is over."""


class TournamentEntry(Base):
    """A person entered in a tournament under the entry number the pure core knows
    them by (``web.tournaments``: entrants are numbers)."""

    __tablename__ = "tournament_entry"
    __table_args__ = (UniqueConstraint("tournament_id", "user_id"),)

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"), index=True
    )
    """None once the account is deleted: the entry and its games stay for the others
    (and for a bot's entry, which has no account)."""
    bot: Mapped[str | None] = mapped_column(String(20))
    """The bot that plays this entry (``strong``), added by the organiser; None for a
    person."""
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    joined_round: Mapped[int] = mapped_column()
    """The first round they could be paired in (above 1: a late entry)."""
    withdrawn_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    disqualified_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class TournamentRound(Base):
    """A round that has started. Its unique (tournament, number) is what starts a round
    once, however many processes try: the first insert wins, the others read it."""

    __tablename__ = "tournament_round"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column()
    secret: Mapped[str] = mapped_column(String(64))
    """The round secret in hex: the deals' seeds come from it; shown once the round ends."""
    commitment: Mapped[str] = mapped_column(String(64))
    """The secret's SHA-256 in hex, shown from the start."""
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class TournamentTable(Base):
    """One table of a round: its entrants in starting-seat order, its deal, its game and
    its result."""

    __tablename__ = "tournament_table"

    round_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_round.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    seats: Mapped[list[int]] = mapped_column(JSON)
    """Entry numbers, seat 0 first."""
    deal: Mapped[str] = mapped_column(String(20))
    """The deal key its seed is derived from (shared by a duplicate round's tables of a size)."""
    game_id: Mapped[str | None] = mapped_column(
        ForeignKey("game.id", ondelete="SET NULL"), unique=True
    )
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """``{"ranks": [...], "scores": [...]}`` seat by seat; None until the game ends."""


class TournamentBye(Base):
    """An entrant who sits out a round with a bye."""

    __tablename__ = "tournament_bye"

    round_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_round.id", ondelete="CASCADE"), primary_key=True
    )
    entrant: Mapped[int] = mapped_column(primary_key=True)


class PuzzleRow(Base):
    """A proven puzzle on the server's shelf (web.puzzles): its engine document as
    ``chromino puzzles verify`` reads it, its theme, and its rating, which moves as
    people solve or miss it."""

    __tablename__ = "puzzle"
    __table_args__ = (Index("ix_puzzle_theme_mu", "theme", "mu"),)

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    """The engine's id: a digest of the question, the same on every server."""
    theme: Mapped[str] = mapped_column(String(40))
    """The game, the goal and the scoring, e.g. ``chromino.last_tile``."""
    document: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The ``chromino-puzzle/1`` document: position, goal, solution and the proof's facts."""
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    tries: Mapped[int] = mapped_column(default=0)
    """Rated tries at it (each person's first)."""
    solved: Mapped[int] = mapped_column(default=0)


class PuzzleSkill(Base):
    """A person's puzzle rating (web.puzzles.skill), apart from their game ratings."""

    __tablename__ = "puzzle_skill"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True
    )
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    tries: Mapped[int] = mapped_column(default=0)
    solved: Mapped[int] = mapped_column(default=0)


class PuzzleTry(Base):
    """A person's try at a puzzle. The first is rated, and its primary key makes it one
    however many requests race; later tries are practice and keep no row."""

    __tablename__ = "puzzle_try"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True
    )
    puzzle_id: Mapped[str] = mapped_column(
        ForeignKey("puzzle.id", ondelete="CASCADE"), primary_key=True
    )
    result: Mapped[str] = mapped_column(String(8))
    """solved | hinted (solved after a hint: half a win) | missed."""
    rating_before: Mapped[int] = mapped_column()
    rating_after: Mapped[int] = mapped_column()
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)


class PuzzleRun(Base):
    """A streak (puzzles ever harder until the first miss) or a timed run (as many as
    can be solved before ``ends_at``): unrated, its score kept as a personal best."""

    __tablename__ = "puzzle_run"
    __table_args__ = (Index("ix_puzzle_run_best", "user_id", "mode", "score"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    mode: Mapped[str] = mapped_column(String(8))
    """streak | timed."""
    theme: Mapped[str | None] = mapped_column(String(40))
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """A timed run's end (the server's clock decides; a streak has none)."""
    puzzle_id: Mapped[str | None] = mapped_column(String(16))
    """The puzzle the run is on: only a try at it counts."""
    seen: Mapped[list[str]] = mapped_column(JSON, default=list)
    score: Mapped[int] = mapped_column(default=0)
    over: Mapped[bool] = mapped_column(default=False, server_default=false())
