"""Settings from the environment, and migrations that build and take down the schema."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from pydantic import ValidationError
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.exc import IntegrityError

from web.db import Base
from web.ops.migrate import alembic_config, downgrade, upgrade
from web.settings import Settings

TABLES = {
    "user_account",
    "follow",
    "puzzle",
    "puzzle_skill",
    "puzzle_try",
    "puzzle_run",
    "preference",
    "game_table",
    "table_seat",
    "game",
    "game_player",
    "seat_substitute",
    "game_event",
    "user_session",
    "api_token",
    "ban_notice",
    "site_secret",
    "game_analysis",
    "analysis_line",
    "vacation",
    "notice",
    "push_device",
    "digest_sent",
    "chat_message",
    "chat_report",
    "block",
    "table_mute",
    "friend",
    "invitation",
    "passkey",
    "passkey_challenge",
    "site_invitation",
    "recovery_token",
    "audit_entry",
    "site_setting",
    "rating",
    "rated_game",
    "rating_change",
    "duplicate_board",
    "daily_scored_attempt",
    "daily_practice",
    "daily_reference",
    "season",
    "season_member",
    "tournament",
    "tournament_entry",
    "tournament_round",
    "tournament_table",
    "tournament_bye",
}
STRONG_SECRET = "s" * 40


@pytest.fixture
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    """No CHROMINO_ variables and no .env file: only what the test sets."""
    for name in list(os.environ):
        if name.startswith("CHROMINO_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    return monkeypatch


# --- settings ----------------------------------------------------------------------------


def test_production_needs_a_secret_key(clean_environment: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValidationError, match="CHROMINO_SECRET_KEY must be set in production"):
        Settings(environment="production")


def test_production_refuses_a_short_secret(clean_environment: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValidationError, match="at least 32 characters"):
        Settings(environment="production", secret_key="short-but-not-default")
    with pytest.raises(ValidationError, match="at least 32 characters"):
        Settings(environment="development", secret_key="short")


def test_production_with_a_real_secret(clean_environment: pytest.MonkeyPatch) -> None:
    settings = Settings(environment="production", secret_key=STRONG_SECRET)
    assert settings.secret_key == STRONG_SECRET


def test_production_read_from_the_environment(clean_environment: pytest.MonkeyPatch) -> None:
    clean_environment.setenv("CHROMINO_ENVIRONMENT", "production")
    with pytest.raises(ValidationError, match="CHROMINO_SECRET_KEY"):
        Settings()
    clean_environment.setenv("CHROMINO_SECRET_KEY", STRONG_SECRET)
    assert Settings().environment == "production"


def test_the_defaults_suit_development(clean_environment: pytest.MonkeyPatch) -> None:
    settings = Settings()
    assert settings.environment == "development"
    assert settings.secret_key is None  # made per installation, kept in its database
    assert settings.database_url == "sqlite:///./chromino.sqlite3"
    assert settings.redis_url is None
    assert settings.allowed_origins == ["http://127.0.0.1:8000", "http://localhost:8000"]
    assert (settings.max_frame_bytes, settings.replay_gap_limit) == (4096, 100)
    assert settings.cookie_secure is False


@pytest.mark.parametrize(
    ("raw", "origins"),
    [
        ("https://a.example", ["https://a.example"]),
        ("https://a.example,https://b.example", ["https://a.example", "https://b.example"]),
        (
            " https://a.example , http://b.example:8080 ,, ",
            ["https://a.example", "http://b.example:8080"],
        ),
        ("", []),
    ],
)
def test_allowed_origins_are_comma_separated_in_the_environment(
    clean_environment: pytest.MonkeyPatch, raw: str, origins: list[str]
) -> None:
    clean_environment.setenv("CHROMINO_ALLOWED_ORIGINS", raw)
    assert Settings().allowed_origins == origins


def test_allowed_origins_from_code_and_from_an_env_file(
    clean_environment: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from_text = Settings.model_validate({"allowed_origins": "https://x.example, https://y.example"})
    assert from_text.allowed_origins == ["https://x.example", "https://y.example"]
    assert Settings(allowed_origins=["https://z.example"]).allowed_origins == ["https://z.example"]
    (tmp_path / ".env").write_text("CHROMINO_ALLOWED_ORIGINS=https://e.example,https://f.example\n")
    assert Settings().allowed_origins == ["https://e.example", "https://f.example"]


def test_other_settings_come_from_the_environment(clean_environment: pytest.MonkeyPatch) -> None:
    clean_environment.setenv("CHROMINO_DATABASE_URL", "postgresql://db/chromino")
    clean_environment.setenv("CHROMINO_REDIS_URL", "redis://cache:6379/0")
    clean_environment.setenv("CHROMINO_REDIS_CHANNEL", "club-b:games")
    clean_environment.setenv("CHROMINO_BOT_DELAY_SECONDS", "0.25")
    clean_environment.setenv("CHROMINO_PORT", "9000")
    clean_environment.setenv("CHROMINO_COOKIE_SECURE", "true")
    settings = Settings()
    assert settings.database_url == "postgresql://db/chromino"
    assert settings.redis_url == "redis://cache:6379/0"
    assert settings.redis_channel == "club-b:games"
    assert settings.bot_delay_seconds == 0.25
    assert settings.port == 9000
    assert settings.cookie_secure is True


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("CHROMINO_PORT", "70000"),
        ("CHROMINO_PORT", "http"),
        ("CHROMINO_ENVIRONMENT", "staging"),
        ("CHROMINO_BOT_DELAY_SECONDS", "-1"),
        ("CHROMINO_MAX_FRAME_BYTES", "10"),
        ("CHROMINO_MESSAGES_PER_SECOND", "0"),
    ],
)
def test_bad_values_in_the_environment_are_refused(
    clean_environment: pytest.MonkeyPatch, name: str, value: str
) -> None:
    clean_environment.setenv(name, value)
    field = name.removeprefix("CHROMINO_").lower()
    with pytest.raises(ValidationError, match=field):
        Settings()


# --- migrations ----------------------------------------------------------------------------


def table_names(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def current_revision(url: str) -> str | None:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()


def test_migrations_are_reversible(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    url = f"sqlite:///{path}"
    head = ScriptDirectory.from_config(alembic_config(url)).get_current_head()
    assert head is not None
    assert table_names(url) == set()

    upgrade(url)
    assert table_names(url) == TABLES | {"alembic_version"}
    assert current_revision(url) == head

    downgrade(url, "base")
    assert table_names(url) <= {"alembic_version"}
    assert current_revision(url) is None

    upgrade(url, "head")
    assert table_names(url) == TABLES | {"alembic_version"}
    assert current_revision(url) == head
    upgrade(url)  # already at head: nothing to do
    assert current_revision(url) == head


def test_the_migrated_schema_matches_the_models(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'schema.sqlite3'}"
    upgrade(url)
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []
        assert set(Base.metadata.tables) == TABLES
    finally:
        engine.dispose()


def test_the_migrated_schema_enforces_its_constraints(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'constraints.sqlite3'}"
    upgrade(url)
    engine = create_engine(url)
    user = (
        "INSERT INTO user_account (name, name_key, created_at) "
        "VALUES (:name, :key, CURRENT_TIMESTAMP)"
    )
    try:
        with engine.begin() as connection:
            connection.execute(text(user), {"name": "Ana", "key": "ana"})
        with pytest.raises(IntegrityError), engine.begin() as connection:
            connection.execute(text(user), {"name": "ANA", "key": "ana"})
        unique = {
            tuple(constraint["column_names"])
            for constraint in inspect(engine).get_unique_constraints("game_event")
        }
        assert {("game_id", "seq"), ("game_id", "user_id", "command_id")} <= unique
    finally:
        engine.dispose()


def test_rows_made_before_the_choice_of_game_are_chromino(tmp_path: Path) -> None:
    """Migration 0004: existing tables and games become ``chromino``; going back down is
    refused while a game of another kind exists (the old schema could not read it)."""
    url = f"sqlite:///{tmp_path / 'kinds.sqlite3'}"
    upgrade(url, "0003")
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO user_account (name, name_key, created_at, last_seen_at)"
                    " VALUES ('Ana', 'ana', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO game_table (invite_code, creator_id, options, public, solo,"
                    " status, created_at) VALUES ('old', 1, '{}', 0, 0, 'open', CURRENT_TIMESTAMP)"
                )
            )
        upgrade(url, "0004")
        with engine.begin() as connection:
            assert connection.execute(text("SELECT kind FROM game_table")).scalar_one() == (
                "chromino"
            )
            connection.execute(text("UPDATE game_table SET kind = 'triominos'"))
        with pytest.raises(RuntimeError, match="not Chromino"):
            downgrade(url, "0003")
        with engine.begin() as connection:
            connection.execute(text("UPDATE game_table SET kind = 'chromino'"))
        downgrade(url, "0003")
        columns = {column["name"] for column in inspect(engine).get_columns("game_table")}
        assert "kind" not in columns
    finally:
        engine.dispose()


def test_chromino_turns_outside_15_to_600_seconds_are_brought_within(tmp_path: Path) -> None:
    """Migration 0009: a Chromino table or game stored with a 5-second (or a day-long)
    turn gets the nearest allowed one, so it still loads; others are left alone."""
    url = f"sqlite:///{tmp_path / 'turns.sqlite3'}"
    upgrade(url, "0008")
    engine = create_engine(url)
    tables = {"a": (5, "chromino"), "b": (86_400, "chromino"), "c": (0, "chromino")}
    tables |= {"d": (90, "chromino"), "e": (5, "triominos")}
    try:
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO user_account (name, name_key, created_at, last_seen_at)"
                    " VALUES ('Ana', 'ana', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                )
            )
            for code, (seconds, kind) in tables.items():
                options = json.dumps({"turn_seconds": seconds, "hand_size": 8})
                connection.execute(
                    text(
                        "INSERT INTO game_table (invite_code, kind, creator_id, options, public,"
                        " solo, status, created_at) VALUES (:code, :kind, 1, :options, 0, 0,"
                        " 'playing', CURRENT_TIMESTAMP)"
                    ),
                    {"code": code, "kind": kind, "options": options},
                )
                connection.execute(
                    text(
                        "INSERT INTO game (id, table_id, kind, setup, seats, solo, status,"
                        " version, created_at) SELECT :code, id, :kind, :setup, '[]', 0,"
                        " 'playing', 0, CURRENT_TIMESTAMP FROM game_table WHERE invite_code = :code"
                    ),
                    {
                        "code": code,
                        "kind": kind,
                        "setup": json.dumps({"options": json.loads(options), "first": 0}),
                    },
                )
        upgrade(url, "0009")
        with engine.connect() as connection:
            stored = connection.execute(
                text(
                    "SELECT t.invite_code, t.options, g.setup FROM game_table t"
                    " JOIN game g ON g.id = t.invite_code"
                )
            ).all()
    finally:
        engine.dispose()
    turns = {code: json.loads(options)["turn_seconds"] for code, options, _ in stored}
    assert turns == {"a": 15, "b": 600, "c": 0, "d": 90, "e": 5}
    for _, options, setup in stored:
        assert json.loads(setup) == {"options": json.loads(options), "first": 0}
        assert json.loads(options)["hand_size"] == 8


def test_solo_games_stored_before_the_choice_of_spectators_are_private(tmp_path: Path) -> None:
    """Migration 0010: tables and games say whether anyone may watch; those stored before
    may, except solo ones, which are practice and now private."""
    url = f"sqlite:///{tmp_path / 'spectators.sqlite3'}"
    upgrade(url, "0009")
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO user_account (name, name_key, created_at, last_seen_at)"
                    " VALUES ('Ana', 'ana', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                )
            )
            for code, solo in (("friends", 0), ("alone", 1)):
                connection.execute(
                    text(
                        "INSERT INTO game_table (invite_code, kind, creator_id, options, public,"
                        " solo, status, created_at) VALUES (:code, 'chromino', 1, '{}', 0, :solo,"
                        " 'playing', CURRENT_TIMESTAMP)"
                    ),
                    {"code": code, "solo": solo},
                )
                connection.execute(
                    text(
                        "INSERT INTO game (id, table_id, kind, setup, seats, solo, status,"
                        " version, created_at) SELECT :code, id, 'chromino', '{}', '[]', :solo,"
                        " 'playing', 0, CURRENT_TIMESTAMP FROM game_table WHERE invite_code = :code"
                    ),
                    {"code": code, "solo": solo},
                )
        upgrade(url, "0010")
        with engine.connect() as connection:
            tables: dict[str, int] = dict(
                connection.execute(text("SELECT invite_code, spectators FROM game_table")).all()
            )
            games: dict[str, int] = dict(
                connection.execute(text("SELECT id, spectators FROM game")).all()
            )
    finally:
        engine.dispose()
    assert tables == games == {"friends": 1, "alone": 0}
