"""Playing in the browser tests: a game played out over the page's own session, the
keyboard's focus, the coach's notes waited for, the page's sockets kept for a test."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page
from websockets.sync.client import connect

from support.api import play_out
from support.live import GameSocket, LiveServer, game_socket_url

KEEP_SOCKETS = """(() => {
  const Native = window.WebSocket;
  window.__e2eSockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      window.__e2eSockets.push(this);
    }
  };
})();"""


FEW_ITERATIONS = 4


def play_out_as(page: Page, server: LiveServer, game_id: str) -> None:
    """The page's person plays the solo game to its end over a game socket (the first
    legal placement, else a draw, else a pass)."""
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())
    socket = GameSocket(
        connect(
            game_socket_url(server.url, game_id),
            additional_headers={"Cookie": cookies, "Origin": server.url},
            open_timeout=10,
            legacy=True,
        )
    )
    with socket:
        assert play_out({0: socket})["state"]["finished"]


def focused(page: Page, selector: str) -> bool:
    return bool(page.evaluate("(css) => document.activeElement?.matches(css) ?? false", selector))


def tab_to(page: Page, selector: str, presses: int = 60) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if focused(page, selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def coach_of(page: Page, game_id: str) -> dict[str, Any]:
    """The coach's notes, once it has looked at the game (waiting for it, not for time)."""
    deadline = time.monotonic() + 90
    while True:
        answer = page.request.get(f"/api/games/{game_id}/replay")
        assert answer.ok, answer.text()
        coach: dict[str, Any] = answer.json()["coach"]
        if coach["status"] not in ("pending", "running"):
            assert coach["status"] == "done", coach
            return coach
        assert time.monotonic() < deadline, "the coach never finished"
        page.wait_for_timeout(300)
