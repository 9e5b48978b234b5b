"""The puzzles in a browser (templates/puzzles.html, templates/puzzle.html,
static/js/puzzle*.js): a puzzle solved by clicking, with my rating's change, the next one
by its own address; a miss explained, its solution shown, tried again as practice; the
hint; a refusal's words; a streak to its first miss; a timed run's clock read on the
server's (set years away from the browser's) down to its end; a puzzle solved with the
keyboard alone. At 360 and 1280 px: no sideways scroll, the board and the answer in
sight without overlapping, axe-clean; screenshots kept in
test-artifacts/e2e/puzzles-*.png (looked at by eye)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from typing import Any

import pytest
from playwright.sync_api import FloatRect, Page, expect
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory, centre
from support.browser.people import no_sideways_scroll, person, resize
from support.fixtures import LiveServers
from support.live import LiveServer
from support.puzzle_shelf import THEMES, found, stock_shelf

from chromino import GAMES
from chromino.core.puzzles import Puzzle

SERVER_TIME = datetime(2031, 3, 14, 9, 26, tzinfo=UTC)
"""The server's clock, years from the browser's: the timed run's clock must not care."""
CHROMINO_MIDDLES = {"E": (1, 0), "S": (0, 1), "W": (-1, 0), "N": (0, -1)}
"""Where a Chromino tile's middle square lies from its first, by its direction."""
LANGUAGES = ["en", "fr", "de", "es", "it", "ru", "ja"]
HEADER_ROWS_JS = """() => {
  const parts = document.querySelectorAll(
    '.site-header .brand, .menu-toggle, .site-nav a, .language-menu, .header-end > *');
  const rows = new Set();
  for (const part of parts) {
    const box = part.getBoundingClientRect();
    if (box.width >= 1 && box.height >= 1) rows.add(Math.round((box.top + box.height / 2) / 12));
  }
  return [...rows];
}"""
"""The rows of 12 px the header's visible parts stand in (two neighbours: one row)."""
BUTTON_BOXES_JS = """() => [...document.querySelectorAll('main button, main a.button')]
  .filter((node) => node.checkVisibility())
  .map((node) => {
    const box = node.getBoundingClientRect();
    return { x: box.x, width: box.width, height: box.height, text: node.textContent.trim() };
  })"""
"""Every visible button of the page's main part, where it stands."""
TWO_FRAMES_JS = (
    "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
)
COLUMN_ROW = re.compile(r"Column ([\u2212-]?\d+), row ([\u2212-]?\d+)\.")
"""Where the keyboard's tile is, as the announcer says it (a minus sign is U+2212)."""


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    """A server whose clock stands at ``SERVER_TIME`` (moved only by the tests)."""
    return serve(own_origin=True, fake_clock=True, fake_clock_start=SERVER_TIME)


@pytest.fixture(scope="module")
def shelf(server: LiveServer) -> dict[str, Puzzle]:
    """The shelf of the server: four puzzles of each theme, by id."""
    puzzles = [puzzle for theme in THEMES for puzzle in found(theme, 4)]
    stock_shelf(server.settings.database_url, puzzles)
    return {puzzle.id: puzzle for puzzle in puzzles}


# --- looking at the page --------------------------------------------------------------


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"puzzles-{name}.png"), full_page=True)


def apart(one: FloatRect, other: FloatRect) -> bool:
    """Whether two boxes do not overlap."""
    return (
        one["x"] + one["width"] <= other["x"] + 1
        or other["x"] + other["width"] <= one["x"] + 1
        or one["y"] + one["height"] <= other["y"] + 1
        or other["y"] + other["height"] <= one["y"] + 1
    )


def laid_out(page: Page, size: dict[str, int], *, board: bool) -> None:
    """No sideways scroll, every button inside the page's width, and (with ``board``) the
    board and the answer panel both shown, side by side or one above the other."""
    no_sideways_scroll(page)
    # Read in one go: the page may draw its controls again between two separate reads.
    for box in page.evaluate(BUTTON_BOXES_JS):
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
        assert box["height"] >= 40, f"a button big enough for a finger: {box}"
    if board:
        wrap = page.locator(".board-wrap").bounding_box()
        hand = page.locator("#hand-area").bounding_box()
        assert wrap and hand and wrap["height"] >= 200 and wrap["width"] >= 280
        assert wrap["y"] + 150 <= size["height"], "the board shows on the first screen"
        for part in (".puzzle-head", ".puzzle-side"):
            panel = page.locator(part).bounding_box()
            assert panel and panel["height"] > 0
            assert apart(panel, wrap), f"{part} {panel} overlaps the board {wrap}"
            assert apart(panel, hand), f"{part} {panel} overlaps the hand {hand}"


def settled(page: Page, check: Callable[[], None], seconds: float = 5) -> None:
    """Run ``check`` once the page has settled after a resize: the board measures its room
    on the frames that follow, so a check that fails is tried again on later frames until
    ``seconds`` have passed (then its failure stands)."""
    deadline = time.monotonic() + seconds
    while True:
        page.evaluate(TWO_FRAMES_JS)
        try:
            check()
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise


def both_sizes(page: Page, name: str, what: str, *, board: bool = True) -> None:
    """Checked and photographed at 1280 px, then at 360 px (and left at 1280)."""
    for size, label in ((DESKTOP, "1280"), (PHONE, "360")):
        resize(page, size)
        settled(page, partial(laid_out, page, size, board=board))
        assert_accessible(page, f"{what} ({label} px)")
        shot(page, f"{name}-{label}")
    resize(page, DESKTOP)


# --- laying a tile ----------------------------------------------------------------------


def shown_puzzle(page: Page, shelf: dict[str, Puzzle]) -> Puzzle:
    """The puzzle the page shows now (once it shows one)."""
    layout = page.get_by_test_id("puzzle")
    expect(layout).to_have_attribute("data-puzzle", re.compile(r"^[0-9a-f]+$"))
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    puzzle_id = layout.get_attribute("data-puzzle")
    assert puzzle_id in shelf, puzzle_id
    return shelf[puzzle_id]


def turned(placement: dict[str, Any]) -> str:
    """How the placing controller names the tile turned as it lies (the preview's key)."""
    way = placement["dir"] if "dir" in placement else placement["rot"]
    return f"{placement['tile']}:{way}"


def middle(placement: dict[str, Any]) -> tuple[int, int]:
    """The cell a player points at to lay the placement (a Chromino tile's middle)."""
    x, y = int(placement["x"]), int(placement["y"])
    if "dir" in placement:
        dx, dy = CHROMINO_MIDDLES[placement["dir"]]
        return x + dx, y + dy
    return x, y


def pick_turned(page: Page, placement: dict[str, Any], *, keys: bool = False) -> None:
    """Pick the placement's tile from the hand and turn it as it lies."""
    tile = page.locator(f"[data-testid=hand-tile][data-tile='{placement['tile']}']")
    if keys:
        tile.focus()
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("board")).to_be_focused()
    else:
        tile.click()
    preview = page.get_by_test_id("orientation-preview")
    expect(preview).to_have_attribute("data-key", re.compile(rf"^{placement['tile']}:"))
    for _ in range(4):
        if preview.get_attribute("data-key") == turned(placement):
            return
        was = preview.get_attribute("data-key") or ""
        if keys:
            page.keyboard.press("r")
        else:
            page.get_by_test_id("rotate").click()
        expect(preview).not_to_have_attribute("data-key", was)
    expect(preview).to_have_attribute("data-key", turned(placement))


def lay(page: Page, placement: dict[str, Any]) -> None:
    """Pick, turn and lay ``placement`` with the mouse on its outlined place."""
    pick_turned(page, placement)
    x, y = middle(placement)
    spot = page.locator(f'#board .target[data-x="{x}"][data-y="{y}"] .target-dot').first
    cx, cy = centre(spot)
    page.mouse.move(0, 0)
    page.mouse.move(cx, cy)
    expect(page.get_by_test_id("place")).to_be_enabled()
    page.mouse.click(cx, cy)


def other_placement(puzzle: Puzzle) -> dict[str, Any]:
    """A legal placement of the puzzle that is not its answer."""
    game = GAMES[puzzle.game]
    answer = game.parse_placement(puzzle.solution).normalized()
    for move in game.position_moves(puzzle.position, puzzle.scoring):
        fields = {k: v for k, v in move.items() if k not in ("points", "figure", "score")}
        if game.parse_placement(fields).normalized() != answer:
            return fields
    raise AssertionError("no other legal placement")


def of_theme(shelf: dict[str, Puzzle], game: str, goal: str) -> list[Puzzle]:
    return [puzzle for puzzle in shelf.values() if (puzzle.game, puzzle.goal) == (game, goal)]


def board_tiles(page: Page) -> list[str]:
    """The tiles on the board, as a screen reader names them."""
    names: list[str] = page.locator("#board .layer-tiles [aria-label]").evaluate_all(
        "(tiles) => tiles.map((tile) => tile.getAttribute('aria-label'))"
    )
    return names


def board_shows(page: Page, tiles: list[str]) -> None:
    """Wait until the board names exactly these tiles (it draws on the next frame)."""
    page.wait_for_function(
        """(wanted) => JSON.stringify([...document.querySelectorAll(
            '#board .layer-tiles [aria-label]')].map((tile) => tile.getAttribute('aria-label')))
            === JSON.stringify(wanted)""",
        arg=tiles,
    )


def expect_answer(page: Page, verdict: str) -> None:
    expect(page.get_by_test_id("answer-verdict")).to_have_text(verdict)
    expect(page.get_by_test_id("answer")).to_have_attribute("role", "status")


# --- the tests ------------------------------------------------------------------------------


def test_the_home_leads_to_every_kind_of_puzzle(
    new_context: ContextFactory, shelf: dict[str, Puzzle]
) -> None:
    page, _ = person(new_context, "Homer")
    page.get_by_test_id("nav-puzzles").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Puzzles")
    expect(page.get_by_test_id("my-puzzle-rating")).to_contain_text("1500")
    expect(page.get_by_test_id("puzzle-theme")).to_have_count(len(THEMES))
    expect(page.get_by_test_id("best-streak")).to_have_text("0")
    both_sizes(page, "home", "the puzzles' home", board=False)
    page.locator('[data-theme="triominos.most_points"] [data-testid=puzzle-theme-solve]').click()
    page.wait_for_url(re.compile(r"/puzzles/[0-9a-f]{12}$"))
    assert shown_puzzle(page, shelf).game == "triominos"
    page.goto("/puzzles")
    page.get_by_test_id("puzzle-today-link").click()
    expect(page.get_by_test_id("puzzle-kicker")).to_have_text("Today's puzzle")
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()


def test_a_puzzle_solved_by_clicking_moves_my_rating(
    new_context: ContextFactory, shelf: dict[str, Puzzle]
) -> None:
    page, _ = person(new_context, "Clicker")
    first, *_ = of_theme(shelf, "chromino", "most_points")
    page.goto(f"/puzzles/{first.id}")
    expect(page.get_by_test_id("puzzle-title")).to_have_text("Most points")
    expect(page.get_by_test_id("puzzle-question")).to_contain_text("scores the most points")
    expect(page.get_by_test_id("answer-explanation")).to_be_empty()
    both_sizes(page, "before", "a puzzle before its answer")
    lay(page, first.solution)
    expect_answer(page, "Solved!")
    expect(page.get_by_test_id("answer-explanation")).to_contain_text("Right:")
    expect(page.get_by_test_id("answer-rating")).to_have_text(
        re.compile(r"^Your puzzle rating: 1500 → 1[5-9]\d\d \(\+\d+\)$")
    )
    expect(page.get_by_test_id("show-solution")).to_be_hidden()
    expect(page.locator("#hand-area .move-bar")).to_be_hidden()
    both_sizes(page, "solved", "a puzzle solved")
    # The next puzzle of the theme, in place, by an address of its own.
    page.get_by_test_id("next-puzzle").click()
    expect(page).to_have_url(re.compile(rf"/puzzles/(?!{first.id})[0-9a-f]{{12}}$"))
    expect(page.get_by_test_id("puzzle-title")).to_be_focused()
    expect(page.get_by_test_id("answer-verdict")).to_be_empty()
    assert shown_puzzle(page, shelf).id == page.url.rsplit("/", 1)[1]
    page.go_back()
    page.wait_for_url(re.compile(rf"/puzzles/{first.id}$"))
    expect(page.get_by_test_id("puzzle")).to_have_attribute("data-puzzle", first.id)
    page.reload()
    expect(page.get_by_test_id("puzzle")).to_have_attribute("data-puzzle", first.id)


def test_a_miss_is_explained_its_solution_shown_and_tried_again(
    new_context: ContextFactory, shelf: dict[str, Puzzle]
) -> None:
    page, _ = person(new_context, "Misser")
    puzzle = of_theme(shelf, "triominos", "most_points")[0]
    page.goto(f"/puzzles/{puzzle.id}")
    lay(page, other_placement(puzzle))
    expect_answer(page, "Not the answer.")
    expect(page.get_by_test_id("answer-explanation")).to_contain_text(
        f"One scores {puzzle.facts['best']}."
    )
    expect(page.get_by_test_id("answer-rating")).to_have_text(
        re.compile("^Your puzzle rating: 1500 → 1[0-4]\\d\\d \\(\u2212\\d+\\)$")
    )
    both_sizes(page, "missed", "a puzzle missed")
    tried = board_tiles(page)
    solution = page.get_by_test_id("show-solution")
    solution.click()
    expect(page.get_by_test_id("answer-solution")).to_contain_text("The solution is on the board")
    x, y = puzzle.solution["x"], puzzle.solution["y"]
    expect(page.locator(f'#board .last-placed[data-x="{x}"][data-y="{y}"]')).to_have_count(1)
    expect(solution).to_have_text("Show my try")
    expect(solution).to_be_focused()
    both_sizes(page, "solution", "a missed puzzle's solution")
    assert board_tiles(page) != tried
    solution.click()  # back to my try, and again to the solution
    expect(page.get_by_test_id("answer-solution")).to_be_empty()
    board_shows(page, tried)
    solution.click()
    expect(solution).to_have_text("Show my try")
    page.get_by_test_id("try-again").click()
    expect(page.get_by_test_id("answer-verdict")).to_be_empty()
    lay(page, puzzle.solution)
    expect_answer(page, "Solved!")
    expect(page.get_by_test_id("answer-rating")).to_have_text(
        "Practice: your rating does not change."
    )


def test_the_hint_and_a_refusals_words(
    new_context: ContextFactory, shelf: dict[str, Puzzle]
) -> None:
    page, _ = person(new_context, "Hinted")
    puzzle = of_theme(shelf, "chromino", "last_tile")[0]
    page.goto(f"/puzzles/{puzzle.id}")
    expect(page.get_by_test_id("puzzle-title")).to_have_text("The last tile")
    expect(page.get_by_test_id("hand-tile")).to_have_count(2)  # the board is up
    page.get_by_test_id("puzzle-hint").click()
    hint = page.get_by_test_id("hint-text")
    expect(hint).to_contain_text("The answer lays this tile:")
    expect(hint).to_contain_text(" tile")  # its colours in words
    tile = puzzle.solution["tile"]
    expect(page.locator(f"[data-testid=hand-tile][data-tile='{tile}']")).to_have_class(
        re.compile(r"\bhinted\b")
    )
    expect(page.get_by_test_id("puzzle-hint")).to_be_hidden()
    # Without the places outlined, a tile laid far from the others is refused, and why.
    page.get_by_test_id("show-places").uncheck()
    page.locator(f"[data-testid=hand-tile][data-tile='{tile}']").click()
    expect(page.locator("#board .target")).to_have_count(0)
    box = page.get_by_test_id("board").bounding_box()
    assert box is not None
    corner = (box["x"] + 50, box["y"] + 50)
    page.mouse.move(*corner)
    expect(page.locator("#board .ghost")).to_have_count(1)
    page.mouse.click(*corner)
    expect(page.get_by_test_id("answer")).to_have_attribute("data-tone", "refused")
    expect(page.get_by_test_id("answer-explanation")).to_have_text(
        "The tile must touch the tiles on the board."
    )
    expect(page.get_by_test_id("hand-tile")).to_have_count(2)
    axe_and_shot = "a puzzle's hint and a refused try"
    assert_accessible(page, axe_and_shot)
    page.get_by_test_id("cancel").click()
    page.get_by_test_id("show-places").check()
    lay(page, puzzle.solution)
    expect_answer(page, "Solved, with the hint.")
    expect(page.get_by_test_id("answer-explanation")).to_contain_text("Right: of")
    # The tile the explanation names is shown as its picture.
    expect(page.locator("#answer-explanation .said-tile")).to_have_count(1)
    expect(page.get_by_test_id("answer-rating")).to_contain_text("Your puzzle rating: 1500 → ")


def test_a_streak_ends_at_its_first_miss(
    new_context: ContextFactory, shelf: dict[str, Puzzle]
) -> None:
    page, _ = person(new_context, "Streaker")
    page.goto("/puzzles/streak")
    expect(page.get_by_test_id("run-intro")).to_contain_text("ends at the first miss")
    both_sizes(page, "streak-ready", "a streak before it starts", board=False)
    page.get_by_test_id("run-start").click()
    expect(page.get_by_test_id("run-bar")).to_be_visible()
    expect(page.get_by_test_id("run-score")).to_have_text("0")
    expect(page.get_by_test_id("run-rule")).to_have_text("The streak ends at the first miss.")
    expect(page.get_by_test_id("puzzle-hint")).to_have_count(0)
    first = shown_puzzle(page, shelf)
    lay(page, first.solution)
    expect_answer(page, "Solved!")
    expect(page.get_by_test_id("run-score")).to_have_text("1")
    both_sizes(page, "streak-solved", "a streak's puzzle solved")
    page.get_by_test_id("next-puzzle").click()
    expect(page.get_by_test_id("puzzle")).not_to_have_attribute("data-puzzle", first.id)
    expect(page.get_by_test_id("puzzle-title")).to_be_focused()
    second = shown_puzzle(page, shelf)
    lay(page, other_placement(second))
    expect_answer(page, "Not the answer.")
    end = page.get_by_test_id("run-end")
    expect(end).to_be_visible()
    expect(page.get_by_test_id("run-end-score")).to_have_text(
        "You solved 1 puzzle. Your best so far!"
    )
    expect(page.get_by_test_id("run-end-best")).to_have_text("1")
    expect(page.get_by_test_id("next-puzzle")).to_be_hidden()
    expect(page.get_by_test_id("show-solution")).to_be_visible()
    both_sizes(page, "streak-over", "a streak's end")
    page.get_by_test_id("show-solution").click()
    expect(page.get_by_test_id("answer-solution")).to_be_visible()
    page.get_by_test_id("run-again").click()
    expect(end).to_be_hidden()
    expect(page.get_by_test_id("run-score")).to_have_text("0")
    expect(page.get_by_test_id("answer-verdict")).to_be_empty()
    page.goto("/puzzles")
    expect(page.get_by_test_id("best-streak")).to_have_text("1")


def test_a_timed_run_counts_down_on_the_servers_clock(
    new_context: ContextFactory, shelf: dict[str, Puzzle]
) -> None:
    page, _ = person(new_context, "Racer")
    page.clock.install()
    page.goto("/puzzles/timed")
    page.get_by_test_id("run-start").click()
    clock = page.get_by_test_id("run-clock")
    expect(clock).to_have_text(re.compile(r"^(3:00|2:5\d)$"))
    first = shown_puzzle(page, shelf)
    lay(page, first.solution)
    # Against the clock the next puzzle comes at once, the verdict said over it.
    expect(page.get_by_test_id("puzzle")).not_to_have_attribute("data-puzzle", first.id)
    expect_answer(page, "Solved!")
    expect(page.get_by_test_id("run-score")).to_have_text("1")
    expect(page.get_by_test_id("next-puzzle")).to_be_hidden()
    both_sizes(page, "timed", "a timed run")
    second = shown_puzzle(page, shelf)
    lay(page, other_placement(second))
    expect(page.get_by_test_id("puzzle")).not_to_have_attribute("data-puzzle", second.id)
    expect_answer(page, "Not the answer.")
    expect(page.get_by_test_id("run-score")).to_have_text("1")  # a miss costs only time
    page.clock.fast_forward("02:00")
    expect(clock).to_have_text(re.compile(r"^(1:0\d|0:5\d)$"))
    page.clock.fast_forward("01:05")
    expect(clock).to_have_text("0:00")
    expect(page.get_by_test_id("run-end-score")).to_have_text(
        "Time is up. You solved 1 puzzle. Your best so far!"
    )
    expect(page.get_by_test_id("run-end-title")).to_be_focused()
    expect(page.locator("#hand-area .move-bar")).to_be_hidden()
    both_sizes(page, "timed-over", "a timed run's end")


def test_a_puzzle_solved_with_the_keyboard_alone(
    new_context: ContextFactory, shelf: dict[str, Puzzle]
) -> None:
    page, _ = person(new_context, "Keys")
    puzzle = of_theme(shelf, "chromino", "most_points")[1]
    page.goto(f"/puzzles/{puzzle.id}")
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    # The places off (the arrows then move the tile one square at a time).
    tab_to(page, "[data-testid=show-places]")
    page.keyboard.press("Space")
    expect(page.get_by_test_id("show-places")).not_to_be_checked()
    tab_to(page, f"[data-testid=hand-tile][data-tile='{puzzle.solution['tile']}']")
    pick_turned(page, puzzle.solution, keys=True)
    goal = middle(puzzle.solution)
    for _ in range(60):
        at = ghost_cell(page)
        if at == goal:
            break
        step = "ArrowRight" if at[0] < goal[0] else "ArrowLeft" if at[0] > goal[0] else None
        step = step or ("ArrowDown" if at[1] < goal[1] else "ArrowUp")
        page.keyboard.press(step)
    assert ghost_cell(page) == goal
    page.keyboard.press("Enter")
    expect_answer(page, "Solved!")
    tab_to(page, "[data-testid=next-puzzle]")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("puzzle-title")).to_be_focused()


def ghost_cell(page: Page) -> tuple[int, int]:
    """Where the keyboard's tile is, as the announcer says it."""
    announcer = page.get_by_test_id("announcer")
    expect(announcer).to_contain_text("Column")
    found = COLUMN_ROW.findall(announcer.inner_text())
    assert found, announcer.inner_text()
    x, y = (int(number.replace("\u2212", "-")) for number in found[-1])
    return x, y


def tab_to(page: Page, selector: str, presses: int = 40) -> None:
    """Press Tab until the focus is on an element matching ``selector``."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("(css) => document.activeElement?.matches(css) ?? false", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_the_pages_fit_in_every_language(
    new_context: ContextFactory, shelf: dict[str, Puzzle]
) -> None:
    """The menu's new link keeps a desktop's header on one row; the home and a puzzle
    after a miss fit a phone, whatever the language's words."""
    page, _ = person(new_context, "Polyglot")
    puzzle = of_theme(shelf, "chromino", "last_tile")[1]
    for language in LANGUAGES:
        assert page.request.patch("/api/me/preferences", data={"language": language}).ok
        resize(page, DESKTOP)
        page.goto("/puzzles")
        expect(page.locator("html")).to_have_attribute("lang", language)
        for waiting in (False, True):  # the count of games waiting replaces "My games"
            page.evaluate(
                "(shown) => { document.getElementById('waiting-badge').hidden = !shown; }", waiting
            )
            rows = page.evaluate(HEADER_ROWS_JS)
            assert max(rows) - min(rows) <= 1, f"the header in {language}: rows {rows}"
        resize(page, PHONE)
        settled(page, partial(laid_out, page, PHONE, board=False))
        page.get_by_test_id("menu-toggle").click()  # the phone's menu holds the link whole
        expect(page.get_by_test_id("nav-puzzles")).to_be_in_viewport(ratio=1)
        page.keyboard.press("Escape")
        page.goto(f"/puzzles/{puzzle.id}")
        lay(page, other_placement(puzzle))
        expect(page.get_by_test_id("answer")).to_have_attribute("data-tone", "missed")
        expect(page.get_by_test_id("show-solution")).to_be_visible()
        settled(page, partial(laid_out, page, PHONE, board=True))
        if language in ("de", "ja"):
            shot(page, f"missed-{language}-360")
