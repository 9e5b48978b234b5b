"""Tournaments in the browser tests: people who enter on a tournament's page, a table
played to its end over its people's own game sockets (the server's bots play their
seats), and the pages shot at a phone's and a desktop's width for the eye."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from playwright.sync_api import Page
from websockets.sync.client import connect

from support.api import play_out
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.browser.people import no_sideways_scroll, resize, unique_name
from support.live import GameSocket, LiveServer, game_socket_url


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tournament-{name}.png"), full_page=True)


def both_sizes(page: Page, name: str) -> None:
    """The page fits a phone and a desktop, each shot for the eye."""
    for size, label in ((PHONE, "360"), (DESKTOP, "1280")):
        resize(page, size)
        no_sideways_scroll(page)
        shot(page, f"{name}-{label}")


def enter_people(
    new_context: ContextFactory, public_id: str, names: Sequence[str]
) -> list[tuple[Page, str]]:
    """People who open the tournament's page, name themselves and enter with its
    button; their pages load side by side, each button waiting for its page's script."""
    pages = [new_context().new_page() for _ in names]
    for page in pages:
        page.goto(f"/tournaments/{public_id}", wait_until="commit")
    people = []
    for page, name in zip(pages, names, strict=True):
        named = unique_name(name)
        assert page.request.put("/api/me/name", data={"name": named}).ok
        people.append((page, named))
    for page in pages:
        page.get_by_test_id("enter").click()
    return people


def _sockets(server: LiveServer, pages: dict[int, Page], game_id: str) -> dict[int, GameSocket]:
    """Each seat's game socket, opened with its person's own cookies."""
    opened = {}
    for seat, page in pages.items():
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())
        headers = {"Cookie": cookies, "Origin": server.url}
        url = game_socket_url(server.url, game_id)
        opened[seat] = GameSocket(
            connect(url, additional_headers=headers, open_timeout=10, legacy=True)
        )
    return opened


def play_table(
    server: LiveServer, table: dict[str, Any], names: dict[int, str], by_name: dict[str, Page]
) -> None:
    """A table of the tournament's answer (``GET /api/tournaments/{id}``) played to its
    end by its people (``names``: entry number to name, for people only)."""
    people = [seat for seat in table["seats"] if seat["entry"] in names]
    seated = {seat["seat"]: by_name[names[seat["entry"]]] for seat in people}
    sockets = _sockets(server, seated, table["game_id"])
    try:
        assert play_out(sockets)["state"]["finished"]
    finally:
        for socket in sockets.values():
            socket.close()


def people_of(detail: dict[str, Any]) -> dict[int, str]:
    """The people entered (not bots), entry number to name."""
    return {e["entry"]: e["person"]["name"] for e in detail["entrants"] if not e["bot"]}
