"""Tournaments and seasons (docs/tournaments.md): tables of two to eight seats, formed
round by round from the standings, live or over days, with duplicate rounds where every
table of a size plays the same deal.

Its parts so far are pure, with no database and no clock: a finished table as the
tournament reads it (``records``)."""

from .records import TableResult

__all__ = ["TableResult"]
