"""People for the browser tests: each with their own browser and a name of their own,
two of them at a quick table, and the checks of a page's width."""

from __future__ import annotations

import itertools
from typing import Any

from playwright.sync_api import Page

from support.browser.gameplay import ContextFactory

HUMAN = {"kind": "human"}
QUICK = {"ruleset": "junior", "hand_size": 8}
"""A deal where a tile fits at once, most of the time (one contact is enough)."""

_NUMBERS = itertools.count(1)


def unique_name(name: str) -> str:
    """``name`` with a number no other name of this test process has: a module's server
    lives in its process, so two people of a test never clash (a random suffix did, now
    and then, among the many Bens of a module)."""
    return f"{name}{next(_NUMBERS)}"


def person(new_context: ContextFactory, name: str, **options: Any) -> tuple[Page, str]:
    """Someone with their own browser (``options``: the context's) and a name of their
    own, made unique; the name."""
    page = new_context(**options).new_page()
    page.goto("/rules")
    named = unique_name(name)
    answer = page.request.put("/api/me/name", data={"name": named})
    assert answer.ok, answer.text()
    return page, named


def duel(creator: Page, invitee: Page, **table: Any) -> tuple[str, str]:
    """A two-seat quick table of the creator's, joined by the invitee and started: its
    game id and its invite code."""
    body = {"seats": [HUMAN, HUMAN], "options": QUICK, **table}
    made = creator.request.post("/api/tables", data=body)
    assert made.ok, made.text()
    code = made.json()["invite_code"]
    assert invitee.request.post(f"/api/tables/{code}/join").ok
    started = creator.request.post(f"/api/tables/{code}/start")
    assert started.ok, started.text()
    return str(started.json()["game_id"]), code


def resize(page: Page, size: dict[str, int]) -> None:
    page.set_viewport_size({"width": size["width"], "height": size["height"]})


def no_sideways_scroll(page: Page) -> None:
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] == widths[1], f"the page is {widths[0]} px wide in {widths[1]}"
