"""The table talk's panel in a browser: opened, a line said, the lines shown, and the game
sockets a page opens (a line must not need a new one)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, WebSocket, expect


def open_chat(page: Page) -> Locator:
    toggle = page.get_by_test_id("chat-toggle")
    expect(toggle).to_be_visible()
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    panel = page.get_by_test_id("chat-panel")
    expect(panel).to_be_visible()
    return panel


def say_preset(page: Page, code: str) -> None:
    open_chat(page).locator(f"[data-testid=chat-preset][data-preset={code}]").click()


def say_text(page: Page, text: str) -> None:
    panel = open_chat(page)
    field = panel.get_by_test_id("chat-input")
    field.fill(text)
    panel.get_by_test_id("chat-send").click()
    expect(field).to_have_value("")  # cleared once the server took it


def lines(page: Page) -> Locator:
    return page.locator("#chat-lines [data-testid=chat-line]:visible")


def sockets_of(page: Page) -> list[WebSocket]:
    """The game sockets the page opens from now on."""
    opened: list[WebSocket] = []
    page.on(
        "websocket", lambda socket: opened.append(socket) if "/ws/games/" in socket.url else None
    )
    return opened
