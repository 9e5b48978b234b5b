"""What marks the board: the last move's outline in a colour no
palette gives a tile (not the vermillion of Okabe-Ito), and, with no places listed
(assistance None), a ghost over a tile already on the board that says it will not fit."""

from __future__ import annotations

import math
import re

from playwright.sync_api import Page, WebSocketRoute, expect
from support.browser.gameplay import (
    ContextFactory,
    api_solo_of,
    api_solo_with_a_play,
    centre,
    lay_on_first_target,
    open_game,
    pick_playable,
    version,
    wait_for_version,
)

PALETTES = ("classic", "okabe-ito", "tol-bright", "high-contrast")

# The last move's outline and every tile colour of the page's palette, as the browser has them.
COLOURS_JS = """(selector) => {
    const probe = document.createElement('span');
    document.body.append(probe);
    const names = ['R', 'Y', 'G', 'B', 'P'].map((k) => `--c-${k}`)
        .concat([0, 1, 2, 3, 4, 5].map((n) => `--n-${n}`));
    const colours = names.map((name) => {
        probe.style.color = `var(${name})`;
        return getComputedStyle(probe).color;
    });
    probe.remove();
    const outline = getComputedStyle(document.querySelector(selector)).stroke;
    return {outline, colours};
}"""


def lab(css: str) -> tuple[float, float, float]:
    """CIELAB of a computed "rgb(r, g, b)" colour (D65)."""
    r, g, b = (int(part) / 255 for part in re.findall(r"\d+", css)[:3])

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = linear(r), linear(g), linear(b)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def nearest_tile_colour(page: Page, palette: str, selector: str) -> float:
    """How far (CIE76) the last move's outline is from the nearest tile colour of a palette."""
    page.evaluate(
        "(name) => { document.body.className = document.body.className"
        ".replace(/palette-[a-z-]+/, 'palette-' + name); }",
        palette,
    )
    seen = page.evaluate(COLOURS_JS, selector)
    outline = lab(seen["outline"])
    return min(math.dist(outline, lab(colour)) for colour in seen["colours"])


def test_the_last_moves_outline_is_no_tile_colour_of_any_palette(
    new_context: ContextFactory,
) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    open_game(page, api_solo_with_a_play(page))
    pick_playable(page)
    lay_on_first_target(page)
    expect(page.locator("#board .last-frame")).to_have_count(1)
    for palette in PALETTES:
        # Orange, the old outline, was 10 from Okabe-Ito's vermillion: now clearly apart.
        assert nearest_tile_colour(page, palette, "#board .last-frame") > 30, palette
    # Drawn on a dark casing, so the light outline stands out on the light felt.
    expect(page.locator("#board .last-placed .last-casing")).to_have_count(1)


def test_with_no_places_listed_a_ghost_over_a_tile_says_it_will_not_fit(
    new_context: ContextFactory,
) -> None:
    page = new_context().new_page()
    sent: list[str] = []

    def listen(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            sent.append(str(message))
            server.send(message)

        ws.on_message(to_server)

    page.route_web_socket("**/ws/**", listen)
    page.goto("/rules")
    answer = page.request.patch("/api/me/preferences", data={"assistance": "none"})
    assert answer.ok
    open_game(page, api_solo_of(page, "chromino", {}))
    page.get_by_test_id("hand-tile").first.click()
    # The starting tile's middle: the ghost's middle square over it.
    x, y = centre(page.locator("#board .layer-tiles > .tile").first)
    page.mouse.move(x, y)
    ghost = page.locator("#board .ghost")
    expect(ghost).to_have_class(re.compile(r"\bghost-taken\b"))
    expect(page.get_by_test_id("hand-hint")).to_have_text(
        "A tile is already there: choose an empty place."
    )
    expect(page.get_by_test_id("place")).to_be_disabled()
    page.mouse.click(x, y)
    page.mouse.click(x, y)  # a second click on the ghost would lay it elsewhere: not here
    expect(page.get_by_test_id("hand-hint")).to_have_text(
        "A tile is already there: choose an empty place."
    )
    assert not [message for message in sent if '"play"' in message], sent
    # Away from every tile the ghost is free again (the server judges what it cannot see).
    box = page.get_by_test_id("board").bounding_box()
    assert box
    page.mouse.move(box["x"] + 30, box["y"] + box["height"] / 2)
    expect(ghost).to_have_class(re.compile(r"\bghost-free\b"))
    expect(page.get_by_test_id("place")).to_be_enabled()


# What the last Triominos tile looks like beside the others: its face's fill and that of
# every other tile on the board, the mark's parts and their strokes, the felt's colour.
LAST_TRIOMINO_JS = """() => {
    const board = document.getElementById('board');
    const fill = (node) => getComputedStyle(node).fill;
    const last = board.querySelector('.layer-tiles > .tri-tile.is-last .tri-face');
    const others = [...board.querySelectorAll('.layer-tiles > .tri-tile:not(.is-last) .tri-face')];
    const mark = board.querySelector('.last-placed.tri-last');
    const style = (selector) => getComputedStyle(mark.querySelector(selector));
    const probe = document.createElement('span');
    document.body.append(probe);
    probe.style.color = 'var(--tri-face)';
    const face = getComputedStyle(probe).color;
    probe.style.color = 'var(--felt)';
    const felt = getComputedStyle(probe).color;
    probe.remove();
    return {
        last: fill(last), others: others.map(fill), face, felt,
        frame: style('.last-frame').stroke, casing: style('.last-casing').stroke,
        tab: style('.last-tab').fill, opacity: getComputedStyle(mark).opacity,
        faceOpacity: getComputedStyle(last).opacity,
    };
}"""


def luminance(css: str) -> float:
    """The relative luminance (WCAG 2) of a computed "rgb(r, g, b)" colour."""
    channels = [int(part) / 255 for part in re.findall(r"\d+", css)[:3]]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_last_triominos_tile_reads_as_laid_in_full_colour_marked_as_chrominos(
    new_context: ContextFactory,
) -> None:
    """Not washed out under a lone outline like a place to lay a tile: its face as every
    tile's, the frame on its casing and the tab a Chromino tile laid last has, the frame
    apart from every number's colour and clear of the felt in every palette."""
    page = new_context().new_page()
    page.goto("/rules")
    open_game(page, api_solo_of(page, "triominos", {"turn_seconds": 0}))
    for _ in range(2):  # two tiles: one laid last, one before it to compare
        before = version(page)
        pick_playable(page)
        lay_on_first_target(page)
        wait_for_version(page, before + 1)
        expect(page.locator("#board .tri-last")).to_have_count(1)
    mark = page.locator("#board .last-placed.tri-last")
    expect(mark.locator(".last-casing")).to_have_count(1)
    expect(mark.locator(".last-frame")).to_have_count(1)
    expect(mark.locator(".last-tab")).to_have_count(1)
    for palette in PALETTES:
        assert nearest_tile_colour(page, palette, "#board .tri-last .last-frame") > 30, palette
        seen = page.evaluate(LAST_TRIOMINO_JS)
        assert seen["others"], seen
        assert seen["last"] == seen["face"] and set(seen["others"]) == {seen["face"]}, seen
        assert float(seen["faceOpacity"]) == 1, seen
        assert seen["tab"] == seen["frame"], seen
        # a light frame on a dark casing: each apart from the other, the casing from the felt
        assert contrast(seen["frame"], seen["casing"]) >= 3, (palette, seen)
        assert contrast(seen["casing"], seen["felt"]) >= 3, (palette, seen)
