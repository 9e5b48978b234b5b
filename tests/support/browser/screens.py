"""Screenshots of the game and replay pages, to check by eye (and pixel by pixel) that a
change to the scripts or templates changed nothing visible.

Run from a checkout (its ``web`` package serves its own templates and static files):

    PYTHONPATH=tests .venv/bin/python -m support.browser.screens shoot test-artifacts/screens/after
    PYTHONPATH=tests .venv/bin/python -m support.browser.screens shoot DIR triominos
    PYTHONPATH=tests .venv/bin/python -m support.browser.screens compare BEFORE AFTER

A last word ``pages`` shoots the lobby, my games, a table (as its creator, a seated
invitee and a visitor), the solo page, the preferences and the rules; on the phone, the game pages
are also shot as they first show (``-fold``), the action bar at the screen's foot.
``shoot`` starts a server on a fresh SQLite database, sets the same games up every
time (the test server deals from a fixed seed, the players get fixed names and the
page's own moves are the first fitting tile on the first place), and saves each
scene at the phone and the desktop size. A last word ``chromino`` or ``triominos``
shoots one game's scenes only; Triominos' are shot in the classic palette and in
Okabe-Ito with symbols (its hourglass shows the time left, which differs from run to
run). To shoot an older version, export it
(``git archive <commit> | tar -x -C DIR``) and run this file from there with
``PYTHONPATH=DIR:DIR/tests:DIR/tests/server``. ``compare`` counts the pixels that
differ between two folders of shots, in chromium itself (no imaging library needed).
"""

from __future__ import annotations

import base64
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    StorageState,
    expect,
    sync_playwright,
)

from support.browser.chromium import CHROMIUM_ARGS
from support.browser.gameplay import (
    DESKTOP,
    PHONE,
    api_game,
    api_solo_of,
    api_solo_with_a_play,
    first_target,
    is_my_turn,
    open_game,
    pick_playable,
    play_to_end,
    take_turn,
    version,
    wait_for_version,
    wait_until_connected,
)
from support.live import LiveServer, make_settings, migrated_sqlite
from support.services import require_chromium

SIZES = {"phone": PHONE, "desktop": DESKTOP}

# Two animation frames: the page has drawn what its last message said.
SETTLE_JS = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"

Pose = Callable[[Page], None]


def settle(page: Page) -> None:
    page.evaluate(SETTLE_JS)


class People:
    """One browser context per person and size; each person is made once, with a fixed
    name (guests get random ones), and keeps their cookies at every size."""

    def __init__(self, browser: Browser, server: LiveServer) -> None:
        self.browser = browser
        self.server = server
        self.states: dict[str, StorageState] = {}

    def context(self, name: str, size: str = "desktop") -> BrowserContext:
        width, height = SIZES[size]["width"], SIZES[size]["height"]
        context = self.browser.new_context(
            base_url=self.server.url,
            viewport={"width": width, "height": height},
            storage_state=self.states.get(name),
        )
        context.set_default_timeout(15_000)
        # A script error would not always show in a picture: say it.
        context.on("weberror", lambda error: print(f"script error ({name}): {error.error}"))
        context.on(
            "console",
            lambda message: (
                print(f"console {message.type} ({name}): {message.text}")
                if message.type in ("error", "warning")
                else None
            ),
        )
        if name not in self.states:
            page = context.new_page()
            page.goto("/rules")
            answer = page.request.put("/api/me/name", data={"name": name})
            assert answer.ok, answer.text()
            page.close()
            self.states[name] = context.storage_state()
        return context


def shoot(page: Page, folder: Path, stem: str) -> None:
    settle(page)
    page.screenshot(
        path=str(folder / f"{stem}.png"), full_page=True, animations="disabled", caret="hide"
    )


def hover_first_target(page: Page) -> None:
    """Pick the first fitting tile and hold the pointer over its first place (the ghost)."""
    if not page.locator("[data-testid=hand-tile].playable").count():
        return
    pick_playable(page)
    x, y = [float(v) for v in first_target(page).evaluate(_CENTRE_JS)]
    page.mouse.move(x, y)
    expect(page.locator("#board .ghost")).to_have_count(1)


_CENTRE_JS = """(node) => { const box = node.getBoundingClientRect();
    return [box.x + box.width / 2, box.y + box.height / 2]; }"""


def keyboard_pick(page: Page) -> None:
    """Pick the first fitting tile with the keyboard and move the ghost once."""
    page.locator("[data-testid=hand-tile].playable").first.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("board")).to_be_focused()
    page.keyboard.press("ArrowRight")


def nothing(page: Page) -> None:
    """Shown as it opens."""


def close_end_screen(page: Page) -> None:
    page.get_by_test_id("end-close").click()
    expect(page.get_by_test_id("end-screen")).to_be_hidden()


def replay_step(step: int) -> Pose:
    def pose(page: Page) -> None:
        page.get_by_test_id("replay-slider").fill(str(step))
        expect(page.get_by_test_id("replay-step")).to_contain_text(f"Move {step} of")

    return pose


def replay_end(page: Page) -> None:
    page.get_by_test_id("replay-end").click()
    expect(page.get_by_test_id("replay-end")).to_be_disabled()


def play_one_turn(pages: list[Page]) -> None:
    """Whoever's turn it is takes it; every page then shows it."""
    latest = max(version(page) for page in pages)
    for page in pages:
        wait_for_version(page, latest)
    mover = next(page for page in pages if is_my_turn(page))
    take_turn(mover)
    for page in pages:
        wait_for_version(page, latest + 1)


def turns(count: int) -> Callable[[list[Page]], None]:
    """Play `count` turns, each by whoever is to play."""

    def play(pages: list[Page]) -> None:
        for _ in range(count):
            play_one_turn(pages)

    return play


def game_played(
    people: People,
    names: list[str],
    play: Callable[[list[Page]], object],
    game: str | None = None,
    **options: object,
) -> str:
    """A game of `names` set up through the API (with `options`), opened by each of them
    and moved on by `play`, the same way every run; its id."""
    pages = [people.context(name).new_page() for name in names]
    game_id = api_game(pages, None, game=game, **options)
    for page in pages:
        open_game(page, game_id)
    play(pages)
    for page in pages:
        page.context.close()
    return game_id


def run(folder: Path, only: str | None = None) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        database = migrated_sqlite(Path(scratch) / "screens.sqlite3")
        server = LiveServer(make_settings(database, bot_delay_seconds=0.1))
        server.settings.allowed_origins = [server.url]
        server.start()
        browser = playwright.chromium.launch(executable_path=require_chromium(), args=CHROMIUM_ARGS)
        try:
            people = People(browser, server)
            if only in (None, "chromino"):
                shoot_all(people, folder)
            if only in (None, "triominos"):
                shoot_triominos(people, folder)
            if only in (None, "pages"):
                shoot_pages(people, folder)
        finally:
            browser.close()
            server.stop()


def shoot_all(people: People, folder: Path) -> None:
    # Set every game up first, at the desktop size, the same way each time.
    setup = people.context("Alice").new_page()
    solo = api_solo_with_a_play(setup, ruleset="standard", hand_size=8)
    setup.context.close()

    # Bots break ties by the game's random id: only people play the same moves every time.
    midgame = game_played(people, ["Bob", "Eve"], turns(4), scoring="expert", open_hands=True)
    finished = game_played(people, ["Dan", "Fay"], play_to_end, ruleset="junior", hand_size=3)

    scenes: list[tuple[str, str, str, Pose]] = [
        ("solo-open", "Alice", f"/g/{solo}", nothing),
        ("solo-hover", "Alice", f"/g/{solo}", hover_first_target),
        ("solo-keyboard", "Alice", f"/g/{solo}", keyboard_pick),
        ("midgame", "Bob", f"/g/{midgame}", nothing),
        ("spectator", "Carol", f"/g/{midgame}", nothing),
        ("finished", "Dan", f"/g/{finished}", nothing),
        ("finished-board", "Dan", f"/g/{finished}", close_end_screen),
        ("replay-deal", "Dan", f"/g/{finished}/replay", nothing),
        ("replay-step", "Dan", f"/g/{finished}/replay", replay_step(3)),
        ("replay-end", "Dan", f"/g/{finished}/replay", replay_end),
    ]
    for size in SIZES:
        shoot_scenes(people, folder, scenes, size)


def shoot_scenes(
    people: People,
    folder: Path,
    scenes: list[tuple[str, str, str, Pose]],
    size: str,
    suffix: str = "",
) -> None:
    for stem, name, url, pose in scenes:
        context = people.context(name, size)
        page = context.new_page()
        page.goto(url)
        page.mouse.move(0, 0)  # the same place every time (poses may move it)
        if "/replay" in url:
            expect(page.get_by_test_id("replay-step")).not_to_be_empty()
        elif "/g/" in url:
            wait_until_connected(page)
        pose(page)
        shoot(page, folder, f"{stem}-{size}{suffix}")
        if size == "phone" and "/g/" in url and "/replay" not in url:
            # What the phone shows before any scrolling (the action bar at its foot).
            page.screenshot(
                path=str(folder / f"{stem}-{size}{suffix}-fold.png"),
                animations="disabled",
                caret="hide",
            )
        context.close()
    print(f"shot {len(scenes)} scenes at the {size} size{suffix}")


# --- Triominos --------------------------------------------------------------------------

PALETTES: dict[str, dict[str, object]] = {
    "classic": {"palette": "classic", "symbols": False},
    "okabe-ito": {"palette": "okabe-ito", "symbols": True},
}
"""Triominos' scenes are shot in these: the default, and a colour-blind palette with symbols."""


def pick_only(page: Page) -> None:
    """Pick the first fitting tile, turned until it has places: the targets and their points
    (as it opens when no tile fits: the hint says what to do)."""
    if not page.locator("[data-testid=hand-tile].playable").count():
        return
    pick_playable(page)
    first_target(page)
    page.mouse.move(0, 0)


def choose_triominos(page: Page) -> None:
    page.locator("input[name=game][value=triominos]").check()
    expect(page.locator("[name=target]")).to_be_visible()


def choose_triominos_solo(page: Page) -> None:
    page.locator("input[name=game][value=triominos]").check()
    page.locator(".solo-options summary").click()
    expect(page.locator("[name=target]")).to_be_visible()


def set_preferences(people: People, name: str, preferences: dict[str, object]) -> None:
    context = people.context(name)
    page = context.new_page()
    page.goto("/rules")
    answer = page.request.patch("/api/me/preferences", data=preferences)
    assert answer.ok, answer.text()
    context.close()


def shoot_triominos(people: People, folder: Path) -> None:
    """Triominos: a solo game as it opens, a game in the middle (targets, the ghost, the
    hourglass), a finished one (end screen, board, replay), the lobby and solo forms."""
    setup = people.context("Ivy").new_page()
    solo = api_solo_of(setup, "triominos", {"turn_seconds": 0})
    setup.context.close()

    def twelve_turns_then_gils(pages: list[Page]) -> None:
        turns(12)(pages)
        # Gil looks next: make it Gil's turn.
        if not is_my_turn(pages[0]):
            play_one_turn(pages)

    midgame = game_played(
        people,
        ["Gil", "Hal"],
        twelve_turns_then_gils,
        game="triominos",
        turn_seconds=600,
        open_hands=False,
    )
    finished = game_played(
        people,
        ["Kim", "Lou"],
        play_to_end,
        game="triominos",
        turn_seconds=0,
        hand_size=6,
        target=100,
    )

    scenes: list[tuple[str, str, str, Pose]] = [
        ("tri-start", "Ivy", f"/g/{solo}", nothing),
        ("tri-midgame", "Gil", f"/g/{midgame}", nothing),
        ("tri-targets", "Gil", f"/g/{midgame}", pick_only),
        ("tri-hover", "Gil", f"/g/{midgame}", hover_first_target),
        ("tri-spectator", "Carol", f"/g/{midgame}", nothing),
        ("tri-finished", "Kim", f"/g/{finished}", nothing),
        ("tri-finished-board", "Kim", f"/g/{finished}", close_end_screen),
        ("tri-replay-step", "Kim", f"/g/{finished}/replay", replay_step(5)),
        ("tri-replay-end", "Kim", f"/g/{finished}/replay", replay_end),
        ("tri-lobby", "Ivy", "/", choose_triominos),
        ("tri-solo-page", "Ivy", "/solo", choose_triominos_solo),
    ]
    viewers = {name for _, name, _, _ in scenes}
    for palette, preferences in PALETTES.items():
        for name in viewers:
            set_preferences(people, name, preferences)
        for size in SIZES:
            shoot_scenes(people, folder, scenes, size, f"-{palette}")


# --- the other pages ------------------------------------------------------------------


def shoot_pages(people: People, folder: Path) -> None:
    """The lobby, my games, a table (as its creator, a seated invitee and a visitor),
    the solo page, the preferences and the rules, in the classic palette."""
    for name in ("Olga", "Pete", "Quin"):
        set_preferences(people, name, {"palette": "classic", "symbols": False})
    olga = people.context("Olga").new_page()
    made = olga.request.post(
        "/api/tables",
        data={"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}], "public": True},
    )
    assert made.ok, made.text()
    code = made.json()["invite_code"]
    pete = people.context("Pete").new_page()
    assert pete.request.post(f"/api/tables/{code}/join").ok
    turn_based = olga.request.post(
        "/api/tables",
        data={"seats": [{"kind": "human"}] * 2, "turn_days": 3, "on_timeout": "drop"},
    )
    assert turn_based.ok, turn_based.text()
    turn_based_code = turn_based.json()["invite_code"]
    olga.context.close()
    pete.context.close()
    my_games_of_olga(people)

    scenes: list[tuple[str, str, str, Pose]] = [
        ("home", "Olga", "/", my_games_loaded),
        ("my-games", "Olga", "/games", my_games_loaded),
        ("home-turn-based", "Quin", "/", turn_based_form),
        ("table-creator", "Olga", f"/t/{code}", table_loaded),
        ("table-turn-based", "Olga", f"/t/{turn_based_code}", table_loaded),
        ("table-invitee", "Pete", f"/t/{code}", table_loaded),
        ("table-visitor", "Quin", f"/t/{code}", table_loaded),
        ("solo-page", "Olga", "/solo", nothing),
        ("preferences", "Olga", "/preferences", preview_drawn),
        ("rules", "Olga", "/rules", diagrams_drawn),
    ]
    for size in SIZES:
        shoot_scenes(people, folder, scenes, size)


def my_games_of_olga(people: People) -> None:
    """Olga's games, one of each kind a list shows: turn-based games waiting for her (a
    move made, and a Triominos board still empty), one waiting for another, one in real
    time against a bot, and a finished solo game."""
    olga = people.context("Olga").new_page()
    pete = people.context("Pete").new_page()
    human, bot = {"kind": "human"}, {"kind": "bot", "bot": "greedy"}

    def started(creator: Page, invitee: Page | None, **table: object) -> str:
        made = creator.request.post("/api/tables", data=table)
        assert made.ok, made.text()
        code = made.json()["invite_code"]
        if invitee is not None:
            assert invitee.request.post(f"/api/tables/{code}/join").ok
        answer = creator.request.post(f"/api/tables/{code}/start")
        assert answer.ok, answer.text()
        return str(answer.json()["game_id"])

    quick = {"ruleset": "junior", "hand_size": 8}
    for days, pages in ((2, [olga, pete]), (7, [olga, pete])):
        game_id = started(pages[0], pages[1], seats=[human, human], options=quick, turn_days=days)
        for page in pages:
            open_game(page, game_id)
        play_one_turn(pages)
        if days == 2 and not is_my_turn(olga):
            play_one_turn(pages)  # Olga's turn in the first, whoever's in the other
    started(pete, olga, game="triominos", seats=[human, human], turn_days=0)
    started(olga, None, game="triominos", seats=[human, bot], options={"turn_seconds": 0})
    solo = api_solo_of(olga, "chromino", {"ruleset": "junior", "hand_size": 3})
    open_game(olga, solo)
    play_to_end([olga])
    olga.context.close()
    pete.context.close()


def my_games_loaded(page: Page) -> None:
    expect(page.get_by_test_id("my-game").first).to_be_visible()
    expect(page.locator("[data-testid=game-thumb][data-state=waiting]")).to_have_count(0)
    expect(page.locator("[data-testid=game-thumb][data-state=loading]")).to_have_count(0)


def turn_based_form(page: Page) -> None:
    """The create-table form with a turn-based pace chosen (its own fields shown)."""
    page.get_by_test_id("pace-turn-based").check()
    expect(page.locator("[name=turn_days]")).to_be_visible()


def table_loaded(page: Page) -> None:
    expect(page.get_by_test_id("table-status")).not_to_be_empty()


def preview_drawn(page: Page) -> None:
    """Each game's tiles are fetched for the palette's preview: wait for the last."""
    expect(page.get_by_test_id("palette-preview").locator("svg").last).to_be_visible()


def diagrams_drawn(page: Page) -> None:
    """Each game's pictures are fetched for its rules: wait until every figure has one."""
    figures = page.locator("figure[data-diagram]")
    expect(figures.locator("svg")).to_have_count(figures.count())


COMPARE_JS = """async ([a, b]) => {
  const load = (source) => new Promise((done, fail) => {
    const image = new Image(); image.onload = () => done(image); image.onerror = fail;
    image.src = source; });
  const [one, two] = await Promise.all([load(a), load(b)]);
  if (one.width !== two.width || one.height !== two.height)
    return `size ${one.width}x${one.height} vs ${two.width}x${two.height}`;
  const pixels = (image) => { const canvas = document.createElement('canvas');
    canvas.width = image.width; canvas.height = image.height;
    const context = canvas.getContext('2d'); context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, image.width, image.height).data; };
  const [p, q] = [pixels(one), pixels(two)];
  let differing = 0;
  for (let i = 0; i < p.length; i += 4) {
    if (p[i] !== q[i] || p[i + 1] !== q[i + 1] || p[i + 2] !== q[i + 2]) differing++;
  }
  return differing;
}"""


def data_url(path: Path) -> str:
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode()


def compare(before: Path, after: Path) -> int:
    """Print each shot's differing pixels; the number of shots that differ."""
    names = sorted({path.name for path in [*before.glob("*.png"), *after.glob("*.png")]})
    different = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=require_chromium(), args=CHROMIUM_ARGS)
        page = browser.new_page()
        for name in names:
            if not (before / name).exists() or not (after / name).exists():
                print(f"{name}: only in one folder")
                different += 1
                continue
            result = page.evaluate(COMPARE_JS, [data_url(before / name), data_url(after / name)])
            print(f"{name}: {result if isinstance(result, str) else f'{result} pixels differ'}")
            different += result != 0
        browser.close()
    return different


def main(arguments: list[str]) -> int:
    if len(arguments) in (2, 3) and arguments[0] == "shoot":
        only = arguments[2] if len(arguments) == 3 else None
        if only not in (None, "chromino", "triominos", "pages"):
            print(__doc__)
            return 2
        run(Path(arguments[1]), only)
        return 0
    if len(arguments) == 3 and arguments[0] == "compare":
        return 1 if compare(Path(arguments[1]), Path(arguments[2])) else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
