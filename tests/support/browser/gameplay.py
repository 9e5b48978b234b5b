"""Playing Chromino through the page, as a person would: pick a highlighted tile,
choose a highlighted place, else draw, else pass.

The page redraws on the next animation frame, so every step waits for what the
page shows (a log line's version, a button becoming enabled), never for time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError

from support.wsplay import legal_from_state

ContextFactory = Callable[..., BrowserContext]
"""The ``new_context`` fixture: ``new_context(viewport=…, is_mobile=…)`` → a context."""

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}

VERSION_TIMEOUT_MS = 20_000
"""How long to wait for the next event (a bot pauses 0.2 s; a slow machine)."""

# The highest version in the move log: the last event the page has shown (0 before any).
_VERSION_JS = """() => Math.max(0, ...Array.from(
    document.querySelectorAll('#move-log li[data-version]'), (li) => Number(li.dataset.version)))"""


def number_text(value: int) -> str:
    """A number as the page writes it: a real minus sign (U+2212), never a hyphen."""
    return f"\u2212{-value}" if value < 0 else str(value)


COLOUR_WORDS = {
    "R": "red",
    "Y": "yellow",
    "G": "green",
    "B": "blue",
    "P": "purple",
    "X": "chameleon",
}


def tile_words(tile: str) -> str:
    """A Chromino tile as the English move log names it: "red-green-blue", never "RGB"."""
    return "-".join(COLOUR_WORDS[letter] for letter in tile)


def points_text(points: int) -> str:
    """A score as the English page writes it ("1 point", "0 points", and a real minus sign)."""
    return "1 point" if points == 1 else f"{number_text(points)} points"


def version(page: Page) -> int:
    """The game version the page shows (its move log's last line)."""
    return int(page.evaluate(_VERSION_JS))


def wait_for_version(page: Page, at_least: int, timeout: float = VERSION_TIMEOUT_MS) -> None:
    """Wait until the page shows version ``at_least`` or later."""
    page.wait_for_function(
        f"(wanted) => ({_VERSION_JS})() >= wanted", arg=at_least, timeout=timeout
    )


def wait_until_connected(page: Page) -> None:
    """Wait for the game's first snapshot to be shown."""
    expect(page.get_by_test_id("connection-banner")).to_have_attribute("data-state", "open")
    expect(page.get_by_test_id("turn-indicator")).not_to_have_text("Connecting…")


def open_game(page: Page, game_id: str) -> None:
    """Go to the game's page and wait for its first snapshot. A page may be on its way
    there by itself (a table's page goes to its game as it starts): our going is then cut
    short, and the page's own is waited for instead."""
    try:
        page.goto(f"/g/{game_id}")
    except PlaywrightError as error:
        if "ERR_ABORTED" not in str(error):
            raise
        page.wait_for_load_state()
        if f"/g/{game_id}" not in page.url:
            page.goto(f"/g/{game_id}")
    wait_until_connected(page)


def game_id_of(page: Page) -> str:
    """The id of the game the page shows (from /g/<id>)."""
    path = page.url.split("/g/", 1)[1]
    return path.split("/")[0].split("?")[0]


def is_my_turn(page: Page) -> bool:
    return "mine" in (page.get_by_test_id("turn-indicator").get_attribute("class") or "")


def is_over(page: Page) -> bool:
    return page.get_by_test_id("end-screen").is_visible()


def centre(locator: Locator) -> tuple[float, float]:
    """The middle of an element on the screen (scrolled into view first)."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None, "the element is not on the screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def press(target: Locator, *, touch: bool = False) -> None:
    """A tap with a finger, or a click with the mouse."""
    if touch:
        target.tap()
    else:
        target.click()


def first_target(page: Page, *, touch: bool = False) -> Locator:
    """The middle dot of the first highlighted place for the picked tile, turning
    the tile (the Turn button) until it fits some place the way it points."""
    targets = page.locator("#board .target .target-dot")
    hint = page.get_by_test_id("hand-hint")
    for _ in range(4):
        # The hint says how many places there are, or that the tile must be turned.
        expect(hint).to_have_text(re.compile(r"places? for this tile|turn it"))
        if targets.count():
            return targets.first
        preview = page.get_by_test_id("orientation-preview")
        was = preview.get_attribute("data-key") or ""
        press(page.get_by_test_id("rotate"), touch=touch)
        expect(preview).not_to_have_attribute("data-key", was)  # drawn turned
    raise AssertionError("the picked tile fits nowhere, whichever way it is turned")


def pick_playable(page: Page, *, touch: bool = False) -> str:
    """Pick the first tile marked as fitting (unless it is already picked); its name."""
    tile = page.locator("[data-testid=hand-tile].playable").first
    name = tile.get_attribute("data-tile")
    assert name
    if "picked" not in (tile.get_attribute("class") or ""):
        press(tile, touch=touch)
    expect(page.locator(f"[data-testid=hand-tile][data-tile='{name}']")).to_have_class(
        has_class("picked")
    )
    return name


# Whether the board itself (not the view toolbar over its corner) is under a point.
_ON_BOARD_JS = """([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return Boolean(hit) && document.getElementById('board').contains(hit);
}"""


def reachable_target(page: Page, *, touch: bool = False) -> tuple[float, float]:
    """Where to click the first highlighted place. As a person would, zoom out while it
    is hidden (under the view toolbar, or out of the view moved by an earlier zoom)."""
    camera = page.locator("#board g.camera")
    for _ in range(6):
        x, y = centre(first_target(page, touch=touch))
        if page.evaluate(_ON_BOARD_JS, [x, y]):
            return x, y
        before = camera.get_attribute("transform") or ""
        press(page.get_by_test_id("zoom-out"), touch=touch)
        expect(camera).not_to_have_attribute("transform", before)
    raise AssertionError("no highlighted place can be reached on the board")


def lay_on_first_target(page: Page, *, touch: bool = False) -> None:
    """Lay the picked tile on the first highlighted place, by mouse or finger."""
    x, y = reachable_target(page, touch=touch)
    if touch:
        # A finger's first tap shows the ghost on the place, the second lays it.
        page.touchscreen.tap(x, y)
        expect(page.locator("#board .ghost.ghost-target")).to_have_count(1)
        expect(page.get_by_test_id("place")).to_be_enabled()
        page.touchscreen.tap(x, y)
        return
    page.mouse.move(0, 0)  # off the board first, so that moving onto the place is seen
    page.mouse.move(x, y)
    # Hovering puts the ghost on the place; "Lay it here" is enabled once the
    # page is not waiting for the answer to an earlier command.
    expect(page.get_by_test_id("place")).to_be_enabled()
    page.mouse.click(x, y)


def take_turn(page: Page, *, touch: bool = False) -> str:
    """One action on my turn: lay a fitting tile, else draw, else pass. Returns which,
    once the page shows the resulting event."""
    before = version(page)
    playable = page.locator("[data-testid=hand-tile].playable")
    if playable.count():
        pick_playable(page, touch=touch)
        lay_on_first_target(page, touch=touch)
        action = "play"
    else:
        # Neither is enabled while an earlier command waits for its answer.
        expect(page.locator("#draw:enabled, #pass:enabled").first).to_be_attached()
        button = page.get_by_test_id("draw")
        action = "draw"
        if not button.is_enabled():
            button, action = page.get_by_test_id("pass"), "pass"
        if touch:
            button.tap()
        else:
            button.click()
    wait_for_version(page, before + 1)
    return action


def play_to_end(pages: list[Page], max_actions: int = 600) -> list[str]:
    """Play until the end screen shows on every page: whoever's turn it is acts;
    on a bot's turn, wait for its move. Returns the actions taken by the pages."""
    actions: list[str] = []
    for _ in range(max_actions):
        latest = max(version(page) for page in pages)
        for page in pages:
            wait_for_version(page, latest)
        if any(is_over(page) for page in pages) or _finished(pages[0]):
            for page in pages:
                expect(page.get_by_test_id("end-screen")).to_be_visible()
            return actions
        movers = [page for page in pages if is_my_turn(page)]
        if movers:
            actions.append(take_turn(movers[0]))
        else:
            wait_for_version(pages[0], latest + 1)  # a bot's (or an absent player's) turn
    raise AssertionError(f"the game did not end within {max_actions} actions")


def _finished(page: Page) -> bool:
    return page.get_by_test_id("turn-indicator").inner_text().strip() == "Game over"


def summary(page: Page, game_id: str) -> dict[str, Any]:
    """The server's summary of a game, fetched with the page's cookies."""
    response = page.request.get(f"/api/games/{game_id}")
    assert response.ok, response.text()
    game: dict[str, Any] = response.json()["game"]
    return game


def server_version(page: Page, game_id: str) -> int:
    """How many events the server's game has (its version)."""
    response = page.request.get(f"/api/games/{game_id}")
    assert response.ok, response.text()
    return int(response.json()["state"]["moves"])


def hand_tiles(page: Page) -> list[str]:
    return [
        str(tile.get_attribute("data-tile"))
        for tile in page.locator("[data-testid=hand-tile]").all()
    ]


def has_class(name: str) -> re.Pattern[str]:
    """For ``to_have_class``: the class attribute contains ``name``."""
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")


# --- setting games up ---------------------------------------------------------------


def create_table_with_form(
    page: Page, seats: list[str], *, game: str | None = None, **fields: str | bool
) -> str:
    """Fill in the home page's form (the game chosen first, when named; seat kinds
    "human", "bot:greedy", …; the game's options by name) and create the table.
    Returns the invite link it shows."""
    page.goto("/")
    if game is not None:
        choice = page.locator(f"input[name=game][value={game}]")
        choice.check()
        expect(page.get_by_test_id("create-game")).to_contain_text(
            choice.locator("xpath=..").locator(".game-title").inner_text()
        )
    form = page.locator("#create-form")
    page.locator("#seat-count").select_option(str(len(seats)))
    kinds = form.locator(".seat-kind")
    expect(kinds).to_have_count(len(seats))
    for index, kind in enumerate(seats):
        if index:  # the first seat is always the creator's
            kinds.nth(index).select_option(kind)
    for name, value in fields.items():
        field = form.locator(f"[name={name}]")
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("(node) => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    form.get_by_role("button", name="Create the table").click()
    page.wait_for_url("**/t/*")
    link = page.locator("#invite-link")
    expect(link).to_have_value(re.compile(r"/t/"))
    return link.input_value()


def start_table(page: Page) -> str:
    """The creator starts the game from the table page; the game's id."""
    start = page.locator("#start")
    expect(start).to_be_enabled()  # once every seat is taken (the page polls every 2 s)
    start.click()
    page.wait_for_url("**/g/*")
    wait_until_connected(page)
    return game_id_of(page)


def api_game(
    pages: list[Page], seats: list[str] | None = None, *, game: str | None = None, **options: object
) -> str:
    """A game set up through the API (for tests about something else): the first
    page creates a table (of ``game``, Chromino when not named), the others take its
    free seats, the first starts it."""
    seats = seats or ["human"] * len(pages)
    spec = [
        {"kind": "bot", "bot": kind.split(":")[1]} if kind.startswith("bot") else {"kind": kind}
        for kind in seats
    ]
    body: dict[str, object] = {"seats": spec, "options": options}
    if game is not None:
        body["game"] = game
    created = pages[0].request.post("/api/tables", data=body)
    assert created.ok, created.text()
    code = created.json()["invite_code"]
    for page in pages[1:]:
        joined = page.request.post(f"/api/tables/{code}/join")
        assert joined.ok, joined.text()
    started = pages[0].request.post(f"/api/tables/{code}/start")
    assert started.ok, started.text()
    return str(started.json()["game_id"])


def api_solo(page: Page, **options: object) -> str:
    """A Chromino solo game with these options, through the API."""
    return api_solo_of(page, "chromino", options)


def api_solo_of(page: Page, game: str, options: Mapping[str, object]) -> str:
    """A solo game of this game with these options, through the API."""
    answer = page.request.post("/api/solo", data={"game": game, "options": options})
    assert answer.ok, answer.text()
    return str(answer.json()["game_id"])


def api_solo_with_a_play(page: Page, **options: object) -> str:
    """A solo game whose hand has a tile that fits at once (dealt again until one does),
    for tests that start by laying a tile."""
    for _ in range(20):
        game_id = api_solo(page, **options)
        answer = page.request.get(f"/api/games/{game_id}")
        assert answer.ok, answer.text()
        if legal_from_state(answer.json()["state"]):
            return game_id
    raise AssertionError("no solo deal in 20 had a tile that fits")
