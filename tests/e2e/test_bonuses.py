"""Triominos' bonuses as a player sees them: one way of writing them
everywhere ("+44 (4 + bridge 40)": the log, the places' badges, "Lay it here", the
replay), a badge readable at any fit (at least 11 screen pixels of text), and the
hexagon or bridge a tile made outlined on the board while it is the last tile laid,
pulsing as it appears, simply there with reduced motion."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from playwright.sync_api import Page, WebSocketRoute, expect
from support.browser.gameplay import (
    PHONE,
    ContextFactory,
    api_solo_of,
    first_target,
    open_game,
    pick_playable,
)

from chromino.games.triominos.tiles import VALUES
from web.games import game_kind

BRIDGE = 40


def bonus_replay(game_id: str) -> dict[str, Any]:
    """A Triominos game's replay as the server words one (web/live/routes.py), played by
    seeded greedy bots until a tile makes a figure: the steps up to that play."""
    kind = game_kind("triominos")
    for seed in range(40):
        live = kind.restore(kind.deal(["ana", "ben"], f"bonus{seed}", {}))
        rng = random.Random(seed)
        steps: list[dict[str, Any]] = [{"version": 0, "event": None, **live.replay_frame()}]
        for version in range(1, 80):
            seat = live.view(None)["current"]
            applied = live.apply(seat, live.bot_action(seat, "greedy", rng))
            event = {**applied.public, **applied.private}
            steps.append({"version": version, "event": event, **live.replay_frame()})
            if event.get("figure") or applied.finished:
                break
        if steps[-1]["event"].get("figure"):
            return {
                "game": "triominos",
                "game_id": game_id,
                "players": ["ana", "ben"],
                "bots": [None, None],
                "options": {},
                "solo": False,
                "result": None,
                "steps": steps,
                "coach": {"status": "off", "notes": [], "summary": []},
            }
    raise AssertionError("no seeded game of 40 made a figure")


def open_bonus_replay(page: Page) -> dict[str, Any]:
    """The replay page of a Triominos game, shown the steps of bonus_replay; at its last step."""
    game_id = api_solo_of(page, "triominos", {})
    replay = bonus_replay(game_id)
    page.route(f"**/api/games/{game_id}/replay", lambda route: route.fulfill(json=replay))
    page.goto(f"/g/{game_id}/replay")
    last = len(replay["steps"]) - 1
    expect(page.get_by_test_id("replay-step")).to_have_text(f"Move 0 of {last}")
    page.get_by_test_id("replay-end").click()
    expect(page.get_by_test_id("replay-step")).to_have_text(f"Move {last} of {last}")
    return replay


def test_a_bonus_is_written_one_way_and_its_figure_outlined_on_the_replay(
    new_context: ContextFactory,
) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    replay = open_bonus_replay(page)
    event = replay["steps"][-1]["event"]
    points, figure = event["points"], event["figure"]
    bonus = {"hexagon": 50, "double_hexagon": 60, "triple_hexagon": 70, "bridge": 40}[figure]
    name = figure.replace("_", " ")
    worth = f"for {points} ({points - bonus} + {name} {bonus})"
    expect(page.get_by_test_id("replay-line")).to_contain_text(worth)
    expect(page.locator("#move-log li.current")).to_contain_text(worth)
    mark = page.get_by_test_id("figure-mark")
    expect(mark).to_have_count(1)
    expect(mark).to_have_attribute("data-figure", figure)
    expect(mark.locator(".figure-cell")).to_have_count(len(event["figure_cells"]))
    assert (
        page.evaluate(
            "() => getComputedStyle(document.querySelector('.figure-mark')).animationName"
        )
        == "figure-flash"
    )
    # A step back, the figure is not made yet: no outline.
    page.get_by_test_id("replay-back").click()
    expect(mark).to_have_count(0)


def test_with_reduced_motion_the_figure_is_outlined_without_moving(
    new_context: ContextFactory,
) -> None:
    page = new_context().new_page()
    page.emulate_media(reduced_motion="reduce")
    page.goto("/rules")
    open_bonus_replay(page)
    mark = page.get_by_test_id("figure-mark")
    expect(mark).to_have_count(1)
    expect(mark.locator(".figure-cell").first).to_be_visible()
    assert (
        page.evaluate(
            "() => getComputedStyle(document.querySelector('.figure-mark')).animationName"
        )
        == "none"
    )


def every_place_a_bridge(ws: WebSocketRoute) -> None:
    """Between the page and the server: every listed place said to make a bridge (the page
    draws what the server says; finding a real bridge on a fresh deal would take a game)."""
    server = ws.connect_to_server()

    def to_page(message: str | bytes) -> None:
        data = json.loads(message)
        for entry in data.get("legal") or []:
            entry["figure"] = "bridge"
            entry["points"] = VALUES[entry["tile"]] + BRIDGE
        ws.send(json.dumps(data))

    server.on_message(to_page)
    ws.on_message(server.send)


def badge_text_heights(page: Page) -> list[float]:
    """The on-screen height of each bridge badge's words (the pill under the points)."""
    heights: list[float] = page.evaluate(
        """() => [...document.querySelectorAll('#board .figure-text')]
            .map((text) => text.getBoundingClientRect().height)"""
    )
    return heights


def test_a_places_bonus_reads_at_any_fit(new_context: ContextFactory) -> None:
    for viewport in ({"width": 1280, "height": 800}, PHONE):
        page = new_context(viewport=viewport).new_page()
        page.route_web_socket("**/ws/**", every_place_a_bridge)
        page.goto("/rules")
        game_id = api_solo_of(page, "triominos", {})
        open_game(page, game_id)
        tile = pick_playable(page)
        first_target(page)  # turned until it fits somewhere
        pill = page.locator("#board .tri-target .figure-text").first
        expect(pill).to_have_text(f"{VALUES[tile]} + bridge {BRIDGE}")
        heights = badge_text_heights(page)
        assert heights and min(heights) >= 11, (viewport, heights)
        # Hovered, "Lay it here" says the place's worth the same way.
        first_target(page).hover()
        worth = f"+{VALUES[tile] + BRIDGE} ({VALUES[tile]} + bridge {BRIDGE})"
        expect(page.get_by_test_id("place")).to_have_attribute("data-points", worth)
        page.close()


def boxes(page: Page) -> dict[str, tuple[float, float]]:
    """Where the board and the buttons under the hand are: each one's top and height."""
    found: dict[str, tuple[float, float]] = page.evaluate(
        """() => Object.fromEntries(['#board', '.move-bar', '#action-dock'].map((selector) => {
            const box = document.querySelector(selector).getBoundingClientRect();
            return [selector, [Math.round(box.top), Math.round(box.height)]];
        }))"""
    )
    return found


def test_pointing_at_a_place_moves_neither_the_board_nor_the_buttons(
    new_context: ContextFactory,
) -> None:
    """A long worth ("+44 (4 + bridge 40)") shows on "Lay it here" without widening it: a
    wider button wrapped the row of buttons, the board gave up the room, and the place
    moved out from under the pointer before the click."""
    for width, height in ((1280, 800), (1100, 800), (760, 900), (PHONE["width"], PHONE["height"])):
        page = new_context(viewport={"width": width, "height": height}).new_page()
        page.route_web_socket("**/ws/**", every_place_a_bridge)
        page.goto("/rules")
        open_game(page, api_solo_of(page, "triominos", {}))
        pick_playable(page)
        target = first_target(page)
        page.mouse.move(0, 0)
        expect(page.get_by_test_id("place")).not_to_have_attribute("data-points", re.compile("."))
        before = boxes(page)
        target.hover()
        expect(page.get_by_test_id("place")).to_have_attribute("data-points", re.compile(r"bridge"))
        assert boxes(page) == before, (width, before, boxes(page))
        page.close()
