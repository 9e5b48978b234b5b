"""Play over days: turn-based tables, whose clocks run only in each player's waking
hours and outside their days away, and the sweep that fires their deadlines and
reminders from the database (exactly once, whichever process gets there).

What the other rooms use: a table's pace and the clock of a turn under it, the bot
that takes a seat whose time ran out, and the sweep, which the app runs. What a
table may choose (its time per move, what a run-out does) is the lobby's word. The
routes are a controller: ``web.app`` imports :mod:`.routes` itself.
"""

from .pace import SUBSTITUTE_BOT, Pace, clock_for
from .sweep import Sweep

__all__ = [
    "SUBSTITUTE_BOT",
    "Pace",
    "Sweep",
    "clock_for",
]
