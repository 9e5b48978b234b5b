"""Duplicate tables (docs/duplicate.md): every person at the table plays the
same deal and the same draws alone, on a board of their own, at their own pace; the
ranking compares the results, and at the end the boards are compared move by move
with the coach's notes.

Its parts: the boards as a person may see them (``boards``), their ranking
(``ranking``), the notice when the last one ends (``ending``, which the app hands the event
store to run as a game ends), and the routes (``routes``)."""

from .ending import tell_when_all_finished

__all__ = ["tell_when_all_finished"]
