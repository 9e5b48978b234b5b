"""The daily deal (docs/daily.md): every UTC date, one Chromino and one
Triominos deal that every player on every server plays alone; the first attempt of
the day is scored against the Hard bot's result on the same deal."""

from .routes import router

__all__ = ["router"]
