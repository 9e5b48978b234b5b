"""Configuration from the environment (prefix ``CHROMINO_``), read once."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

DEVELOPMENT_SECRET = "development-only-secret-change-me"


class Settings(BaseSettings):
    """Every knob a host may turn. Unsafe defaults are refused outside development."""

    model_config = SettingsConfigDict(env_prefix="CHROMINO_", env_file=".env", extra="ignore")

    environment: Literal["development", "production", "test"] = "development"
    database_url: str = "sqlite:///./chromino.sqlite3"
    redis_url: str | None = None
    """Set to fan events out between several processes; unset = one process."""
    secret_key: str = DEVELOPMENT_SECRET
    allowed_origins: Annotated[list[str], NoDecode] = Field(
        default_factory=lambda: ["http://127.0.0.1:8000", "http://localhost:8000"]
    )
    """Origins whose pages may open websockets (comma-separated in the environment)."""
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)

    bot_delay_seconds: float = Field(default=0.8, ge=0, le=30)
    """Pause before a bot moves, so people can follow the game."""
    max_frame_bytes: int = Field(default=4096, ge=256, le=1_048_576)
    messages_per_second: float = Field(default=10, gt=0)
    message_burst: int = Field(default=30, ge=1)
    replay_gap_limit: int = Field(default=100, ge=1)
    """A reconnecting client further behind than this gets a snapshot, not the events."""
    cookie_secure: bool = False
    tune_gc: bool = True
    """Freeze start-up's objects and collect less often (see web.app); tests that run
    servers inside their own process turn it off."""

    @model_validator(mode="before")
    @classmethod
    def _split_origins(cls, data: object) -> object:
        if isinstance(data, dict) and isinstance(data.get("allowed_origins"), str):
            raw = data["allowed_origins"]
            data["allowed_origins"] = [o.strip() for o in raw.split(",") if o.strip()]
        return data

    @model_validator(mode="after")
    def _refuse_unsafe_defaults(self) -> Settings:
        if self.environment == "production" and self.secret_key == DEVELOPMENT_SECRET:
            raise ValueError("CHROMINO_SECRET_KEY must be set in production")
        if self.environment == "production" and len(self.secret_key) < 32:
            raise ValueError("CHROMINO_SECRET_KEY must be at least 32 characters")
        return self

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
