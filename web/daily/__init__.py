"""The daily deal (docs/daily.md): every UTC date, one deal of each game whose kind has a
daily rule, that every player on every server plays alone; the first attempt of the day
is scored against the Hard bot's result on the same deal.

The face gives the app the references' keeper, and the watching room's framed page
the day's deals as everyone sees them (:mod:`.showcase`); the routes are the app's to
mount."""

from .reference import References
from .showcase import DailyShowcase, daily_showcase

__all__ = ["DailyShowcase", "References", "daily_showcase"]
