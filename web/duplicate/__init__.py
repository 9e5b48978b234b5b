"""Duplicate tables (docs/duplicate.md): every person at the table plays the
same deal and the same draws alone, on a board of their own, at their own pace; the
ranking compares the results, and at the end the boards are compared move by move
with the coach's notes.

Its parts: the boards as a person may see them (``boards``), their ranking
(``ranking``), the notice when the last one ends (``ending``, called by the event
store), and the routes (``routes``)."""
