"""Configuration from the environment (prefix ``CHROMINO_``), read once."""

from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

EMBED_ORIGIN = re.compile(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?")
"""An origin a page may be framed by: written into a security header as it is, so
nothing but a scheme, a host and a port."""


class Settings(BaseSettings):
    """Every knob a host may turn. Unsafe defaults are refused outside development."""

    model_config = SettingsConfigDict(env_prefix="CHROMINO_", env_file=".env", extra="ignore")

    environment: Literal["development", "production", "test"] = "development"
    database_url: str = "sqlite:///./chromino.sqlite3"
    redis_url: str | None = None
    """Set to fan events out between several processes; unset = one process."""
    redis_channel: str = Field(default="chromino:games", min_length=1, max_length=200)
    """The pub/sub channel of this site's processes. Pub/sub ignores Redis's database
    numbers, so sites that share one Redis server must each name their own channel."""
    secret_key: str | None = None
    """Signs session cookies; 32+ characters, required in production. Unset elsewhere, a
    random key is made on the first start and kept in the database (never a published one)."""
    session_idle_days: int = Field(default=30, ge=1, le=365)
    """A browser unused this long is signed out (each visit renews it)."""
    allowed_origins: Annotated[list[str], NoDecode] = Field(
        default_factory=lambda: ["http://127.0.0.1:8000", "http://localhost:8000"]
    )
    """Origins whose pages may open websockets (comma-separated in the environment)."""
    embed_origins: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """Origins whose pages may frame the embeddable pages (``/embed/...``), comma-separated;
    empty (the default): no site may frame them. Every other page is never framed."""
    trusted_proxies: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """Addresses (or networks) of the reverse proxies whose X-Forwarded-For and
    X-Forwarded-Proto are believed (comma-separated); anyone else's are ignored, so the
    sign-in limits count the real client's address."""
    max_body_bytes: int = Field(default=65_536, ge=1024, le=16_777_216)
    """Larger request bodies are refused (413) before they are read."""
    max_header_bytes: int = Field(default=16_384, ge=4096, le=1_048_576)
    """Larger request heads are refused (431) as they arrive."""
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)

    bot_delay_seconds: float = Field(default=0.8, ge=0, le=30)
    """Pause before a bot moves, so people can follow the game."""
    bot_workers: int = Field(default=2, ge=1, le=64)
    """Worker processes for the bots that search (Hard): a game's clock or a client's
    messages never wait for another game's bot."""
    bot_seconds: float = Field(default=1.0, gt=0, le=30)
    """How long the Hard bot thinks over a move."""
    bot_grace_seconds: float = Field(default=10.0, ge=0, le=300)
    """How long past its thinking time a Hard bot's move waits for its worker. The
    workers run on the time the server leaves over, so a machine busy to the last cycle
    can starve them; past this, Medium plays the move and the game goes on."""
    coach: bool = True
    """After a game, analyse each person's moves with the Hard bot's search (the replay
    shows better moves); off for small hosts."""
    coach_iterations: int = Field(default=300, ge=1, le=1_000_000)
    """The coach's search per move, in iterations (in one low-priority worker): a number
    of iterations, never seconds, so that a position gets the same note on any machine
    and however busy it is (about half a second a move on a 2020 laptop core)."""
    daily_ahead: bool | None = None
    """Compute the daily deal's Hard results ahead: today's at startup, tomorrow's the day
    before (after each sweep round), so that no visitor waits for them. Unset: on, except
    in the test environment (every test server would otherwise play them)."""
    max_frame_bytes: int = Field(default=4096, ge=256, le=1_048_576)
    messages_per_second: float = Field(default=10, gt=0)
    message_burst: int = Field(default=30, ge=1)
    chat_burst: int = Field(default=5, ge=1, le=100)
    chat_per_minute: float = Field(default=12, gt=0, le=600)
    """A person's chat lines: a burst at once, then this many a minute on average (a
    refusal says when the next would be taken; the socket stays open)."""
    replay_gap_limit: int = Field(default=100, ge=1)
    """A reconnecting client further behind than this gets a snapshot, not the events."""
    presence_refresh_seconds: float = Field(default=10.0, gt=0, le=300)
    """With several processes: how often each reminds the others who is connected."""
    presence_ttl_seconds: float = Field(default=35.0, gt=0, le=900)
    """A process not heard of for this long has its viewers dropped from the presence
    (it died, or lost Redis); keep it a few refresh periods long."""
    websocket_compression: bool = False
    """permessage-deflate on game sockets: a move's message is a delta of ~300 bytes,
    and compression doubles the memory of every socket, so it is off unless asked for."""
    websocket_ping_seconds: float = Field(default=60.0, ge=5, le=3600)
    """How often the server pings each open socket, to let go of a client that vanished
    without closing (a phone that lost its network) within this and 20 s more. The
    page pings every 15 s on its own, which keeps proxies from closing its socket; the
    server's pings only find the dead, and at 20 s (uvicorn's default) the pings of
    9,000 idle sockets cost 0.4 ms of CPU per move (bench, 10,000 sockets)."""
    shutdown_seconds: float = Field(default=10.0, ge=0, le=600)
    """On SIGTERM: stop accepting, tell every socket to reconnect (1012), finish the
    commits in flight, and exit within this long."""
    cookie_secure: bool = False
    deal_seed: str | None = None
    """Tests only: every deal's seed is made from this, the table and how many games the
    table has dealt, so a test run deals the same tiles each time. Refused in production,
    where deals come from the operating system's random source."""
    fake_clock: bool = False
    """Tests only: the live games' clock stands still until a test moves it on (``POST
    /test/clock``, served only then), so timers run without waiting for them (see
    web.clock). Refused in production."""
    fake_clock_start: datetime | None = None
    """Tests only: where the fake clock starts (an ISO time or epoch seconds); unset, the
    real time of the start."""
    tune_gc: bool = True
    """Freeze start-up's objects and collect less often (see web.app); tests that run
    servers inside their own process turn it off."""

    @model_validator(mode="before")
    @classmethod
    def _split_lists(cls, data: object) -> object:
        if isinstance(data, dict):
            for key in ("allowed_origins", "embed_origins", "trusted_proxies"):
                if isinstance(data.get(key), str):
                    data[key] = [item.strip() for item in data[key].split(",") if item.strip()]
        return data

    @model_validator(mode="after")
    def _refuse_unsafe_defaults(self) -> Settings:
        if self.environment == "production" and self.secret_key is None:
            raise ValueError("CHROMINO_SECRET_KEY must be set in production")
        if self.environment == "production" and self.deal_seed is not None:
            raise ValueError("CHROMINO_DEAL_SEED is for tests; production deals are random")
        if self.environment == "production" and self.fake_clock:
            raise ValueError("CHROMINO_FAKE_CLOCK is for tests; production keeps real time")
        if self.secret_key is not None and len(self.secret_key) < 32:
            raise ValueError("CHROMINO_SECRET_KEY must be at least 32 characters")
        self.embed_origins = [origin.rstrip("/") for origin in self.embed_origins]
        for origin in self.embed_origins:
            if not EMBED_ORIGIN.fullmatch(origin):
                raise ValueError(f"CHROMINO_EMBED_ORIGINS: {origin!r} is not an origin")
        return self

    # --- play over days (web.days, web.notify) ---
    @property
    def prepares_daily(self) -> bool:
        """Whether this process computes the daily references ahead (``daily_ahead``)."""
        if self.daily_ahead is None:
            return self.environment != "test"
        return self.daily_ahead

    sweep_seconds: float = Field(default=5.0, gt=0, le=300)
    """How often each process looks for turn-based games and notices that came due: a
    turn reaches an absent player by push within a minute (the time it must go
    unseen) and this."""
    turn_based_game_limit: int = Field(default=30, ge=1, le=1000)
    """How many turn-based games a person may have going at once."""
    vacation_days_per_month: int = Field(default=5, ge=0, le=31)
    """How many days away a person may declare in any 30 days (0: none)."""
    smtp_host: str | None = None
    """The mail server that sends the daily digests and reminders; unset: no email."""
    smtp_port: int = Field(default=587, ge=1, le=65535)
    smtp_security: Literal["starttls", "tls", "none"] = "starttls"
    """starttls (port 587), tls (implicit TLS, port 465), or none (a relay on this host)."""
    smtp_username: str | None = None
    smtp_password: str | None = None
    mail_from: str = "Chromino <chromino@localhost>"
    """The sender of every email."""
    public_url: str = "http://127.0.0.1:8000"
    """Where people reach this server: the links in emails and the push sender's
    contact point start with it."""

    # --- a private server (web.club); an admin may change these on /admin ---
    join: Literal["open", "invitation", "closed"] = "open"
    """Who may make an account: anyone (open), people with an invitation link
    (invitation), or nobody new (closed: those with an account still sign in)."""
    bot_accounts: bool = True
    """Whether a registered person may make bot accounts, programs that play through the
    bot API (docs/bots.md). Off: ``POST /api/bots`` is refused (the bots made stay)."""
    bot_requests_per_minute: int = Field(default=300, ge=1, le=100_000)
    """Requests (socket handshakes included) a bot account's tokens may make a minute;
    beyond, 429 ``too_many_requests``."""
    guests: bool = True
    """Whether people may play without a password (a guest account, made on their
    first action). Off: they sign up with a name and a password or a passkey first."""
    member_invitations: int = Field(default=0, ge=0, le=1000)
    """How many invitation links each member may make (admins and moderators have no
    limit); 0: only admins and moderators invite."""
    tournament_organisers: Literal["anyone", "members", "staff"] = "members"
    """Who may create tournaments: anyone (guests too), members (people with an account
    they can sign in to again), or only staff (admins and moderators)."""
    invitation_days: int = Field(default=7, ge=1, le=365)
    """How long a new invitation link stays good, unless its maker says otherwise."""
    first_sign_up_admin: bool = False
    """The first account that sets a password becomes an admin (a host who would
    rather not use ``chromino admin create-admin``); only while there is no admin."""
    recovery_minutes: int = Field(default=30, ge=5, le=7 * 24 * 60)
    """How long a password recovery link sent by email stays good (one an admin makes
    lasts a day: it is handed over by hand)."""

    # --- hosting (web.metrics, web.logs) ---
    metrics: bool = False
    """Serve ``GET /metrics`` (Prometheus text format); off = 404."""
    log_format: Literal["text", "json"] = "text"
    """``json``: one JSON object per line, with the request id and game id."""
    log_level: Literal["debug", "info", "warning", "error"] = "info"


@lru_cache
def get_settings() -> Settings:
    """The process's settings (cached; tests build their own Settings)."""
    return Settings()
