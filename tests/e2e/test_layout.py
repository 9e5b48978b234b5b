"""Every page at a phone's, a tablet's and three desktops' widths: no sideways scroll, no
two visible controls on top of each other, no text cut off in a button or a select.

The pages are set up once (a table, a live game of each game, a solo game, a finished
game's replay) and each is loaded at each width. Controls that float over the page on
purpose — the phone's action bar, the end screen over the board — are compared among
themselves, not with what they float over."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from support.browser.axe import assert_accessible
from support.browser.chromium import TIMEOUT_MS, note_policy_violation
from support.browser.gameplay import (
    api_game,
    api_solo,
    api_solo_of,
    is_my_turn,
    open_game,
    play_to_end,
    take_turn,
    wait_until_connected,
)
from support.live import LiveServer

WIDTHS = {360: 740, 768: 1024, 1024: 768, 1280: 800, 1920: 1080}
"""Viewport width → height."""

# What is wrong with the page's layout, as the browser measures it.
_LAYOUT_JS = """() => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth) {
    problems.push(`scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
  }
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return false;
    if (!el.checkVisibility({ visibilityProperty: true })) return false;
    return !el.closest('.visually-hidden, .skip-link');
  };
  // A control floating over the page on purpose belongs to its own layer.
  const layerOf = (el) => {
    for (let node = el; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      const floating = position === 'fixed' || position === 'sticky';
      if (floating || node.matches('.end-screen, .end-reopen')) return node;
    }
    return null;
  };
  const name = (el) => `${el.tagName.toLowerCase()}#${el.id || ''}.${[...el.classList].join('.')}` +
    `"${(el.innerText || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
  const selector = 'button, a[href], input, select, textarea, .button';
  const controls = [...document.querySelectorAll(selector)].filter(shown);
  const boxes = controls.map((el) => ({ el, box: el.getBoundingClientRect(), layer: layerOf(el) }));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.layer !== b.layer || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (across > 1 && down > 1) problems.push(`${name(a.el)} overlaps ${name(b.el)}`);
    }
  }
  const canvas = document.createElement('canvas').getContext('2d');
  for (const el of controls) {
    if (el.matches('button, .button') && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`text cut off in ${name(el)}: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    if (el.matches('select')) {
      const style = getComputedStyle(el);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = el.selectedOptions[0]?.text || '';
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      const room = el.clientWidth - padding - 18; // the arrow
      const needed = canvas.measureText(text).width;
      if (needed > room + 1) {
        problems.push(`text cut off in ${name(el)}: ${Math.round(needed)} > ${Math.round(room)}`);
      }
    }
  }
  return problems;
}"""


@dataclass
class Site:
    """The pages to look at, and who looks at each."""

    context: BrowserContext
    urls: dict[str, str]


@pytest.fixture(scope="module")
def site(browser: Browser, server: LiveServer) -> Iterator[Site]:
    """Alice's view of every page: a table she made, a Chromino and a Triominos game she
    plays (with a move made), a solo game, a finished game and its replay."""
    alice = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 800})
    alice.set_default_timeout(TIMEOUT_MS)
    bob = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 800})
    bob.set_default_timeout(TIMEOUT_MS)
    me, other = alice.new_page(), bob.new_page()
    for page in (me, other):
        page.goto("/rules")
        named = page.request.put(
            "/api/me/name", data={"name": "Alice" if page is me else "Bob Longname-Smith"}
        )
        assert named.ok, named.text()
    table = me.request.post(
        "/api/tables",
        data={"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}]},
    )
    assert table.ok, table.text()
    chromino = api_game([me, other], scoring="expert")
    triominos = api_game([me, other], game="triominos", turn_seconds=0)
    for game in (chromino, triominos):
        for page in (me, other):
            open_game(page, game)
        mover = me if is_my_turn(me) else other
        take_turn(mover)
    solo = api_solo(me)
    finished = api_game([me], ["human", "bot:greedy"], ruleset="junior", hand_size=3)
    open_game(me, finished)
    play_to_end([me])
    tri_solo = api_solo_of(me, "triominos", {"turn_seconds": 0})
    # Hands of ten and twelve tiles (two and more rows), and a four-player end with a rematch.
    big_chromino = api_game([me, other], hand_size=10)
    big_triominos = api_game([me, other], game="triominos", hand_size=12, turn_seconds=0)
    rematched = api_game(
        [me, other], ["human", "human", "bot:greedy", "bot:greedy"], ruleset="junior", hand_size=3
    )
    for page in (me, other):
        open_game(page, rematched)
    play_to_end([me, other])
    asked = other.request.post(f"/api/games/{rematched}/rematch")
    assert asked.ok, asked.text()
    bob.close()
    me.close()
    yield Site(
        alice,
        {
            "home": "/",
            "table": f"/t/{table.json()['invite_code']}",
            "chromino-game": f"/g/{chromino}",
            "triominos-game": f"/g/{triominos}",
            "solo-game": f"/g/{solo}",
            "triominos-solo-game": f"/g/{tri_solo}",
            "finished-game": f"/g/{finished}",
            "solo-page": "/solo",
            "preferences": "/preferences",
            "rules": "/rules",
            "chromino-lessons": "/learn/chromino",
            "triominos-lessons": "/learn/triominos",
            "replay": f"/g/{finished}/replay",
            "unknown-table-link": "/t/no-such-invite",
            "unknown-game-link": "/g/no-such-game",
            "big-hand-game": f"/g/{big_chromino}",
            "big-triominos-hand-game": f"/g/{big_triominos}",
            "rematch-offered-game": f"/g/{rematched}",
        },
    )
    alice.close()


PAGES = [
    "home",
    "table",
    "chromino-game",
    "triominos-game",
    "solo-game",
    "triominos-solo-game",
    "finished-game",
    "solo-page",
    "preferences",
    "rules",
    "chromino-lessons",
    "triominos-lessons",
    "replay",
    "unknown-table-link",
    "unknown-game-link",
    "big-hand-game",
    "big-triominos-hand-game",
    "rematch-offered-game",
]


def ready(page: Page, which: str) -> None:
    """Wait until the page has drawn what its scripts fill in."""
    if which == "replay":
        expect(page.get_by_test_id("replay-step")).not_to_be_empty()
    elif which.endswith("game"):
        wait_until_connected(page)
        if which == "finished-game":
            expect(page.get_by_test_id("end-screen")).to_be_visible()
        elif which == "rematch-offered-game":
            expect(page.get_by_test_id("rematch-news")).to_be_visible()
        elif "big" in which:
            expect(page.get_by_test_id("hand-tile")).to_have_count(
                12 if "triominos" in which else 10
            )
    elif which == "table":
        expect(page.get_by_test_id("table-status")).not_to_be_empty()
    elif which == "home":
        expect(page.locator("#option-fields select").first).to_be_visible()
    elif which == "rules":
        expect(page.locator("figure[data-diagram] svg")).to_have_count(9)
    elif which.endswith("lessons"):
        expect(page.get_by_test_id("lesson-title")).not_to_be_empty()
        expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    elif which.startswith("unknown"):
        expect(page.get_by_test_id("back-to-lobby")).to_be_visible()
    elif which == "preferences":
        expect(page.get_by_test_id("palette-preview").locator("svg").first).to_be_visible()
    laid_out(page)


def laid_out(page: Page) -> None:
    """Wait two frames: what the page's scripts and styles changed has been drawn."""
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def at_width(page: Page, width: int) -> None:
    """The window takes ``width`` (a phone's, a tablet's, a desktop's height with it), and
    the page has laid itself out again, as when a window is resized or a phone turned."""
    page.set_viewport_size({"width": width, "height": WIDTHS[width]})
    page.evaluate("() => window.scrollTo(0, 0)")
    laid_out(page)


def load(page: Page, site: Site, which: str, width: int, language: str | None = None) -> None:
    """Open ``which`` at ``width``, in ``language`` (else the browser's), fully drawn."""
    if language is not None:
        chosen = site.context.request.patch("/api/me/preferences", data={"language": language})
        assert chosen.ok, chosen.text()
    page.set_viewport_size({"width": width, "height": WIDTHS[width]})
    page.goto(site.urls[which])
    if language is not None:
        expect(page.locator("html")).to_have_attribute("lang", language)
    ready(page, which)


def check_the_phones_dock(page: Page, width: int) -> None:
    """On a phone the turn line and Lay / Draw / Pass stay at the foot of the screen."""
    dock = page.get_by_test_id("action-dock")
    box = dock.bounding_box()
    assert box and abs(box["y"] + box["height"] - WIDTHS[width]) <= 1, f"the dock at {width} px"
    page.mouse.wheel(0, 2000)
    expect(page.get_by_test_id("dock-turn")).to_be_in_viewport()
    expect(page.get_by_test_id("draw")).to_be_in_viewport()


@pytest.mark.parametrize("which", PAGES)
def test_the_page_fits_each_width(site: Site, which: str) -> None:
    """Loaded on a phone, then widened to a tablet's and three desktops' widths (the
    tests below load pages at the other end, on desktops)."""
    blocked: list[str] = []
    uncaught: list[str] = []
    page = site.context.new_page()
    page.on("console", lambda message: note_policy_violation(message.text, blocked))
    page.on("pageerror", lambda error: uncaught.append(str(error)))
    # A page that never draws (a socket that stays "connecting") says in the failure's
    # captured output what its script and its socket went through.
    page.on("console", lambda message: print(f"console {message.type}: {message.text}"))
    page.on("websocket", lambda socket: print(f"socket opened: {socket.url}"))
    widths = list(WIDTHS)
    playing = which.endswith("game") and which not in ("finished-game", "rematch-offered-game")
    try:
        load(page, site, which, widths[0])
        for width in widths:
            at_width(page, width)
            problems = page.evaluate(_LAYOUT_JS)
            assert problems == [], f"{which} at {width} px"
            if playing and width <= 600:
                check_the_phones_dock(page, width)
            if width <= 600:
                expect(page.locator("#whoami")).to_be_visible()  # my name on a phone too
    finally:
        page.close()
    assert not blocked, f"the Content-Security-Policy blocked something: {blocked}"
    assert not uncaught, f"a script failed on the page: {uncaught}"


_BREAK_JS = """() => {
  const wide = document.createElement('div');
  wide.style.width = '3000px';
  wide.style.height = '4px';
  const one = document.createElement('button');
  const two = document.createElement('button');
  one.textContent = 'One';
  two.textContent = 'Two';
  one.style.display = 'block';
  two.style.display = 'block';
  two.style.marginTop = '-30px';
  const cut = document.createElement('button');
  cut.textContent = 'A button whose words cannot fit';
  cut.style.width = '60px';
  cut.style.whiteSpace = 'nowrap';
  cut.style.overflow = 'hidden';
  document.querySelector('main').append(wide, one, document.createElement('br'), two, cut);
}"""


def test_the_check_sees_what_it_looks_for(site: Site) -> None:
    page = site.context.new_page()
    try:
        page.goto("/rules")
        page.evaluate(_BREAK_JS)
        problems = "\n".join(page.evaluate(_LAYOUT_JS))
        assert "scrolls sideways" in problems
        assert '"One" overlaps' in problems
        assert "text cut off in button" in problems
    finally:
        page.close()


@pytest.mark.parametrize("language", ["de", "ru", "ja"])
@pytest.mark.parametrize("which", PAGES)
def test_long_words_and_cjk_text_fit_too(site: Site, which: str, language: str) -> None:
    """German and Russian words are long, Japanese has no spaces to wrap at: no page may
    scroll sideways, overlap or cut a button's text in them either, loaded on a desktop
    and narrowed to a phone."""
    page = _open_in(site, which, 1280, language)
    try:
        for width in (1280, 360):
            at_width(page, width)
            problems = page.evaluate(_LAYOUT_JS)
            assert problems == [], f"{which} at {width} px in {language}"
    finally:
        page.close()
        site.context.request.patch("/api/me/preferences", data={"language": "auto"})


# Which of `selectors`' visible elements the window does not show whole at first sight:
# outside the window, cut by a box that scrolls, or under something else (the phone's
# action bar, a dialog). Each element's corners and middle must be its own on the screen.
_UNSEEN_JS = """(selectors) => {
  const unseen = [];
  const name = (el) => `${el.id || el.className}"${(el.innerText || '').trim().slice(0, 24)}"`;
  for (const el of document.querySelectorAll(selectors)) {
    if (!el.checkVisibility()) continue;
    const box = el.getBoundingClientRect();
    const inset = 6; // inside rounded corners
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + inset, box.top + inset], [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset], [box.right - inset, box.bottom - inset],
    ];
    const outside = box.top < 0 || box.left < 0 || box.bottom > innerHeight
      || box.right > innerWidth;
    const hidden = points.some(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return !hit || !(el === hit || el.contains(hit));
    });
    if (outside || hidden) {
      const where = `${Math.round(box.top)}-${Math.round(box.bottom)} of ${innerHeight}`;
      unseen.push(`${name(el)} at ${where}`);
    }
  }
  return unseen;
}"""

LANGUAGES = ["en", "de", "ru", "ja"]


def _open_in(site: Site, which: str, width: int, language: str) -> Page:
    page = site.context.new_page()
    load(page, site, which, width, language)
    return page


def widths_from_either_end(language: str) -> list[int]:
    """Every width, from a phone's up for half the languages and from the widest desktop
    down for the others: the page is loaded at both ends of the range."""
    widths = list(WIDTHS)
    return widths if LANGUAGES.index(language) % 2 == 0 else widths[::-1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_end_screen_shows_all_its_buttons(site: Site, language: str) -> None:
    """Four players and a rematch notice, at any width and in any
    language, leave every button of the end screen whole in the window (what does not
    fit between its title and its buttons scrolls, not the buttons)."""
    widths = widths_from_either_end(language)
    page = _open_in(site, "rematch-offered-game", widths[0], language)
    try:
        buttons = "#end-screen .actions > a, #end-screen .actions > button, #end-title"
        for width in widths:
            at_width(page, width)
            # Once it has risen into place: its animation moves it, and starts again when
            # the window becomes a phone's (a sheet rising from the foot).
            page.evaluate(
                "() => Promise.all(document.getElementById('end-screen')"
                ".getAnimations().map((animation) => animation.finished))"
            )
            assert page.evaluate(_UNSEEN_JS, buttons) == [], f"{width} px in {language}"
            expect(page.get_by_test_id("join-rematch")).to_be_visible()
            expect(page.get_by_test_id("end-close")).to_be_visible()
    finally:
        page.close()
        site.context.request.patch("/api/me/preferences", data={"language": "auto"})


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("which", ["big-hand-game", "big-triominos-hand-game"])
def test_the_board_the_hand_and_its_buttons_show_together(
    site: Site, which: str, language: str
) -> None:
    """A hand of ten or twelve tiles, in long words or none,
    leaves every tile and the turning and Lay / Draw / Pass buttons in the window at
    first sight (on a phone: above its action bar), under a board still worth the name,
    at every width the window takes."""
    widths = widths_from_either_end(language)
    page = _open_in(site, which, widths[0], language)
    try:
        seen = "[data-testid=hand-tile], #rotate, #flip, #cancel, #place, #draw, #pass"
        for width in widths:
            at_width(page, width)
            assert page.evaluate(_UNSEEN_JS, seen) == [], f"{which} at {width} px in {language}"
            board = page.locator(".board-wrap").bounding_box()
            assert board and board["height"] >= 180 and board["y"] >= 0, f"{width} px"
    finally:
        page.close()
        site.context.request.patch("/api/me/preferences", data={"language": "auto"})


# The rows the header's parts take: the vertical middles of the brand, each menu link, the
# language menu and what ends the header, rounded to rows of 12 px.
_HEADER_ROWS_JS = """() => {
  const parts = document.querySelectorAll(
    '.site-header .brand, .menu-toggle, .site-nav a, .language-menu, .header-end > *');
  const rows = new Set();
  for (const part of parts) {
    const box = part.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    rows.add(Math.round((box.top + box.height / 2) / 12));
  }
  return [...rows];
}"""


def show_the_waiting_count(page: Page, shown: bool) -> None:
    """The count of games waiting for my move, shown or not (it replaces "My games")."""
    page.evaluate("(shown) => { document.getElementById('waiting-badge').hidden = !shown; }", shown)
    laid_out(page)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_pages_header_keeps_to_one_row(site: Site, language: str) -> None:
    """A desktop's game page has its whole header on one row, whether or not the count of
    games waiting shows: a header that changed rows as the count came or went moved the
    board under the pointer of a player aiming at a place."""
    page = _open_in(site, "big-hand-game", 1024, language)
    try:
        for width in (1024, 1280, 1920):
            at_width(page, width)
            for shown in (True, False):
                show_the_waiting_count(page, shown)
                rows = page.evaluate(_HEADER_ROWS_JS)
                waiting = "with" if shown else "without"
                assert len(rows) <= 2 and max(rows) - min(rows) <= 1, (
                    f"{width} px in {language}, {waiting} the count: rows {rows}"
                )
    finally:
        page.close()
        site.context.request.patch("/api/me/preferences", data={"language": "auto"})


# Whether a line of the move log, scrolled to its end, is cut by its top edge.
_CUT_LINE_JS = """() => {
  const list = document.getElementById('move-log');
  const top = list.getBoundingClientRect().top;
  const cut = [...list.children].filter((item) => {
    const box = item.getBoundingClientRect();
    return box.top < top - 1 && box.bottom > top + 1;
  });
  return {
    scrolls: list.scrollHeight > list.clientHeight + 1,
    atEnd: list.scrollTop + list.clientHeight >= list.scrollHeight - 1,
    cut: cut.map((item) => item.innerText.trim().slice(0, 40)),
  };
}"""


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("width", [360, 1280, 1920])
def test_the_move_log_shows_whole_lines(site: Site, width: int, language: str) -> None:
    """Scrolled to its last move, the log's top line is whole (not
    half a line, an orphan tile or a stray dot)."""
    page = _open_in(site, "rematch-offered-game", width, language)
    try:
        seen = page.evaluate(_CUT_LINE_JS)
        assert seen["scrolls"] and seen["atEnd"], seen
        assert seen["cut"] == [], f"{width} px in {language}"
    finally:
        page.close()
        site.context.request.patch("/api/me/preferences", data={"language": "auto"})


CONTENT_PAGES = ["/", "/friends", "/daily", "/leaderboard", "/tournaments", "/preferences"]
"""Pages of words and lists (not a game's board) reached from the menu; they share the
header of every page but the game's (which has its own test above)."""
ALL_LANGUAGES = ["en", "fr", "de", "es", "it", "ru", "ja"]


def header_rows(page: Page) -> list[int]:
    """The rows of 12 px the header's visible parts stand in (two neighbours: one row)."""
    rows: list[int] = page.evaluate(_HEADER_ROWS_JS)
    return rows if max(rows) - min(rows) <= 1 else [*rows, -1]


@pytest.mark.parametrize("language", ALL_LANGUAGES)
def test_the_content_pages_header_keeps_to_one_row(site: Site, language: str) -> None:
    """The lobby, friends, the daily deal, the leaderboard and the preferences have their
    header on one row from a small laptop's width up, in every language, a guest's "Sign
    in" and the count of games waiting shown or not: it went to two rows at 1280 px in
    German and Russian. Up to 1279 px the menu folds behind "Menu"."""
    page = site.context.new_page()
    try:
        chosen = site.context.request.patch("/api/me/preferences", data={"language": language})
        assert chosen.ok, chosen.text()
        for path in CONTENT_PAGES:
            page.set_viewport_size({"width": 1920, "height": WIDTHS[1920]})
            page.goto(path)
            expect(page.locator("html")).to_have_attribute("lang", language)
            for width in (1920, 1280, 1024):
                at_width(page, width)
                for shown in (False, True):
                    show_the_waiting_count(page, shown)
                    rows = header_rows(page)
                    assert len(rows) <= 2, f"{path} at {width} px in {language}: rows {rows}"
                    expect(page.get_by_test_id("menu-toggle")).to_be_visible(visible=width < 1280)
                    expect(page.locator(".site-nav a").first).to_be_visible(visible=width >= 1280)
                    assert page.evaluate(_LAYOUT_JS) == [], f"{path} at {width} px in {language}"
    finally:
        page.close()
        site.context.request.patch("/api/me/preferences", data={"language": "auto"})


# The header's height, and the texts it shows cut (ellipsis, a hidden overflow, or
# outside the window), with the menu closed or open.
_HEADER_CUT_JS = """() => {
  const header = document.querySelector('.site-header');
  const cut = [];
  for (const el of header.querySelectorAll('a, button, select, span')) {
    if (!el.checkVisibility() || el.closest('.visually-hidden') || !el.innerText?.trim()) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue; // said to screen readers alone
    const style = getComputedStyle(el);
    const clips = style.textOverflow === 'ellipsis' || style.overflow === 'hidden';
    if ((clips && el.scrollWidth > el.clientWidth + 1) || box.left < 0 || box.right > innerWidth) {
      cut.push(el.innerText.trim().slice(0, 30));
    }
  }
  return { height: header.getBoundingClientRect().height, cut };
}"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_phone_header_is_compact_and_its_menu_opens(
    browser: Browser, server: LiveServer, language: str
) -> None:
    """A newcomer's phone (360 x 740, "Sign in", the name strip): the header takes at most a
    fifth of the screen and cuts no label (it took 225 px and showed "Daily dea…" and
    "Leaderb…"); "Menu" opens every link whole, by touch or keyboard, and says so to a
    screen reader (aria-expanded); Escape closes it and gives the focus back; a click
    elsewhere closes it too. The lobby's "Play solo" is in the first screen."""
    context = browser.new_context(base_url=server.url, viewport={"width": 360, "height": 740})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        page.goto("/rules")
        assert page.request.patch("/api/me/preferences", data={"language": language}).ok
        page.goto("/")
        expect(page.get_by_test_id("name-prompt")).to_be_visible()
        expect(page.locator("#option-fields select").first).to_be_visible()
        laid_out(page)
        seen = page.evaluate(_HEADER_CUT_JS)
        assert seen["height"] <= 740 * 0.2, f"the header takes {seen['height']} px in {language}"
        assert seen["cut"] == [], f"cut in {language}: {seen['cut']}"
        assert page.evaluate(_LAYOUT_JS) == [], language
        expect(page.locator("#play-solo")).to_be_in_viewport()

        toggle = page.get_by_test_id("menu-toggle")
        links = page.locator(".site-nav a")
        expect(toggle).to_have_attribute("aria-expanded", "false")
        expect(links.first).to_be_hidden()
        toggle.click()
        expect(toggle).to_have_attribute("aria-expanded", "true")
        expect(links).to_have_count(10)
        for index in range(10):
            expect(links.nth(index)).to_be_in_viewport(ratio=1)
        expect(page.get_by_test_id("language-select")).to_be_in_viewport(ratio=1)
        laid_out(page)
        assert page.evaluate(_HEADER_CUT_JS)["cut"] == [], language
        assert page.evaluate(_LAYOUT_JS) == [], f"the open menu in {language}"
        assert_accessible(page, f"the phone's open menu in {language}")
        page.keyboard.press("Escape")
        expect(toggle).to_have_attribute("aria-expanded", "false")
        expect(toggle).to_be_focused()
        expect(links.first).to_be_hidden()

        # By keyboard: Enter opens it, the next Tab reaches its first link.
        page.keyboard.press("Enter")
        expect(toggle).to_have_attribute("aria-expanded", "true")
        page.keyboard.press("Tab")
        expect(links.first).to_be_focused()
        page.mouse.click(180, 700)
        expect(toggle).to_have_attribute("aria-expanded", "false")

        # A link of the menu leads where it says.
        toggle.click()
        page.get_by_test_id("nav-leaderboard").click()
        expect(page).to_have_url(re.compile(r"/leaderboard"))
        expect(page.get_by_test_id("menu-toggle")).to_have_attribute("aria-expanded", "false")
    finally:
        context.close()
