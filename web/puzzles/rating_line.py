"""The puzzle rating's line on the practice page: points in a 100 by 100 box that the
page stretches to its width (the template writes them; no chart library, no script)."""

from __future__ import annotations

from collections.abc import Sequence

MIN_SPAN = 40
"""The least height of the rating axis: a nearly flat line is drawn nearly flat."""


def line_points(ratings: Sequence[int]) -> str:
    """The SVG ``points`` of the ratings, oldest on the left, the highest at the top
    ("" for fewer than two: there is no line yet)."""
    if len(ratings) < 2:
        return ""
    low, high = min(ratings), max(ratings)
    middle = (low + high) / 2
    span = max(high - low, MIN_SPAN)
    bottom = middle - span / 2
    step = 100 / (len(ratings) - 1)
    return " ".join(
        f"{index * step:.2f},{100 - (rating - bottom) / span * 100:.2f}"
        for index, rating in enumerate(ratings)
    )
