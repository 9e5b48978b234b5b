"""Puzzles (docs/puzzles.md): the shelf of proven puzzles the package ships, their
ratings and the solvers', the day's puzzle, and runs (a streak, a timed run).

The engine finds and proves puzzles (``chromino.core.puzzles``); this room keeps them,
offers each person puzzles near their level, and judges a try with the proof. The face
gives the app the shelf's stocking and the pages what they show; the routes are the
app's to mount."""

from .shelf import stock, stock_shipped
from .views import puzzle_out, shelf_out

__all__ = ["puzzle_out", "shelf_out", "stock", "stock_shipped"]
